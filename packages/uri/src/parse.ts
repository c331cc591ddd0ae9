import { UriSyntaxError } from './errors';
import { ABSOLUTE, empty, lastReason, REFERENCE, RELATIVE, scan, URI } from './scan';
import type { UriComponents } from './types';

/** Options of {@link parse} and {@link tryParse}. */
export interface ParseOptions {
  /**
   * Accept RFC 6874 IPv6 zone identifiers (`[fe80::1%25eth0]`), which plain RFC 3986 rejects.
   * Default `false`.
   */
  zoneId?: boolean;
}

/** The result of {@link tryParse}: the components, or the error {@link parse} would have thrown. */
export type ParseResult =
  | {
      /** `true`: the input parsed. */
      ok: true;
      /** The components. */
      value: UriComponents;
    }
  | {
      /** `false`: the input is not a URI reference. */
      ok: false;
      /** Where and why it failed. */
      error: UriSyntaxError;
    };

/**
 * Splits a URI reference into its seven components, strictly by
 * {@link https://www.rfc-editor.org/rfc/rfc3986#appendix-A | RFC 3986 Appendix A} (`URI-reference`, §4.1).
 * Each component is the exact substring; `undefined` when absent, `''` when present but empty.
 *
 * @param input - a URI or relative reference
 * @param options - {@link ParseOptions}
 * @returns the components; `serialize` of them gives back `input`
 * @throws {@link UriSyntaxError} when `input` is not a URI reference, with the offending `index`;
 *   `TypeError` when it is not a string
 * @example
 * ```ts
 * parse('foo://example.com:8042/over/there?name=ferret#nose');
 * // { scheme: 'foo', userinfo: undefined, host: 'example.com', port: '8042',
 * //   path: '/over/there', query: 'name=ferret', fragment: 'nose' }
 * ```
 */
export function parse(input: string, options?: ParseOptions): UriComponents {
  if (typeof input !== 'string') throw new TypeError('parse expects a string');
  const out = empty();
  const bad = scan(input, out, REFERENCE, undefined, options?.zoneId === true);
  if (bad >= 0) throw new UriSyntaxError(input, bad, lastReason());
  return out;
}

/**
 * Like {@link parse}, but returns a result instead of throwing
 * ({@link https://www.rfc-editor.org/rfc/rfc3986#section-4.1 | RFC 3986 §4.1}).
 *
 * @param input - any string
 * @param options - {@link ParseOptions}
 * @returns `{ ok: true, value }` with the components, or `{ ok: false, error }`
 * @throws never
 * @example
 * ```ts
 * tryParse('http://a/b').ok; // true
 * tryParse('http://a b').ok; // false
 * ```
 */
export function tryParse(input: string, options?: ParseOptions): ParseResult {
  if (typeof input !== 'string')
    return { ok: false, error: new UriSyntaxError('', 0, 'input is not a string') };
  const out = empty();
  const bad = scan(input, out, REFERENCE, undefined, options?.zoneId === true);
  return bad >= 0
    ? { ok: false, error: new UriSyntaxError(input, bad, lastReason()) }
    : { ok: true, value: out };
}

function matches(input: string, form: number, options: ParseOptions | undefined): boolean {
  return (
    typeof input === 'string' &&
    scan(input, undefined, form, undefined, options?.zoneId === true) < 0
  );
}

/**
 * Whether `input` matches `URI` ({@link https://www.rfc-editor.org/rfc/rfc3986#section-3 | RFC 3986 §3}):
 * a scheme, then the rest, fragment allowed.
 *
 * @param input - any string
 * @param options - {@link ParseOptions}
 * @returns `true` for a URI with a scheme
 * @throws never
 * @example
 * ```ts
 * isUri('urn:example:animal:ferret:nose'); // true
 * isUri('//example.com/'); // false
 * ```
 */
export function isUri(input: string, options?: ParseOptions): boolean {
  return matches(input, URI, options);
}

/**
 * Whether `input` matches `URI-reference`
 * ({@link https://www.rfc-editor.org/rfc/rfc3986#section-4.1 | RFC 3986 §4.1}): a URI or a relative reference.
 *
 * @param input - any string
 * @param options - {@link ParseOptions}
 * @returns `true` when {@link parse} would succeed
 * @throws never
 * @example
 * ```ts
 * isUriReference('../a?b'); // true
 * isUriReference('a b'); // false
 * ```
 */
export function isUriReference(input: string, options?: ParseOptions): boolean {
  return matches(input, REFERENCE, options);
}

/**
 * Whether `input` matches `absolute-URI`
 * ({@link https://www.rfc-editor.org/rfc/rfc3986#section-4.3 | RFC 3986 §4.3}): a scheme and no fragment.
 *
 * @param input - any string
 * @param options - {@link ParseOptions}
 * @returns `true` for a URI without fragment
 * @throws never
 * @example
 * ```ts
 * isAbsoluteUri('http://a/b?c'); // true
 * isAbsoluteUri('http://a/b#c'); // false
 * ```
 */
export function isAbsoluteUri(input: string, options?: ParseOptions): boolean {
  return matches(input, ABSOLUTE, options);
}

/**
 * Whether `input` matches `relative-ref`
 * ({@link https://www.rfc-editor.org/rfc/rfc3986#section-4.2 | RFC 3986 §4.2}): no scheme.
 *
 * @param input - any string
 * @param options - {@link ParseOptions}
 * @returns `true` for a valid reference without scheme
 * @throws never
 * @example
 * ```ts
 * isRelativeReference('//a/b'); // true
 * isRelativeReference('http://a/b'); // false
 * ```
 */
export function isRelativeReference(input: string, options?: ParseOptions): boolean {
  return matches(input, RELATIVE, options);
}
