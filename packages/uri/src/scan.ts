// The scanner behind parse, parseIri and the validators: RFC 3986 Appendix A (and RFC 3987 §2.2
// when `iri`), over char codes, each character looked at a bounded number of times. The scheme
// and the authority are read by a plain loop; after them, a clean tail (tailClean: one skip over
// the whole of it, or two where it holds a "%") is split at the delimiters indexOf finds.
import { Bits, CHARS, isAlpha, isDigit, isPctAt } from './chars';
import { isHex } from './ascii';
import { readIpv6 } from './ip';
import type { UriComponents } from './types';
import type { Beyond } from './ucs';

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
 * Checks `s[start, end)` against `*( <mask chars> / pct-encoded )`, where `s[end]` (if any) is a character
 * outside the mask. Returns the offending index or -1.
 */
export function check(s: string, start: number, end: number, mask: number, what: string): number {
  const i = run(s, start, mask);
  return i < end ? stopped(s, i, what) : -1;
}

/** Checks the inside of `[ ... ]` (IP-literal, §3.2.2; with RFC 6874 ZoneID when `zone`). */
export function checkLiteral(s: string, start: number, end: number, zone: boolean): number {
  const c = s.charCodeAt(start);
  if (c === 118 || c === 86) {
    // IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
    let i = start + 1;
    while (i < end && isHex(s.charCodeAt(i))) i++;
    // the first character that no IPvFuture can continue with
    if (i === start + 1 || s.charCodeAt(i) !== 46 || i >= end) return fail(i, 'invalid IPvFuture');
    if (i + 1 >= end) return fail(end, 'invalid IPvFuture');
    // no pct-encoded here, unlike userinfo
    for (i++; i < end; i++) {
      const d = s.charCodeAt(i);
      if (d >= 128 || (CHARS[d]! & Bits.USERINFO_MASK) === 0)
        return fail(i, 'invalid character in IPvFuture');
    }
    return -1;
  }
  let addrEnd = end;
  for (let i = start; i < end; i++) {
    if (s.charCodeAt(i) === 37) {
      addrEnd = i;
      break;
    }
  }
  const bad = readIpv6(s, start, addrEnd);
  if (bad >= 0) return fail(bad, 'invalid IPv6 address');
  if (addrEnd < end) {
    // IPv6addrz = IPv6address "%25" ZoneID; ZoneID = 1*( unreserved / pct-encoded )
    if (!zone) return fail(addrEnd, 'IPv6 zone identifier not allowed');
    const z =
      s.charCodeAt(addrEnd + 1) !== 50
        ? addrEnd + 1
        : s.charCodeAt(addrEnd + 2) !== 53
          ? addrEnd + 2
          : end;
    if (z < end || addrEnd + 3 >= end) return fail(z, 'invalid IPv6 zone identifier');
    return check(s, addrEnd + 3, end, Bits.UNRESERVED, 'IPv6 zone identifier');
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

// The ASCII characters of a query or fragment (pchar, "/", "?"; §3.3, §3.4), "#" and "%".
const ESCAPED = /[!#-;=?-Z_a-z~]*/y;
// the same without "%"
const PLAIN = /[!#$&-;=?-Z_a-z~]*/y;
// From this many characters on, a tail is checked as printable ASCII (one range, which the regex
// engine steps over in about two thirds of the time of the class) and then searched with `indexOf`
// for each printable character outside the class, each search much faster than a step of the skip.
// Below it, the fixed cost of the searches is more than the saving.
const LONG_TAIL = 320;
const PRINTABLE = /[!-~]*/y;
// the printable ASCII characters a path, query or fragment may not hold (RFC 3986 Appendix A)
const EXCLUDED = '"<>[\\]^`{|}';

/**
 * Whether `s` from `p` on holds only characters of a query or fragment, "#", and escapes (§2.1):
 * one skip of {@link PLAIN}, which ends a tail without "%", then from the first "%" on a skip of
 * {@link ESCAPED} (a long tail: printable ASCII without any of {@link EXCLUDED}), and each "%"
 * that `indexOf` finds must start an escape. Most URIs are clean after their
 * authority; then a path, query or fragment ends at the next "?" or "#" that `indexOf` finds.
 */
function tailClean(s: string, p: number): boolean {
  const n = s.length;
  if (n - p < LONG_TAIL) {
    // first without "%": most URIs hold no escape and need no search for one
    PLAIN.lastIndex = p;
    PLAIN.test(s);
    p = PLAIN.lastIndex;
    if (p === n) return true;
    ESCAPED.lastIndex = p;
    ESCAPED.test(s);
    if (ESCAPED.lastIndex < n) return false;
  } else {
    PRINTABLE.lastIndex = p;
    PRINTABLE.test(s);
    if (PRINTABLE.lastIndex < n) return false;
    for (const c of EXCLUDED) if (s.indexOf(c, p) >= 0) return false;
  }
  for (let i = s.indexOf('%', p); i >= 0; i = s.indexOf('%', i + 3))
    if (!isPctAt(s, i)) return false;
  return true;
}

/**
 * Advances over `*( <mask chars> / pct-encoded )` from `i`, and over what `beyond` (an IRI's reader,
 * src/ucs.ts) accepts of the characters beyond ASCII: ucschar, and iprivate when `privateOk`.
 * @returns the index of the first character that does not belong (`s.length` at the end)
 */
export function run(
  s: string,
  i: number,
  mask: number,
  beyond?: Beyond,
  privateOk = false,
): number {
  const n = s.length;
  // The table in a local: an ES module reads an imported binding through its module cell on every
  // use, where the CommonJS build reads a constant property.
  const t = CHARS;
  for (; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < 128) {
      if ((t[c]! & mask) !== 0) continue;
      if (c === 37 && isPctAt(s, i)) {
        i += 2;
        continue;
      }
      return i;
    }
    const j = beyond === undefined ? i : beyond(s, i, privateOk);
    if (j === i) return i;
    i = j - 1;
  }
  return n;
}

/** Whether `c` ends an authority: "/", "?", "#" or the end of input (NaN). */
function endsAuthority(c: number): boolean {
  return c === 47 || c === 63 || c === 35 || !(c >= 0);
}

/** Reports the character at `i` that stopped a run over `what`. */
function stopped(s: string, i: number, what: string): number {
  return fail(
    i,
    s.charCodeAt(i) === 37 ? 'malformed percent-encoding' : `invalid character in ${what}`,
  );
}

/**
 * Whether an "@" follows `i` before the authority ends: a stray character at `i` is then in a
 * userinfo.
 */
function atFollows(s: string, i: number): boolean {
  while (!endsAuthority(s.charCodeAt(i)) && s.charCodeAt(i) !== 64) i++;
  return s.charCodeAt(i) === 64;
}

/** Reads `":" *DIGIT` at `i` (§3.2.3); returns the index after the digits. */
function digits(s: string, i: number): number {
  while (isDigit(s.charCodeAt(i))) i++;
  return i;
}

/**
 * Advances over `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` (§3.1) from the start of `s`.
 * @returns the index of the first character that does not belong (0 when `s` does not start with a letter)
 */
export function schemeEnd(s: string): number {
  const n = s.length;
  if (n === 0 || !isAlpha(s.charCodeAt(0))) return 0;
  let i = 1;
  while (i < n) {
    const c = s.charCodeAt(i);
    if (c >= 128 || (CHARS[c]! & Bits.SCHEME) === 0) break;
    i++;
  }
  return i;
}

/**
 * Scans `s` as the given form, writing the components into `out` (or only validating, without it).
 * @returns -1 on success, else the index of the first offending character (see `lastReason`)
 */
export function scan(
  s: string,
  out: UriComponents | undefined,
  form: number,
  // the reader of characters beyond ASCII when reading an IRI (src/ucs.ts), else undefined
  iri: Beyond | undefined,
  zone: boolean,
  // false: without the clean-tail route (for the tests that compare the two)
  fast = true,
): number {
  const n = s.length;
  let p = 0;
  // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":" (§3.1)
  const se = schemeEnd(s);
  if (se > 0 && se < n && s.charCodeAt(se) === 58) {
    if (form === RELATIVE) return fail(se, 'scheme not allowed in a relative reference');
    if (out !== undefined) out.scheme = s.slice(0, se);
    p = se + 1;
  }
  if (p === 0 && (form === URI || form === ABSOLUTE)) return fail(0, 'missing scheme');

  // hier-part / relative-part: "//" authority path-abempty, or a path without authority (§3)
  if (s.charCodeAt(p) === 47 && s.charCodeAt(p + 1) === 47) {
    const a = p + 2;
    let h = a;
    // one run over reg-name characters decides: "@" ends a userinfo, ":" a host or a userinfo
    let i = run(s, a, Bits.REG_NAME_MASK, iri);
    let c = s.charCodeAt(i);
    if (c === 58) {
      const j = digits(s, i + 1);
      if (!endsAuthority(s.charCodeAt(j))) {
        const k = run(s, i + 1, Bits.USERINFO_MASK, iri);
        if (s.charCodeAt(k) !== 64)
          // a stray character: in a userinfo if an "@" follows it, else the port stops at the
          // first character that is not a digit
          return atFollows(s, k) ? stopped(s, k, 'userinfo') : fail(j, 'invalid character in port');
        i = k;
        c = 64;
      }
    }
    if (c === 64) {
      if (out !== undefined) out.userinfo = s.slice(a, i);
      h = i + 1;
      i = s.charCodeAt(h) === 91 ? h : run(s, h, Bits.REG_NAME_MASK, iri);
      c = s.charCodeAt(i);
    }
    if (c === 91 && i === h) {
      let close = h + 1;
      while (close < n && s.charCodeAt(close) !== 93 && !endsAuthority(s.charCodeAt(close)))
        close++;
      const bad = checkLiteral(s, h + 1, close, zone);
      // unclosed: the character that ends the search (or the end), unless the literal failed before it
      if (s.charCodeAt(close) !== 93) {
        return bad >= 0 && bad < close ? bad : fail(close, 'unclosed IP literal');
      }
      if (bad >= 0) return bad;
      i = close + 1;
      c = s.charCodeAt(i);
      if (c !== 58 && !endsAuthority(c)) return fail(i, 'unexpected character after IP literal');
    } else if (c !== 58 && !endsAuthority(c)) {
      // a stray character: name the part it is in (a later "@" means it is in a userinfo)
      return stopped(s, i, h === a && atFollows(s, i) ? 'userinfo' : 'host');
    }
    if (out !== undefined) out.host = s.slice(h, i);
    p = i;
    if (c === 58) {
      // port = *DIGIT (§3.2.3)
      p = digits(s, i + 1);
      if (!endsAuthority(s.charCodeAt(p))) return fail(p, 'invalid character in port');
      if (out !== undefined) out.port = s.slice(i + 1, p);
    }
  }

  // a clean tail: the path ends at the first "?" or "#", the query at the first "#" (`f`)
  // The ends stay small integers and nothing is read past the end: a search that fails gives n,
  // not 2^32 - 1, and the end reads as 0, not NaN, so V8 keeps this code on int32
  // (bench/RESULTS.md, "Warmed on mixed URIs").
  const clean = fast && tailClean(s, p);
  let f = clean ? s.indexOf('#', p) : n;
  if (f < 0) f = n;
  let pe = clean ? s.indexOf('?', p) : run(s, p, Bits.PATH_MASK, iri);
  if (pe < 0 || pe > f) pe = f;
  let c = pe < n ? s.charCodeAt(pe) : 0;
  if (c !== 63 && c !== 35 && pe < n) return stopped(s, pe, 'path');
  // p is still 0 exactly when there is neither scheme nor authority
  if (p === 0) {
    // path-noscheme: a colon in the first segment would read as a scheme (§4.2)
    for (let i = p; i < pe; i++) {
      const d = s.charCodeAt(i);
      if (d === 47) break;
      if (d === 58) return fail(i, 'colon in first segment of a relative path');
    }
  }
  if (out !== undefined) out.path = s.slice(p, pe);
  let q = pe;
  if (c === 63) {
    q = clean ? f : run(s, pe + 1, Bits.QUERY_MASK, iri, true);
    c = q < n ? s.charCodeAt(q) : 0;
    if (c !== 35 && q < n) return stopped(s, q, 'query');
    if (out !== undefined) out.query = s.slice(pe + 1, q);
  }
  if (q < n) {
    if (form === ABSOLUTE) return fail(q, 'fragment not allowed in an absolute URI');
    // a fragment holds no second "#" (§3.5)
    f = clean ? s.indexOf('#', q + 1) : run(s, q + 1, Bits.QUERY_MASK, iri);
    if (f >= 0 && f < n) return stopped(s, f, 'fragment');
    if (out !== undefined) out.fragment = s.slice(q + 1);
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
