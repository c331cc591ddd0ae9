import { decode, encode, type Utf8DecodeError } from '@x/utf8';
import { PercentDecodeError } from './errors';

/**
 * `'strict'` throws {@link PercentDecodeError} on a malformed escape or ill-formed UTF-8;
 * `'lenient'` keeps a malformed escape as it is and writes U+FFFD for ill-formed UTF-8
 * (the {@link https://url.spec.whatwg.org/#percent-decode | WHATWG percent-decode} behaviour).
 */
export type DecodeMode = 'strict' | 'lenient';

/** Options of {@link percentDecodeBytes}. */
export interface DecodeBytesOptions {
  /** What to do with a malformed escape. Default `'strict'`. */
  mode?: DecodeMode;
}

/** Options of {@link percentDecode}. */
export interface DecodeOptions extends DecodeBytesOptions {
  /**
   * Decodes the octets in another charset, e.g. `(bytes) => codec.decode(bytes)`. The input's literal
   * characters reach it as UTF-8, as in the WHATWG algorithm: give it ASCII input.
   */
  decoder?: (bytes: Uint8Array) => string;
}

/** The value of hex digit `c`, or -1 (also for NaN, past the end of a string). */
export const digit = (c: number): number => {
  if (c - 48 < 10 && c >= 48) return c - 48;
  const l = (c | 32) - 97;
  return l < 6 && l >= 0 ? l + 10 : -1;
};

/** The octet escaped at `i` (`%XX`, ending by `end`), or -1 when there is no well-formed escape there. */
export const escapeAt = (s: string, i: number, end: number): number => {
  if (i + 3 > end || s.charCodeAt(i) !== 37) return -1;
  const h = digit(s.charCodeAt(i + 1));
  const l = digit(s.charCodeAt(i + 2));
  return h < 0 || l < 0 ? -1 : (h << 4) | l;
};

/**
 * Percent-decodes `s` from `start` to `end`, `+` as a space when `plus`, and reads each run of
 * escapes as UTF-8 with the WHATWG decoder (one U+FFFD per maximal ill-formed subpart): a literal
 * character cannot continue a UTF-8 sequence, so decoding run by run gives the WHATWG result.
 */
export const decodeRange = (
  s: string,
  start: number,
  end: number,
  plus: boolean,
  strict: boolean,
): string => {
  let out = '';
  let last = start;
  let i = start;
  let buffer: Uint8Array | undefined;
  while (i < end) {
    if (plus) {
      const c = s.charCodeAt(i);
      if (c === 43) {
        out += `${s.slice(last, i)} `;
        last = ++i;
        continue;
      }
      if (c !== 37) {
        i++;
        continue;
      }
    } else {
      // Without `+` only `%` matters: let the engine find it.
      i = s.indexOf('%', i);
      if (i < 0 || i >= end) break;
    }
    const b = escapeAt(s, i, end);
    if (b < 0) {
      if (strict) throw new PercentDecodeError(i, 'malformed-escape');
      i++;
      continue;
    }
    out += s.slice(last, i);
    const run = i;
    i += 3;
    let next = escapeAt(s, i, end);
    if (b < 0x80 && (next < 0 || next < 0x80)) out += String.fromCharCode(b);
    else {
      // A run of escapes holding non-ASCII octets: gather it, then decode it as UTF-8.
      buffer ??= new Uint8Array(((end - run) / 3) | 0);
      let n = 0;
      buffer[n++] = b;
      for (; next >= 0; next = escapeAt(s, (i += 3), end)) buffer[n++] = next;
      try {
        out += decode(buffer.subarray(0, n), { fatal: strict, ignoreBOM: true });
      } catch (error) {
        // A sequence cut short by a malformed escape is reported as that escape.
        throw s.charCodeAt(i) === 37 && i < end
          ? new PercentDecodeError(i, 'malformed-escape')
          : new PercentDecodeError(run + 3 * (error as Utf8DecodeError).index, 'invalid-utf8');
      }
    }
    last = i;
  }
  return last === start ? s.slice(start, end) : out + s.slice(last, end);
};

