// @x/mime-charset/html: HTML character references, the escape HTML has for characters that the
// declared charset cannot hold. The decoder is the tokenizer's character reference state of the
// HTML Standard (§13.2.5.72–80) run over a whole string; the encoder writes the references the
// decoder reads back, asking the charset's codec which characters it holds.
import type { CharsetCodec } from './codecs';
import { NAMED, SHORT_NAMES } from './generated/html-entities';

const LONGEST_NAME = 31; // `CounterClockwiseContourIntegral`
const LONGEST_LEGACY_NAME = 6;

/** Where the text stands in a document: `text` (character data) or `attribute` (an attribute value). */
export type HtmlReferenceContext = 'text' | 'attribute';

/** The HTML Standard's parse errors a character reference can raise (§13.2.2). */
export type HtmlReferenceErrorCode =
  | 'absence-of-digits-in-numeric-character-reference'
  | 'character-reference-outside-unicode-range'
  | 'control-character-reference'
  | 'missing-semicolon-after-character-reference'
  | 'noncharacter-character-reference'
  | 'null-character-reference'
  | 'surrogate-character-reference'
  | 'unknown-named-character-reference';

/** A parse error met while decoding: what, and where the reference starts. */
export interface HtmlReferenceParseError {
  /** The standard's name of the error. */
  code: HtmlReferenceErrorCode;
  /** UTF-16 index in the input of the `&` that starts the reference. */
  offset: number;
}

/** Options of {@link decodeHtmlReferences}. */
export interface DecodeHtmlReferencesOptions {
  /** `text` (default) or `attribute`: an attribute value keeps `&amp=` and `&copyx` as they are. */
  context?: HtmlReferenceContext;
  /** Called with each parse error, in input order. Decoding goes on: errors never stop it. */
  onError?: (error: HtmlReferenceParseError) => void;
}

// The named references, parsed from the generated table on first use (§13.5): names (without the
// `;`), their characters, and two open-addressing hash tables of row numbers (+1), one of every
// name and one of the legacy names, which also match without the `;`. The decoder hashes a name as
// it scans it, so a lookup allocates nothing.
let names: string[] | undefined;
let values: string[] = [];
let slots: Uint16Array = /* @__PURE__ */ new Uint16Array(0);
let legacySlots: Uint16Array = /* @__PURE__ */ new Uint16Array(0);
const SLOTS = 8192;
const LEGACY_SLOTS = 512;

const DIGIT_VALUE = /* @__PURE__ */ (() => {
  const digits = "!#$%&'()*+,-./:;<=>?@[]^_{}";
  const value = new Int8Array(128).fill(-1);
  for (let i = 0; i < digits.length; i++) value[digits.charCodeAt(i)] = i;
  return value;
})();

/** The hash the decoder computes while it scans a name: `h = h * 31 + c` over its code units. */
function slot(h: number, mask: number): number {
  return (h ^ (h >>> 12)) & mask;
}

function insert(table: Uint16Array, h: number, row: number): void {
  const mask = table.length - 1;
  let i = slot(h, mask);
  while (table[i] !== 0) i = (i + 1) & mask;
  table[i] = row + 1;
}

function loadNamed(): string[] {
  const list: string[] = [];
  values = [];
  slots = new Uint16Array(SLOTS);
  legacySlots = new Uint16Array(LEGACY_SLOTS);
  const t = NAMED;
  let i = 0;
  let code = 0;
  while (i < t.length) {
    const start = i;
    let h = 0;
    for (let c: number; isAlnum((c = t.charCodeAt(i))); i++) h = (Math.imul(h, 31) + c) | 0;
    const row = list.length;
    list.push(t.slice(start, i));
    insert(slots, h, row);
    if (t.charCodeAt(i) === 0x7e) {
      i++;
      insert(legacySlots, h, row);
    }
    let delta = 0;
    for (let d: number; i < t.length && (d = DIGIT_VALUE[t.charCodeAt(i)]!) >= 0; i++)
      delta = delta * 27 + d;
    code += delta;
    let value = String.fromCodePoint(code);
    if (t.charCodeAt(i) === 0x7c) {
      let second = 0;
      for (let d: number; ++i < t.length && (d = DIGIT_VALUE[t.charCodeAt(i)]!) >= 0; )
        second = second * 27 + d;
      value += String.fromCodePoint(second);
    }
    values.push(value);
  }
  names = list;
  return list;
}

