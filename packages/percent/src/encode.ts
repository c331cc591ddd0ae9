import { type Bytes, toBytes } from '@x/utf8';
import type { EncodeSet } from './types';

/**
 * `s` with each lone surrogate as U+FFFD, as the URL Standard's algorithms see text: they work on
 * its UTF-8 encoding, and UTF-8 encode writes U+FFFD for a lone surrogate
 * ({@link https://encoding.spec.whatwg.org/#utf-8-encode | Encoding Standard §9.1},
 * {@link https://url.spec.whatwg.org/#urlencoded-parsing | URL Standard §5.1}). Same length, so
 * indices stay. `isWellFormed` (ES2024; instant on a one-byte string) first where the engine has it;
 * else, with the `u` flag a pair is one code point, outside the class: only a lone surrogate matches.
 */
export const wellFormed = (s: string): string =>
  (s as { isWellFormed?: () => boolean }).isWellFormed?.()
    ? s
    : s.replace(/[\ud800-\udfff]/gu, '\ufffd');

/**
 * Encodes text in a charset, for {@link percentEncode} and {@link serializeForm}. When the charset
 * cannot hold a character, the function throws an error whose numeric `index` property is the
 * UTF-16 index of that character in `text` (as `@x/legacy-charsets` does in its default `fatal`
 * mode); the character is then sent as an HTML numeric character reference `&#N;`
 * ({@link https://url.spec.whatwg.org/#string-percent-encode-after-encoding | URL Standard §1.3}),
 * except an ESC, SO or SI (which only a stateful encoder refuses): `&#65533;`, as the
 * {@link https://encoding.spec.whatwg.org/#iso-2022-jp-encoder | ISO-2022-JP encoder} reports them.
 * It may throw at the first such character, or check the whole text first. Each run of text between
 * two such characters is given to it whole, in one call (a stateful encoder such as ISO-2022-JP's
 * sees each run as one); after the first such character, calls on the start of a run find the
 * next one, so that the whole encode stays linear either way.
 */
export type TextEncoderFunction = (text: string) => Uint8Array;

/** Options of {@link percentEncode}. */
export interface EncodeOptions {
  /** Encode the text in another charset instead of UTF-8: see {@link TextEncoderFunction}. */
  encoder?: TextEncoderFunction;
  /** Write a space as `+`, as application/x-www-form-urlencoded does. Default `false`. */
  spaceAsPlus?: boolean;
}

const HEX = '0123456789ABCDEF';
/** `%XX` for each octet, uppercase as RFC 3986 §2.1 asks. */
const ESCAPES: readonly string[] = /* @__PURE__ */ (() => {
  const escapes: string[] = [];
  for (let b = 0; b < 256; b++) escapes.push(`%${HEX[b >> 4]}${HEX[b & 15]}`);
  return escapes;
})();
/** `%XX` for octet `b`. */
export const esc = (b: number): string => ESCAPES[b] as string;

/** Whether `set` encodes the ASCII code `c` (callers check `c < 0x80`). */
export const inSet = (set: EncodeSet, c: number): number =>
  ((set[c >> 5] as number) >>> (c & 31)) & 1;

/**
 * How to encode by a set: its 128-entry table (1: encode; the space too when `plus`) and, when the
 * set encodes everything `encodeURIComponent` encodes, a pattern of the characters it encodes
 * besides (`true` for none): text without any of them gets `encodeURIComponent`'s output unchanged.
 */
type Plan = [table: Uint8Array, extra: RegExp | boolean];
/** Plans by set, built once per (frozen) set and `plus`. */
const plans = /* @__PURE__ */ [new WeakMap<EncodeSet, Plan>(), new WeakMap<EncodeSet, Plan>()];
/** The plan last asked for (a frozen set's): a comparison costs less than a WeakMap lookup. */
let lastSet: EncodeSet | undefined;
let lastPlus = false;
let lastPlan: Plan | undefined;
export const planOf = (set: EncodeSet, plus: boolean): Plan =>
  set === lastSet && plus === lastPlus ? (lastPlan as Plan) : findPlan(set, plus);
