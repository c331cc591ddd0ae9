import { UrnSyntaxError } from './errors';
import type { Urn, UrnOptions } from './types';

// Character classes over ASCII, one bit each, so that each character costs one table lookup.
// 1: RFC 3986 pchar without pct-encoded (unreserved / sub-delims / ":" / "@")
// 2: alphanum, 4: "-" (together: RFC 8141 ldh)
// 8: RFC 2141 <trans> without "%" (<upper> <lower> <number> <other> and "/", "?", "#")
// 16: "/", 32: "?"
const CLASS: Uint8Array = /* @__PURE__ */ classes();

function classes(): Uint8Array {
  const t = new Uint8Array(128);
  const mark = (chars: string, bit: number): void => {
    for (let i = 0; i < chars.length; i++) t[chars.charCodeAt(i)]! |= bit;
  };
  for (let c = 48; c < 123; c++) if (c < 58 || (c > 64 && c < 91) || c > 96) t[c] = 11;
  mark("-._~!$&'()*+,;=:@", 1);
  mark('-', 4);
  mark("()+,-.:=@;$_!*'/?#", 8);
  mark('/', 16);
  mark('?', 32);
  return t;
}

const is = (c: number, bits: number): boolean => c < 128 && (CLASS[c]! & bits) !== 0;
const isHex = (c: number): boolean => (c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 102);

/** A failed scan: where and why. */
export type Fail = [index: number, reason: string];

// Where the last `lex` found the parts, or where and why it failed (one URN at a time:
// JavaScript is single threaded and `lex` calls nothing that could re-enter it). A mutable
// record rather than exported `let`s, so that every bundle format shares it.
/** The positions the last `lex` recorded. */
export interface Positions {
  /** End of the NID (the index of the ":" before the NSS). */
  nid: number;
  /** End of the NSS. */
  nss: number;
  /** Where and why the last failed `lex` failed. */
  fail: Fail;
}
/** The positions the last `lex` recorded. */
export const at: Positions = { nid: 0, nss: 0, fail: [0, ''] };
let rFrom = -1;
let rTo = 0;
let qFrom = -1;
let qTo = 0;
let fFrom = -1;

function fail(index: number, reason: string): false {
  at.fail = [index, reason];
  return false;
}

/** `fail` for the scanners that return an index: -1. */
function miss(index: number, reason: string): -1 {
  at.fail = [index, reason];
  return -1;
}

// Scans from `i` the characters in `bits` (pchar / "/" for the NSS, plus "?" for the q- and
// f-components) and percent-escapes; with `r`, stops before "?=" (RFC 8141 §2: it ends an
// r-component). Returns the end, or ~index of a malformed percent-escape. One pass, no backtracking.
function span(s: string, i: number, bits: number, r: boolean): number {
  const n = s.length;
  while (i < n) {
    const c = s.charCodeAt(i);
    if (c < 128 && (CLASS[c]! & bits) !== 0) {
      if (c === 63 && r && s.charCodeAt(i + 1) === 61) break;
      i++;
    } else if (c === 37) {
      if (!isHex(s.charCodeAt(i + 1)) || !isHex(s.charCodeAt(i + 2))) return ~i;
      i += 3;
    } else break;
  }
  return i;
}

// r-component / q-component = pchar *( pchar / "/" / "?" ) from `i`: returns the end, or -1
// after recording the failure.
function component(s: string, i: number, r: boolean): number {
  const c = s.charCodeAt(i);
  if (!is(c, 1) && c !== 37) return miss(i, `empty or invalid ${r ? 'r' : 'q'}-component`);
  const end = span(s, i, 49, r);
  return end < 0 ? miss(~end, 'malformed percent-escape') : end;
}

/** Reads "urn:" and the NID of `s`: returns the index of the ":" after the NID, or -1 on failure. */
function head(s: string, legacy: boolean): number {
  // "urn" is case-insensitive (RFC 8141 §3.1 rule 1)
  if (
    (s.charCodeAt(0) | 32) !== 117 ||
    (s.charCodeAt(1) | 32) !== 114 ||
    (s.charCodeAt(2) | 32) !== 110 ||
    s.charCodeAt(3) !== 58
  ) {
    return miss(0, 'expected "urn:"');
  }
  let i = 4;
  while (is(s.charCodeAt(i), 6)) i++;
  // NID = alphanum 0*30ldh alphanum (RFC 8141 §2); RFC 2141: let-num [ 1,31let-num-hyp ].
  // The length first: past 32 characters, what follows is not the reason, the 33rd is
  if (i > 36) return miss(36, 'NID longer than 32 characters');
  if (s.charCodeAt(i) !== 58) {
    return miss(i, i < s.length ? 'invalid character in NID' : 'expected ":" after NID');
  }
  if (i === 4) return miss(4, 'empty NID');
  if (s.charCodeAt(4) === 45) return miss(4, 'NID starts with "-"');
  if (legacy) {
    // RFC 2141 §2: the NID "urn" is reserved
    if (i === 7 && s.slice(4, 7).toLowerCase() === 'urn') return miss(4, 'NID "urn" is reserved');
  } else {
    if (i === 5) return miss(4, 'NID shorter than 2 characters');
    if (s.charCodeAt(i - 1) === 45) return miss(i - 1, 'NID ends with "-"');
  }
  return i;
}

