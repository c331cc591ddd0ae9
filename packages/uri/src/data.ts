// The data scheme, RFC 2397.
import { type Bytes, encode, toBytes } from '@x/utf8';
import { Bits, CHARS } from './chars';
import { UriSyntaxError } from './errors';
import { parse } from './parse';
import { decodeBytes, decodeText, encodeText } from './pct';

/** A parsed `data:` URI. */
export interface DataUri {
  /** `type/subtype` in lower case; `text/plain` when the URI gives none. */
  mediaType: string;
  /** The media type's parameters other than `base64`, as decoded `[name, value]` pairs; names lower-cased. */
  parameters: [name: string, value: string][];
  /** The `charset` parameter, or `US-ASCII` when the URI gives no media type at all (§2). */
  charset: string | undefined;
  /** Whether the data was base64-encoded. */
  base64: boolean;
  /** The octets. */
  data: Uint8Array;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * The octets of the base64 data of a `data:` URI, as it is written (escapes not decoded): Fetch's
 * data: URL processor percent-decodes it and then applies the forgiving-base64 decode of the Infra
 * standard. ASCII whitespace (TAB, LF, FF, CR, SPACE; here escaped, `%0A`, `%20`) is left out, as
 * RFC 2045 §6.8 leaves out line breaks; then one or two `=` may end data whose length is a multiple
 * of 4, a length of 1 more than a multiple of 4 is refused, and so is any other character; the bits
 * that make no whole octet are dropped.
 */
function fromBase64(raw: string, uri: string, offset: number): Uint8Array {
  const out = new Uint8Array(Math.ceil((raw.length * 3) / 4));
  let bits = 0;
  let acc = 0;
  let k = 0;
  let n = 0;
  let pad = 0;
  let padAt = 0;
  for (let i = 0; i < raw.length; i++) {
    const at = i;
    let c = raw.charCodeAt(i);
    // the escapes were checked by parse
    if (c === 37) {
      c = Number.parseInt(raw.slice(i + 1, i + 3), 16);
      i += 2;
    }
    // ASCII whitespace
    if (c === 9 || c === 10 || c === 12 || c === 13 || c === 32) continue;
    if (c === 61) {
      if (pad++ === 0) padAt = at;
      continue;
    }
    const v = c < 128 ? B64.indexOf(String.fromCharCode(c)) : -1;
    if (v < 0 || pad > 0)
      throw new UriSyntaxError(
        uri,
        offset + (v < 0 ? at : padAt),
        v < 0 ? 'invalid base64 character' : 'misplaced "=" in base64',
      );
    acc = (acc << 6) | v;
    bits += 6;
    n++;
    if (bits >= 8) {
      bits -= 8;
      out[k++] = (acc >> bits) & 255;
    }
  }
  // "=" only as the last one or two characters of data whose length is a multiple of 4
  if (pad > 2 || ((n + pad) % 4 !== 0 && pad > 0))
    throw new UriSyntaxError(uri, offset + padAt, 'misplaced "=" in base64');
  if (n % 4 === 1)
    throw new UriSyntaxError(uri, offset + raw.length, 'base64 data ends in a lone character');
  return k === out.length ? out : out.slice(0, k);
}

// RFC 2045 §5.1: token := 1*<any (US-ASCII) CHAR except SPACE, CTLs, or tspecials>
const TSPECIALS = '()<>@,;:\\"/[]?=';

function isToken(s: string): boolean {
  if (s === '') return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c <= 32 || c >= 127 || TSPECIALS.indexOf(s[i]!) >= 0) return false;
  }
  return true;
}

/**
 * Whether a decoded parameter value can be written into a `Content-Type` header as it is: no control
 * character (C0, DEL, C1), which would end the header (CR, LF) or cut it short (NUL), and none of
 * `;`, `,`, `"` and `\`, which would add a parameter or a value or break out of a quoted string.
 */
function isSafeValue(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 32 || (c >= 127 && c < 160) || c === 59 || c === 44 || c === 34 || c === 92)
      return false;
  }
  return true;
}

