// RFC 2047 encoded-words in mail headers: =?charset[*language]?B|Q?encoded-text?=
import { concatBytes, controlAt, cutControls, HEX, hexValue, isHttpWhitespace } from './chars';
import { type CharsetCodec, codecFor } from './codecs';
import { HeaderSyntaxError } from './errors';
import { FATAL, writerFor } from './repertoire';
import type { LabelMode } from './labels';
import { type MailLabelMode, mailDecoder, missingReason, resolveMailLabel } from './mail-labels';

/** Something an encoded-word decoder left undecoded or could not decode as written, and why. */
export interface EncodedWordIssue {
  /** UTF-16 index of the word's `=?` in the input. */
  readonly index: number;
  /** The charset as written. */
  readonly charset: string;
  /**
   * `unknown-charset`: no registry knows the label; `not-implemented`: the registry knows the
   * charset but the family has no codec for it (`UNKNOWN-8BIT`, RFC 1428; `lookup(charset)` says
   * `implemented: false`), as {@link CharsetError}'s reason of that name; `codec-not-loaded` (lean
   * entry): call `loadCodec(charset, { mode: 'iana' })` and decode again; `malformed`: left as
   * written because its charset or encoding is empty (`=??Q?a?=`, `=?UTF-8??a?=`), a `*` after its
   * charset has no language after it (`=?UTF-8*?Q?a?=`: RFC 2231 §5), its encoding is
   * other than B or Q (RFC 2047 §4), its B text holds a `?`, it would decode to nothing of its
   * own (encoded-text that is empty or holds no base64 character, `=?utf-8?b?=?=`, or B text whose
   * last quantum is one character, `=?utf-8?b?abcde?=`: 6 bits, no byte, which no encoder writes,
   * RFC 2045 §6.8; unless, unpadded, the next adjacent word finishes the quantum: `split-word`),
   * or, in strict mode, because RFC 2047 does not allow it: bad B or Q encoded-text (a character
   * outside ASCII or a `?` in it too), whitespace inside it, a charset that is not a token
   * (`ANSI_X3.4-1968`: `.` and `:` are especials), or a word that does not stand alone between
   * linear whitespace, `(`, `)` or the ends of the header (`a=?UTF-8?Q?b?=`), or a word that
   * decodes to a NUL, CR or LF; `non-ascii` (lenient mode): the word was decoded, but its
   * encoded-text holds characters outside ASCII, which RFC 2047 §5 does not allow: in Q text each
   * is kept as itself in the decoded text (never cut to a byte), in B text it is skipped like any
   * other character outside the base64 alphabet;
   * `whitespace` (lenient mode): the word was decoded, but its encoded-text holds whitespace, which
   * RFC 2047 §2 does not allow: a literal space or tab in Q text is kept as itself
   * (`=?utf-8?Q?Hello World?=` is `Hello World`, as Python's email and libmime read it), a fold
   * (CRLF and the whitespace after it) and any whitespace in B text are skipped;
   * `split-word` (lenient mode): the word's encoded-text ends inside a base64 quantum (a length
   * that is not a multiple of 4, no padding) or a Q escape (`=` or `=X`), which RFC 2047 §5 does
   * not allow, and its unfinished end was carried into the next word (adjacent, in the same
   * charset and encoding) and decoded with that word's text, as GMime and Perl's Encode read it;
   * `question-mark` (lenient mode): the word's Q encoded-text holds a `?` (not the `?=` that ends
   * the word, which is the first), which RFC 2047 §2 does not allow: it is kept as itself
   * (`=?utf-8?q?what?_now?=` is `what? now`, as GMime, Camel and Python's email read it);
   * `padding` (lenient mode): the word's B text is not padded as RFC 2045 §6.8 has it: it goes on
   * after an `=` (`=?us-ascii?B?Y=WJjZA==?=`), which §6.8 lets a decoder stop at: the text after it
   * is decoded too (`abcd`, as Thunderbird reads it), an `=` ending a quantum of 2 or 3 characters
   * and skipped in one of 0 or 1; or it ends in 2 or 3 characters without `=` that no adjacent word
   * continues (`w6k` is `é`, as an encoder that drops the padding writes it; `w6` leaves C3 alone);
   * or its `=` are more or fewer than the quantum needs, or end none (`YWJj=`, `YQ===`, `w6k==`,
   * `YQ=`: read as `abc`, `a`, `é`, `a`), unless the `=` it lacks stand in the next word, split
   * off (`split-word`); or a padded quantum leaves bits that are not zero (`w6l=`, RFC 4648 §3.5),
   * dropped;
   * `control` (lenient mode): the word decodes to a NUL, CR or LF, which are dropped from the text
   * (a header line break must not come back from a word; strict mode reports such a word as
   * `malformed` and leaves it as written);
   * `invalid-character` (lenient mode): the word was decoded, but its encoded-text holds an ASCII
   * character that RFC 2047 §2 and §4 do not allow there: in B text one outside the base64
   * alphabet (a control, `*`, `-`…), skipped as RFC 2045 §6.8 says, in Q text a control other
   * than NUL (which is `control`) or an `=` that starts no escape of two hex digits (`A=B`, RFC
   * 2047 §4.2), kept as itself, as Python's email reads them (reporting
   * `InvalidBase64CharactersDefect`, `NonPrintableDefect`); strict mode reports such a word as
   * `malformed`;
   * `invalid-bytes` (both modes): the word was decoded, but some of its bytes are not valid in its
   * charset (`=?utf-8?Q?caf=E9?=`, Latin-1 sent as UTF-8), or it ends inside a character that no
   * adjacent word finishes: each such sequence is U+FFFD, the Encoding Standard's replacement, as
   * in {@link decodeParameters}; a caller may read the word again in another charset (RFC 2047 §5
   * and §6.2 leave the display to the reader). Not told for UTF-7.
   */
  readonly reason:
    | 'unknown-charset'
    | 'not-implemented'
    | 'codec-not-loaded'
    | 'malformed'
    | 'non-ascii'
    | 'whitespace'
    | 'split-word'
    | 'question-mark'
    | 'padding'
    | 'control'
    | 'invalid-character'
    | 'invalid-bytes';
}

/** What {@link decodeEncodedWords} returns. */
export interface DecodedWords {
  /** The header text with every decodable encoded-word decoded; the others are left as written. */
  readonly text: string;
  /**
   * The words left undecoded (every one), and (lenient mode) those decoded in spite of characters
   * outside ASCII, whitespace or a `?`, encoded-text split with the next word, base64 padded
   * otherwise than RFC 2045 §6.8 says, a decoded NUL, CR or LF, or a character outside the base64
   * alphabet, a control or an `=` that starts no escape. In the order of the header, by `index`
   * (one word's issues in the order they are found).
   */
  readonly issues: readonly EncodedWordIssue[];
  /** The RFC 2231 §5 language tags met, in order, without repeats. */
  readonly languages: readonly string[];
}

/** Options of {@link decodeEncodedWords}. */
export interface DecodeWordsOptions {
  /**
   * `true` (default): RFC 2047 as written — a word must stand alone between linear whitespace,
   * `(`, `)` or the ends of the header, and have well-formed B or Q text; a word longer than RFC
   * 2047 §2's 75 characters is read too in either mode (the limit binds encoders: Thunderbird
   * writes B words of 76 characters and Q words of 77). `false`: also decode words glued to other
   * text, words folded inside their
   * encoded-text, charsets with `.` or `:` (`ANSI_X3.4-1968`, `ISO_8859-1:1987`), and sloppy base64
   * or `=` escapes, as most mail readers do. Either way a word left as written is in `issues`, and
   * so is every lenient repair but the two that change no character: a word glued to text and a
   * charset with `.` or `:`.
   */
  strict?: boolean;
  /**
   * How charset labels are read: `mail` (default; the WHATWG reading where it names a superset of
   * the IANA charset, as mail readers do: `iso-8859-1` decodes as windows-1252), `iana` (the
   * registry, exactly), `whatwg` or `loose`.
   */
  mode?: MailLabelMode;
}

