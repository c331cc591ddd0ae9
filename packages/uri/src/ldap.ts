// The ldap scheme, RFC 4516, and ldaps: the same URL for LDAP over TLS (port 636), which no RFC
// registers but directories and their clients have used since before RFC 4516.
import { UriSyntaxError } from './errors';
import { parse } from './parse';
import { decodeText, encodeText } from './pct';
import { Bits, CHARS } from './chars';

/** One extension of an LDAP URL ({@link https://www.rfc-editor.org/rfc/rfc4516#section-2.1 | RFC 4516 §2.1}). */
export interface LdapExtension {
  /** `true` when written with `!`: a client that does not know it must not use the URL. */
  critical: boolean;
  /** The extension type (`e-bindname`, or an OID). */
  type: string;
  /** The decoded value; undefined when there is none. */
  value: string | undefined;
}

/** A parsed `ldap:` or `ldaps:` URL. */
export interface LdapUrl {
  /** `ldap`, or `ldaps` for LDAP over TLS (lowercase whatever the case written). */
  scheme: 'ldap' | 'ldaps';
  /** The host as written; undefined for `ldap:///...` (the client chooses the server). */
  host: string | undefined;
  /** The port: by default 389, and 636 for `ldaps`. */
  port: number;
  /** The decoded distinguished name (RFC 4514 text), `''` for the root DSE. */
  dn: string;
  /** The decoded attribute descriptions; `[]` means all user attributes. */
  attributes: string[];
  /** The search scope, `'base'` by default. */
  scope: 'base' | 'one' | 'sub';
  /** The decoded search filter (RFC 4515 text), `'(objectClass=*)'` by default. */
  filter: string;
  /** The extensions, in order. */
  extensions: LdapExtension[];
}

/**
 * Parses an `ldap:` URL ({@link https://www.rfc-editor.org/rfc/rfc4516#section-2 | RFC 4516 §2}):
 * `ldap://host:port/dn?attributes?scope?filter?extensions`, each part percent-decoded (UTF-8) and
 * given its default when absent or empty: port 389, all attributes, scope `base`, filter
 * `(objectClass=*)`. `ldaps:` (LDAP over TLS, port 636 by default) is read the same way. A `?` inside the dn or the filter and a `,` inside an extension value are
 * written escaped (`%3F`, `%2C`); an extension starting with `!` is critical.
 *
 * @param uri - an `ldap:` or `ldaps:` URL
 * @returns its parts
 * @throws `UriSyntaxError` (exported by `@x/uri`) when `uri` is no valid `ldap:` URL: another scheme, no `//`,
 *   userinfo, a fragment, a query without the `/` of the dn, more than four `?` fields, a scope other
 *   than base, one or sub, an empty extension, a port above 65535, escapes that are not UTF-8
 * @example
 * ```ts
 * parseLdapUrl('ldap://ldap1.example.net/o=University%20of%20Michigan,c=US?postalAddress').attributes;
 * // ['postalAddress']
 * parseLdapUrl('ldap://ldap1.example.net:6666/o=University%20of%20Michigan,c=US??sub?(cn=Babs%20Jensen)').filter;
 * // '(cn=Babs Jensen)'
 * ```
 */
export function parseLdapUrl(uri: string): LdapUrl {
  const c = parse(uri);
  const scheme = c.scheme?.toLowerCase();
  if (scheme !== 'ldap' && scheme !== 'ldaps') throw new UriSyntaxError(uri, 0, 'not an ldap URL');
  // where the authority starts, after "ldap://" or "ldaps://"
  const a = scheme.length + 3;
  if (c.host === undefined) throw new UriSyntaxError(uri, a - 2, 'ldap URL without //');
  if (c.userinfo !== undefined) throw new UriSyntaxError(uri, a, 'userinfo in an ldap URL');
  if (c.fragment !== undefined)
    throw new UriSyntaxError(uri, uri.indexOf('#'), 'fragment in an ldap URL');
  const pathAt = uri.indexOf('/', a);
  if (c.query !== undefined && c.path === '')
    throw new UriSyntaxError(uri, uri.indexOf('?'), 'query without the / of the dn');
  let port = scheme === 'ldap' ? 389 : 636;
  if (c.port !== undefined && c.port !== '') {
    port = Number(c.port);
    if (port > 65535) throw new UriSyntaxError(uri, a + c.host.length + 1, 'port out of range');
  }
  const fields = c.query === undefined ? [] : c.query.split('?');
  let at = uri.length - (c.query?.length ?? 0);
  const starts: number[] = [];
  for (const f of fields) {
    starts.push(at);
    at += f.length + 1;
  }
  // at the "?" that starts the fifth field
  if (fields.length > 4) throw new UriSyntaxError(uri, starts[4]! - 1, 'more than four ? fields');
  const field = (i: number): string => fields[i] ?? '';
  let attributeAt = starts[0]!;
  const attributes =
    field(0) === ''
      ? []
      : field(0)
          .split(',')
          .map((a) => {
            const text = decodeText(a, uri, attributeAt);
            attributeAt += a.length + 1;
            return text;
          });
  const scopeText = decodeText(field(1), uri, starts[1] ?? 0).toLowerCase();
  if (scopeText !== '' && scopeText !== 'base' && scopeText !== 'one' && scopeText !== 'sub')
    throw new UriSyntaxError(uri, starts[1]!, 'scope is not base, one or sub');
  const filter = field(2) === '' ? '(objectClass=*)' : decodeText(field(2), uri, starts[2]!);
  const extensions: LdapExtension[] = [];
  if (field(3) !== '') {
    let offset = starts[3]!;
    for (const raw of field(3).split(',')) {
      const critical = raw.charCodeAt(0) === 33;
      // indexes within `raw`, so each part's offset is `offset` plus its index
      const from = critical ? 1 : 0;
      const eq = raw.indexOf('=');
      const type = decodeText(raw.slice(from, eq < 0 ? undefined : eq), uri, offset + from);
      if (type === '') throw new UriSyntaxError(uri, offset, 'extension without type');
      extensions.push({
        critical,
        type,
        value: eq < 0 ? undefined : decodeText(raw.slice(eq + 1), uri, offset + eq + 1),
      });
      offset += raw.length + 1;
    }
  }
  return {
    scheme,
    host: c.host === '' ? undefined : c.host,
    port,
    dn: c.path === '' ? '' : decodeText(c.path.slice(1), uri, pathAt + 1),
    attributes,
    scope: (scopeText === '' ? 'base' : scopeText) as LdapUrl['scope'],
    filter,
    extensions,
  };
}

