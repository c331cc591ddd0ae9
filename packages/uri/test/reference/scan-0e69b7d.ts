// REFERENCE ORACLE, not shipped: src/scan.ts as it was at commit 0e69b7d (before the clean-input
// route), imports pointed at ../../src (its HEXDIG test a regex since the table has no HEXDIG bit),
// and with one later change of an error's reason (marked where it is).
// test/old-scan-oracle.test.ts wires the public API to it.
// The one-pass scanner behind parse, parseIri and the validators: RFC 3986 Appendix A
// (and RFC 3987 §2.2 when `iri`), over char codes, each character looked at a bounded number of times.
import { Bits, CHARS, isAlpha, isDigit, isPctAt, isUcs } from '../../src/chars';
import { readIpv6 } from '../../src/ip';
import type { UriComponents } from '../../src/types';

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
  const i = run(s, start, mask, 0);
  return i < end ? stopped(s, i, what) : -1;
}

/** Checks the inside of `[ ... ]` (IP-literal, §3.2.2; with RFC 6874 ZoneID when `zone`). */
export function checkLiteral(s: string, start: number, end: number, zone: boolean): number {
  const c = s.charCodeAt(start);
  if (c === 118 || c === 86) {
    // IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
    let i = start + 1;
    while (i < end && /[0-9A-Fa-f]/.test(s.charAt(i))) i++;
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

// Long runs (a path or query of kilobytes) are skipped by the engine's regular-expression matcher:
// one negated character class, tried at each position once, so linear; it stops where the JS loop
// below has something to decide ("%", a non-ASCII character, the end of the run). `[class]*` anchored
// at `lastIndex` (sticky) is a greedy loop over one character class, which the engine runs without
// backtracking state. Measured on one 64 KiB path (Node 24), it takes under half the time of the
// charCodeAt loop, and less than a negated-class search.
const LONG = 32;
const skippers: RegExp[] = [];

/** The sticky regex `[<ASCII characters in mask, and "%">]*` (built once per mask). */
function skipper(mask: number): RegExp {
  let re = skippers[mask];
  if (re === undefined) {
    let cls = '';
    for (let c = 0; c < 128; c++)
      if ((CHARS[c]! & mask) !== 0 || c === 37) cls += `\\x${c.toString(16).padStart(2, '0')}`;
    re = new RegExp(`[${cls}]*`, 'y');
    skippers[mask] = re;
  }
  return re;
}

/**
 * Advances over `*( <mask chars> / pct-encoded )` (plus ucschar, and iprivate when `iri === 2`) from `i`.
 * @returns the index of the first character that does not belong (`s.length` at the end)
 */
export function run(s: string, i: number, mask: number, iri: number): number {
  const n = s.length;
  // The table in a local: an ES module reads an imported binding through its module cell on every
  // use, where the CommonJS build reads a constant property. (The ESM build is level with the CJS
  // build on long input; on short URIs it is still 0.85x-0.9x, and inlining the imported constants
  // and helpers did not change that measurably.)
  const t = CHARS;
  // the next index at which a long remainder is handed to the regex (re-armed after a short skip)
  let next = i;
  // the next "%" at or after the skip's start (2^32 - 1 when there is none), found lazily
  let pct = -1;
  for (; i < n; i++) {
    if (i >= next && n - i >= LONG) {
      const re = skipper(mask);
      re.lastIndex = i;
      // always matches (possibly empty); lastIndex is then the end of the run
      re.test(s);
      let j = re.lastIndex;
      // The class takes "%" too: each one in the skipped run must start pct-encoded (§2.1), else
      // the run ends there. `pct` only moves forward within a call, and scan calls run a bounded
      // number of times per input, so the searches are linear in all.
      if (pct < i) pct = s.indexOf('%', i) >>> 0;
      while (pct < j) {
        if (!isPctAt(s, pct)) {
          j = pct;
          break;
        }
        pct = s.indexOf('%', pct + 3) >>> 0;
      }
      next = j - i < 32 ? j + 64 : j;
      i = j;
      if (i >= n) return n;
    }
    const c = s.charCodeAt(i);
    if (c < 128) {
      if ((t[c]! & mask) !== 0) continue;
      if (c === 37 && isPctAt(s, i)) {
        i += 2;
        continue;
      }
      return i;
    }
    if (iri === 0) return i;
    let cp = c;
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) cp = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
    }
    if (!isUcs(cp, iri === 2)) return i;
    if (cp > 0xffff) i++;
  }
  return n;
}

/** Whether `c` ends an authority: "/", "?", "#" or the end of input (NaN). */
function endsAuthority(c: number): boolean {
  return c === 47 || c === 63 || c === 35 || Number.isNaN(c);
}

/** Reports the character at `i` that stopped a run over `what`. */
function stopped(s: string, i: number, what: string): number {
  return fail(
    i,
    s.charCodeAt(i) === 37 ? 'malformed percent-encoding' : `invalid character in ${what}`,
  );
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
  iri: boolean,
  zone: boolean,
): number {
  const n = s.length;
  const ucs = iri ? 1 : 0;
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
    let i = run(s, a, Bits.REG_NAME_MASK, ucs);
    let c = s.charCodeAt(i);
    if (c === 58) {
      const j = digits(s, i + 1);
      if (!endsAuthority(s.charCodeAt(j))) {
        const k = run(s, i + 1, Bits.USERINFO_MASK, ucs);
        if (s.charCodeAt(k) !== 64) {
          // (not in 0e69b7d: the reason of a stray character with no "@" after it, as src/scan.ts
          // now names it)
          let at = k;
          while (!endsAuthority(s.charCodeAt(at)) && s.charCodeAt(at) !== 64) at++;
          return s.charCodeAt(at) === 64
            ? stopped(s, k, 'userinfo')
            : fail(j, 'invalid character in port');
        }
        i = k;
        c = 64;
      }
    }
    if (c === 64) {
      if (out !== undefined) out.userinfo = s.slice(a, i);
      h = i + 1;
      i = s.charCodeAt(h) === 91 ? h : run(s, h, Bits.REG_NAME_MASK, ucs);
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
      let at = i;
      while (!endsAuthority(s.charCodeAt(at)) && s.charCodeAt(at) !== 64) at++;
      return stopped(s, i, h === a && s.charCodeAt(at) === 64 ? 'userinfo' : 'host');
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

  const pe = run(s, p, Bits.PATH_MASK, ucs);
  let c = s.charCodeAt(pe);
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
    q = run(s, pe + 1, Bits.QUERY_MASK, iri ? 2 : 0);
    c = s.charCodeAt(q);
    if (c !== 35 && q < n) return stopped(s, q, 'query');
    if (out !== undefined) out.query = s.slice(pe + 1, q);
  }
  if (q < n) {
    if (form === ABSOLUTE) return fail(q, 'fragment not allowed in an absolute URI');
    const f = run(s, q + 1, Bits.QUERY_MASK, ucs);
    if (f < n) return stopped(s, f, 'fragment');
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
