// The server side of a URL path: the CGI meta-variables of RFC 3875 §4.1, and a path read against a
// document root.
import { Bits, CHARS, isPctAt } from './chars';
import { removeDotSegments } from './dot-segments';
import { UriSyntaxError } from './errors';
import { parse } from './parse';
import { decodeBytes, utf8OrIndex } from './pct';

/** Why {@link pathUnderRoot} or {@link cgiVariables} refused a path (see {@link UnsafePathError}). */
export type UnsafePathCode =
  | 'syntax'
  | 'dot-segment'
  | 'separator'
  | 'control'
  | 'encoding'
  | 'empty-segment'
  | 'drive'
  | 'windows-name'
  | 'device'
  | 'no-script';

/**
 * The error {@link pathUnderRoot} and {@link cgiVariables} throw for a path they refuse: a
 * {@link UriSyntaxError} (with `index` into the URL path and `reason`) that also says which rule
 * refused it in `code`.
 *
 * @example
 * ```ts
 * const refusal = (path: string) => { try { pathUnderRoot('/srv/www', path); } catch (e) { return e as UnsafePathError; } };
 * refusal('/a/%2E%2E/%2E%2E/etc/passwd')?.code; // 'dot-segment'
 * refusal('/a/%2E%2E/%2E%2E/etc/passwd')?.index; // 3
 * refusal('/%C0%AE%C0%AE/etc/passwd')?.code; // 'encoding'
 * ```
 */
export class UnsafePathError extends UriSyntaxError {
  /** Which rule refused the path. */
  readonly code: UnsafePathCode;

  /**
   * @param input - the URL path or request target
   * @param index - where the refused segment or character starts
   * @param code - the rule
   * @param reason - a short description
   */
  constructor(input: string, index: number, code: UnsafePathCode, reason: string) {
    super(input, index, reason);
    this.name = 'UnsafePathError';
    this.code = code;
  }
}

const WINDOWS_RESERVED = '<>"|?*';
// Characters that Windows "best fit" conversion to an ANSI code page turns into "/", "\\" or "."
// (fullwidth solidus and reverse solidus, division slash, set minus, small reverse solidus, yen and
// won signs, fullwidth full stop, one dot leader): a program that opens files through the ANSI API
// would see a separator or a dot there.
const BEST_FIT = '\uff0f\uff3c\u2215\u2216\ufe68\u00a5\u20a9\uff0e\u2024';

// Windows device names (CON, PRN, AUX, NUL, COM0-9, LPT0-9, also with superscript digits), which
// name a device in any directory and with any extension ("nul.txt").
function isDevice(name: string): boolean {
  const dot = name.indexOf('.');
  let end = dot < 0 ? name.length : dot;
  // trailing spaces are dropped by Windows; trimmed by a loop (a regex would backtrack)
  while (end > 0 && name.charCodeAt(end - 1) === 32) end--;
  const base = name.slice(0, end).toUpperCase();
  if (base === 'CON' || base === 'PRN' || base === 'AUX' || base === 'NUL') return true;
  if (base.length !== 4) return false;
  const stem = base.slice(0, 3);
  return (stem === 'COM' || stem === 'LPT') && '0123456789\u00b9\u00b2\u00b3'.includes(base[3]!);
}

/**
 * Decodes one segment of a URL path and checks it can name a file in a directory without leaving
 * it. Returns the decoded name.
 */
