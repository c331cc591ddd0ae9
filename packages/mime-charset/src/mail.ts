// From a MIME part to text: header unfolding (RFC 5322 §2.2.3), Content-Transfer-Encoding
// (RFC 2045 §6), the charset (RFC 2046 §4.1.2) and format=flowed (RFC 3676).
import type { Bytes } from '@x/utf8';
import { asciiLower } from './chars';
import { codecByName } from './codecs';
import { CharsetError } from './errors';
import type { ResolvedLabel } from './labels';
import { type MailLabelMode, mailDecoder, missingReason, resolveMailLabel } from './mail-labels';
import { lossy } from './rfc2047';
import { decodeParameters, isMediaType } from './rfc2231';
import { prescanHtml } from './sniff';
import { type BodyIssue, decodeBody, transferMechanism } from './transfer-encoding';

/**
 * Unfolds a header (RFC 5322 §2.2.3: "Unfolding is accomplished by simply removing any CRLF that is
 * immediately followed by WSP"); a bare LF or CR before WSP too, as mail stored with Unix line
 * ends has them. Linear.
 *
 * @param header - A header field or value as it appears in the message.
 * @returns The header on one line; the whitespace after each fold is kept.
 * @throws Never.
 * @example
 * ```ts
 * unfoldHeader('=?UTF-8?Q?a?=\r\n =?UTF-8?Q?b?='); // '=?UTF-8?Q?a?= =?UTF-8?Q?b?='
 * ```
 */
export function unfoldHeader(header: string): string {
  return header.replace(/\r\n(?=[ \t])|[\r\n](?=[ \t])/g, '');
}

/** Options of {@link decodeFlowed}. */
export interface FlowedOptions {
  /** The `delsp` parameter is `yes`: the space that marks a flowed line is not part of the text. */
  delSp?: boolean;
}

/**
 * Reads `format=flowed` text (RFC 3676 §4): a line that ends in a space is joined with the next
 * line of the same quote depth (§4.2, §4.5), space-stuffing is removed (§4.4), the signature
 * separator `-- ` stays a line of its own and ends a flowed paragraph before it (§4.3), and with `delSp` the space that marks a flowed
 * line is removed (§4.2). Quoted paragraphs keep their `>` marks, one per depth, then a space
 * (an empty quoted line is its marks alone: `>` stays `>`).
 *
 * @param text - The decoded body text, lines ending in CRLF or LF.
 * @param options - `delSp` (default `false`).
 * @returns The text with each paragraph on one line, lines joined by the input's line break.
 * @throws Never.
 * @example
 * ```ts
 * decodeFlowed('A long \r\nline.\r\n>> quoted \r\n>> too\r\n'); // 'A long line.\r\n>> quoted too\r\n'
 * ```
 */
export function decodeFlowed(text: string, options?: FlowedOptions): string {
  const delSp = options?.delSp === true;
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const lines = text.split(/\r?\n/);
  const out: string[] = [];
  let paragraph: string | null = null; // the flowed lines joined so far
  let paragraphDepth = 0;
  for (let k = 0; k < lines.length; k++) {
    let line = lines[k]!;
    let depth = 0;
    while (line.charCodeAt(depth) === 0x3e /* > */) depth++;
    line = line.slice(depth);
    if (line.charCodeAt(0) === 0x20) line = line.slice(1); // §4.4 space-stuffing
    // §4.5: a flowed line followed by a line of another depth is treated as fixed. §4.3: the
    // signature separator `-- ` is neither fixed nor flowed: a paragraph ends before it too.
    const signature = line === '-- ';
    if (paragraph !== null && (depth !== paragraphDepth || signature)) {
      out.push(quote(paragraphDepth, paragraph));
      paragraph = null;
    }
    const flowed = line.endsWith(' ') && !signature && k < lines.length - 1;
    const content = flowed && delSp ? line.slice(0, -1) : line;
    const joined: string = (paragraph ?? '') + content;
    if (flowed) {
      paragraph = joined;
      paragraphDepth = depth;
    } else {
      out.push(quote(depth, joined));
      paragraph = null;
    }
  }
  if (paragraph !== null) out.push(quote(paragraphDepth, paragraph));
  return out.join(eol);
}

