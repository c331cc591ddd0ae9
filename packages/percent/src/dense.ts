// The decoder of densely escaped text, portable build. The node build swaps in ./dense.node.ts
// (tooling/platform.ts), which returns exactly the same for every input.

/**
 * Builds, from a buffer of UTF-16 units, the escape reader and the text builder (held by its
 * caller in `const` bindings), the decoder that percent-decodes text from its first escape at `i`
 * in one pass, literal characters and escapes alike into UTF-16 units turned into text at once (a
 * literal stretch longer than 16 characters is sliced instead), or returns `''` at the first
 * malformed escape or ill-formed UTF-8 sequence, for the general decoder to report or repair.
 * Each UTF-8 form is read in straight-line code with the ranges of RFC 3629 §4 (Unicode Table
 * 3-7): no overlong form, surrogate or value above U+10FFFF passes. The result of a text holding an
 * escape is never empty.
 */
export const denseDecoder =
  (
    units: Uint16Array,
    escapeAt: (s: string, i: number, end: number) => number,
    text: (k: number) => string,
  ): ((s: string, i: number) => string) =>
  (s: string, i: number): string => {
    const end = s.length;
    let out = s.slice(0, i);
    let k = 0;
    while (i < end) {
      if (k > 0x1fe0) {
        out += text(k);
        k = 0;
      }
      let c = s.charCodeAt(i);
      if (c !== 37) {
        const stop = i + 16;
        do units[k++] = c;
        while (++i < end && (c = s.charCodeAt(i)) !== 37 && i < stop);
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
      const b = escapeAt(s, i, end);
      if (b < 0x80) {
        if (b < 0) return '';
        units[k++] = b;
        i += 3;
        continue;
      }
      if (b < 0xc2 || b > 0xf4) return '';
      const d = escapeAt(s, i + 3, end);
      if (b < 0xe0) {
        if (d >> 6 !== 2) return '';
        units[k++] = ((b & 0x1f) << 6) | (d & 0x3f);
        i += 6;
        continue;
      }
      const e = escapeAt(s, i + 6, end);
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
      const f = escapeAt(s, i + 9, end);
      if (f >> 6 !== 2) return '';
      // A supplementary code point, as a surrogate pair: 0xd7c0 is 0xd800 - (0x10000 >> 10).
      const cp = ((b & 7) << 18) | ((d & 0x3f) << 12) | ((e & 0x3f) << 6) | (f & 0x3f);
      units[k++] = 0xd7c0 + (cp >> 10);
      units[k++] = 0xdc00 | (cp & 0x3ff);
      i += 12;
    }
    return out + text(k);
  };