/** The row of the name `text[start, start + length)` with hash `h`, or -1. */
function find(
  table: Uint16Array,
  list: string[],
  h: number,
  text: string,
  start: number,
  length: number,
): number {
  const mask = table.length - 1;
  for (let i = slot(h, mask); ; i = (i + 1) & mask) {
    const row = table[i]! - 1;
    if (row < 0) return -1;
    const name = list[row]!;
    if (name.length !== length) continue;
    let k = 0;
    while (k < length && name.charCodeAt(k) === text.charCodeAt(start + k)) k++;
    if (k === length) return row;
  }
}

// The hashes of the first 1 to 6 code units of the name being scanned (the legacy names' lengths).
const PREFIX = /* @__PURE__ */ new Int32Array(LONGEST_LEGACY_NAME + 1);

// ASCII alphanumerics (§13.2.5.72), one byte each: 1 for a letter or digit.
const ALNUM = /* @__PURE__ */ (() => {
  const table = new Uint8Array(128);
  for (let c = 0x30; c <= 0x7a; c++)
    if (c <= 0x39 || (c >= 0x41 && c <= 0x5a) || c >= 0x61) table[c] = 1;
  return table;
})();

function isAlnum(c: number): boolean {
  return c < 128 && ALNUM[c] === 1;
}

// §13.2.5.80: the numeric character reference end state's table for 0x80–0x9F (windows-1252);
// the five numbers it does not list (0x81, 0x8D, 0x8F, 0x90, 0x9D) stay themselves.
const C1 =
  '\u20ac\x81\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\x8d\u017d\x8f' +
  '\x90\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\x9d\u017e\u0178';

/**
 * Decodes the character references in HTML text (`&Auml;`, `&#196;`, `&#xC4;`, and the legacy
 * `&Auml` without `;`) exactly as a browser's tokenizer does: all 2,231 named references of the
 * standard, the longest legacy name that prefixes the text (`&notit;` is `¬it;`), the attribute
 * rule that keeps `&amp=` and `&copyx` as written, numeric references with the standard's
 * replacements (0x80–0x9F through windows-1252; zero, surrogates and values past U+10FFFF as
 * U+FFFD; noncharacters and other controls kept). Anything that is not a reference stays as it is.
 * Linear in the length of the text; the named table is read on the first `&` followed by a letter.
 * {@link https://html.spec.whatwg.org/multipage/parsing.html#character-reference-state | HTML §13.2.5.72–80}.
 *
 * @param text - Text as it stands between tags or in an attribute value (tags are not parsed).
 * @param options - `context`: `text` (default) or `attribute`; `onError`: called with each parse
 * error and the offset of its `&`.
 * @returns The text with its references replaced by their characters.
 * @throws Never: malformed references are kept or replaced as the standard says.
 * @example
 * ```ts
 * decodeHtmlReferences('&Auml;pfel &amp; Birnen &#8364;1'); // 'Äpfel & Birnen €1'
 * decodeHtmlReferences('&notit; &copy 2024'); // '¬it; © 2024'
 * decodeHtmlReferences('?a=1&copy=2', { context: 'attribute' }); // '?a=1&copy=2'
 * decodeHtmlReferences('&#x80;&#0;'); // '€\uFFFD'
 * ```
 */
