// The two-byte encoders' fast loop (Shift_JIS, EUC-JP, GBK, gb18030, EUC-KR, Big5 and Microsoft's
// variants): the `fast` hook of their encoder cores (./engine.ts, `EncoderCore`). The node build
// swaps in ./two-byte-loop.node.ts (tooling/platform.ts), which gives the same bytes for every
// input.
import { ByteBuffer, type EncoderFn, putEncoder } from './engine';

/** A stateless `put`, which keeps its {@link twoByteTable} once built. */
type Put = ((cp: number, out: ByteBuffer) => boolean) & { t?: Uint16Array };

/**
 * The one- and two-byte encodings of a stateless `put`: code point -> lead << 8 | trail, or the
 * byte (ASCII itself, but U+0000: 0), 0 where `put` writes something else (four bytes) or nothing.
 * Built once per `put`, on its first encode, and kept on it: both builds' loops (short text takes
 * the portable one in the node build) read the same table.
 */
export function twoByteTable(put: Put): Uint16Array {
  if (put.t) return put.t;
  const table = (put.t = new Uint16Array(0x10000));
  const out = new ByteBuffer(4);
  for (let cp = 1; cp < 0x10000; cp++) {
    out.len = 0;
    if ((cp < 0xd800 || cp > 0xdfff) && put(cp, out) && out.len <= 2) {
      // One byte (Shift_JIS half-width katakana, GBK's euro sign) is kept below 0x100: a two-byte
      // character's first byte is never 0.
      table[cp] = out.len === 2 ? (out.buf[0]! << 8) | out.buf[1]! : out.buf[0]!;
    }
  }
  return table;
}

let utf8: TextEncoder | undefined;

/**
 * At the start of text of 256 units or more: its ASCII (ASCII is its own UTF-8) through the
 * runtime's UTF-8 encoder, in chunks of 256 units and then twice as many each time while each
 * comes out one byte a unit. The chunk that does not ends the run at its first byte above 0x7F
 * (the first other unit's whole UTF-8 sequence is written before `read` counts it), so the copy
 * overshoots the run by less than its length plus 256 units. All-ASCII text stays in the buffer
 * the encoder started with (one byte a unit), which has room; other text pays one call on 256
 * units. Without TextEncoder (it is not ECMAScript) it writes nothing. Returns where it stopped.
 */
export function leadingAscii(text: string, out: ByteBuffer): number {
  const n = text.length;
  let i = 0;
  if (n >= 256 && typeof TextEncoder === 'function') {
    utf8 ??= new TextEncoder();
    for (let m = 256; i < n; m *= 2) {
      const j = out.len;
      let { read, written } = utf8.encodeInto(text.slice(i, i + m), out.buf.subarray(j, j + m));
      if (read !== written) for (read = 0; out.buf[j + read]! < 0x80; ) read++;
      out.len += read;
      i += read;
      if (read < m) break;
    }
  }
  return i;
}

/**
 * The `fast` hook of a stateless encoder that writes ASCII as itself: ASCII and the characters
 * `put` writes as one or two bytes (its `twoByteTable`, built on the first call) in a loop with nothing
 * else in it, which V8 runs several times faster than the general loop of `runEncoder`. The ASCII
 * that long text starts with (all of it, say) goes first through the runtime's UTF-8 encoder, a
 * native copy. A MiB of ASCII, CPU time (Node 22 and 24): `encodeInto` 0.04 ms from a string V8
 * holds in one byte a unit, 0.6-1.0 ms from one it holds in two, the `charCodeAt` loop 2.2-2.8 ms.
 * Buffer's `utf8Write` takes as long as `encodeInto`; its `latin1Write` is faster but writes the
 * low byte of any unit, so it cannot tell where a run ends. Copying every ASCII run of 64 units
 * or more the same way (a count of ASCII units in the loop) made ASCII-heavy text 0.9-1.7× faster
 * but HTML-like and two-byte text 10-15% slower under Node 22, so only the start is copied.
 */
export function fastTwoByte(
  put: (cp: number, out: ByteBuffer) => boolean,
): (text: string, i: number, out: ByteBuffer) => number {
  return (text, i, out) => {
    const table = twoByteTable(put);
    const n = text.length;
    if (!i) {
      i = leadingAscii(text, out);
      if (i === n) return i;
    }
    // Room for the rest of the text at two bytes a unit: the loop writes with no bounds check.
    // Called again after each character the loop leaves to `put`, so the buffer must grow by
    // doubling (see `reserve`), not to fit.
    out.reserve(2 * (n - i));
    const buf = out.buf;
    let j = out.len;
    // ASCII through the table too, whose entries for it are the bytes themselves (U+0000's is 0:
    // `put` writes it, as any character the table lacks).
    for (; i < n; i++) {
      const v = table[text.charCodeAt(i)]!;
      if (v > 0xff) buf[j++] = v >> 8;
      else if (v === 0) break;
      buf[j++] = v;
    }
    out.len = j;
    return i;
  };
}

// The short path's output, copied out of it (encoding is synchronous): up to 128 units, 2 bytes each.
const shortOut = /* @__PURE__ */ new Uint8Array(256);

/**
 * A stateless two-byte encoder: `put` with its `fast` hook through the general encoder, but text
 * of up to 128 units that the table holds whole (ASCII and one- and two-byte characters: no
 * error, no four-byte sequence, no surrogate) goes through the table's loop into one kept buffer
 * and out in one copy, with none of the general encoder's objects. On 24-byte strings those made
 * the call several times slower than the loop.
 */
export function twoByteEncoder(
  put: (cp: number, out: ByteBuffer) => boolean,
  fast: (text: string, i: number, out: ByteBuffer) => number,
): () => EncoderFn {
  const general = putEncoder(() => ({ put, fast }));
  const encode: EncoderFn = (text, flush, mode, offset, charset) => {
    const n = text.length;
    if (n <= 128) {
      const table = twoByteTable(put);
      // Text that starts and ends with a character above ASCII (or is empty) is mostly two-byte
      // characters: written straight into a new array of two bytes a unit, the result when they
      // all are. Other text goes into the kept buffer and out in one copy.
      const out =
        text.charCodeAt(0) < 0x80 || text.charCodeAt(n - 1) < 0x80
          ? shortOut
          : new Uint8Array(2 * n);
      let i = 0;
      let v = 0;
      // While the characters take two bytes, one branch a unit (ASCII's entries are the bytes
      // themselves, below 0x100, which end the stretch): 10-20% faster on two-byte text than the
      // loop below alone. Text in the kept buffer has an ASCII character, so never ends here.
      // Unit i's bytes are at 2i and 2i + 1 (one counter, not two: 2-5% faster on 24 bytes of two-byte text, Node 22).
      for (; i < n && (v = table[text.charCodeAt(i)]!) > 0xff; i++) {
        out[2 * i] = v >> 8;
        out[2 * i + 1] = v;
      }
      if (i === n) return out;
      let j = 2 * i;
      // The rest, one look at the table a unit, ASCII too (U+0000's entry is 0: the general
      // encoder takes text with it, as with any character the table lacks).
      for (; i < n; i++) {
        v = table[text.charCodeAt(i)]!;
        if (v > 0xff) out[j++] = v >> 8;
        else if (v === 0) break;
        out[j++] = v;
      }
      // Shorter than `out`: every character took two bytes only in the loop above.
      if (i === n) return out.slice(0, j);
    }
    return general()(text, flush, mode, offset, charset);
  };
  return () => encode;
}
