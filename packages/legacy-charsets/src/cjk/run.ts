// The CJK decoders' common case (src/cjk/codecs.ts): ASCII and the other single bytes, and the
// mapped two-byte characters, in a loop of its own, one for every double-byte decoder. The node
// build (tooling/platform.ts) runs per-encoding copies of the loop between the two `run template`
// marks below, which scripts/generate-runs.ts writes to src/generated/cjk-runs.ts (see
// ./run.node.ts).
// The decoders' common case in a function and a loop of its own (V8 runs a loop with the error
// handling in it several times slower), with no branch that depends on the text: ASCII and the
// other single bytes, and the mapped two-byte characters, written to `out` from `j` (which has
// room: at most one code unit a byte). Returns the index of the first byte it leaves to the full
// decoder, and sets `runEnd` to the output length.
import { asciiText } from '../engine-string';

export let runEnd = 0;

/**
 * The text of `bytes` when a decoder with no state left can return it at once, else undefined:
 * long ASCII input (see asciiText). The node build (./run.node.ts) adds short input that the run
 * loop decodes whole, with the tables `t` once built.
 */
export const quickText: (bytes: Uint8Array, t?: RunTables) => string | undefined = asciiText;

/** What `twoByteRun` reads: the code unit of each single byte, of each mapped pair; 0 = neither. */
export interface RunTables {
  single: Uint16Array;
  /**
   * By `(byte << 8) | next byte`: the code unit of the character that `byte` starts, 0 if the loop
   * leaves it to the full decoder: of the pair where `byte` is a lead, else of `byte` alone (a
   * single byte's row holds its code unit whatever the next byte).
   */
  pair: Uint16Array;
  /** By byte: the length of the character it starts, 1 or 2 (a lead). */
  len: Uint8Array;
  /** Bit k (4 to 7) set: the bytes above 0x80 from 32 k to 32 k + 31 lead pairs (see `step`). */
  leads: number;
  /**
   * The node build's copy of `twoByteRun` for these tables (./run.node.ts), null once the copies
   * ran out; the portable build leaves it unset.
   */
  run?:
    | ((bytes: Uint8Array, i: number, out: Uint16Array, j: number, t: RunTables) => number)
    | null
    | undefined;
}

/** The length of the character that byte `b` starts: 2 if `b` > 0x80 and its block of 32 leads pairs. */
const step = (b: number, leads: number): number => 1 + (((b + 0x7f) >> 8) & (leads >> (b >> 5)));

/**
 * Build the run tables of a double-byte encoding: `high` gives the code unit of a byte
 * 0x80-0xFF that is a character alone (0 if none), `pairOf` that of a lead and trail byte
 * (0 if unmapped or not one code unit), as the full decoder reads them.
 */
export function runTables(
  high: (b: number) => number,
  pairOf: (lead: number, trail: number) => number,
): RunTables {
  const single = new Uint16Array(256);
  const pair = new Uint16Array(0x10000);
  // 0x00 stays 0: the full decoder writes it.
  for (let b = 1; b < 0x100; b++) single[b] = b < 0x80 ? b : high(b);
  let leads = 0;
  for (let b = 0x80; b < 0x100; b++) {
    if (single[b]) continue;
    for (let t = 0; t < 0x100; t++) {
      const cp = pairOf(b, t);
      if (cp === 0 || cp > 0xffff) continue;
      pair[(b << 8) | t] = cp;
      leads |= 1 << (b >> 5);
    }
  }
  // `step` tells a lead byte by its block of 32 (Shift_JIS leads 0x81-0x9F and 0xE0-0xFC, with
  // its single bytes 0xA1-0xDF between); what it would misjudge is left to the full decoder.
  for (let b = 0x81; b < 0x100; b++) {
    if (step(b, leads) === 2) single[b] = 0;
    else pair.fill(0, b << 8, (b + 1) << 8);
  }
  // A single byte's row is its code unit whatever follows: the loop then reads one table and no
  // branch on the kind of byte (see oneRun). NUL's row stays 0 (the full decoder writes it).
  const len = new Uint8Array(256);
  for (let b = 0; b < 0x100; b++) {
    len[b] = single[b] ? 1 : 2;
    if (single[b]) pair.fill(single[b]!, b << 8, (b + 1) << 8);
  }
  return { single, pair, len, leads };
}

