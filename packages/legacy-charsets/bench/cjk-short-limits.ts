// Where the CJK decode ratios stop on short strings: 10,000 strings of 24 bytes (as
// bench/interleaved.ts's short rows), ns a call (CPU time, interleaved rounds, median and range).
// What any decoder must do is the loop over the bytes (the bare loop of bench/cjk-limits.ts, into
// one reused array) and making a string of the 12-24 units: with Node's fastest maker of a
// two-byte string (`ucs2Slice` of the units' bytes) or String.fromCharCode. Ours and the anchors
// beside them; each one's output checked equal to ours first. Then encoding the same strings:
// what any encoder must do is the loop over the code units (a table of each character's bytes)
// and a new array for the result, timed alone and together, beside ours and @exodus/bytes.
//   pnpm --filter @x/legacy-charsets build
//   node bench/cjk-short-limits.ts [rounds] [encoding] [kind]   (Node 22: pnpm run bench:node22 <this file>)
import { createMultibyteDecoder, createMultibyteEncoder } from '@exodus/bytes/multi-byte.js';
import { join } from 'node:path';
import { version } from 'node:process';
import { cpuTime, loadBuilt, median, sameOutput } from '../../../tooling/bench.ts';
import type { Codec } from '../src/codec';
import { bareLoopOf, htmlLike, runTablesOf, shortPieces } from './cjk-corpus.ts';

const ROUNDS = Number(process.argv[2] ?? 11);
const NAME = process.argv[3] ?? 'euc-kr';
const KIND = (process.argv[4] ?? 'two-byte') as 'two-byte' | 'HTML-like';
const sub = await loadBuilt<{ codec: Codec }>(join(import.meta.dirname, '..'), `./${NAME}`);
const codec = sub.esm.codec;
const ucs2Slice = (Buffer.prototype as unknown as { ucs2Slice: (s: number, e: number) => string })
  .ucs2Slice;
const fromCodes = String.fromCharCode as (...codes: unknown[]) => string;
let sink = 0;

const { single, pair } = runTablesOf(codec);
const bareLoop = bareLoopOf({ single, pair });

const texts = shortPieces(htmlLike(codec, KIND), 10_000);
const inputs = texts.map((t) => Buffer.from(codec.encode(t)));
const units = new Uint16Array(64);
const unitBytes = new Uint8Array(units.buffer);
const ex = createMultibyteDecoder(NAME, true);
const native = new TextDecoder(NAME);
const over = (f: (b: Buffer) => string | number) => (): number => {
  let n = 0;
  for (const b of inputs) {
    const r = f(b);
    n += typeof r === 'number' ? r : r.length;
  }
  return n;
};
const cases: [string, (b: Buffer) => string | number][] = [
  ['the bare loop alone', (b) => bareLoop(b, units)],
  ['the bare loop + ucs2Slice', (b) => ucs2Slice.call(unitBytes, 0, 2 * bareLoop(b, units))],
  [
    'the bare loop + String.fromCharCode',
    (b) => fromCodes.apply(null, units.subarray(0, bareLoop(b, units)) as never),
  ],
  ['ours (subpath, node build, ESM)', (b) => codec.decode(b)],
  ['ours (subpath, node build, CJS)', (b) => sub.cjs.codec.decode(b)],
  ['@exodus/bytes', (b) => ex(b)],
  ['TextDecoder', (b) => native.decode(b)],
];
for (const [label, f] of cases.slice(1))
  for (let k = 0; k < 64; k++)
    if (!sameOutput(f(inputs[k]!), texts[k])) throw new Error(`${NAME}: ${label} differs`);
const loops = cases.map(([, f]) => over(f));
const times: number[][] = cases.map(() => []);
for (const f of loops) cpuTime(f, 5);
for (let round = 0; round < ROUNDS; round++)
  for (let k = 0; k < loops.length; k++) {
    const j = (k + round) % loops.length;
    times[j]!.push((cpuTime(() => (sink += loops[j]!()), 5) / 5 / inputs.length) * 1e3);
  }
console.log(
  `Node ${version}, ${NAME} ${KIND} 10k × 24 B, ${ROUNDS} rounds; ns a call: median (range)`,
);
console.log('| case | ns |\n|---|---|');
for (let k = 0; k < cases.length; k++) {
  const t = times[k]!;
  console.log(
    `| ${cases[k]![0]} | ${median(t).toFixed(0)} (${Math.min(...t).toFixed(0)}-${Math.max(...t).toFixed(0)}) |`,
  );
}

// Encode: each character's bytes (lead << 8 | trail, or the byte) from the decode tables reversed.
const bytesOf = new Uint16Array(0x10000);
for (let p = 0; p < 0x10000; p++) if (pair[p]) bytesOf[pair[p]!] ||= p;
for (let b = 0x80; b < 0x100; b++) if (single[b]) bytesOf[single[b]!] ||= b;
const kept = new Uint8Array(256);
/** The loop alone into a kept array; the bytes written. */
function encodeLoop(text: string, out: Uint8Array): number {
  let j = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) {
      out[j++] = c;
      continue;
    }
    const v = bytesOf[c]!;
    if (v === 0) throw new Error('unmapped');
    if (v < 0x100) out[j++] = v;
    else {
      out[j++] = v >> 8;
      out[j++] = v & 0xff;
    }
  }
  return j;
}
const exEncode = createMultibyteEncoder(NAME);
const encodeCases: [string, (t: string) => Uint8Array | number][] = [
  ['encode: the loop alone (into a kept array)', (t) => encodeLoop(t, kept)],
  ['encode: new Uint8Array(24) alone', () => new Uint8Array(24)],
  ['encode: the loop into a kept array, then slice', (t) => kept.slice(0, encodeLoop(t, kept))],
  [
    'encode: new Uint8Array(24), then the loop into it',
    (t) => {
      const out = new Uint8Array(24);
      encodeLoop(t, out);
      return out;
    },
  ],
  ['encode: ours (subpath, node build, ESM)', (t) => codec.encode(t)],
  ['encode: ours (subpath, node build, CJS)', (t) => sub.cjs.codec.encode(t)],
  ['encode: @exodus/bytes', (t) => exEncode(t)],
];
for (const [label, f] of encodeCases.slice(2))
  for (let k = 0; k < 64; k++)
    if (!sameOutput(f(texts[k]!), inputs[k])) throw new Error(`${NAME}: ${label} differs`);
const encodeLoops = encodeCases.map(([, f]) => (): number => {
  let n = 0;
  for (const t of texts) {
    const r = f(t);
    n += typeof r === 'number' ? r : r.length;
  }
  return n;
});
const encodeTimes: number[][] = encodeCases.map(() => []);
for (const f of encodeLoops) cpuTime(f, 5);
for (let round = 0; round < ROUNDS; round++)
  for (let k = 0; k < encodeLoops.length; k++) {
    const j = (k + round) % encodeLoops.length;
    encodeTimes[j]!.push((cpuTime(() => (sink += encodeLoops[j]!()), 5) / 5 / texts.length) * 1e3);
  }
for (let k = 0; k < encodeCases.length; k++) {
  const t = encodeTimes[k]!;
  console.log(
    `| ${encodeCases[k]![0]} | ${median(t).toFixed(0)} (${Math.min(...t).toFixed(0)}-${Math.max(...t).toFixed(0)}) |`,
  );
}
if (sink < 0) console.log(sink);