const findPlan = (set: EncodeSet, plus: boolean): Plan => {
  const cache = plans[plus ? 1 : 0] as WeakMap<EncodeSet, Plan>;
  let plan = cache.get(set);
  if (!plan) {
    const table = new Uint8Array(128);
    let extra = '';
    let compatible = true;
    for (let c = 0; c < 128; c++) {
      const encode = (table[c] = inSet(set, c) || (plus && c === 32) ? 1 : 0);
      // encodeURIComponent keeps A-Z a-z 0-9 and -_.!~*'() (ECMA-262 §19.2.6.5); it writes a space as %20.
      const kept = encodeURIComponent(String.fromCharCode(c))[1] === undefined;
      if (encode && (kept || (plus && c === 32))) extra += `\\x${esc(c).slice(1)}`;
      if (!encode && !kept) compatible = false;
    }
    plan = [table, compatible && (!extra || new RegExp(`[${extra}]`))];
    // A set the caller could still change is read afresh each time.
    if (!Object.isFrozen(set)) return plan;
    cache.set(set, plan);
  }
  lastSet = set;
  lastPlus = plus;
  return (lastPlan = plan);
};

/**
 * The escapes of the UTF-8 octets of the character at `i` (code unit `c` > 0x7F): 12 characters
 * when a surrogate pair makes one code point, a lone surrogate as U+FFFD as the WHATWG UTF-8
 * encoder does. Kept apart so that the ASCII loop of {@link encodeUtf8} stays small enough to inline.
 */
const escapeUtf8 = (s: string, i: number, c: number): string => {
  // UTF-8 cannot encode surrogates: a valid pair is one code point, a lone surrogate is U+FFFD.
  if (c >> 11 === 0x1b) {
    // Read past the end only for a high surrogate there (NaN): a read out of bounds costs a deopt.
    const d = s.charCodeAt(i + 1);
    c = c < 0xdc00 && d >> 10 === 0x37 ? 0x10000 + ((c - 0xd800) << 10) + d - 0xdc00 : 0xfffd;
  }
  // A lead of 110xxxxx, 1110xxxx or 11110xxx, then trail octets of 10xxxxxx (RFC 3629 §3).
  const last = esc(0x80 | (c & 0x3f));
  if (c < 0x800) return esc(0xc0 | (c >> 6)) + last;
  const mid = esc(0x80 | ((c >> 6) & 0x3f));
  return c < 0x10000
    ? esc(0xe0 | (c >> 12)) + mid + last
    : esc(0xf0 | (c >> 18)) + esc(0x80 | ((c >> 12) & 0x3f)) + mid + last;
};

/*
 * Hot loops read a code unit with `String.prototype.charCodeAt.call(s, i)`, written out in full at
 * each use: a method call's lookup, shared by loops that see strings of every kind (flat, sliced,
 * concatenated, internalized), can go megamorphic. Not through a module-level alias
 * (`const charCodeAt = String.prototype.charCodeAt`): the bundler turns a top-level `const` into
 * `var`, and in an ES module V8 does not inline a `.call` of a function held in a mutable
 * module-level binding, so the ESM build ran at 0.4-0.5x the CommonJS build of the same code.
 * `String.prototype.charCodeAt` is a constant to the optimizing compiler in both formats.
 */

/** Percent-encodes a string as UTF-8 by a {@link planOf} table, `+` for a space when `plus`. */
export const encodeUtf8 = (s: string, table: Uint8Array, plus: boolean): string => {
  let out = '';
  let last = 0;
  const n = s.length;
  for (let i = 0; i < n; i++) {
    const c = String.prototype.charCodeAt.call(s, i);
    if (c < 0x80 && table[c] === 0) continue;
    if (last < i) out += s.slice(last, i);
    if (c < 0x80) out += c === 32 && plus ? '+' : esc(c);
    else {
      const escapes = escapeUtf8(s, i, c);
      out += escapes;
      // Four octets: a surrogate pair, two code units.
      if (escapes.length > 9) i++;
    }
    last = i + 1;
  }
  return last ? out + s.slice(last) : s;
};

