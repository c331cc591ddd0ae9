// Where the single-byte ratios stop: the time of the primitives any implementation needs, next to
// ours and the anchors', in one process (CPU time, interleaved rounds, medians and ranges in
// microseconds per 1 MiB call). Decoding text that is not all Latin-1 must make a two-byte string:
// Node's fastest way is `ucs2Slice` of 2 MiB of code units, after a table loop over the bytes;
// encoding must read the string a code unit at a time (no runtime has a bulk single-byte encoder)
// and look each one up. If an anchor's time is under 3x the primitive alone, 3x that anchor is out
// of reach for any implementation.
//   pnpm --filter @x/legacy-charsets build
//   node bench/limits.ts [rounds] [encoding]      (under Node 22: pnpm run bench:node22 <this file>)
import { createSinglebyteDecoder, createSinglebyteEncoder } from '@exodus/bytes/single-byte.js';
import iconv from 'iconv-lite';
import { join } from 'node:path';
import { version } from 'node:process';
import { cpuTime, loadBuilt, median } from '../../../tooling/bench.ts';
import type { Codec } from '../src/codec';

const ROUNDS = Number(process.argv[2] ?? 11);
const NAME = process.argv[3] ?? 'iso-8859-7';
const sub = await loadBuilt<{ codec: Codec }>(join(import.meta.dirname, '..'), `./${NAME}`);
const codec = sub.esm.codec;
let sink = 0;

// 1 MiB: half ASCII letters, half the charset's own letters (as bench/interleaved.ts).
const mapped: number[] = [];
for (let b = 0xa0; b < 256; b++) if (codec.decode(Uint8Array.of(b)) !== '\ufffd') mapped.push(b);
const bytes = Buffer.alloc(1 << 20);
let seed = 42;
for (let i = 0; i < bytes.length; i++) {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  bytes[i] = i % 2 === 0 ? 0x61 + ((seed >>> 8) % 26) : mapped[(seed >>> 8) % mapped.length]!;
}
const text = codec.decode(bytes);
const fwd = new Uint16Array(256);
for (let b = 0; b < 256; b++) fwd[b] = codec.decode(Uint8Array.of(b)).charCodeAt(0);
const rev = new Uint8Array(0x10000);
for (let b = 255; b >= 0; b--) rev[fwd[b]!] = b;
const units = new Uint16Array(bytes.length);
const unitBytes = Buffer.from(units.buffer);
// Node's own string maker (not in @types/node), which Buffer#toString('utf16le') ends in.
const ucs2Slice = (Buffer.prototype as unknown as { ucs2Slice: (s: number, e: number) => string })
  .ucs2Slice;
const out = new Uint8Array(text.length);

const exDecode = createSinglebyteDecoder(NAME, true);
const exEncode = createSinglebyteEncoder(NAME);
const cases: [string, () => unknown][] = [
  [
    'decode: table loop alone (1 MiB bytes -> Uint16Array)',
    () => {
      for (let i = 0; i < bytes.length; i++) units[i] = fwd[bytes[i]!]!;
    },
  ],
  [
    'decode: ucs2Slice alone (2 MiB of code units -> string)',
    () => ucs2Slice.call(unitBytes, 0, unitBytes.length),
  ],
  ['decode: ours (subpath, node build)', () => codec.decode(bytes)],
  ['decode: @exodus/bytes', () => exDecode(bytes)],
  ['decode: iconv-lite', () => iconv.decode(bytes, NAME)],
  [
    'encode: charCodeAt + reverse table loop alone',
    () => {
      for (let i = 0; i < text.length; i++) out[i] = rev[text.charCodeAt(i)]!;
    },
  ],
  ['encode: ours (subpath, node build)', () => codec.encode(text)],
  ['encode: @exodus/bytes', () => exEncode(text)],
  ['encode: iconv-lite', () => iconv.encode(text, NAME)],
];
// Same answers first.
const want = codec.decode(bytes);
for (let i = 0; i < bytes.length; i++) units[i] = fwd[bytes[i]!]!;
if (ucs2Slice.call(unitBytes, 0, unitBytes.length) !== want || exDecode(bytes) !== want)
  throw new Error('decode differs');
if (iconv.decode(bytes, NAME) !== want) throw new Error('iconv-lite decode differs');
const wantBytes = Buffer.from(codec.encode(text));
if (!wantBytes.equals(Buffer.from(exEncode(text))) || !wantBytes.equals(iconv.encode(text, NAME)))
  throw new Error('encode differs');

const times: number[][] = cases.map(() => []);
for (const [, f] of cases) cpuTime(f, 3);
for (let round = 0; round < ROUNDS; round++)
  for (let k = 0; k < cases.length; k++) {
    const j = (k + round) % cases.length;
    times[j]!.push(cpuTime(cases[j]![1], 4) / 4);
  }
console.log(
  `Node ${version}, ${NAME}, 1 MiB, ${ROUNDS} rounds; CPU time per call, µs: median (range)`,
);
for (let k = 0; k < cases.length; k++) {
  const t = times[k]!;
  console.log(
    `| ${cases[k]![0]} | ${median(t).toFixed(0)} (${Math.min(...t).toFixed(0)}-${Math.max(...t).toFixed(0)}) |`,
  );
}
if (sink < 0) console.log(sink);
sink++;
