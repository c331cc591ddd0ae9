// RFC 2047 encoded-words in mail headers: =?charset[*language]?B|Q?encoded-text?=
import { concatBytes, HEX, hexValue, isHttpWhitespace } from './chars';
import { codecByName, codecFor } from './codecs';
import { HeaderSyntaxError } from './errors';
import type { LabelMode } from './labels';
import { resolveLabel } from './labels';

/** Something an encoded-word decoder left undecoded, and why. */
export interface EncodedWordIssue {
  /** UTF-16 index of the word's `=?` in the input. */
  readonly index: number;
  /** The charset as written. */
  readonly charset: string;
  /**
   * `unknown-charset`: no registry knows the label; `codec-not-loaded`: call `loadCodec(charset,
   * { mode: 'iana' })` and decode again; `malformed`: bad B or Q encoded-text (strict mode).
   */
  readonly reason: 'unknown-charset' | 'codec-not-loaded' | 'malformed';
}

/** What {@link decodeEncodedWords} returns. */
export interface DecodedWords {
  /** The header text with every decodable encoded-word decoded; the others are left as written. */
  readonly text: string;
  /** The words left undecoded. */
  readonly issues: readonly EncodedWordIssue[];
  /** The RFC 2231 §5 language tags met, in order, without repeats. */
  readonly languages: readonly string[];
}

/** Options of {@link decodeEncodedWords}. */
export interface DecodeWordsOptions {
  /**
   * `true` (default): RFC 2047 as written — a word must stand alone between linear whitespace,
   * `(`, `)` or the ends of the header, be at most 75 characters, and have well-formed B or Q text.
   * `false`: also decode words glued to other text, longer words, and sloppy base64 or `=` escapes,
   * as most mail readers do.
   */
  strict?: boolean;
  /** Label registry for the charsets: `iana` (default, mail) or `whatwg`. */
  mode?: LabelMode;
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

/** Base64 (RFC 2045 §6.8) to bytes; `null` when strict and malformed. */
function decodeB(text: string, strict: boolean): Uint8Array | null {
  const out = new Uint8Array(Math.ceil((text.length * 3) / 4));
  let n = 0;
  let acc = 0;
  let bits = 0;
  let pad = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x3d) {
      pad++;
      continue;
    }
    const v = c < 128 ? BASE64[c]! : -1;
    if (v < 0 || pad > 0) {
      if (strict) return null;
      continue;
    }
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[n++] = (acc >> bits) & 0xff;
    }
  }
  if (strict && (text.length % 4 !== 0 || pad > 2 || (acc & ((1 << bits) - 1)) !== 0)) return null;
  return out.subarray(0, n);
}

/** Q (RFC 2047 §4.2) to bytes; `null` when strict and malformed. */
function decodeQ(text: string, strict: boolean): Uint8Array | null {
  const out = new Uint8Array(text.length);
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5f) out[n++] = 0x20;
    else if (c === 0x3d) {
      const hi = hexValue(text.charCodeAt(i + 1));
      const lo = hexValue(text.charCodeAt(i + 2));
      if (hi >= 0 && lo >= 0) {
        out[n++] = (hi << 4) | lo;
        i += 2;
      } else if (strict) return null;
      else out[n++] = c;
    } else if (c > 0x7e || c < 0x21) {
      if (strict) return null;
      out[n++] = c & 0xff;
    } else out[n++] = c;
  }
  return out.subarray(0, n);
}

interface Word {
  start: number;
  end: number;
  charset: string;
  language: string | undefined;
  bytes: Uint8Array | null;
}

/** Parses the encoded-word starting at `start` (`=?`), or returns null. */
function parseWord(input: string, start: number, strict: boolean): Word | null {
  const end = input.length;
  let p = start + 2;
  const charsetStart = p;
  while (p < end && isTokenChar(input.charCodeAt(p)) && input.charCodeAt(p) !== 0x2a) p++;
  const charset = input.slice(charsetStart, p);
  if (charset === '') return null;
  let language: string | undefined;
  if (input.charCodeAt(p) === 0x2a /* * */) {
    const languageStart = ++p;
    while (p < end && isTokenChar(input.charCodeAt(p))) p++;
    language = input.slice(languageStart, p);
    if (language === '') return null;
  }
  if (input.charCodeAt(p) !== 0x3f || input.charCodeAt(p + 2) !== 0x3f) return null;
  const encoding = input.charCodeAt(p + 1) | 0x20;
  if (encoding !== 0x62 && encoding !== 0x71) return null;
  p += 3;
  const textStart = p;
  // encoded-text = 1*<Any printable ASCII character other than "?" or SPACE>
  while (p < end && input.charCodeAt(p) !== 0x3f && !isHttpWhitespace(input.charCodeAt(p))) p++;
  if (input.charCodeAt(p) !== 0x3f || input.charCodeAt(p + 1) !== 0x3d) return null;
  const text = input.slice(textStart, p);
  if (strict && (text === '' || p + 2 - start > 75)) return null;
  const bytes = encoding === 0x62 ? decodeB(text, strict) : decodeQ(text, strict);
  return { start, end: p + 2, charset, language, bytes };
}

