// The file scheme, RFC 8089.
import { Bits, CHARS } from './chars';
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
  return (
    l >= 97 &&
    l <= 122 &&
    s.charCodeAt(i + 1) === 58 &&
    (i + 2 === s.length || s.charCodeAt(i + 2) === 47)
  );
}

/**
 * A drive letter whose separator is escaped: RFC 8089 Appendix E.2.2's vertical line, `C|`, as URIs
 * written before RFC 1738 had them, which a valid URI escapes (`C%7C`); and the colon of Appendix E.2
 * escaped, `C%3A`, as encoders that escape every reserved character write it (Python's
 * `quote('C:/x')`; Node's `fileURLToPath` and Rust's url read it as `C:`). The length of the escaped
 * form at `i` (a letter, then the escape, then `/` or the end), else 0.
 */
function escapedDriveLength(s: string, i: number): number {
  // five characters at most: no backtracking over the path
  return /^[a-z]%(7c|3a)(\/|$)/i.test(s.slice(i, i + 5)) ? 4 : 0;
}

/**
 * Why a UNC server name (decoded) cannot be written after `\\`, or undefined when it can. `.` and `?`
 * name the Win32 device namespaces (`\\.\pipe\x`, `\\?\C:\x`), not a server; a separator or a control
 * character would change where the path leads.
 */
function serverProblem(server: string): string | undefined {
  if (server === '') return 'UNC path without server';
  let dots = true;
  for (let i = 0; i < server.length; i++) {
    const c = server.charCodeAt(i);
    if (c === 63) return 'Windows device path (server "." or "?")';
    if (c < 32 || c === 47 || c === 92)
      return 'separator or control character in a UNC server name';
    if (c !== 46) dots = false;
  }
  return dots ? 'Windows device path (server "." or "?")' : undefined;
}

/**
 * Converts a `file:` URI ({@link https://www.rfc-editor.org/rfc/rfc8089#section-2 | RFC 8089 §2}, with the
 * Appendix E forms for drive letters and UNC) to a local path. Escapes are decoded as UTF-8, but an escape
 * that would become a path separator (`%2F`, and `%5C` on Windows), NUL, or an escaped dot segment
 * (`%2E%2E`) is refused, as it would change the path's structure. On Windows the host is a UNC server
 * (escapes decoded; the E.3.2 forms `file:////server/share` and `file://///server/share` too), a
 * drive letter's colon may be escaped (`file:///C%3A/x`, as Python's `quote` writes it) or written as a
 * vertical line (E.2.2: `file:///C%7C/x`, and, as `C|` was written
 * before RFC 1738 and is no URI character, `file:C|/x`, `file:/C|/x` and `file:///C|/x`), and what would leave the file system
 * is refused: the device namespaces (`file://./pipe/x` would be `\\.\pipe\x`, `file://%3F/C:/x` would
 * be `\\?\C:\x`), a UNC path without a share, and a drive letter after a server (`file://server/C:/x`).
 *
 * @param uri - a `file:` URI
 * @param options - {@link FilePathOptions}
 * @returns the path: POSIX `/a/b`, or Windows `C:\a\b` / `\\server\share\a`
 * @throws `UriSyntaxError` (exported by `@x/uri`) when `uri` is not a `file:` URI, has a query, names a remote host (POSIX),
 *   decodes to a separator, NUL or a dot segment, or (Windows) is not a drive or UNC path to a share
 * @example
 * ```ts
 * fileUriToPath('file:///etc/motd'); // '/etc/motd'
 * fileUriToPath('file:///C:/Program%20Files/x', { windows: true }); // 'C:\\Program Files\\x'
 * fileUriToPath('file://server/share/a.txt', { windows: true }); // '\\\\server\\share\\a.txt'
 * fileUriToPath('file:c|/path/to/file', { windows: true }); // 'c:\\path\\to\\file'
 * ```
 */
