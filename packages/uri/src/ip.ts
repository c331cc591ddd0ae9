// IPv4 and IPv6 text forms by RFC 3986 §3.2.2 (dec-octet, IPv6address), which match RFC 4291 §2.2.

function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  const l = c | 32;
  if (l >= 97 && l <= 102) return l - 87;
  return -1;
}

/**
 * Reads `IPv4address` (four strict dec-octets: no leading zeros, at most 255) from `s[start, end)`.
 * @returns the 32-bit address as a number, or when the range is not exactly an IPv4address the bitwise
 *   complement (`~i`, negative) of the first offending index `i`
 */
export function readIpv4(s: string, start: number, end: number): number {
  let value = 0;
  let i = start;
  for (let part = 0; part < 4; part++) {
    if (part > 0) {
      if (s.charCodeAt(i) !== 46 || i >= end) return ~i;
      i++;
    }
    const first = i;
    let octet = 0;
    while (i < end && s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57) {
      // dec-octet: one digit, or no leading zero, and at most 255
      if (i > first && s.charCodeAt(first) === 48) return ~i;
      octet = octet * 10 + s.charCodeAt(i) - 48;
      if (octet > 255) return ~i;
      i++;
    }
    if (i === first) return ~i;
    value = value * 256 + octet;
  }
  return i === end ? value : ~i;
}

// Scratch for readIpv6: the pieces before "::" in order, then those after it.
const found: number[] = [0, 0, 0, 0, 0, 0, 0, 0];

/**
 * Reads `IPv6address` (RFC 3986 §3.2.2, every RFC 4291 §2.2 text form) from `s[start, end)`.
 * @param into - when given, receives the eight 16-bit pieces
 * @returns -1 when the range is exactly an IPv6address, else the first offending index: the end of the
 *   longest prefix that some text could still complete (`end` itself when the address is cut short)
 */
export function readIpv6(s: string, start: number, end: number, into?: number[]): number {
  let count = 0;
  let compress = -1;
  let i = start;
  if (s.charCodeAt(i) === 58 && i < end) {
    if (s.charCodeAt(++i) !== 58 || i >= end) return i;
    compress = 0;
    i++;
  } else if (i >= end) {
    return end;
  }
  while (i < end) {
    let value = 0;
    let j = i;
    while (j < end && j - i < 4) {
      const v = hexValue(s.charCodeAt(j));
      if (v < 0) break;
      value = value * 16 + v;
      j++;
    }
    if (j === i) return i;
    // a piece past the eighth (or the seventh beside "::") cannot be
    if (count === 8 || (compress >= 0 && count === 7)) return i;
    if (s.charCodeAt(j) === 46 && j < end) {
      // ls32's IPv4address: the last 32 bits, in the place of two pieces (§3.2.2)
      if (compress < 0 ? count !== 6 : count > 5) return j;
      const v4 = readIpv4(s, i, end);
      // a first group that is no dec-octet (a letter, a leading zero, over 255) fails at its "."
      if (v4 < 0) return Math.max(~v4, j);
      found[count++] = v4 >>> 16;
      found[count++] = v4 & 0xffff;
      break;
    }
    if (hexValue(s.charCodeAt(j)) >= 0 && j < end) return j;
    found[count++] = value;
    i = j;
    if (i === end) break;
    if (s.charCodeAt(i) !== 58 || count === 8 || (compress >= 0 && count === 7)) return i;
    if (s.charCodeAt(++i) === 58 && i < end) {
      if (compress >= 0) return i;
      compress = count;
      i++;
    } else if (i === end) {
      return end;
    }
  }
  // without "::" exactly eight pieces
  if (compress < 0 && count < 8) return end;
  if (into !== undefined) {
    const gap = 8 - count;
    for (let k = 0; k < 8; k++) {
      into[k] = compress < 0 || k < compress ? found[k]! : k < compress + gap ? 0 : found[k - gap]!;
    }
  }
  return -1;
}