/**
 * Percent-encodes a string as UTF-8 by `set`: through `encodeURIComponent` when its output is
 * provably the set's (the set encodes all it encodes, and the text holds nothing else the set
 * encodes), else by the set's table.
 */
const encodeText = (s: string, set: EncodeSet, plus: boolean): string => {
  const plan = planOf(set, plus);
  const extra = plan[1];
  if (extra === true || (extra && !extra.test(s))) {
    try {
      return encodeURIComponent(s);
    } catch {
      // A lone surrogate: the table path writes U+FFFD for it.
    }
  }
  return encodeUtf8(s, plan[0], plus);
};

/** Percent-encodes octets: those below 0x80 that the set keeps stay as ASCII characters. */
const encodeOctets = (bytes: Uint8Array, set: EncodeSet, plus: boolean): string => {
  let out = '';
  for (const b of bytes)
    out += b === 32 && plus ? '+' : b > 0x7f || inSet(set, b) ? esc(b) : String.fromCharCode(b);
  return out;
};

/**
 * Encodes with `encoder`, each character it cannot hold as `&#N;`, percent-encoded
 * ({@link https://url.spec.whatwg.org/#string-percent-encode-after-encoding | URL Standard §1.3}).
 *
 * The standard runs one encoder over the whole text, and an encoder keeps its state across an
 * error. Here the text goes to the encoder whole first (the usual case: nothing to replace). After a
 * character it cannot hold, the calls that find the next one all start after it, each twice as long
 * as the previous (the first twice what the previous run and its character took), so an encoder that
 * costs the length of what it is given (one that allocates its output first, or checks everything
 * before it throws) is given less than eight times the text's length in all, this last call
 * included (the worst case: a long run after a short one), rather than the rest of the text once
 * for every unencodable character (quadratic). A call never splits a surrogate pair. Then the text
 * goes to the encoder once more, each character it cannot hold replaced by a C0 control the text
 * does not hold: every ASCII-based encoder writes that control as its own byte, which then stands
 * for the character's reference, and it changes a stateful encoder's state as the standard's error
 * does (ISO-2022-JP: back to ASCII from JIS X 0208, none from Roman or ASCII, Encoding Standard
 * §12.2.2), so that a run of kanji is one escape pair and the text after ¥ or ‾ goes on in the
 * Roman state, as the standard has it. An encoder that writes the control otherwise (EBCDIC,
 * UTF-16) is given each run between two such characters in one call instead.
 */
