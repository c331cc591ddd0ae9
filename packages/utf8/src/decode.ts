import { Utf8DecodeError } from './errors';

/** Bytes to decode: a `Uint8Array`, any other `ArrayBufferView` (its bytes), or an `ArrayBuffer`. */
export type Bytes = ArrayBufferLike | ArrayBufferView;

/** Options of {@link decode} and of the {@link Utf8Decoder} constructor. */
export interface DecodeOptions {
  /** Throw {@link Utf8DecodeError} on ill-formed input instead of writing U+FFFD. Default `false`. */
  fatal?: boolean;
  /** Keep a leading byte order mark (EF BB BF) as U+FEFF instead of stripping it. Default `false`. */
  ignoreBOM?: boolean;
}

const platform = (fatal: boolean): TextDecoder | undefined => {
  try {
    return new TextDecoder('utf-8', { fatal, ignoreBOM: true });
  } catch {
    // No platform decoder (or no fatal mode): the decoder below does all the work.
  }
};
const loose = /* @__PURE__ */ platform(false);
const strict = /* @__PURE__ */ platform(true);

/**
 * Up to this many bytes our own decoder beats the platform's (whose per-call cost dominates);
 * above, the platform's decoder wins. Measured on Node 24 (bench/codec.bench.ts).
 */
const SHORT = 24;

/** Arrays of length 0 to `SHORT`, reused by our decoder for all-ASCII input. */
const pool: number[][] = [];

/** Units per `String.fromCharCode.apply` call when our decoder builds a long string. */
const FLUSH = 0x2000;

/** Views any accepted input as bytes, without copying. */
export const bytesOf = (input: Bytes): Uint8Array => {
  if (input instanceof Uint8Array) return input;
  // `new Uint8Array(3)` or `new Uint8Array([1])` would silently decode something else.
  if (!(input.byteLength >= 0)) throw new TypeError('Expected bytes');
  return ArrayBuffer.isView(input)
    ? new Uint8Array(input.buffer, input.byteOffset, input.byteLength)
    : new Uint8Array(input);
};

/**
 * The number of continuation bytes a lead byte announces, 0 if it cannot start a sequence
 * ({@link https://encoding.spec.whatwg.org/#utf-8-decoder | WHATWG UTF-8 decoder}, bytes 0xC2-0xF4).
 */
export const trailOf = (c: number): number =>
  c < 0xc2 ? 0 : c < 0xe0 ? 1 : c < 0xf0 ? 2 : c < 0xf5 ? 3 : 0;

/**
 * Whether `d` may follow the lead byte `c`. The second byte's range rules out overlong forms (E0, F0),
 * surrogates (ED) and code points above U+10FFFF (F4); any other lead takes 80-BF.
 */
export const follows = (c: number, d: number): boolean =>
  d >= (c === 0xe0 ? 0xa0 : c === 0xf0 ? 0x90 : 0x80) &&
  d <= (c === 0xed ? 0x9f : c === 0xf4 ? 0x8f : 0xbf);

/**
 * Decodes `b` with the WHATWG algorithm: one U+FFFD per maximal subpart of an ill-formed sequence.
 * When `fatal`, throws at the first such subpart instead, its index offset by `base`.
 */
const decodeJs = (b: Uint8Array, fatal: boolean | undefined, base: number): string => {
  const n = b.length;
  let i = 0;
  if (n < FLUSH) {
    // All ASCII, the common case for short strings: an array of exactly the right length is what
    // `fromCharCode.apply` takes fastest, and for short ones reusing it saves the allocation.
    const ascii: number[] = n > SHORT ? new Array(n) : pool[n] || (pool[n] = new Array(n));
    while (i < n && (b[i] as number) < 0x80) ascii[i] = b[i++] as number;
    if (i === n) return String.fromCharCode.apply(null, ascii);
    i = 0;
  }
  let out = '';
  let units: number[] = [];
  while (i < n) {
    let c = b[i++] as number;
    if (c > 0x7f) {
      const start = i - 1;
      const trail = trailOf(c);
      // An invalid lead is a sequence that misses one byte.
      let need = trail || 1;
      let ok = trail && follows(c, b[i] as number);
      c &= 0x3f >> trail;
      while (ok) {
        c = (c << 6) | ((b[i++] as number) & 0x3f);
        ok = --need && (b[i] as number) >> 6 === 2;
      }
      if (need) {
        // The byte that broke the sequence (if any) starts afresh.
        if (fatal) {
          throw new Utf8DecodeError(base + start, trail && i === n ? 'truncated' : 'invalid-byte');
        }
        c = 0xfffd;
      } else if (c > 0xffff) {
        units.push(0xd7c0 + (c >> 10));
        c = 0xdc00 | (c & 0x3ff);
      }
    }
    units.push(c);
    if (units.length >= FLUSH) {
      // Bounded, as `apply` passes each unit as an argument on the stack.
      out += String.fromCharCode.apply(null, units);
      units = [];
    }
  }
  return out + String.fromCharCode.apply(null, units);
};

