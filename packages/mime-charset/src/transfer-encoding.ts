// Content-Transfer-Encoding (RFC 2045 §6): quoted-printable (§6.7) and base64 (§6.8), both ways.
// Every decoder is one pass over the input; lenient by default, as mail readers are.
import { type Bytes, toBytes, encode as utf8Encode } from '@x/utf8';
import { HEX } from './chars';
import { asciiString, platformDecode, platformDecodes, platformEncode } from './base64-platform';
import { codecFor } from './codecs';
import { HeaderSyntaxError } from './errors';

// Charsets whose escape sequences carry a state from character to character.
const STATEFUL_CODECS = /* @__PURE__ */ new Set([
  'iso-2022-jp',
  'iso-2022-kr',
  'iso-2022-cn',
  'hz-gb-2312',
  'utf-7',
  'utf-7-imap',
  'marc-8',
]);

const TRANSFER_ENCODING_ERROR = /* @__PURE__ */ Symbol.for('@x/mime-charset/TransferEncodingError');

/** A strict transfer decoder met something RFC 2045 §6 does not allow, at `index`. */
export class TransferEncodingError extends Error {
  /** Always `TransferEncodingError`. */
  override readonly name = 'TransferEncodingError';
  /** Byte index in the input (the UTF-8 bytes of a string) where decoding failed. */
  readonly index: number;
  /** What is wrong there. */
  readonly reason: string;
  constructor(index: number, reason: string) {
    super(`${reason} at index ${index}`);
    this.index = index;
    this.reason = reason;
    Object.defineProperty(this, TRANSFER_ENCODING_ERROR, { value: true });
  }

