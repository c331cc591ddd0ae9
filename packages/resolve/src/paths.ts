import type { UriComponents } from '@x/uri';

/**
 * Removes the `.` and `..` segments from a path, exactly as the algorithm of
 * {@link https://www.rfc-editor.org/rfc/rfc3986#section-5.2.4 | RFC 3986 §5.2.4} does, in one pass
 * and linear time. Works on absolute, rootless and relative paths alike (leading `../` and `./` of a
 * relative path are dropped, rule A).
 *
 * @param path - a path, without query or fragment
 * @returns the path without dot segments
 * @throws never
 * @example
 * ```ts
 * removeDotSegments('/a/b/c/./../../g'); // '/a/g'
 * removeDotSegments('mid/content=5/../6'); // 'mid/6'
 * ```
 */
export function removeDotSegments(path: string): string {
  // A dot segment starts the path or follows a "/": without either there is nothing to do.
  if (path.charCodeAt(0) !== 46 && path.indexOf('/.') < 0) return path;
  const n = path.length;
  let i = 0;
  // Rules A and D: "../", "./", "." and ".." can only stand at the start of the input buffer.
  for (;;) {
    if (path.startsWith('../', i)) i += 3;
    else if (path.startsWith('./', i)) i += 2;
    else if (i === n - 1 ? path.charCodeAt(i) === 46 : i === n - 2 && path.startsWith('..', i)) {
      i = n;
    } else break;
  }
  // Each entry is what rule E moved to the output buffer: a segment with its leading "/", if any,
  // so that rule C removes "the last segment and its preceding '/'" by popping one entry.
  const out: string[] = [];
  while (i < n) {
    let j = path.indexOf('/', i + 1);
    if (j < 0) j = n;
    if (path.charCodeAt(i) === 47 && path.charCodeAt(i + 1) === 46) {
      const len = j - i;
      // Rules B ("/./", "/.") and C ("/../", "/.."): the segment goes, "/" stays in the input.
      if (len === 2 || (len === 3 && path.charCodeAt(i + 2) === 46)) {
        if (len === 3) out.pop();
        if (j === n) out.push('/');
        i = j;
        continue;
      }
    }
    out.push(path.slice(i, j));
    i = j;
  }
  return out.join('');
}

/**
 * Merges a relative-path reference with the path of its base, by
 * {@link https://www.rfc-editor.org/rfc/rfc3986#section-5.2.3 | RFC 3986 §5.2.3}: `/` + the
 * reference when the base has an authority and an empty path, otherwise the reference appended to the
 * base path up to and including its last `/` (all of the base path dropped when it has none).
 * Dot segments are left for {@link removeDotSegments}.
 *
 * @param base - the base's `host` (defined iff it has an authority) and `path`
 * @param refPath - the reference's path (relative-path form: not starting with `/`)
 * @returns the merged path
 * @throws never
 * @example
 * ```ts
 * mergePaths({ host: 'a', path: '/b/c/d;p' }, 'g'); // '/b/c/g'
 * mergePaths({ host: 'a', path: '' }, 'g'); // '/g'
 * mergePaths({ host: undefined, path: 'x' }, 'g'); // 'g'
 * ```
 */
export function mergePaths(base: Pick<UriComponents, 'host' | 'path'>, refPath: string): string {
  const path = base.path;
  if (base.host !== undefined && path === '') return `/${refPath}`;
  return path.slice(0, path.lastIndexOf('/') + 1) + refPath;
}
