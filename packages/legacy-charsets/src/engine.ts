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
  /**
   * The html-mode reference for `cp`, `&#N;` by default (MARC 21 uses `&#xXXXX;`; ISO-2022-JP
   * writes ESC, SO, SI as `&#65533;`). An error names `cp` itself.
   */
  reference?(cp: number): string;
  /**
   * Encode `text` from index `i` for as long as that needs no error handling nor state, and return
   * the index where it stopped (see `fastTwoByte`).
   */
  fast?(text: string, i: number, out: ByteBuffer): number;
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
    if (mode === 'html') {
      // A charset that cannot write the reference fails as fatal.
      const ref = core.reference ? core.reference(cp) : `&#${cp};`;
      for (let k = 0; k < ref.length; k++)
        if (!core.put(ref.charCodeAt(k), out))
          throw new EncodeError(offset + at, cp, 'unencodable', charset);
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
      // The stream's core, and the offset of the next chunk in the stream; -1 when the last call
      // ended the stream, and the next call starts a new one with a new core. A call without
      // `stream` ends it whatever happens in it (WHATWG Encoding, TextDecoder decode() step 1: a
      // new decoder for the next call), and so does one that throws.
      let core: DecoderCore;
      let offset = -1;
      return {
        decode(input?: Bytes, opts?: StreamOptions): string {
          const chunk = input === undefined ? EMPTY : toBytes(input, 'chunk');
          const stream = opts?.stream === true;
          if (offset < 0) {
            core = decoder(keepBOM);
            offset = 0;
          }
          const at = offset;
          offset = -1;
          const s = core(chunk, !stream, fatal, at);
          if (stream) offset = at + chunk.length;
          return s;
        },
      };
    },
    createEncoder(options?: EncodeOptions): StreamingEncoder {
      const mode = options?.mode ?? 'fatal';
      // As in the decoder: offset -1 when the last call ended the stream (no `stream`, or a
      // throw, which drops what the core held back and a high surrogate set aside).
      let core: EncoderFn;
      let offset = -1;
      let pending = '';
      return {
        encode(text = '', opts?: StreamOptions): Uint8Array {
          const stream = opts?.stream === true;
          if (offset < 0) {
            core = encoder();
            offset = 0;
            pending = '';
          }
          const at = offset;
          let input = pending + text;
          const start = at - pending.length;
          pending = '';
          const last = input.charCodeAt(input.length - 1);
          // A high surrogate at the end of a chunk may pair with the first unit of the next one.
          if (stream && last >= 0xd800 && last <= 0xdbff) {
            pending = input.slice(-1);
            input = input.slice(0, -1);
          }
          offset = -1;
          const bytes = core(input, !stream, mode, start, name);
          if (stream) offset = at + text.length;
          return bytes;
        },
      };
    },
  };
}