// what stays as it is in a part of an LDAP URL: unreserved, and the sub-delims and ":" "@" "/" that
// carry no meaning there ("?" separates the fields, "," the attributes and the extensions)
function keep(c: number): boolean {
  return (CHARS[c]! & Bits.UNRESERVED) !== 0 || "!$&'()*+;=:@".includes(String.fromCharCode(c));
}

/**
 * Writes an `ldap:` URL ({@link https://www.rfc-editor.org/rfc/rfc4516#section-2 | RFC 4516 §2}) from its
 * parts, percent-encoding each as UTF-8 (`?` always, `,` inside an attribute or extension value,
 * `/` in the DN, space, `%`, `#`, non-ASCII) and leaving off trailing fields that hold their defaults.
 * The DN is the URL's path: a `/` written as it is would let `cn=a/../../b` become `b` where dot
 * segments are removed (RFC 3986 §5.2.4, a browser's URL parser), and a DN of `.` or `..` has no
 * form that survives that (`%2E` is `.`), so it is refused.
 *
 * @param url - the parts, as {@link parseLdapUrl} returns them (all but `dn` may be left out;
 *   `scheme` is `ldap` by default)
 * @returns the URL; `parseLdapUrl` of it gives `url` back
 * @throws `UriSyntaxError` (exported by `@x/uri`) when the host is not a valid host, or the DN is `.` or `..`
 * @example
 * ```ts
 * formatLdapUrl({ host: 'ldap.example.com', dn: 'o=Question?,c=US', attributes: ['mail'] });
 * // 'ldap://ldap.example.com/o=Question%3F,c=US?mail'
 * ```
 */
export function formatLdapUrl(url: Partial<LdapUrl> & Pick<LdapUrl, 'dn'>): string {
  const scheme = url.scheme === 'ldaps' ? 'ldaps' : 'ldap';
  const port =
    url.port === undefined || url.port === (scheme === 'ldap' ? 389 : 636) ? '' : `:${url.port}`;
  // "/" escaped: the DN is one path segment, never dot segments (RFC 3986 §3.3, §5.2.4)
  if (url.dn === '.' || url.dn === '..') throw new UriSyntaxError(url.dn, 0, 'DN is a dot segment');
  const dn = encodeText(url.dn, (c) => keep(c) || c === 44);
  const fields = [
    (url.attributes ?? []).map((a) => encodeText(a, keep)).join(','),
    url.scope === undefined || url.scope === 'base' ? '' : url.scope,
    url.filter === undefined || url.filter === '(objectClass=*)'
      ? ''
      : encodeText(url.filter, (c) => keep(c) || c === 44 || c === 47),
    (url.extensions ?? [])
      .map(
        (e) =>
          `${e.critical ? '!' : ''}${encodeText(e.type, (c) => keep(c) && c !== 33 && c !== 61)}${e.value === undefined ? '' : `=${encodeText(e.value, (c) => keep(c) || c === 47)}`}`,
      )
      .join(','),
  ];
  while (fields.length > 0 && fields[fields.length - 1] === '') fields.pop();
  const out = `${scheme}://${url.host ?? ''}${port}/${dn}${fields.length === 0 ? '' : `?${fields.join('?')}`}`;
  parse(out);
  return out;
}