export function fileUriToPath(uri: string, options?: FilePathOptions): string {
  const windows = options?.windows === true;
  // RFC 8089 Appendix E.2.2: file:c|/x, file:/c|/x and file:///c|/x, with a literal vertical line,
  // which is no URI character; read as the drive's colon (same length, so offsets stay exact)
  const c = parse(windows ? uri.replace(/^(file:(?:\/|\/\/\/)?[a-z])\|(?=\/|$)/i, '$1:') : uri);
  if (c.scheme === undefined || c.scheme.toLowerCase() !== 'file')
    throw new UriSyntaxError(uri, 0, 'not a file URI');
  if (c.query !== undefined) throw new UriSyntaxError(uri, uri.indexOf('?'), 'query in a file URI');
  if (c.userinfo !== undefined || c.port !== undefined)
    throw new UriSyntaxError(uri, c.scheme.length + 3, 'userinfo or port in a file URI');
  const hostAt = c.scheme.length + 3;
  let server = c.host === undefined ? '' : decodeText(c.host, uri, hostAt);
  // RFC 8089 §2: "localhost" is the local machine, however it is written
  if (server.toLowerCase() === 'localhost') server = '';
  let path = c.path;
  let offset = c.scheme.length + 1 + (c.host === undefined ? 0 : c.host.length + 2);
  let serverAt = hostAt;
  // What the drive letter's `%7C` or `%3A` adds to the offsets of the segments after it.
  let barExtra = 0;
  if (windows && server === '') {
    const at = path.charCodeAt(0) === 47 ? 1 : 0;
    if (escapedDriveLength(path, at) !== 0) {
      path = `${path.slice(0, at + 1)}:${path.slice(at + 4)}`;
      barExtra = 2;
    }
  }
  if (server !== '' && !windows)
    throw new UriSyntaxError(uri, hostAt, 'file URI names a remote host');
  if (!windows) {
    if (path.charCodeAt(0) !== 47)
      throw new UriSyntaxError(uri, offset, 'file path is not absolute');
  } else if (server === '' && path.charCodeAt(0) === 47 && isDrive(path, 1)) {
    path = path.slice(1);
    offset++;
  } else if (server === '' && path.charCodeAt(0) === 47 && path.charCodeAt(1) === 47) {
    // RFC 8089 Appendix E.3.2: file:////server/share, the UNC server as the first segment; also
    // with a third slash, file://///server/share, as Firefox writes UNC paths (same appendix)
    const slashes = path.charCodeAt(2) === 47 ? 3 : 2;
    const end = path.indexOf('/', slashes);
    const raw = end < 0 ? path.slice(slashes) : path.slice(slashes, end);
    server = decodeText(raw, uri, offset + slashes);
    serverAt = offset + slashes;
    if (server === '') throw new UriSyntaxError(uri, serverAt, 'UNC path without server');
    path = end < 0 ? '' : path.slice(end);
    offset += slashes + raw.length;
  } else if (server === '' && !isDrive(path, 0)) {
    throw new UriSyntaxError(uri, offset, 'Windows file path without drive letter or host');
  }
  if (windows && server !== '') {
    const problem = serverProblem(server);
    if (problem !== undefined) throw new UriSyntaxError(uri, serverAt, problem);
    // \\server\share: a share must follow, and "C:" cannot be one
    if (path.charCodeAt(0) !== 47 || path.length === 1 || path.charCodeAt(1) === 47)
      throw new UriSyntaxError(uri, offset, 'UNC path without share');
    if (isDrive(path, 1) || escapedDriveLength(path, 1) !== 0)
      throw new UriSyntaxError(uri, offset + 1, 'drive letter after a UNC server');
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
    // \\server\.. is no share: Windows would climb out of the share's root
    if (i === 1 && windows && server !== '' && (seg === '.' || seg === '..'))
      throw new UriSyntaxError(uri, offset, 'dot segment as a UNC share');
    out += (i > 0 ? (windows ? '\\' : '/') : '') + seg;
    offset += raw.length + 1;
    // the drive's segment was C%7C in the URI
    if (isDrive(raw, 0)) {
      offset += barExtra;
      barExtra = 0;
    }
  }
  if (windows && server !== '') return `\\\\${server}${out}`;
  if (windows && out.length === 2) return `${out}\\`;
  return out;
}