// RFC 2047 §2: token = 1*<Any CHAR except SPACE, CTLs, and especials>
function isTokenChar(c: number): boolean {
  if (c <= 0x20 || c >= 0x7f) return false;
  // especials = "(" / ")" / "<" / ">" / "@" / "," / ";" / ":" / "\" / <"> / "/" / "[" / "]" / "?" / "." / "="
  return '()<>@,;:\\"/[]?.='.indexOf(String.fromCharCode(c)) < 0;
}

const BASE64 = /* @__PURE__ */ (() => {
  const t = new Int8Array(128).fill(-1);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  for (let i = 0; i < 64; i++) t[alphabet.charCodeAt(i)] = i;
  return t;
})();

/**
 * A NUL, CR or LF, which a decoded word must not bring into a header: one test a word, and
 * `cutControls` only for a word that holds one (a `test` of 30 characters takes about 40 ns, a
 * third of `indexOf` three times).
 */
const CONTROL = /[\r\n\0]/;

// Set by a lenient `decodeB` whose padding is not as RFC 2045 §6.8 has it, for
// `decodeEncodedWords` to report (`padding`): its text goes on after an `=` (§6.8 lets a decoder
// stop there; Thunderbird reads on, test_header.js:1194), ends in 2 or 3 characters with no `=`
// (an encoder that drops the padding), or leaves non-zero bits in a padded quantum (RFC 4648
// §3.5).
let resumed = false;
// Set by a lenient `decodeB` whose text ends `=` short (`YQ=`: 1), to how many: `padding` too,
// unless the next word is that padding, split off (`=?utf-8?b?IA=?= =?utf-8?b?=?=`: reported as
// `split-word`).
let short = 0;
// Set by a lenient `decodeB` that skipped an ASCII character outside the base64 alphabet, or a
// lenient `decodeQ` that kept a control character (RFC 2047 §2: encoded-text is printable ASCII)
// or an `=` that starts no escape (§4.2), for `decodeEncodedWords` to report
// (`invalid-character`). Only their error branches set it.
let stray = false;
// Set by a lenient `decodeB`: 2 when its text ends in a quantum of one character (6 bits, no
// byte: RFC 2045 §6.8, no encoder writes it), 3 when it holds no base64 character at all, else 0.
let lone = 0;

/**
 * Base64 (RFC 2045 §6.8) of `text` from `start` to `end` to bytes; `null` when strict and malformed.
 * The output is allocated at the size of unpadded text, which bounds that of any other, and copied
 * out only when shorter (a `subarray` of it would cost more than the decoding of a whole word).
 */
function decodeB(text: string, start: number, end: number, strict: boolean): Uint8Array | null {
  const out = new Uint8Array(((end - start) * 6) >> 3);
  let n = 0;
  let acc = 0;
  let bits = 0;
  let pad = 0;
  let q = 0; // characters of the current quantum
  let due = 0; // lenient: the `=` still due after a quantum an `=` ended
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x3d) {
      // Lenient: an `=` ends a quantum of 2 or 3 characters (the leftover bits dropped) and is
      // skipped in one of 0 or 1; the text after it is read on (reported as `padding`). RFC 2045
      // §6.8 pads a quantum of 2 with `==`, one of 3 with `=`: an `=` more or less (`YWJj=`,
      // `YQ===`, `w6k==`, `YQ=`) is reported as `padding` too, as strict refuses it.
      pad++;
      if (strict) continue;
      if (q > 1) {
        if (acc & ((1 << bits) - 1)) resumed = true;
        due = 3 - q;
        bits = q = 0;
      } else if (q === 0 && due > 0) due--;
      else resumed = true;
      continue;
    }
    const v = c < 128 ? BASE64[c]! : -1;
    if (v < 0 || (strict && pad > 0)) {
      if (strict) return null;
      if (c < 128) stray = true; // outside ASCII: reported as `non-ascii`
      continue;
    }
    if (pad > 0) resumed = true;
    q = (q + 1) & 3;
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[n++] = (acc >> bits) & 0xff;
    }
  }
  if (strict && ((end - start) % 4 !== 0 || pad > 2 || (acc & ((1 << bits) - 1)) !== 0))
    return null;
  if (q > 1 && !strict) resumed = true;
  if (!strict) short = due;
  lone = q === 1 ? 2 : n === 0 ? 3 : 0;
  return n === out.length ? out : out.slice(0, n);
}

/**
 * Decoded encoded-text: bytes, or (lenient, when the text holds characters outside ASCII) runs of
 * bytes to decode with the word's charset and strings kept as they are.
 */
export type Decoded = Uint8Array | (Uint8Array | string)[];

// Where Q text is decoded before its bytes are copied out at their size (see `decodeB`).
let qScratch = new Uint8Array(128);

/** Q (RFC 2047 §4.2) of `text` from `start` to `end` to bytes; `null` when strict and malformed. */
function decodeQ(text: string, start: number, end: number, strict: boolean): Decoded | null {
  if (qScratch.length < end - start) qScratch = new Uint8Array(end - start);
  const out = qScratch;
  let n = 0;
  let parts: (Uint8Array | string)[] | null = null;
  let from = 0; // start in `out` of the bytes not yet in `parts`
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5f) out[n++] = 0x20;
    else if (c === 0x3d) {
      // At `end` stands the word's `?`, which is no hex digit.
      const hi = hexValue(text.charCodeAt(i + 1));
      const lo = hexValue(text.charCodeAt(i + 2));
      if (hi >= 0 && lo >= 0) {
        out[n++] = (hi << 4) | lo;
        i += 2;
      } else if (strict) return null;
      else {
        // RFC 2047 §4.2: `=` only starts an escape of two hex digits; one that starts none
        // (`A=B`, `=somevalue`, a final `=`) is kept as itself, reported (`invalid-character`).
        stray = true;
        out[n++] = c;
      }
    } else if (c > 0x7e || c < 0x21) {
      if (strict) return null;
      if (c < 0x80) {
        // A control (RFC 2047 §2: printable ASCII only) is kept, reported; a NUL is dropped later
        // (`control`), a space or tab is `whitespace`.
        if (c !== 0x20 && c !== 0x09 && c !== 0) stray = true;
        out[n++] = c;
      } else {
        // RFC 2047 §5 allows only ASCII here. Keeping the low byte would turn U+012E U+012F into
        // "./" (and U+010D U+010A into CR LF): the run of characters is kept as written instead.
        let j = i + 1;
        while (j < end && text.charCodeAt(j) >= 0x80) j++;
        parts ??= [];
        if (n > from) parts.push(out.slice(from, n));
        parts.push(text.slice(i, j));
        from = n;
        i = j - 1;
      }
    } else out[n++] = c;
  }
  if (parts === null) return out.slice(0, n);
  if (n > from) parts.push(out.slice(from, n));
  return parts;
}

/**
 * Decodes bytes and kept strings: each run of bytes with the codec, each string as it is.
 * Internal (RFC 2231 values use it too).
 */
export function decodeParts(
  codec: { decode(b: Uint8Array): string },
  parts: readonly (Uint8Array | string)[],
): string {
  let text = '';
  let run: Uint8Array[] = [];
  for (const part of parts) {
    if (typeof part !== 'string') {
      run.push(part);
      continue;
    }
    if (run.length > 0) text += codec.decode(concatBytes(run));
    run = [];
    text += part;
  }
  return run.length > 0 ? text + codec.decode(concatBytes(run)) : text;
}