export function decodeHtmlReferences(text: string, options?: DecodeHtmlReferencesOptions): string {
  let amp = text.indexOf('&');
  if (amp === -1) return text;
  const attribute = options?.context === 'attribute';
  const onError = options?.onError;
  const n = text.length;
  let out = '';
  let last = 0;
  while (amp !== -1) {
    const first = amp + 1 < n ? text.charCodeAt(amp + 1) : -1;
    if (first === 0x23) {
      // §13.2.5.75 numeric character reference state
      let i = amp + 2;
      const x = i < n ? text.charCodeAt(i) | 0x20 : -1;
      const hex = x === 0x78;
      if (hex) i++;
      const digits = i;
      let code = 0;
      for (; i < n; i++) {
        const c = text.charCodeAt(i);
        let v: number;
        if (c >= 0x30 && c <= 0x39) v = c - 0x30;
        else if (hex && (c | 0x20) >= 0x61 && (c | 0x20) <= 0x66) v = (c | 0x20) - 0x57;
        else break;
        // Past U+10FFFF the value only needs to stay past it (§13.2.5.80), not to grow.
        code = code > 0x10ffff ? code : code * (hex ? 16 : 10) + v;
      }
      if (i === digits) {
        // §13.2.5.76/77: `&#` or `&#x` without digits stays as written.
        onError?.({ code: 'absence-of-digits-in-numeric-character-reference', offset: amp });
        amp = text.indexOf('&', digits);
        continue;
      }
      if (i < n && text.charCodeAt(i) === 0x3b) i++;
      else onError?.({ code: 'missing-semicolon-after-character-reference', offset: amp });
      if (last !== amp) out += text.slice(last, amp);
      out += numeric(code, amp, onError);
      last = i;
      amp = next(text, i);
      continue;
    }
    if (first === -1 || !isAlnum(first)) {
      // §13.2.5.72: `&` before anything else is text.
      amp = text.indexOf('&', amp + 1);
      continue;
    }
    // §13.2.5.73 named character reference state. A name that ends in `;` matches only when the
    // `;` follows the whole run of letters and digits (a name holds nothing else); otherwise only
    // a legacy name can match, as the longest prefix of the run.
    const start = amp + 1;
    let end = start;
    let h = 0;
    for (let c: number; end < n && (c = text.charCodeAt(end)) < 128 && ALNUM[c] === 1; end++)
      h = (Math.imul(h, 31) + c) | 0;
    const list = names ?? loadNamed();
    const semicolon = end < n && text.charCodeAt(end) === 0x3b;
    let matched = end - start;
    let row = -1;
    if (semicolon && matched <= LONGEST_NAME) row = find(slots, list, h, text, start, matched);
    if (row >= 0) {
      if (last !== amp) out += text.slice(last, amp);
      out += values[row];
      last = end + 1;
      amp = next(text, last);
      continue;
    }
    // Only here are the hashes of the run's first 1 to 6 code units needed (a name without `;`,
    // or not found): computed again over those few code units, not stored on every scan.
    for (let k = 0, g = 0; k < matched && k < LONGEST_LEGACY_NAME; k++) {
      g = (Math.imul(g, 31) + text.charCodeAt(start + k)) | 0;
      PREFIX[k + 1] = g;
    }
    for (matched = Math.min(matched, LONGEST_LEGACY_NAME); matched >= 2; matched--) {
      row = find(legacySlots, list, PREFIX[matched]!, text, start, matched);
      if (row >= 0) break;
    }
    const value = row >= 0 ? values[row] : undefined;
    if (value === undefined) {
      // §13.2.5.74 ambiguous ampersand state: the run stays as text.
      if (semicolon) onError?.({ code: 'unknown-named-character-reference', offset: amp });
    } else {
      const next = start + matched < n ? text.charCodeAt(start + matched) : -1;
      // The attribute rule: in an attribute value, `&copy=` and `&copyx` are not references.
      if (!(attribute && (next === 0x3d || isAlnum(next)))) {
        onError?.({ code: 'missing-semicolon-after-character-reference', offset: amp });
        if (last !== amp) out += text.slice(last, amp);
        out += value;
        last = start + matched;
      }
    }
    amp = text.indexOf('&', end);
  }
  return last === 0 ? text : out + text.slice(last);
}

/** The next `&` from `i` on: a reference right after another needs no search. */
function next(text: string, i: number): number {
  return text.charCodeAt(i) === 0x26 ? i : text.indexOf('&', i);
}

