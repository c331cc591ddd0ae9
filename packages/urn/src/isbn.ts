// The `isbn` namespace (RFC 3187): ISBN-10 and ISBN-13 check digits (ISO 2108), hyphens ignored.
import { UrnSyntaxError } from './errors';
import type { UrnNamespace } from './types';

/** Check digit for 9 (ISBN-10) or 12 (ISBN-13) digits, or undefined for anything else. */
function check(digits: string): string | undefined {
  const n = digits.length;
  if (n !== 9 && n !== 12) return undefined;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const d = digits.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return undefined;
    // ISBN-10: weights 10..2, mod 11 (10 written X); ISBN-13: weights 1,3,1,3..., mod 10
    sum += n === 9 ? d * (10 - i) : i % 2 ? d * 3 : d;
  }
  const c = n === 9 ? (11 - (sum % 11)) % 11 : (10 - (sum % 10)) % 10;
  return c === 10 ? 'X' : String(c);
}

/** Compact form (hyphens dropped, X upper case) of a valid ISBN, or where and why it fails. */
function compact(isbn: string): string | [number, string] {
  const n = isbn.length;
  let out = '';
  for (let i = 0; i < n; i++) {
    const c = isbn.charCodeAt(i);
    if (c === 45) {
      if (i === 0 || i === n - 1 || isbn.charCodeAt(i - 1) === 45) return [i, 'misplaced hyphen'];
    } else if (c >= 48 && c <= 57) out += isbn[i];
    else if ((c | 32) === 120 && i === n - 1 && out.length === 9) out += 'X';
    else return [i, 'invalid character in ISBN'];
  }
  if (out.length !== 10 && out.length !== 13) return [n, 'an ISBN has 10 or 13 digits'];
  if (out.length === 13 && !out.startsWith('978') && !out.startsWith('979')) {
    return [0, 'ISBN-13 not prefixed 978 or 979'];
  }
  const expected = check(out.slice(0, -1));
  if (expected !== out[out.length - 1]) return [n - 1, `wrong check digit, expected ${expected}`];
  return out;
}

function compacted(isbn: string): string {
  const r = compact(isbn);
  if (typeof r !== 'string') throw new UrnSyntaxError(r[1], r[0], isbn);
  return r;
}

/** The ISBN-13 of a compact valid ISBN (ISBN-10s get the 978 prefix and a new check digit). */
function to13(c: string): string {
  if (c.length === 13) return c;
  const body = `978${c.slice(0, 9)}`;
  return body + check(body);
}

/** The compact ISBN-13 of a valid ISBN, or undefined. */
function thirteen(isbn: string): string | undefined {
  const c = compact(isbn);
  return typeof c === 'string' ? to13(c) : undefined;
}

/**
 * Computes an ISBN check digit: mod 11 with weights 10..2 for the 9 digits of an ISBN-10 (`X`
 * for 10), mod 10 with weights 1, 3 for the 12 digits of an ISBN-13.
 *
 * {@link https://www.rfc-editor.org/rfc/rfc3187 | RFC 3187} (ISO 2108)
 *
 * @param digits - 9 or 12 decimal digits, without hyphens
 * @returns the check digit, `'0'`-`'9'` or `'X'`
 * @throws {@link index!UrnSyntaxError} when `digits` is not 9 or 12 decimal digits
 * @example
 * ```ts
 * isbnCheckDigit('048627557'); // '4'
 * isbnCheckDigit('978030640615'); // '7'
 * ```
 */
export function isbnCheckDigit(digits: string): string {
  const c = check(digits);
  if (c === undefined) throw new UrnSyntaxError('expected 9 or 12 digits', 0, digits);
  return c;
}

/**
 * Tells whether a string is a valid ISBN-10 or ISBN-13: digits with optional single hyphens
 * between them, the right length and prefix, and the right check digit (`x` or `X`).
 *
 * {@link https://www.rfc-editor.org/rfc/rfc3187 | RFC 3187}
 *
 * @param isbn - the ISBN, hyphenated or not
 * @returns `true` when valid
 * @throws never
 * @example
 * ```ts
 * isIsbn('0-486-27557-4'); // true
 * isIsbn('0-486-27557-5'); // false (check digit)
 * ```
 */
export function isIsbn(isbn: string): boolean {
  return typeof compact(isbn) === 'string';
}

/**
 * Converts a valid ISBN (10 or 13) to its compact ISBN-13: ISBN-10s gain the `978` prefix
 * and a recomputed check digit, hyphens are dropped.
 *
 * {@link https://www.rfc-editor.org/rfc/rfc3187 | RFC 3187} (ISO 2108:2005)
 *
 * @param isbn - a valid ISBN-10 or ISBN-13, hyphenated or not
 * @returns 13 digits
 * @throws {@link index!UrnSyntaxError} when `isbn` is not a valid ISBN
 * @example
 * ```ts
 * isbn10To13('0-306-40615-2'); // '9780306406157'
 * ```
 */
export function isbn10To13(isbn: string): string {
  return to13(compacted(isbn));
}

/**
 * Converts a valid ISBN-13 with the `978` prefix (or an ISBN-10) to its compact ISBN-10.
 *
 * {@link https://www.rfc-editor.org/rfc/rfc3187 | RFC 3187} (ISO 2108:2005)
 *
 * @param isbn - a valid ISBN, hyphenated or not
 * @returns 10 characters, the last one possibly `X`
 * @throws {@link index!UrnSyntaxError} when `isbn` is not a valid ISBN, or starts with `979` (those have
 *   no ISBN-10)
 * @example
 * ```ts
 * isbn13To10('978-0-8044-2957-3'); // '080442957X'
 * ```
 */
export function isbn13To10(isbn: string): string {
  const c = compacted(isbn);
  if (c.length === 10) return c;
  if (!c.startsWith('978')) throw new UrnSyntaxError('a 979 ISBN has no ISBN-10 form', 0, isbn);
  const body = c.slice(3, 12);
  return body + check(body);
}

/**
 * Tells whether two ISBNs name the same book: both valid, equal once hyphens are dropped, the
 * case of `X` ignored and ISBN-10s converted to ISBN-13.
 *
 * {@link https://www.rfc-editor.org/rfc/rfc3187 | RFC 3187}
 *
 * @param a - an ISBN
 * @param b - another ISBN
 * @returns `true` when both are valid and the same ISBN
 * @throws never
 * @example
 * ```ts
 * isbnEquals('0-306-40615-2', '978-0-306-40615-7'); // true
 * ```
 */
export function isbnEquals(a: string, b: string): boolean {
  const x = thirteen(a);
  return x !== undefined && x === thirteen(b);
}

/**
 * The `isbn` namespace rules (a {@link UrnNamespace}) for `normalizeUrn` and `urnEquals`: the NSS must be a valid ISBN;
 * equivalence ignores hyphens and the case of `X`, and treats an ISBN-10 as its ISBN-13.
 *
 * {@link https://www.rfc-editor.org/rfc/rfc3187 | RFC 3187}
 *
 * @example
 * ```ts
 * urnEquals('urn:isbn:0-306-40615-2', 'urn:isbn:9780306406157', { namespaces: [isbnNamespace] }); // true
 * ```
 */
export const isbnNamespace: UrnNamespace = {
  nid: 'isbn',
  check(nss: string): string | undefined {
    const r = compact(nss);
    return typeof r === 'string' ? undefined : r[1];
  },
  normalize(nss: string): string {
    return thirteen(nss) ?? nss;
  },
};