/**
 * Percent-decodes `input` (a string is first encoded as UTF-8) to octets, `+` as 0x20 when `plus`.
 * A strict error's index is a UTF-16 index in a string (offset by `base`), a byte offset in bytes.
 */
export const decodeToBytes = (
  input: string | Uint8Array,
  plus: boolean,
  strict: boolean,
  base: number,
): Uint8Array => {
  if (typeof input === 'string') {
    // Check the escapes on the text, so that an error's index is a UTF-16 index.
    for (let i = input.indexOf('%'); strict && i >= 0; i = input.indexOf('%', i + 1)) {
      if (escapeAt(input, i, input.length) < 0)
        throw new PercentDecodeError(base + i, 'malformed-escape');
    }
  }
  const bytes = typeof input === 'string' ? encode(input) : input.slice();
  const n = bytes.length;
  let w = 0;
  for (let r = 0; r < n; ) {
    let b = bytes[r] as number;
    if (b === 37) {
      const h = digit(bytes[r + 1] as number);
      const l = digit(bytes[r + 2] as number);
      if (h >= 0 && l >= 0) {
        bytes[w++] = (h << 4) | l;
        r += 3;
        continue;
      }
      if (strict) throw new PercentDecodeError(base + r, 'malformed-escape');
    } else if (b === 43 && plus) b = 32;
    bytes[w++] = b;
    r++;
  }
  return w < n ? bytes.slice(0, w) : bytes;
};

/**
 * Percent-decodes a string and reads the octets as UTF-8
 * ({@link https://www.rfc-editor.org/rfc/rfc3986#section-2.1 | RFC 3986 §2.1},
 * {@link https://url.spec.whatwg.org/#percent-decode | URL Standard §1.3}).
 *
 * Escapes of octets that do not form well-formed UTF-8 (such as the overlong `%C0%AF`) never
 * become characters: strict mode throws, lenient mode writes U+FFFD per ill-formed subpart, as
 * the WHATWG UTF-8 decoder does. Literal characters in `input` are kept as they are. A BOM is kept.
 *
 * @param input - Text holding `%XX` escapes.
 * @param options - `mode` (`'strict'` by default, or `'lenient'`) and `decoder` for another charset.
 * @returns The decoded text.
 * @throws {@link PercentDecodeError} in strict mode: `'malformed-escape'` (`%zz`, `%4`) or
 * `'invalid-utf8'`, with the index of the `%` in `input`.
 * @example
 * ```ts
 * percentDecode('caf%C3%A9'); // 'café'
 * percentDecode('100%', { mode: 'lenient' }); // '100%'
 * percentDecode('%C0%AF', { mode: 'lenient' }); // '\uFFFD\uFFFD', never '/'
 * percentDecode('%252F'); // '%2F', decoded once
 * ```
 */
export function percentDecode(input: string, options: DecodeOptions = {}): string {
  const strict = options.mode !== 'lenient';
  const decoder = options.decoder;
  if (decoder) return decoder(decodeToBytes(input, false, strict, 0));
  return input.indexOf('%') < 0 ? input : decodeRange(input, 0, input.length, false, strict);
}

/**
 * Percent-decodes to the raw octets, with no charset decoding
 * ({@link https://url.spec.whatwg.org/#percent-decode | URL Standard §1.3 percent-decode}).
 *
 * A string's literal characters give their UTF-8 octets; bytes are read as they are (and not modified).
 *
 * @param input - Text, or bytes, holding `%XX` escapes.
 * @param options - `mode`: `'strict'` (default) throws on a malformed escape, `'lenient'` keeps it.
 * @returns A new `Uint8Array` of the decoded octets.
 * @throws {@link PercentDecodeError} in strict mode on a malformed escape, with its index
 * (UTF-16 index for a string, byte offset for bytes).
 * @example
 * ```ts
 * percentDecodeBytes('%C0%AF'); // Uint8Array [0xc0, 0xaf]
 * percentDecodeBytes('%e9t%E9'); // Uint8Array [0xe9, 0x74, 0xe9]
 * ```
 */
export function percentDecodeBytes(
  input: string | Uint8Array,
  options: DecodeBytesOptions = {},
): Uint8Array {
  return decodeToBytes(input, false, options.mode !== 'lenient', 0);
}