interface Word {
  start: number;
  end: number;
  charset: string;
  language: string | undefined;
  /** `b` or `q` (lowercase code), or another encoding (then the word is malformed). */
  encoding: number;
  /** The encoded-text: `source` from `a` to `b`. */
  source: string;
  a: number;
  b: number;
  /** The decoded encoded-text (strict mode); `null` when the word is malformed (see `parseWord`). */
  bytes: Decoded | null;
  /** Whether the encoded-text holds a character outside ASCII. */
  nonAscii: boolean;
  /** Whether the encoded-text holds whitespace or a fold (lenient: cut, but a Q space or tab). */
  spaced: boolean;
  /** Whether the encoded-text holds a `?` (lenient Q: kept as itself). */
  question: boolean;
}

/**
 * Whether `c`, next to a word, leaves it alone: whitespace, a parenthesis, or past an end (NaN).
 * RFC 2047 §5 (2) amends RFC 822's comment to `"(" *(ctext / quoted-pair / comment /
 * encoded-word) ")"`, where only ctext and other words must be kept apart by whitespace: a word
 * may touch the `(` or `)` of its own comment, and of a comment nested beside it, on either side
 * (`(=?…?=(c))`, `((c)=?…?=)`), as CFWS touches a word of a structured field (RFC 5322 §3.2.2).
 */
function alone(c: number): boolean {
  return !(c >= 0) || c === 0x28 || c === 0x29 || isHttpWhitespace(c);
}

/**
 * Parses the encoded-word starting at `start` (`=?`): `null` when the text there has not the form
 * `=?charset[*language]?X?encoded-text?=` at all, else the word, whose `bytes` are `null`
 * when it is malformed: an encoding X other than B or Q, or (strict) what RFC 2047 §2 and §5 do
 * not allow (a charset that is not a token, empty encoded-text or whitespace in it, bad B or Q
 * text, a word glued to text). Strict and lenient reading find the same words, so that a word
 * strict mode refuses is reported, never skipped silently.
 */
function parseWord(input: string, start: number, strict: boolean): Word | null {
  const end = input.length;
  let p = start + 2;
  const charsetStart = p;
  // RFC 2047 §2: charset = token, which excludes the especials `.` and `:`. IANA names hold them
  // (`ANSI_X3.4-1968`, `ISO_8859-1:1987`) and mailers write them: lenient reading takes them.
  let token = true;
  for (let c: number; p < end && (c = input.charCodeAt(p)) !== 0x2a; p++) {
    if (c === 0x2e || c === 0x3a) token = false;
    else if (!isTokenChar(c)) break;
  }
  // An empty charset (`=??Q?a?=`) or encoding (`=?UTF-8??a?=`) makes a malformed word, reported.
  const charset = input.slice(charsetStart, p);
  let language: string | undefined;
  if (input.charCodeAt(p) === 0x2a /* * */) {
    const languageStart = ++p;
    while (p < end && isTokenChar(input.charCodeAt(p))) p++;
    language = input.slice(languageStart, p);
  }
  if (input.charCodeAt(p) !== 0x3f) return null;
  // §4: B and Q are the encodings; a word in another (or none) is malformed.
  let encoding = 0;
  if (input.charCodeAt(p + 1) === 0x3f) p += 2;
  else if (input.charCodeAt(p + 2) === 0x3f) {
    encoding = input.charCodeAt(p + 1) | 0x20;
    p += 3;
  } else return null;
  // encoded-text = 1*<Any printable ASCII character other than "?" or SPACE>. Lenient: a word
  // folded inside its encoded-text (`=D0` CRLF SPACE `=B4`), or unfolded to a space, is one word;
  // strict: such a word is malformed.
  // What is cut (lenient): a fold (CR or LF and the whitespace after it, RFC 5322 §2.2.3), and in
  // B text any whitespace, which base64 readers skip. A literal space or tab in Q text is kept as
  // itself, as Python's email and libmime read it. §2 allows no SPACE in encoded-text, so any of
  // them is reported (`spaced`: `whitespace`).
  // A `?` that is not the `?=` ending the word is part of the text (`=?utf-8?q?what?_now?=`, as
  // GMime, Camel and Python's email read it): RFC 2047 §2 forbids it, so strict reading and B
  // text make the word malformed, lenient Q reading keeps it as itself, reported (`question-mark`).
  // The word ends at the first `?=`; a `?` right after `=` starts another word, and this one is
  // none (`=?utf-8?q?a?b =?utf-8?q?c?=` stays two candidates): each character is read once.
  let question = false;
  let nonAscii = false;
  let spaced = false; // any whitespace or fold: strict mode refuses the word, lenient reports it
  let text = '';
  const textStart = p;
  let from = p;
  for (let c: number; p < end; p++) {
    c = input.charCodeAt(p);
    if (c === 0x3f) {
      if (input.charCodeAt(p + 1) === 0x3d) break;
      if (p > textStart && input.charCodeAt(p - 1) === 0x3d) return null;
      question = true;
    } else if (c === 0x0d || c === 0x0a) {
      text += input.slice(from, p);
      while (isHttpWhitespace(input.charCodeAt(p + 1))) p++;
      from = p + 1;
      spaced = true;
    } else if (c === 0x20 || c === 0x09) {
      spaced = true;
      if (encoding !== 0x71) {
        text += input.slice(from, p);
        from = p + 1;
      }
    } else if (c >= 0x80) nonAscii = true;
  }
  if (input.charCodeAt(p) !== 0x3f || input.charCodeAt(p + 1) !== 0x3d) return null;
  const word: Word = {
    start,
    end: p + 2,
    charset,
    language,
    encoding,
    source: input,
    a: textStart,
    b: p,
    bytes: null,
    nonAscii,
    spaced,
    question,
  };
  // The encoded-text is read in place, unless something was cut out of it (lenient).
  const cut = from !== textStart;
  // RFC 2231 §5: `charset ["*" language]`, a language after the `*`. Without one (`=?utf-8*?q?a?=`)
  // the word is malformed in either mode, as one with an empty charset is: left as written and
  // reported, never passed over as text.
  if (charset === '' || language === '' || (encoding !== 0x62 && encoding !== 0x71)) return word;
  if (question && (strict || encoding === 0x62)) return word;
  // Strict: RFC 2047 §2 and, §5, a word stands alone, between linear whitespace, `(`, `)` or the
  // ends of the header (lenient reading also decodes words glued to text, as mail readers do).
  // §2's 75 characters are not checked: the limit binds encoders, and mail readers (Thunderbird,
  // Python, GMime) read longer words, which Thunderbird's own encoder writes (jsmime's
  // encodeRFC2047Phrase: 65 characters of encoded-text after a fold). The word is scanned once
  // whatever its length, so no bound is needed for linear time.
  if (
    strict &&
    (!token ||
      spaced ||
      p === textStart ||
      !alone(input.charCodeAt(start - 1)) ||
      !alone(input.charCodeAt(p + 2)))
  )
    return word;
  if (cut) {
    word.source = text + input.slice(from, p);
    word.a = 0;
    word.b = word.source.length;
  }
  // Lenient words are decoded by `decodeLenient`, which may join them with the previous word.
  if (strict) word.bytes = decodeText(word.encoding, word.source, word.a, word.b, true);
  else word.bytes = new Uint8Array(0);
  return word;
}

function decodeText(
  encoding: number,
  source: string,
  a: number,
  b: number,
  strict: boolean,
): Decoded | null {
  return encoding === 0x62 ? decodeB(source, a, b, strict) : decodeQ(source, a, b, strict);
}

/**
 * The length of the unfinished end of encoded-text (lenient): in B text the base64 characters
 * past the last whole 4-character quantum, when no padding ends it; in Q text an `=` or `=X` (X a
 * hex digit) that the text ends in. Such a word breaks RFC 2047 §5 (each word stands alone); mail
 * split by a sloppy encoder continues it in the next word.
 */
