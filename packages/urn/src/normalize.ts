import { at, lex, sameUrn } from './parse';
import { UrnSyntaxError } from './errors';
import type { UrnOptions } from './types';

/** Upper-cases the hex digits of every percent-escape (RFC 8141 §3.1 rule 3); decodes nothing. */
export function upperEscapes(s: string): string {
  let i = s.indexOf('%');
  if (i < 0) return s;
  let out = '';
  let from = 0;
  for (; i >= 0; i = s.indexOf('%', i + 3)) {
    out += s.slice(from, i + 1) + s.slice(i + 1, i + 3).toUpperCase();
    from = i + 3;
  }
  return out + s.slice(from);
}

function normalized(input: string, options: UrnOptions | undefined): string | undefined {
  if (!lex(input, options?.syntax === 'rfc2141')) return undefined;
  const nid = input.slice(4, at.nid).toLowerCase();
  let nss = upperEscapes(input.slice(at.nid + 1, at.nss));
  const rules = options?.namespaces;
  if (rules) for (const rule of rules) if (rule.nid === nid) nss = rule.normalize(nss);
  return `urn:${nid}:${nss}`;
}

/**
 * Normalizes a URN for comparison: `urn:` and the NID in lower case, percent-escapes in the NSS
 * with upper-case hex (never decoded), the r-, q- and f-components dropped; then the rules of the
 * namespaces passed in `options.namespaces`. Two URNs are equivalent exactly when their
 * normalized forms are equal.
 *
 * {@link https://www.rfc-editor.org/rfc/rfc8141#section-3.1 | RFC 8141 §3.1},
 * {@link https://www.rfc-editor.org/rfc/rfc2141#section-5 | RFC 2141 §5}
 *
 * @param input - the URN
 * @param options - `syntax: 'rfc2141'` for the obsolete grammar; `namespaces` for namespace rules
 * @returns the normalized assigned name (`urn:<nid>:<nss>`)
 * @throws {@link UrnSyntaxError} when `input` is not a URN
 * @example
 * ```ts
 * normalizeUrn('URN:EXAMPLE:a123%2cz456?+R?=Q#F'); // 'urn:example:a123%2Cz456'
 * ```
 */
export function normalizeUrn(input: string, options?: UrnOptions): string {
  const result = normalized(input, options);
  if (result === undefined) throw new UrnSyntaxError(at.fail[1], at.fail[0], input);
  return result;
}

/**
 * Tells whether two URNs are equivalent: equal after {@link normalizeUrn} (case-insensitive
 * `urn:` and NID, percent-escape hex case ignored, r-, q- and f-components ignored, the NSS
 * otherwise compared character by character), plus the rules of `options.namespaces`.
 *
 * {@link https://www.rfc-editor.org/rfc/rfc8141#section-3 | RFC 8141 §3}
 *
 * @param a - a URN
 * @param b - another URN
 * @param options - `syntax: 'rfc2141'` for the obsolete grammar; `namespaces` for namespace rules
 * @returns `true` when both are URNs and equivalent; `false` otherwise, including when either is
 *   not a URN (so `urnEquals` is an equivalence relation on URNs)
 * @throws never
 * @example
 * ```ts
 * urnEquals('urn:example:a123,z456', 'URN:EXAMPLE:a123,z456#789'); // true
 * urnEquals('urn:example:a123,z456', 'urn:example:A123,z456'); // false
 * ```
 */
export function urnEquals(a: string, b: string, options?: UrnOptions): boolean {
  if (options?.namespaces) {
    const x = normalized(a, options);
    return x !== undefined && x === normalized(b, options);
  }
  // without namespace rules, compare in place: no normalized copies
  return sameUrn(a, b, options?.syntax === 'rfc2141');
}
