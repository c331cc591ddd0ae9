// Shared machinery: code-unit and byte buffers, the encoder driver that applies the error modes,
// and the wrapper that turns a decoder or encoder core into a Codec with streaming.
// https://encoding.spec.whatwg.org/#concept-encoding-process
import { EMPTY, toBytes } from './bytes';
import {
  type Bytes,
  type Codec,
  type CodecFamily,
  DecodeError,
  type DecodeOptions,
  EncodeError,
  type EncodeMode,
  type EncodeOptions,
  type StreamingDecoder,
  type StreamingEncoder,
  type StreamOptions,
} from './codec';
import { unitsToString } from './engine-string';

// Decoders write into one shared scratch buffer (decoding is synchronous and the string is a
// copy), which spares the garbage collector a large array per call.
let shared = new Uint16Array(0);

/** A scratch buffer of at least `n` code units, reused across calls (at most 4 Mi units kept). */
export function scratch(n: number): Uint16Array {
  if (n <= shared.length) return shared;
  const buf = new Uint16Array(n);
  if (n <= 1 << 22) shared = buf;
  return buf;
}

/** A growable UTF-16 buffer. */
export class Units {
  buf: Uint16Array;
  len = 0;
  constructor(capacity: number) {
    this.buf = scratch(Math.max(capacity, 16));
  }
  /**
   * Make room for `n` more code units, at least doubling the buffer when it grows, so that the
   * copies add up to less than the final length: linear time however the buffer fills.
   */
  reserve(n: number): void {
    if (this.len + n <= this.buf.length) return;
    const next = new Uint16Array(Math.max(this.len + n, this.buf.length * 2));
    next.set(this.buf.subarray(0, this.len));
    this.buf = next;
  }
  /** Append one code point (UTF-16 encoded). */
  push(cp: number): void {
    if (this.len + 2 > this.buf.length) this.reserve(2);
    if (cp > 0xffff) {
      cp -= 0x10000;
      this.buf[this.len++] = 0xd800 + (cp >> 10);
      this.buf[this.len++] = 0xdc00 + (cp & 0x3ff);
    } else this.buf[this.len++] = cp;
  }
  toString(): string {
    return unitsToString(this.buf.subarray(0, this.len));
  }
}

/** A growable byte buffer. */
export class ByteBuffer {
  buf: Uint8Array;
  len = 0;
  constructor(capacity: number) {
    this.buf = new Uint8Array(Math.max(capacity, 16));
  }
  push(b: number): void {
    if (this.len === this.buf.length) this.reserve(1);
    this.buf[this.len++] = b;
  }
  /**
   * Make room for `n` more bytes, at least doubling the buffer when it grows: the copies add up
   * to less than the final length, so filling it is linear whatever the pattern of writes.
   * (Growing to just what is asked, as the two-byte encoders once did before each run, copies
   * the whole output once per run: quadratic when runs are short.)
   */
  reserve(n: number): void {
    if (this.len + n <= this.buf.length) return;
    const next = new Uint8Array(Math.max(this.len + n, this.buf.length * 2));
    next.set(this.buf.subarray(0, this.len));
    this.buf = next;
  }
  result(): Uint8Array {
    return this.buf.subarray(0, this.len);
  }
}

/** A decoder core: decodes one chunk, keeping its own state; `offset` is the stream offset of `bytes[0]`. */
export type DecoderCore = (
  bytes: Uint8Array,
  flush: boolean,
  fatal: boolean,
  offset: number,
) => string;

/** An encoder core: `put` writes one code point or returns false if the charset cannot hold it. */
export interface EncoderCore {
  put(cp: number, out: ByteBuffer): boolean;
  flush?(out: ByteBuffer): void;
  /** The code point an error reports for `cp` (ISO-2022-JP reports ESC, SO, SI as U+FFFD). */
  substitute?(cp: number): number;
  /** The html-mode reference for `cp`, `&#N;` by default (MARC 21 uses `&#xXXXX;`). */
  reference?(cp: number): string;
  /**
   * Encode `text` from index `i` for as long as that needs no error handling nor state, and return
   * the index where it stopped (see `fastTwoByte`).
   */
  fast?(text: string, i: number, out: ByteBuffer): number;
}

/**
 * The one- and two-byte encodings of a stateless `put`: code point -> lead << 8 | trail, or the
 * byte, 0 where `put` writes something else (four bytes) or nothing. Built once, on the first encode.
 */
function twoByteTable(put: (cp: number, out: ByteBuffer) => boolean): Uint16Array {
  const table = new Uint16Array(0x10000);
  const out = new ByteBuffer(4);
  for (let cp = 0x80; cp < 0x10000; cp++) {
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
  let t: Uint16Array | undefined;
  return (text, i, out) => {
    const table = (t ??= twoByteTable(put));
    const n = text.length;
    // At the start of long text: its ASCII (ASCII is its own UTF-8), in chunks of 256 units and
    // then twice as many each time while each comes out one byte a unit. The chunk that does not
    // ends the run at its first byte above 0x7F (the first other unit's whole UTF-8 sequence is
    // written before `read` counts it), so the copy overshoots the run by less than its length
    // plus 256 units. All-ASCII text stays in the buffer the encoder started with (one byte a
    // unit), which has room; other text pays one call on 256 units. Without TextEncoder (it is
    // not ECMAScript) the loop below writes it all.
    if (!i && n >= 256 && typeof TextEncoder === 'function') {
      utf8 ??= new TextEncoder();
      for (let m = 256; i < n; m *= 2) {
        const j = out.len;
        let { read, written } = utf8.encodeInto(text.slice(i, i + m), out.buf.subarray(j, j + m));
        if (read !== written) for (read = 0; out.buf[j + read]! < 0x80; ) read++;
        out.len += read;
        i += read;
        if (read < m) break;
      }
      if (i === n) return i;
    }
    // Room for the rest of the text at two bytes a unit: the loop writes with no bounds check.
    // Called again after each character the loop leaves to `put`, so the buffer must grow by
    // doubling (see `reserve`), not to fit.
    out.reserve(2 * (n - i));
    const buf = out.buf;
    let j = out.len;
    for (; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c < 0x80) {
        buf[j++] = c;
        continue;
      }
      const v = table[c]!;
      if (v === 0) break;
      if (v < 0x100) buf[j++] = v;
      else {
        buf[j++] = v >> 8;
        buf[j++] = v & 0xff;
      }
    }
    out.len = j;
    return i;
  };
}

