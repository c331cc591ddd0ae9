import { type DecodeMode, decodeRange, decodeToBytes } from './decode';
import { encodeAny, encodeUtf8, planOf, type TextEncoderFunction, wellFormed } from './encode';
import { encodeSet } from './encode-set';
import { PercentDecodeError } from './errors';
import { WHATWG_FORM } from './generated/sets';

/** One name-value pair of a form, in order. */
export type FormPair = [name: string, value: string];

/** A form as a record: one string per name, or an array of strings for a repeated name. */
export type FormRecord = Record<string, string | string[]>;

/** What separates the pairs of a form: `&` (the standard), `;`, or either. */
export type FormSeparator = '&' | ';' | 'both';

/** Options of {@link parseForm} and {@link formToObject}. */
export interface ParseFormOptions {
  /** What separates pairs. Default `'&'`; `';'` or `'both'` for CGI input that uses `;` (HTML 4.01 §B.2.2). */
  separator?: FormSeparator;
  /**
   * The most pairs to accept: one more throws {@link PercentDecodeError} (`'too-many-pairs'`, with the
   * index where that pair starts) rather than returning a truncated form. Default 1000 (as `qs`),
   * so that untrusted input cannot make an unbounded number of pairs; `Infinity` for no limit.
   */
  limit?: number;
  /** `'lenient'` (default, as URLSearchParams) or `'strict'` to throw on a malformed escape or ill-formed UTF-8. */
  mode?: DecodeMode;
  /**
   * Decodes each name and value from octets in another charset, e.g. `(bytes) => codec.decode(bytes)`.
   * The input's literal characters reach it as UTF-8, as in the WHATWG algorithm: give it ASCII input.
   */
  decoder?: (bytes: Uint8Array) => string;
}

/** Options of {@link serializeForm}. */
export interface SerializeFormOptions {
  /** Encode in another charset instead of UTF-8; see {@link TextEncoderFunction}. */
  encoder?: TextEncoderFunction;
  /** Write a space as `+` (default `true`, as URLSearchParams) or, with `false`, as `%20`. */
  spaceAsPlus?: boolean;
  /** What separates the pairs: `&` (default) or `;` (HTML 4.01 §B.2.2, read by `parseForm` with `separator: ';'`). */
  separator?: '&' | ';';
}

/** The most pairs {@link parseForm} accepts unless told otherwise: `qs`'s `parameterLimit`. */
const DEFAULT_LIMIT = 1000;

/** The form set's tables (space as `+`, as `%20`), kept here: a lookup per call costs more than a short value's encoding. */
let formTable: Uint8Array | undefined;
let formTable20: Uint8Array | undefined;

/**
 * Parses application/x-www-form-urlencoded text into its ordered name-value pairs, duplicates kept
 * ({@link https://url.spec.whatwg.org/#urlencoded-parsing | URL Standard §5.1}): empty sequences are
 * skipped, a pair without `=` has an empty value, `+` is a space and escapes are decoded as UTF-8.
 * The standard parses the text's UTF-8 encoding, so a lone surrogate in it is U+FFFD, as with
 * URLSearchParams (strict mode keeps it, as `decodeURIComponent` and strict `percentDecode` do).
 * At most 1000 pairs by default (`options.limit`): a longer form throws rather than being cut short.
 *
 * @param text - The form body or query, without a leading `?`.
 * @param options - `separator`, `limit` (default 1000; `Infinity` for none), `mode`, `decoder`.
 * @returns The pairs, in order.
 * @throws {@link PercentDecodeError} with `'too-many-pairs'` past `limit` (1000 by default), or in
 * strict mode on a malformed escape or ill-formed UTF-8.
 * @example
 * ```ts
 * parseForm('a=1&b=x+y&a=%E2%9C%93'); // [['a', '1'], ['b', 'x y'], ['a', '✓']]
 * parseForm('a=1;b=2', { separator: ';' }); // [['a', '1'], ['b', '2']]
 * parseForm('\uD800=x'); // [['\uFFFD', 'x']]
 * parseForm('a&'.repeat(1001)); // throws PercentDecodeError: too-many-pairs at 2000
 * parseForm('a&'.repeat(1001), { limit: Infinity }).length; // 1001
 * ```
 */
