import { hidden, isPctAt, isUcs } from './chars';
import { UriSyntaxError } from './errors';
import { domainToAscii, domainToUnicode } from './idna';
import { type ParseOptions, parse } from './parse';
import { compose } from './serialize';
import { empty, lastReason, REFERENCE, scan } from './scan';
import type { UriComponents } from './types';
import { ucsAt } from './ucs';

/**
 * Splits an IRI reference into its components, strictly by the `IRI-reference` grammar of
 * {@link https://www.rfc-editor.org/rfc/rfc3987#section-2.2 | RFC 3987 §2.2}: as {@link parse}, but
 * `ucschar` is allowed wherever `unreserved` is, and `iprivate` in the query.
 *
 * @param input - an IRI or relative IRI reference
 * @param options - {@link ParseOptions}
 * @returns the components, each the exact substring (not converted to a URI)
 * @throws {@link UriSyntaxError} when `input` is not an IRI reference
 * @example
 * ```ts
 * parseIri('http://例え.jp/引き出し?q=値').host; // '例え.jp'
 * ```
 */
export function parseIri(input: string, options?: ParseOptions): UriComponents {
  const out = empty();
  const bad = scan(input, out, REFERENCE, ucsAt, options?.zoneId === true);
  if (bad >= 0) throw new UriSyntaxError(input, bad, lastReason());
  return out;
}

/** Options of {@link iriToUri} and {@link uriToIri}. */
export interface IriOptions {
  /** Convert the host with IDNA: Unicode labels to `xn--` Punycode (and back). Default `false`. */
  idna?: boolean;
  /** Accept RFC 6874 IPv6 zone identifiers. Default `false`. */
  zoneId?: boolean;
}

function encodeNonAscii(s: string): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    if (s.charCodeAt(i) < 128) continue;
    let j = i + 1;
    while (j < s.length && s.charCodeAt(j) >= 128) j++;
    // the scanner let only ucschar/iprivate through, so there are no lone surrogates here
    out += s.slice(from, i) + encodeURIComponent(s.slice(i, j));
    from = j;
    i = j - 1;
  }
  return from === 0 ? s : out + s.slice(from);
}

/**
 * Maps an IRI to a URI ({@link https://www.rfc-editor.org/rfc/rfc3987#section-3.1 | RFC 3987 §3.1}): every
 * non-ASCII character becomes the percent-encoded octets of its UTF-8 form; with `idna`, Unicode host
 * labels become Punycode instead ({@link https://www.rfc-editor.org/rfc/rfc3492 | RFC 3492}).
 *
 * @param iri - an IRI reference
 * @param options - {@link IriOptions}
 * @returns the URI reference
 * @throws {@link UriSyntaxError} when `iri` is not an IRI reference, or (with `idna`) its host is not a valid IDN,
 *   as {@link domainToAscii} refuses it: a label over 63 octets once converted, or a name over 253, included.
 *   Such a host is refused, not written as escaped UTF-8 (which RFC 3987 §3.1 allows and Perl's URI does),
 *   since that host would name a different server than the IDN; without `idna`, every host is escaped.
 *   A host's error is {@link domainToAscii}'s: its `input` is the host and its `index` an offset in the host.
 * @example
 * ```ts
 * iriToUri('http://r\u00e9sum\u00e9.example/\u00e9t\u00e9'); // 'http://r%C3%A9sum%C3%A9.example/%C3%A9t%C3%A9'
 * iriToUri('http://r\u00e9sum\u00e9.example/', { idna: true }); // 'http://xn--rsum-bpad.example/'
 * ```
 */
export function iriToUri(iri: string, options?: IriOptions): string {
  const c = parseIri(iri, options);
  let host = c.host;
  if (host !== undefined)
    host =
      // an empty host (file:///) is no domain name; any other is converted or refused, never escaped
      options?.idna === true && host !== '' && host.charCodeAt(0) !== 91
        ? // escapes of unreserved characters are those characters (RFC 3986 §6.2.2.2) and escaped
          // UTF-8 is the IDN's own text (§3.2.2), as a WHATWG parser decodes a host before
          // domain-to-ASCII; any other escape (`%2F`) is no domain-name character: refused
          domainToAscii(
            decodeToIri(
              host.replace(/%[2-7][\dA-F]/gi, (e) => {
                const c = String.fromCharCode(Number.parseInt(e.slice(1), 16));
                return /[\w.~-]/.test(c) ? c : e;
              }),
              false,
            ),
          )
        : encodeNonAscii(host);
  return compose({
    scheme: c.scheme,
    userinfo: c.userinfo === undefined ? undefined : encodeNonAscii(c.userinfo),
    host,
    port: c.port,
    path: encodeNonAscii(c.path),
    query: c.query === undefined ? undefined : encodeNonAscii(c.query),
    fragment: c.fragment === undefined ? undefined : encodeNonAscii(c.fragment),
  });
}