// An empty quoted line is its `>` marks alone (no space after them, as it was written).
function quote(depth: number, line: string): string {
  return depth === 0 ? line : line === '' ? '>'.repeat(depth) : `${'>'.repeat(depth)} ${line}`;
}

/** A MIME part as a message holds it. */
export interface MimePart {
  /** The Content-Type header value; absent means `text/plain; charset=us-ascii` (RFC 2045 §5.2). */
  contentType?: string;
  /** The Content-Transfer-Encoding header value; absent means `7bit` (RFC 2045 §6.1). */
  transferEncoding?: string;
  /**
   * The body as it appears in the message (after the blank line): bytes, or a string, read as its
   * UTF-8 bytes (right for a transfer-encoded body, which is ASCII; pass an 8bit body as bytes).
   */
  body: Bytes | string;
}

/** Options of {@link decodeMimePart}. */
export interface MimePartOptions {
  /** How the charset label is read: `mail` (default, as mail readers do) or `iana` (exactly). */
  mode?: MailLabelMode;
  /**
   * The charset of a part that names none, or names one no codec decodes: `us-ascii` (default,
   * RFC 2046 §4.1.2), read in `mode` (in `mail` mode that is windows-1252).
   */
  defaultCharset?: string;
  /** Strict transfer decoding (see {@link decodeQuotedPrintable}). Default `false`. */
  strict?: boolean;
}

/**
 * Why {@link decodeMimePart} decoded with its charset: `bom` (a UTF-8 or UTF-16 byte order mark
 * at the start of the body, but for a charset parameter of UTF-32, whose decoder reads its own),
 * `content-type` (the `charset` parameter), `meta` (no charset parameter, and an HTML part
 * declares its charset in a `<meta>`, found by the HTML prescan), `default` (no charset
 * parameter: `defaultCharset`, but UTF-8 for `text/calendar` and `text/vcard`, RFC 5545 §3.1.4 and
 * RFC 6350 §3.1), `fallback` (a charset no codec decodes, or an unknown
 * Content-Transfer-Encoding whose body is decoded as it is: see `issues`).
 */
export type MimeCharsetReason = 'bom' | 'content-type' | 'meta' | 'default' | 'fallback';

