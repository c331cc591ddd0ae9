/**
 * Removes `.` and `..` segments from a path, exactly as the algorithm of
 * {@link https://www.rfc-editor.org/rfc/rfc3986#section-5.2.4 | RFC 3986 §5.2.4} does, in linear time.
 * Only literal dots count: `%2E%2E` is a plain segment here.
 *
 * @param path - a path
 * @returns the path without dot segments
 * @throws never
 * @example
 * ```ts
 * removeDotSegments('/a/b/c/./../../g'); // '/a/g'
 * removeDotSegments('mid/content=5/../6'); // 'mid/6'
 * ```
 */
export function removeDotSegments(path: string): string {
  // Rules A-D only fire on a "." that starts a segment: at the start of the path or after a "/".
  // Without one, every step is rule E and the output is the input.
  if (path.charCodeAt(0) !== 46 && path.indexOf('/.') < 0) return path;
  const n = path.length;
  // each entry is one segment as the algorithm appends it to the output, with its leading "/" if any
  const out: string[] = [];
  let i = 0;
  while (i < n) {
    const c0 = path.charCodeAt(i);
    const c1 = path.charCodeAt(i + 1);
    const c2 = path.charCodeAt(i + 2);
    const c3 = path.charCodeAt(i + 3);
    if (c0 === 46) {
      // A: "../" or "./" prefix;  D: "." or ".." alone
      if (c1 === 47) {
        i += 2;
        continue;
      }
      if (c1 === 46 && c2 === 47) {
        i += 3;
        continue;
      }
      if (i + 1 === n || (c1 === 46 && i + 2 === n)) break;
    } else if (c0 === 47 && c1 === 46) {
      // B: "/./" or "/." at the end -> "/"
      if (c2 === 47) {
        i += 2;
        continue;
      }
      if (i + 2 === n) {
        out.push('/');
        break;
      }
      // C: "/../" or "/.." at the end -> "/", dropping the last output segment
      if (c2 === 46 && c3 === 47) {
        out.pop();
        i += 3;
        continue;
      }
      if (c2 === 46 && i + 3 === n) {
        out.pop();
        out.push('/');
        break;
      }
    }
    // E: move the first segment (with its leading "/") to the output
    let j = path.indexOf('/', c0 === 47 ? i + 1 : i);
    if (j < 0) j = n;
    out.push(path.slice(i, j));
    i = j;
  }
  return out.join('');
}