function unfinished(encoding: number, s: string, a: number, b: number): number {
  if (encoding === 0x71) {
    if (s.charCodeAt(b - 1) === 0x3d) return 1;
    return b - a >= 2 && s.charCodeAt(b - 2) === 0x3d && hexValue(s.charCodeAt(b - 1)) >= 0 ? 2 : 0;
  }
  let n = 0;
  for (let i = a; i < b; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x3d) return 0;
    if (c < 128 && BASE64[c]! >= 0) n++;
  }
  let k = b;
  for (let r = n & 3; r > 0; ) {
    const c = s.charCodeAt(--k);
    if (c < 128 && BASE64[c]! >= 0) r--;
  }
  return b - k;
}

/**
 * Whether base64 text (lenient: characters outside the alphabet skipped) can be a whole text by
 * itself: whole quanta (padded or not), or an unpadded end of 2 or 3 characters whose leftover bits
 * are zero, as an encoder that drops the padding writes it.
 */
function wholeB(s: string, a: number, b: number): boolean {
  let n = 0;
  let pad = 0;
  let last = 0;
  for (let i = a; i < b; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x3d) pad++;
    else if (c < 128 && BASE64[c]! >= 0) {
      n++;
      last = BASE64[c]!;
    }
  }
  if (pad > 0) return (n + pad) % 4 === 0;
  const r = n & 3;
  return r === 0 || (r === 2 && (last & 15) === 0) || (r === 3 && (last & 3) === 0);
}

/**
 * The characters in the last quantum of lenient base64 text, as `decodeB` counts them (an `=`
 * ends a quantum of 2 or 3), from `q` of them before `a`.
 */
function quantum(s: string, a: number, b: number, q: number): number {
  for (let i = a; i < b; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x3d) {
      if (q > 1) q = 0;
    } else if (c < 128 && BASE64[c]! >= 0) q = (q + 1) & 3;
  }
  return q;
}

/**
 * Decodes a lenient word's encoded-text after `carry` (the unfinished end of the previous word's,
 * or `''`), all but its own unfinished end, which it returns as `tail`. `broken` is 3 when the
 * text is empty or, in B, holds no base64 character, 2 when its last quantum, padded, is one
 * character (6 bits: RFC 2045 §6.8, no encoder writes it), 1 when its unfinished end, unpadded,
 * is one character, which only the next words can finish; else 0.
 */
function decodeLenient(
  word: Word,
  carry: string,
): { bytes: Decoded; tail: string; broken: number } {
  let { source, a, b } = word;
  if (carry !== '') {
    source = carry + source.slice(a, b);
    a = 0;
    b = source.length;
  }
  // Q: what follows `b - t` is the tail's `=`, no hex digit, so an escape never reads into it.
  const t = unfinished(word.encoding, source, a, b);
  const bytes = decodeText(word.encoding, source, a, b - t, false)!;
  let broken = a === b ? 3 : 0;
  if (word.encoding === 0x62) broken = t > 0 ? +(quantum(source, b - t, b, 0) === 1) : lone;
  return { bytes, tail: source.slice(b - t, b), broken };
}

/**
 * Whether the words after `end` finish a B text whose unfinished end is one character: the next
 * word (past whitespace only; B, in the same charset, as `decodeEncodedWords` joins them) ends the
 * quantum otherwise (true), pads it with one character in it or is none (false), or leaves one
 * character again, unpadded, and the walk goes on. `walk` keeps the answer and the end of the last
 * word it went past: a word within that reach, itself left with one character, has the same
 * answer, so no word is looked at twice.
 */
function continues(
  header: string,
  end: number,
  charset: string,
  mode: MailLabelMode,
  walk: { to: number; ok: boolean },
): boolean {
  if (end <= walk.to) return walk.ok;
  for (;;) {
    while (isHttpWhitespace(header.charCodeAt(end))) end++;
    const next =
      header.charCodeAt(end) === 0x3d && header.charCodeAt(end + 1) === 0x3f
        ? parseWord(header, end, false)
        : null;
    const resolved = next?.encoding === 0x62 ? resolveMailLabel(next.charset, mode) : undefined;
    if (!next?.bytes || resolved?.codec !== charset || !mailDecoder(resolved))
      return (walk.ok = false);
    if (quantum(next.source, next.a, next.b, 1) !== 1) return (walk.ok = true);
    const eq = next.source.indexOf('=', next.a);
    if (eq >= 0 && eq < next.b) return (walk.ok = false);
    walk.to = end = next.end;
  }
}

type Codec = { decode(b: Uint8Array): string };

/** The run of adjacent words in one charset being decoded (see `combine`). */
interface Run {
  codec: Codec;
  /** The charset's name in the family. */
  charset: string;
  stateful: boolean;
  /** The unfinished character the last word ended with, which the next may complete. */
  carry: Uint8Array | null;
  /** Where the last word starts, and its label, for an issue about its unfinished character. */
  index: number;
  label: string;
  /** The U+FFFD `combine` wrote for a carried character the word did not finish, else ''. */
  lost?: string;
}

/**
 * Whether `text`, what `combine` made of a word's `decoded` bytes after the `carried` ones of the
 * word before, holds a U+FFFD for bytes invalid in the charset (`lossy`); characters that lenient
 * reading kept as written (strings of `decoded`) are the text's own.
 */
function lostIn(run: Run, carried: Uint8Array | null, decoded: Decoded, text: string): boolean {
  // a carried character left unfinished is the word before's (reported there)
  if (run.lost) {
    text = text.slice(run.lost.length);
    carried = null;
  }
  if (text.indexOf('\ufffd') < 0) return false;
  let kept = 0;
  let bytes = decoded as Uint8Array;
  if (!(decoded instanceof Uint8Array)) {
    const parts: Uint8Array[] = [];
    for (const part of decoded)
      if (typeof part === 'string') kept += fffdCount(part);
      else parts.push(part);
    bytes = concatBytes(parts);
  }
  if (carried !== null) bytes = concatBytes([carried, bytes]);
  return lossy(run.codec, run.charset, bytes, text, kept);
}

// Stateful charsets: escape sequences (ISO 2022, HZ, MARC-8) or a base64 state (UTF-7) carry a
// mode from byte to byte.
const STATEFUL = /* @__PURE__ */ new Set([
  'iso-2022-jp',
  'iso-2022-kr',
  'iso-2022-cn',
  'hz-gb-2312',
  'utf-7',
  'utf-7-imap',
  'marc-8',
]);

/**
 * How adjacent encoded-words in one charset combine. RFC 2047 §5: "Each 'encoded-word' MUST
 * represent an integral number of characters. A multi-octet character may not be split across
 * adjacent 'encoded-word's." §6.2 lets a reader ignore the whitespace between adjacent words "to
 * allow the display of an 'encoded-text' that is too long to fit in a single 'encoded-word'".
 * So each word decodes on its own, from the charset's initial state: a stateful charset's mode
 * never crosses a boundary (RFC 1468 ends every ISO-2022-JP word in ASCII; joining the bytes makes
 * the WHATWG decoder report the `ESC $ B` right after `ESC ( B` as an error). A word that breaks
 * §5 by ending inside a multi-byte character of a stateless charset (bytes the decoder is still
 * waiting on: a UTF-8 lead byte, a Shift_JIS lead byte) hands those bytes to the next word, and
 * they are decoded together only if that makes a character; else they are one U+FFFD and the next
 * word decodes exactly as it would alone. A word that ends on a character boundary never changes
 * how its neighbour decodes. Returns the text decoded so far; `run.carry` keeps a pending tail.
 */
