import { UriSyntaxError } from './errors';
import type { ParseOptions } from './parse';
import { empty, lastReason, REFERENCE, scan } from './scan';
import type { UriComponents } from './types';

/**
 * Splits an IRI reference into its components, strictly by the `IRI-reference` grammar of
 * {@link https://www.rfc-editor.org/rfc/rfc3987#section-2.2 | RFC 3987 §2.2}: as {@link parse}, but
 * `ucschar` is allowed wherever `unreserved` is, and `iprivate` in the query.
 *
 * @param input - an IRI or relative IRI reference
 * @param options - {@link ParseOptions}
 * @returns the components, each the exact substring (not converted to a URI)
 * @throws {@link UriSyntaxError} when `input` is not an IRI reference
 * @example
 * ```ts
 * parseIri('http://例え.jp/引き出し?q=値').host; // '例え.jp'
 * ```
 */
export function parseIri(input: string, options?: ParseOptions): UriComponents {
  const out = empty();
  const bad = scan(input, out, REFERENCE, true, options?.zoneId === true);
  if (bad >= 0) throw new UriSyntaxError(input, bad, lastReason());
  return out;
}
