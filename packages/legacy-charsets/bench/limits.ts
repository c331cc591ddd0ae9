// Where the single-byte ratios stop: the time of the primitives any implementation needs, next to
// ours and the anchors', in one process (CPU time, interleaved rounds, medians and ranges in
// microseconds per 1 MiB call). Decoding text that is not all Latin-1 must make a two-byte string:
// Node's fastest way is `ucs2Slice` of 2 MiB of code units, after a table loop over the bytes;
// encoding must read the string a code unit at a time (no runtime has a bulk single-byte encoder)
// and look each one up. If an anchor's time is under 3x the primitive alone, 3x that anchor is out
// of reach for any implementation. The same follows for 10,000 strings of 24 bytes (ns a call).
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

// 10,000 strings of 24 bytes (as bench/interleaved.ts's short rows): here the per-call cost shows.
// Decoding must still make a 24-unit two-byte string from the mapped units; the fastest makers
// Node has for that are timed after the same table loop (into one reused 24-unit array). Encoding
// must allocate the 24-byte output and map each code unit.
const SHORT = 24;
const shortBytes: Buffer[] = [];
for (let s = 0; s < 10_000; s++) {
  const b = Buffer.alloc(SHORT);
  for (let i = 0; i < SHORT; i++) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    b[i] = i % 2 === 0 ? 0x61 + ((seed >>> 8) % 26) : mapped[(seed >>> 8) % mapped.length]!;
  }
  shortBytes.push(b);
}
const shortTexts = shortBytes.map((b) => codec.decode(b));
const u24 = new Uint16Array(SHORT);
const u24Bytes = Buffer.from(u24.buffer);
const map24 = (b: Uint8Array): void => {
  for (let i = 0; i < SHORT; i++) u24[i] = fwd[b[i]!]!;
};
const fromCodes = String.fromCharCode as (...codes: number[]) => string;
const over =
  <T>(inputs: readonly T[], f: (x: T) => unknown) =>
  () => {
    for (let i = 0; i < inputs.length; i++) if (f(inputs[i]!) === sink) sink++;
  };
const shortCases: [string, () => unknown][] = [
  [
    'decode: table loop + String.fromCharCode(u[0], ..., u[23])',
    over(shortBytes, (b) => {
      map24(b);
      const u = u24;
      return fromCodes(
        u[0]!,
        u[1]!,
        u[2]!,
        u[3]!,
        u[4]!,
        u[5]!,
        u[6]!,
        u[7]!,
        u[8]!,
        u[9]!,
        u[10]!,
        u[11]!,
        u[12]!,
        u[13]!,
        u[14]!,
        u[15]!,
        u[16]!,
        u[17]!,
        u[18]!,
        u[19]!,
        u[20]!,
        u[21]!,
        u[22]!,
        u[23]!,
      );
    }),
  ],
  [
    'decode: table loop + String.fromCharCode.apply(null, u)',
    over(shortBytes, (b) => {
      map24(b);
      return fromCodes.apply(null, u24 as unknown as number[]);
    }),
  ],
  [
    'decode: table loop + ucs2Slice of 48 bytes',
    over(shortBytes, (b) => {
      map24(b);
      return ucs2Slice.call(u24Bytes, 0, 2 * SHORT);
    }),
  ],
  ['decode: ours (subpath, node build)', over(shortBytes, (b) => codec.decode(b))],
  ['decode: @exodus/bytes', over(shortBytes, (b) => exDecode(b))],
  ['decode: iconv-lite', over(shortBytes, (b) => iconv.decode(b, NAME))],
  [
    'encode: new Uint8Array(24) + charCodeAt and reverse-table loop',
    over(shortTexts, (t) => {
      const o = new Uint8Array(t.length);
      for (let i = 0; i < t.length; i++) o[i] = rev[t.charCodeAt(i)]!;
      return o;
    }),
  ],
  ['encode: new Uint8Array(24) alone', over(shortTexts, (t) => new Uint8Array(t.length))],
  [
    'encode: charCodeAt and reverse-table loop alone (into one reused array)',
    over(shortTexts, (t) => {
      for (let i = 0; i < t.length; i++) out[i] = rev[t.charCodeAt(i)]!;
      return out;
    }),
  ],
  ['encode: ours (subpath, node build)', over(shortTexts, (t) => codec.encode(t))],
  ['encode: @exodus/bytes', over(shortTexts, (t) => exEncode(t))],
  ['encode: iconv-lite', over(shortTexts, (t) => iconv.encode(t, NAME))],
];
// Same answers first (the primitives' strings too).
for (const b of shortBytes.slice(0, 64)) {
  const w = codec.decode(b);
  map24(b);
  const u = Array.from(u24);
  if (
    fromCodes(...u) !== w ||
    fromCodes.apply(null, u) !== w ||
    ucs2Slice.call(u24Bytes, 0, 2 * SHORT) !== w ||
    exDecode(b) !== w ||
    iconv.decode(b, NAME) !== w
  )
    throw new Error('short decode differs');
  const e = Buffer.from(codec.encode(w));
  const o = new Uint8Array(w.length);
  for (let i = 0; i < w.length; i++) o[i] = rev[w.charCodeAt(i)]!;
  if (
    !e.equals(b) ||
    !e.equals(Buffer.from(exEncode(w))) ||
    !e.equals(iconv.encode(w, NAME)) ||
    !e.equals(o)
  )
    throw new Error('short encode differs');
}
const shortTimes: number[][] = shortCases.map(() => []);
for (const [, f] of shortCases) cpuTime(f, 3);
for (let round = 0; round < ROUNDS; round++)
  for (let k = 0; k < shortCases.length; k++) {
    const j = (k + round) % shortCases.length;
    // µs for 4 x 10,000 calls -> ns a call
    shortTimes[j]!.push((cpuTime(shortCases[j]![1], 4) / 4 / shortBytes.length) * 1000);
  }
console.log(`${NAME}, 10,000 strings of ${SHORT} B; CPU time per call, ns: median (range)`);
for (let k = 0; k < shortCases.length; k++) {
  const t = shortTimes[k]!;
  console.log(
    `| ${shortCases[k]![0]} | ${median(t).toFixed(0)} (${Math.min(...t).toFixed(0)}-${Math.max(...t).toFixed(0)}) |`,
  );
}
if (sink < 0) console.log(sink);
sink++;