function combine(run: Run, decoded: Decoded): string {
  const { codec } = run;
  let prefix = '';
  if (run.carry !== null) {
    const carry = run.carry;
    run.carry = null;
    const joined = decoded instanceof Uint8Array ? concatBytes([carry, decoded]) : null;
    const text = joined === null ? '' : codec.decode(joined);
    // Joined when that makes a character, or a longer start of one (a word of one byte in the
    // middle of a four-byte character). A U+FFFD first may be the text's own (EF BF + BD is
    // U+FFFD itself): joined then reads otherwise than the two apart.
    if (
      joined === null ||
      (text.charCodeAt(0) === 0xfffd &&
        text === codec.decode(carry) + codec.decode(decoded as Uint8Array) &&
        pendingTail(codec, joined, text) !== joined.length)
    )
      prefix = codec.decode(carry);
    else decoded = joined;
  }
  run.lost = prefix;
  if (!(decoded instanceof Uint8Array)) return prefix + decodeParts(codec, decoded);
  const text = codec.decode(decoded);
  const k = run.stateful ? 0 : pendingTail(codec, decoded, text);
  if (k === 0) return prefix + text;
  run.carry = decoded.slice(decoded.length - k);
  return prefix + codec.decode(decoded.subarray(0, decoded.length - k));
}

const FATAL_DECODE = { fatal: true } as const;

// The bytes of a codec's own U+FFFD (UTF-8's EF BF BD, GB18030's 84 31 A4 37, UTF-16BE's FF FD),
// or null for a charset without it: encoded once a codec, the only exception thrown for it.
const OWN_FFFD = /* @__PURE__ */ new WeakMap<Codec, Uint8Array | null>();

/**
 * Whether the U+FFFD that the decoding of `bytes` ends with is a character of the text, not an
 * error: `bytes` end with the codec's own U+FFFD (which decode alone to it, fatal). A test of
 * the last bytes, not a fatal decode: a thrown error (a stack trace each) would make a word ending
 * in invalid bytes cost 100 times a valid one's time.
 */
function ownFffd(codec: Codec, bytes: Uint8Array): boolean {
  const own = ownBytes(codec);
  if (own === null) return false;
  const at = bytes.length - own.length;
  return at >= 0 && own.every((b, i) => b === bytes[at + i]);
}

function ownBytes(codec: Codec): Uint8Array | null {
  let own = OWN_FFFD.get(codec);
  if (own === undefined) {
    try {
      own = (codec as CharsetCodec).encode('\ufffd', FATAL);
    } catch {
      own = null;
    }
    OWN_FFFD.set(codec, own);
  }
  return own;
}

function fffdCount(text: string): number {
  let n = 0;
  for (let at = text.indexOf('\ufffd'); at >= 0; at = text.indexOf('\ufffd', at + 1)) n++;
  return n;
}

/**
 * Whether `text`, the decoding of `bytes` in the charset `name` (and of `kept` U+FFFD kept as
 * written beside them), holds a U+FFFD that stands for
 * bytes invalid in it (the Encoding Standard's replacement), not one of the text: more U+FFFD than
 * the codec's own U+FFFD bytes occur in `bytes` (at a code unit's offset in UTF-16 and UTF-32). No
 * fatal decode, so no exception per word. UTF-7 is not told (its U+FFFD inside a base64 run has no
 * bytes of its own): false. Internal (decodeMimePart too).
 */
export function lossy(
  codec: Codec,
  name: string,
  bytes: Uint8Array,
  text: string,
  kept = 0,
): boolean {
  let n = fffdCount(text) - kept;
  if (n <= 0 || name.startsWith('utf-7')) return false;
  const own = ownBytes(codec);
  if (own !== null) {
    const step = name.startsWith('utf-16') || name.startsWith('utf-32') ? own.length : 1;
    let seen = 0;
    for (let i = 0; i + own.length <= bytes.length && seen < n; i += step)
      if (own.every((b, k) => b === bytes[i + k])) seen++;
    // gb18030 does not resynchronise: its U+FFFD bytes (84 31 A4 37) may stand inside other
    // characters (81 84 | 31 | A4 37), so there a fatal decode tells (only when both are met)
    if (seen > 0 && name === 'gb18030')
      try {
        (codec as CharsetCodec).decode(bytes, FATAL_DECODE);
        return false;
      } catch {
        return true;
      }
    n -= seen;
  }
  return n > 0;
}

/**
 * The length of the incomplete character `bytes` end with (`text` is their decoding), or 0: the
 * shortest tail (a character has at most 3 bytes before its last) whose removal leaves text that
 * ends without U+FFFD, all of whose decoding is U+FFFD.
 */
function pendingTail(codec: Codec, bytes: Uint8Array, text: string): number {
  if (text.charCodeAt(text.length - 1) !== 0xfffd || ownFffd(codec, bytes)) return 0;
  const n = bytes.length;
  // The tail is the one sequence the last U+FFFD stands for: without it the rest reads as before
  // (C3 C3 keeps the first C3 as its own U+FFFD and carries the second; F0 9F carries both).
  for (let k = 1; k <= 3 && k <= n; k++)
    if (`${codec.decode(bytes.subarray(0, n - k))}\ufffd` === text) return k;
  return 0;
}

/**
 * Decodes the RFC 2047 encoded-words of a header value: B (base64) and Q encoding, any charset the
 * family has, the RFC 2231 §5 language suffix (`=?US-ASCII*EN?Q?…?=`), and the whitespace between
 * two adjacent encoded-words dropped. Each
 * word decodes on its own, with one exception: a character split across two adjacent words in the
 * same stateless charset (UTF-8, Shift_JIS…) is joined again; a stateful charset (ISO-2022-JP,
 * UTF-7…) starts every word afresh (see `combine` in the source and the README's mail section).
 * Lenient reading also joins encoded-text split between adjacent words in one charset and
 * encoding (a base64 quantum or a Q escape one word starts and the next finishes, as GMime reads
 * it), reported as `split-word`; strict reading reports such words as `malformed`.
 * Lenient reading keeps a `?` in Q text (`question-mark`); the word ends at its first `?=`.
 * Labels are read as mail readers read them by default (`mode: 'mail'`: `iso-8859-1` is
 * windows-1252, `gb2312` is GBK, `ks_c_5601-1987` is EUC-KR); `mode: 'iana'` reads them exactly.
 * Lenient reading (`strict: false`) also takes a charset with `.` or `:`, as IANA names have them
 * (`ANSI_X3.4-1968`), which strict reading refuses (RFC 2047 §2: the charset is a token).
 * A word left as written is always reported in `issues`, never garbled and never skipped silently:
 * its charset is unknown, or has no codec, or the word is malformed (in strict mode, any word
 * RFC 2047 does not allow; in either mode, one that would decode to nothing of its own, such as
 * base64 whose last quantum is one character, `=?utf-8?b?abcde?=`, as Python's email leaves it).
 * {@link https://www.rfc-editor.org/rfc/rfc2047#section-6.2 | RFC 2047 §6.2},
 * {@link https://www.rfc-editor.org/rfc/rfc2231#section-5 | RFC 2231 §5}.
 *
 * @param header - The header value (folded or unfolded).
 * @param options - `strict` (default `true`), `mode` (default `mail`).
 * @returns The text, the issues, and the languages met.
 * @throws Never.
 * @example
 * ```ts
 * decodeEncodedWords('=?ISO-8859-1?Q?Andr=E9?= Pirard').text; // 'André Pirard'
 * decodeEncodedWords('(=?UTF-8?Q?a?= =?UTF-8?Q?b?=)').text; // '(ab)'
 * decodeEncodedWords('=?x-unknown?Q?a?=').issues[0]?.reason; // 'unknown-charset'
 * decodeEncodedWords('=?UNKNOWN-8BIT?Q?a?=').issues[0]?.reason; // 'not-implemented'
 * decodeEncodedWords('=?unicode-1-1-utf-7?Q?+AOk-?=').text; // 'é'
 * decodeEncodedWords('=?ANSI_X3.4-1968?Q?hello?=', { strict: false }).text; // 'hello'
 * decodeEncodedWords('=?ANSI_X3.4-1968?Q?hello?=').issues[0]?.reason; // 'malformed'
 * decodeEncodedWords('=?UTF-8?B?w6?= =?UTF-8?B?k=?=', { strict: false }).text; // 'é'
 * decodeEncodedWords('=?utf-8?q?what?_now?=', { strict: false }).text; // 'what? now'
 * decodeEncodedWords('=?utf-8?b?abcde?=', { strict: false }).issues[0]?.reason; // 'malformed'
 * ```
 */
