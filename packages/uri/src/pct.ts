// Percent-decoding to text for the scheme helpers: escapes must be well formed and the octets UTF-8.
import { decode, encode } from '@x/utf8';
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
  const bytes = decodeBytes(s, input, offset);
  try {
    return decode(bytes, { fatal: true });
  } catch {
    throw new UriSyntaxError(input, offset, 'escapes are not UTF-8');
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