// §13.2.5.80 numeric character reference end state.
function numeric(
  code: number,
  offset: number,
  onError: DecodeHtmlReferencesOptions['onError'],
): string {
  if (code === 0) {
    onError?.({ code: 'null-character-reference', offset });
    return '\ufffd';
  }
  if (code > 0x10ffff) {
    onError?.({ code: 'character-reference-outside-unicode-range', offset });
    return '\ufffd';
  }
  if (code >= 0xd800 && code <= 0xdfff) {
    onError?.({ code: 'surrogate-character-reference', offset });
    return '\ufffd';
  }
  if ((code >= 0xfdd0 && code <= 0xfdef) || (code & 0xfffe) === 0xfffe) {
    onError?.({ code: 'noncharacter-character-reference', offset });
  } else if (
    code === 0x0d ||
    ((code < 0x20 || (code >= 0x7f && code <= 0x9f)) &&
      code !== 0x09 &&
      code !== 0x0a &&
      code !== 0x0c)
  ) {
    onError?.({ code: 'control-character-reference', offset });
    if (code >= 0x80 && code <= 0x9f) return C1[code - 0x80]!;
  }
  return code < 0x10000 ? String.fromCharCode(code) : String.fromCodePoint(code);
}

/**
 * How {@link encodeHtmlReferences} escapes: `minimal` writes `&`, `<` and `>` as references (text
 * between tags); `attribute` also `"` and `'` (safe in text and in any attribute value);
 * `non-ascii` also every character past U+007F (ASCII output); `named` escapes what `attribute`
 * does, with a name where the character has a short one.
 */
export type HtmlEncodeMode = 'minimal' | 'attribute' | 'non-ascii' | 'named';

/** Options of {@link encodeHtmlReferences}. */
export interface EncodeHtmlReferencesOptions {
  /** Which characters become references, and in which form. Default `attribute`. */
  mode?: HtmlEncodeMode;
  /**
   * The codec of the charset the page will be written in (`await loadCodec('windows-1253')`, or
   * `import { codec } from '@x/legacy-charsets/windows-1253'`): the characters it cannot hold
   * become references too.
   */
  charset?: CharsetCodec;
}

/** Raised by {@link encodeHtmlReferences} for a charset in which references cannot be written. */
export class HtmlReferenceEncodeError extends Error {
  /** Always `HtmlReferenceEncodeError`. */
  override readonly name = 'HtmlReferenceEncodeError';
  /** The codec's name. */
  readonly charset: string;
  /** A character of the reference syntax (`&`, `#`, `;`, a digit) the charset cannot hold. */
  readonly character: string;
  constructor(charset: string, character: string) {
    super(`${charset} cannot hold ${JSON.stringify(character)}, which a character reference needs`);
    this.charset = charset;
    this.character = character;
  }
}

// Which code points a codec holds, asked of the codec once each: a character is held when the
// codec's fatal encoder takes it (its `html` mode writes `&#N;` for exactly the others) and its
// decoder gives it back (a best-fit mapping, such as Shift_JIS's U+2212 to U+FF0D, is not held).
const HELD = new WeakMap<CharsetCodec, Map<number, boolean>>();

function holds(codec: CharsetCodec, cache: Map<number, boolean>, code: number): boolean {
  let held = cache.get(code);
  if (held === undefined) {
    const ch = String.fromCodePoint(code);
    try {
      held = codec.decode(codec.encode(ch, { mode: 'fatal' })) === ch;
    } catch {
      held = false;
    }
    cache.set(code, held);
  }
  return held;
}

const REFERABLE = new WeakSet<CharsetCodec>();
// The codecs that hold every ASCII character: only non-ASCII characters need asking.
const ASCII_HELD = new WeakSet<CharsetCodec>();
// The codecs that hold the ASCII letters, which named references are spelled with (x-mac-symbol
// has Greek letters in their places: every reference is then written by number).
const LETTERS_HELD = new WeakSet<CharsetCodec>();

