import { type Bytes, EMPTY, toBytes } from './bytes';
import { type DecodeOptions, decodeBytes, decodeJs, fits, needed, stripBOM } from './decode';
import { Utf8DecodeError } from './errors';

/** Options of {@link Utf8Decoder.decode}. */
export interface StreamOptions {
  /** More bytes follow: hold back a sequence split at the end of this chunk. Default `false`. */
  stream?: boolean;
}

/**
 * How many bytes at the end of `b` (from `from` on) start a sequence that more bytes could still
 * complete. Only a valid prefix is held back: anything else is already an error, reported now.
 */
const pendingOf = (b: Uint8Array, from: number): number => {
  const n = b.length;
  // The last byte that is not a continuation byte, if one of the last three (a lead byte needs at
  // most three continuation bytes).
  let p = n;
  while (p > from && p > n - 3 && (b[--p] as number) >> 6 === 2);
  if (p === n) return 0;
  const c = b[p] as number;
  // The continuation bytes after the lead byte: fewer than it needs, the first one in its range.
  const have = n - p - 1;
  return have < needed(c) && (!have || fits(c, b[p + 1] as number)) ? n - p : 0;
};

/**
 * A streaming UTF-8 decoder: the {@link https://encoding.spec.whatwg.org/#interface-textdecoder | WHATWG `TextDecoder`}
 * for UTF-8, with fatal errors that say where.
 *
 * Call `decode(chunk, { stream: true })` for each chunk: a sequence split across chunks is carried
 * over. The last call, without `stream` (or with no chunk), flushes: a sequence still incomplete
 * becomes U+FFFD (or throws when fatal), and the decoder is ready for a new stream.
 *
 * @example
 * ```ts
 * const decoder = new Utf8Decoder();
 * decoder.decode(new Uint8Array([0xf0, 0x9f]), { stream: true }); // ''
 * decoder.decode(new Uint8Array([0x98, 0x80])); // '😀'
 * ```
 */
export class Utf8Decoder {
  /** Whether ill-formed input throws {@link Utf8DecodeError} instead of becoming U+FFFD. */
  readonly fatal: boolean;
  /** Whether a leading byte order mark is kept. */
  readonly ignoreBOM: boolean;
  /** The bytes of a sequence split at the end of the last chunk (`held` of them), reused. */
  private readonly pending = new Uint8Array(4);
  /** How many bytes `pending` holds. */
  private held = 0;
  /**
   * The stream offset of the next byte to decode (`pending[0]` when a sequence is held), so that
   * errors give the offset in the whole stream. Above 0 once text has been produced in this
   * stream, after which a U+FEFF is content, not a BOM.
   */
  private offset = 0;

  /**
   * @param options - `fatal` to throw instead of replacing; `ignoreBOM` to keep a leading BOM.
   */
  constructor(options: DecodeOptions = {}) {
    this.fatal = !!options.fatal;
    this.ignoreBOM = !!options.ignoreBOM;
  }

  /**
   * Decodes the next chunk of the stream.
   *
   * A sequence split across chunks costs no more than decoding it whole: the held bytes are
   * completed from the next chunk in place, the rest of the chunk is decoded as `decode` would,
   * and nothing is copied or thrown on the way.
   *
   * @param input - The chunk, any of what `decode` takes; omit it to flush.
   * @param options - `stream: true` when more chunks follow.
   * @returns The text of every sequence completed so far.
   * @throws {@link Utf8DecodeError} when fatal and the stream is ill-formed; `index` counts from
   * the start of the stream. The decoder is then reset.
   * @throws `TypeError` when `input` is neither `undefined`, an `ArrayBuffer`, a `SharedArrayBuffer`
   * nor an `ArrayBufferView`: the message names `input`.
   * @example
   * ```ts
   * const decoder = new Utf8Decoder({ fatal: true });
   * decoder.decode(new Uint8Array([0x61, 0xe2]), { stream: true }); // 'a'
   * decoder.decode(); // throws Utf8DecodeError, index 1, reason 'truncated'
   * ```
   */
  decode(input?: Bytes, options?: StreamOptions): string {
    const b = input === undefined ? EMPTY : toBytes(input);
    const stream = !!options?.stream;
    const n = b.length;
    const pending = this.pending;
    let held = this.held;
    const base = this.offset;
    // Reset first, so that after a fatal error the decoder is ready for a new stream.
    this.held = 0;
    this.offset = 0;
    let text = '';
    let start = 0;
    if (held) {
      // Complete the held sequence from the chunk, byte by byte, as the WHATWG decoder reads them.
      const c = pending[0] as number;
      const k = needed(c);
      while (
        held <= k &&
        start < n &&
        (held > 1 ? (b[start] as number) >> 6 === 2 : fits(c, b[start] as number))
      ) {
        pending[held++] = b[start++] as number;
      }
      if (held > k) {
        // Complete: one code point, from the reused buffer.
        text = decodeJs(pending, false, 0, held);
      } else if (stream && start === n) {
        // Still incomplete, and more is to come.
        this.held = held;
        this.offset = base;
        return '';
      } else {
        // A byte that cannot continue it, or the end of the stream: the held bytes are one
        // maximal subpart, one U+FFFD; the byte that broke the sequence starts afresh below.
        if (this.fatal) throw new Utf8DecodeError(base, start < n ? 'invalid-byte' : 'truncated');
        text = '\ufffd';
      }
    }
    // The stream offset of b[start].
    const at = base + held;
    const end = stream ? n - pendingOf(b, start) : n;
    if (end > start) {
      try {
        text += decodeBytes(start || end < n ? b.subarray(start, end) : b, this.fatal, at);
      } catch (error) {
        // Only a sequence that reaches `end` is 'truncated'; when bytes are held back, the held
        // lead byte breaks it: 'invalid-byte', as `decode` of the whole stream reports.
        throw end < n
          ? new Utf8DecodeError((error as Utf8DecodeError).index, 'invalid-byte')
          : error;
      }
    }
    if (stream) {
      for (held = end; held < n; held++) pending[held - end] = b[held] as number;
      this.held = n - end;
      this.offset = at + end - start;
    }
    return base ? text : stripBOM(text, this.ignoreBOM);
  }
}
