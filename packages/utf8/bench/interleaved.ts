// The ratios of the README's Performance section, measured as a loaded machine allows: the
// contenders of a comparison in one process, one sample of each per round in a rotating order, CPU
// time of the process (which other work on the machine disturbs much less than wall time), and the
// median over the rounds of the per-round ratio (anchor's time / ours: > 1 means ours is faster),
// with the range of the per-round ratios. It runs the published builds (dist/, ESM and CommonJS,
// the `node` condition's build as Node picks it), so under any Node that loads them:
//   pnpm --filter @x/utf8 build
//   pnpm exec node bench/interleaved.ts [rounds] [filter]  (Node >= 22.18 strips the types)
//   pnpm run bench:node22 packages/utf8/bench/interleaved.ts [rounds] [filter]   (at the root:
//                                                         Node 22, then Node 24)
// Before timing, every anchor's output is checked against ours on the same input. The `Buffer`
// columns are Node's own primitives alone (`utf8Slice` to decode, `Buffer.from` to encode), next
// to which a ratio near 1 means the time is the primitive's.
import { utf8fromStringLoose, utf8toStringLoose } from '@exodus/bytes/utf8.js';
import { join } from 'node:path';
import { version } from 'node:process';
import {
  interleave,
  loadBuilt,
  loopOver,
  median,
  sameOutput as same,
  sinkTotal,
} from '../../../tooling/bench.ts';
import type * as Utf8 from '../src/index';

const ROUNDS = Number(process.argv[2] ?? 15);
const FILTER = process.argv[3] ?? '';
const built = await loadBuilt<typeof Utf8>(join(import.meta.dirname, '..'));
type Contender<T> = [string, (input: T) => string | Uint8Array];

/**
 * Times each contender once per round (about 10 ms a sample) after checking that every one gives
 * the first one's output on `inputs`; prints, for each of ours, the median ratio to each anchor
 * and the range over the rounds.
 */
function compare<T>(
  operation: string,
  inputs: readonly T[],
  ours: Contender<T>[],
  anchors: Contender<T>[],
): void {
  if (!operation.includes(FILTER)) return;
  const all = [...ours, ...anchors];
  for (const [label, f] of all)
    for (const input of inputs.slice(0, 256))
      if (!same(f(input), ours[0]![1](input))) throw new Error(`${operation}: ${label} differs`);
  const times = interleave(
    all.map(([, f]) => loopOver(inputs, f)),
    ROUNDS,
  );
  for (let o = 0; o < ours.length; o++) {
    const cells = anchors.map(([anchor], a) => {
      const ratios = times[o]!.map((t, r) => times[ours.length + a]![r]! / t).sort((x, y) => x - y);
      return `${median(ratios).toFixed(2)}x ${anchor} (${ratios[0]!.toFixed(2)}–${ratios[ratios.length - 1]!.toFixed(2)})`;
    });
    const us = median(times[o]!);
    console.log(`| ${operation} | ${ours[o]![0]} | ${us.toFixed(1)} µs | ${cells.join(', ')} |`);
  }
}

let seed = 42;
const random = (n: number): number => {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  return (seed >>> 8) % n;
};
/**
 * Text of exactly `size` bytes, one character in four not ASCII when mixed (of 2, 3 and 4 bytes; a
 * character that would overrun `size` is drawn again).
 */
function text(kind: 'ASCII' | 'mixed', size: number): string {
  const mixedChars = ['é', 'ß', 'α', 'ж', '中', '文', '€', '😀'];
  let s = '';
  let length = 0;
  while (length < size) {
    const c =
      kind === 'mixed' && random(4) === 0
        ? mixedChars[random(mixedChars.length)]!
        : String.fromCharCode(0x61 + random(26));
    if (length + Buffer.byteLength(c) > size) continue;
    s += c;
    length += Buffer.byteLength(c);
  }
  return s;
}

console.log(
  `Node ${version}, dist/ builds, ${ROUNDS} rounds; ratio = their time / ours, median (range)`,
);
console.log('| operation | ours | our time | ratios |\n|---|---|---|---|');
const native = new TextDecoder();
const nativeEncoder = new TextEncoder();
const { esm, cjs } = built;
for (const [label, size, count] of [
  ['1 MiB', 1 << 20, 1],
  ['10k × 24 B', 24, 10_000],
] as const) {
  for (const kind of ['ASCII', 'mixed'] as const) {
    const texts = Array.from({ length: count }, () => text(kind, size));
    const bytes = texts.map((t) => new Uint8Array(Buffer.from(t)));
    compare(
      `decode ${kind} ${label}`,
      bytes,
      [
        ['ESM', (b) => esm.decode(b)],
        ['CJS', (b) => cjs.decode(b)],
      ],
      [
        ['TextDecoder', (b) => native.decode(b)],
        ['@exodus/bytes', (b) => utf8toStringLoose(b)],
        ['Buffer utf8Slice', (b) => Buffer.prototype.utf8Slice.call(b, 0, b.length)],
      ],
    );
    compare(
      `encode ${kind} ${label}`,
      texts,
      [
        ['ESM', (t) => esm.encode(t)],
        ['CJS', (t) => cjs.encode(t)],
      ],
      [
        ['TextEncoder', (t) => nativeEncoder.encode(t)],
        ['@exodus/bytes', (t) => utf8fromStringLoose(t)],
        ['Buffer.from', (t) => Buffer.from(t)],
      ],
    );
  }
}
if (sinkTotal() < 0) console.log(sinkTotal());
