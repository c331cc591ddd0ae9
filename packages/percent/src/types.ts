/**
 * An encode set as data: four 32-bit words, one bit per ASCII code point (bit `c & 31` of word
 * `c >> 5`); a set bit means the code point is percent-encoded. Code points above U+007F (and, in
 * octets, 0x80-0xFF) are always percent-encoded, whatever the set
 * ({@link https://url.spec.whatwg.org/#percent-encoded-bytes | URL Standard §1.3}).
 */
export type EncodeSet = readonly [number, number, number, number];
