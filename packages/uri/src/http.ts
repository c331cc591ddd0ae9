// http(s) and ws(s) URIs as a client uses them: RFC 9110 §4.2 and §7.1, RFC 9112 §3.2, RFC 6455 §3.
import { UriSyntaxError } from './errors';
import { hostIndex, ipv6Text, regNameCanonical, whatwgAuthority, whatwgHost } from './host';
import { readIpv6 } from './ip';
import { parse } from './parse';
import type { UriComponents } from './types';

const PORTS: Record<string, string> = { http: '80', https: '443', ws: '80', wss: '443' };

function httpParts(uri: string, whatwg = false): UriComponents & { scheme: string; host: string } {
  let c = parse(uri);
  const scheme = c.scheme?.toLowerCase();
  if (
    scheme === undefined ||
    !(scheme === 'http' || scheme === 'https' || scheme === 'ws' || scheme === 'wss')
  ) {
    throw new UriSyntaxError(uri, 0, 'not an http, https, ws or wss URI');
  }
  if (whatwg) c = whatwgAuthority(c, scheme, uri);
  // RFC 9110 §4.2.1: a sender must not generate an "http" URI with an empty host
  // the index: where the "//" of the authority should start, or of the empty host after it
  if (c.host === undefined)
    throw new UriSyntaxError(uri, scheme.length + 1, `${scheme} URI without host`);
  if (c.host === '') throw new UriSyntaxError(uri, hostIndex(c, uri), `${scheme} URI without host`);
  let port = c.port;
  if (port !== undefined && port !== '') {
    // a TCP port: leading zeros dropped (":0080" is port 80), at most 65535
    let z = 0;
    while (z < port.length - 1 && port.charCodeAt(z) === 48) z++;
    port = port.slice(z);
    if (port.length > 5 || Number(port) > 65535) {
      // the port follows the host and its ":" (components are substrings of the input's end, also
      // when whatwgAuthority rebuilt them)
      throw new UriSyntaxError(uri, hostIndex(c, uri) + c.host.length + 1, 'port out of range');
    }
  }
  return { ...c, scheme, host: c.host, port };
}

function canonicalHost(host: string, dotted: boolean): string {
  if (host.charCodeAt(0) !== 91) return regNameCanonical(host);
  const pieces: number[] = [];
  return readIpv6(host, 1, host.length - 1, pieces) < 0
    ? `[${ipv6Text(pieces, dotted)}]`
    : host.toLowerCase();
}

/** Options of {@link origin}. */
export interface OriginOptions {
  /**
   * `'rfc3986'` (default): the host as RFC 3986 reads it, in lower case (`127.1` stays `127.1`).
   * `'whatwg'`: the host a WHATWG URL parser (browsers, `fetch`, Node's `URL`) reads and a client
   * connects to, as `normalize`'s option of the same name (exported by `@x/uri`) describes: `127.1`,
   * `0x7f.0.0.1` and `%31%32%37.0.0.1` give `127.0.0.1`, and `http:/h` the host `h`. The result is then
   * `new URL(uri).origin`. Use it for SSRF allow and deny lists.
   */
  hosts?: 'rfc3986' | 'whatwg';
}

/**
 * The origin of an http(s) or ws(s) URI ({@link https://www.rfc-editor.org/rfc/rfc6454#section-6.2 | RFC 6454 §6.2}
 * serialization): lower-case scheme and host, the port only when it is not the scheme's default.
 *
 * @param uri - an `http`, `https`, `ws` or `wss` URI
 * @param options - {@link OriginOptions}
 * @returns `scheme://host[:port]`
 * @throws `UriSyntaxError` (exported by `@x/uri`) when `uri` is not such a URI, has no or an empty host
 *   (reported where the `//` should start, or at the empty host; the reason names the scheme) or a
 *   port above 65535; with `hosts: 'whatwg'`, also where the URL Standard fails on the host
 * @example
 * ```ts
 * origin('HTTPS://User:pw@Example.COM:443/a?b#c'); // 'https://example.com'
 * origin('http://[::1]:8080/'); // 'http://[::1]:8080'
 * origin('http://0x7f.1/', { hosts: 'whatwg' }); // 'http://127.0.0.1'
 * ```
 */
