// The tel scheme, RFC 3966.
import { isAlpha, isDigit, isHex, isPctAt } from './ascii';
import { UriSyntaxError } from './errors';
import { decodeText } from './pct';

/** A parsed `tel:` URI ({@link https://www.rfc-editor.org/rfc/rfc3966#section-3 | RFC 3966 §3}). */
export interface TelUri {
  /** `true` for a global number (`+` and a country code), `false` for a local one. */
  global: boolean;
  /** The number as written (visual separators `-`, `.`, `(`, `)` kept; a global number with its `+`). */
  number: string;
  /** The number without visual separators: what §4 compares (`'+12015550123'`). */
  digits: string;
  /** `;ext=`, the extension, as written; undefined when absent. */
  extension: string | undefined;
  /** `;isub=`, the ISDN subaddress, as written (may hold escapes); undefined when absent. */
  isdnSubaddress: string | undefined;
  /**
   * `;phone-context=`, as written: a domain name or a global number (with its `+`). Present exactly
   * for a local number, which only means something in that context.
   */
  phoneContext: string | undefined;
  /** The other parameters, in the order written: `[name, value]`, `value` undefined for `;name`. */
  params: [string, string | undefined][];
}

// visual-separator = "-" / "." / "(" / ")"
function isVisual(c: number): boolean {
  return c === 45 || c === 46 || c === 40 || c === 41;
}

// unreserved (alphanum / mark) / param-unreserved, RFC 3966 §3; escapes are checked apart
function isParamChar(c: number): boolean {
  return (
    isAlpha(c) ||
    isDigit(c) ||
    "-_.!~*'()".includes(String.fromCharCode(c)) ||
    '[]/:&+$'.includes(String.fromCharCode(c))
  );
}

function withoutVisual(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) if (!isVisual(s.charCodeAt(i))) out += s[i];
  return out;
}

/**
 * Checks a number: global-number-digits (`"+" *phonedigit DIGIT *phonedigit`) or
 * local-number-digits (`*phonedigit-hex (HEXDIG / "*" / "#") *phonedigit-hex`, with `#` written
 * `%23` in a URI). Returns the index of the first bad character, or -1.
 */
function badNumber(s: string, global: boolean): number {
  let digits = 0;
  for (let i = global ? 1 : 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (isVisual(c)) continue;
    if (isDigit(c) || (!global && (isHex(c) || c === 42))) {
      digits++;
    } else if (!global && c === 37 && s.slice(i, i + 3) === '%23') {
      digits++;
      i += 2;
    } else {
      return i;
    }
  }
  return digits === 0 ? s.length : -1;
}

// domainname = *( domainlabel "." ) toplabel [ "." ]; toplabel starts with a letter
function isDomainName(s: string): boolean {
  const labels = (s.endsWith('.') ? s.slice(0, -1) : s).split('.');
  for (let i = 0; i < labels.length; i++) {
    const l = labels[i]!;
    if (l === '' || l.startsWith('-') || l.endsWith('-')) return false;
    for (let j = 0; j < l.length; j++) {
      const c = l.charCodeAt(j);
      if (!isAlpha(c) && !isDigit(c) && c !== 45) return false;
    }
    if (i === labels.length - 1 && !isAlpha(l.charCodeAt(0))) return false;
  }
  return true;
}

/**
 * Parses a `tel:` URI ({@link https://www.rfc-editor.org/rfc/rfc3966#section-3 | RFC 3966 §3}): a global
 * number (`+`, country code, digits) or a local number with its `;phone-context=` (a domain name or
 * a global number prefix), the extension (`;ext=`), the ISDN subaddress (`;isub=`) and other
 * parameters. Visual separators (`-`, `.`, `(`, `)`) are kept in `number` and removed in `digits`.
 * Parameters may come in any order; each name at most once (§3). The scheme and parameter names are
 * case-insensitive and returned in lower case.
 *
 * @param uri - a `tel:` URI
 * @returns its parts
 * @throws `UriSyntaxError` (exported by `@x/uri`) when `uri` is not a valid `tel:` URI: another scheme, a number that
 *   breaks the grammar, a local number without `;phone-context=`, a parameter given twice, a
 *   malformed escape or value, a `?` or `#`
 * @example
 * ```ts
 * parseTel('tel:+1-201-555-0123').digits; // '+12015550123'
 * parseTel('tel:7042;phone-context=example.com').phoneContext; // 'example.com'
 * parseTel('tel:863-1234;phone-context=+1-914-555').global; // false
 * ```
 */