function cacheOf(codec: CharsetCodec, referable: boolean): Map<number, boolean> {
  let cache = HELD.get(codec);
  if (cache === undefined) HELD.set(codec, (cache = new Map()));
  if (referable && !REFERABLE.has(codec)) {
    for (const ch of '&#;0123456789')
      if (!holds(codec, cache, ch.charCodeAt(0)))
        throw new HtmlReferenceEncodeError(codec.name, ch);
    REFERABLE.add(codec);
    let ascii = true;
    for (let c = 0; c < 0x80; c++) ascii = holds(codec, cache, c) && ascii;
    if (ascii) ASCII_HELD.add(codec);
    let letters = true;
    for (let c = 0x41; c <= 0x7a; c++)
      if (c <= 0x5a || c >= 0x61) letters &&= holds(codec, cache, c);
    if (letters) LETTERS_HELD.add(codec);
  }
  return cache;
}

// The ASCII characters each mode escapes, as a bit per mode: 1 minimal, 2 attribute/non-ascii/named.
// CR in every mode: a parser turns CR and CRLF into LF before it tokenizes (HTML §13.2.3.5), while
// `&#13;` reads as CR (§13.2.5.80). U+0000 in every mode: a parser drops it in text and reads it
// as U+FFFD in an attribute value, and no reference stands for it (`&#0;` is U+FFFD): it has no
// HTML form, and is written `&#65533;`.
const SYNTAX = /* @__PURE__ */ (() => {
  const bits = new Uint8Array(128);
  for (const c of '&<>\r\0') bits[c.charCodeAt(0)] = 3;
  for (const c of `"'`) bits[c.charCodeAt(0)] = 2;
  return bits;
})();

// The references the encoder writes, made once each: for the syntax characters `&amp;`, `&lt;`,
// `&gt;` and `&quot;` in every mode and `&#39;` for `'` (`&apos;` in `named` mode: HTML 4 had no
// `&apos;`); in `named` mode the names of U+00A0 to U+00FF; else `&#N;`, kept for the first
// 4,096 characters past U+00FF met (most text escapes few distinct characters).
let numericRefs: string[] | undefined;
let namedRefs: string[] | undefined;

function reference(code: number, wantName: boolean): string {
  if (code < 0x100) {
    if (namedRefs === undefined) {
      namedRefs = [];
      numericRefs = [];
      const names = SHORT_NAMES.split(',');
      const chars = `"&'<>`;
      for (let i = 0; i < names.length; i++)
        namedRefs[i < 5 ? chars.charCodeAt(i) : 0xa0 + i - 5] = `&${names[i]};`;
      for (let c = 0; c < 0x100; c++) numericRefs[c] = `&#${c};`;
      for (const c of '"&<>') numericRefs[c.charCodeAt(0)] = namedRefs[c.charCodeAt(0)]!;
    }
    return (wantName ? namedRefs[code] : undefined) ?? numericRefs![code]!;
  }
  let ref = wideRefs.get(code);
  if (ref === undefined) {
    ref = `&#${code};`;
    if (wideRefs.size < 4096) wideRefs.set(code, ref);
  }
  return ref;
}

const wideRefs = /* @__PURE__ */ new Map<number, string>();

