import { UrnSyntaxError } from './errors';
import type { Urn, UrnOptions } from './types';

// Character classes over ASCII, one bit each, so that each character costs one table lookup.
// 1: RFC 3986 pchar without pct-encoded (unreserved / sub-delims / ":" / "@")
// 2: alphanum, 4: "-" (together: RFC 8141 ldh)
// 8: RFC 2141 <trans> without "%" (<upper> <lower> <number> <other> and "/", "?", "#")
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
  return t;
}

const is = (c: number, bit: number): boolean => c < 128 && (CLASS[c]! & bit) !== 0;
const isHex = (c: number): boolean => (c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 102);

/** A failed scan: where and why. */
type Fail = [index: number, reason: string];

// Scans pchar / "/" from `i` (mode 0: NSS), plus "?" (mode 2: q- and f-component), plus "?"
// unless it starts "?=" (mode 1: r-component, RFC 8141 §2: "?=" ends it). Returns the end, or
// ~index of a malformed percent-escape. One pass, no backtracking.
function span(s: string, i: number, mode: number): number {
  for (const n = s.length; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c === 37) {
      if (!isHex(s.charCodeAt(i + 1)) || !isHex(s.charCodeAt(i + 2))) return ~i;
      i += 2;
    } else if (
      !(is(c, 1) || c === 47 || (mode > 0 && c === 63 && (mode > 1 || s.charCodeAt(i + 1) !== 61)))
    ) {
      break;
    }
  }
  return i;
}

/** Scans `s` as a URN; returns its parts or where and why it fails. */
export function scan(s: string, legacy: boolean): Urn | Fail {
  const n = s.length;
  // "urn" is case-insensitive (RFC 8141 §3.1 rule 1)
  if (
    (s.charCodeAt(0) | 32) !== 117 ||
    (s.charCodeAt(1) | 32) !== 114 ||
    (s.charCodeAt(2) | 32) !== 110 ||
    s.charCodeAt(3) !== 58
  ) {
    return [0, 'expected "urn:"'];
  }
  let i = 4;
  while (is(s.charCodeAt(i), 6)) i++;
  // NID = alphanum 0*30ldh alphanum (RFC 8141 §2); RFC 2141: let-num [ 1,31let-num-hyp ]
  if (s.charCodeAt(i) !== 58)
    return [i, i < n ? 'invalid character in NID' : 'expected ":" after NID'];
  if (i === 4) return [4, 'empty NID'];
  if (i > 36) return [36, 'NID longer than 32 characters'];
  if (s.charCodeAt(4) === 45) return [4, 'NID starts with "-"'];
  const nid = s.slice(4, i);
  if (legacy) {
    // RFC 2141 §2: the NID "urn" is reserved
    if (nid.toLowerCase() === 'urn') return [4, 'NID "urn" is reserved'];
  } else {
    if (i === 5) return [4, 'NID shorter than 2 characters'];
    if (s.charCodeAt(i - 1) === 45) return [i - 1, 'NID ends with "-"'];
  }
  const start = ++i;
  if (legacy) {
    // RFC 2141 §2: NSS = 1*( trans / "%" hex hex ), no components
    for (; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c === 37) {
        if (!isHex(s.charCodeAt(i + 1)) || !isHex(s.charCodeAt(i + 2)))
          return [i, 'malformed percent-escape'];
        i += 2;
      } else if (!is(c, 8)) return [i, 'invalid character in NSS'];
    }
    return i === start ? [i, 'empty NSS'] : { nid, nss: s.slice(start) };
  }
  // NSS = pchar *(pchar / "/")
  if (s.charCodeAt(i) === 47) return [i, 'NSS starts with "/"'];
  i = span(s, i, 0);
  if (i < 0) return [~i, 'malformed percent-escape'];
  if (i === start) return [i, i < n ? 'invalid character in NSS' : 'empty NSS'];
  const urn: Urn = { nid, nss: s.slice(start, i) };
  // rq-components = [ "?+" r-component ] [ "?=" q-component ]; r/q-component = pchar *( pchar / "/" / "?" )
  for (let mode = 1; mode < 3; mode++) {
    if (s.charCodeAt(i) !== 63) break;
    const c = s.charCodeAt(i + 1);
    // no r-component: look for the q-component (after an r-component, "?" can only start "?=")
    if (mode === 1 && c === 61) continue;
    if (c !== (mode === 1 ? 43 : 61)) return [i, '"?" not followed by "+" or "="'];
    const from = i + 2;
    const first = s.charCodeAt(from);
    if (!is(first, 1) && first !== 37)
      return [from, `empty or invalid ${mode === 1 ? 'r' : 'q'}-component`];
    i = span(s, from, mode);
    if (i < 0) return [~i, 'malformed percent-escape'];
    if (mode === 1) urn.rComponent = s.slice(from, i);
    else urn.qComponent = s.slice(from, i);
  }
  // f-component = fragment = *( pchar / "/" / "?" )
  if (s.charCodeAt(i) === 35) {
    const from = i + 1;
    i = span(s, from, 2);
    if (i < 0) return [~i, 'malformed percent-escape'];
    urn.fComponent = s.slice(from, i);
  }
  return i < n ? [i, 'invalid character'] : urn;
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
  const result = scan(input, options?.syntax === 'rfc2141');
  if (Array.isArray(result)) throw new UrnSyntaxError(result[1], result[0], input);
  return result;
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
  return !Array.isArray(scan(input, options?.syntax === 'rfc2141'));
}

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
  let s = `urn:${urn.nid}:${urn.nss}`;
  if (urn.rComponent !== undefined) s += `?+${urn.rComponent}`;
  if (urn.qComponent !== undefined) s += `?=${urn.qComponent}`;
  if (urn.fComponent !== undefined) s += `#${urn.fComponent}`;
  const back = parseUrn(s, options);
  // A part that swallowed a delimiter reads back differently: refuse it rather than write
  // a string that means something else.
  for (const key of ['nid', 'nss', 'rComponent', 'qComponent', 'fComponent'] as const) {
    if (back[key] !== urn[key]) {
      throw new UrnSyntaxError(`${key} does not read back as itself`, 0, s);
    }
  }
  return s;
}
