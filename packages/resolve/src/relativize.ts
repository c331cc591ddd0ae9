import { removeDotSegments, serialize, type UriComponents } from '@x/uri';
import { mergePaths } from './paths';
import { parseBase, parserOf, type ResolveOptions, resolveComponents } from './resolve';

/**
 * Makes the shortest reference that resolves against `base` to `target`: the inverse of
 * {@link resolve}, built for the reference forms of
 * {@link https://www.rfc-editor.org/rfc/rfc3986#section-4.2 | RFC 3986 §4.2} and checked with §5.2.
 * Candidates are the empty reference, fragment-only, query-only, a relative path (`g`, `./a:b`,
 * `../..`, `.//x`), an absolute path (`/g`, `/.//x`), a network path (`//host/g`) and the target
 * itself; the shortest one that resolves back to the target wins. So
 * `resolve(base, relativize(base, target, options), options) === target` for every target some
 * reference reaches under the same options, which includes every output of `resolve` (with
 * `strict: false`, also a target whose scheme repeats the base's and so does not resolve to itself:
 * `http:` from `http:?q` is `.`); any other target (a relative one, or one with dot segments in its
 * path) is reached as it resolves: `resolve(base, relativize(base, target)) === resolve(base, target)`.
 * Components are compared
 * exactly as written: normalize both first (`@x/uri`) to relate `HTTP://A/` and `http://a/`.
 *
 * @param base - an absolute URI (a scheme is required; a fragment is allowed and ignored)
 * @param target - a URI reference, usually an absolute URI
 * @param options - {@link ResolveOptions}: the resolution the result is made for; strict by default
 * @returns the shortest reference `r` with `resolve(base, r, options) === resolve(base, target, options)`
 * @throws {@link ResolveError} when `base` has no scheme; `UriSyntaxError` (from `@x/uri`) when
 *   `base` or `target` is not a URI reference
 * @example
 * ```ts
 * relativize('http://a/b/c/d;p?q', 'http://a/b/c/g'); // 'g'
 * relativize('http://a/b/c/d;p?q', 'http://a/b/c/d;p?q#s'); // '#s'
 * relativize('http://a/b/c/d;p?q', 'http://a/g'); // '/g'
 * relativize('http://a/b/c/d;p?q', 'http://a/b/c/a:b'); // './a:b'
 * relativize('http://a/b/c/d;p?q', 'https://a/b'); // 'https://a/b'
 * ```
 */
export function relativize(base: string, target: string, options?: ResolveOptions): string {
  const b = parseBase(base, options);
  const parsed = parserOf(options)(target);
  const t = resolveComponents(b, parsed, options);
  // An absolute target that does not resolve to itself may still be reached as written by another
  // reference: one whose path keeps dot segments by the empty path, which keeps the base's path as
  // written; and, in non-strict mode, where the target's scheme repeats the base's and so is dropped
  // (RFC 3986 §5.2.2), by a relative reference (`http:` from `http:?q` by `.`). Only a target that
  // no reference reaches is reached as it resolves.
  const exact =
    parsed.scheme !== undefined && serialize(t) !== serialize(parsed)
      ? shortest(b, parsed, options)
      : undefined;
  return exact ?? shortest(b, t, options) ?? serialize(t);
}

/** The shortest reference that resolves against `b` to exactly `t`, or `undefined` if none does. */
function shortest(
  b: UriComponents,
  t: UriComponents,
  options: ResolveOptions | undefined,
): string | undefined {
  const want = serialize(t);
  const parseRef = parserOf(options);
  let best: string | undefined;
  const offer = (candidate: string): void => {
    if (
      (best === undefined || candidate.length < best.length) &&
      serialize(resolveComponents(b, parseRef(candidate), options)) === want
    ) {
      best = candidate;
    }
  };
  if (t.scheme === b.scheme) {
    const tail =
      (t.query === undefined ? '' : `?${t.query}`) +
      (t.fragment === undefined ? '' : `#${t.fragment}`);
    const sameAuthority = t.host === b.host && t.userinfo === b.userinfo && t.port === b.port;
    // Undo the "/." that resolution puts before a path starting with "//" without an authority.
    const path = t.host === undefined && t.path.startsWith('/.//') ? t.path.slice(2) : t.path;
    if (sameAuthority) {
      if (t.path === b.path) {
        // An empty path keeps the base's path and, unless the reference has one, its query.
        if (t.query === b.query) offer(t.fragment === undefined ? '' : `#${t.fragment}`);
        else if (t.query !== undefined) offer(tail);
      }
      const rel = relativePath(b, path);
      if (rel !== undefined) offer(rel + tail);
      if (path.charCodeAt(0) === 47) offer((path.charCodeAt(1) === 47 ? '/.' : '') + path + tail);
    }
    if (t.host !== undefined) {
      const userinfo = t.userinfo === undefined ? '' : `${t.userinfo}@`;
      const port = t.port === undefined ? '' : `:${t.port}`;
      offer(`//${userinfo}${t.host}${port}${path}${tail}`);
    }
  }
  offer(want);
  return best;
}

/** The shortest relative-path reference (§4.2) that §5.2.3 and §5.2.4 turn into `path`, if any. */
function relativePath(base: UriComponents, path: string): string | undefined {
  // The directory a relative path is merged into (§5.2.3), without its own dot segments.
  const dir = removeDotSegments(mergePaths(base, ''));
  const rooted = dir.charCodeAt(0) === 47;
  if (rooted !== (path.charCodeAt(0) === 47)) return undefined;
  // Longest common prefix of whole directory segments.
  let common = rooted ? 1 : 0;
  for (let i = common; i < dir.length && dir.charCodeAt(i) === path.charCodeAt(i); i++) {
    if (dir.charCodeAt(i) === 47) common = i + 1;
  }
  let up = 0;
  for (let i = common; i < dir.length; i++) if (dir.charCodeAt(i) === 47) up++;
  // Climbing above the first segment of a rootless path makes it rooted (§5.2.4 rule C).
  if (up > 0 && common === 0) return undefined;
  const rest = path.slice(common);
  if (up > 0) {
    const climb = '../'.repeat(up);
    // A trailing "/" is not needed: a final ".." leaves the directory's "/" (§5.2.4 rule C).
    return rest === '' ? climb.slice(0, -1) : climb + rest;
  }
  if (rest === '') return '.';
  // "./" keeps an empty first segment from reading as "/" or "//" and a colon from reading as a scheme.
  const slash = rest.indexOf('/');
  const colon = rest.indexOf(':');
  return slash === 0 || (colon >= 0 && (slash < 0 || colon < slash)) ? `./${rest}` : rest;
}