function fileName(path: string, start: number, end: number, windows: boolean): string {
  const raw = path.slice(start, end);
  // the characters were checked: only the UTF-8 decoder fails here
  const name = utf8OrIndex(decodeBytes(raw, path, start), raw);
  if (typeof name === 'number')
    throw new UnsafePathError(
      path,
      start + name,
      'encoding',
      'escapes are not UTF-8 (or overlong)',
    );
  if (name === '.' || name === '..')
    throw new UnsafePathError(path, start, 'dot-segment', 'dot segment');
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c === 47 || c === 92)
      throw new UnsafePathError(path, start, 'separator', 'escaped / or \\ in a segment');
    if (c < 32 || c === 127)
      throw new UnsafePathError(path, start, 'control', 'control character (NUL...) in a segment');
    if (windows && c === 58)
      throw new UnsafePathError(path, start, 'drive', 'colon: a drive letter or a stream name');
    if (windows && WINDOWS_RESERVED.includes(name[i]!))
      throw new UnsafePathError(path, start, 'windows-name', 'character Windows reserves');
    if (windows && BEST_FIT.includes(name[i]!))
      throw new UnsafePathError(path, start, 'windows-name', 'best-fit maps it to / \\ or .');
  }
  if (windows) {
    // Windows drops trailing dots and spaces: "..." or ".. " would open ".."
    const last = name.charCodeAt(name.length - 1);
    if (last === 46 || last === 32)
      throw new UnsafePathError(path, start, 'windows-name', 'trailing dot or space');
    if (isDevice(name)) throw new UnsafePathError(path, start, 'device', 'Windows device name');
  }
  return name;
}

/** Checks the characters of a URL path; returns nothing, throws the first problem. */
function checkPath(path: string, end: number): void {
  for (let i = 0; i < end; i++) {
    const c = path.charCodeAt(i);
    if (c === 37) {
      if (!isPctAt(path, i))
        throw new UnsafePathError(path, i, 'syntax', 'malformed percent-encoding');
      i += 2;
    } else if (c === 92) {
      throw new UnsafePathError(path, i, 'separator', 'backslash');
    } else if (c >= 128 || (CHARS[c]! & Bits.PATH_MASK) === 0) {
      throw new UnsafePathError(path, i, 'syntax', 'invalid character in path');
    }
  }
}

/** Options of {@link pathUnderRoot}. */
export interface PathUnderRootOptions {
  /** Build a Windows path (`\` separators, Windows file name rules). Default `false` (POSIX). */
  windows?: boolean;
}

/**
 * The file a URL path names under a document root, which it can never leave: each segment is
 * decoded as UTF-8 and becomes one file name, joined to `root` with the platform's separator. A
 * path that could lead elsewhere, or be read differently by the file system, is refused rather than
 * repaired: dot segments (`..`, `%2E%2E`, and on Windows `...` or `.. `, which it reads as `..`),
 * escaped separators (`%2F`, `%5C`) and backslashes, NUL and other control characters, empty
 * segments, escapes that are not UTF-8 (overlong forms such as `%C0%AE` included), and on Windows
 * a `:` (drive letters, `C:`, and stream names), the characters `<>"|?*`, device names (`CON`,
 * `nul.txt`, `COM1`) and characters that "best fit" conversion to an ANSI code page turns into a
 * separator or a dot (`／`, `＼`, `¥`, `∕`, `．`...). A trailing `/` gives a trailing separator (a directory).
 *
 * @param root - the document root, a POSIX or (with `windows`) Windows directory path, not empty
 * @param urlPath - the path of a URL or request target (starting with `/`; no query or fragment)
 * @param options - {@link PathUnderRootOptions}
 * @returns the file path under `root`
 * @throws {@link UnsafePathError} for a refused path (its `code` says why); `TypeError` for an
 *   empty root
 * @example
 * ```ts
 * pathUnderRoot('/srv/www', '/docs/caf%C3%A9.html'); // '/srv/www/docs/café.html'
 * pathUnderRoot('C:\\www', '/docs/a%20b.txt', { windows: true }); // 'C:\\www\\docs\\a b.txt'
 * ```
 */
