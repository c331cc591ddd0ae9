// §6.2.2.1-2 on one component: hex digits of escapes in upper case, escapes of unreserved characters
// decoded, and (for hosts) ASCII letters in lower case. A hand-written loop: this runs on every normalize.
import { Bits, CHARS } from './chars';

function hex(c: number): number {
  return c <= 57 ? c - 48 : (c | 32) - 87;
}

const UPPER_HEX = '0123456789ABCDEF';
const UPPER = /[A-Z]/;

/**
 * @param s - a valid component (every `%` starts a pct-encoded triplet)
 * @param lower - lower-case ASCII letters outside escapes (for hosts)
 * @param decode - decode escapes of unreserved characters
 */
export function normalizeEscapes(s: string, lower: boolean, decode = true): string {
  // Nothing to do without an escape (and, for a host, an upper-case letter): one search, which
  // steps over a long query many times faster than the loop below.
  if (s.indexOf('%') < 0 && !(lower && UPPER.test(s))) return s;
  let out = '';
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 37) {
      const a = s.charCodeAt(i + 1);
      const b = s.charCodeAt(i + 2);
      const v = hex(a) * 16 + hex(b);
      let rep: string;
      if (decode && v < 128 && (CHARS[v]! & Bits.UNRESERVED) !== 0) {
        rep = String.fromCharCode(lower && v >= 65 && v <= 90 ? v + 32 : v);
      } else if (a >= 97 || b >= 97) {
        rep = `%${UPPER_HEX[v >> 4]}${UPPER_HEX[v & 15]}`;
      } else {
        i += 2;
        continue;
      }
      out += s.slice(from, i) + rep;
      i += 2;
      from = i + 1;
    } else if (lower && c >= 65 && c <= 90) {
      out += s.slice(from, i) + String.fromCharCode(c + 32);
      from = i + 1;
    }
  }
  return from === 0 ? s : out + s.slice(from);
}
