// The `uuid` namespace (RFC 9562, which obsoletes RFC 4122): 8-4-4-4-12 hex digits.
import { UrnSyntaxError } from './errors';
import type { UrnNamespace } from './types';

/**
 * The variant field of a UUID (RFC 9562 §4.1), from the top bits of octet 8: `0xxx` NCS (the Nil
 * UUID falls here), `10xx` the variant RFC 9562 defines, `110x` Microsoft, `111x` reserved (the
 * Max UUID falls here).
 */
export type UuidVariant = 'ncs' | 'rfc9562' | 'microsoft' | 'future';

/** A UUID read by {@link parseUuid}. */
export interface Uuid {
  /** The UUID in its canonical form: lower-case hex, hyphenated 8-4-4-4-12. */
  hex: string;
  /**
   * The version field (the top 4 bits of octet 6), 0 to 15. Meaningful for the `rfc9562` variant
   * only: 1 to 8 are the versions RFC 9562 §5 defines, 0 and 9 to 15 are not assigned (§4.2).
   */
  version: number;
  /** The variant field. */
  variant: UuidVariant;
  /** `'nil'` for the Nil UUID (all 128 bits zero, RFC 9562 §5.9), `'max'` for the Max UUID (all one, §5.10); absent otherwise. */
  special?: 'nil' | 'max';
}

function hexAt(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  c |= 32;
  return c >= 97 && c <= 102 ? c - 87 : -1;
}

/**
 * Index of the first character that breaks 8-4-4-4-12 hex, or -1. RFC 9562 §4: UUID = 4hexOctet
 * "-" 2hexOctet "-" 2hexOctet "-" 2hexOctet "-" 6hexOctet, hex digits in either case on input.
 */
function fail(s: string): number {
  for (let i = 0; i < 36; i++) {
    const c = s.charCodeAt(i);
    const hyphen = i === 8 || i === 13 || i === 18 || i === 23;
    if (hyphen ? c !== 45 : hexAt(c) < 0) return i;
  }
  return s.length === 36 ? -1 : 36;
}

/**
 * Reads a UUID's version and variant (hex digits in either case), and tells the Nil and Max UUIDs.
 * Every 128-bit value written 8-4-4-4-12 is a UUID string, and RFC 9562 §6.12 asks to treat UUIDs
 * as opaque: an unassigned version or another variant is reported, not refused.
 *
 * {@link https://www.rfc-editor.org/rfc/rfc9562#section-4 | RFC 9562 §4},
 * {@link https://www.rfc-editor.org/rfc/rfc9562#section-5.9 | §5.9 (Nil)},
 * {@link https://www.rfc-editor.org/rfc/rfc9562#section-5.10 | §5.10 (Max)}
 *
 * @param uuid - a UUID in the hyphenated 8-4-4-4-12 form
 * @returns its canonical lower-case form, version, variant and, for Nil and Max, `special`
 * @throws {@link index!UrnSyntaxError} when `uuid` is not 8-4-4-4-12 hex digits
 * @example
 * ```ts
 * parseUuid('F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6');
 * // { hex: 'f81d4fae-7dec-11d0-a765-00a0c91e6bf6', version: 1, variant: 'rfc9562' }
 * parseUuid('00000000-0000-0000-0000-000000000000');
 * // { hex: '00000000-0000-0000-0000-000000000000', version: 0, variant: 'ncs', special: 'nil' }
 * ```
 */
export function parseUuid(uuid: string): Uuid {
  const at = fail(uuid);
  if (at >= 0) throw new UrnSyntaxError('a UUID is 8-4-4-4-12 hex digits', at, uuid);
  const hex = uuid.toLowerCase();
  // RFC 9562 §4.1: the variant is the top bits of octet 8 (the 20th character)
  const v = hexAt(hex.charCodeAt(19));
  const variant: UuidVariant = v < 8 ? 'ncs' : v < 12 ? 'rfc9562' : v < 14 ? 'microsoft' : 'future';
  // RFC 9562 §4.2: the version is the top 4 bits of octet 6 (the 15th character)
  const out: Uuid = { hex, version: hexAt(hex.charCodeAt(14)), variant };
  if (hex === '00000000-0000-0000-0000-000000000000') out.special = 'nil';
  else if (hex === 'ffffffff-ffff-ffff-ffff-ffffffffffff') out.special = 'max';
  return out;
}

/**
 * Tells whether a string is a UUID in the hyphenated 8-4-4-4-12 hex form (either case; the Nil
 * and Max UUIDs included; no braces).
 *
 * {@link https://www.rfc-editor.org/rfc/rfc9562#section-4 | RFC 9562 §4}
 *
 * @param uuid - the string to test
 * @returns `true` when it is a UUID
 * @throws never
 * @example
 * ```ts
 * isUuid('f81d4fae-7dec-11d0-a765-00a0c91e6bf6'); // true
 * isUuid('{f81d4fae-7dec-11d0-a765-00a0c91e6bf6}'); // false
 * ```
 */
export function isUuid(uuid: string): boolean {
  return fail(uuid) < 0;
}

/**
 * The `uuid` namespace rules (a {@link UrnNamespace}) for `normalizeUrn` and `urnEquals`: the NSS
 * must be a UUID; equivalence ignores the case of the hex digits (RFC 9562 §4: output lower case).
 *
 * {@link https://www.rfc-editor.org/rfc/rfc9562#section-4 | RFC 9562 §4}
 *
 * @example
 * ```ts
 * normalizeUrn('URN:UUID:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6', { namespaces: [uuidNamespace] });
 * // 'urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6'
 * ```
 */
export const uuidNamespace: UrnNamespace = {
  nid: 'uuid',
  check(nss: string): string | undefined {
    return fail(nss) < 0 ? undefined : 'a UUID is 8-4-4-4-12 hex digits';
  },
  normalize(nss: string): string {
    return fail(nss) < 0 ? nss.toLowerCase() : nss;
  },
};
