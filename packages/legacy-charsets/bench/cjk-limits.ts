// Where the CJK decode ratios stop: the time of what any decoder of 1 MiB of the bench's text must
// do, next to ours and the anchors', in one process (CPU time per call, interleaved rounds,
// median and range in µs). The bare loop is one run of the decoders' loop (a branch on the kind of
// byte, a table of each single byte and of each lead and trail pair, as src/cjk/codecs.ts builds
// them) over tables made here from the codec's answers, outside the package; the copy is Node's
// `ucs2Slice` of the decoded text's code units (the string every two-byte decoder must make). If
// an anchor's time is under 1.2x the loop and the copy together, 1.2x that anchor needs the two to
// overlap. The bare loop is first warmed by short calls, so that V8 compiles it regularly with its
// tables folded in (a loop first hot inside one long call is compiled on stack and stays slower).
//   pnpm --filter @x/legacy-charsets build
//   node bench/cjk-limits.ts [rounds] [encoding]   (under Node 22: pnpm run bench:node22 <this file>)
import { createMultibyteDecoder } from '@exodus/bytes/multi-byte.js';
import { join } from 'node:path';
import { version } from 'node:process';
import { cpuTime, loadBuilt, median, sameOutput } from '../../../tooling/bench.ts';
import type { Codec } from '../src/codec';
import { bareLoopOf, htmlLike, runTablesOf } from './cjk-corpus.ts';

const ROUNDS = Number(process.argv[2] ?? 11);
const NAME = process.argv[3] ?? 'euc-jp';
const sub = await loadBuilt<{ codec: Codec }>(join(import.meta.dirname, '..'), `./${NAME}`);
const codec = sub.esm.codec;
const ucs2Slice = (Buffer.prototype as unknown as { ucs2Slice: (s: number, e: number) => string })
  .ucs2Slice;
let sink = 0;

const bareLoop = bareLoopOf(runTablesOf(codec));

const ex = createMultibyteDecoder(NAME, true);
const native = new TextDecoder(NAME);
console.log(`Node ${version}, ${NAME}, ${ROUNDS} rounds; CPU time per call, µs: median (range)`);
for (const kind of ['HTML-like', 'two-byte'] as const) {
  const text = htmlLike(codec, kind);
  const bytes = Buffer.from(codec.encode(text));
  const units = new Uint16Array(bytes.length);
  // The bare loop compiled as a regular call, not on stack (OSR, which a loop first hot inside
  // one long call gets: it does not fold the module's tables, and V8 keeps it): short calls first.
  if (kind === 'HTML-like') for (let k = 0; k < 20000; k++) bareLoop(bytes.subarray(0, 256), units);
  const n = bareLoop(bytes, units);
  const unitBytes = new Uint8Array(units.buffer, 0, 2 * n);
  const cases: [string, () => { length: number }][] = [
    ['the bare loop', () => ({ length: bareLoop(bytes, units) })],
    ['the string copy alone (ucs2Slice)', () => ucs2Slice.call(unitBytes, 0, unitBytes.length)],
    ['ours (subpath, node build, ESM)', () => codec.decode(bytes)],
    ['ours (subpath, node build, CJS)', () => sub.cjs.codec.decode(bytes)],
    ['@exodus/bytes', () => ex(bytes)],
    ['TextDecoder', () => native.decode(bytes)],
  ];
  // Same answers first.
  for (const [label, f] of cases.slice(1))
    if (!sameOutput(f(), text)) throw new Error(`${NAME} ${kind}: ${label} differs`);
  const times: number[][] = cases.map(() => []);
  for (const [, f] of cases) cpuTime(f, 3);
  for (let round = 0; round < ROUNDS; round++)
    for (let k = 0; k < cases.length; k++) {
      const j = (k + round) % cases.length;
      const f = cases[j]![1];
      times[j]!.push(cpuTime(() => (sink += f().length), 4) / 4);
    }
  console.log(`\n${kind}, ${bytes.length} bytes\n| case | µs |\n|---|---|`);
  for (let k = 0; k < cases.length; k++) {
    const t = times[k]!;
    console.log(
      `| ${cases[k]![0]} | ${median(t).toFixed(0)} (${Math.min(...t).toFixed(0)}-${Math.max(...t).toFixed(0)}) |`,
    );
  }
  const loopAndCopy = median(times[0]!.map((t, r) => t + times[1]![r]!));
  const ratios = (k: number) => median(times[4]!.map((t, r) => t / times[k]![r]!)).toFixed(2);
  console.log(
    `loop + copy ${loopAndCopy.toFixed(0)} µs; 1.2x @exodus/bytes needs ${(median(times[4]!) / 1.2).toFixed(0)} µs; ` +
      `ours ${ratios(2)}x (ESM), ${ratios(3)}x (CJS) @exodus/bytes`,
  );
}
if (sink < 0) console.log(sink);