const encodeWith = (
  input: string,
  set: EncodeSet,
  plus: boolean,
  encoder: TextEncoderFunction,
): string => {
  // Each lone surrogate U+FFFD first: the URL Standard's encoders take a scalar value string (§1.3
  // "percent-encode after encoding"; Infra, "convert to a scalar value string"), so an encoder that
  // holds U+FFFD (GB18030, UTF-16) gets it and one that does not sends `&#65533;`, as browsers do.
  const text = wellFormed(input);
  const n = text.length;
  // Where each unencodable character starts, and its reference.
  const at: number[] = [];
  const references: string[] = [];
  let bytes: Uint8Array = new Uint8Array(0);
  // Where the next call starts, and how long it is.
  let from = 0;
  let size = n;
  while (from < n) {
    let to = Math.min(n, from + size);
    // Keep a surrogate pair in one call.
    if (to < n && String.prototype.charCodeAt.call(text, to - 1) >> 10 === 0x36) to++;
    try {
      bytes = encoder(from === 0 && to === n ? text : text.slice(from, to));
    } catch (error) {
      const i = (error as { index?: unknown } | null)?.index as number;
      if (!(Number.isInteger(i) && i >= 0 && i < to - from)) throw error;
      const cp = text.codePointAt(from + i) as number;
      const width = cp > 0xffff ? 2 : 1;
      at.push(from + i);
      // ESC, SO and SI, which only a stateful encoder refuses, as U+FFFD: a reference to one would
      // hand the control back to a reader that expands references
      // (https://encoding.spec.whatwg.org/#iso-2022-jp-encoder, Encoding Standard §12.2.2: "return
      // error with U+FFFD"; WPT url/resources/percent-encoding.json).
      references.push(`%26%23${cp === 0x1b || cp === 0x0e || cp === 0x0f ? 0xfffd : cp}%3B`);
      from += i + width;
      size = 2 * (i + width);
      continue;
    }
    if (to === n) break;
    size = 2 * (to - from);
  }
  if (at.length === 0) return encodeOctets(bytes, set, plus);
  // A C0 control the text does not hold, other than SO, SI and ESC.
  let mark = 0;
  let c: string;
  do c = String.fromCharCode(++mark);
  while (mark === 14 || mark === 15 || mark === 27 || (mark < 32 && text.includes(c)));
  let out = '';
  let k = 0;
  try {
    const probe = encoder(c);
    if (mark < 32 && probe.length === 1 && probe[0] === mark) {
      let last = 0;
      let replaced = '';
      for (const i of at) {
        replaced += text.slice(last, i) + c;
        last = i + ((text.codePointAt(i) as number) > 0xffff ? 2 : 1);
      }
      bytes = encoder(replaced + text.slice(last));
      let start = 0;
      for (let i = 0; i <= bytes.length; i++) {
        if (i < bytes.length && bytes[i] !== mark) continue;
        out += encodeOctets(bytes.subarray(start, i), set, plus);
        if (i < bytes.length) out += references[k++];
        start = i + 1;
      }
      if (k === at.length) return out;
    }
  } catch {}
  // Each run in one call.
  out = '';
  let last = 0;
  for (k = 0; k < at.length; k++) {
    const i = at[k] as number;
    if (i > last) out += encodeOctets(encoder(text.slice(last, i)), set, plus);
    out += references[k];
    last = i + ((text.codePointAt(i) as number) > 0xffff ? 2 : 1);
  }
  return last < n ? out + encodeOctets(encoder(text.slice(last)), set, plus) : out;
};

/** Percent-encodes text or octets; shared by {@link percentEncode} and the form serializer. */
export const encodeAny = (
  input: string | Uint8Array,
  set: EncodeSet,
  plus: boolean,
  encoder: TextEncoderFunction | undefined,
): string =>
  typeof input !== 'string'
    ? encodeOctets(input, set, plus)
    : encoder
      ? encodeWith(input, set, plus, encoder)
      : encodeText(input, set, plus);

/**
 * Percent-encodes text (as UTF-8 by default) or octets: every octet the set does not keep, and every
 * octet above 0x7F, becomes `%XX` with uppercase hex
 * ({@link https://www.rfc-editor.org/rfc/rfc3986#section-2.1 | RFC 3986 §2.1},
 * {@link https://url.spec.whatwg.org/#string-percent-encode-after-encoding | URL Standard §1.3}).
 *
 * @param input - Text (a lone surrogate is encoded as U+FFFD) or octets: whatever `TextDecoder.decode`
 * takes (an `ArrayBuffer`, a `SharedArrayBuffer`, any `ArrayBufferView`, a Node `Buffer`).
 * @param set - Which ASCII characters to encode: one of {@link rfc3986}, {@link whatwg} or {@link encodeSet}.
 * @param options - `encoder` for another charset (see {@link TextEncoderFunction}: a character it
 * cannot hold is sent as `%26%23N%3B`, that is `&#N;`); `spaceAsPlus`.
 * @returns The encoded text; `input` itself when a string needs no escape.
 * @throws `TypeError` naming `input` when it is neither a string nor bytes; whatever `encoder`
 * throws when the error has no valid `index`.
 * @example
 * ```ts
 * percentEncode('a b/ç', rfc3986.component); // 'a%20b%2F%C3%A7'
 * percentEncode(new Uint8Array([0x61, 0xff]), rfc3986.component); // 'a%FF'
 * ```
 */
export function percentEncode(
  input: string | Bytes,
  set: EncodeSet,
  options: EncodeOptions = {},
): string {
  return encodeAny(
    typeof input === 'string' ? input : toBytes(input, 'input'),
    set,
    options.spaceAsPlus === true,
    options.encoder,
  );
}