export function parseForm(text: string, options: ParseFormOptions = {}): FormPair[] {
  const separator = options.separator;
  const amp = separator !== ';';
  const semi = separator === ';' || separator === 'both';
  const limit = options.limit ?? DEFAULT_LIMIT;
  const strict = options.mode === 'strict';
  // §5.1 parses the text's UTF-8 encoding: a lone surrogate is U+FFFD (strict mode keeps it)
  if (!strict) text = wellFormed(text);
  const decoder = options.decoder;
  const pairs: FormPair[] = [];
  const n = text.length;
  // The next `&`, `;`, `=`, `%` and `+` at or after the pair's start, found by the engine's indexOf
  // and kept while still ahead: each search starts past the last, so the parse stays linear.
  let a = amp ? -1 : n;
  let b = semi ? -1 : n;
  let e = -1;
  let p = -1;
  let q = -1;
  for (let start = 0, end = 0; start <= n; start = end + 1) {
    a = next(text, '&', start, a);
    b = next(text, ';', start, b);
    end = Math.min(a, b);
    if (end === start) continue;
    if (pairs.length >= limit) throw new PercentDecodeError(start, 'too-many-pairs');
    e = next(text, '=', start, e);
    p = next(text, '%', start, p);
    q = next(text, '+', start, q);
    const nameEnd = Math.min(e, end);
    const name = piece(text, start, nameEnd, p < nameEnd || q < nameEnd, strict, decoder);
    if (nameEnd === end) pairs.push([name, '']);
    else {
      p = next(text, '%', e, p);
      q = next(text, '+', e, q);
      pairs.push([name, piece(text, e + 1, end, p < end || q < end, strict, decoder)]);
    }
  }
  return pairs;
}

/** Where `c` next occurs in `s` at or after `from`, or `s.length`; `at` is the last answer, kept while it is still ahead. */
const next = (s: string, c: string, from: number, at: number): number =>
  at >= from ? at : (at = s.indexOf(c, from)) < 0 ? s.length : at;

/** A name or value of a form: decoded (with `+` as a space) when `escaped`, else sliced. */
const piece = (
  text: string,
  start: number,
  end: number,
  escaped: boolean,
  strict: boolean,
  decoder: ((bytes: Uint8Array) => string) | undefined,
): string =>
  decoder
    ? decoder(decodeToBytes(text.slice(start, end), true, strict, start))
    : escaped
      ? decodeRange(text, start, end, true, strict)
      : text.slice(start, end);

/**
 * Serializes name-value pairs as application/x-www-form-urlencoded, byte for byte as URLSearchParams
 * does for UTF-8 ({@link https://url.spec.whatwg.org/#urlencoded-serializing | URL Standard §5.2}):
 * the form encode set, a space as `+`, `=` within a pair and `&` between pairs.
 *
 * With `options.encoder` the names and values are encoded in that charset, and a character it
 * cannot hold is sent as the HTML numeric character reference `&#N;` (`%26%23N%3B`), as browsers do.
 *
 * `spaceAsPlus: false` writes a space as `%20` and `separator: ';'` separates the pairs with `;`,
 * for readers that expect either; the form set encodes `+`, `%20` and `;` in the text itself, so
 * {@link parseForm} (with the same `separator`) reads the pairs back. A name or value that is not a
 * string is converted to one, as URLSearchParams does (`1`, `undefined`).
 *
 * @param form - Pairs in order, or a record whose array values give one pair each (in `Object.keys` order).
 * @param options - `encoder` for another charset, `spaceAsPlus` (default `true`), `separator` (default `&`).
 * @returns The serialized form, without a leading `?`.
 * @throws `TypeError` naming the index when an item of `form` is not an array of exactly two items
 * (`[['a']]`, `['ab']`), as URLSearchParams does; whatever `encoder` throws when the error has no
 * valid `index`.
 * @example
 * ```ts
 * serializeForm([['q', 'a b&c'], ['lang', 'en']]); // 'q=a+b%26c&lang=en'
 * serializeForm({ a: ['1', '2'], b: '~' }); // 'a=1&a=2&b=%7E'
 * serializeForm([['q', 'a b;c'], ['n', '1']], { spaceAsPlus: false, separator: ';' }); // 'q=a%20b%3Bc;n=1'
 * ```
 */
export function serializeForm(
  form: Iterable<readonly [string, string]> | Readonly<Record<string, string | readonly string[]>>,
  options: SerializeFormOptions = {},
): string {
  const encoder = options.encoder;
  const plus = options.spaceAsPlus !== false;
  const separator = options.separator === ';' ? ';' : '&';
  // Form names and values are short: the table beats encodeURIComponent's per-call cost.
  const table = plus
    ? formTable || (formTable = planOf(WHATWG_FORM, true)[0])
    : formTable20 || (formTable20 = planOf(WHATWG_FORM, false)[0]);
  const pairs: ArrayLike<readonly [string, string]> = Array.isArray(form)
    ? form
    : Symbol.iterator in form
      ? Array.from(form as Iterable<readonly [string, string]>)
      : Object.entries(form as Readonly<Record<string, string | readonly string[]>>).flatMap(
          ([name, value]) =>
            Array.isArray(value) ? value.map((v) => [name, v] as const) : [[name, value] as const],
        );
  // One loop, `out` local to it (no closure) and one call site of the encoder, so that V8 inlines
  // it: a closure over `out`, or two call sites of which V8 inlined one, ran at 0.4-0.8x fast-querystring.
  let out = '';
  for (let i = 0; i < pairs.length; i++) {
    const pair = pairs[i] as readonly [string, string];
    // URL Standard §6.2 (URLSearchParams constructor): "If pair does not contain exactly two
    // items, then throw a TypeError."
    if (!Array.isArray(pair) || pair.length !== 2) throw new TypeError(`form[${i}]: not a pair`);
    for (let j = 0; j < 2; j++) {
      // What is not a string (from JavaScript) is converted as URLSearchParams converts it.
      const text = `${pair[j]}`;
      if (i || j) out += j ? '=' : separator;
      out += encoder ? encodeAny(text, WHATWG_FORM, plus, encoder) : encodeUtf8(text, table, plus);
    }
  }
  return out;
}