export function decodeEncodedWords(header: string, options?: DecodeWordsOptions): DecodedWords {
  const strict = options?.strict !== false;
  const mode = options?.mode ?? 'mail';
  const issues: EncodedWordIssue[] = [];
  const languages = new Set<string>();
  let out = '';
  let copied = 0; // input before this index is in `out`
  let previousEnd = -1; // end of the previous decoded word, for the adjacency rule
  // The run of adjacent words in one charset being decoded, and the incomplete character at the
  // end of its last word, which the next word of the run may complete (see `combine`).
  let run: Run | null = null;
  // A character that the run's last word left unfinished and no word finished: one U+FFFD.
  const flush = (): void => {
    if (run?.carry) {
      out += run.codec.decode(run.carry);
      invalidBytes(run.index, run.label);
    }
    run = null;
  };
  // Bytes invalid in the charset (`lossy`): reported once a word, decoded as U+FFFD all the same;
  // in the order of the header, though a word's unfinished character is known to be lost only
  // once a later word is read.
  const invalidBytes = (index: number, charset: string): void => {
    let k = issues.length;
    while (k > 0 && issues[k - 1]!.index > index) k--;
    for (let j = k; j > 0 && issues[j - 1]!.index === index; j--)
      if (issues[j - 1]!.reason === 'invalid-bytes') return;
    issues.splice(k, 0, { index, charset, reason: 'invalid-bytes' });
  };
  // Lenient: the unfinished end of the last decoded word's encoded-text (see `unfinished`).
  let pending: { tail: string; encoding: number; index: number; charset: string } | null = null;
  // Lenient: a NUL, CR or LF a word decodes to is dropped, reported (`control`): a line break
  // must not come back from a header (Thunderbird drops NUL, test_nsIMsgHeaderParser5.js:69-75).
  const add = (text: string, index: number, charset: string, bad = CONTROL.test(text)): void => {
    if (bad) {
      issues.push({ index, charset, reason: 'control' });
      text = cutControls(text);
    }
    out += text;
  };
  // The index of the last word reported as `invalid-character`, so that its tail adds no second
  // issue.
  let strayAt = -1;
  // Lenient: how far `continues` looked, and what it found.
  const walk = { to: -1, ok: false };
  // The last decoded word: B text split off as padding alone (`=?utf-8?b?IA=?= =?utf-8?b?=?=`)
  // belongs to it; and its `padding` issue when its text only ended an `=` short, which such a
  // word makes up for.
  let last: Word | undefined;
  let lastShort: EncodedWordIssue | undefined;
  let lastDue = 0;
  const finish = (): void => {
    if (pending === null) return;
    const { encoding, tail, index, charset } = pending;
    const decoded = decodeText(encoding, tail, 0, tail.length, false)!;
    const carried = run!.carry;
    const text = combine(run!, decoded);
    add(text, index, charset);
    if (run!.lost) invalidBytes(run!.index, run!.label);
    if (lostIn(run!, carried, decoded, text)) invalidBytes(index, charset);
    if (stray && strayAt !== index) issues.push({ index, charset, reason: 'invalid-character' });
    // An unpadded end that no word continues (`w6k`, `w6`: 2 or 3 characters, RFC 2045 §6.8).
    if (resumed) issues.push({ index, charset, reason: 'padding' });
    resumed = stray = false;
    short = 0;
    pending = null;
  };
  let label: string | undefined;
  let resolved: ReturnType<typeof resolveMailLabel>;
  let codec: Codec | undefined;
  let i = header.indexOf('=?');
  while (i >= 0) {
    const word = parseWord(header, i, strict);
    if (word === null) {
      i = header.indexOf('=?', i + 2);
      continue;
    }
    // Adjacent words mostly share their label: it is resolved once for them.
    if (word.charset !== label) {
      label = word.charset;
      resolved = resolveMailLabel(label, mode);
      codec = mailDecoder(resolved);
    }
    if (codec === undefined || word.bytes === null) {
      issues.push({
        index: i,
        charset: word.charset,
        reason: word.bytes === null ? 'malformed' : missingReason(resolved),
      });
      i = header.indexOf('=?', word.end);
      continue;
    }
    // RFC 2047 §6.2: linear whitespace between two adjacent encoded-words is ignored.
    let gapIsSpace = previousEnd >= 0;
    for (let k = previousEnd; gapIsSpace && k < i; k++)
      gapIsSpace = isHttpWhitespace(header.charCodeAt(k));
    // Lenient: an unfinished end of the previous word's text continues in this word's when it is
    // adjacent and in the same charset and encoding (as GMime keeps its decoder's state).
    // A B end that may be whole by itself (2 or 3 characters whose leftover bits are zero: the
    // padding left out) is joined only when this word cannot stand alone either.
    const sameRun = gapIsSpace && run?.charset === resolved!.codec;
    const carry: string =
      pending !== null &&
      sameRun &&
      pending.encoding === word.encoding &&
      !(
        pending.encoding === 0x62 &&
        wholeB(pending.tail, 0, pending.tail.length) &&
        wholeB(word.source, word.a, word.b)
      )
        ? pending.tail
        : '';
    let bytes = word.bytes;
    let tail = '';
    if (!strict) {
      const decoded = decodeLenient(word, carry);
      let { broken } = decoded;
      // B text that is padding alone, after a B word in the same charset, is the end of that
      // word's text, split off: nothing to decode, reported as that word's `split-word`.
      if (
        broken === 3 &&
        sameRun &&
        last?.encoding === 0x62 &&
        word.encoding === 0x62 &&
        word.source.slice(word.a, word.b).indexOf('=') >= 0
      ) {
        // Its `=` are the ones the word before was short of: no `padding` for either (one more or
        // less is, for this word).
        const pads = word.source.slice(word.a, word.b).split('=').length - 1;
        if (lastShort && pads >= lastDue) issues.splice(issues.lastIndexOf(lastShort), 1);
        if (pads === lastDue) resumed = false;
        issues.push({ index: last.start, charset: last.charset, reason: 'split-word' });
        broken = 0;
      }
      // Lenient: a word that decodes to nothing of its own (RFC 2045 §6.8: one base64 character
      // holds no byte; RFC 2047 §2: encoded-text is not empty) is left as written, as Python's
      // email leaves `=?utf-8?b?abcde?=` (InvalidBase64LengthDefect), and reported: never
      // skipped silently. A lone character that the next words finish is a split quantum.
      if (
        broken > 1 ||
        (broken === 1 && !continues(header, word.end, resolved!.codec, mode, walk))
      ) {
        issues.push({ index: i, charset: word.charset, reason: 'malformed' });
        resumed = stray = false;
        short = 0;
        i = header.indexOf('=?', word.end);
        continue;
      }
      bytes = decoded.bytes;
      tail = decoded.tail;
    }
    const padded = resumed || short > 0;
    const shortOnly = short > 0 && !resumed;
    lastDue = short;
    const skipped = stray;
    resumed = stray = false;
    short = 0;
    if (carry !== '') {
      issues.push({ index: pending!.index, charset: pending!.charset, reason: 'split-word' });
      pending = null;
    } else finish();
    if (!gapIsSpace) {
      flush();
      out += header.slice(copied, i);
    } else if (run?.charset !== resolved!.codec) flush();
    run ??= {
      codec,
      charset: resolved!.codec,
      stateful: STATEFUL.has(resolved!.codec),
      carry: null,
      index: i,
      label: word.charset,
    };
    if (tail !== '') pending = { tail, encoding: word.encoding, index: i, charset: word.charset };
    const carried = run.carry;
    const text = combine(run, bytes);
    const bad = CONTROL.test(text);
    if (strict && bad) {
      // Strict: a word that decodes to a NUL, CR or LF is malformed, left as written (with the
      // whitespace before it, and the previous word's unfinished character as U+FFFD).
      issues.push({ index: i, charset: word.charset, reason: 'malformed' });
      if (carried) {
        out += run.codec.decode(carried);
        invalidBytes(run.index, run.label);
      }
      if (gapIsSpace) out += header.slice(copied, i);
      run = null;
      copied = i;
      previousEnd = -1;
      i = header.indexOf('=?', word.end);
      continue;
    }
    add(text, i, word.charset, bad);
    if (run.lost) invalidBytes(run.index, run.label);
    if (lostIn(run, carried, bytes, text)) invalidBytes(i, word.charset);
    run.index = i;
    run.label = word.charset;
    lastShort = undefined;
    if (padded) {
      const issue: EncodedWordIssue = { index: i, charset: word.charset, reason: 'padding' };
      issues.push(issue);
      if (shortOnly) lastShort = issue;
    }
    if (skipped) {
      issues.push({ index: i, charset: word.charset, reason: 'invalid-character' });
      strayAt = i;
    }
    if (word.nonAscii) issues.push({ index: i, charset: word.charset, reason: 'non-ascii' });
    if (word.spaced) issues.push({ index: i, charset: word.charset, reason: 'whitespace' });
    if (word.question) issues.push({ index: i, charset: word.charset, reason: 'question-mark' });
    if (word.language !== undefined) languages.add(word.language);
    last = word;
    copied = previousEnd = word.end;
    i = header.indexOf('=?', word.end);
  }
  finish();
  flush();
  out += header.slice(copied);
  // In the order of the header: a word's unfinished end is reported when the next word is read,
  // after any word between them left as written (`=?utf-8?q?a=?= =?x-unknown?q?b?=`). The sort is
  // stable, and linear on issues that mostly come in order.
  issues.sort((a, b) => a.index - b.index);
  return { text: out, issues, languages: [...languages] };
}