function hexAt(s: string, i: number): number {
  if (s.charCodeAt(i) !== 37 || !isPctAt(s, i)) return -1;
  return Number.parseInt(s.slice(i + 1, i + 3), 16);
}

function decodeToIri(s: string, privateOk: boolean): string {
  let out = '';
  let from = 0;
  for (let i = s.indexOf('%'); i >= 0 && i < s.length; i = s.indexOf('%', i)) {
    const b0 = hexAt(s, i);
    // only multi-octet UTF-8 (lead C2..F4): ASCII escapes keep their meaning and stay encoded
    const len =
      b0 >= 0xc2 && b0 <= 0xdf
        ? 2
        : b0 >= 0xe0 && b0 <= 0xef
          ? 3
          : b0 >= 0xf0 && b0 <= 0xf4
            ? 4
            : 0;
    let cp = len === 2 ? b0 & 0x1f : len === 3 ? b0 & 0x0f : b0 & 0x07;
    let ok = len > 0;
    for (let k = 1; ok && k < len; k++) {
      const b = hexAt(s, i + 3 * k);
      // continuation octets, with the first one narrowed against overlongs, surrogates and > U+10FFFF
      const lo = k === 1 && (b0 === 0xe0 ? 0xa0 : b0 === 0xf0 ? 0x90 : 0x80);
      const hi = k === 1 && (b0 === 0xed ? 0x9f : b0 === 0xf4 ? 0x8f : 0xbf);
      if (b < (lo || 0x80) || b > (hi || 0xbf)) ok = false;
      cp = (cp << 6) | (b & 0x3f);
    }
    if (ok && isUcs(cp, privateOk) && !hidden(cp)) {
      out += s.slice(from, i) + String.fromCodePoint(cp);
      i += 3 * len;
      from = i;
    } else {
      // §3.2 steps 3 and 4 re-percent-encode the octets they leave, so in upper-case hex (RFC 3986 §2.1)
      if (b0 >= 0x80) {
        out += s.slice(from, i) + s.slice(i, i + 3).toUpperCase();
        from = i + 3;
      }
      i += 3;
    }
  }
  return from === 0 ? s : out + s.slice(from);
}

/**
 * Maps a URI to an IRI ({@link https://www.rfc-editor.org/rfc/rfc3987#section-3.2 | RFC 3987 §3.2}): decodes
 * only escapes that form valid UTF-8 for a character an IRI allows there (`ucschar`, `iprivate` in the
 * query), never ASCII escapes (so reserved characters and dot segments keep their meaning), bidi controls,
 * spaces or invisible marks; the escapes of other non-ASCII octets are re-encoded in upper case, as §3.2
 * does. With `idna`, `xn--` host labels become Unicode.
 *
 * @param uri - a URI reference
 * @param options - {@link IriOptions}
 * @returns the IRI reference; `iriToUri` of it gives back `uri` up to the case of hex digits
 * @throws {@link UriSyntaxError} when `uri` is not a URI reference
 * @example
 * ```ts
 * uriToIri('http://example.com/%C3%A9t%C3%A9%20%2F'); // 'http://example.com/été%20%2F'
 * uriToIri('http://xn--rsum-bpad.example/', { idna: true }); // 'http://résumé.example/'
 * ```
 */
export function uriToIri(uri: string, options?: IriOptions): string {
  const c = parse(uri, options);
  let host = c.host;
  if (host !== undefined && host.charCodeAt(0) !== 91) {
    host = decodeToIri(host, false);
    if (options?.idna === true) host = domainToUnicode(host);
  }
  return compose({
    scheme: c.scheme,
    userinfo: c.userinfo === undefined ? undefined : decodeToIri(c.userinfo, false),
    host,
    port: c.port,
    path: decodeToIri(c.path, false),
    query: c.query === undefined ? undefined : decodeToIri(c.query, true),
    fragment: c.fragment === undefined ? undefined : decodeToIri(c.fragment, false),
  });
}
