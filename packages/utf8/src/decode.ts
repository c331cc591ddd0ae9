import { decodeBulk } from './bulk';
import { type Bytes, toBytes } from './bytes';
import { Utf8DecodeError } from './errors';
import { decodeShort, exactArray, SHORT } from './short';

/** Options of {@link decode} and of the {@link Utf8Decoder} constructor. */
export interface DecodeOptions {
  /** Throw {@link Utf8DecodeError} on ill-formed input instead of writing U+FFFD. Default `false`. */
  fatal?: boolean;
  /** Keep a leading byte order mark (EF BB BF) as U+FEFF instead of stripping it. Default `false`. */
  ignoreBOM?: boolean;
}

/**
 * The continuation bytes that `c` announces as a lead byte, 0 when it cannot start a multi-byte
 * sequence (80-C1, F5-FF) ({@link https://encoding.spec.whatwg.org/#utf-8-decoder | WHATWG UTF-8 decoder}, "UTF-8 bytes needed").
 */
export const needed = (c: number): number =>
  c < 0xc2 ? 0 : c < 0xe0 ? 1 : c < 0xf0 ? 2 : c < 0xf5 ? 3 : 0;

/**
 * Whether `d` may follow the lead byte `c`: the "UTF-8 lower/upper boundary" of the WHATWG decoder,
 * which rules out overlong forms (E0, F0), surrogates (ED) and code points above U+10FFFF (F4).
 */
export const fits = (c: number, d: number): boolean =>
  d >= (c === 0xe0 ? 0xa0 : c === 0xf0 ? 0x90 : 0x80) &&
  d <= (c === 0xed ? 0x9f : c === 0xf4 ? 0x8f : 0xbf);

/**
 * Decodes `b` with the {@link https://encoding.spec.whatwg.org/#utf-8-decoder | WHATWG UTF-8 decoder}:
 * one U+FFFD per maximal subpart of an ill-formed sequence. When `fatal`, throws at the first such
 * subpart instead, its index offset by `base`. Reads the first `n` bytes.
 */
export const decodeJs = (
  b: Uint8Array,
  fatal: boolean | undefined,
  base: number,
  n: number = b.length,
): string => {
  let units = n > SHORT ? [] : exactArray(n);
  let out = '';
  let i = 0;
  let w = 0;
  while (i < n) {
    let c = b[i++] as number;
    if (c < 0x80) {
      // ASCII: the unit is the byte.
    } else if (c > 0xc1 && c < 0xe0 && (b[i] as number) >> 6 === 2) {
      // Two bytes, well-formed: the commonest case after ASCII in Latin, Greek or Cyrillic text.
      c = ((c & 0x1f) << 6) | ((b[i++] as number) & 0x3f);
    } else {
      const k = needed(c);
      let j = 0;
      // The other continuation bytes take 80-BF.
      if (k && fits(c, b[i] as number)) {
        c &= 0x3f >> k;
        do c = (c << 6) | ((b[i++] as number) & 0x3f);
        while (++j < k && (b[i] as number) >> 6 === 2);
      }
      if (!k || j < k) {
        // A maximal subpart: the byte that broke the sequence (if any) starts afresh.
        if (fatal) {
          throw new Utf8DecodeError(base + i - j - 1, k && i === n ? 'truncated' : 'invalid-byte');
        }
        c = 0xfffd;
      } else if (c > 0xffff) {
        units[w++] = 0xd7c0 + (c >> 10);
        c = 0xdc00 | (c & 0x3ff);
      }
    }
    units[w++] = c;
    if (w > 0x1fff) {
      // A long string is built 8192 units per `apply` call, which passes each as an argument on
      // the stack.
      out += String.fromCharCode.apply(null, units);
      units = [];
      w = 0;
    }
  }
  if (w < units.length) {
    // A short input gave fewer units than bytes: move them to an array of the right length.
    const exact = exactArray(w);
    for (i = 0; i < w; i++) exact[i] = units[i] as number;
    units = exact;
  }
  return out + String.fromCharCode.apply(null, units);
};

/** Decodes `b` without touching the BOM, on the fastest path that gives the WHATWG result. */
export const decodeBytes = (b: Uint8Array, fatal: boolean | undefined, base: number): string =>
  // Short input: this build's fast path (./short); long input: the runtime's bulk decoder (./bulk).
  // Each takes the bytes when it can (well-formed, or at least ASCII); our decoder does the rest.
  (b.length > SHORT ? decodeBulk(b, !!fatal) : decodeShort(b)) ?? decodeJs(b, fatal, base);

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
 * @param bytes - A `Uint8Array` or `Buffer`, any other `ArrayBufferView` (its bytes), an `ArrayBuffer`
 * or a `SharedArrayBuffer`: what `TextDecoder.decode` takes.
 * @param options - `fatal` to throw instead of replacing; `ignoreBOM` to keep a leading BOM.
 * @returns The decoded text.
 * @throws {@link Utf8DecodeError} when `fatal` and the bytes are not well-formed UTF-8.
 * @throws `TypeError` when `bytes` is not an `ArrayBuffer`, a `SharedArrayBuffer` or an
 * `ArrayBufferView` (what `TextDecoder.decode` refuses): the message names `bytes`.
 * @example
 * ```ts
 * decode(new Uint8Array([0xe2, 0x89, 0xa0])); // '≠'
 * decode(new Uint8Array([0xc0, 0xaf])); // '\uFFFD\uFFFD', never '/'
 * ```
 */
export function decode(bytes: Bytes, options?: DecodeOptions): string {
  return stripBOM(decodeBytes(toBytes(bytes, 'bytes'), options?.fatal, 0), options?.ignoreBOM);
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
 * @param bytes - A `Uint8Array` or `Buffer`, any other `ArrayBufferView` (its bytes), an `ArrayBuffer`
 * or a `SharedArrayBuffer`: what `TextDecoder.decode` takes.
 * @returns `{ valid: true }`, or `{ valid: false, index }` with the byte offset where the first
 * ill-formed sequence starts (the bytes before it are valid).
 * @throws `TypeError` when `bytes` is not an `ArrayBuffer`, a `SharedArrayBuffer` or an
 * `ArrayBufferView` (what `TextDecoder.decode` refuses): the message names `bytes`.
 * @example
 * ```ts
 * validate(new Uint8Array([0x61, 0xed, 0xa0, 0x80])); // { valid: false, index: 1 }
 * ```
 */
export function validate(bytes: Bytes): ValidateResult {
  const b = toBytes(bytes, 'bytes');
  try {
    decodeBytes(b, true, 0);
    return { valid: true };
  } catch (error) {
    // Nothing but a Utf8DecodeError is thrown once `b` is bytes.
    return { valid: false, index: (error as Utf8DecodeError).index };
  }
}