/** What {@link decodeMimePart} returns. */
export interface DecodedMimePart {
  /** The text. */
  readonly text: string;
  /** The encoding the bytes were decoded with (its name in the label mode: `windows-1252`, `UTF-8`). */
  readonly charset: string;
  /** Why that encoding. */
  readonly reason: MimeCharsetReason;
  /** The media type, lowercase (`text/plain`). */
  readonly mediaType: string;
  /** Whether the text was read as `format=flowed` (RFC 3676) and its paragraphs joined. */
  readonly flowed: boolean;
  /**
   * What was not as expected: `unknown-charset` (the label names no charset), `not-implemented`
   * (the registry knows the charset, the family has no codec for it: `UNKNOWN-8BIT`),
   * `codec-not-loaded` (lean entry: the codec is not registered or loaded),
   * `unknown-transfer-encoding` (the body was decoded as it is). The first three decode the body
   * with `defaultCharset` (reason `fallback`). `malformed-content-type`: the Content-Type is not
   * `type/subtype` (`text`, `text/plain charset=utf-8`, empty), so the part is `text/plain`
   * (RFC 2045 §5.2), its parameters read as far as they can be (a `charset` parameter still
   * counts, as Python's `email` reads it). `malformed-transfer-encoding` (lenient only): a
   * Content-Transfer-Encoding spelled `7-bit`, `8 bit` or `7_bit`, read as `7bit` or `8bit` (as
   * MIME-tools reads them), or one that names no mechanism (empty, only comments, or a comment
   * left open: `( base64`; RFC 2045 §6.1), read as `7bit`, or a comment left open after the
   * mechanism (`base64 (x`), read as that mechanism; strict, a spelling or no mechanism is
   * `unknown-transfer-encoding`, and a comment left open a {@link HeaderSyntaxError} at its `(`
   * (RFC 5322 §3.2.2). The body's (lenient only, as strict throws a
   * {@link TransferEncodingError} at each; `bodyIssues` says where): `invalid-character`, a base64
   * character outside the alphabet (skipped, RFC 2045 §6.8), a quoted-printable `=` that starts no
   * escape, a control or a byte above 126 (kept, §6.7 notes (2) and (4)); `padding`, base64 not
   * padded as §6.8 has it (an unpadded end, an `=` too many or too few, non-zero pad bits, dropped)
   * or going on after an `=` (concatenated base64, read on; see {@link decodeBase64}); `malformed`,
   * a base64 body whose last quantum is one character (6 bits, no byte: dropped). And in either
   * mode `whitespace`: a space or tab before a base64 character on its line, which §6.8 lets be but
   * no encoder writes; it is how prose labelled base64 shows (the body is decoded as base64
   * all the same). And in either mode `invalid-bytes`: the body's bytes are not all valid in the
   * charset it was decoded with (UTF-8 declared, Latin-1 sent): each such sequence is U+FFFD, the
   * Encoding Standard's replacement, so that a caller may decode the part again with another
   * charset (not told for UTF-7). In the order of what they concern: the Content-Type
   * (`malformed-content-type`, then the charset's), the Content-Transfer-Encoding, the body (by
   * offset), its charset (`invalid-bytes`).
   */
  readonly issues: readonly (
    | 'unknown-charset'
    | 'not-implemented'
    | 'codec-not-loaded'
    | 'unknown-transfer-encoding'
    | 'malformed-content-type'
    | 'malformed-transfer-encoding'
    | 'invalid-character'
    | 'padding'
    | 'malformed'
    | 'whitespace'
    | 'invalid-bytes'
  )[];
  /**
   * The body's issues of `issues` (`invalid-character`, `padding`, `malformed`, `whitespace`),
   * each with the byte offset in the body (its UTF-8 bytes for a string) of its first occurrence
   * and how many there were, in the order of those offsets. Empty when the body decoded as RFC 2045
   * §6.7 and §6.8 write it.
   */
  readonly bodyIssues: readonly {
    /** What was repaired, as in {@link DecodedMimePart.issues}. */
    readonly reason: 'invalid-character' | 'padding' | 'malformed' | 'whitespace';
    /** The offset in the body, in bytes, of the first repair of that kind. */
    readonly index: number;
    /** How many repairs of that kind the body needed. */
    readonly count: number;
  }[];
}

