/**
 * Counts the bytes that the UTF-8 encoding of `text` takes, without encoding it.
 *
 * A lone surrogate counts as three bytes: it is encoded as U+FFFD (EF BF BD), as the
 * {@link https://encoding.spec.whatwg.org/#utf-8-encoder | WHATWG UTF-8 encoder} does.
 *
 * @param text - Any JavaScript string, well-formed or not.
 * @returns The number of bytes `encode(text)` returns.
 * @example
 * ```ts
 * byteLength('a©≠😀'); // 1 + 2 + 3 + 4 = 10
 * ```
 */
export function byteLength(text: string): number {
  let n = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) {
      n += 1;
    } else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      // A valid pair: two UTF-16 units, four bytes.
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 2;
        i++;
      } else n += 2;
    } else n += 2;
  }
  return n;
}
