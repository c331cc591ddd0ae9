// The decoder of densely escaped text, node build (tooling/platform.ts): Node's `utf8Write` copies
// the text into bytes once, natively, and when every character is ASCII (the bytes are as many as
// the characters: percent-encoded text almost always) the loop reads them from there, about 20%
// faster than reading the string (no check of its representation on each read) even with the
// copy. Other text, and text longer than 16K characters, takes ./dense.ts. The same algorithm, so
// the result is the same for every input.
import { Buffer } from 'node:buffer';
import { denseDecoder as portable } from './dense';

/** Hex digit values by ASCII code, -1 for anything else. */
const hexValues = (): Int8Array => {
  const values = new Int8Array(128).fill(-1);
  for (let c = 0; c < 22; c++) values['0123456789abcdefABCDEF'.charCodeAt(c)] = c < 16 ? c : c - 6;
  return values;
};

/** The decoder of ./dense.ts, reading a copy of ASCII text's bytes. */
export const denseDecoder = (
  units: Uint16Array,
  escapeAt: (s: string, i: number, end: number) => number,
  text: (k: number) => string,
): ((s: string, i: number) => string) => {
  const portableDecoder = portable(units, escapeAt, text);
  const bytes = new Uint8Array(0x8000);
  const input = Buffer.from(bytes.buffer) as Buffer & {
    utf8Write(s: string, offset: number, length: number): number;
  };
  const hex = hexValues();
  /** The octet escaped at `i` of ASCII bytes `t` (`%XX`, ending by `end`), or -1. */
  const at = (t: Uint8Array, i: number, end: number): number => {
    if (i + 3 > end || t[i] !== 37) return -1;
    return ((hex[t[i + 1] as number] as number) << 4) | (hex[t[i + 2] as number] as number);
  };
  return (s: string, i: number): string => {
    const end = s.length;
    // A malformed first escape goes to the general decoder without the copy.
    if (end > 0x4000 || escapeAt(s, i, end) < 0) return portableDecoder(s, i);
    // UTF-8 of at most 0x4000 characters into 0x8000 bytes: as many bytes as characters only when
    // every one is ASCII (else at least one more, or a cut past 0x4000 bytes).
    if (input.utf8Write(s, 0, 0x8000) !== end) return portableDecoder(s, i);
    const t = bytes;
    let out = s.slice(0, i);
    let k = 0;
    while (i < end) {
      if (k > 0x1fe0) {
        out += text(k);
        k = 0;
      }
      let c = t[i] as number;
      if (c !== 37) {
        const stop = i + 16;
        do units[k++] = c;
        while (++i < end && (c = t[i] as number) !== 37 && i < stop);
        if (i === stop && c !== 37) {
          // A long literal stretch: slice it up to the next escape.
          out += text(k - 16);
          k = 0;
          const j = s.indexOf('%', i);
          out += s.slice(i - 16, j < 0 ? end : j);
          i = j < 0 ? end : j;
        }
        continue;
      }
      const b = at(t, i, end);
      if (b < 0x80) {
        if (b < 0) return '';
        units[k++] = b;
        i += 3;
        continue;
      }
      if (b < 0xc2 || b > 0xf4) return '';
      const d = at(t, i + 3, end);
      if (b < 0xe0) {
        if (d >> 6 !== 2) return '';
        units[k++] = ((b & 0x1f) << 6) | (d & 0x3f);
        i += 6;
        continue;
      }
      const e = at(t, i + 6, end);
      if (
        d < (b === 0xe0 ? 0xa0 : b === 0xf0 ? 0x90 : 0x80) ||
        d > (b === 0xed ? 0x9f : b === 0xf4 ? 0x8f : 0xbf) ||
        e >> 6 !== 2
      )
        return '';
      if (b < 0xf0) {
        units[k++] = ((b & 0xf) << 12) | ((d & 0x3f) << 6) | (e & 0x3f);
        i += 9;
        continue;
      }
      const f = at(t, i + 9, end);
      if (f >> 6 !== 2) return '';
      // A supplementary code point, as a surrogate pair: 0xd7c0 is 0xd800 - (0x10000 >> 10).
      const cp = ((b & 7) << 18) | ((d & 0x3f) << 12) | ((e & 0x3f) << 6) | (f & 0x3f);
      units[k++] = 0xd7c0 + (cp >> 10);
      units[k++] = 0xdc00 | (cp & 0x3ff);
      i += 12;
    }
    return out + text(k);
  };
};