/**
 * Decodes a MIME part to text: Content-Transfer-Encoding (RFC 2045 §6: quoted-printable, base64,
 * 7bit/8bit/binary), then the charset: a byte order mark, else the `charset` parameter read as mail
 * readers read it (`iso-8859-1` is windows-1252), else for `text/calendar` and `text/vcard` UTF-8
 * (RFC 5545 §3.1.4, RFC 6350 §3.1) and for `text/html` the charset a `<meta>` declares (the HTML
 * prescan, {@link prescanHtml}), as Thunderbird reads them, else `us-ascii` (RFC 2046 §4.1.2;
 * windows-1252 in `mail` mode, as readers show 8-bit text that names no charset); then, for `text/plain;
 * format=flowed`, the RFC 3676 reading ({@link decodeFlowed}). Never throws in lenient mode: what
 * cannot be honoured is listed in `issues`. A Content-Type that is not `type/subtype` is read as
 * `text/plain` (RFC 2045 §5.2), its `charset` parameter still used when one can be read, with a
 * `malformed-content-type` issue; the Content-Type is read by {@link decodeParameters} in lenient
 * mode (folds removed, a stray CR, LF or NUL dropped, whitespace and comments around the `/` cut:
 * `text / html` is `text/html`).
 *
 * @param part - `contentType`, `transferEncoding`, `body`.
 * @param options - `mode` (default `mail`), `defaultCharset` (default `us-ascii`), `strict`.
 * @returns The text, the charset used and why, the media type, whether it was flowed, the issues.
 * @throws {@link TransferEncodingError} in strict mode only, and in strict mode a
 * {@link HeaderSyntaxError} at the `(` of a comment left open in `transferEncoding` (RFC 5322
 * §3.2.2); {@link CharsetError} when even `defaultCharset` has no codec.
 * @example
 * ```ts
 * const part = decodeMimePart({
 *   contentType: 'text/plain; charset=iso-8859-1',
 *   transferEncoding: 'quoted-printable',
 *   body: 'Parhelia=99 caf=E9',
 * });
 * part.text; // 'Parhelia™ café'
 * part.charset; // 'windows-1252'
 * part.reason; // 'content-type'
 * const utf7 = decodeMimePart({ contentType: 'text/plain; charset=UNICODE-1-1-UTF-7', body: '+AOk-' });
 * utf7.text; // 'é'
 * decodeMimePart({ contentType: 'text/plain; charset=unknown-8bit', body: 'a' }).issues; // ['not-implemented']
 * decodeMimePart({ contentType: 'text', body: 'a' }).mediaType; // 'text/plain'
 * ```
 */