/** The decoded media type and parameters of the part of a `data:` URI before its `,`. */
function mediaTypeOf(
  params: string[],
  uri: string,
  start: number,
): [type: string, parameters: [string, string][]] {
  const type = decodeText(params[0]!, uri, start).toLowerCase();
  const slash = type.indexOf('/');
  if (
    type !== '' &&
    (slash < 0 || !isToken(type.slice(0, slash)) || !isToken(type.slice(slash + 1)))
  )
    throw new UriSyntaxError(uri, start, 'invalid media type (type/subtype must be tokens)');
  const parameters: [string, string][] = [];
  const seen = new Set<string>();
  let offset = start + params[0]!.length + 1;
  for (let i = 1; i < params.length; i++) {
    const p = params[i]!;
    const eq = p.indexOf('=');
    if (eq <= 0) throw new UriSyntaxError(uri, offset, 'media type parameter without "="');
    const name = decodeText(p.slice(0, eq), uri, offset).toLowerCase();
    if (!isToken(name))
      throw new UriSyntaxError(uri, offset, 'media type parameter name is not a token');
    // RFC 2045 §5.1, RFC 6838 §4.3: a parameter appears once. Readers differ on a repeat (Fetch's MIME
    // type parser keeps the first charset, a last-wins reader the last): two charsets, two readings
    if (seen.has(name)) throw new UriSyntaxError(uri, offset, 'media type parameter repeated');
    seen.add(name);
    // value := token / quoted-string, and a token has at least one character (RFC 2045 §5.1)
    if (eq === p.length - 1)
      throw new UriSyntaxError(uri, offset + eq + 1, 'empty media type parameter value');
    const value = decodeText(p.slice(eq + 1), uri, offset + eq + 1);
    if (!isSafeValue(value))
      throw new UriSyntaxError(
        uri,
        offset + eq + 1,
        'control character, ";", ",", \'"\' or "\\" in a media type parameter value (header injection)',
      );
    parameters.push([name, value]);
    offset += p.length + 1;
  }
  return [type, parameters];
}

/**
 * Parses a `data:` URI ({@link https://www.rfc-editor.org/rfc/rfc2397#section-3 | RFC 2397 §3}): media type,
 * parameters, charset, base64 flag and the octets. The URI must be a valid RFC 3986 URI (so spaces must be
 * escaped); the data runs up to the fragment. The media type and the parameters are decoded, and what
 * they decode to must be safe to write into a `Content-Type` header as it is
 * ({@link https://www.rfc-editor.org/rfc/rfc2045#section-5.1 | RFC 2045 §5.1}): the type, the subtype and
 * each parameter name a token, and no parameter value a control character (`%0D%0A`, `%00`), `;`, `,`,
 * `"` or `\`. Such escapes are refused, not kept encoded. A parameter name may appear only once,
 * compared in any case (RFC 6838 §4.3): `;charset=utf-8;charset=utf-7` is refused where the repeat
 * starts, since readers differ on which one counts. An empty value (`;charset=`) is refused at the
 * place of the value: an RFC 2045 value is a token or a quoted string, never empty. Base64 data is read as the Fetch standard's
 * data: URL processor reads it (its forgiving-base64 decode, after percent-decoding): escaped ASCII
 * whitespace (`%20`, `%0A`, `%09`...) is left out, `=` padding may be left off, the bits that make no
 * whole octet are dropped; a length of 1 more than a multiple of 4, a misplaced `=` and any other
 * character (escaped or not) are refused, with the index of that character in `uri`. ASCII tabs and
 * line breaks anywhere are removed first, as the URL Standard's parser removes them (§4.4), so that a
 * `data:` URL wrapped over lines in an HTML attribute reads as one line.
 *
 * @param uri - a `data:` URI
 * @returns the media type and the decoded octets
 * @throws `UriSyntaxError` (exported by `@x/uri`) when `uri` is not a valid `data:` URI, lacks the `,`, its
 *   base64 is malformed (forgiving-base64 fails), its media type or a parameter decodes to what a `Content-Type` header could
 *   not hold as it is (header injection), a parameter name repeats or a parameter value is empty
 * @example
 * ```ts
 * const d = parseDataUri('data:text/plain;charset=utf-8;base64,SGk=');
 * d.mediaType; // 'text/plain'
 * new TextDecoder().decode(d.data); // 'Hi'
 * Array.from(parseDataUri('data:;base64,SG%0Ak').data); // [72, 105]
 * Array.from(parseDataUri('data:;base64,SG\nk=').data); // [72, 105]
 * ```
 */