  /** Brand check: true for a `TransferEncodingError` of either build (ESM or CommonJS). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[TRANSFER_ENCODING_ERROR] === true
    );
  }
}

/** Options of the transfer decoders. */
export interface TransferDecodeOptions {
  /**
   * `false` (default): decode what mail readers decode (lowercase hex, a bare LF, an `=` that
   * starts no escape, base64 without padding or with stray characters). `true`: throw a
   * {@link TransferEncodingError} at the first thing RFC 2045 §6.7 or §6.8 does not allow.
   */
  strict?: boolean;
}

/** Bytes of the input: a string is read as its UTF-8 bytes (transfer-encoded text is ASCII). */
/**
 * A body or a text as bytes: a string as its UTF-8 bytes, anything else read as `TextDecoder.decode`
 * reads it (any ArrayBuffer, SharedArrayBuffer or view), or a `TypeError` naming the argument.
 */
function inputBytes(input: Bytes | string, name = 'input'): Uint8Array {
  return typeof input === 'string' ? utf8Encode(input) : toBytes(input, name);
}

// Hex digit values, -1 elsewhere; uppercase only in the second table (RFC 2045 §6.7 (1)).
const HEXV = /* @__PURE__ */ (() => {
  const t = new Int8Array(256).fill(-1);
  for (let i = 0; i < 16; i++) {
    t[HEX.charCodeAt(i)] = i;
    t[HEX.toLowerCase().charCodeAt(i)] = i;
  }
  return t;
})();

const isBlank = (c: number | undefined): boolean => c === 0x20 || c === 0x09;

/**
 * What a lenient transfer decoder repaired, or found that no encoder writes, in a body: each kind
 * once, at the byte offset of its first occurrence, with how many there were (internal; see
 * `DecodedMimePart.bodyIssues`).
 */
export interface BodyIssue {
  reason: 'invalid-character' | 'padding' | 'malformed' | 'whitespace';
  index: number;
  count: number;
}

// One more `reason` at `index`: a list of at most four entries, so finding one is cheap.
function note(report: BodyIssue[], reason: BodyIssue['reason'], index: number): void {
  for (const x of report)
    if (x.reason === reason) {
      x.count++;
      return;
    }
  report.push({ reason, index, count: 1 });
}

/**
 * Decodes quoted-printable (RFC 2045 §6.7) to bytes: `=XX` escapes (rule 1), literal characters
 * (rule 2), whitespace at the end of a line deleted (rule 3: transport may add it), line breaks kept
 * as written (rule 4), and `=` at the end of a line a soft line break (rule 5), also when
 * whitespace follows it. Lenient (default), as mail readers do: lowercase hex, a bare LF as a line
 * break (`=` LF a soft one), and an `=` that starts no escape kept as `=`; a bare CR is data, never
 * a line break (the whitespace before it and an `=` before it are kept). Strict: each of those,
 * a byte outside rule 2, a bare CR or LF, and a line longer than 76 characters throw.
 *
 * @param input - The encoded body, as bytes or as a string.
 * @param options - `strict` (default `false`).
 * @returns The decoded bytes.
 * @throws {@link TransferEncodingError} in strict mode only.
 * @example
 * ```ts
 * new TextDecoder().decode(decodeQuotedPrintable('caf=C3=A9 =\r\nau lait')); // 'café au lait'
 * ```
 */
export function decodeQuotedPrintable(
  input: Bytes | string,
  options?: TransferDecodeOptions,
): Uint8Array {
  return qpBytes(inputBytes(input), options?.strict === true);
}

// The decoder's loop; lenient, with `report`, each repair noted (RFC 2045 §6.7 note (2): "indicate
// to the user that proper decoding was not possible"; note (4): warn of illegal characters).
function qpBytes(src: Uint8Array, strict: boolean, report?: BodyIssue[]): Uint8Array {
  const len = src.length;
  const out = new Uint8Array(len);
  let n = 0;
  let lineStart = 0;
  const fail = (i: number, reason: string): never => {
    throw new TransferEncodingError(i, reason);
  };
  const endLine = (i: number): void => {
    if (strict && i - lineStart > 76) fail(lineStart + 76, 'line longer than 76 characters');
  };
  let i = 0;
  while (i < len) {
    const c = src[i]!;
    if ((c > 0x20 && c < 0x3d) || (c > 0x3d && c < 0x7f)) {
      out[n++] = c;
      i++;
      continue;
    }
    if (c === 0x3d) {
      const h = i + 1 < len ? HEXV[src[i + 1]!]! : -1;
      const l = i + 2 < len ? HEXV[src[i + 2]!]! : -1;
      if (h >= 0 && l >= 0) {
        if (strict && (src[i + 1]! >= 0x61 || src[i + 2]! >= 0x61)) fail(i, 'lowercase hex');
        out[n++] = (h << 4) | l;
        i += 3;
        continue;
      }
      // Rule 5: a soft line break, with any transport padding before the line break.
      let j = i + 1;
      while (isBlank(src[j])) j++;
      if (j === len) {
        i = j;
        continue;
      }
      if (src[j] === 0x0d && src[j + 1] === 0x0a) {
        endLine(i + 1);
        i = lineStart = j + 2;
        continue;
      }
      if (src[j] === 0x0a) {
        if (strict) fail(j, 'bare LF');
        i = lineStart = j + 1;
        continue;
      }
      // A bare CR is no line break (rule 4: CRLF), not even leniently: the `=` is kept, and the
      // CR too. Strict, the fault is the CR where the soft line break's CRLF should be.
      if (strict && src[j] === 0x0d) fail(j, 'bare CR');
      if (strict) fail(i, '= starts no escape');
      if (report) note(report, 'invalid-character', i);
      out[n++] = c;
      i++;
      continue;
    }
    if (c === 0x20 || c === 0x09) {
      // Rule 3: whitespace that ends a line was added in transport; delete it. A line ends at
      // CRLF, or (lenient) a bare LF; a bare CR is data, so whitespace before it is kept.
      let j = i + 1;
      while (isBlank(src[j])) j++;
      if (j < len && src[j] !== 0x0a && !(src[j] === 0x0d && src[j + 1] === 0x0a))
        while (i < j) out[n++] = src[i++]!;
      i = j;
      continue;
    }
    if (c === 0x0d && src[i + 1] === 0x0a) {
      endLine(i);
      out[n++] = 0x0d;
      out[n++] = 0x0a;
      i = lineStart = i + 2;
      continue;
    }
    if (strict) fail(i, c === 0x0a ? 'bare LF' : c === 0x0d ? 'bare CR' : 'byte outside rule 2');
    // §6.7 note (4): a control or a byte above 126 is kept (mislabelled 8-bit text), and warned of;
    // a bare LF is a line break, a bare CR data (see above).
    if (c === 0x0a) lineStart = i + 1;
    else if (report && c !== 0x0d) note(report, 'invalid-character', i);
    out[n++] = c;
    i++;
  }
  endLine(len);
  return out.subarray(0, n);
}

/** Options of {@link encodeQuotedPrintable}. */
export interface QuotedPrintableEncodeOptions {
  /**
   * `false` (default): text; CRLF, or a bare LF, is a line break and written as CRLF (rule 4).
   * `true`: binary data; CR and LF are escaped like any other byte.
   */
  binary?: boolean;
  /**
   * For a string: the charset to write it in (an IANA label, default UTF-8; its codec must be
   * loaded). A soft line break never falls inside one of its characters. Ignored for bytes, which
   * are kept together as UTF-8 sequences.
   */
  charset?: string;
}

const HEX_CODES = /* @__PURE__ */ Uint8Array.from(HEX, (c) => c.charCodeAt(0));
// 1: literal (rule 2); 2: space or tab (literal unless a line break or the end follows, rule 3).
const SAFE = /* @__PURE__ */ (() => {
  const t = new Uint8Array(256);
  for (let c = 0x21; c < 0x7f; c++) t[c] = c === 0x3d ? 0 : 1;
  t[0x20] = t[0x09] = 2;
  return t;
})();

/**
 * Encodes bytes (or text, in UTF-8 or `options.charset`) as quoted-printable (RFC 2045 §6.7):
 * lines of at most 76 characters, a soft line break (`=` CRLF) never inside an `=XX` escape nor
 * inside a character (a UTF-8 sequence; for text in another charset, the bytes of one character),
 * `=`, control bytes and bytes above 126 escaped, a space or tab before a line break or the end
 * escaped (rule 3), and `From ` at the start of a line and a line of a lone `.` escaped (`=46rom`,
 * `=2E`: RFC 2049 §3, for mbox readers and SMTP relays). Decoding the output gives the bytes back.
 *
 * @param input - Bytes, or a string (encoded in `charset`, default UTF-8, first).
 * @param options - `binary` (default `false`), `charset`.
 * @returns The encoded body (ASCII).
 * @throws {@link CharsetError} when `charset` is unknown or its codec not loaded; the codec's error
 * when a character cannot be encoded in it. Never for bytes.
 * @example
 * ```ts
 * encodeQuotedPrintable('café = 1\r\n'); // 'caf=C3=A9 =3D 1\r\n'
 * ```
 */
export function encodeQuotedPrintable(
  input: Bytes | string,
  options?: QuotedPrintableEncodeOptions,
): string {
  const binary = options?.binary === true;
  let src: Uint8Array;
  // For text in a charset other than UTF-8: which bytes continue a character.
  let continues: Uint8Array | undefined;
  const codec =
    typeof input === 'string' && options?.charset !== undefined
      ? codecFor(options.charset, 'iana')
      : undefined;
  if (codec === undefined || codec.name === 'utf-8') src = inputBytes(input);
  else if (STATEFUL_CODECS.has(codec.name)) {
    // Escape sequences carry a state from character to character: the whole text at once (these
    // charsets are 7-bit, so every byte but ESC is written as itself).
    src = codec.encode(input as string, { mode: 'fatal' });
    continues = new Uint8Array(src.length);
  } else {
    const parts: Uint8Array[] = [];
    let total = 0;
    for (const ch of input as string) {
      const b = codec.encode(ch, { mode: 'fatal' });
      parts.push(b);
      total += b.length;
    }
    src = new Uint8Array(total);
    continues = new Uint8Array(total);
    let o = 0;
    for (const b of parts) {
      src.set(b, o);
      continues.fill(1, o + 1, o + b.length);
      o += b.length;
    }
  }
  if (continues === undefined) return asciiString(encodeQpBytes(src, binary));
  const len = src.length;
  const out = new Uint8Array(len * 3 + Math.ceil((len * 3) / 73) * 3 + 3);
  let n = 0;
  let col = 0; // characters on the current output line
  for (let i = 0; i < len; ) {
    const c = src[i]!;
    if (col === 0 && guarded(src, i, binary)) {
      out[n++] = 0x3d;
      out[n++] = HEX_CODES[c >> 4]!;
      out[n++] = HEX_CODES[c & 15]!;
      col = 3;
      i++;
      continue;
    }
    // Most bytes: a run of literal characters, or a space or tab that one follows, while the line
    // has room.
    if (col < 75 && (SAFE[c] === 1 || (SAFE[c] === 2 && i + 1 < len && SAFE[src[i + 1]!] === 1))) {
      const stop = Math.min(len, i + 75 - col);
      const from = i;
      out[n++] = c;
      i++;
      while (i < stop && SAFE[src[i]!] === 1) out[n++] = src[i++]!;
      col += i - from;
      continue;
    }
    if (!binary && (c === 0x0a || (c === 0x0d && src[i + 1] === 0x0a))) {
      out[n++] = 0x0d;
      out[n++] = 0x0a;
      col = 0;
      i += c === 0x0d ? 2 : 1;
      continue;
    }
    // The unit: one byte, or a whole UTF-8 sequence (a lead byte and its continuation bytes),
    // escaped as a whole.
    let end = i + 1;
    if (continues !== undefined) while (end < len && continues[end] === 1) end++;
    else if (c >= 0xc0) while (end < len && end - i < 4 && (src[end]! & 0xc0) === 0x80) end++;
    // A UTF-8 sequence is all escapes; a character of another charset may hold literal bytes.
    let width = 0;
    if (continues === undefined)
      width = end - i > 1 ? 3 * (end - i) : literal(src, i, binary) ? 1 : 3;
    else for (let k = i; k < end; k++) width += literal(src, k, binary) ? 1 : 3;
    if (col + width > 75) {
      const next = src[end];
      const lastOnLine =
        end === len || (!binary && (next === 0x0a || (next === 0x0d && src[end + 1] === 0x0a)));
      // Room for the unit, and for the `=` of a soft break unless the unit ends the line; the
      // unit is then read again at the new line's start.
      if (col + width > (lastOnLine ? 76 : 75)) {
        out[n++] = 0x3d;
        out[n++] = 0x0d;
        out[n++] = 0x0a;
        col = 0;
        continue;
      }
    }
    if (width === 1) out[n++] = c;
    else
      for (; i < end; i++) {
        const b = src[i]!;
        if (continues !== undefined && literal(src, i, binary)) out[n++] = b;
        else {
          out[n] = 0x3d;
          out[n + 1] = HEX_CODES[b >> 4]!;
          out[n + 2] = HEX_CODES[b & 15]!;
          n += 3;
        }
      }
    i = end;
    col += width;
  }
  return asciiString(out.subarray(0, n));
}

// `=XX` of each byte, as three ASCII codes packed little-end first: one table load per byte.
const ESCAPE = /* @__PURE__ */ (() => {
  const t = new Uint32Array(256);
  for (let b = 0; b < 256; b++)
    t[b] = 0x3d | (HEX_CODES[b >> 4]! << 8) | (HEX_CODES[b & 15]! << 16);
  return t;
})();

/**
 * `encodeQuotedPrintable` of bytes kept together as UTF-8 sequences (text in UTF-8, or bytes): the
 * same rules as the general loop, with the escaped sequences, nearly every byte of non-Latin text,
 * written without a per-byte rule check (a byte of 0x80 or more is never literal).
 */
function encodeQpBytes(src: Uint8Array, binary: boolean): Uint8Array {
  const len = src.length;
  // The output's size guessed from the first 4 KiB (a byte of 0x80 or more takes 3 characters,
  // another 1; a soft break 3 every 73 or so) rather than the bound of 3 a byte: on mostly-ASCII
  // text that is a third of the memory to allocate and clear. The loop makes room as it goes.
  const sample = Math.min(len, 4096);
  let high = 0;
  for (let i = 0; i < sample; i++) high += src[i]! >> 7;
  const guess = len + Math.ceil((2 * len * high) / (sample || 1));
  let out = new Uint8Array(guess + (guess >> 4) + 128);
  let n = 0;
  let col = 0; // characters on the current output line
  for (let i = 0; i < len; ) {
    // One pass of this loop writes at most 81 characters (a run of 75 escapes after a soft
    // break's 3, or a unit of 12 and a soft break).
    if (n > out.length - 96) {
      const more = new Uint8Array(out.length * 2 + 128);
      more.set(out.subarray(0, n));
      out = more;
    }
    let c = src[i]!;
    if (col === 0 && guarded(src, i, binary)) {
      const e = ESCAPE[c]!;
      out[n] = e;
      out[n + 1] = e >> 8;
      out[n + 2] = e >> 16;
      n += 3;
      col = 3;
      i++;
      continue;
    }
    if (c >= 0x80 && col <= 63) {
      // Bytes of 0x80 and more while the line surely has room: a unit (a lead byte and up to three
      // continuation bytes, at most 12 characters escaped) that starts at column 63 or before
      // ends by column 75, a stray continuation byte (3 characters) that starts by 72 too; so no
      // unit here needs the soft-break decision below, and each byte is one table load.
      let left = 0; // continuation bytes the current unit may still take
      do {
        if (c >= 0xc0) {
          if (col > 63) break;
          left = 3;
        } else if (left > 0) left--;
        else if (col > 72) break;
        const e = ESCAPE[c]!;
        out[n] = e;
        out[n + 1] = e >> 8;
        out[n + 2] = e >> 16;
        n += 3;
        col += 3;
        if (++i === len) break;
        c = src[i]!;
      } while (c >= 0x80);
      continue;
    }
    if (c >= 0x80) {
      // A UTF-8 sequence (a lead byte and up to three continuation bytes) or a stray byte: all
      // escapes, never split by a soft line break (rule 5).
      let end = i + 1;
      if (c >= 0xc0) while (end < len && end - i < 4 && (src[end]! & 0xc0) === 0x80) end++;
      const width = 3 * (end - i);
      if (col + width > 75) {
        const next = src[end];
        const lastOnLine =
          end === len || (!binary && (next === 0x0a || (next === 0x0d && src[end + 1] === 0x0a)));
        if (col + width > (lastOnLine ? 76 : 75)) {
          out[n] = 0x3d;
          out[n + 1] = 0x0d;
          out[n + 2] = 0x0a;
          n += 3;
          col = 0;
        }
      }
      for (; i < end; i++) {
        const e = ESCAPE[src[i]!]!;
        out[n] = e;
        out[n + 1] = e >> 8;
        out[n + 2] = e >> 16;
        n += 3;
      }
      col += width;
      continue;
    }
    // A run of literal characters, each space or tab in it followed by a literal character (rule
    // 3), while the line has room: in prose, a whole line's worth of words in one run.
    if (col < 75 && (SAFE[c] === 1 || (SAFE[c] === 2 && i + 1 < len && SAFE[src[i + 1]!] === 1))) {
      const stop = Math.min(len, i + 75 - col);
      const from = i;
      out[n++] = c;
      i++;
      while (i < stop) {
        const k = SAFE[(c = src[i]!)]!;
        if (k !== 1 && (k !== 2 || i + 1 >= len || SAFE[src[i + 1]!] !== 1)) break;
        out[n++] = c;
        i++;
      }
      col += i - from;
      continue;
    }
    if (!binary && (c === 0x0a || (c === 0x0d && src[i + 1] === 0x0a))) {
      out[n++] = 0x0d;
      out[n++] = 0x0a;
      col = 0;
      i += c === 0x0d ? 2 : 1;
      continue;
    }
    // One ASCII byte: literal (a character the run did not take: at the line's end) or escaped.
    const width = literal(src, i, binary) ? 1 : 3;
    if (col + width > 75) {
      const next = src[i + 1];
      const lastOnLine =
        i + 1 === len || (!binary && (next === 0x0a || (next === 0x0d && src[i + 2] === 0x0a)));
      if (col + width > (lastOnLine ? 76 : 75)) {
        out[n] = 0x3d;
        out[n + 1] = 0x0d;
        out[n + 2] = 0x0a;
        n += 3;
        col = 0;
        continue; // the byte is read again at the new line's start
      }
    }
    if (width === 1) out[n++] = c;
    else {
      const e = ESCAPE[c]!;
      out[n] = e;
      out[n + 1] = e >> 8;
      out[n + 2] = e >> 16;
      n += 3;
    }
    i++;
    col += width;
  }
  return out.subarray(0, n);
}

/**
 * Whether the byte at `i`, at the start of an output line, is escaped although literal: RFC 2049
 * §3 (8) and (7) advise escaping `From ` at the start of a line (an mbox reader takes it for the
 * start of a message) and a line of a lone `.` (an SMTP end of data where a relay does not
 * dot-stuff), as KMime and MIME-tools do.
 */
function guarded(src: Uint8Array, i: number, binary: boolean): boolean {
  const c = src[i];
  if (c === 0x46)
    return src[i + 1] === 0x72 && src[i + 2] === 0x6f && src[i + 3] === 0x6d && src[i + 4] === 0x20;
  if (c !== 0x2e) return false;
  const next = src[i + 1];
  return (
    next === undefined || (!binary && (next === 0x0a || (next === 0x0d && src[i + 2] === 0x0a)))
  );
}

// Rule 2, and rule 3: a space or tab is literal unless a line break or the end follows it.
function literal(src: Uint8Array, i: number, binary: boolean): boolean {
  const b = src[i]!;
  if (b === 0x20 || b === 0x09) {
    const next = src[i + 1];
    return next !== undefined && (binary || (next !== 0x0d && next !== 0x0a));
  }
  return b >= 0x21 && b <= 0x7e && b !== 0x3d;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64V = /* @__PURE__ */ (() => {
  const t = new Int8Array(256).fill(-1);
  for (let i = 0; i < 64; i++) t[B64.charCodeAt(i)] = i;
  return t;
})();

/**
 * Decodes base64 (RFC 2045 §6.8) to bytes. Line breaks and whitespace are skipped anywhere. Lenient
 * (default), as §6.8 tells decoders: any other character outside the alphabet is ignored, missing
 * padding is no error, and data after an `=` is read on (concatenated base64: `YWI=YWI=` is
 * `abab`): an `=` ends a quantum of 2 or 3 characters and is skipped in one of 0 or 1, and pad
 * bits that are not zero are dropped. Strict: a character outside the alphabet other than
 * whitespace, a final quantum of one character, pad bits that are not zero (`YR==`: RFC 4648
 * §3.5 lets a decoder refuse them; at the character that holds them), missing or wrong padding (at
 * the first `=` too many: 8 for `YWJjZA===`, 0 for `=AAA`), or data after the padding throw.
 *
 * @param input - The encoded body, as bytes or as a string.
 * @param options - `strict` (default `false`).
 * @returns The decoded bytes.
 * @throws {@link TransferEncodingError} in strict mode only.
 * @example
 * ```ts
 * new TextDecoder().decode(decodeBase64('Y2Fmw6k\r\n')); // 'café'
 * ```
 */
export function decodeBase64(input: Bytes | string, options?: TransferDecodeOptions): Uint8Array {
  const strict = options?.strict === true;
  if (typeof input === 'string' && !strict) {
    const platform = platformDecode(input);
    if (platform !== undefined) return platform;
  }
  return base64Bytes(inputBytes(input), strict);
}

// The decoder's loop. Lenient, with `report`, what it repairs is noted (RFC 2045 §6.8: characters
// outside the alphabet "probably indicate a transmission error, about which a warning message ...
// might be appropriate"): such a character (`invalid-character`), padding missing, misplaced or in
// excess, data after it, non-zero pad bits (`padding`), a final quantum of one character, dropped
// (`malformed`), and a space or tab before a base64 character on its line (`whitespace`: §6.8 lets
// whitespace be, but no encoder writes it inside a line, as prose labelled base64 has it). Only the
// character-at-a-time path notes: the whole quanta path is left while something is pending.
function base64Bytes(src: Uint8Array, strict: boolean, report?: BodyIssue[]): Uint8Array {
  const len = src.length;
  const out = new Uint8Array(Math.floor((len * 3) / 4) + 3);
  let n = 0;
  let acc = 0;
  let q = 0; // sextets in `acc`
  let last = 0; // where the last sextet read one at a time stands (strict: its pad bits)
  let i = 0;
  // With `report`: a space or tab on this line not yet followed by a base64 character (or -1); the
  // `=` still due after a quantum an `=` ended; whether one did, with no data since; either.
  let blank = -1;
  let due = 0;
  let ended = false;
  let watch = false;
  while (i < len) {
    if (q === 0 && !watch) {
      // Whole quanta of four alphabet characters at a time.
      while (i + 4 <= len) {
        const a = B64V[src[i]!]!;
        const b = B64V[src[i + 1]!]!;
        const c = B64V[src[i + 2]!]!;
        const d = B64V[src[i + 3]!]!;
        if ((a | b | c | d) < 0) break;
        out[n] = (a << 2) | (b >> 4);
        out[n + 1] = ((b & 15) << 4) | (c >> 2);
        out[n + 2] = ((c & 3) << 6) | d;
        n += 3;
        i += 4;
      }
      if (i >= len) break;
    }
    const ch = src[i]!;
    const v = B64V[ch]!;
    if (v >= 0) {
      if (watch) {
        if (blank >= 0) note(report!, 'whitespace', blank);
        if (ended) note(report!, 'padding', i); // data after an `=`: concatenated base64
        blank = -1;
        due = 0;
        ended = watch = false;
      }
      acc = (acc << 6) | v;
      last = i;
      if (++q === 4) {
        out[n++] = acc >> 16;
        out[n++] = (acc >> 8) & 255;
        out[n++] = acc & 255;
        acc = q = 0;
      }
    } else if (ch === 0x3d) {
      if (strict) break;
      // Lenient: an `=` ends a quantum of 2 or 3 characters (its bytes written) and is skipped
      // in one of 0 or 1; what follows is read on (concatenated base64, as Thunderbird's
      // mimeenc.cpp reads it): RFC 2045 §6.8 lets a decoder stop there, not drop the rest.
      if (q === 2) out[n++] = acc >> 4;
      else if (q === 3) {
        out[n++] = acc >> 10;
        out[n++] = (acc >> 2) & 255;
      }
      if (report) {
        if (q > 1) {
          // RFC 4648 §3.5: the bits past the last byte are zero; lenient drops them.
          if (acc & (q === 2 ? 15 : 3)) note(report, 'padding', last);
          due = 3 - q;
          ended = watch = true;
        } else if (q === 0 && due > 0) due--;
        else note(report, 'padding', i); // an `=` that ends no quantum: skipped
      }
      if (q > 1) acc = q = 0;
    } else if (ch === 0x20 || ch === 0x09) {
      if (report && blank < 0) {
        blank = i;
        watch = true;
      }
    } else if (ch === 0x0d || ch === 0x0a) {
      if (blank >= 0) {
        blank = -1;
        watch = ended;
      }
    } else if (strict) throw new TransferEncodingError(i, 'character outside the base64 alphabet');
    else if (report) note(report, 'invalid-character', i);
    i++;
  }
  if (strict) {
    // RFC 2045 §6.8: `=` pads a last quantum of 2 or 3 characters to 4, then only whitespace
    // follows; each error is at the first byte that breaks it (`i`: the first `=`, or the end).
    if (q === 1) throw new TransferEncodingError(i, 'a quantum of one character');
    // RFC 4648 §3.5: a decoder MAY reject pad bits (the last character's bits past the last
    // byte) that are not zero, as strict decodeEncodedWords does; no encoder writes them.
    if (acc & (q === 2 ? 15 : q === 3 ? 3 : 0))
      throw new TransferEncodingError(last, 'pad bits not zero');
    let pad = 0;
    for (let j = i; j < len; j++) {
      const ch = src[j]!;
      // An `=` past the padding, or starting a quantum (`=AAA`, `YWJj=`), is the fault.
      if (ch === 0x3d) {
        if (++pad > 4 - q || q === 0) throw new TransferEncodingError(j, 'wrong padding');
      } else if (ch !== 0x20 && ch !== 0x09 && ch !== 0x0d && ch !== 0x0a)
        throw new TransferEncodingError(j, 'data after the padding');
    }
    if (q > 0 && pad !== 4 - q) throw new TransferEncodingError(i, 'wrong padding');
  }
  if (q === 2) out[n++] = acc >> 4;
  else if (q === 3) {
    out[n++] = acc >> 10;
    out[n++] = (acc >> 2) & 255;
  }
  if (report && !strict) {
    // The end: a quantum of one character holds no byte (6 bits, dropped); one of 2 or 3 wants its
    // `=` (at the end of its data), and zero pad bits; an `=` still due is missing.
    if (q === 1) note(report, 'malformed', last);
    else if (q > 1) {
      if (acc & (q === 2 ? 15 : 3)) note(report, 'padding', last);
      note(report, 'padding', last + 1);
    } else if (due > 0) note(report, 'padding', len);
  }
  return out.subarray(0, n);
}

/**
 * A base64 body in which {@link base64Bytes} would note nothing, in either mode, decoded by the
 * runtime's decoder (Node's `Buffer`, `Uint8Array.fromBase64`), which is several times as fast but
 * says nothing of what it skips; `undefined` when the body has something to note, or may have, or
 * when the runtime has no decoder: the loop decodes it then. Such a body is what RFC 2045 §6.8
 * encoders write: alphabet characters in lines ended by CRLF or LF, then the padding that the last
 * quantum needs (`=` for 3 characters, `==` for 2, none for 4; line breaks may stand among and
 * after them), the pad bits zero (RFC 4648 §3.5). No space or tab anywhere: the loop notes one
 * before a base64 character on its line, and transport whitespace at the end of a line is too rare
 * to look for. Every step is linear: native searches and one look per line. Internal: decodeBody,
 * and the tests.
 */
export function platformBase64(body: Uint8Array | string): Uint8Array | undefined {
  if (!platformDecodes()) return undefined;
  // A byte outside ASCII gives a character outside ASCII, which the decoders refuse or skip.
  const s = typeof body === 'string' ? body : asciiString(body);
  // The padding: `=` and line breaks after the last data character, which ends the data.
  let end = s.length;
  let pad = 0;
  for (let c: number; end > 0; end--) {
    c = s.charCodeAt(end - 1);
    if (c === 0x3d) pad++;
    else if (c !== 0x0d && c !== 0x0a) break;
  }
  // The data's length less its line breaks: each LF, and the CR before it. The next LF is looked for
  // where a line as long as the first would end it (mail's base64 has lines of one length), else
  // searched for. The guess may skip an LF, and a CR elsewhere is not counted: an undercount only
  // makes the decoder's output shorter than `size` below, so the loop decodes such a body.
  let n = end;
  for (let p = s.indexOf('\n'), step = p + 1; p >= 0 && p < end; ) {
    n -= s.charCodeAt(p - 1) === 0x0d ? 2 : 1;
    p = s.charCodeAt(p + step) === 0x0a ? p + step : s.indexOf('\n', p + 1);
  }
  // The last quantum: 4 characters with no `=`, 3 with one, 2 with two, and zero pad bits in the
  // last data character (a character outside the alphabet there fails here or the size below).
  const r = n & 3;
  if (pad !== (4 - r) % 4 || r === 1) return undefined;
  if ((B64V[s.charCodeAt(end - 1)]! & (r === 2 ? 15 : r === 3 ? 3 : 0)) !== 0) return undefined;
  // The decoder reads each alphabet character as a digit and skips what is not in the alphabet,
  // or refuses it (the node build leaves to the loop what Buffer reads otherwise: `-`, `_`,
  // characters above U+00FF, data after an `=`). The output is `size` bytes only when all `n`
  // characters are digits: any one of them skipped, or a stop at an `=` among them, makes it
  // shorter, as r is not 1 (3 bytes for 4 digits, 2 for 3, 1 for 2, and 0 for 1).
  const size = (n >> 2) * 3 + (r > 0 ? r - 1 : 0);
  const out = platformDecode(s);
  return out !== undefined && out.length === size ? out : undefined;
}

/**
 * Internal, for the tests (no entry exports it): with `loop` set, decodeBody decodes every base64
 * body with its loop, which the platform's path must match.
 */
export const base64Seam: { loop: boolean } = { loop: false };

/**
 * The body's bytes under a Content-Transfer-Encoding mechanism already read by
 * {@link transferMechanism}, as {@link decodeTransferEncoding} gives them, with what the lenient
 * decoders repaired added to `report` (strict, they throw instead). Internal: decodeMimePart.
 */
export function decodeBody(
  body: Bytes | string,
  name: string,
  strict: boolean,
  report: BodyIssue[],
): Uint8Array | undefined {
  if (name === 'quoted-printable') return qpBytes(inputBytes(body, 'body'), strict, report);
  if (name === 'base64') {
    // Most bodies have nothing to report: the runtime's decoder, when it has one, decodes those.
    const src = typeof body === 'string' ? body : toBytes(body, 'body');
    return (
      (base64Seam.loop ? undefined : platformBase64(src)) ??
      base64Bytes(inputBytes(src), strict, report)
    );
  }
  return decodeTransferEncoding(body, name, { strict });
}

/** Options of {@link encodeBase64}. */
export interface Base64EncodeOptions {
  /** Characters per line before a CRLF: 76 (default, RFC 2045 §6.8), a multiple of 4, or `Infinity`. */
  lineLength?: number;
}

/**
 * Encodes bytes (or text, as UTF-8) as base64 (RFC 2045 §6.8) in lines of 76 characters joined by
 * CRLF, padded with `=`.
 *
 * @param input - Bytes, or a string (encoded as UTF-8 first).
 * @param options - `lineLength` (default 76).
 * @returns The encoded body (ASCII).
 * @throws `RangeError` when `lineLength` is not a positive multiple of 4 or `Infinity`.
 * @example
 * ```ts
 * encodeBase64('café'); // 'Y2Fmw6k='
 * ```
 */
export function encodeBase64(input: Bytes | string, options?: Base64EncodeOptions): string {
  const lineLength = options?.lineLength ?? 76;
  if (
    lineLength !== Infinity &&
    !(Number.isInteger(lineLength) && lineLength > 0 && lineLength % 4 === 0)
  )
    throw new RangeError('lineLength must be a positive multiple of 4 or Infinity');
  const src = inputBytes(input);
  // The platform's encoder for one line (cutting its output into lines costs more than the loop).
  if (lineLength === Infinity || src.length <= (lineLength / 4) * 3) {
    const flat = platformEncode(src);
    if (flat !== undefined) return flat;
  }
  const len = src.length;
  const chars = Math.ceil(len / 3) * 4;
  const out = new Uint8Array(
    chars + (lineLength === Infinity ? 0 : Math.ceil(chars / lineLength) * 2),
  );
  const perLine = lineLength === Infinity ? Infinity : (lineLength / 4) * 3;
  let n = 0;
  let inLine = 0;
  const T = B64_CODES;
  let i = 0;
  for (; i + 3 <= len; i += 3) {
    if (inLine === perLine) {
      out[n++] = 0x0d;
      out[n++] = 0x0a;
      inLine = 0;
    }
    const v = (src[i]! << 16) | (src[i + 1]! << 8) | src[i + 2]!;
    out[n] = T[v >> 18]!;
    out[n + 1] = T[(v >> 12) & 63]!;
    out[n + 2] = T[(v >> 6) & 63]!;
    out[n + 3] = T[v & 63]!;
    n += 4;
    inLine += 3;
  }
  if (i < len) {
    if (inLine === perLine) {
      out[n++] = 0x0d;
      out[n++] = 0x0a;
    }
    const a = src[i]!;
    const b = i + 1 < len ? src[i + 1]! : 0;
    out[n++] = T[a >> 2]!;
    out[n++] = T[((a & 3) << 4) | (b >> 4)]!;
    out[n++] = i + 1 < len ? T[(b & 15) << 2]! : 0x3d;
    out[n++] = 0x3d;
  }
  return asciiString(out.subarray(0, n));
}

const B64_CODES = /* @__PURE__ */ Uint8Array.from(B64, (c) => c.charCodeAt(0));

/**
 * A Content-Transfer-Encoding value's mechanism: RFC 2045 §6.1 makes it a structured field, so RFC
 * 822 §3.4.3 comments (nested, with quoted-pairs; one left open runs to the end) are cut, then the
 * whitespace around; lowercase. With `strict`, a comment left open is a {@link HeaderSyntaxError}
 * at its `(` (RFC 5322 §3.2.2: a comment ends at its `)`). Internal.
 *
 * @returns The mechanism, and the index of the `(` of a comment left open, or -1.
 */
export function transferMechanism(value: string, strict?: boolean): [string, number] {
  let out = value;
  let open = -1;
  if (value.indexOf('(') >= 0) {
    out = '';
    let depth = 0;
    for (let i = 0; i < value.length; i++) {
      const c = value[i]!;
      if (c === '(') {
        if (depth++ === 0) open = i;
      } else if (depth === 0) out += c;
      else if (c === ')') depth--;
      else if (c === '\\') i++;
    }
    if (depth === 0) open = -1;
    else if (strict) throw new HeaderSyntaxError(open, 'unterminated comment (RFC 5322 §3.2.2)');
  }
  return [out.trim().toLowerCase(), open];
}

/**
 * The body's bytes under a Content-Transfer-Encoding (RFC 2045 §6.1): `7bit`, `8bit`, `binary`
 * (as they are), `quoted-printable`, `base64` (ASCII case-insensitive, whitespace and RFC 822
 * comments around ignored: `base64 (for the attachment)` is base64);
 * `undefined` for any other (`x-uuencode`…), which the caller must not decode as text, and for a
 * value that names none (empty, only comments or a comment left open: `( base64`; RFC 2045 §6.1
 * requires a mechanism). A comment left open runs to the end (`base64 (x` is base64), but in
 * strict mode, where it is a {@link HeaderSyntaxError} at its `(` (RFC 5322 §3.2.2).
 *
 * @param body - The body as bytes or as a string.
 * @param transferEncoding - The header value; absent means `7bit` (RFC 2045 §6.1).
 * @param options - `strict` (default `false`).
 * @returns The bytes, or `undefined` for an unknown encoding.
 * @throws {@link TransferEncodingError} in strict mode only; {@link HeaderSyntaxError} in strict
 * mode, with the index of its `(`, for a comment left open in `transferEncoding`.
 * @example
 * ```ts
 * decodeTransferEncoding('SGk=', 'BASE64'); // Uint8Array [72, 105]
 * ```
 */
export function decodeTransferEncoding(
  body: Bytes | string,
  transferEncoding?: string,
  options?: TransferDecodeOptions,
): Uint8Array | undefined {
  const [name] = transferMechanism(transferEncoding ?? '7bit', options?.strict);
  if (name === 'quoted-printable') return decodeQuotedPrintable(body, options);
  if (name === 'base64') return decodeBase64(body, options);
  // RFC 2045 §6.1: the field holds a mechanism token; an empty one, or only comments (one left
  // open: `( base64`), names none, so no encoding is known.
  if (name === '7bit' || name === '8bit' || name === 'binary') return inputBytes(body, 'body');
  return undefined;
}
