// Percent-decoding to text for the scheme helpers: escapes must be well formed and the octets UTF-8.
import { decode, encode, Utf8DecodeError } from '@x/utf8';
import { isPctAt } from './ascii';
import { UriSyntaxError } from './errors';

/**
 * Decodes the escapes of `s` as UTF-8.
 * @param s - the text to decode
 * @param input - the whole input, for the error
 * @param offset - where `s` starts in `input`
 */
export function decodeText(s: string, input: string, offset: number): string {
  if (s.indexOf('%') < 0) return s;
  const text = utf8OrIndex(decodeBytes(s, input, offset), s);
  if (typeof text === 'number')
    throw new UriSyntaxError(input, offset + text, 'escapes are not UTF-8');
  return text;
}

/**
 * `bytes`, the octets of `s` (from {@link decodeBytes}), as UTF-8 text, a leading U+FEFF kept (it
 * is a character of the name, not a byte order mark: `%EF%BB%BFa` is "\uFEFFa"); or, when they
 * are not UTF-8, the offset in `s` of the escape where the malformed sequence starts.
 */
export function utf8OrIndex(bytes: Uint8Array, s: string): string | number {
  try {
    return decode(bytes, { fatal: true, ignoreBOM: true });
  } catch (error) {
    // Each byte came from an escape (3 characters) or an ASCII character (1).
    let b = error instanceof Utf8DecodeError ? error.index : 0;
    let i = 0;
    for (; b > 0; b--) i += s.charCodeAt(i) === 37 ? 3 : 1;
    return i;
  }
}

/** Decodes the escapes of `s` to octets; other characters must be ASCII. */
export function decodeBytes(s: string, input: string, offset: number): Uint8Array {
  const out = new Uint8Array(s.length);
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 37) {
      if (!isPctAt(s, i)) throw new UriSyntaxError(input, offset + i, 'malformed percent-encoding');
      out[n++] = Number.parseInt(s.slice(i + 1, i + 3), 16);
      i += 2;
    } else if (c < 128) {
      out[n++] = c;
    } else {
      throw new UriSyntaxError(input, offset + i, 'non-ASCII character');
    }
  }
  return out.subarray(0, n);
}

const HEX = '0123456789ABCDEF';

/**
 * Percent-encodes the UTF-8 of `s`, keeping the ASCII characters `keep` accepts.
 * @param s - the text
 * @param keep - which ASCII codes stay as they are
 */
export function encodeText(s: string, keep: (c: number) => boolean): string {
  const bytes = encode(s);
  let out = '';
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    out += b < 128 && keep(b) ? String.fromCharCode(b) : `%${HEX[b >> 4]}${HEX[b & 15]}`;
  }
  return out;
}