export function pathUnderRoot(
  root: string,
  urlPath: string,
  options?: PathUnderRootOptions,
): string {
  if (typeof root !== 'string' || root === '') throw new TypeError('root must be a non-empty path');
  const windows = options?.windows === true;
  const sep = windows ? '\\' : '/';
  if (urlPath.charCodeAt(0) !== 47)
    throw new UnsafePathError(urlPath, 0, 'syntax', 'a URL path starts with /');
  checkPath(urlPath, urlPath.length);
  let out = root;
  let last = out.charCodeAt(out.length - 1);
  while (out.length > 0 && (last === 47 || (windows && last === 92))) {
    out = out.slice(0, -1);
    last = out.charCodeAt(out.length - 1);
  }
  let start = 1;
  for (let i = 1; i <= urlPath.length; i++) {
    if (i < urlPath.length && urlPath.charCodeAt(i) !== 47) continue;
    if (i === start) {
      if (i < urlPath.length)
        throw new UnsafePathError(urlPath, start, 'empty-segment', 'empty segment');
      out += sep;
    } else {
      out += sep + fileName(urlPath, start, i, windows);
    }
    start = i + 1;
  }
  return out;
}

/**
 * The CGI meta-variables that depend on the request target
 * ({@link https://www.rfc-editor.org/rfc/rfc3875#section-4.1 | RFC 3875 §4.1}).
 */
export interface CgiVariables {
  /** §4.1.13: the path that names the script, decoded (`''` or starting with `/`). */
  SCRIPT_NAME: string;
  /** §4.1.5: the rest of the path after the script, decoded, without segment parameters (`''` or starting with `/`). */
  PATH_INFO: string;
  /** §4.1.7: the query as written (URL-encoded), `''` when there is none. */
  QUERY_STRING: string;
}

/**
 * Splits a request target into the CGI meta-variables `SCRIPT_NAME`, `PATH_INFO` and
 * `QUERY_STRING` ({@link https://www.rfc-editor.org/rfc/rfc3875#section-4.1 | RFC 3875 §4.1}). The
 * target is an origin form (`/path?query`) or an absolute URI; dot segments are removed first
 * (RFC 3986 §5.2.4). An origin form may start with an empty segment (`//a/b`, RFC 9112 §3.2.1), which
 * names no host: it is a path, as `requestTarget` gives for `http://h//a/b`. Empty segments are kept
 * (§4.1.5's `lsegment` may be empty), so `//a/b` and `/a/b` are different paths, and a dot segment
 * after one is removed like any other (`//../x` is `/x`, `/a//..//b` is `/a//b`). Then, by §4.1.5 and §4.1.13, `SCRIPT_NAME` and `PATH_INFO` are decoded ("not
 * URL-encoded") and carry no path-segment parameters (each segment's `;...` is dropped), while
 * `QUERY_STRING` stays URL-encoded (§4.1.7). `script` says where the script is: its path (matched
 * against whole decoded segments), or a function called with each path prefix (`/cgi-bin`,
 * `/cgi-bin/puzzle`, ...) that returns `true` for the first one that is a script.
 *
 * §4.1.5 lets a server refuse a path that would lose information when decoded: an escaped `/` is
 * refused here, as are an escaped dot segment, NUL, and escapes that are not UTF-8.
 *
 * @param target - a request target: `/path?query` or an absolute URI
 * @param script - the script's path, or a function that says whether a path prefix is a script
 * @returns the three variables
 * @throws {@link UnsafePathError} when the target is no origin form or absolute URI (`syntax`), has
 *   a fragment (`syntax`), a segment refused as above, or no script in its path (`no-script`)
 * @example
 * ```ts
 * cgiVariables('/cgi-bin/puzzle/ducks/and/drake?row=a2&cl=j4', '/cgi-bin/puzzle');
 * // { SCRIPT_NAME: '/cgi-bin/puzzle', PATH_INFO: '/ducks/and/drake', QUERY_STRING: 'row=a2&cl=j4' }
 * cgiVariables('/cgi-bin/find.pl/a%20b', (p) => p.endsWith('.pl')).PATH_INFO; // '/a b'
 * cgiVariables('//a/b?q', ''); // { SCRIPT_NAME: '', PATH_INFO: '//a/b', QUERY_STRING: 'q' }
 * ```
 */
