import { type Bytes, encode, toBytes } from '@x/utf8';
import { PercentDecodeError } from './errors';
import { denseDecoder } from './dense';
import { wellFormed } from './encode';
import { sparseDecoder } from './sparse';
import { unitsText } from './units';

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

/** UTF-16 units of a run of escapes, turned into text 8K at a time. */
const UNITS = /* @__PURE__ */ new Uint16Array(0x2000);

/** Hex digit values by ASCII code, -1 for anything else. */
const HEX_VALUES = /* @__PURE__ */ (() => {
  const values = new Int8Array(128).fill(-1);
  for (let c = 0; c < 22; c++) values['0123456789abcdefABCDEF'.charCodeAt(c)] = c < 16 ? c : c - 6;
  return values;
})();

/** The value of hex digit `c`, or -1 (also for NaN). */
export const digit = (c: number): number => (c < 0x80 ? (HEX_VALUES[c] as number) : -1);

/**
 * What a decoder's loop reads, for each decoder to hold in its own `const` bindings: V8 takes those
 * as constants, where a module-level binding (a `var` once bundled) is read afresh on every use in
 * an ES module (0.85x against 0.93x `decodeURIComponent` as ESM, when the dense decoder read them).
 * The buffer of UTF-16 units, the reader of the octet escaped at `i` (`%XX`, ending by `end`; -1
 * when there is no well-formed escape there), and the text of the first `k` units.
 */
export const helpers = (): [
  Uint16Array,
  (s: string, i: number, end: number) => number,
  (k: number) => string,
] => {
  const hex = HEX_VALUES;
  return [
    UNITS,
    (s, i, end) => {
      if (i + 3 > end || String.prototype.charCodeAt.call(s, i) !== 37) return -1;
      const h = String.prototype.charCodeAt.call(s, i + 1);
      const l = String.prototype.charCodeAt.call(s, i + 2);
      // A negative digit makes the whole value negative.
      return (h | l) > 0x7f ? -1 : ((hex[h] as number) << 4) | (hex[l] as number);
    },
    unitsText(UNITS),
  ];
};

/**
 * Percent-decodes `s` from `start` to `end`, `+` as a space when `plus`, and reads each run of
 * escapes as UTF-8 with the WHATWG decoder (one U+FFFD per maximal ill-formed subpart): a literal
 * character cannot continue a UTF-8 sequence, so decoding run by run gives the WHATWG result.
 * `from` (at most the first `%` or `+` after `start`) is where the search begins.
 */
export const decodeRange: (
  s: string,
  start: number,
  end: number,
  plus: boolean,
  strict: boolean,
  from?: number,
) => string = /* @__PURE__ */ (() => {
  const [units, escapeAt, text] = helpers();
  return (
    s: string,
    start: number,
    end: number,
    plus: boolean,
    strict: boolean,
    from: number = start,
  ): string => {
    let out = '';
    let last = start;
    let i = from;
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
      let b = escapeAt(s, i, end);
      if (b < 0) {
        if (strict) throw new PercentDecodeError(i, 'malformed-escape');
        i++;
        continue;
      }
      out += s.slice(last, i);
      // A run of escapes: decode its octets as UTF-8 into UTF-16 units, turned into text at once.
      let k = 0;
      for (; b >= 0; b = escapeAt(s, i, end)) {
        const lead = i;
        i += 3;
        if (b > 0x7f) {
          // The lead announces 1-3 trail bytes; the first trail's range excludes overlong forms (E0, F0),
          // surrogates (ED) and values above U+10FFFF (F4). An invalid lead is a sequence missing one byte.
          const trail = b < 0xc2 ? 0 : b < 0xe0 ? 1 : b < 0xf0 ? 2 : b < 0xf5 ? 3 : 0;
          let need = trail || 1;
          let d = escapeAt(s, i, end);
          let ok =
            trail > 0 &&
            d >= (b === 0xe0 ? 0xa0 : b === 0xf0 ? 0x90 : 0x80) &&
            d <= (b === 0xed ? 0x9f : b === 0xf4 ? 0x8f : 0xbf);
          b &= 0x3f >> trail;
          while (ok) {
            b = (b << 6) | (d & 0x3f);
            i += 3;
            ok = --need > 0 && (d = escapeAt(s, i, end)) >> 6 === 2;
          }
          if (need) {
            if (strict) {
              // A sequence cut short by a malformed escape is reported as that escape.
              throw trail && s.charCodeAt(i) === 37 && d < 0
                ? new PercentDecodeError(i, 'malformed-escape')
                : new PercentDecodeError(lead, 'invalid-utf8');
            }
            // The octet that broke the sequence (if any) starts afresh.
            b = 0xfffd;
          } else if (b > 0xffff) {
            units[k++] = 0xd7c0 + (b >> 10);
            b = 0xdc00 | (b & 0x3ff);
          }
        }
        units[k++] = b;
        if (k > 0x1ffd) {
          out += text(k);
          k = 0;
        }
      }
      out += text(k);
      last = i;
    }
    return last === start ? s.slice(start, end) : out + s.slice(last, end);
  };
})();

