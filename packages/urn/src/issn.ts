// The `issn` namespace (RFC 3044, updated by RFC 8254): NNNN-NNNC with an ISO 3297 check digit.
import { UrnSyntaxError } from './errors';
import type { UrnNamespace } from './types';

function check(digits: string): string | undefined {
  if (digits.length !== 7) return undefined;
  let sum = 0;
  for (let i = 0; i < 7; i++) {
    const d = digits.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return undefined;
    sum += d * (8 - i);
  }
  const c = (11 - (sum % 11)) % 11;
  return c === 10 ? 'X' : String(c);
}

function problem(issn: string): string | undefined {
  if (issn.length !== 9 || issn[4] !== '-') return 'an ISSN is written NNNN-NNNC';
  const expected = check(issn.slice(0, 4) + issn.slice(5, 8));
  if (expected === undefined) return 'invalid character in ISSN';
  return expected === issn[8]!.toUpperCase()
    ? undefined
    : `wrong check digit, expected ${expected}`;
}

/**
 * Computes an ISSN check digit: mod 11 with weights 8..2 over the seven digits, `X` for 10.
 *
 * {@link https://www.rfc-editor.org/rfc/rfc3044 | RFC 3044} (ISO 3297)
 *
 * @param digits - the first seven digits, without the hyphen
 * @returns the check digit, `'0'`-`'9'` or `'X'`
 * @throws {@link index!UrnSyntaxError} when `digits` is not seven decimal digits
 * @example
 * ```ts
 * issnCheckDigit('0378595'); // '5'
 * ```
 */
export function issnCheckDigit(digits: string): string {
  const c = check(digits);
  if (c === undefined) throw new UrnSyntaxError('expected 7 digits', 0, digits);
  return c;
}

/**
 * Tells whether a string is a valid ISSN: `NNNN-NNNC` with the hyphen and the right check digit
 * (`x` or `X`).
 *
 * {@link https://www.rfc-editor.org/rfc/rfc3044 | RFC 3044},
 * {@link https://www.rfc-editor.org/rfc/rfc8254 | RFC 8254}
 *
 * @param issn - the ISSN
 * @returns `true` when valid
 * @throws never
 * @example
 * ```ts
 * isIssn('0259-000X'); // true
 * isIssn('03785955'); // false: the hyphen is part of the syntax
 * ```
 */
export function isIssn(issn: string): boolean {
  return problem(issn) === undefined;
}

/**
 * The `issn` namespace rules (a {@link UrnNamespace}) for `normalizeUrn` and `urnEquals`: the NSS
 * must be a valid ISSN; equivalence ignores the case of `X`.
 *
 * {@link https://www.rfc-editor.org/rfc/rfc3044 | RFC 3044}, {@link https://www.rfc-editor.org/rfc/rfc8254 | RFC 8254}
 *
 * @example
 * ```ts
 * urnEquals('URN:ISSN:0259-000X', 'urn:issn:0259-000x', { namespaces: [issnNamespace] }); // true
 * ```
 */
export const issnNamespace: UrnNamespace = {
  nid: 'issn',
  check: problem,
  normalize(nss: string): string {
    return problem(nss) === undefined ? nss.toUpperCase() : nss;
  },
};
