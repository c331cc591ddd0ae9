/**
 * Counts the bytes that the UTF-8 encoding of `text` takes, without encoding it.
 *
 * A lone surrogate counts as three bytes: it is encoded as U+FFFD (EF BF BD), as the
 * {@link https://encoding.spec.whatwg.org/#utf-8-encoder | WHATWG UTF-8 encoder} does.
 *
 * @param text - Any JavaScript string, well-formed or not.
 * @returns The number of bytes `encode(text)` returns.
 * @throws Never.
 * @example
 * ```ts
 * byteLength('a©≠😀'); // 1 + 2 + 3 + 4 = 10
 * ```
 */
export function byteLength(text: string): number {
  const n = text.length;
  let bytes = n;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c > 0x7f) {
      // Units below U+0800 take 2 bytes, the others 3; a valid surrogate pair takes 4 for 2 units.
      bytes += c < 0x800 ? 1 : 2;
      if (c >> 10 === 0x36 && text.charCodeAt(i + 1) >> 10 === 0x37) i++;
    }
  }
  return bytes;
}
