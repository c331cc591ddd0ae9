// The `oid` namespace (RFC 3061): dotted-decimal object identifiers.
import type { UrnNamespace } from './types';

/**
 * Tells whether a string is an OID in dotted decimal: `number *("." number)` where a number has
 * no leading zero (RFC 3061 §2).
 *
 * {@link https://www.rfc-editor.org/rfc/rfc3061#section-2 | RFC 3061 §2}
 *
 * @param oid - the string to test
 * @returns `true` when it is an OID
 * @throws never
 * @example
 * ```ts
 * isOid('1.3.6.1.4.1'); // true
 * isOid('1.03.6'); // false: leading zero
 * ```
 */
export function isOid(oid: string): boolean {
  let digits = 0;
  let zero = false;
  for (let i = 0; i < oid.length; i++) {
    const c = oid.charCodeAt(i);
    if (c === 46) {
      if (digits === 0) return false;
      digits = 0;
    } else if (c >= 48 && c <= 57) {
      if (digits === 1 && zero) return false;
      zero = c === 48;
      digits++;
    } else return false;
  }
  return digits > 0;
}

/**
 * The `oid` namespace rules (a {@link UrnNamespace}) for `normalizeUrn` and `urnEquals`: the NSS
 * must be a dotted-decimal OID; equivalence is plain RFC 8141 equality (the form is canonical).
 *
 * {@link https://www.rfc-editor.org/rfc/rfc3061 | RFC 3061}
 *
 * @example
 * ```ts
 * oidNamespace.check('1..3'); // 'an OID is dotted decimal without leading zeros'
 * ```
 */
export const oidNamespace: UrnNamespace = {
  nid: 'oid',
  check(nss: string): string | undefined {
    return isOid(nss) ? undefined : 'an OID is dotted decimal without leading zeros';
  },
  normalize(nss: string): string {
    return nss;
  },
};
