// The pair table's form, measured on the bare loop: the run loop of src/cjk/run.ts (pair first)
// over 1 MiB of the bench's two-byte text, with its pairs in a direct table of 64 Ki entries
// indexed by `(lead << 8) | trail` (ours, 128 KiB), a table of 32 Ki entries by
// `((lead - 0x80) << 8) | trail`, and a compact table of 128 leads times the encoding's trail
// range (`(lead - 0x80) * width + trail - first`, with the range check it needs; @exodus/bytes's
// form, 47 KB for euc-kr). CPU time per call, interleaved rounds, median (range) in µs.
//   pnpm --filter @x/legacy-charsets build
//   node bench/cjk-compact.ts [rounds] [encoding] [kind]   (Node 22: pnpm run bench:node22 <this file>)
import { join } from 'node:path';
import { version } from 'node:process';
import { cpuTime, loadBuilt, median } from '../../../tooling/bench.ts';
import type { Codec } from '../src/codec';
import { htmlLike, runTablesOf } from './cjk-corpus.ts';

const ROUNDS = Number(process.argv[2] ?? 11);
const NAME = process.argv[3] ?? 'euc-kr';
// `spread`: 512 Ki pairs drawn from every mapped pair of the encoding (all leads), not the
// bench corpus's common characters (leads 0xB0-0xC5).
const KIND = (process.argv[4] ?? 'two-byte') as 'two-byte' | 'HTML-like' | 'spread';
const codec = (await loadBuilt<{ codec: Codec }>(join(import.meta.dirname, '..'), `./${NAME}`)).esm
  .codec;

// The code unit of each byte alone and of each pair that is one code unit (module constants).
const { single, pair } = runTablesOf(codec);
// The trail range of the mapped pairs.
let first = 0xff;
let lastTrail = 0;
for (let k = 0x8000; k < 0x10000; k++)
  if (pair[k]) {
    first = Math.min(first, k & 0xff);
    lastTrail = Math.max(lastTrail, k & 0xff);
  }
const width = lastTrail - first + 1;
const half = pair.slice(0x8000);
const compact = new Uint16Array(128 * width);
for (let b = 0x80; b < 0x100; b++)
  for (let t = first; t <= lastTrail; t++)
    compact[(b - 0x80) * width + t - first] = pair[(b << 8) | t]!;

function direct(bytes: Uint8Array, out: Uint16Array): number {
  let i = 0;
  let j = 0;
  const stop = bytes.length - 1;
  while (i < stop) {
    const b = bytes[i]!;
    if (b < 0x80) {
      if (b === 0) break;
      out[j++] = b;
      i++;
    } else {
      const cp = pair[(b << 8) | bytes[i + 1]!]!;
      if (cp !== 0) {
        out[j++] = cp;
        i += 2;
      } else {
        const s = single[b]!;
        if (s === 0) break;
        out[j++] = s;
        i++;
      }
    }
  }
  return j;
}
function halved(bytes: Uint8Array, out: Uint16Array): number {
  let i = 0;
  let j = 0;
  const stop = bytes.length - 1;
  while (i < stop) {
    const b = bytes[i]!;
    if (b < 0x80) {
      if (b === 0) break;
      out[j++] = b;
      i++;
    } else {
      const cp = half[((b - 0x80) << 8) | bytes[i + 1]!]!;
      if (cp !== 0) {
        out[j++] = cp;
        i += 2;
      } else {
        const s = single[b]!;
        if (s === 0) break;
        out[j++] = s;
        i++;
      }
    }
  }
  return j;
}
function compacted(bytes: Uint8Array, out: Uint16Array): number {
  let i = 0;
  let j = 0;
  const stop = bytes.length - 1;
  while (i < stop) {
    const b = bytes[i]!;
    if (b < 0x80) {
      if (b === 0) break;
      out[j++] = b;
      i++;
    } else {
      const t = bytes[i + 1]! - first;
      const cp = t >= 0 && t < width ? compact[(b - 0x80) * width + t]! : 0;
      if (cp !== 0) {
        out[j++] = cp;
        i += 2;
      } else {
        const s = single[b]!;
        if (s === 0) break;
        out[j++] = s;
        i++;
      }
    }
  }
  return j;
}

let text: string;
let bytes: Uint8Array;
if (KIND === 'spread') {
  const all: number[] = [];
  for (let k = 0x8000; k < 0x10000; k++) if (pair[k]) all.push(k);
  bytes = new Uint8Array(1 << 20);
  let seed = 7;
  const units: number[] = [];
  for (let k = 0; k < bytes.length; k += 2) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    const p = all[(seed >>> 8) % all.length]!;
    bytes[k] = p >> 8;
    bytes[k + 1] = p & 0xff;
    units.push(pair[p]!);
  }
  text = String.fromCharCode(...units.slice(0, 64)) + ' '.repeat(units.length - 64);
} else {
  text = htmlLike(codec, KIND);
  bytes = codec.encode(text);
}
const out = new Uint16Array(bytes.length);
const cases: [string, (b: Uint8Array, o: Uint16Array) => number][] = [
  ['direct 64 Ki entries', direct],
  ['32 Ki entries', halved],
  [`compact ${128 * width} entries`, compacted],
];
console.log(
  `Node ${version}, ${NAME} ${KIND}, ${bytes.length} bytes, trails ${first.toString(16)}-${lastTrail.toString(16)}, ${ROUNDS} rounds; µs per call`,
);
const expect = text.length - 1;
for (const [label, f] of cases) {
  // Compiled as a regular call (short calls first), as the node build's copies are.
  for (let k = 0; k < 20000; k++) f(bytes.subarray(0, 256), out);
  const n = f(bytes, out);
  if (n < expect) throw new Error(`${label}: stopped at ${n} of ${text.length}`);
  if (String.fromCharCode(...out.subarray(0, 64)) !== text.slice(0, 64)) throw new Error(label);
}
const times: number[][] = cases.map(() => []);
let sink = 0;
for (let round = 0; round < ROUNDS; round++)
  for (let k = 0; k < cases.length; k++) {
    const c = (k + round) % cases.length;
    const f = cases[c]![1];
    times[c]!.push(cpuTime(() => (sink += f(bytes, out)), 4) / 4);
  }
for (let k = 0; k < cases.length; k++) {
  const t = times[k]!;
  const vs = median(t.map((x, r) => times[0]![r]! / x));
  console.log(
    `| ${cases[k]![0]} | ${median(t).toFixed(0)} (${Math.min(...t).toFixed(0)}-${Math.max(...t).toFixed(0)}) | ${vs.toFixed(2)}x direct |`,
  );
}
if (sink < 0) console.log(sink);