/**
 * Writes text for an HTML document: the characters the context gives a meaning to (`&`, `<`, `>`,
 * and in attribute values `"` and `'`) as references, and, given the charset the page will be
 * written in, exactly the characters that charset cannot hold, as `&#N;` (the codecs' `html` mode)
 * or, in `named` mode, as `&Auml;` where the character has a short name (`&amp;`, `&lt;`, `&gt;`,
 * `&quot;`, `&apos;` and the ISO 8859-1 names `&nbsp;` to `&yuml;`). `&amp;`, `&lt;`, `&gt;` and
 * `&quot;` are written by name in every mode, `'` as `&#39;` (`&apos;` in `named` mode); in a charset
 * without the ASCII letters (x-mac-symbol) every reference is written by number. A CR is written
 * `&#13;` in every mode (an HTML parser turns a raw CR or CRLF into LF, HTML §13.2.3.5). U+0000 has
 * no HTML form (a parser drops it in text, reads it as U+FFFD in an attribute value, and `&#0;` is
 * U+FFFD): it is written `&#65533;` in every mode. {@link decodeHtmlReferences}, and an HTML parser
 * in text or in an attribute value, read the result back to the same text, U+0000 as U+FFFD; in
 * the charset it encodes without loss.
 * {@link https://html.spec.whatwg.org/multipage/syntax.html#character-references | HTML §13.1.4}.
 *
 * @param text - The text.
 * @param options - `mode` (`minimal`, `attribute` default, `non-ascii`, `named`), `charset` (the
 * codec of the page's charset).
 * @returns The text with references in place of the characters that need them. A character no
 * reference can stand for (a lone surrogate, the C1 controls that HTML reads as windows-1252) is
 * written `&#65533;` where it must be escaped; U+0000 is written `&#65533;` always.
 * @throws {@link HtmlReferenceEncodeError} when the charset cannot hold `&`, `#`, `;` or a digit
 * (ISO 646-GB has `£` in place of `#`).
 * @example
 * ```ts
 * encodeHtmlReferences('a < b & "c"'); // 'a &lt; b &amp; &quot;c&quot;'
 * const greek = await loadCodec('windows-1253'); // from '@x/mime-charset'
 * encodeHtmlReferences('Äλ€', { charset: greek }); // '&#196;λ€'
 * encodeHtmlReferences('Äλ', { charset: greek, mode: 'named' }); // '&Auml;λ'
 * encodeHtmlReferences('Ä😀', { mode: 'non-ascii' }); // '&#196;&#128512;'
 * encodeHtmlReferences('a\r\nb', { mode: 'minimal' }); // 'a&#13;\nb'
 * ```
 */
export function encodeHtmlReferences(text: string, options?: EncodeHtmlReferencesOptions): string {
  const mode = options?.mode ?? 'attribute';
  const bit = mode === 'minimal' ? 1 : 2;
  const named = mode === 'named';
  const nonAscii = mode === 'non-ascii';
  const codec = options?.charset;
  const cache = codec === undefined ? undefined : cacheOf(codec, true);
  const wide = nonAscii || cache !== undefined;
  const byName = cache === undefined || LETTERS_HELD.has(codec!);
  // Two scanners, each a single character class the regular expression engine scans fast: the
  // syntax characters, and (for `non-ascii` or a charset) every code unit past U+007F; a charset
  // that does not hold all of ASCII has every character checked. One class holding both ranges
  // scans at about half the speed of the two together.
  const syntax =
    cache !== undefined && !ASCII_HELD.has(codec!)
      ? FIND_ALL
      : bit === 1
        ? FIND_MINIMAL
        : FIND_ATTRIBUTE;
  const high = wide && syntax !== FIND_ALL ? FIND_HIGH : undefined;
  const n = text.length;
  let nextSyntax = search(syntax, text, 0);
  let nextHigh = high === undefined ? n : search(high, text, 0);
  let out = '';
  let last = 0;
  for (;;) {
    const i = Math.min(nextSyntax, nextHigh);
    if (i >= n) break;
    let code = text.charCodeAt(i);
    let end = i + 1;
    let write = true;
    if (code < 0x80) {
      if ((SYNTAX[code]! & bit) === 0 && (cache === undefined || holds(codec!, cache, code)))
        write = false;
    } else {
      if (code >= 0xd800 && code <= 0xdfff) {
        const low = end < n ? text.charCodeAt(end) : 0;
        if (code <= 0xdbff && low >= 0xdc00 && low <= 0xdfff) {
          code = ((code - 0xd800) << 10) + low - 0xdc00 + 0x10000;
          end++;
        } else code = -1; // a lone surrogate: no charset holds it
      }
      if (!nonAscii && (cache === undefined || (code !== -1 && holds(codec!, cache, code))))
        write = false;
    }
    if (write) {
      // No reference stands for a lone surrogate, U+0000 or the C1 controls HTML reads through
      // windows-1252 (§13.2.5.80): they are written as U+FFFD, as the codecs' `html` mode does.
      if (code <= 0 || (code >= 0x80 && code <= 0x9f && C1.charCodeAt(code - 0x80) !== code))
        code = 0xfffd;
      if (last !== i) out += text.slice(last, i);
      out += byName ? reference(code, named) : `&#${code};`;
      last = end;
    }
    if (nextSyntax < end) nextSyntax = search(syntax, text, end);
    if (nextHigh < end) nextHigh = search(high!, text, end);
  }
  return last === 0 ? text : out + text.slice(last);
}