/** Reads `s` as a URN, recording where its parts are; on failure records where and why. */
export function lex(s: string, legacy: boolean): boolean {
  const n = s.length;
  let i = head(s, legacy);
  if (i < 0) return false;
  at.nid = i;
  rFrom = qFrom = fFrom = -1;
  const start = ++i;
  if (legacy) {
    // RFC 2141 §2: NSS = 1*( trans / "%" hex hex ), no components
    i = span(s, i, 8, false);
    if (i < 0) return fail(~i, 'malformed percent-escape');
    if (i < n) return fail(i, 'invalid character in NSS');
    at.nss = n;
    if (i === start) return fail(i, 'empty NSS');
    // RFC 2141 §2.4: octet 0 must not be used, not even escaped (every "%" here starts an escape
    // of the NSS: "urn:" and the NID have none)
    i = s.indexOf('%00');
    return i < 0 || fail(i, '"%00" must not be used');
  }
  // NSS = pchar *(pchar / "/"), the hot loop of every entry point: inline, one table lookup a
  // character, escapes checked where they stand
  if (s.charCodeAt(i) === 47) return fail(i, 'NSS starts with "/"');
  for (; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < 128 && (CLASS[c]! & 17) !== 0) continue;
    if (c !== 37) break;
    if (!isHex(s.charCodeAt(i + 1)) || !isHex(s.charCodeAt(i + 2))) {
      return fail(i, 'malformed percent-escape');
    }
    i += 2;
  }
  if (i === start) return fail(i, i < n ? 'invalid character in NSS' : 'empty NSS');
  at.nss = i;
  return i === n || tail(s, i);
}

/**
 * Reads what follows the NSS of `s` at `i`: the r-, q- and f-components, then the end. A character
 * that could continue the NSS fails here, so `tail` also checks that the NSS ends at `i`.
 */
export function tail(s: string, i: number): boolean {
  const n = s.length;
  rFrom = qFrom = fFrom = -1;
  // rq-components = [ "?+" r-component ] [ "?=" q-component ]; r/q-component = pchar *( pchar / "/" / "?" )
  if (s.charCodeAt(i) === 63) {
    let c = s.charCodeAt(i + 1);
    if (c === 43) {
      rFrom = i += 2;
      i = component(s, i, true);
      if (i < 0) return false;
      rTo = i;
      // an r-component ends only at "?=", "#", a character outside it, or the end
      c = s.charCodeAt(i) === 63 ? 61 : 0;
    }
    if (c === 61) {
      qFrom = i += 2;
      i = component(s, i, false);
      if (i < 0) return false;
      qTo = i;
    } else if (c !== 0) return fail(i, '"?" not followed by "+" or "="');
  }
  // f-component = fragment = *( pchar / "/" / "?" )
  if (s.charCodeAt(i) === 35) {
    fFrom = ++i;
    i = span(s, i, 49, false);
    if (i < 0) return fail(~i, 'malformed percent-escape');
  }
  return i < n ? fail(i, 'invalid character') : true;
}

/** Whether `y` is the letter `x` in the other case (`x` a character of a valid URN). */
const otherCase = (x: number, y: number): boolean => (x ^ y) === 32 && ((x | 32) - 97) >>> 0 < 26;

/**
 * Whether `a` and `b` are equivalent URNs (RFC 8141 §3.1, or RFC 2141 §5), reading each once and
 * building nothing: "urn:", the NID and the hex digits of escapes match in either case, the rest
 * of the NSS exactly; then what follows the NSS must be valid components in both. A mismatch
 * settles the answer (false) before either string is read whole.
 */
export function sameUrn(a: string, b: string, legacy: boolean): boolean {
  // the same string (one native comparison): equivalent exactly when it is a URN
  if (a === b) return lex(a, legacy);
  const nid = head(a, legacy);
  if (nid < 0) return false;
  for (let i = 0; i < nid; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y && !otherCase(x, y)) return false;
  }
  // a's NID is valid, so b's (the same letters, either case) is too; its ":" must follow
  if (b.charCodeAt(nid) !== 58) return false;
  const start = nid + 1;
  if (!legacy && a.charCodeAt(start) === 47) return false;
  const bits = legacy ? 8 : 17;
  const n = a.length;
  let i = start;
  for (; i < n; i++) {
    const x = a.charCodeAt(i);
    if (is(x, bits)) {
      if (x !== b.charCodeAt(i)) return false;
    } else if (x === 37 && b.charCodeAt(i) === 37) {
      for (const end = i + 2; i < end; ) {
        const u = a.charCodeAt(++i);
        const v = b.charCodeAt(i);
        if (!isHex(u) || (u !== v && !otherCase(u, v))) return false;
      }
    } else break;
  }
  if (i === start) return false;
  // RFC 2141: the NSS runs to the end, without "%00" (§2.4; then b has none either);
  // RFC 8141: both NSSs end here, then valid components
  return legacy ? i === n && b.length === n && a.indexOf('%00') < 0 : tail(a, i) && tail(b, i);
}

