// The ASCII tests that need no character table: a module of their own, so that what imports only
// them (@x/uri/tel, the escape decoder) does not share a chunk with the table, which then lives in
// the chunk of the scanner that reads it.

/** Whether `c` is an ASCII letter. */
export function isAlpha(c: number): boolean {
  return (c | 32) >= 97 && (c | 32) <= 122;
}

/** Whether `c` is an ASCII digit. */
export function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** Whether `c` is a hex digit (`HEXDIG`, either case). */
export function isHex(c: number): boolean {
  return (c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 102);
}

/** Whether `s[i]` is `%` followed by two hex digits (pct-encoded, §2.1). */
export function isPctAt(s: string, i: number): boolean {
  // NaN past the end is no hex digit
  return isHex(s.charCodeAt(i + 1)) && isHex(s.charCodeAt(i + 2));
}