/** Decodes `b` without touching the BOM, on the fastest path that gives the WHATWG result. */
export const decodeBytes = (b: Uint8Array, fatal: boolean | undefined, base: number): string => {
  const platformDecoder = fatal ? strict : loose;
  if (b.length > SHORT && platformDecoder) {
    try {
      return platformDecoder.decode(b);
    } catch {
      // Ill-formed: our decoder finds where, and throws with the index.
    }
  }
  return decodeJs(b, fatal, base);
};

/** Strips a leading U+FEFF unless `ignoreBOM` ({@link https://encoding.spec.whatwg.org/#decode | WHATWG §6 decode}). */
export const stripBOM = (text: string, ignoreBOM: boolean | undefined): string =>
  !ignoreBOM && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;

/**
 * Decodes UTF-8 bytes to a string, exactly as the
 * {@link https://encoding.spec.whatwg.org/#utf-8-decoder | WHATWG UTF-8 decoder} does.
 *
 * Each maximal subpart of an ill-formed sequence (overlong form, surrogate, value above U+10FFFF,
 * 5- or 6-byte form, truncated sequence) becomes one U+FFFD. A leading BOM is stripped.
 *
 * @param bytes - A `Uint8Array`, any `ArrayBufferView` or an `ArrayBuffer`.
 * @param options - `fatal` to throw instead of replacing; `ignoreBOM` to keep a leading BOM.
 * @returns The decoded text.
 * @throws {@link Utf8DecodeError} when `fatal` and the bytes are not well-formed UTF-8.
 * @throws `TypeError` when `bytes` is not a buffer or a view of one.
 * @example
 * ```ts
 * decode(new Uint8Array([0xe2, 0x89, 0xa0])); // '≠'
 * decode(new Uint8Array([0xc0, 0xaf])); // '\uFFFD\uFFFD', never '/'
 * ```
 */
export function decode(bytes: Bytes, options?: DecodeOptions): string {
  return stripBOM(decodeBytes(bytesOf(bytes), options?.fatal, 0), options?.ignoreBOM);
}

/** What {@link validate} returns: valid, or the offset where the first ill-formed sequence starts. */
export type ValidateResult =
  | {
      /** The bytes are well-formed UTF-8. */
      valid: true;
    }
  | {
      /** The bytes are not well-formed UTF-8. */
      valid: false;
      /** The byte offset where the first ill-formed sequence starts. */
      index: number;
    };

/**
 * Checks that bytes are well-formed UTF-8 (in the sense of the
 * {@link https://encoding.spec.whatwg.org/#utf-8-decoder | WHATWG UTF-8 decoder}), without throwing.
 *
 * @param bytes - A `Uint8Array`, any `ArrayBufferView` or an `ArrayBuffer`.
 * @returns `{ valid: true }`, or `{ valid: false, index }` with the byte offset where the first
 * ill-formed sequence starts (the bytes before it are valid).
 * @throws `TypeError` when `bytes` is not a buffer or a view of one.
 * @example
 * ```ts
 * validate(new Uint8Array([0x61, 0xed, 0xa0, 0x80])); // { valid: false, index: 1 }
 * ```
 */
export function validate(bytes: Bytes): ValidateResult {
  try {
    decodeBytes(bytesOf(bytes), true, 0);
    return { valid: true };
  } catch (error) {
    if (error instanceof Utf8DecodeError) return { valid: false, index: error.index };
    throw error;
  }
}
