import type { UriComponents } from '@x/uri';

/**
 * Merges a relative-path reference with the path of its base, by
 * {@link https://www.rfc-editor.org/rfc/rfc3986#section-5.2.3 | RFC 3986 §5.2.3}: `/` + the
 * reference when the base has an authority and an empty path, otherwise the reference appended to the
 * base path up to and including its last `/` (all of the base path dropped when it has none).
 * Dot segments are left for `removeDotSegments` (§5.2.4).
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
