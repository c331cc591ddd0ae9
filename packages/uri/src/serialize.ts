import { Bits, isDigit } from './chars';
import { UriSyntaxError } from './errors';
import { checkLiteral, run, schemeEnd } from './scan';
import type { UriComponents } from './types';
import { ucsAt } from './ucs';

/**
 * §5.3 without the checks, for components this package built itself from valid ones
 * (normalize, iriToUri, uriToIri): they are valid by construction.
 */
export function compose(c: UriComponents): string {
  let out = c.scheme === undefined ? '' : `${c.scheme}:`;
  if (c.host !== undefined) {
    out += `//${c.userinfo === undefined ? '' : `${c.userinfo}@`}${c.host}${c.port === undefined ? '' : `:${c.port}`}`;
  }
  out += c.path;
  if (c.query !== undefined) out += `?${c.query}`;
  return c.fragment === undefined ? out : `${out}#${c.fragment}`;
}

function refuse(at: string, index: number, reason: string): never {
  throw new UriSyntaxError(at, index, reason);
}

/** Appends `part` to `out` after checking it against `*( <mask chars> / pct-encoded / ucschar )`. */
function append(out: string, part: string, mask: number, what: string, privateOk = false): string {
  const i = run(part, 0, mask, ucsAt, privateOk);
  if (i < part.length) refuse(out + part, out.length + i, `invalid character in ${what}`);
  return out + part;
}

/**
 * Recomposes components into a URI reference by
 * {@link https://www.rfc-editor.org/rfc/rfc3986#section-5.3 | RFC 3986 §5.3}, so that
 * `serialize(parse(s)) === s`. Components are written as given, without encoding, but each is checked
 * against its grammar (the IRI grammar of RFC 3987, so IRI components are accepted too), so that the
 * result always parses back into the same components.
 *
 * @param components - the seven components (`host` defined iff there is an authority)
 * @returns the URI (or IRI) reference
 * @throws {@link UriSyntaxError} when a component holds a character its grammar does not allow (a `/` or
 *   `@` in a host, a `#` in a query, a stray `%` ...), or when the result would not parse back into the
 *   same components: a `userinfo` or `port` without `host`, a non-empty path not starting with `/` after
 *   an authority, a path starting with `//` without an authority, or (with neither scheme nor authority)
 *   a colon in the first path segment
 * @example
 * ```ts
 * serialize({ scheme: 'http', userinfo: undefined, host: 'a', port: undefined,
 *             path: '/b', query: '', fragment: undefined }); // 'http://a/b?'
 * ```
 */
export function serialize(components: UriComponents): string {
  const { scheme, userinfo, host, port, path, query, fragment } = components;
  let out = '';
  if (scheme !== undefined) {
    if (scheme === '') refuse(scheme, 0, 'empty scheme');
    const e = schemeEnd(scheme);
    if (e < scheme.length) refuse(scheme, e, 'invalid character in scheme');
    out = `${scheme}:`;
  }
  if (host !== undefined) {
    out += '//';
    if (userinfo !== undefined) out = `${append(out, userinfo, Bits.USERINFO_MASK, 'userinfo')}@`;
    if (host.charCodeAt(0) === 91) {
      const close = host.length - 1;
      const bad =
        host.charCodeAt(close) === 93 && close > 0 ? checkLiteral(host, 1, close, true) : close + 1;
      if (bad >= 0) refuse(out + host, out.length + bad, 'invalid IP literal');
      out += host;
    } else {
      out = append(out, host, Bits.REG_NAME_MASK, 'host');
    }
    if (port !== undefined) {
      out += ':';
      for (let i = 0; i < port.length; i++)
        if (!isDigit(port.charCodeAt(i)))
          refuse(out + port, out.length + i, 'invalid character in port');
      out += port;
    }
    if (path !== '' && path.charCodeAt(0) !== 47)
      refuse(out, out.length, 'path must start with "/" after an authority');
  } else {
    if (userinfo !== undefined || port !== undefined)
      refuse(out, out.length, 'userinfo or port without host');
    // §3.3: without an authority a path cannot begin with "//"
    if (path.charCodeAt(0) === 47 && path.charCodeAt(1) === 47)
      refuse(out, out.length, 'path starts with "//" without an authority');
    if (scheme === undefined) {
      // §4.2: the first segment of a relative path must not contain a colon
      for (let i = 0; i < path.length; i++) {
        const c = path.charCodeAt(i);
        if (c === 47) break;
        if (c === 58) refuse(path, i, 'colon in first segment of a relative path');
      }
    }
  }
  out = append(out, path, Bits.PATH_MASK, 'path');
  if (query !== undefined) out = append(`${out}?`, query, Bits.QUERY_MASK, 'query', true);
  if (fragment !== undefined) out = append(`${out}#`, fragment, Bits.QUERY_MASK, 'fragment');
  return out;
}
