// The node build's parse and tryParse (tooling/platform.ts): a short URI of the common shape,
// `scheme://host[:port]` and a clean path, query and fragment, is read by a function of its own,
// `commonShape`, before the scanner; it declines everything else (a userinfo, an IP literal, an
// escape or a character beyond ASCII in the host, no authority, 320 characters or more, any
// error) and the scanner reads the input from the start, as in the portable build. Same
// components, same errors, for every input (test/common-shape.test.ts compares the two).
//
// Why: on a URI of 100 B, `commonShape` takes 5% to 10% less time than the scanner, whose code
// serves every form and every error, and its type feedback stays that of the common shape however
// many other shapes the program parses (bench/RESULTS.md, "Warmed on mixed URIs"). Declining costs
// a URI of another shape the characters read before it and the call, 15 to 30 ns (the ten mixed
// URIs of the bench, half of them declined: 4% to 7% slower). The portable build goes without it: about
// 250 B min+gzip, over its size budgets.
import { isPctAt } from './ascii';
import { Bits, CHARS } from './chars';
import {
  type ParseOptions,
  type ParseResult,
  parse as parseAny,
  tryParse as tryParseAny,
} from './parse';
import type { UriComponents } from './types';

export * from './parse';

/**
 * The components of `s` when it is a URI of the common shape under 320 characters
 * (`scheme "://" reg-name [ ":" port ]` without escapes in the host, then a path, query and
 * fragment of ASCII characters and escapes, RFC 3986 §3); `undefined` for anything else, valid or
 * not. Made in a closure whose constants V8 reads as constants in either module format.
 */
const commonShape: (s: string) => UriComponents | undefined = /* @__PURE__ */ (() => {
  const table = CHARS;
  const isPct = isPctAt;
  // the ASCII characters of a path, query or fragment, and "#" (a fragment's is searched for
  // below): without "%" and with it, as in src/scan.ts
  const PLAIN = /[!#$&-;=?-Z_a-z~]*/y;
  const ESCAPED = /[!#-;=?-Z_a-z~]*/y;
  return (s: string): UriComponents | undefined => {
    const n = s.length;
    // a long URI is the scanner's: the time of its fixed costs is small beside that of reading it,
    // and from 320 characters of tail on it reads a tail faster than a skip of its class
    if (n >= 320) return undefined;
    // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":" (§3.1)
    let c = s.charCodeAt(0) | 32;
    if (c < 97 || c > 122) return undefined;
    let i = 1;
    for (; i < n; i++) {
      c = s.charCodeAt(i);
      if (c >= 128 || (table[c]! & Bits.SCHEME) === 0) break;
    }
    if (c !== 58 || i + 2 >= n || s.charCodeAt(i + 1) !== 47 || s.charCodeAt(i + 2) !== 47)
      return undefined;
    // "//" authority, here reg-name = *( unreserved / sub-delims ) (§3.2.2)
    const a = i + 3;
    let h = a;
    for (; h < n; h++) {
      c = s.charCodeAt(h);
      if (c >= 128 || (table[c]! & Bits.REG_NAME_MASK) === 0) break;
    }
    let p = h;
    let port: string | undefined;
    if (h < n && c === 58) {
      // port = *DIGIT (§3.2.3)
      for (p = h + 1; p < n; p++) {
        c = s.charCodeAt(p);
        if (c < 48 || c > 57) break;
      }
      port = s.slice(h + 1, p);
    }
    // the authority ends at "/", "?", "#" or the end (§3.2)
    if (p < n && c !== 47 && c !== 63 && c !== 35) return undefined;
    // path-abempty, query, fragment (§3.3-§3.5): every character one of theirs, every "%" an escape
    PLAIN.lastIndex = p;
    PLAIN.test(s);
    const e = PLAIN.lastIndex;
    if (e < n) {
      ESCAPED.lastIndex = e;
      ESCAPED.test(s);
      if (ESCAPED.lastIndex < n) return undefined;
      for (let j = s.indexOf('%', e); j >= 0; j = s.indexOf('%', j + 3))
        if (!isPct(s, j)) return undefined;
    }
    // the path ends at the first "?" or "#", the query at the first "#"; a fragment holds no "#"
    let f = s.indexOf('#', p);
    if (f < 0) f = n;
    else if (s.indexOf('#', f + 1) >= 0) return undefined;
    let q = s.indexOf('?', p);
    if (q < 0 || q > f) q = f;
    return {
      scheme: s.slice(0, i),
      userinfo: undefined,
      host: s.slice(a, h),
      port,
      path: s.slice(p, q),
      query: q < f ? s.slice(q + 1, f) : undefined,
      fragment: f < n ? s.slice(f + 1) : undefined,
    };
  };
})();

/** {@inheritDoc parseAny} */
export function parse(input: string, options?: ParseOptions): UriComponents {
  return (typeof input === 'string' && commonShape(input)) || parseAny(input, options);
}

/** {@inheritDoc tryParseAny} */
export function tryParse(input: string, options?: ParseOptions): ParseResult {
  const value = typeof input === 'string' ? commonShape(input) : undefined;
  return value !== undefined ? { ok: true, value } : tryParseAny(input, options);
}

/** The common-shape reader alone, for the tests that compare it with the scanner. */
export const readCommonShape: (s: string) => UriComponents | undefined = commonShape;