// pchar without ":" at the start is always fine in an absolute path; "%" is escaped so it round-trips
const PATH_KEEP = (c: number): boolean => (CHARS[c]! & Bits.PCHAR_MASK) !== 0;

/**
 * Converts an absolute local path to a `file:` URI ({@link https://www.rfc-editor.org/rfc/rfc8089#section-2 | RFC 8089 §2};
 * Windows drive letters as `file:///C:/`, UNC paths as `file://server/share`, and a server named
 * `localhost` as `file:////localhost/share`, Appendix E.3.2), escaping as UTF-8 what a path segment or
 * a host may not hold.
 *
 * @param path - an absolute POSIX path, or (with `windows`) a drive path (`C:\x`) or a UNC path to a share
 *   (`\\server\share`); with `windows`, `/` is a separator too
 * @param options - {@link FilePathOptions}
 * @returns the `file:` URI; {@link fileUriToPath} of it, with the same options, gives back `path` (on
 *   Windows with each `/` written as `\`)
 * @throws `UriSyntaxError` (exported by `@x/uri`) when the path is not absolute (`C:` alone is not),
 *   holds NUL or a lone surrogate, or (Windows) is a device path (`\\.\pipe\x`, `\\?\C:\x`) or a
 *   malformed UNC path: no server, no share, `.`, `..` or a drive letter as the share
 * @example
 * ```ts
 * pathToFileUri('/tmp/a b#1'); // 'file:///tmp/a%20b%231'
 * pathToFileUri('C:\\Users\\Zoë', { windows: true }); // 'file:///C:/Users/Zo%C3%AB'
 * ```
 */
export function pathToFileUri(path: string, options?: FilePathOptions): string {
  if (path.indexOf('\0') >= 0) throw new UriSyntaxError(path, path.indexOf('\0'), 'NUL in a path');
  const bad = loneSurrogate(path);
  if (bad >= 0) throw new UriSyntaxError(path, bad, 'lone surrogate in a path (not UTF-8)');
  const windows = options?.windows === true;
  let authority = '';
  let rest = path;
  if (windows) {
    rest = path.split('\\').join('/');
    if (rest.charCodeAt(0) === 47 && rest.charCodeAt(1) === 47) {
      const end = rest.indexOf('/', 2);
      const server = end < 0 ? rest.slice(2) : rest.slice(2, end);
      const problem = serverProblem(server);
      if (problem !== undefined) throw new UriSyntaxError(path, 2, problem);
      rest = end < 0 ? '' : rest.slice(end);
      if (rest.length < 2 || rest.charCodeAt(1) === 47)
        throw new UriSyntaxError(path, 2 + server.length, 'UNC path without share');
      if (isDrive(rest, 1))
        throw new UriSyntaxError(path, 3 + server.length, 'drive letter after a UNC server');
      const share = rest.split('/')[1];
      if (share === '.' || share === '..')
        throw new UriSyntaxError(path, 3 + server.length, 'dot segment as a UNC share');
      const host = encodeText(server, (c) => (CHARS[c]! & Bits.REG_NAME_MASK) !== 0);
      // "localhost" as the host would mean this machine (RFC 8089 §2): such a server goes in the path,
      // in the Appendix E.3.2 form file:////localhost/share
      authority = host.toLowerCase() === 'localhost' ? `//${host}` : host;
    } else if (isDrive(rest, 0) && rest.length > 2) {
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
    segments[i] = windows && authority === '' && i === 1 ? s : encodeText(s, PATH_KEEP);
  }
  return `file://${authority}${segments.join('/')}`;
}

/** The index of the first lone surrogate of `s`, or -1: UTF-8 has no way to write one. */
function loneSurrogate(s: string): number {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xd800 || c > 0xdfff) continue;
    const d = s.charCodeAt(i + 1);
    if (c > 0xdbff || !(d >= 0xdc00 && d <= 0xdfff)) return i;
    i++;
  }
  return -1;
}
