import { parse } from './parse';

/**
 * The kinds of URI reference of {@link https://www.rfc-editor.org/rfc/rfc3986#section-4.2 | RFC 3986 §4.2–§4.4}:
 * a URI with a scheme (`'uri'`, §4.3), and the three relative references of §4.2 (`'network-path'`
 * begins with `//`, `'absolute-path'` with one `/`, `'relative-path'` with neither), plus the empty
 * reference and the fragment-only one (`'same-document'`, §4.4).
 */
export type ReferenceKind =
  | 'uri'
  | 'network-path'
  | 'absolute-path'
  | 'relative-path'
  | 'same-document';

/**
 * Names the kind of a URI reference
 * ({@link https://www.rfc-editor.org/rfc/rfc3986#section-4.2 | RFC 3986 §4.2–§4.4}): a complete URL
 * (`'uri'`), a partial one that keeps the base's scheme (`'network-path'`), its scheme and authority
 * (`'absolute-path'`) or also the base's directory (`'relative-path'`), or a reference to the current
 * document (`'same-document'`: the empty reference and `#fragment`; §4.4 also counts a reference that
 * resolves to the base URI apart from its fragment, which needs the base, see `@x/resolve`).
 *
 * A reference with only a query (`?q`) is a relative-path reference: it keeps the base's path.
 *
 * @param ref - a URI reference
 * @returns its kind
 * @throws {@link UriSyntaxError} when `ref` is not a URI reference
 * @example
 * ```ts
 * referenceKind('http://www.w3.org/pub/WWW/TheProject.html'); // 'uri'
 * referenceKind('//www.w3.org/pub/WWW/'); // 'network-path'
 * referenceKind('/pub/WWW/TheProject.html'); // 'absolute-path'
 * referenceKind('../Addressing/URL.html'); // 'relative-path'
 * referenceKind('#Overview'); // 'same-document'
 * ```
 */
export function referenceKind(ref: string): ReferenceKind {
  const c = parse(ref);
  if (c.scheme !== undefined) return 'uri';
  if (c.host !== undefined) return 'network-path';
  if (c.path.charCodeAt(0) === 47) return 'absolute-path';
  // §4.4: "an empty string or ... solely of a fragment component"
  if (c.path === '' && c.query === undefined) return 'same-document';
  return 'relative-path';
}
