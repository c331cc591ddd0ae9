// http(s) and ws(s) URIs as a client uses them: RFC 9110 §4.2 and §7.1, RFC 9112 §3.2, RFC 6455 §3.
import { UriSyntaxError } from './errors';
import { regNameCanonical } from './host';
import { formatIpv6 } from './host';
import { readIpv6 } from './ip';
import { parse } from './parse';
import type { UriComponents } from './types';

const PORTS: Record<string, string> = { http: '80', https: '443', ws: '80', wss: '443' };

function httpParts(uri: string): UriComponents & { scheme: string; host: string } {
  const c = parse(uri);
  const scheme = c.scheme?.toLowerCase();
  if (
    scheme === undefined ||
    !(scheme === 'http' || scheme === 'https' || scheme === 'ws' || scheme === 'wss')
  ) {
    throw new UriSyntaxError(uri, 0, 'not an http, https, ws or wss URI');
  }
  // RFC 9110 §4.2.1: a sender must not generate an "http" URI with an empty host
  if (c.host === undefined || c.host === '')
    throw new UriSyntaxError(uri, scheme.length + 3, 'http URI without host');
  let port = c.port;
  if (port !== undefined && port !== '') {
    // a TCP port: leading zeros dropped (":0080" is port 80), at most 65535
    let z = 0;
    while (z < port.length - 1 && port.charCodeAt(z) === 48) z++;
    port = port.slice(z);
    if (port.length > 5 || Number(port) > 65535) {
      throw new UriSyntaxError(
        uri,
        uri.indexOf(`:${c.port}`, scheme.length + 3) + 1,
        'port out of range',
      );
    }
  }
  return { ...c, scheme, host: c.host, port };
}

function canonicalHost(host: string): string {
  if (host.charCodeAt(0) !== 91) return regNameCanonical(host);
  const pieces: number[] = [];
  return readIpv6(host, 1, host.length - 1, pieces) < 0
    ? `[${formatIpv6(pieces)}]`
    : host.toLowerCase();
}

/**
 * The origin of an http(s) or ws(s) URI ({@link https://www.rfc-editor.org/rfc/rfc6454#section-6.2 | RFC 6454 §6.2}
 * serialization): lower-case scheme and host, the port only when it is not the scheme's default.
 *
 * @param uri - an `http`, `https`, `ws` or `wss` URI
 * @returns `scheme://host[:port]`
 * @throws `UriSyntaxError` (exported by `@x/uri`) when `uri` is not such a URI, has an empty host or a
 *   port above 65535
 * @example
 * ```ts
 * origin('HTTPS://User:pw@Example.COM:443/a?b#c'); // 'https://example.com'
 * origin('http://[::1]:8080/'); // 'http://[::1]:8080'
 * ```
 */
export function origin(uri: string): string {
  const c = httpParts(uri);
  const port =
    c.port === undefined || c.port === '' || c.port === PORTS[c.scheme] ? '' : `:${c.port}`;
  return `${c.scheme}://${canonicalHost(c.host)}${port}`;
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
 * never the fragment, never the userinfo; an empty path is sent as `/`.
 *
 * @param uri - an `http`, `https`, `ws` or `wss` URI
 * @param options - {@link RequestTargetOptions}
 * @returns the request target
 * @throws `UriSyntaxError` (exported by `@x/uri`) when `uri` is not such a URI, has an empty host or a
 *   port above 65535
 * @example
 * ```ts
 * requestTarget('http://u:p@example.com/a%20b?q=1#frag'); // '/a%20b?q=1'
 * requestTarget('http://example.com?q', { form: 'absolute' }); // 'http://example.com/?q'
 * requestTarget('https://example.com/x', { form: 'authority' }); // 'example.com:443'
 * ```
 */
export function requestTarget(uri: string, options?: RequestTargetOptions): string {
  const c = httpParts(uri);
  const form = options?.form ?? 'origin';
  const port = c.port === undefined || c.port === '' ? undefined : c.port;
  if (form === 'authority') return `${c.host}:${port ?? PORTS[c.scheme]}`;
  const target = `${c.path === '' ? '/' : c.path}${c.query === undefined ? '' : `?${c.query}`}`;
  if (form === 'origin') return target;
  return `${c.scheme}://${c.host}${port === undefined ? '' : `:${port}`}${target}`;
}
