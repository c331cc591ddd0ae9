import { type Bytes, bytesOf, type DecodeOptions, decodeBytes, decodeJs, stripBOM } from './decode';
import type { Utf8DecodeError } from './errors';

/** Options of {@link Utf8Decoder.decode}. */
export interface StreamOptions {
  /** More bytes follow: hold back a sequence split at the end of this chunk. Default `false`. */
  stream?: boolean;
}

const EMPTY = /* @__PURE__ */ new Uint8Array(0);

/**
 * How many bytes at the end of `b` start a sequence that more bytes could still complete.
 * Only a valid prefix is held back: anything else is already an error the decoder reports now.
 */
const pendingOf = (b: Uint8Array): number => {
  const n = b.length;
  // The last byte that is not a continuation byte, if one of the last three (a lead needs at most
  // three continuation bytes).
  let p = n;
  while (p > 0 && p > n - 3 && (b[--p] as number) >> 6 === 2);
  try {
    decodeJs(b.subarray(p), true, 0);
  } catch (error) {
    // Only a lead byte, then continuation bytes that fit it, then the end, is a 'truncated' error
    // (at index 0: from `p` on, every byte but the first is a continuation byte).
    if ((error as Utf8DecodeError).reason === 'truncated') return n - p;
  }
  return 0;
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
  /** Bytes of a sequence split at the end of the last chunk. */
  private pending: Uint8Array = EMPTY;
  /**
   * The stream offset of `pending[0]`, so that errors give the offset in the whole stream. Above 0
   * once text has been produced in this stream, after which a U+FEFF is content, not a BOM.
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
   * @param input - The chunk; omit it to flush.
   * @param options - `stream: true` when more chunks follow.
   * @returns The text of every sequence completed so far.
   * @throws {@link Utf8DecodeError} when fatal and the stream is ill-formed; `index` counts from
   * the start of the stream. The decoder is then reset.
   * @throws `TypeError` when `input` is not a buffer or a view of one.
   * @example
   * ```ts
   * const decoder = new Utf8Decoder({ fatal: true });
   * decoder.decode(new Uint8Array([0x61, 0xe2]), { stream: true }); // 'a'
   * decoder.decode(); // throws Utf8DecodeError, index 1, reason 'truncated'
   * ```
   */
  decode(input?: Bytes, options: StreamOptions = {}): string {
    let b = input === undefined ? EMPTY : bytesOf(input);
    const held = this.pending;
    if (held.length) {
      const joined = new Uint8Array(held.length + b.length);
      joined.set(held);
      joined.set(b, held.length);
      b = joined;
    }
    const stream = options.stream;
    const end = b.length - (stream ? pendingOf(b) : 0);
    const base = this.offset;
    // Reset first, so that after a fatal error the decoder is ready for a new stream.
    this.pending = EMPTY;
    this.offset = 0;
    const text = decodeBytes(b.subarray(0, end), this.fatal, base);
    if (stream) {
      // Copy, as the caller may reuse its buffer for the next chunk.
      this.pending = b.slice(end);
      this.offset = base + end;
    }
    return base ? text : stripBOM(text, this.ignoreBOM);
  }
}