export function origin(uri: string, options?: OriginOptions): string {
  const whatwg = options?.hosts === 'whatwg';
  const c = httpParts(uri, whatwg);
  const port =
    c.port === undefined || c.port === '' || c.port === PORTS[c.scheme] ? '' : `:${c.port}`;
  let h: string;
  if (!whatwg) h = canonicalHost(c.host, true);
  else if (c.host.charCodeAt(0) === 91) h = canonicalHost(c.host, false);
  else h = whatwgHost(c.host, uri, hostIndex(c, uri));
  return `${c.scheme}://${h}${port}`;
}

// The path a browser sends: RFC 3986 §5.2.2 takes remove_dot_segments(R.path) for an absolute
// reference, and a segment that reads as "." or ".." once "%2E" is decoded (§6.2.2.2, §6.2.2.3; the URL
// Standard's single-dot and double-dot path segments, any case) is a dot segment too. The path of a URI
// with an authority is empty or starts with "/", so the segments after the first "/" are the segments.
function browserPath(path: string): string {
  const segs = path.split('/').slice(1);
  const out: string[] = [];
  segs.forEach((seg, k) => {
    const dots = seg.replace(/%2e/gi, '.');
    if (dots === '..') out.pop();
    // a dot segment at the end leaves the path ending in "/" (§5.2.4 rules B and C)
    if (dots !== '.' && dots !== '..') out.push(seg);
    else if (k === segs.length - 1) out.push('');
  });
  return `/${out.join('/')}`;
}

/** Options of {@link requestTarget}. */
export interface RequestTargetOptions {
  /**
   * `'origin'` (default): path and query, for a request to the origin server; `'absolute'`: the whole URI
   * without userinfo and fragment, for a request to a proxy; `'authority'`: `host:port`, for CONNECT.
   */
  form?: 'origin' | 'absolute' | 'authority';
}

/**
 * The request target a client sends for a URI ({@link https://www.rfc-editor.org/rfc/rfc9112#section-3.2 | RFC 9112 §3.2}):
 * never the fragment, never the userinfo; an empty path is sent as `/`. The path is sent as a browser
 * or `curl` sends it: without dot segments
 * ({@link https://www.rfc-editor.org/rfc/rfc3986#section-5.2.2 | RFC 3986 §5.2.2}), where a segment of
 * `.` or `..` written with `%2E` or `%2e` counts as one, so `http://h/public/%2e%2E/admin` asks for
 * `/admin`: check a path prefix on the result, not on the URI. Other escapes, empty segments and the
 * query are kept as written.
 *
 * @param uri - an `http`, `https`, `ws` or `wss` URI
 * @param options - {@link RequestTargetOptions}
 * @returns the request target
 * @throws `UriSyntaxError` (exported by `@x/uri`) when `uri` is not such a URI, has no or an empty host
 *   (reported where the `//` should start, or at the empty host; the reason names the scheme) or a
 *   port above 65535
 * @example
 * ```ts
 * requestTarget('http://u:p@example.com/a%20b?q=1#frag'); // '/a%20b?q=1'
 * requestTarget('http://example.com?q', { form: 'absolute' }); // 'http://example.com/?q'
 * requestTarget('https://example.com/x', { form: 'authority' }); // 'example.com:443'
 * requestTarget('http://example.com/foo/bar/../%2E/ton?q'); // '/foo/ton?q'
 * ```
 */
export function requestTarget(uri: string, options?: RequestTargetOptions): string {
  const c = httpParts(uri);
  const form = options?.form ?? 'origin';
  const port = c.port === undefined || c.port === '' ? undefined : c.port;
  if (form === 'authority') return `${c.host}:${port ?? PORTS[c.scheme]}`;
  const target = `${browserPath(c.path)}${c.query === undefined ? '' : `?${c.query}`}`;
  if (form === 'origin') return target;
  return `${c.scheme}://${c.host}${port === undefined ? '' : `:${port}`}${target}`;
}