// The candidates for escaping, found by the regular expression engine's scanner: each pattern is
// one character class (no backtracking, linear in the text), matched one code unit at a time.
const FIND_MINIMAL = /[&<>\r\0]/g;
const FIND_ATTRIBUTE = /[&<>"'\r\0]/g;
const FIND_HIGH = /[^\0-\x7f]/g;
const FIND_ALL = /[\s\S]/g;

/** The index of the next match of `find` at or after `from`, or the text's length. */
function search(find: RegExp, text: string, from: number): number {
  find.lastIndex = from;
  return find.test(text) ? find.lastIndex - 1 : text.length;
}

/** Options of {@link decodeFormReferences}. */
export interface DecodeFormReferencesOptions {
  /**
   * The codec of the form's charset: a reference to a character it holds is kept as written,
   * since a browser sends such a character as itself (the user typed the reference).
   */
  charset?: CharsetCodec;
}

/**
 * Decodes the `&#N;` references that a browser writes into a form submitted in a legacy charset
 * (the URL Standard's `application/x-www-form-urlencoded` serializer and `multipart/form-data`
 * encode with the `html` error mode): decimal, with the `;`, for a Unicode scalar value. Nothing
 * else is touched: `&amp;`, `&#x41;` and `&#65` stay as the user typed them. Apply it to values
 * already percent-decoded and decoded from the form's charset (`parseForm` of `@x/percent` with a
 * legacy decoder). A user who typed `&#8364;` into a field cannot be told apart from one who typed
 * `€`, unless `charset` says which characters the browser sent as themselves.
 * {@link https://url.spec.whatwg.org/#concept-urlencoded-serializer | URL Standard §5.2}.
 *
 * @param value - A form value, decoded.
 * @param options - `charset` of the form, to keep references to characters it holds.
 * @returns The value with `&#N;` references replaced by their characters.
 * @throws Never.
 * @example
 * ```ts
 * decodeFormReferences('10 &#8364; &amp; &#x41;'); // '10 € &amp; &#x41;'
 * const greek = await loadCodec('windows-1253'); // from '@x/mime-charset'
 * decodeFormReferences('&#945;&#196;', { charset: greek }); // '&#945;Ä'
 * ```
 */
export function decodeFormReferences(value: string, options?: DecodeFormReferencesOptions): string {
  let amp = value.indexOf('&#');
  if (amp === -1) return value;
  const codec = options?.charset;
  const cache = codec === undefined ? undefined : cacheOf(codec, false);
  let out = '';
  let last = 0;
  const n = value.length;
  while (amp !== -1) {
    let i = amp + 2;
    let code = 0;
    for (let c: number; i < n && (c = value.charCodeAt(i)) >= 0x30 && c <= 0x39; i++)
      code = code > 0x10ffff ? code : code * 10 + c - 0x30;
    if (
      i > amp + 2 &&
      i < n &&
      value.charCodeAt(i) === 0x3b &&
      code <= 0x10ffff &&
      (code < 0xd800 || code > 0xdfff) &&
      (cache === undefined || !holds(codec!, cache, code))
    ) {
      out += value.slice(last, amp) + String.fromCodePoint(code);
      last = i + 1;
    }
    amp = value.indexOf('&#', i);
  }
  return last === 0 ? value : out + value.slice(last);
}