// run template: start (the node build's copies leave out the lines `const { … } = t;`)
/** The loop of `twoByteRun` up to `stop` (at most the last byte's index). */
function oneRun(
  bytes: Uint8Array,
  i: number,
  stop: number,
  out: Uint16Array,
  j: number,
  t: RunTables,
): number {
  const { pair, len } = t;
  // The loop runs over views that start where it starts, its indices from 0 and its bound the
  // view's length: V8 then knows each read and store in range (the loop alone, euc-kr, 1 MiB of
  // two-byte text: 1.25 / 1.33 ms under Node 24 / 22, where with `i`, `j` and `stop` from the
  // arguments it took 1.74 / 1.88 ms).
  // (Input decoded whole, such as a short string, is its own view: no view to allocate.)
  const src = i === 0 && stop + 1 === bytes.length ? bytes : bytes.subarray(i, stop + 1);
  const dst = j === 0 ? out : out.subarray(j);
  const end = src.length - 1;
  let k = 0;
  let m = 0;
  while (k < end) {
    // One table read a character and no branch on the kind of byte: `pair` holds each single
    // byte's code unit in its row, and `len` the step. The branch this replaced (ASCII, else the
    // pair, else the single byte) was mispredicted where ASCII and pairs alternate: HTML-like text
    // decodes 5-20% faster this way, two-byte text about the same (bench/before-after.ts, the six
    // encodings, Node 22 and 24, both ways round). (A length computed by arithmetic on the byte,
    // tried earlier, took twice the time: a table read is what keeps the steps short.)
    const b = src[k]!;
    const cp = pair[(b << 8) | src[k + 1]!]!;
    if (cp === 0) break;
    dst[m++] = cp;
    k += len[b]!;
  }
  runEnd = j + m;
  return i + k;
}

/** Bytes the first run covers alone before a second starts (see twoByteRun). */
let solo = 512;

export function twoByteRun(
  bytes: Uint8Array,
  i: number,
  out: Uint16Array,
  j: number,
  t: RunTables,
): number {
  const { single, pair, len } = t;
  const last = bytes.length - 1;
  // Each character's start depends on the one before: a chain of loads that the processor cannot
  // overlap. On long input, a second run from the middle, in step with the first, doubles the
  // work per step. It starts after a byte below 0x80, which is no lead byte here, so that a
  // character starts there; whether one does is settled when the first run gets there (it gets
  // there or stops short, since it cannot step over a byte that is not a lead). The search
  // (128 bytes at most) waits for `solo` bytes of progress, so that input that stops the loop
  // often does not pay for it each time: 512 at the start of a chunk, twice as many after each
  // second run dropped, up to 64 KiB, on input at least 7.5 KiB longer (else one run to the end).
  // Text with rare characters the loop leaves to the full decoder (EUC-JP's three-byte JIS X
  // 0212, gb18030's four-byte sequences) a few KiB apart otherwise ran two steps for every one it
  // kept (EUC-JP, one in 512 or 4096 characters: 1.3-1.8 times the time of none).
  if (i === 0) solo = 512;
  let half = last;
  if (last - i >= solo + 0x1e00) {
    const start = i;
    i = oneRun(bytes, i, i + solo, out, j, t);
    if (i < start + solo) return i;
    j = runEnd;
    if (last - i >= 0x1000) {
      half = i + ((last - i) >> 1);
      const near = half + 128;
      while (half < near && bytes[half]! > 0x7f) half++;
      half = half < near ? half + 1 : last;
    }
  }
  if (half < last) {
    // The second run writes from where the first cannot reach (one code unit a byte at most).
    // Each step takes one character of each run, as oneRun does (0 where none).
    const from = j + half - i;
    let i2 = half;
    let j2 = from;
    while (i < half && i2 < last) {
      const b = bytes[i]!;
      const cp = pair[(b << 8) | bytes[i + 1]!]!;
      const b2 = bytes[i2]!;
      const cp2 = pair[(b2 << 8) | bytes[i2 + 1]!]!;
      if (cp === 0 || cp2 === 0) break;
      out[j++] = cp;
      out[j2++] = cp2;
      i += len[b]!;
      i2 += len[b2]!;
    }
    i = oneRun(bytes, i, half, out, j, t);
    // If the first run stops short of the second, the second's work (no more than the first's)
    // is dropped; else the two join.
    if (i < half) {
      if (solo < 0x10000) solo *= 2;
      return i;
    }
    j = runEnd;
    i = oneRun(bytes, i2, last, out, j2, t);
    out.copyWithin(j, from, runEnd);
    j += runEnd - from;
  } else {
    i = oneRun(bytes, i, last, out, j, t);
    j = runEnd;
  }
  if (i === last && single[bytes[i]!]) out[j++] = single[bytes[i++]!]!;
  runEnd = j;
  return i;
}
// run template: end
