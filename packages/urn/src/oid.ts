// The `oid` namespace (RFC 3061): dotted-decimal object identifiers.
import type { UrnNamespace } from './types';

/**
 * Tells whether a string is an OID in dotted decimal: `number *("." number)` where a number has
 * no leading zero (RFC 3061 §2), under one of the three roots with the arcs X.660 allows there.
 *
 * {@link https://www.rfc-editor.org/rfc/rfc3061#section-2 | RFC 3061 §2},
 * {@link https://www.itu.int/rec/T-REC-X.660 | ITU-T X.660} (roots 0, 1, 2; arcs 0-39 under
 * 0 and 1, as the first two arcs are encoded together as `40 * x + y`, X.690 §8.19.4)
 *
 * @param oid - the string to test
 * @returns `true` when it is an OID
 * @throws never
 * @example
 * ```ts
 * isOid('1.3.6.1.4.1'); // true
 * isOid('1.03.6'); // false: leading zero
 * isOid('3.1'); // false: the roots are 0, 1 and 2
 * isOid('1.40'); // false: under 0 and 1 the arcs stop at 39
 * ```
 */
export function isOid(oid: string): boolean {
  // RFC 3061 §2: oid = number *( "." number ); number = DIGIT / ( LEADDIGIT 1*DIGIT )
  let digits = 0;
  let zero = false;
  let arcs = 0;
  for (let i = 0; i < oid.length; i++) {
    const c = oid.charCodeAt(i);
    if (c === 46) {
      if (digits === 0) return false;
      digits = 0;
      arcs++;
    } else if (c >= 48 && c <= 57) {
      if (digits === 1 && zero) return false;
      zero = c === 48;
      digits++;
    } else return false;
  }
  if (digits === 0) return false;
  // X.660: the root arc is 0, 1 or 2; under 0 and 1 the second arc is below 40 (X.690 §8.19.4)
  const root = oid.charCodeAt(0) - 48;
  if (root > 2 || (oid.length > 1 && oid.charCodeAt(1) !== 46)) return false;
  if (root === 2 || arcs === 0) return true;
  const end = oid.indexOf('.', 2);
  const second = oid.slice(2, end < 0 ? oid.length : end);
  return second.length === 1 || (second.length === 2 && second < '40');
}

/**
 * The `oid` namespace rules (a {@link UrnNamespace}) for `normalizeUrn` and `urnEquals`: the NSS
 * must be a dotted-decimal OID; equivalence is plain RFC 8141 equality (the form is canonical).
 *
 * {@link https://www.rfc-editor.org/rfc/rfc3061 | RFC 3061}
 *
 * @example
 * ```ts
 * oidNamespace.check('1..3'); // 'an OID is dotted decimal without leading zeros, under the roots 0, 1, 2 (X.660)'
 * ```
 */
export const oidNamespace: UrnNamespace = {
  nid: 'oid',
  check(nss: string): string | undefined {
    return isOid(nss)
      ? undefined
      : 'an OID is dotted decimal without leading zeros, under the roots 0, 1, 2 (X.660)';
  },
  normalize(nss: string): string {
    return nss;
  },
};
