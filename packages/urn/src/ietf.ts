// The `ietf` namespace (RFC 2648, with the `params` class of RFC 3553).
import { UrnSyntaxError } from './errors';
import type { UrnNamespace } from './types';

/** The classes of names in the `ietf` namespace. */
export type IetfClass = 'rfc' | 'fyi' | 'std' | 'bcp' | 'id' | 'mtg' | 'params';

/** An `ietf` NSS read by {@link parseIetfNss}. */
export interface IetfName {
  /** The class, in lower case. */
  kind: IetfClass;
  /** What follows the class: a document number (leading zeros dropped), a draft name, a meeting, a registry path. */
  value: string;
}

const allDigits = (s: string): boolean => {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) < 48 || s.charCodeAt(i) > 57) return false;
  return s.length > 0;
};

// RFC 2648 §2 (syntax) and the classes of the IANA "IETF URN Sub-namespace" registry, which
// RFC 3553 set up and registered `params` in:
//   NSS = rfc-nss / fyi-nss / std-nss / bcp-nss / draft-nss / mtg-nss / params-nss
//   rfc-nss = "rfc:" 1*DIGIT (fyi, std, bcp alike); draft-nss = "id:" string;
//   mtg-nss = "mtg:" <meeting number> "-" <group acronym>;
//   params-nss = "params:" <protocol-parameter-class> ":" <class-specific string> (RFC 3553)
function read(nss: string): IetfName | [number, string] {
  const colon = nss.indexOf(':');
  const kind = (colon < 0 ? nss : nss.slice(0, colon)).toLowerCase();
  // where the value starts (the end of `nss` when there is no value)
  const start = colon < 0 ? nss.length : colon + 1;
  const value = nss.slice(start);
  switch (kind) {
    case 'rfc':
    case 'fyi':
    case 'std':
    case 'bcp': {
      if (!allDigits(value)) return [colon + 1, `${kind} needs a document number`];
      // the number as the series writes it: no leading zeros, however long (no Number rounding)
      let zeros = 0;
      while (zeros < value.length - 1 && value.charCodeAt(zeros) === 48) zeros++;
      return { kind, value: value.slice(zeros) };
    }
    case 'mtg': {
      // RFC 2648 §2: <meeting number> "-" <group acronym>: 1*DIGIT, "-", then a name that
      // neither starts nor ends with "-"; the index is where it breaks
      const dash = value.indexOf('-');
      const last = value.length - 1;
      const at =
        dash < 1 || !allDigits(value.slice(0, dash))
          ? 0
          : dash === last || value.charCodeAt(dash + 1) === 45
            ? dash + 1
            : value.charCodeAt(last) === 45
              ? last
              : -1;
      if (at < 0) return { kind, value };
      return [start + at, 'mtg needs <meeting number>-<name>'];
    }
    case 'params': {
      // RFC 3553: urn:ietf:params:<class>:<class-specific string>, both non-empty
      const end = value.indexOf(':');
      if (end < 1 || end === value.length - 1) {
        return [start, 'params needs <class>:<name>'];
      }
      return { kind, value };
    }
    case 'id':
      if (value === '') return [start, `${kind} needs a name`];
      return { kind, value };
    default:
      return [0, 'unknown class (RFC 2648: rfc, fyi, std, bcp, id, mtg; RFC 3553: params)'];
  }
}

/**
 * Reads the NSS of an `urn:ietf:` URN: its class and what follows it.
 *
 * {@link https://www.rfc-editor.org/rfc/rfc2648#section-2 | RFC 2648 §2},
 * {@link https://www.rfc-editor.org/rfc/rfc3553 | RFC 3553}
 *
 * @param nss - the NSS (after `urn:ietf:`)
 * @returns the class in lower case and its value
 * @throws {@link index!UrnSyntaxError} for an unknown class or a value that does not fit it
 * @example
 * ```ts
 * parseIetfNss('rfc:2648'); // { kind: 'rfc', value: '2648' }
 * parseIetfNss('params:xml:ns:netconf:base:1.0'); // { kind: 'params', value: 'xml:ns:netconf:base:1.0' }
 * ```
 */
export function parseIetfNss(nss: string): IetfName {
  const r = read(nss);
  if (Array.isArray(r)) throw new UrnSyntaxError(r[1], r[0], nss);
  return r;
}

/** Lower-cases everything but the hex digits of percent-escapes (kept upper, RFC 8141 §3.1). */
function lower(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    out += s[i] === '%' ? s.slice(i, i + 3) : s[i]!.toLowerCase();
    if (s[i] === '%') i += 2;
  }
  return out;
}

/**
 * The `ietf` namespace rules (a {@link UrnNamespace}) for `normalizeUrn` and `urnEquals`: the NSS
 * must be one of the classes; equivalence is case-insensitive over the whole NSS (RFC 2648 §2).
 *
 * {@link https://www.rfc-editor.org/rfc/rfc2648#section-2 | RFC 2648 §2}
 *
 * @example
 * ```ts
 * urnEquals('urn:ietf:RFC:2648', 'urn:ietf:rfc:2648', { namespaces: [ietfNamespace] }); // true
 * ```
 */
export const ietfNamespace: UrnNamespace = {
  nid: 'ietf',
  check(nss: string): string | undefined {
    const r = read(nss);
    return Array.isArray(r) ? r[1] : undefined;
  },
  normalize: lower,
};
