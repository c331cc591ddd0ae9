// The one-pass scanner behind parse, parseIri and the validators: RFC 3986 Appendix A
// (and RFC 3987 §2.2 when `iri`), over char codes, each character looked at a bounded number of times.
import {
  CHARS,
  HEX,
  isAlpha,
  isDigit,
  isPctAt,
  isUcs,
  PATH_MASK,
  QUERY_MASK,
  REG_NAME_MASK,
  SCHEME,
  UNRESERVED,
  USERINFO_MASK,
} from './chars';
import { readIpv6 } from './ip';
import type { UriComponents } from './types';

let reason = '';

/** Why the last scan failed; read after `scan` returns a non-negative index. */
export function lastReason(): string {
  return reason;
}

function fail(index: number, why: string): number {
  reason = why;
  return index;
}

/**
 * Checks `s[start, end)` against `*( <mask chars> / pct-encoded )`, plus ucschar (and iprivate when
 * `iri === 2`) for IRIs. Returns the offending index or -1.
 */
export function check(
  s: string,
  start: number,
  end: number,
  mask: number,
  iri: number,
  what: string,
): number {
  for (let i = start; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c < 128) {
      if ((CHARS[c]! & mask) !== 0) continue;
      if (c === 37) {
        if (isPctAt(s, i) && i + 2 < end) {
          i += 2;
          continue;
        }
        return fail(i, 'malformed percent-encoding');
      }
      return fail(i, `invalid character in ${what}`);
    }
    if (iri === 0) return fail(i, `invalid character in ${what}`);
    let cp = c;
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff && i + 1 < end)
        cp = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
    }
    if (!isUcs(cp, iri === 2)) return fail(i, `invalid character in ${what}`);
    if (cp > 0xffff) i++;
  }
  return -1;
}

/** Checks the inside of `[ ... ]` (IP-literal, §3.2.2; with RFC 6874 ZoneID when `zone`). */
export function checkLiteral(s: string, start: number, end: number, zone: boolean): number {
  const c = s.charCodeAt(start);
  if (c === 118 || c === 86) {
    // IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
    let i = start + 1;
    while (i < end && s.charCodeAt(i) < 128 && (CHARS[s.charCodeAt(i)]! & HEX) !== 0) i++;
    if (i === start + 1 || i >= end || s.charCodeAt(i) !== 46 || i + 1 >= end) {
      return fail(start, 'invalid IPvFuture');
    }
    return check(s, i + 1, end, USERINFO_MASK, 0, 'IPvFuture');
  }
  let addrEnd = end;
  for (let i = start; i < end; i++) {
    if (s.charCodeAt(i) === 37) {
      addrEnd = i;
      break;
    }
  }
  if (readIpv6(s, start, addrEnd) === undefined) return fail(start, 'invalid IPv6 address');
  if (addrEnd < end) {
    // IPv6addrz = IPv6address "%25" ZoneID; ZoneID = 1*( unreserved / pct-encoded )
    if (!zone) return fail(addrEnd, 'IPv6 zone identifier not allowed');
    if (
      s.charCodeAt(addrEnd + 1) !== 50 ||
      s.charCodeAt(addrEnd + 2) !== 53 ||
      addrEnd + 3 >= end
    ) {
      return fail(addrEnd, 'invalid IPv6 zone identifier');
    }
    return check(s, addrEnd + 3, end, UNRESERVED, 0, 'IPv6 zone identifier');
  }
  return -1;
}

// What the scanner is asked to accept.
/** URI-reference: URI or relative-ref */
export const REFERENCE = 0;
/** URI: a scheme is required */
export const URI = 1;
/** absolute-URI: a scheme, no fragment */
export const ABSOLUTE = 2;
/** relative-ref: no scheme */
export const RELATIVE = 3;

/**
 * Scans `s` as the given form, writing the components into `out`.
 * @returns -1 on success, else the index of the first offending character (see `reason`)
 */