/** The decoder of densely escaped text (./dense.ts; the node build's in ./dense.node.ts). */
const decodeDense = /* @__PURE__ */ (() => {
  const [units, escapeAt, text] = helpers();
  return denseDecoder(units, escapeAt, text);
})();

/** The node build's decoder of text whose escapes stand apart (./sparse.node.ts). */
const decodeSparse = /* @__PURE__ */ sparseDecoder?.(helpers()[1], decodeRange);

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
  const text = typeof input === 'string';
  // A copy, as a plain Uint8Array: a Buffer's slice would share the caller's memory.
  const bytes = text ? encode(input) : new Uint8Array(input);
  // A strict error's index is a UTF-16 index in text: the bytes read so far, less the UTF-8
  // continuation bytes of literal characters, plus one for each 4-byte (two-unit) sequence.
  let shift = 0;
  let w = 0;
  for (let r = 0; r < bytes.length; r++) {
    let b = bytes[r] as number;
    if (b === 37) {
      const h = digit(bytes[r + 1] as number);
      const l = digit(bytes[r + 2] as number);
      if (h >= 0 && l >= 0) {
        b = (h << 4) | l;
        r += 2;
      } else if (strict)
        throw new PercentDecodeError(base + r - (text ? shift : 0), 'malformed-escape');
    } else if (b === 43 && plus) b = 32;
    else if (b > 0x7f) shift += b < 0xc0 ? 1 : b < 0xf0 ? 0 : -1;
    bytes[w++] = b;
  }
  return bytes.subarray(0, w);
};

/**
 * Percent-decodes a string and reads the octets as UTF-8
 * ({@link https://www.rfc-editor.org/rfc/rfc3986#section-2.1 | RFC 3986 §2.1},
 * {@link https://url.spec.whatwg.org/#percent-decode | URL Standard §1.3}).
 *
 * Escapes of octets that do not form well-formed UTF-8 (such as the overlong `%C0%AF`) never
 * become characters: strict mode throws, lenient mode writes U+FFFD per ill-formed subpart, as
 * the WHATWG UTF-8 decoder does. Literal characters in `input` are kept as they are, but for a lone
 * surrogate in lenient mode: the URL Standard decodes the text's UTF-8 encoding, where it is U+FFFD
 * (strict mode keeps it, as `decodeURIComponent` does). A BOM is kept.
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
 * percentDecode('%41\uD800', { mode: 'lenient' }); // 'A\uFFFD'
 * ```
 */
export function percentDecode(input: string, options: DecodeOptions = {}): string {
  const strict = options.mode !== 'lenient';
  const decoder = options.decoder;
  if (decoder) return decoder(decodeToBytes(input, false, strict, 0));
  // Lenient is the URL Standard's percent-decode of the text's UTF-8 (§1.3): a lone surrogate is U+FFFD.
  // Strict keeps it, as decodeURIComponent does.
  if (!strict) input = wellFormed(input);
  const i = input.indexOf('%');
  if (i < 0) return input;
  // Escapes close together: one pass into UTF-16 units beats slicing around each run of them.
  // Escapes far apart, in the node build: each between slices, with each `%` searched for once.
  const j = input.indexOf('%', i + 1);
  if (decodeSparse && (j < 0 || j - i > 11)) return decodeSparse(input, i, j, strict);
  return (
    (j > 0 && j - i < 12 && decodeDense(input, i)) ||
    decodeRange(input, 0, input.length, false, strict, i)
  );
}

/**
 * Percent-decodes to the raw octets, with no charset decoding
 * ({@link https://url.spec.whatwg.org/#percent-decode | URL Standard §1.3 percent-decode}).
 *
 * A string's literal characters give their UTF-8 octets; bytes are read as they are (and not modified).
 *
 * @param input - Text, or bytes holding `%XX` escapes: whatever `TextDecoder.decode` takes (an
 * `ArrayBuffer`, a `SharedArrayBuffer`, any `ArrayBufferView`, a Node `Buffer`).
 * @param options - `mode`: `'strict'` (default) throws on a malformed escape, `'lenient'` keeps it.
 * @returns A new `Uint8Array` of the decoded octets.
 * @throws {@link PercentDecodeError} in strict mode on a malformed escape, with its index
 * (UTF-16 index for a string, byte offset for bytes); `TypeError` naming `input` when it is neither
 * a string nor bytes.
 * @example
 * ```ts
 * percentDecodeBytes('%C0%AF'); // Uint8Array [0xc0, 0xaf]
 * percentDecodeBytes('%e9t%E9'); // Uint8Array [0xe9, 0x74, 0xe9]
 * ```
 */
export function percentDecodeBytes(
  input: string | Bytes,
  options: DecodeBytesOptions = {},
): Uint8Array {
  return decodeToBytes(
    typeof input === 'string' ? input : toBytes(input, 'input'),
    false,
    options.mode !== 'lenient',
    0,
  );
}
