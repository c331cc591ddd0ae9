import { UriSyntaxError } from './errors';
import type { UriComponents } from './types';

/**
 * Recomposes components into a URI reference by
 * {@link https://www.rfc-editor.org/rfc/rfc3986#section-5.3 | RFC 3986 §5.3}, so that
 * `serialize(parse(s)) === s`. Components are written as given (no encoding, no validation of their
 * characters); only a composition whose meaning would change on re-parsing is refused.
 *
 * @param components - the seven components (`host` defined iff there is an authority)
 * @returns the URI reference
 * @throws {@link UriSyntaxError} when the result would not parse back into the same components: a
 *   `userinfo` or `port` without `host`, a non-empty path not starting with `/` after an authority,
 *   a path starting with `//` without an authority, or (with neither scheme nor authority) a colon in
 *   the first path segment
 * @example
 * ```ts
 * serialize({ scheme: 'http', userinfo: undefined, host: 'a', port: undefined,
 *             path: '/b', query: '', fragment: undefined }); // 'http://a/b?'
 * ```
 */
export function serialize(components: UriComponents): string {
  const { scheme, userinfo, host, port, path, query, fragment } = components;
  let out = scheme === undefined ? '' : `${scheme}:`;
  if (host !== undefined) {
    out += '//';
    if (userinfo !== undefined) out += `${userinfo}@`;
    out += host;
    if (port !== undefined) out += `:${port}`;
    if (path !== '' && path.charCodeAt(0) !== 47)
      refuse(out, 'path must start with "/" after an authority');
  } else {
    if (userinfo !== undefined || port !== undefined) refuse(out, 'userinfo or port without host');
    // §3.3: without an authority a path cannot begin with "//"
    if (path.charCodeAt(0) === 47 && path.charCodeAt(1) === 47)
      refuse(out, 'path starts with "//" without an authority');
    if (scheme === undefined) {
      // §4.2: the first segment of a relative path must not contain a colon
      for (let i = 0; i < path.length; i++) {
        const c = path.charCodeAt(i);
        if (c === 47) break;
        if (c === 58) refuse(out, 'colon in first segment of a relative path');
      }
    }
  }
  out += path;
  if (query !== undefined) out += `?${query}`;
  if (fragment !== undefined) out += `#${fragment}`;
  return out;
}

function refuse(at: string, reason: string): never {
  throw new UriSyntaxError(at, at.length, reason);
}