/**
 * Decodes the RFC 2047 encoded-words of a header value: B (base64) and Q encoding, any charset the
 * family has (labels resolved the IANA way by default), the RFC 2231 §5 language suffix
 * (`=?US-ASCII*EN?Q?…?=`), and the whitespace between two adjacent encoded-words dropped (adjacent
 * words in the same charset are decoded together, so a character split across them survives).
 * A word whose charset is unknown, or whose codec is not loaded, is left exactly as written and
 * reported in `issues`: never garbled.
 * {@link https://www.rfc-editor.org/rfc/rfc2047#section-6.2 | RFC 2047 §6.2},
 * {@link https://www.rfc-editor.org/rfc/rfc2231#section-5 | RFC 2231 §5}.
 *
 * @param header - The header value (folded or unfolded).
 * @param options - `strict` (default `true`), `mode` (default `iana`).
 * @returns The text, the issues, and the languages met.
 * @throws Never.
 * @example
 * ```ts
 * decodeEncodedWords('=?ISO-8859-1?Q?Andr=E9?= Pirard').text; // 'André Pirard'
 * decodeEncodedWords('(=?UTF-8?Q?a?= =?UTF-8?Q?b?=)').text; // '(ab)'
 * decodeEncodedWords('=?x-unknown?Q?a?=').issues[0]?.reason; // 'unknown-charset'
 * ```
 */
export function decodeEncodedWords(header: string, options?: DecodeWordsOptions): DecodedWords {
  const strict = options?.strict !== false;
  const mode = options?.mode ?? 'iana';
  const issues: EncodedWordIssue[] = [];
  const languages = new Set<string>();
  let out = '';
  let copied = 0; // input before this index is in `out`
  let previousEnd = -1; // end of the previous decoded word, for the adjacency rule
  // Bytes of a run of adjacent words in one charset, decoded when the run ends.
  let pending: {
    codec: { decode(b: Uint8Array): string };
    charset: string;
    parts: Uint8Array[];
  } | null = null;
  const flush = (): void => {
    if (pending === null) return;
    out += pending.codec.decode(concatBytes(pending.parts));
    pending = null;
  };

  let i = header.indexOf('=?');
  while (i >= 0) {
    const before = i === 0 ? -1 : header.charCodeAt(i - 1);
    const word =
      !strict || before < 0 || before === 0x28 || isHttpWhitespace(before)
        ? parseWord(header, i, strict)
        : null;
    const after = word === null || word.end >= header.length ? -1 : header.charCodeAt(word.end);
    if (word === null || (strict && after >= 0 && after !== 0x29 && !isHttpWhitespace(after))) {
      i = header.indexOf('=?', i + 2);
      continue;
    }
    const resolved = resolveLabel(word.charset, mode);
    const codec = resolved === undefined ? undefined : codecByName(resolved.codec);
    if (codec === undefined || word.bytes === null) {
      issues.push({
        index: i,
        charset: word.charset,
        reason:
          word.bytes === null
            ? 'malformed'
            : resolved === undefined
              ? 'unknown-charset'
              : 'codec-not-loaded',
      });
      i = header.indexOf('=?', word.end);
      continue;
    }
    // RFC 2047 §6.2: linear whitespace between two adjacent encoded-words is ignored.
    let gapIsSpace = previousEnd >= 0;
    for (let k = previousEnd; gapIsSpace && k < i; k++)
      gapIsSpace = isHttpWhitespace(header.charCodeAt(k));
    if (!gapIsSpace) {
      flush();
      out += header.slice(copied, i);
    } else if (pending?.charset !== resolved!.codec) flush();
    if (pending === null) pending = { codec, charset: resolved!.codec, parts: [] };
    pending.parts.push(word.bytes);
    if (word.language !== undefined) languages.add(word.language);
    copied = previousEnd = word.end;
    i = header.indexOf('=?', word.end);
  }
  flush();
  out += header.slice(copied);
  return { text: out, issues, languages: [...languages] };
}

