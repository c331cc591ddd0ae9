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

/**
 * Reads `IPv6address` (RFC 3986 §3.2.2, every RFC 4291 §2.2 text form) from `s[start, end)`.
 * @returns the eight 16-bit pieces, or undefined when the range is not an IPv6address
 */
export function readIpv6(s: string, start: number, end: number): number[] | undefined {
  const pieces: number[] = [];
  let compress = -1;
  let i = start;
  if (i < end && s.charCodeAt(i) === 58) {
    if (s.charCodeAt(i + 1) !== 58 || i + 1 >= end) return undefined;
    compress = 0;
    i += 2;
  } else if (i >= end) {
    return undefined;
  }
  while (i < end) {
    if (pieces.length === 8) return undefined;
    let value = 0;
    let j = i;
    while (j < end && j - i < 5) {
      const v = hexValue(s.charCodeAt(j));
      if (v < 0) break;
      value = value * 16 + v;
      j++;
    }
    if (j === i) return undefined;
    if (j < end && s.charCodeAt(j) === 46) {
      // ls32's IPv4address: the last 32 bits, only as the final piece
      if (pieces.length > 6) return undefined;
      const v4 = readIpv4(s, i, end);
      if (v4 < 0) return undefined;
      pieces.push(Math.floor(v4 / 65536), v4 % 65536);
      i = end;
      break;
    }
    if (j - i > 4) return undefined;
    pieces.push(value);
    i = j;
    if (i === end) break;
    if (s.charCodeAt(i) !== 58) return undefined;
    i++;
    if (i < end && s.charCodeAt(i) === 58) {
      if (compress >= 0) return undefined;
      compress = pieces.length;
      i++;
    } else if (i === end) {
      return undefined;
    }
  }
  if (compress < 0) return pieces.length === 8 ? pieces : undefined;
  // "::" stands for at least one zero piece
  if (pieces.length > 7) return undefined;
  const zeros = 8 - pieces.length;
  const out = pieces.slice(0, compress);
  for (let k = 0; k < zeros; k++) out.push(0);
  for (let k = compress; k < pieces.length; k++) out.push(pieces[k]!);
  return out;
}