/** Options of {@link encodeEncodedWords}. */
export interface EncodeWordsOptions {
  /**
   * Charset label (default `UTF-8`); its codec must be loaded or registered. UTF-8 is the one to
   * use for headers: `UTF-16` is written big-endian without a byte order mark (RFC 2781 §4.3),
   * which this package and RFC-conforming readers decode, but Python's `email` (3.11) reads such
   * a word as little-endian and shows other characters (`é€` as `갠`).
   */
  charset?: string;
  /**
   * `B` (base64) or `Q`; by default whichever is shorter for the text (Q on a tie), or the other
   * when a character of the text fits no 75-character word in it.
   */
  encoding?: 'B' | 'Q';
  /**
   * An RFC 2231 §5 language tag to put after the charset (`=?UTF-8*en?Q?…?=`): a well-formed
   * RFC 5646 tag, else a {@link HeaderSyntaxError} with `option: 'language'`.
   */
  language?: string;
  /** Label registry for `charset`: `iana` (default) or `whatwg`. */
  mode?: LabelMode;
  /**
   * Between words: `"\r\n "` (default: a fold, each word on a line of its own) or `" "` (never a
   * fold).
   */
  separator?: '\r\n ' | ' ';
  /**
   * Characters already on the first line before the words (`'Subject: '.length`), so that the first
   * line stays within 78 characters too. Default 0.
   */
  offset?: number;
}

// RFC 5646 §2.2.8: the irregular grandfathered tags, the only well-formed tags outside `langtag`
// and `privateuse` (the regular ones, `zh-min-nan`, `art-lojban`…, match `langtag`).
const IRREGULAR =
  ' en-gb-oed i-ami i-bnn i-default i-enochian i-hak i-klingon i-lux i-mingo i-navajo i-pwn i-tao i-tay i-tsu sgn-be-fr sgn-be-nl sgn-ch-de ';

/**
 * Whether `tag` is a well-formed RFC 5646 language tag (§2.1 `Language-Tag`: a language with up to
 * three extlangs, then script, region, variants, extensions and private use; or a private-use or
 * irregular grandfathered tag), ASCII case-insensitive. Internal.
 */
export function isLanguageTag(tag: string): boolean {
  // Each subtag is 1 to 8 ASCII letters or digits: the patterns below only ever see 8 characters.
  const subtags = tag.toLowerCase().split('-');
  for (const t of subtags) if (!/^[a-z0-9]{1,8}$/.test(t)) return false;
  // toLowerCase folds U+212A KELVIN SIGN to k, U+0130 to i + U+0307: the tag must be ASCII.
  for (let k = 0; k < tag.length; k++) if (tag.charCodeAt(k) >= 0x80) return false;
  if (IRREGULAR.includes(` ${subtags.join('-')} `)) return true;
  const is = (re: RegExp): boolean => i < subtags.length && re.test(subtags[i]!);
  let i = 0;
  if (subtags[0] !== 'x') {
    // language = 2*3ALPHA ["-" extlang] / 4ALPHA / 5*8ALPHA; extlang = 3ALPHA *2("-" 3ALPHA)
    if (!is(/^[a-z]{2,8}$/)) return false;
    i++;
    if (subtags[0]!.length <= 3) for (let e = 0; e < 3 && is(/^[a-z]{3}$/); e++) i++;
    if (is(/^[a-z]{4}$/)) i++; // script
    if (is(/^(?:[a-z]{2}|[0-9]{3})$/)) i++; // region
    while (is(/^(?:[a-z0-9]{5,8}|[0-9][a-z0-9]{3})$/)) i++; // variant
    // extension = singleton 1*("-" (2*8alphanum))
    while (is(/^[0-9a-wyz]$/)) {
      i++;
      if (!is(/^[a-z0-9]{2,8}$/)) return false;
      while (is(/^[a-z0-9]{2,8}$/)) i++;
    }
    if (i === subtags.length) return true;
  }
  // privateuse = "x" 1*("-" (1*8alphanum))
  return subtags[i] === 'x' && i + 1 < subtags.length;
}

// RFC 2047 §5(3): the characters a Q word may carry literally anywhere in a header (phrase rule).
function isQLiteral(b: number): boolean {
  return (
    (b >= 0x30 && b <= 0x39) ||
    (b >= 0x41 && b <= 0x5a) ||
    (b >= 0x61 && b <= 0x7a) ||
    b === 0x21 ||
    b === 0x2a ||
    b === 0x2b ||
    b === 0x2d ||
    b === 0x2f
  );
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function encodeQ(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) {
    if (b === 0x20) s += '_';
    else if (isQLiteral(b)) s += String.fromCharCode(b);
    else s += `=${HEX[b >> 4]}${HEX[b & 15]}`;
  }
  return s;
}

function encodeB(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i]!;
    const b = bytes[i + 1];
    const c = bytes[i + 2];
    s += B64[a >> 2]! + B64[((a & 3) << 4) | ((b ?? 0) >> 4)]!;
    s += b === undefined ? '=' : B64[((b & 15) << 2) | ((c ?? 0) >> 6)]!;
    s += c === undefined ? '=' : B64[c & 63]!;
  }
  return s;
}