/**
 * An encoder: encodes one chunk of text (no trailing lone high surrogate unless `flush`);
 * `charset` names the codec in its errors.
 */
export type EncoderFn = (
  text: string,
  flush: boolean,
  mode: EncodeMode,
  offset: number,
  charset: string,
) => Uint8Array;

/** Report a decoding error: throw when fatal, else return U+FFFD's code unit. */
export function decodeError(fatal: boolean, index: number, reason: string): number {
  if (fatal) throw new DecodeError(index, reason);
  return 0xfffd;
}

/**
 * Run an encoder core over `text` (starting at stream index `offset`) applying the error mode.
 * A lone surrogate is an error in fatal mode and U+FFFD otherwise (the USVString conversion).
 */
export function runEncoder(
  core: EncoderCore,
  text: string,
  mode: EncodeMode,
  out: ByteBuffer,
  offset: number,
  charset: string,
): void {
  const n = text.length;
  for (let i = 0; i < n; i++) {
    if (core.fast) {
      i = core.fast(text, i, out);
      if (i === n) break;
    }
    let cp = text.charCodeAt(i);
    const at = i;
    if (cp >= 0xd800 && cp <= 0xdfff) {
      const next = i + 1 < n ? text.charCodeAt(i + 1) : 0;
      if (cp <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        cp = 0x10000 + ((cp - 0xd800) << 10) + (next - 0xdc00);
        i++;
      } else if (mode === 'fatal')
        throw new EncodeError(offset + at, cp, 'lone surrogate', charset);
      else cp = 0xfffd;
    }
    if (core.put(cp, out)) continue;
    if (core.substitute) cp = core.substitute(cp);
    if (mode === 'html') {
      const ref = core.reference ? core.reference(cp) : `&#${cp};`;
      for (let k = 0; k < ref.length; k++) core.put(ref.charCodeAt(k), out);
    } else if (mode === 'replacement') core.put(0x3f, out);
    else throw new EncodeError(offset + at, cp, 'unencodable', charset);
  }
}

/** Turn a stateful `put` core factory into an encoder factory. */
export function putEncoder(core: () => EncoderCore): () => EncoderFn {
  return () => {
    const c = core();
    return (text, flush, mode, offset, charset) => {
      const out = new ByteBuffer(text.length + 8);
      runEncoder(c, text, mode, out, offset, charset);
      if (flush) c.flush?.(out);
      return out.result();
    };
  };
}

/** How a codec is described to `makeCodec`. */
export interface CodecSpec {
  name: string;
  family: CodecFamily;
  roundTrips: boolean;
  /** A fresh decoder; `keepBOM` leaves a leading byte order mark in the output. */
  decoder: (keepBOM: boolean) => DecoderCore;
  /** A fresh encoder. */
  encoder: () => EncoderFn;
}

/** Build a Codec, with streaming, from its decoder and encoder factories. */
export function makeCodec(spec: CodecSpec): Codec {
  const { name, decoder, encoder } = spec;
  return {
    name,
    family: spec.family,
    roundTrips: spec.roundTrips,
    decode: (bytes: Bytes, options?: DecodeOptions): string =>
      decoder(options?.ignoreBOM === true)(
        toBytes(bytes, 'bytes'),
        true,
        options?.fatal === true,
        0,
      ),
    encode: (text: string, options?: EncodeOptions): Uint8Array =>
      encoder()(text, true, options?.mode ?? 'fatal', 0, name),
    createDecoder(options?: DecodeOptions): StreamingDecoder {
      const fatal = options?.fatal === true;
      const keepBOM = options?.ignoreBOM === true;
      let core = decoder(keepBOM);
      let offset = 0;
      return {
        decode(input?: Bytes, opts?: StreamOptions): string {
          const chunk = input === undefined ? EMPTY : toBytes(input, 'chunk');
          const stream = opts?.stream === true;
          const s = core(chunk, !stream, fatal, offset);
          offset += chunk.length;
          if (!stream) {
            core = decoder(keepBOM);
            offset = 0;
          }
          return s;
        },
      };
    },
    createEncoder(options?: EncodeOptions): StreamingEncoder {
      const mode = options?.mode ?? 'fatal';
      let core = encoder();
      let offset = 0;
      let pending = '';
      return {
        encode(text = '', opts?: StreamOptions): Uint8Array {
          const stream = opts?.stream === true;
          let input = pending + text;
          const start = offset - pending.length;
          pending = '';
          const last = input.charCodeAt(input.length - 1);
          // A high surrogate at the end of a chunk may pair with the first unit of the next one.
          if (stream && last >= 0xd800 && last <= 0xdbff) {
            pending = input.slice(-1);
            input = input.slice(0, -1);
          }
          const bytes = core(input, !stream, mode, start, name);
          offset += text.length;
          if (!stream) {
            core = encoder();
            offset = 0;
          }
          return bytes;
        },
      };
    },
  };
}
