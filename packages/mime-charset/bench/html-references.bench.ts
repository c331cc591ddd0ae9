// HTML character references against the anchors, in the same run: decode against entities and he
// (text as it is in pages, and text dense with references), encode against he and entities.
import { decodeHTML, encodeHTML, escapeUTF8 } from 'entities';
import * as he from 'he';
import { type Bench, test } from 'vitest';
import { loadBundled } from '../../../tooling/bench.ts';
import type * as Html from '../src/html';
import { HTML_DENSE as DENSE, HTML_PAGE as PAGE } from './inputs.ts';

const ours = loadBundled<typeof Html>(import.meta.dirname, '../src/html.ts');

type Run = () => void;

/**
 * Ours against the anchors, five rounds of one comparison each (load drifts between rounds, so a
 * ratio is only taken within a round), and the median over the rounds of the ratio of medians.
 */
async function compare(
  name: string,
  bench: Bench,
  mine: [string, Run],
  anchors: [string, Run][],
): Promise<void> {
  const ratios = new Map<string, number[]>(anchors.map(([n]) => [n, []]));
  for (let round = 0; round < 5; round++) {
    const results = await bench.compare(
      bench(mine[0], mine[1]),
      ...anchors.map(([n, run]) => bench(n, run)),
      { time: 200, warmupTime: 50 },
    );
    const p50 = results.get(mine[0]).latency.p50;
    for (const [n] of anchors) ratios.get(n)!.push(results.get(n).latency.p50 / p50);
  }
  const median = (xs: number[]): number =>
    [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const report = anchors.map(([n]) => `${n} ${median(ratios.get(n)!).toFixed(2)}x`);
  console.log(
    `${name}: ${mine[0]} vs ${report.join(', ')} (median over 5 rounds of the ratio of medians; > 1 means ours is faster)`,
  );
}

const PLAIN = PAGE.replace(/&[a-z]+;|&#x?[0-9a-f]+;/gi, (r) => ours.decodeHtmlReferences(r));

test('decode: page text (prose, a reference every 150 to 400 characters)', async ({ bench }) => {
  await compare(
    'decode page text',
    bench,
    ['@x/mime-charset decodeHtmlReferences', () => ours.decodeHtmlReferences(PAGE)],
    [
      ['entities decodeHTML', () => decodeHTML(PAGE)],
      ['he decode', () => he.decode(PAGE)],
    ],
  );
});

test('decode: text dense with references', async ({ bench }) => {
  await compare(
    'decode dense',
    bench,
    ['@x/mime-charset decodeHtmlReferences', () => ours.decodeHtmlReferences(DENSE)],
    [
      ['entities decodeHTML', () => decodeHTML(DENSE)],
      ['he decode', () => he.decode(DENSE)],
    ],
  );
});

test('encode: page text, every non-ASCII character and the syntax characters', async ({
  bench,
}) => {
  await compare(
    'encode non-ascii',
    bench,
    [
      "@x/mime-charset encodeHtmlReferences 'non-ascii'",
      () => ours.encodeHtmlReferences(PLAIN, { mode: 'non-ascii' }),
    ],
    [
      ['he encode', () => he.encode(PLAIN)],
      ['entities encodeHTML', () => encodeHTML(PLAIN)],
    ],
  );
});

test('encode: page text, the syntax characters only', async ({ bench }) => {
  await compare(
    'encode attribute',
    bench,
    [
      "@x/mime-charset encodeHtmlReferences 'attribute'",
      () => ours.encodeHtmlReferences(PLAIN, { mode: 'attribute' }),
    ],
    [
      ['he escape', () => he.escape(PLAIN)],
      ['entities escapeUTF8', () => escapeUTF8(PLAIN)],
    ],
  );
});
