// Character classes and small helpers shared by the scanners.

/** TAB, LF, FF, CR, SPACE: {@link https://infra.spec.whatwg.org/#ascii-whitespace | Infra §4.6}. */
export function isAsciiWhitespace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d;
}

/**
 * TAB, LF, CR, SPACE: HTTP whitespace ({@link https://fetch.spec.whatwg.org/#http-whitespace | Fetch}),
 * and the characters of folded linear whitespace in mail headers (RFC 5322 FWS).
 */
export function isHttpWhitespace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

/**
 * The index of the first CR, LF or NUL of `s`, or -1: what the encoders refuse to write into a
 * header, since the decoders refuse or drop what it is encoded as (a line break must not come back
 * from a header), so that it could not be read back.
 */
export function controlAt(s: string): number {
  return s.search(/[\r\n\0]/);
}

/** `s` without CR, LF and NUL (a fold's WSP stays). */
export function cutControls(s: string): string {
  return s.replace(/[\r\n\0]/g, '');
}

/** ASCII-only lowercase: String#toLowerCase would also fold non-ASCII (U+212A KELVIN SIGN -> k, U+0130 -> two code units). */
export function asciiLower(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x41 && c <= 0x5a) {
      let out = s.slice(0, i);
      for (let j = i; j < s.length; j++) {
        const d = s.charCodeAt(j);
        out += d >= 0x41 && d <= 0x5a ? String.fromCharCode(d + 0x20) : s[j];
      }
      return out;
    }
  }
  return s;
}

/** The value of a hex digit, or -1. */
export function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  c |= 0x20;
  return c >= 0x61 && c <= 0x66 ? c - 0x61 + 10 : -1;
}

/** The parts joined into one array (the one part itself when there is only one). */
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  let total = 0;
  for (const b of parts) total += b.length;
  const bytes = new Uint8Array(total);
  let o = 0;
  for (const b of parts) {
    bytes.set(b, o);
    o += b.length;
  }
  return bytes;
}

/** Upper-case hex digits, for `%XX` and `=XX`. */
export const HEX = '0123456789ABCDEF';
