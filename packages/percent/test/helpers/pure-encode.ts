// The table-driven UTF-8 percent-encoder @x/percent used before it delegated to encodeURIComponent
// (commit f1608b2), kept as the oracle of a differential test: the new encoder must give the same
// output for every set. Written from URL Standard §1.3 "string percent-encode after encoding".
import type { EncodeSet } from '../../src/index';

const HEX = '0123456789ABCDEF';
const esc = (b: number): string => `%${HEX[b >> 4]}${HEX[b & 15]}`;
const inSet = (set: EncodeSet, c: number): boolean =>
  (((set[c >> 5] as number) >>> (c & 31)) & 1) === 1;

/** Percent-encodes `s` as UTF-8 by `set` (a lone surrogate as U+FFFD), a space as `+` when `plus`. */
export function pureEncode(s: string, set: EncodeSet, plus = false): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    let c = s.charCodeAt(i);
    if (c < 0x80) {
      out += c === 32 && plus ? '+' : inSet(set, c) ? esc(c) : s[i];
      continue;
    }
    if (c < 0x800) out += esc(0xc0 | (c >> 6));
    else {
      if (c >> 11 === 0x1b) {
        const d = s.charCodeAt(i + 1);
        if (c < 0xdc00 && d >> 10 === 0x37) {
          c = 0x10000 + ((c - 0xd800) << 10) + d - 0xdc00;
          out += esc(0xf0 | (c >> 18)) + esc(0x80 | ((c >> 12) & 0x3f));
          i++;
        } else c = 0xfffd;
      }
      if (c < 0x10000) out += esc(0xe0 | (c >> 12));
      out += esc(0x80 | ((c >> 6) & 0x3f));
    }
    out += esc(0x80 | (c & 0x3f));
  }
  return out;
}
