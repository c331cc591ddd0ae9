// IPv4 and IPv6 text forms by RFC 3986 §3.2.2 (dec-octet, IPv6address), which match RFC 4291 §2.2.

function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  const l = c | 32;
  if (l >= 97 && l <= 102) return l - 87;
  return -1;
}

/**
 * Reads `IPv4address` (four strict dec-octets: no leading zeros, at most 255) from `s[start, end)`.
 * @returns the 32-bit address as a number, or -1 when the range is not exactly an IPv4address
 */
export function readIpv4(s: string, start: number, end: number): number {
  let value = 0;
  let i = start;
  for (let part = 0; part < 4; part++) {
    if (part > 0) {
      if (i >= end || s.charCodeAt(i) !== 46) return -1;
      i++;
    }
    const first = i;
    let octet = 0;
    while (i < end) {
      const c = s.charCodeAt(i);
      if (c < 48 || c > 57) break;
      octet = octet * 10 + c - 48;
      i++;
      if (i - first > 3) return -1;
    }
    // dec-octet: one digit, or no leading zero, and at most 255
    if (i === first || octet > 255 || (i - first > 1 && s.charCodeAt(first) === 48)) return -1;
    value = value * 256 + octet;
  }
  return i === end ? value : -1;
}

// Scratch for readIpv6: the pieces before "::" in order, then those after it.
const found: number[] = [0, 0, 0, 0, 0, 0, 0, 0];

/**
 * Reads `IPv6address` (RFC 3986 §3.2.2, every RFC 4291 §2.2 text form) from `s[start, end)`.
 * @param into - when given, receives the eight 16-bit pieces
 * @returns whether the range is exactly an IPv6address
 */
export function readIpv6(s: string, start: number, end: number, into?: number[]): boolean {
  let count = 0;
  let compress = -1;
  let i = start;
  if (i < end && s.charCodeAt(i) === 58) {
    if (s.charCodeAt(i + 1) !== 58 || i + 1 >= end) return false;
    compress = 0;
    i += 2;
  } else if (i >= end) {
    return false;
  }
  while (i < end) {
    if (count === 8) return false;
    let value = 0;
    let j = i;
    while (j < end && j - i < 5) {
      const v = hexValue(s.charCodeAt(j));
      if (v < 0) break;
      value = value * 16 + v;
      j++;
    }
    if (j === i) return false;
    if (j < end && s.charCodeAt(j) === 46) {
      // ls32's IPv4address: the last 32 bits, only as the final piece
      if (count > 6) return false;
      const v4 = readIpv4(s, i, end);
      if (v4 < 0) return false;
      found[count++] = Math.floor(v4 / 65536);
      found[count++] = v4 % 65536;
      break;
    }
    if (j - i > 4) return false;
    found[count++] = value;
    i = j;
    if (i === end) break;
    if (s.charCodeAt(i) !== 58) return false;
    i++;
    if (i < end && s.charCodeAt(i) === 58) {
      if (compress >= 0) return false;
      compress = count;
      i++;
    } else if (i === end) {
      return false;
    }
  }
  // without "::" exactly eight pieces; with it at most seven, as "::" stands for at least one zero
  if (compress < 0 ? count !== 8 : count > 7) return false;
  if (into !== undefined) {
    const gap = 8 - count;
    for (let k = 0; k < 8; k++) {
      into[k] = compress < 0 || k < compress ? found[k]! : k < compress + gap ? 0 : found[k - gap]!;
    }
  }
  return true;
}