export function decodeMimePart(part: MimePart, options?: MimePartOptions): DecodedMimePart {
  const mode = options?.mode ?? 'mail';
  const issues: DecodedMimePart['issues'][number][] = [];
  const header = decodeParameters(part.contentType ?? 'text/plain', { strict: false, mode });
  // RFC 2045 §5.2: a Content-Type that cannot be read is taken as text/plain ("It is also
  // recommend[ed] that this default be assumed when a syntactically invalid Content-Type header
  // field is encountered"); its charset parameter, when one can be read, still counts.
  let mediaType = 'text/plain';
  if (isMediaType(header.value)) mediaType = asciiLower(header.value);
  else issues.push('malformed-content-type');
  // The issues come in the order of what they concern: the Content-Type's (its charset's is found
  // after the body is decoded, and goes here), the Content-Transfer-Encoding's, the body's.
  const contentTypeIssues = issues.length;
  const parameter = (name: string): string | undefined => header.parameters.get(name)?.value;

  // RFC 2045 §6.1: the mechanism, comments cut (`base64 (attachment)`). Strict, a comment left
  // open throws at its `(` (RFC 5322 §3.2.2).
  let [transferEncoding, open] =
    part.transferEncoding === undefined
      ? [undefined, -1]
      : transferMechanism(part.transferEncoding, options?.strict);
  if (options?.strict !== true && transferEncoding !== undefined) {
    // Lenient: `7-bit`, `8 bit`, `7_bit` (MIME-tools reads them so; real mail has them) are 7bit
    // and 8bit; RFC 2045 §6.1 spells them `7bit` and `8bit`.
    const spelled = /^([78])[-_ ]bit$/.exec(transferEncoding);
    // A value that names no mechanism (empty, only comments, a comment left open: `( base64`;
    // RFC 2045 §6.1 requires one) is read as the default, 7bit, as Python's email reads it. A
    // comment left open after the mechanism (`base64 (x`) leaves it as named: only the comment's
    // text is in doubt, and Python's email reads it so too (its defect "end of header inside
    // comment").
    if (spelled || transferEncoding === '' || open >= 0) {
      if (spelled) transferEncoding = `${spelled[1]}bit`;
      else if (transferEncoding === '') transferEncoding = '7bit';
      issues.push('malformed-transfer-encoding');
    }
  }
  // The body's repairs (lenient), each kind at its first offset: RFC 2045 §6.8 and §6.7 notes (2)
  // and (4) ask a decoder to warn of them.
  const bodyIssues: BodyIssue[] = [];
  let bytes = decodeBody(
    part.body,
    transferEncoding ?? '7bit',
    options?.strict === true,
    bodyIssues,
  );
  if (bytes === undefined) {
    issues.push('unknown-transfer-encoding');
    bytes = decodeBody(part.body, 'binary', false, bodyIssues)!;
  }
  bodyIssues.sort((x, y) => x.index - y.index);
  for (const x of bodyIssues) issues.push(x.reason);

  let reason: MimeCharsetReason;
  let resolved: ResolvedLabel | undefined;
  const label = parameter('charset')?.trim();
  const declared = label ? resolveMailLabel(label, mode) : undefined;
  // A byte order mark outranks the label, as in the Encoding Standard's decode; but a label of
  // UTF-32 has its decoder read its own (FF FE 00 00 would otherwise be UTF-16LE's and a U+0000).
  const [a, b, c] = bytes;
  const bom = declared?.codec.startsWith('utf-32')
    ? undefined
    : a === 0xef && b === 0xbb && c === 0xbf
      ? 'utf-8'
      : a === 0xfe && b === 0xff
        ? 'utf-16be'
        : a === 0xff && b === 0xfe
          ? 'utf-16le'
          : undefined;
  if (bom !== undefined) {
    resolved = resolveMailLabel(bom, 'iana');
    reason = 'bom';
    bytes = bytes.subarray(bom === 'utf-8' ? 3 : 2);
  } else if (label) {
    resolved = declared;
    reason = 'content-type';
    if (resolved === undefined || codecByName(resolved.codec) === undefined) {
      issues.splice(contentTypeIssues, 0, missingReason(resolved));
      resolved = undefined;
      reason = 'fallback';
    }
  } else {
    reason = 'default';
    // No charset parameter: iCalendar and vCard are UTF-8 (RFC 5545 §3.1.4, RFC 6350 §3.1;
    // Thunderbird, mimetext.cpp:98-105); HTML may declare its own in a `<meta>` (the HTML prescan,
    // §13.2.3.2; Thunderbird, mimetext.cpp:255-270).
    const own =
      mediaType === 'text/calendar' || mediaType === 'text/vcard'
        ? 'utf-8'
        : mediaType === 'text/html'
          ? prescanHtml(bytes)
          : null;
    resolved = own === null ? undefined : resolveMailLabel(own, mode);
    if (resolved === undefined || codecByName(resolved.codec) === undefined) resolved = undefined;
    else if (mediaType === 'text/html') reason = 'meta';
  }
  if (resolved === undefined) {
    const fallback = options?.defaultCharset ?? 'us-ascii';
    resolved = resolveMailLabel(fallback, mode);
    if (resolved === undefined || codecByName(resolved.codec) === undefined)
      resolved = resolveMailLabel(fallback, 'iana');
  }
  if (issues.includes('unknown-transfer-encoding')) reason = 'fallback';
  const codec = mailDecoder(resolved);
  if (codec === undefined) {
    // Only a defaultCharset without a codec gets here.
    throw new CharsetError(options?.defaultCharset ?? 'us-ascii', 'codec-not-loaded');
  }
  // One mark only: after the one read above, U+FEFF is text; a UTF-32 label's decoder reads its own.
  let text = codec.decode(bytes, { ignoreBOM: bom !== undefined });
  if (lossy(codec, resolved!.codec, bytes, text)) issues.push('invalid-bytes');
  const flowed =
    mediaType === 'text/plain' && asciiLower(parameter('format')?.trim() ?? '') === 'flowed';
  if (flowed)
    text = decodeFlowed(text, { delSp: asciiLower(parameter('delsp')?.trim() ?? '') === 'yes' });
  return { text, charset: resolved!.name, reason, mediaType, flowed, issues, bodyIssues };
}