function encodedLength(bytes: Uint8Array, q: boolean): number {
  if (!q) return Math.ceil(bytes.length / 3) * 4;
  let n = 0;
  for (const b of bytes) n += b === 0x20 || isQLiteral(b) ? 1 : 3;
  return n;
}

/**
 * Encodes text as RFC 2047 encoded-words, each at most 75 characters, the charset and the RFC 2231
 * §5 language included (under a long name and language a word holds fewer characters, down to
 * one), split between characters (never inside one, so each word decodes on its own; a stateful
 * charset's word ends in its initial state), B or Q whichever is shorter (the other when a
 * character fits no word in it), and joined by a fold (`CRLF SPACE`), so that no line grows
 * past 78 characters (RFC 5322 §2.1.1; `offset` counts what precedes the first word on its line).
 * Decoding the result gives the text back exactly: the whitespace between adjacent encoded-words
 * is not part of the text. The output never holds a CR or LF except in the folds, so a header
 * cannot be injected through it: text holding a CR, LF or NUL is refused (a word that decodes to
 * one is not read back: {@link decodeEncodedWords} leaves it as written or drops it); the options
 * that reach the output (`charset`, `language`, `separator`) are checked, and refused with a
 * {@link HeaderSyntaxError} naming the option rather than written. Write UTF-8 (the default):
 * under `UTF-16` the words are big-endian without a byte order mark (RFC 2781 §4.3), which
 * Python's `email` misreads as little-endian.
 * {@link https://www.rfc-editor.org/rfc/rfc2047#section-2 | RFC 2047 §2 (75 characters)},
 * {@link https://www.rfc-editor.org/rfc/rfc2047#section-5 | RFC 2047 §5}.
 *
 * @param text - The text to encode.
 * @param options - `charset` (default UTF-8), `encoding`, `language`, `mode`, `separator`, `offset`.
 * @returns The encoded-words, or `''` for empty text.
 * @throws {@link CharsetError} when the charset is unknown or its codec is not loaded;
 * {@link HeaderSyntaxError} at the index of a CR, LF or NUL in the text (reason `CR, LF or NUL in a
 * header value`), or (with `option`) when the charset is not an RFC 2047 token
 * (`CSA_Z243.4-1985-1`, `UTF-8\r\n`), the language is not an RFC 5646 tag (`en\r\nBcc: a`), the
 * separator is neither `"\r\n "` nor `" "`, or the charset and language leave a 75-character
 * word no room for a character of the text (in `encoding` when it is given, else in both; reason
 * `charset and language leave no room in a 75-character word`, `option` `language` when there is
 * one, else `charset`);
 * the codecs' `EncodeError`, with the character's index in `text`, when a character cannot be
 * encoded in the charset: under GB2312, EUC-KR, Shift_JIS, EUC-JP, ISO-2022-JP and Big5, one
 * outside the named charset (see {@link encode}; `GBK`, `KS_C_5601-1987`, `Windows-31J` write
 * their supersets).
 * @example
 * ```ts
 * encodeEncodedWords('André', { encoding: 'Q' }); // '=?UTF-8?Q?Andr=C3=A9?='
 * encodeEncodedWords('中文', { charset: 'GB2312' }); // '=?GB2312?B?1tDOxA==?='
 * encodeEncodedWords('镕', { charset: 'GBK' }); // '=?GBK?Q?=E9F?='
 * ```
 */
export function encodeEncodedWords(text: string, options?: EncodeWordsOptions): string {
  const label = options?.charset ?? 'UTF-8';
  const mode = options?.mode ?? 'iana';
  // Every option written into the words is checked before it is: a CR or LF in one would end the header.
  for (let i = 0; i < label.length; i++) {
    if (!isTokenChar(label.charCodeAt(i)) || label.charCodeAt(i) === 0x2a) {
      throw new HeaderSyntaxError(i, 'not an RFC 2047 token', 'charset');
    }
  }
  const language = options?.language;
  if (language !== undefined && !isLanguageTag(language))
    throw new HeaderSyntaxError(0, 'not an RFC 5646 language tag', 'language');
  const separator = options?.separator ?? '\r\n ';
  if (separator !== '\r\n ' && separator !== ' ')
    throw new HeaderSyntaxError(0, 'neither "\\r\\n " nor " "', 'separator');
  // A word that decodes to a CR, LF or NUL is left as written (strict) or loses it (lenient) when
  // read: such text cannot be sent in a header, so it is refused here.
  const control = controlAt(text);
  if (control >= 0) throw new HeaderSyntaxError(control, 'CR, LF or NUL in a header value');
  const codec = writerFor(codecFor(label, mode), label, mode);
  if (text === '') return '';
  const prefix = `=?${label}${language === undefined ? '' : `*${language}`}?`;
  // The whole text first: a character the charset cannot hold fails at its index in the text.
  const all = codec.encode(text, FATAL);
  // RFC 2047 §2: "An 'encoded-word' may not be more than 75 characters long, including 'charset',
  // 'encoding', 'encoded-text', and delimiters", the RFC 2231 §5 language too.
  const room = 75 - prefix.length - 4; // "B?" + "?="
  const offset = Math.max(0, Math.floor(options?.offset ?? 0)) || 0;
  const first = codec.encode(String.fromCodePoint(text.codePointAt(0)!), FATAL);
  // The words in B or Q, or undefined when a character does not fit a word by itself.
  const split = (q: boolean): string | undefined => {
    // The first word shares its line with `offset` characters (78 in all, RFC 5322 §2.1.1); when
    // that leaves too little room, or less than its first character takes (under a stateful
    // charset one character in Q is up to 23: `=1B=24=28D=29=29=1B=28B`, `Ŀ` in ISO-2022-JP-2),
    // it starts on a folded line.
    let firstRoom = Math.min(room, 78 - offset - prefix.length - 4);
    const least = Math.min(room, Math.max(12, encodedLength(first, q)));
    const foldFirst = firstRoom < least && separator === '\r\n ';
    if (firstRoom < least) firstRoom = room;
    const word = (bytes: Uint8Array): string =>
      `${prefix}${q ? `Q?${encodeQ(bytes)}` : `B?${encodeB(bytes)}`}?=`;
    const words: string[] = [];
    let chunk = '';
    let chunkBytes: Uint8Array = first;
    for (let i = 0; i < text.length; ) {
      const cp = text.codePointAt(i)!;
      const ch = text.slice(i, i + (cp > 0xffff ? 2 : 1));
      // Re-encode the whole chunk: stateful charsets (ISO-2022-JP) need their escapes per word.
      let bytes = codec.encode(chunk + ch, FATAL);
      if (chunk !== '' && encodedLength(bytes, q) > (words.length === 0 ? firstRoom : room)) {
        words.push(word(chunkBytes));
        chunk = '';
        bytes = codec.encode(ch, FATAL);
      }
      if (chunk === '' && encodedLength(bytes, q) > room) return undefined;
      chunk += ch;
      chunkBytes = bytes;
      i += ch.length;
    }
    words.push(word(chunkBytes));
    // Every word but the last fills its room, so two never share a 78-character line (RFC 5322
    // §2.1.1): a fold between each two, at most 76 characters a line.
    return (foldFirst ? separator : '') + words.join(separator);
  };
  // The shorter of the two (Q on a tie: it stays readable); the other when a character of the
  // text fits no word in it (ISO-2022-JP's 20 characters a kanji in Q, 12 in B).
  const auto = options?.encoding === undefined;
  const q = auto ? encodedLength(all, true) <= encodedLength(all, false) : options.encoding === 'Q';
  const words = split(q) ?? (auto ? split(!q) : undefined);
  if (words === undefined)
    throw new HeaderSyntaxError(
      0,
      'charset and language leave no room in a 75-character word',
      language === undefined ? 'charset' : 'language',
    );
  return words;
}
