// The ftp scheme, RFC 1738 §3.2.
import { UriSyntaxError } from './errors';
import { hostIndex } from './host';
import { parse } from './parse';
import { decodeText } from './pct';

/** A parsed `ftp:` URL. */
export interface FtpUrl {
  /** The decoded user name, or undefined (anonymous). */
  user: string | undefined;
  /** The decoded password, or undefined. */
  password: string | undefined;
  /** The host as written. */
  host: string;
  /** The port, 21 by default. */
  port: number;
  /**
   * The decoded path segments: a client sends CWD for each but the last, then retrieves the last
   * (`''` for a directory). A segment from `%2F` starts with `/`: CWD to an absolute directory.
   */
  segments: string[];
  /** The `;type=` code: `a` (text), `i` (image) or `d` (directory list), or undefined. */
  type: 'a' | 'i' | 'd' | undefined;
}

function tcpPort(port: string, uri: string, at: number): number {
  const n = Number(port);
  if (n > 65535) throw new UriSyntaxError(uri, at, 'port out of range');
  return n;
}

/**
 * Decodes what a client sends as the argument of an FTP command (USER, PASS, CWD, RETR).
 * {@link https://www.rfc-editor.org/rfc/rfc959#section-4.1 | RFC 959 §4.1}: a command ends at CRLF, so a
 * decoded CR or LF would end it early and start another command.
 */
function commandArgument(raw: string, uri: string, offset: number, what: string): string {
  const text = decodeText(raw, uri, offset);
  if (text.indexOf('\r') >= 0 || text.indexOf('\n') >= 0)
    throw new UriSyntaxError(uri, offset, `CR or LF in an ftp ${what} (command injection)`);
  return text;
}

/**
 * Parses an `ftp:` URL ({@link https://www.rfc-editor.org/rfc/rfc1738#section-3.2 | RFC 1738 §3.2}): user,
 * password, host, port, the CWD segments (where `%2F` makes a path absolute) and `;type=`.
 *
 * @param uri - an `ftp:` URL
 * @returns its parts
 * @throws `UriSyntaxError` (exported by `@x/uri`) when `uri` is not a valid `ftp:` URL (no host, a port above 65535, a query, a bad `;type=`,
 *   escapes that are not UTF-8, or an escaped CR or LF (`%0D`, `%0A`) in the user name, the password or a path
 *   segment: it would end the USER, PASS, CWD or RETR command and inject another)
 * @example
 * ```ts
 * parseFtp('ftp://myname@host.dom/%2Fetc/motd').segments; // ['/etc', 'motd']
 * parseFtp('ftp://host.dom/etc/motd;type=a').type; // 'a'
 * ```
 */
export function parseFtp(uri: string): FtpUrl {
  const c = parse(uri);
  if (c.scheme === undefined || c.scheme.toLowerCase() !== 'ftp')
    throw new UriSyntaxError(uri, 0, 'not an ftp URL');
  // the index: where the "//" of the authority should start, or of the empty host after it
  if (c.host === undefined)
    throw new UriSyntaxError(uri, c.scheme.length + 1, 'ftp URL without host');
  if (c.host === '') throw new UriSyntaxError(uri, hostIndex(c, uri), 'ftp URL without host');
  if (c.query !== undefined) throw new UriSyntaxError(uri, uri.indexOf('?'), 'query in an ftp URL');
  let user: string | undefined;
  let password: string | undefined;
  const u = c.scheme.length + 3;
  if (c.userinfo !== undefined) {
    const colon = c.userinfo.indexOf(':');
    user = commandArgument(colon < 0 ? c.userinfo : c.userinfo.slice(0, colon), uri, u, 'user');
    if (colon >= 0)
      password = commandArgument(c.userinfo.slice(colon + 1), uri, u + colon + 1, 'password');
  }
  let path = c.path;
  let type: FtpUrl['type'];
  // where the path starts: the components are substrings of the end of the input
  const start = uri.length - (c.fragment === undefined ? 0 : c.fragment.length + 1) - c.path.length;
  const semi = path.lastIndexOf(';type=');
  if (semi >= 0 && path.indexOf('/', semi) < 0) {
    const code = path.slice(semi + 6).toLowerCase();
    if (code !== 'a' && code !== 'i' && code !== 'd')
      throw new UriSyntaxError(uri, start + semi, 'invalid ;type= code');
    type = code;
    path = path.slice(0, semi);
  }
  const segments: string[] = [];
  let offset = start + 1;
  for (const raw of path === '' ? [] : path.slice(1).split('/')) {
    segments.push(commandArgument(raw, uri, offset, 'path'));
    offset += raw.length + 1;
  }
  return {
    user,
    password,
    host: c.host,
    port: c.port === undefined || c.port === '' ? 21 : tcpPort(c.port, uri, start - c.port.length),
    segments,
    type,
  };
}