/** The parts of `s`, which the last `lex` accepted. */
function parts(s: string): Urn {
  const nid = at.nid;
  const nss = at.nss;
  const urn: Urn = { nid: s.slice(4, nid), nss: s.slice(nid + 1, nss) };
  // absent, not empty: a component's key exists only when its delimiter does
  if (nss < s.length) {
    if (rFrom >= 0) urn.rComponent = s.slice(rFrom, rTo);
    if (qFrom >= 0) urn.qComponent = s.slice(qFrom, qTo);
    if (fFrom >= 0) urn.fComponent = s.slice(fFrom);
  }
  return urn;
}

/** Scans `s` as a URN; returns its parts or where and why it fails. */
export function scan(s: string, legacy: boolean): Urn | Fail {
  return lex(s, legacy) ? parts(s) : at.fail;
}

/**
 * Parses a URN into its parts, exactly to the RFC 8141 grammar (or RFC 2141's, on request).
 * Nothing is decoded or case-folded: the parts are substrings of the input.
 *
 * {@link https://www.rfc-editor.org/rfc/rfc8141#section-2 | RFC 8141 §2},
 * {@link https://www.rfc-editor.org/rfc/rfc2141#section-2 | RFC 2141 §2}
 *
 * @param input - the string to read
 * @param options - `syntax: 'rfc2141'` to read with the obsolete grammar
 * @returns the NID, the NSS and whichever of the r-, q- and f-components are present
 * @throws {@link UrnSyntaxError} when `input` is not a URN, with the index and the rule it breaks
 * @example
 * ```ts
 * parseUrn('urn:example:foo-bar-baz-qux?+CCResolve:cc=uk#somepart');
 * // { nid: 'example', nss: 'foo-bar-baz-qux', rComponent: 'CCResolve:cc=uk', fComponent: 'somepart' }
 * ```
 */
export function parseUrn(input: string, options?: UrnOptions): Urn {
  if (!lex(input, options !== undefined && options.syntax === 'rfc2141')) {
    throw new UrnSyntaxError(at.fail[1], at.fail[0], input);
  }
  return parts(input);
}

/**
 * Tells whether a string is a URN under RFC 8141 (or RFC 2141, on request). Never throws.
 *
 * {@link https://www.rfc-editor.org/rfc/rfc8141#section-2 | RFC 8141 §2}
 *
 * @param input - the string to test
 * @param options - `syntax: 'rfc2141'` to test against the obsolete grammar
 * @returns `true` when {@link parseUrn} would accept `input`
 * @throws never
 * @example
 * ```ts
 * isUrn('urn:isbn:0-486-27557-4'); // true
 * isUrn('urn:a:x'); // false: RFC 8141 NIDs have at least 2 characters
 * isUrn('urn:a:x', { syntax: 'rfc2141' }); // true
 * ```
 */
export function isUrn(input: string, options?: UrnOptions): boolean {
  return lex(input, options !== undefined && options.syntax === 'rfc2141');
}

const PARTS = [
  ['rComponent', '?+'],
  ['qComponent', '?='],
  ['fComponent', '#'],
] as const;

/**
 * Writes URN parts as a string: `urn:` (in lower case), the NID, the NSS and the components
 * present. The result is checked: parts that would not read back as themselves are refused.
 *
 * {@link https://www.rfc-editor.org/rfc/rfc8141#section-2 | RFC 8141 §2}
 *
 * @param urn - the parts, as {@link parseUrn} returns them
 * @param options - `syntax: 'rfc2141'` to check against the obsolete grammar
 * @returns the URN string; `formatUrn(parseUrn(s))` is `s` with `urn:` in lower case
 * @throws {@link UrnSyntaxError} when the parts do not form a URN (an NSS with `?` in it, an
 *   empty r-component, a component with a space...), with the index in the formatted string
 * @example
 * ```ts
 * formatUrn({ nid: 'example', nss: 'weather', qComponent: 'op=map&lat=39.56' });
 * // 'urn:example:weather?=op=map&lat=39.56'
 * ```
 */
export function formatUrn(urn: Urn, options?: UrnOptions): string {
  // where each part starts in the output, for the error's index
  const starts = [4, 5 + urn.nid.length];
  let s = `urn:${urn.nid}:${urn.nss}`;
  for (const [key, delimiter] of PARTS) {
    const part = urn[key];
    starts.push(s.length + delimiter.length);
    if (part !== undefined) s += delimiter + part;
  }
  const back = parseUrn(s, options);
  // A part that swallowed a delimiter reads back differently: refuse it rather than write
  // a string that means something else.
  const keys = ['nid', 'nss', 'rComponent', 'qComponent', 'fComponent'] as const;
  for (let k = 0; k < keys.length; k++) {
    const key = keys[k]!;
    if (back[key] !== urn[key])
      throw new UrnSyntaxError(`${key} does not read back as itself`, starts[k]!, s);
  }
  return s;
}
