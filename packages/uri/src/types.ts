/**
 * The seven components of a URI reference, as {@link https://www.rfc-editor.org/rfc/rfc3986#section-3 | RFC 3986 §3}
 * names them. Each is the exact substring of the input; `undefined` means the component is absent,
 * `''` that it is present but empty (`http://a?` has `query: ''`; `http://a` has `query: undefined`).
 * `host` is defined exactly when an authority (`//`) is present; `path` is always a string.
 *
 * @example
 * ```ts
 * const c: UriComponents = {
 *   scheme: 'http', userinfo: undefined, host: 'a', port: '8080',
 *   path: '/b', query: 'q', fragment: undefined,
 * };
 * ```
 */
export interface UriComponents {
  /** The scheme without its `:`, as written (not lowercased). */
  scheme: string | undefined;
  /** The userinfo without its `@`. */
  userinfo: string | undefined;
  /** The host as written, IP literals with their brackets. Defined iff an authority is present. */
  host: string | undefined;
  /** The port's digit string without its `:` (`''` for `http://a:/`). */
  port: string | undefined;
  /** The path; `''` when empty. */
  path: string;
  /** The query without its `?`. */
  query: string | undefined;
  /** The fragment without its `#`. */
  fragment: string | undefined;
}
