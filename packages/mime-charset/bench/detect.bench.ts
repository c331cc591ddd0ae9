// `pnpm run bench` (build first): charset detection, @x/mime-charset/detect (the published ESM
// build) against jschardet 4.0.0 and chardet 2.2.0 on the held-out UDHR corpus
// (scripts/detect-corpus.ts, data/detect/SOURCES.md): the accuracy tables of the README, then
// the speed on 1 KiB and 16 KiB documents.
import { join } from 'node:path';
import chardet from 'chardet';
import jschardet from 'jschardet';
import { type Bench, test } from 'vitest';
import { loadBuilt } from '../../../tooling/bench.ts';
import { accuracy, accuracyTables } from '../scripts/detect-accuracy';
import { buildCorpus } from '../scripts/detect-corpus';
import type * as Detect from '../src/detect';

const ours = (await loadBuilt<typeof Detect>(join(import.meta.dirname, '..'), './detect')).esm;

const LENGTHS = [16, 64, 256, 1024, 16384];
const corpus = buildCorpus(LENGTHS);

const oursGuess = (b: Uint8Array) => ours.detectCharset(b)[0]!.encoding;
const jschardetGuess = (b: Uint8Array) => jschardet.detect(Buffer.from(b)).encoding;
const chardetGuess = (b: Uint8Array) => chardet.detect(b);

test('accuracy on the held-out corpus (the README table)', () => {
  console.log(
    `${corpus.length} documents, ${corpus.length / LENGTHS.length} per length\n\n${accuracyTables([
      ['@x/mime-charset/detect', accuracy(oursGuess, corpus)],
      ['jschardet 4.0.0', accuracy(jschardetGuess, corpus)],
      ['chardet 2.2.0', accuracy(chardetGuess, corpus)],
    ])}`,
  );
});

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function compare(name: string, bench: Bench, docs: readonly Uint8Array[]): Promise<void> {
  const run = (f: (b: Uint8Array) => unknown) => () => {
    for (const d of docs) f(d);
  };
  const ratios = new Map<string, number[]>();
  for (let round = 0; round < 5; round++) {
    const results = await bench.compare(
      bench('@x/mime-charset/detect', run(oursGuess)),
      bench('jschardet', run(jschardetGuess)),
      bench('chardet', run(chardetGuess)),
      // A pass over the 16 KiB documents takes chardet about 2 s: a few samples each, not 64.
      { time: 300, warmupTime: 100, iterations: 8, warmupIterations: 1 },
    );
    for (const anchor of ['jschardet', 'chardet'] as const)
      ratios.set(anchor, [
        ...(ratios.get(anchor) ?? []),
        results.get(anchor).latency.p50 / results.get('@x/mime-charset/detect').latency.p50,
      ]);
  }
  for (const [anchor, xs] of ratios)
    console.log(
      `${name}: @x/mime-charset/detect vs ${anchor} ${median(xs).toFixed(2)}x (median over 5 rounds of the ratio of medians; > 1 means ours is faster)`,
    );
}

// Five rounds of three contenders take minutes on the 16 KiB documents: past the test timeout
// that the package's config sets for tests.
for (const length of [1024, 16384])
  test(`speed: the ${length === 1024 ? '1 KiB' : '16 KiB'} documents`, {
    timeout: 900_000,
  }, async ({ bench }) => {
    await compare(
      `detect ${length} B`,
      bench,
      corpus.filter((d) => d.length === length).map((d) => d.bytes),
    );
  });
