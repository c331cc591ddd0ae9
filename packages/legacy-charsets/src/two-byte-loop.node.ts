// The two-byte encoders' loop, node build (tooling/platform.ts): the portable loop, but it reads
// the text's code units from a `Uint16Array` that Node's `ucs2Write` fills in one native copy (the
// same loop over `charCodeAt` is slower, and slower again on a string made by concatenation), and
// writes each pair of bytes with one `DataView` store. Same bytes and errors as ./two-byte-loop.ts
// for every input; a big-endian machine, where `ucs2Write` would write the units byte-swapped,
// takes the portable code.
//
// Each encoder (its `put`) runs a copy of the loop of its own (src/generated/encode-loops.ts,
// written from the template below by scripts/generate-runs.ts), a distinct function literal with
// its table as a constant of its only closure, as the CJK decoders' runs (./cjk/run.node.ts): V8
// then compiles one loop per encoder with the table folded in. An encoder past the copies (more
// than the package has, say in tests that build encoders) runs `sharedLoop`, the template itself.
import * as buffer from 'node:buffer';
import type { ByteBuffer } from './engine';
import { encoders } from './generated/encode-loops';
import { fastTwoByte as portable, leadingAscii, twoByteTable } from './two-byte-loop';

const { ucs2Write } = buffer.Buffer.prototype as unknown as {
  ucs2Write(this: Uint8Array, text: string, offset: number, length: number): number;
};
const LE = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** What a copy of the loop takes from this module (passed in: constants of its closure). */
export interface EncodeHelpers {
  /** `leadingAscii` of ./two-byte-loop.ts. */
  ascii: (text: string, out: ByteBuffer) => number;
  /** The units of `text` from `i` (at least that many), room for two bytes each in `out`. */
  units: (text: string, i: number, out: ByteBuffer) => Uint16Array;
  /** Units a loop encodes per call. */
  chunk: number;
}

/** A copy of the encoder: encodes long text from its start, returns where it stopped. */
export type LongEncoder = (text: string, out: ByteBuffer) => number;

/** The encoder past the copies: every closure of this literal shares its compiled code. */
export function sharedEncoder(table: Uint16Array, helpers: EncodeHelpers): LongEncoder {
  const { ascii, units, chunk } = helpers;
  // encode template: start
  // Encodes the units `u[k..m)` into `out` (room reserved, `view` over its buffer) up to one the
  // table has no one or two bytes for; sets `out.len`, returns where it stopped.
  function encodeRun(
    u: Uint16Array,
    k: number,
    m: number,
    out: ByteBuffer,
    view: DataView,
  ): number {
    const buf = out.buf;
    let j = out.len;
    for (; k < m; k++) {
      const c = u[k]!;
      if (c < 0x80) {
        buf[j++] = c;
        continue;
      }
      const v = table[c]!;
      if (v === 0) break;
      if (v < 0x100) buf[j++] = v;
      else {
        view.setUint16(j, v);
        j += 2;
      }
    }
    out.len = j;
    return k;
  }
  function encodeLong(text: string, out: ByteBuffer): number {
    const i = ascii(text, out);
    const m = text.length - i;
    if (m === 0) return i;
    const u = units(text, i, out);
    const buf = out.buf;
    const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
    let k = 0;
    for (;;) {
      const end = m - k > chunk ? k + chunk : m;
      k = encodeRun(u, k, end, out, view);
      if (k < end || end === m) break;
    }
    return i + k;
  }
  // encode template: end
  return encodeLong;
}

let used = 0;

/**
 * Units a copy encodes per call. V8 optimizes a loop that first gets hot inside one long call on
 * stack (OSR), which does not fold the table, and keeps that code; in short calls it compiles the
 * copy regularly, with its table as a constant. Two-byte text, 1 MiB, against the one shared loop
 * (CPU time, Node 22 and 24): one call 0.95-1.06x as fast, calls of 16 Ki units 0.9x, of 4 Ki
 * 1.1-1.2x, of 1-2 Ki 1.15-1.3x.
 */
const CHUNK = 0x800;

// One scratch array of code units (encoding is synchronous), at most 4 Mi units kept.
let units = new Uint16Array(256);

/** The units of `text` from `i` in the scratch array; room for two bytes each in `out`. */
function codeUnits(text: string, i: number, out: ByteBuffer): Uint16Array {
  const m = text.length - i;
  let u = units;
  if (m > u.length) {
    u = new Uint16Array(m);
    if (m <= 1 << 22) units = u;
  }
  ucs2Write.call(new Uint8Array(u.buffer), i ? text.slice(i) : text, 0, 2 * m);
  // Room for the rest at two bytes a unit: the loop writes with no bounds check.
  out.reserve(2 * m);
  return u;
}

const helpers: EncodeHelpers = { ascii: leadingAscii, units: codeUnits, chunk: CHUNK };

/** {@inheritDoc portable} */
export const fastTwoByte: typeof portable = LE
  ? (put: Put) => {
      const slow = portable(put);
      return (text, i, out: ByteBuffer) => {
        // After a character the loop left to `put` (an error, a four-byte gb18030 sequence), the
        // portable loop: copying the rest of the text again each time would be quadratic.
        if (i || text.length < 256) return slow(text, i, out);
        return (put.long ??= longEncoder(put))(text, out);
      };
    }
  : portable;

/** A `put` with its table and, from its first long text on, its copy of the encoder. */
type Put = ((cp: number, out: ByteBuffer) => boolean) & { t?: Uint16Array; long?: LongEncoder };

/** The next copy, for `put`'s table; past the copies, the shared encoder. */
function longEncoder(put: Put): LongEncoder {
  const table = twoByteTable(put);
  return (used < encoders.length ? encoders[used++]! : sharedEncoder)(table, helpers);
}