export function parseDataUri(uri: string): DataUri {
  // The URL Standard's basic URL parser first removes every ASCII tab and newline from its input
  // (§4.4, "basic URL parser", step 3): a data: URL wrapped over lines in an HTML attribute reads as
  // one line. Errors keep their offsets in `uri`.
  const flat = uri.replace(/[\t\n\r]+/g, '');
  if (flat.length < uri.length) {
    try {
      return parseDataUri(flat);
    } catch (e) {
      if (!(e instanceof UriSyntaxError)) throw e;
      let at = 0;
      for (let kept = 0; at < uri.length; at++) {
        const c = uri.charCodeAt(at);
        if (c !== 9 && c !== 10 && c !== 13 && kept++ === e.index) break;
      }
      throw new UriSyntaxError(uri, at, e.reason);
    }
  }
  const c = parse(uri);
  if (c.scheme === undefined || c.scheme.toLowerCase() !== 'data' || c.host !== undefined) {
    throw new UriSyntaxError(uri, 0, 'not a data URI');
  }
  const start = c.scheme.length + 1;
  // dataurl := "data:" [ mediatype ] [ ";base64" ] "," data; the data may hold "?" (a query to RFC 3986)
  const body = c.query === undefined ? c.path : `${c.path}?${c.query}`;
  const comma = body.indexOf(',');
  if (comma < 0) throw new UriSyntaxError(uri, start + body.length, 'data URI without ","');
  const params = body.slice(0, comma).split(';');
  let base64 = false;
  if (params.length > 1 && params[params.length - 1]!.toLowerCase() === 'base64') {
    base64 = true;
    params.pop();
  }
  const [type, parameters] = mediaTypeOf(params, uri, start);
  let charset: string | undefined;
  for (const [name, value] of parameters) if (name === 'charset') charset = value;
  if (type === '' && params.length === 1) charset = 'US-ASCII';
  const dataText = body.slice(comma + 1);
  const dataOffset = start + comma + 1;
  const data = base64
    ? fromBase64(dataText, uri, dataOffset)
    : decodeBytes(dataText, uri, dataOffset);
  return { mediaType: type === '' ? 'text/plain' : type, parameters, charset, base64, data };
}

/** Options of {@link formatDataUri}. */
export interface FormatDataUriOptions {
  /** `type/subtype` with any parameters. Default: `text/plain;charset=UTF-8` for text, `application/octet-stream` for bytes. */
  mediaType?: string;
  /** Write the data in base64. Default: `true` for bytes, `false` for text. */
  base64?: boolean;
}

/**
 * Builds a `data:` URI ({@link https://www.rfc-editor.org/rfc/rfc2397#section-3 | RFC 2397 §3}) that is also a
 * valid RFC 3986 URI: text is written as UTF-8, escaped where needed, bytes as base64. Bytes are what
 * `TextDecoder.decode` takes: an `ArrayBuffer`, a `SharedArrayBuffer` or any `ArrayBufferView` (a
 * `Uint8Array`, a Node `Buffer`, a `DataView`, another typed array: the bytes it views).
 *
 * @param data - text (encoded as UTF-8) or bytes
 * @param options - {@link FormatDataUriOptions}
 * @returns the URI, which {@link parseDataUri} reads back
 * @throws `TypeError` naming `data` when it is neither a string nor bytes; `UriSyntaxError` (exported by
 *   `@x/uri`) when `options.mediaType` is one {@link parseDataUri} refuses (not `type/subtype`, a
 *   control character, `;`, `,`, `"` or `\` in a parameter value, a parameter name repeated or an
 *   empty value)
 * @example
 * ```ts
 * formatDataUri('a b'); // 'data:text/plain;charset=UTF-8,a%20b'
 * formatDataUri(new Uint8Array([72, 105])); // 'data:application/octet-stream;base64,SGk='
 * ```
 */
export function formatDataUri(data: string | Bytes, options?: FormatDataUriOptions): string {
  const text = typeof data === 'string';
  const bytes = text ? encode(data) : toBytes(data, 'data');
  const type =
    options?.mediaType ?? (text ? 'text/plain;charset=UTF-8' : 'application/octet-stream');
  const base64 = options?.base64 ?? !text;
  const mediaType = encodeText(
    type,
    (c) => (CHARS[c]! & Bits.UNRESERVED) !== 0 || c === 47 || c === 59 || c === 61 || c === 43,
  );
  // the media type must read back as it was given, and be safe for a Content-Type header
  if (mediaType !== '') mediaTypeOf(mediaType.split(';'), `data:${mediaType},`, 5);
  if (!base64) return `data:${mediaType},${bytesToPct(bytes)}`;
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i]!;
    const b = bytes[i + 1];
    const c = bytes[i + 2];
    out += B64[a >> 2]! + B64[((a & 3) << 4) | ((b ?? 0) >> 4)]!;
    out +=
      b === undefined
        ? '=='
        : B64[((b & 15) << 2) | ((c ?? 0) >> 6)]! + (c === undefined ? '=' : B64[c & 63]!);
  }
  return `data:${mediaType};base64,${out}`;
}

function bytesToPct(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    out +=
      b < 128 && (CHARS[b]! & Bits.UNRESERVED) !== 0
        ? String.fromCharCode(b)
        : `%${b < 16 ? '0' : ''}${b.toString(16).toUpperCase()}`;
  }
  return out;
}
