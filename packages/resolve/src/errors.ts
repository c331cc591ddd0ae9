/**
 * The error {@link resolve}, {@link resolveComponents} and {@link relativize} throw when the base is
 * not an absolute URI: {@link https://www.rfc-editor.org/rfc/rfc3986#section-5.1 | RFC 3986 §5.1}
 * requires a base with a scheme. (A base or reference that is not a URI reference at all raises the
 * `UriSyntaxError` of `@x/uri`, with its `index`.)
 *
 * @example
 * ```ts
 * try { resolve('//a/b', 'c'); } catch (e) { (e as ResolveError).reason; } // 'base-not-absolute'
 * ```
 */
export class ResolveError extends Error {
  /** Why resolution is impossible: `'base-not-absolute'` (the base has no scheme). */
  readonly reason: 'base-not-absolute';

  /** @param reason - why resolution is impossible */
  constructor(reason: 'base-not-absolute') {
    super('the base of a resolution must be an absolute URI (with a scheme)');
    this.name = 'ResolveError';
    this.reason = reason;
  }
}