export function cgiVariables(
  target: string,
  script: string | ((scriptName: string) => boolean),
): CgiVariables {
  let c: ReturnType<typeof parse>;
  // RFC 9112 §3.2.1: origin-form = absolute-path [ "?" query ], and RFC 9110 §4.1's absolute-path
  // may start with an empty segment ("//a/b"): no authority, so its first "/" is read as a segment
  // of the same length, "a", which leaves every offset as it is
  const empty = target.charCodeAt(0) === 47 && target.charCodeAt(1) === 47;
  try {
    c = parse(empty ? `a${target.slice(1)}` : target);
    if (empty) c = { ...c, path: `/${c.path.slice(1)}` };
  } catch (e) {
    const err = e as UriSyntaxError;
    throw new UnsafePathError(target, err.index, 'syntax', err.reason);
  }
  if (c.fragment !== undefined)
    throw new UnsafePathError(
      target,
      target.indexOf('#'),
      'syntax',
      'fragment in a request target',
    );
  const pathStart =
    target.length - (c.query === undefined ? 0 : c.query.length + 1) - c.path.length;
  // RFC 9112 §3.2.2: an absolute form with an empty path asks for "/"
  if (c.scheme !== undefined && c.host !== undefined && c.path === '') c = { ...c, path: '/' };
  if (c.path.charCodeAt(0) !== 47)
    throw new UnsafePathError(target, 0, 'syntax', 'not an origin form or absolute URI');
  // the decoded segments, each without its parameters, and where it starts in the target
  const names: string[] = [];
  const raw = c.path;
  const dotFree = removeDotSegments(raw);
  let start = 1;
  let semi = -1;
  for (let i = 1; i <= dotFree.length; i++) {
    const ch = dotFree.charCodeAt(i);
    if (i < dotFree.length && ch !== 47) {
      if (ch === 59 && semi < 0) semi = i;
      continue;
    }
    const end = semi >= 0 ? semi : i;
    semi = -1;
    // offsets are exact when no dot segment was removed, else they point at the path
    const at = dotFree === raw ? pathStart + start : pathStart;
    names.push(segmentText(target, dotFree.slice(start, end), at));
    start = i + 1;
  }
  // the prefixes are built one segment at a time: linear in the path for a string script
  let want: string | undefined;
  if (typeof script === 'string') {
    let end = script.length;
    while (end > 0 && script.charCodeAt(end - 1) === 47) end--;
    want = script.slice(0, end);
  }
  let k = want === '' ? 0 : -1;
  let name = '';
  for (let j = 1; j <= names.length && k < 0; j++) {
    name += `/${names[j - 1]}`;
    if (want === undefined ? (script as (s: string) => boolean)(name) : name === want) k = j;
    else if (want !== undefined && name.length >= want.length) break;
  }
  if (k < 0) throw new UnsafePathError(target, pathStart, 'no-script', 'no script in the path');
  return {
    SCRIPT_NAME: k === 0 ? '' : name,
    PATH_INFO: k === names.length ? '' : `/${names.slice(k).join('/')}`,
    QUERY_STRING: c.query ?? '',
  };
}

// §4.1.5: PATH_INFO = "" | ( "/" path ), lsegment = *lchar, lchar = any TEXT or CTL except "/"
function segmentText(target: string, raw: string, at: number): string {
  const name = utf8OrIndex(decodeBytes(raw, target, at), raw);
  if (typeof name === 'number')
    throw new UnsafePathError(target, at + name, 'encoding', 'escapes are not UTF-8 (or overlong)');
  if (name === '.' || name === '..')
    throw new UnsafePathError(target, at, 'dot-segment', 'escaped dot segment');
  if (name.includes('/'))
    throw new UnsafePathError(target, at, 'separator', 'escaped / in the path (RFC 3875 §4.1.5)');
  if (name.includes('\0')) throw new UnsafePathError(target, at, 'control', 'NUL in the path');
  return name;
}
