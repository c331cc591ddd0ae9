import type { EncodeSet } from './types';

/**
 * Builds an encode set that keeps ASCII letters, digits and the characters of `literal` as they
 * are and percent-encodes every other code point, the way RFC 3986 states each component's
 * allowed characters ({@link https://www.rfc-editor.org/rfc/rfc3986#section-2.1 | RFC 3986 §2.1}).
 *
 * @param literal - ASCII characters to leave unencoded, besides `A-Z`, `a-z` and `0-9`.
 * @returns A frozen {@link EncodeSet}.
 * @throws Never. Characters above U+007F in `literal` are ignored: non-ASCII is always encoded.
 * @example
 * ```ts
 * const set = encodeSet("-_.!~*'()"); // the characters encodeURIComponent leaves alone
 * percentEncode('a b!', set); // 'a%20b!'
 * ```
 */
export function encodeSet(literal: string): EncodeSet {
  // Everything is encoded except A-Z (word 2, bits 1-26), a-z (word 3, bits 1-26) and 0-9 (word 1, bits 16-25).
  const words = [-1, ~0x3ff0000, ~0x7fffffe, ~0x7fffffe];
  for (let i = 0; i < literal.length; i++) {
    const c = literal.charCodeAt(i);
    if (c < 0x80) words[c >> 5] = (words[c >> 5] as number) & ~(1 << (c & 31));
  }
  return Object.freeze(words) as unknown as EncodeSet;
}