export function scan(
  s: string,
  out: UriComponents,
  form: number,
  iri: boolean,
  zone: boolean,
): number {
  const n = s.length;
  const ucs = iri ? 1 : 0;
  let p = 0;
  // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":" (§3.1)
  if (n > 0 && isAlpha(s.charCodeAt(0))) {
    let i = 1;
    while (i < n) {
      const c = s.charCodeAt(i);
      if (c >= 128 || (CHARS[c]! & SCHEME) === 0) break;
      i++;
    }
    if (i < n && s.charCodeAt(i) === 58) {
      if (form === RELATIVE) return fail(i, 'scheme not allowed in a relative reference');
      out.scheme = s.slice(0, i);
      p = i + 1;
    }
  }
  if (p === 0 && (form === URI || form === ABSOLUTE)) return fail(0, 'missing scheme');

  // hier-part / relative-part: "//" authority path-abempty, or a path without authority (§3)
  if (s.charCodeAt(p) === 47 && s.charCodeAt(p + 1) === 47) {
    const a = p + 2;
    let at = -1;
    let e = a;
    while (e < n) {
      const c = s.charCodeAt(e);
      if (c === 47 || c === 63 || c === 35) break;
      if (c === 64 && at < 0) at = e;
      e++;
    }
    let h = a;
    if (at >= 0) {
      const bad = check(s, a, at, USERINFO_MASK, ucs, 'userinfo');
      if (bad >= 0) return bad;
      out.userinfo = s.slice(a, at);
      h = at + 1;
    }
    let hostEnd: number;
    if (s.charCodeAt(h) === 91) {
      let close = h + 1;
      while (close < e && s.charCodeAt(close) !== 93) close++;
      if (close >= e) return fail(h, 'unclosed IP literal');
      const bad = checkLiteral(s, h + 1, close, zone);
      if (bad >= 0) return bad;
      hostEnd = close + 1;
      if (hostEnd < e && s.charCodeAt(hostEnd) !== 58)
        return fail(hostEnd, 'unexpected character after IP literal');
    } else {
      hostEnd = h;
      while (hostEnd < e && s.charCodeAt(hostEnd) !== 58) hostEnd++;
      const bad = check(s, h, hostEnd, REG_NAME_MASK, ucs, 'host');
      if (bad >= 0) return bad;
    }
    out.host = s.slice(h, hostEnd);
    if (hostEnd < e) {
      // port = *DIGIT (§3.2.3)
      for (let i = hostEnd + 1; i < e; i++) {
        if (!isDigit(s.charCodeAt(i))) return fail(i, 'invalid character in port');
      }
      out.port = s.slice(hostEnd + 1, e);
    }
    p = e;
  }

  let pe = p;
  while (pe < n) {
    const c = s.charCodeAt(pe);
    if (c === 63 || c === 35) break;
    pe++;
  }
  const bad = check(s, p, pe, PATH_MASK, ucs, 'path');
  if (bad >= 0) return bad;
  if (out.scheme === undefined && out.host === undefined) {
    // path-noscheme: a colon in the first segment would read as a scheme (§4.2)
    for (let i = p; i < pe; i++) {
      const c = s.charCodeAt(i);
      if (c === 47) break;
      if (c === 58) return fail(i, 'colon in first segment of a relative path');
    }
  }
  out.path = s.slice(p, pe);

  if (pe < n && s.charCodeAt(pe) === 63) {
    let qe = pe + 1;
    while (qe < n && s.charCodeAt(qe) !== 35) qe++;
    const bq = check(s, pe + 1, qe, QUERY_MASK, iri ? 2 : 0, 'query');
    if (bq >= 0) return bq;
    out.query = s.slice(pe + 1, qe);
    pe = qe;
  }
  if (pe < n) {
    if (form === ABSOLUTE) return fail(pe, 'fragment not allowed in an absolute URI');
    const bf = check(s, pe + 1, n, QUERY_MASK, ucs, 'fragment');
    if (bf >= 0) return bf;
    out.fragment = s.slice(pe + 1);
  }
  return -1;
}

/** A fresh record with every optional component absent. */
export function empty(): UriComponents {
  return {
    scheme: undefined,
    userinfo: undefined,
    host: undefined,
    port: undefined,
    path: '',
    query: undefined,
    fragment: undefined,
  };
}
