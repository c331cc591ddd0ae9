// Characters beyond ASCII in an IRI (RFC 3987 §2.2), read for the scanner's loop (scan.ts `run`).
// The loop is handed this reader only where an IRI is read (parseIri, serialize), so the entries
// that read URIs alone bundle none of it.
import { isUcs } from './chars';

/**
 * How `run` reads a character beyond ASCII at `s[i]`: returns the index after it when the grammar
 * allows it there, else `i`.
 */
export type Beyond = (s: string, i: number, privateOk: boolean) => number;

/** The `ucschar` (or, when `privateOk`, `iprivate`) at `s[i]`, a surrogate pair read as one. */
export function ucsAt(s: string, i: number, privateOk: boolean): number {
  const c = s.charCodeAt(i);
  let cp = c;
  if (c >= 0xd800 && c <= 0xdbff) {
    const d = s.charCodeAt(i + 1);
    if (d >= 0xdc00 && d <= 0xdfff) cp = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
  }
  return isUcs(cp, privateOk) ? i + (cp > 0xffff ? 2 : 1) : i;
}