/** Options of {@link encodeEncodedWords}. */
export interface EncodeWordsOptions {
  /** Charset label (default `UTF-8`); its codec must be loaded or registered. */
  charset?: string;
  /** `B` (base64) or `Q`; by default Q when at most a third of the bytes need escaping, else B. */
  encoding?: 'B' | 'Q';
  /** An RFC 2231 §5 language tag to put after the charset (`=?UTF-8*en?Q?…?=`). */
  language?: string;
  /** Label registry for `charset`: `iana` (default) or `whatwg`. */
  mode?: LabelMode;
  /** Between words: `"\r\n "` (default: each word on its own folded line) or `" "`. */
  separator?: '\r\n ' | ' ';
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
 * Encodes text as RFC 2047 encoded-words, each at most 75 characters, split between characters
 * (never inside one, so each word decodes on its own) and joined by a fold (`CRLF SPACE`) so that
 * no line grows past 76 octets. Decoding the result gives the text back exactly: the whitespace
 * between adjacent encoded-words is not part of the text. The output never holds a CR or LF except
 * in the folds, whatever the text holds, so a header cannot be injected through it.
 * {@link https://www.rfc-editor.org/rfc/rfc2047#section-2 | RFC 2047 §2 (75 characters)},
 * {@link https://www.rfc-editor.org/rfc/rfc2047#section-5 | RFC 2047 §5}.
 *
 * @param text - The text to encode.
 * @param options - `charset` (default UTF-8), `encoding`, `language`, `mode`, `separator`.
 * @returns The encoded-words, or `''` for empty text.
 * @throws {@link CharsetError} when the charset is unknown or its codec is not loaded;
 * {@link HeaderSyntaxError} when the charset is not a token (`CSA_Z243.4-1985-1`) or the charset
 * and language are too long for a 75-character word;
 * the codec's error when a character cannot be encoded in the charset.
 * @example
 * ```ts
 * encodeEncodedWords('André', { encoding: 'Q' }); // '=?UTF-8?Q?Andr=C3=A9?='
 * ```
 */
export function encodeEncodedWords(text: string, options?: EncodeWordsOptions): string {
  const label = options?.charset ?? 'UTF-8';
  const mode = options?.mode ?? 'iana';
  const codec = codecFor(label, mode);
  for (let i = 0; i < label.length; i++) {
    if (!isTokenChar(label.charCodeAt(i)) || label.charCodeAt(i) === 0x2a) {
      throw new HeaderSyntaxError(i, 'charset is not an RFC 2047 token');
    }
  }
  if (text === '') return '';
  const prefix = `=?${label}${options?.language === undefined ? '' : `*${options.language}`}?`;
  let q: boolean;
  if (options?.encoding !== undefined) q = options.encoding === 'Q';
  else {
    const all = codec.encode(text, { mode: 'fatal' });
    q = encodedLength(all, true) <= all.length + (2 * all.length) / 3;
  }
  const room = 75 - prefix.length - 4; // "B?" + "?="
  if (room < 12)
    throw new HeaderSyntaxError(0, 'charset and language leave no room in a 75-character word');
  const word = (bytes: Uint8Array): string =>
    `${prefix}${q ? `Q?${encodeQ(bytes)}` : `B?${encodeB(bytes)}`}?=`;
  const words: string[] = [];
  let chunk = '';
  let chunkBytes: Uint8Array = new Uint8Array(0);
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i)!;
    const ch = text.slice(i, i + (cp > 0xffff ? 2 : 1));
    // Re-encode the whole chunk: stateful charsets (ISO-2022-JP) need their escapes per word.
    const bytes = codec.encode(chunk + ch, { mode: 'fatal' });
    if (encodedLength(bytes, q) > room && chunk !== '') {
      words.push(word(chunkBytes));
      chunk = ch;
      chunkBytes = codec.encode(ch, { mode: 'fatal' });
    } else {
      chunk += ch;
      chunkBytes = bytes;
    }
    i += ch.length;
  }
  words.push(word(chunkBytes));
  return words.join(options?.separator ?? '\r\n ');
}
