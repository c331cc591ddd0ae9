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

// The IPv4 number parser of the WHATWG URL Standard §3.5 on s[start, end): decimal, "0x"/"0X" hex, or
// octal after a leading "0"; "0x" alone is 0. Returns the value (capped at 2^33, which every caller
// refuses), or -1 for failure. One pass, no slicing.
function whatwgNumber(s: string, start: number, end: number): number {
  if (start === end) return -1;
  let i = start;
  let radix = 10;
  if (end - start >= 2 && s.charCodeAt(i) === 48) {
    if ((s.charCodeAt(i + 1) | 32) === 120) {
      radix = 16;
      i += 2;
    } else {
      radix = 8;
      i++;
    }
  }
  let value = 0;
  for (; i < end; i++) {
    const d = hexValue(s.charCodeAt(i));
    if (d < 0 || d >= radix) return -1;
    value = Math.min(value * radix + d, 2 ** 33);
  }
  return value;
}

/** {@link readWhatwgIpv4}: the host does not end in a number, so it is a domain. */
export const NOT_IPV4 = -1;
/** {@link readWhatwgIpv4}: the host ends in a number but is no IPv4 address; the URL Standard fails. */
export const BAD_IPV4 = -2;

/**
 * Reads an ASCII host (already percent-decoded) as a WHATWG URL parser does
 * ({@link https://url.spec.whatwg.org/#concept-ipv4-parser | URL Standard §3.5}: the "ends in a number
 * checker", then the IPv4 parser): one to four dot-separated numbers, each decimal, hex (`0x`) or octal
 * (leading `0`), all but the last at most 255, the last filling the remaining bytes; one final empty
 * part (a trailing dot) is dropped. So `127.1`, `0x7f.0.0.1`, `2130706433` and `0177.0.0.1` are
 * all 127.0.0.1.
 * @returns the 32-bit address, {@link NOT_IPV4} when the host is a domain, or {@link BAD_IPV4}
 */
export function readWhatwgIpv4(s: string): number {
  let end = s.length;
  // a trailing "." ends an empty last part, which both the checker and the parser drop
  if (end > 1 && s.charCodeAt(end - 1) === 46) end--;
  const lastStart = s.lastIndexOf('.', end - 1) + 1;
  // ends in a number: the last part is all digits, or parses as an IPv4 number (the "0x" forms)
  let digits = lastStart < end;
  for (let i = lastStart; i < end && digits; i++) {
    const c = s.charCodeAt(i);
    digits = c >= 48 && c <= 57;
  }
  if (!digits && whatwgNumber(s, lastStart, end) < 0) return NOT_IPV4;
  let value = 0;
  let parts = 0;
  let from = 0;
  for (let i = 0; i <= end; i++) {
    if (i < end && s.charCodeAt(i) !== 46) continue;
    if (++parts > 4) return BAD_IPV4;
    const n = whatwgNumber(s, from, i);
    if (n < 0) return BAD_IPV4;
    if (i < end) {
      if (n > 255) return BAD_IPV4;
      value = value * 256 + n;
    } else {
      // the last number fills the bytes the others left: below 256^(5 - parts)
      if (n >= 256 ** (5 - parts)) return BAD_IPV4;
      value = value * 256 ** (5 - parts) + n;
    }
    from = i + 1;
  }
  return value;
}
