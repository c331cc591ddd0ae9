// The file scheme, RFC 8089.
import { CHARS, PCHAR_MASK } from './chars';
import { UriSyntaxError } from './errors';
import { parse } from './parse';
import { decodeText, encodeText } from './pct';

/** Options of {@link fileUriToPath} and {@link pathToFileUri}. */
export interface FilePathOptions {
  /** Windows paths: drive letters (`C:\`), backslashes and UNC shares (`\\server\share`). Default `false` (POSIX). */
  windows?: boolean;
}

function isDrive(s: string, i: number): boolean {
  const l = s.charCodeAt(i) | 32;
  const c = s.charCodeAt(i + 1);
  // RFC 8089 Appendix E.2.2 also allows the legacy "C|"
  return (
    l >= 97 &&
    l <= 122 &&
    (c === 58 || c === 124) &&
    (i + 2 === s.length || s.charCodeAt(i + 2) === 47)
  );
}

/**
 * Converts a `file:` URI ({@link https://www.rfc-editor.org/rfc/rfc8089#section-2 | RFC 8089 §2}, with the
 * Appendix E forms for drive letters and UNC) to a local path. Escapes are decoded as UTF-8, but an escape
 * that would become a path separator (`%2F`, and `%5C` on Windows), NUL, or an escaped dot segment
 * (`%2E%2E`) is refused, as it would change the path's structure.
 *
 * @param uri - a `file:` URI
 * @param options - {@link FilePathOptions}
 * @returns the path: POSIX `/a/b`, or Windows `C:\a\b` / `\\server\share\a`
 * @throws `UriSyntaxError` (exported by `@x/uri`) when `uri` is not a `file:` URI, has a query, names a remote host (POSIX),
 *   or decodes to a separator, NUL or a dot segment
 * @example
 * ```ts
 * fileUriToPath('file:///etc/motd'); // '/etc/motd'
 * fileUriToPath('file:///C:/Program%20Files/x', { windows: true }); // 'C:\\Program Files\\x'
 * fileUriToPath('file://server/share/a.txt', { windows: true }); // '\\\\server\\share\\a.txt'
 * ```
 */
export function fileUriToPath(uri: string, options?: FilePathOptions): string {
  const c = parse(uri);
  if (c.scheme === undefined || c.scheme.toLowerCase() !== 'file')
    throw new UriSyntaxError(uri, 0, 'not a file URI');
  if (c.query !== undefined) throw new UriSyntaxError(uri, uri.indexOf('?'), 'query in a file URI');
  const windows = options?.windows === true;
  const host = c.host === undefined || c.host.toLowerCase() === 'localhost' ? '' : c.host;
  const at =
    c.scheme.length +
    1 +
    (c.host === undefined
      ? 0
      : c.host.length +
        2 +
        (c.userinfo === undefined ? 0 : c.userinfo.length + 1) +
        (c.port === undefined ? 0 : c.port.length + 1));
  if (c.userinfo !== undefined || c.port !== undefined)
    throw new UriSyntaxError(uri, c.scheme.length + 3, 'userinfo or port in a file URI');
  let path = c.path;
  let offset = at;
  if (host !== '' && !windows)
    throw new UriSyntaxError(uri, c.scheme.length + 3, 'file URI names a remote host');
  if (!windows) {
    if (path.charCodeAt(0) !== 47) throw new UriSyntaxError(uri, at, 'file path is not absolute');
  } else if (path.charCodeAt(0) === 47 && isDrive(path, 1)) {
    path = path.slice(1);
    offset++;
  } else if (host === '' && !isDrive(path, 0)) {
    throw new UriSyntaxError(uri, at, 'Windows file path without drive letter or host');
  }
  const segments = path.split('/');
  let out = '';
  for (let i = 0; i < segments.length; i++) {
    const raw = segments[i]!;
    const seg = decodeText(raw, uri, offset);
    if (seg.indexOf('/') >= 0 || seg.indexOf('\0') >= 0 || (windows && seg.indexOf('\\') >= 0)) {
      throw new UriSyntaxError(uri, offset, 'escaped separator or NUL in a file path segment');
    }
    // "%2E%2E" is a name in the URI, but ".." in the file system: decoding it would be a traversal
    if (seg !== raw && (seg === '.' || seg === '..')) {
      throw new UriSyntaxError(uri, offset, 'escaped dot segment in a file path');
    }
    out += (i > 0 ? (windows ? '\\' : '/') : '') + seg;
    offset += raw.length + 1;
  }
  if (windows && host !== '') return `\\\\${host}${out}`;
  if (windows && out.length === 2) return `${out}\\`;
  return out;
}

// pchar without ":" at the start is always fine in an absolute path; "%" is escaped so it round-trips
const PATH_KEEP = (c: number): boolean => (CHARS[c]! & PCHAR_MASK) !== 0;

/**
 * Converts an absolute local path to a `file:` URI ({@link https://www.rfc-editor.org/rfc/rfc8089#section-2 | RFC 8089 §2};
 * Windows drive letters as `file:///C:/`, UNC paths as `file://server/share`), escaping as UTF-8 what a
 * path segment may not hold.
 *
 * @param path - an absolute POSIX path, or (with `windows`) a drive or UNC path
 * @param options - {@link FilePathOptions}
 * @returns the `file:` URI; {@link fileUriToPath} of it gives back `path`
 * @throws `UriSyntaxError` (exported by `@x/uri`) when the path is not absolute or holds NUL
 * @example
 * ```ts
 * pathToFileUri('/tmp/a b#1'); // 'file:///tmp/a%20b%231'
 * pathToFileUri('C:\\Users\\Zoë', { windows: true }); // 'file:///C:/Users/Zo%C3%AB'
 * ```
 */
export function pathToFileUri(path: string, options?: FilePathOptions): string {
  if (path.indexOf('\0') >= 0) throw new UriSyntaxError(path, path.indexOf('\0'), 'NUL in a path');
  const windows = options?.windows === true;
  let host = '';
  let rest = path;
  if (windows) {
    rest = path.split('\\').join('/');
    if (rest.charCodeAt(0) === 47 && rest.charCodeAt(1) === 47) {
      const end = rest.indexOf('/', 2);
      host = end < 0 ? rest.slice(2) : rest.slice(2, end);
      rest = end < 0 ? '/' : rest.slice(end);
      if (host === '') throw new UriSyntaxError(path, 2, 'UNC path without server');
      host = encodeText(host, (c) => (CHARS[c]! & PCHAR_MASK) !== 0 && c !== 58 && c !== 64);
    } else if (isDrive(rest, 0)) {
      rest = `/${rest}`;
    } else {
      throw new UriSyntaxError(path, 0, 'Windows path without drive letter or server');
    }
  } else if (rest.charCodeAt(0) !== 47) {
    throw new UriSyntaxError(path, 0, 'path is not absolute');
  }
  const segments = rest.split('/');
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i]!;
    segments[i] = windows && host === '' && i === 1 ? s : encodeText(s, PATH_KEEP);
  }
  return `file://${host}${segments.join('/')}`;
}