export function parseTel(uri: string): TelUri {
  if (uri.slice(0, 4).toLowerCase() !== 'tel:') throw new UriSyntaxError(uri, 0, 'not a tel URI');
  const parts = uri.slice(4).split(';');
  const number = parts[0]!;
  const global = number.charCodeAt(0) === 43;
  const bad = badNumber(number, global);
  if (bad >= 0) throw new UriSyntaxError(uri, 4 + bad, 'invalid telephone number');
  const tel: TelUri = {
    global,
    number,
    digits: withoutVisual(number),
    extension: undefined,
    isdnSubaddress: undefined,
    phoneContext: undefined,
    params: [],
  };
  const seen = new Set<string>();
  let at = 4 + number.length + 1;
  for (let p = 1; p < parts.length; p++) {
    const part = parts[p]!;
    const eq = part.indexOf('=');
    const raw = eq < 0 ? part : part.slice(0, eq);
    const value = eq < 0 ? undefined : part.slice(eq + 1);
    // pname = 1*( alphanum / "-" ); the error at the first character that is neither (or, for an
    // empty name, where it should start). Checked before lower-casing, which maps some non-ASCII
    // letters to ASCII (U+212A KELVIN SIGN to "k") or to two code units (U+0130 to "i" and U+0307)
    const bad = raw.search(/[^a-zA-Z0-9-]/);
    const name = raw.toLowerCase();
    if (name === '' || bad >= 0)
      throw new UriSyntaxError(uri, at + Math.max(bad, 0), 'invalid parameter name');
    if (seen.has(name)) throw new UriSyntaxError(uri, at, 'parameter given twice');
    seen.add(name);
    // pvalue = 1*paramchar
    if (value !== undefined) {
      if (value === '') throw new UriSyntaxError(uri, at + eq + 1, 'empty parameter value');
      for (let i = 0; i < value.length; i++) {
        const c = value.charCodeAt(i);
        if (c === 37 ? !isPctAt(value, i) : !isParamChar(c))
          throw new UriSyntaxError(uri, at + eq + 1 + i, 'invalid character in a parameter value');
        if (c === 37) i += 2;
      }
    }
    if (name === 'ext') {
      // extension = ";ext=" 1*phonedigit
      if (value === undefined || badNumber(value, false) >= 0 || /[a-fA-F*%]/.test(value))
        throw new UriSyntaxError(uri, at, 'invalid extension');
      tel.extension = value;
    } else if (name === 'isub') {
      if (value === undefined) throw new UriSyntaxError(uri, at, 'invalid ISDN subaddress');
      tel.isdnSubaddress = value;
    } else if (name === 'phone-context') {
      const ok =
        value !== undefined &&
        (value.charCodeAt(0) === 43 ? badNumber(value, true) < 0 : isDomainName(value));
      if (!ok || global) throw new UriSyntaxError(uri, at, 'invalid phone-context');
      tel.phoneContext = value;
    } else {
      tel.params.push([name, value]);
    }
    at += part.length + 1;
  }
  if (!global && tel.phoneContext === undefined)
    throw new UriSyntaxError(uri, 4, 'local number without phone-context');
  return tel;
}

/**
 * Writes a `tel:` URI in the form {@link https://www.rfc-editor.org/rfc/rfc3966#section-3 | RFC 3966 §3}
 * prescribes: `;isub=` or `;ext=` first, then `;phone-context=`, then the other parameters in
 * lexicographical order of their names, all names in lower case.
 *
 * @param tel - the parts, as {@link parseTel} returns them (`digits` is not read: `number` is written)
 * @returns the URI
 * @throws `UriSyntaxError` (exported by `@x/uri`) when the result is not a valid `tel:` URI (it is checked by
 *   {@link parseTel})
 * @example
 * ```ts
 * formatTel(parseTel('tel:7042;foo=1;phone-context=example.com;ext=22'));
 * // 'tel:7042;ext=22;phone-context=example.com;foo=1'
 * ```
 */
export function formatTel(tel: TelUri): string {
  let out = `tel:${tel.number}`;
  if (tel.isdnSubaddress !== undefined) out += `;isub=${tel.isdnSubaddress}`;
  if (tel.extension !== undefined) out += `;ext=${tel.extension}`;
  if (tel.phoneContext !== undefined) out += `;phone-context=${tel.phoneContext}`;
  const params = tel.params
    .map(([n, v]): [string, string | undefined] => [n.toLowerCase(), v])
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  for (const [n, v] of params) out += v === undefined ? `;${n}` : `;${n}=${v}`;
  parseTel(out);
  return out;
}

// a value compared as §4 says: case-insensitive, escapes decoded
function comparable(value: string | undefined, uri: string): string | undefined {
  return value === undefined ? undefined : decodeText(value, uri, 0).toLowerCase();
}

/**
 * Whether two `tel:` URIs are equivalent by
 * {@link https://www.rfc-editor.org/rfc/rfc3966#section-4 | RFC 3966 §4}: both global or both local,
 * the same digits once visual separators are removed, the same phone-context (a domain name compared
 * as a host name, a number digit by digit), and the same parameters by name in any order, with no
 * name in one and not the other; case-insensitive throughout.
 *
 * @param a - a `tel:` URI
 * @param b - another
 * @returns whether they are equivalent
 * @throws `UriSyntaxError` (exported by `@x/uri`) when either is not a valid `tel:` URI, or a parameter value's
 *   escapes are not UTF-8
 * @example
 * ```ts
 * telEquivalent('tel:+1-201-555-0123', 'TEL:+1(201)5550123'); // true
 * telEquivalent('tel:863-1234;phone-context=+1-914-555', 'tel:8631234;phone-context=+1914555'); // true
 * telEquivalent('tel:+1-201-555-0123', 'tel:+1-201-555-0123;ext=1'); // false
 * ```
 */
export function telEquivalent(a: string, b: string): boolean {
  const x = parseTel(a);
  const y = parseTel(b);
  const context = (t: TelUri): string | undefined => {
    const c = t.phoneContext;
    if (c === undefined) return undefined;
    return c.charCodeAt(0) === 43 ? withoutVisual(c) : c.toLowerCase().replace(/\.$/, '');
  };
  if (x.global !== y.global || x.digits.toLowerCase() !== y.digits.toLowerCase()) return false;
  if (context(x) !== context(y)) return false;
  if (x.extension !== undefined || y.extension !== undefined) {
    if (x.extension === undefined || y.extension === undefined) return false;
    if (withoutVisual(x.extension) !== withoutVisual(y.extension)) return false;
  }
  if (comparable(x.isdnSubaddress, a) !== comparable(y.isdnSubaddress, b)) return false;
  if (x.params.length !== y.params.length) return false;
  const other = new Map(y.params.map(([n, v]) => [n, comparable(v, b)]));
  for (const [n, v] of x.params) {
    if (!other.has(n) || other.get(n) !== comparable(v, a)) return false;
  }
  return true;
}