/**
 * Collects a form into a record with no prototype, so that names such as `__proto__`,
 * `constructor` or `toString` are plain keys ({@link https://url.spec.whatwg.org/#urlencoded-parsing | URL Standard §5.1}).
 * A repeated name gets an array of its values, in order.
 *
 * @param form - Form text (parsed with {@link parseForm}) or pairs.
 * @param options - Options of {@link parseForm}, for text.
 * @returns A null-prototype record.
 * @throws {@link PercentDecodeError} as {@link parseForm} does.
 * @example
 * ```ts
 * formToObject('a=1&b=2&a=3'); // { a: ['1', '3'], b: '2' }
 * formToObject('__proto__=x').__proto__; // 'x', and Object.prototype is untouched
 * ```
 */
export function formToObject(
  form: string | Iterable<readonly [string, string]>,
  options: ParseFormOptions = {},
): FormRecord {
  const record: FormRecord = Object.create(null);
  for (const [name, value] of typeof form === 'string' ? parseForm(form, options) : form) {
    const previous = record[name];
    if (previous === undefined) record[name] = value;
    else if (typeof previous === 'string') record[name] = [previous, value];
    else previous.push(value);
  }
  return record;
}

/**
 * Splits an ISINDEX-style keyword query on `+` and decodes each word
 * ({@link https://www.rfc-editor.org/rfc/rfc3875#section-4.4 | RFC 3875 §4.4}). A query holding an
 * unencoded `=` is not a keyword query. Empty words are skipped.
 *
 * @param query - The query, without the leading `?`.
 * @param options - `mode`: `'lenient'` (default) or `'strict'`.
 * @returns The words, or `undefined` when the query holds an unencoded `=`.
 * @throws {@link PercentDecodeError} in strict mode on a malformed escape or ill-formed UTF-8.
 * @example
 * ```ts
 * parseKeywords('Edgar+Allen+Poe'); // ['Edgar', 'Allen', 'Poe']
 * parseKeywords('q=poe'); // undefined
 * ```
 */
export function parseKeywords(
  query: string,
  options: { mode?: DecodeMode } = {},
): string[] | undefined {
  if (query.indexOf('=') >= 0) return undefined;
  const strict = options.mode === 'strict';
  // lenient: a lone surrogate is U+FFFD, as percentDecode writes it
  if (!strict) query = wellFormed(query);
  const words: string[] = [];
  // The next `%` at or after the word's start, found once for all the words before it: a search
  // for it in each word (which runs on to the end of the query when there is none) was quadratic.
  let pct = -1;
  for (let start = 0; start <= query.length; ) {
    let end = query.indexOf('+', start);
    if (end < 0) end = query.length;
    // (none left: -1, as 2^32 - 1)
    if (pct < start) pct = query.indexOf('%', start) >>> 0;
    if (end > start)
      words.push(
        pct < end ? decodeRange(query, start, end, false, strict) : query.slice(start, end),
      );
    start = end + 1;
  }
  return words;
}

/**
 * RFC 3875 §4.4's `schar` that {@link parseKeywords} reads literally: unreserved (alphanumerics and
 * `-_.!~*'()`) and `xreserved` but `=`, which would make the query a form. `+` (the separator), space
 * and everything else are escaped.
 */
const KEYWORD = /* @__PURE__ */ encodeSet("-_.!~*'();/?:@&,$");

/**
 * Writes an ISINDEX-style keyword query, the inverse of {@link parseKeywords}
 * ({@link https://www.rfc-editor.org/rfc/rfc3875#section-4.4 | RFC 3875 §4.4}: `search-string =
 * search-word *( "+" search-word )`). Each word is percent-encoded as UTF-8: a literal `+`, a space
 * and an `=` are escaped, so the words come back as they were. Empty words are left out (a keyword
 * query cannot hold one).
 *
 * @param words - The keywords, in order.
 * @returns The query, without the leading `?`.
 * @example
 * ```ts
 * serializeKeywords(['Edgar', 'Allen', 'Poe']); // 'Edgar+Allen+Poe'
 * serializeKeywords(['C++', 'a=b', 'two words']); // 'C%2B%2B+a%3Db+two%20words'
 * ```
 */
export function serializeKeywords(words: Iterable<string>): string {
  let out = '';
  for (const word of words) {
    if (word === '') continue;
    if (out) out += '+';
    out += encodeAny(word, KEYWORD, false, undefined);
  }
  return out;
}
