// The `nbn` namespace (RFC 8458): National Bibliography Numbers, with the German National
// Library's check digit for `urn:nbn:de:` names.
import { UrnSyntaxError } from './errors';
import type { UrnNamespace } from './types';

// The DNB's character-to-number table for its URN check digit ("URN-Prüfziffer").
const CODES: Readonly<Record<string, string>> = /* @__PURE__ */ codes();

function codes(): Record<string, string> {
  const t: Record<string, string> = {};
  const order = '0123456789abcdefghijklmnopqrstuvwxyz+:-/_.';
  const values = [
    1, 2, 3, 4, 5, 6, 7, 8, 9, 41, 18, 14, 19, 15, 16, 21, 22, 23, 24, 25, 42, 26, 27, 13, 28, 29,
    31, 12, 32, 33, 11, 34, 35, 36, 37, 38, 49, 17, 39, 45, 43, 47,
  ];
  for (let i = 0; i < order.length; i++) t[order[i]!] = String(values[i]);
  return t;
}

function check(urn: string): string | undefined {
  let digits = '';
  const lower = urn.toLowerCase();
  for (let i = 0; i < lower.length; i++) {
    const code = CODES[lower[i]!];
    if (code === undefined) return undefined;
    digits += code;
  }
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += (digits.charCodeAt(i) - 48) * (i + 1);
  // no code ends in 0, so the divisor is never 0
  return String(Math.floor(sum / (digits.charCodeAt(digits.length - 1) - 48)) % 10);
}

/**
 * Computes the German National Library (DNB) check digit of an `urn:nbn:de:` URN: each
 * character mapped to a number by the DNB's table, the digits weighted by position and summed,
 * the sum divided by the last digit; the check digit is the last digit of the quotient.
 *
 * {@link https://www.rfc-editor.org/rfc/rfc8458 | RFC 8458} (namespace); the algorithm is the DNB's
 *
 * @param urn - the URN without its check digit, e.g. `urn:nbn:de:gbv:089-332175294`
 * @returns the check digit, `'0'`-`'9'`
 * @throws {@link index!UrnSyntaxError} when `urn` is empty or has a character outside the DNB table
 *   (letters, digits and `+ : - / _ .`)
 * @example
 * ```ts
 * nbnCheckDigit('urn:nbn:de:gbv:089-332175294'); // '5'
 * ```
 */
export function nbnCheckDigit(urn: string): string {
  const c = urn === '' ? undefined : check(urn);
  if (c === undefined)
    throw new UrnSyntaxError('character outside the DNB check digit table', 0, urn);
  return c;
}

function problem(nss: string): string | undefined {
  // NBN = ISO 3166 country code, then ":" (sub-namespaces) or "-" (RFC 3188 form), then the rest
  const a = nss.charCodeAt(0) | 32;
  const b = nss.charCodeAt(1) | 32;
  const sep = nss[2];
  if (
    !(a >= 97 && a <= 122 && b >= 97 && b <= 122) ||
    (sep !== ':' && sep !== '-') ||
    nss.length < 4
  ) {
    return 'an NBN starts with a two-letter country code and ":" or "-"';
  }
  if (
    nss.slice(0, 3).toLowerCase() === 'de:' &&
    check(`urn:nbn:${nss.slice(0, -1)}`) !== nss[nss.length - 1]
  ) {
    return 'wrong DNB check digit';
  }
  return undefined;
}

/**
 * The `nbn` namespace rules (a {@link UrnNamespace}) for `normalizeUrn` and `urnEquals`: the NSS
 * must start with a country code; `de:` names must carry the DNB check digit; equivalence ignores
 * the case of the prefix (everything before the first `-`, or the country code of a `:` name).
 *
 * {@link https://www.rfc-editor.org/rfc/rfc8458 | RFC 8458}
 *
 * @example
 * ```ts
 * nbnNamespace.check('de:gbv:089-3321752940'); // 'wrong DNB check digit'
 * urnEquals('URN:NBN:FI-fe19981001', 'urn:nbn:fi-fe19981001', { namespaces: [nbnNamespace] }); // true
 * ```
 */
export const nbnNamespace: UrnNamespace = {
  nid: 'nbn',
  check: problem,
  normalize(nss: string): string {
    if (problem(nss) !== undefined) return nss;
    const dash = nss.indexOf('-');
    const end = dash < 0 ? 2 : dash;
    return nss.slice(0, end).toLowerCase() + nss.slice(end);
  },
};
