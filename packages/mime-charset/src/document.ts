// Which encoding a whole document is in, and its text: BOM -> transport -> in-document declaration ->
// default, as browsers (HTML), XML processors (XML 1.0 Appendix F, RFC 7303 §3) and plain-text
// readers do it.
import { type Bytes, toBytes } from '@x/utf8';
import { decode } from './codecs';
import { headerCharset } from './content-type';
import { isAsciiWhitespace } from './chars';
import { CharsetError } from './errors';
import { resolveAnyLabel } from './iana-labels';
import type { LabelMode } from './labels';
import {
  asciiDeclaredEncoding,
  ebcdicDeclaredEncoding,
  parseXmlDeclaration,
  prescanHtml,
  sniffBom,
  sniffXml,
  transportEncoding,
} from './sniff';

/** The kind of document, which decides the in-document declaration and the default. */
export type DocumentKind = 'html' | 'xml' | 'text';

/** Why an encoding was chosen. */
export type EncodingReason =
  | 'bom'
  | 'transport'
  | 'prescan'
  | 'xml-declaration'
  | 'xml-autodetect'
  | 'detected'
  | 'default';

/** Options of {@link sniffDocument} and {@link decodeDocument}. */
export interface DocumentOptions {
  /** `html`, `xml` or `text`. */
  kind: DocumentKind;
  /** The transport's Content-Type header value, if any (its `charset` parameter is used). */
  contentType?: string;
  /**
   * The encoding when nothing else decides: default windows-1252 for HTML, UTF-8 otherwise. A label,
   * read by `mode`'s rules when sniffing starts (an unknown one throws a `CharsetError` naming this
   * option) and returned by its canonical name (`latin1` is `windows-1252` in `whatwg` mode and
   * `ISO-8859-1` in `iana` mode).
   */
  defaultEncoding?: string;
  /**
   * Label mode for the transport and declared labels: `whatwg` (default, what browsers do: no
   * UTF-32, also for XML's BOM and Appendix F), `iana`, or `loose` (also a `<meta>` whose `content`
   * names a charset without `http-equiv`, and labels such as `1253` or `win-1253`, once the HTML
   * prescan found nothing).
   */
  mode?: LabelMode;
  /** How many bytes the HTML prescan and the XML declaration reader look at. Default 1024. */
  maxBytes?: number;
  /**
   * The optional autodetect step (HTML §13.2.3.2 step 9), for HTML and plain text that nothing
   * else labelled: a detector such as `detectCharset` from `@x/mime-charset/detect`, passed in so
   * that the detector's tables are bundled only by those who use it (reason `detected`). In the
   * `whatwg` mode its best candidate that is an Encoding Standard encoding, by its WHATWG name (the
   * HTML Standard's step 9 returns only those), for HTML never UTF-16 without a BOM; in the `iana` and
   * `loose` modes its best candidate any label mode knows (`IBM855`, `UTF-32LE`). Never the
   * replacement encoding. Off by default.
   */
  detect?: (bytes: Uint8Array) => readonly DetectedCandidate[];
}

/** What a {@link DocumentOptions.detect} function returns for each candidate, best first. */
export interface DetectedCandidate {
  /** The candidate's encoding name, as `detectCharset` writes it. */
  readonly encoding: string;
}

/** The encoding chosen for a document. */
export interface SniffedDocument {
  /** The encoding name (a WHATWG name, an IANA name in `iana` mode, or an XML Appendix F family). */
  readonly encoding: string;
  /** Which step chose it. */
  readonly reason: EncodingReason;
  /** Length of the byte order mark to skip, 0 when there is none. */
  readonly bom: number;
}

/** A decoded document. */
export interface DecodedDocument extends SniffedDocument {
  /** The text, without the byte order mark. */
  readonly text: string;
}

function latin1(bytes: Uint8Array, end: number): string {
  let s = '';
  for (let i = 0; i < end; i++) s += String.fromCharCode(bytes[i]!);
  return s;
}

// The EBCDIC code points of what an XML declaration is made of (letters, digits, space, `<?>="'._-:`,
// TAB, LF, CR): the same in every EBCDIC code page, so the declaration can be read before the page
// is known (XML 1.0 Appendix F: "the full encoding declaration must be read").
const EBCDIC = /* @__PURE__ */ (() => {
  const t = new Uint16Array(256);
  const ranges: [number, string][] = [
    [0x81, 'abcdefghi'],
    [0x91, 'jklmnopqr'],
    [0xa2, 'stuvwxyz'],
    [0xc1, 'ABCDEFGHI'],
    [0xd1, 'JKLMNOPQR'],
    [0xe2, 'STUVWXYZ'],
    [0xf0, '0123456789'],
  ];
  for (const [at, chars] of ranges)
    for (let i = 0; i < chars.length; i++) t[at + i] = chars.charCodeAt(i);
  const single: [number, string][] = [
    [0x40, ' '],
    [0x4c, '<'],
    [0x6f, '?'],
    [0x6e, '>'],
    [0x7e, '='],
    [0x7f, '"'],
    [0x7d, "'"],
    [0x4b, '.'],
    [0x60, '-'],
    [0x6d, '_'],
    [0x7a, ':'],
    [0x05, '\t'],
    [0x25, '\n'],
    [0x0d, '\r'],
  ];
  for (const [at, ch] of single) t[at] = ch.charCodeAt(0);
  return t;
})();

function ebcdicInvariant(bytes: Uint8Array, end: number): string {
  let s = '';
  // Anything outside the invariant set reads as U+FFFD, which no declaration accepts.
  for (let i = 0; i < end; i++) s += String.fromCharCode(EBCDIC[bytes[i]!] || 0xfffd);
  return s;
}

/**
 * Loose mode's second look at an HTML page the prescan found nothing in: the first `charset`,
 * optional whitespace, `=` and a label (quoted or bare) inside any `<meta …>` tag, `http-equiv` or
 * not, resolved in `loose` mode and kept only when it is safe for ASCII bytes (as the XML
 * declaration is: UTF-16 means UTF-8; no UTF-7, EBCDIC or ISO 646 variant). Linear: each tag is
 * read once.
 */
function looseMeta(bytes: Uint8Array, maxBytes: number): string | null {
  const s = latin1(bytes, Math.min(bytes.length, maxBytes)).toLowerCase();
  for (let at = s.indexOf('<meta'); at >= 0; at = s.indexOf('<meta', at)) {
    let close = s.indexOf('>', at);
    if (close < 0) close = s.length;
    // The tag alone, so that each search below stops at its end.
    const tag = s.slice(at, close);
    for (let i = tag.indexOf('charset'); i >= 0; i = tag.indexOf('charset', i)) {
      i += 7;
      while (isAsciiWhitespace(tag.charCodeAt(i))) i++;
      if (tag[i] !== '=') continue;
      i++;
      while (isAsciiWhitespace(tag.charCodeAt(i))) i++;
      if (tag[i] === '"' || tag[i] === "'") i++;
      let j = i;
      while (j < tag.length && !isAsciiWhitespace(tag.charCodeAt(j)) && !`"';`.includes(tag[j]!))
        j++;
      const found = j > i ? asciiDeclaredEncoding(tag.slice(i, j), 'loose') : null;
      if (found !== null) return found;
    }
    at = close;
  }
  return null;
}

/**
 * Chooses a document's encoding without decoding it (with `@x/mime-charset/lean`, so that the codec
 * can be loaded first: `await loadCodec(encoding)` from `@x/mime-charset/load`). HTML: BOM, then the
 * Content-Type charset, then the meta prescan, then the default (windows-1252). XML: BOM (Appendix
 * F, UTF-32 included in the `iana` and `loose` modes; in `whatwg` mode, as browsers, no UTF-32 or
 * UCS-4 at all), then the Content-Type charset (RFC 7303 §3), then the encoding declaration
 * (a UTF-16 declaration in ASCII-compatible bytes means UTF-8), then the Appendix F family, then
 * UTF-8. Text: BOM (a UTF-32 one where the Content-Type names UTF-32), Content-Type, UTF-8.
 * {@link https://html.spec.whatwg.org/multipage/parsing.html#determining-the-character-encoding | WHATWG HTML §13.2.3.2},
 * {@link https://www.w3.org/TR/xml/#sec-guessing | XML 1.0 Appendix F},
 * {@link https://www.rfc-editor.org/rfc/rfc7303#section-3 | RFC 7303 §3}.
 *
 * @param input - The document: what `TextDecoder.decode` takes (`Uint8Array`, `Buffer`, any other
 * `ArrayBufferView`, `ArrayBuffer`, `SharedArrayBuffer`).
 * @param options - `kind`, and optionally `contentType`, `defaultEncoding`, `mode`, `maxBytes`, `detect`.
 * @returns The encoding, the reason, and the BOM length.
 * @throws `TypeError` when `input` is not bytes; {@link CharsetError} `unknown-label` (its message
 * names `options.defaultEncoding`) when `defaultEncoding` is no label in the mode.
 * @example
 * ```ts
 * sniffDocument(new TextEncoder().encode('<meta charset=koi8-r>'), { kind: 'html' });
 * // { encoding: 'KOI8-R', reason: 'prescan', bom: 0 }
 * ```
 */
export function sniffDocument(input: Bytes, options: DocumentOptions): SniffedDocument {
  const bytes = toBytes(input, 'bytes');
  const { kind, mode } = options;
  // The caller's default, read by the mode's label rules up front: a bad label fails here, named
  // as the option, and the answer is the canonical name, as every other step's is.
  const defaultEncoding =
    options.defaultEncoding === undefined
      ? kind === 'html'
        ? 'windows-1252'
        : 'UTF-8'
      : defaultName(options.defaultEncoding, mode);
  const maxBytes = options.maxBytes ?? 1024;
  const found = (encoding: string, reason: EncodingReason, bom = 0): SniffedDocument => ({
    encoding,
    reason,
    bom,
  });
  let xml = kind === 'xml' ? sniffXml(bytes) : undefined;
  // The web has no UTF-32 (nor UCS-4): in `whatwg` mode, which knows no such label, the Encoding
  // Standard's BOM sniff reads FF FE 00 00 as UTF-16LE, and 00 00 FE FF or 00 00 00 3C is no BOM
  // (WPT encoding/utf-32.html).
  if (/32|UCS/.test(xml?.family as string) && !resolveAnyLabel('UTF-32', mode)) xml = undefined;
  if (xml !== undefined && xml.bom > 0) return found(xml.family!, 'bom', xml.bom);
  // Never UTF-7, whatever the mode (sniff.ts).
  const charset =
    options.contentType === undefined ? undefined : headerCharset(options.contentType);
  const transport = charset === undefined ? null : transportEncoding(charset, mode);
  // Text labelled UTF-32 (iana mode): its mark, which would otherwise read as UTF-16LE's and a
  // U+0000 (HTML has no UTF-32; XML read its marks above).
  if (kind === 'text' && transport?.startsWith('UTF-32')) {
    const [a, b, c, d] = bytes;
    if (a === 0xff && b === 0xfe && c === 0 && d === 0) return found('UTF-32LE', 'bom', 4);
    if (a === 0 && b === 0 && c === 0xfe && d === 0xff) return found('UTF-32BE', 'bom', 4);
  }
  const bom = sniffBom(bytes);
  if (bom !== null) return found(bom.encoding, 'bom', bom.length);
  if (transport !== null) return found(transport, 'transport');
  if (kind === 'html') {
    const prescanned = prescanHtml(bytes, { maxBytes });
    if (prescanned !== null) return found(prescanned, 'prescan');
    const loose = mode === 'loose' ? looseMeta(bytes, maxBytes) : null;
    if (loose !== null) return found(loose, 'prescan');
  }
  if (xml?.readDeclaration) {
    const end = Math.min(bytes.length, maxBytes);
    if (xml.family === 'EBCDIC') {
      // The code page is named in the declaration, by its IANA name (IBM037, IBM1047…).
      const page = parseXmlDeclaration(ebcdicInvariant(bytes, end))?.encoding;
      // Only an EBCDIC code page: the bytes so far were read as EBCDIC (sniff.ts).
      const encoding = page === undefined ? null : ebcdicDeclaredEncoding(page);
      return encoding === null
        ? found('EBCDIC', 'xml-autodetect')
        : found(encoding, 'xml-declaration');
    }
    // UTF-16, UTF-32 and UCS-4 families: the first bytes settle it (a declaration could only name a
    // member of the family). ASCII-compatible bytes: read the declaration.
    if (xml.family !== 'UTF-8') return found(xml.family!, 'xml-autodetect');
    const declared = parseXmlDeclaration(latin1(bytes, end))?.encoding;
    // Bytes that spelled `<?xml` in ASCII are not UTF-16 (UTF-8, then), nor UTF-7 or EBCDIC
    // (ignored): only an ASCII-compatible encoding may follow (sniff.ts).
    const encoding = declared === undefined ? null : asciiDeclaredEncoding(declared, mode);
    if (encoding !== null) return found(encoding, 'xml-declaration');
  }
  if (options.detect !== undefined && kind !== 'xml') {
    const detected = detectedEncoding(options.detect(bytes), mode, kind === 'html');
    if (detected !== undefined) return found(detected, 'detected');
  }
  return found(defaultEncoding, 'default');
}

/**
 * The detector's best candidate the mode may use. `whatwg` mode: the best one that names an
 * Encoding Standard encoding, by its WHATWG name (HTML §13.2.3.2 step 9 returns only a supported
 * encoding, and a browser knows no other), never `replacement`, and for HTML never UTF-16 (an HTML
 * page is UTF-16 by its BOM only: the prescan turns a UTF-16 declaration into UTF-8, and browsers'
 * detectors do not guess BOM-less UTF-16 for HTML); plain text may be BOM-less UTF-16. The other
 * modes: the first candidate any label mode knows, as the detector names it.
 */
function detectedEncoding(
  candidates: readonly DetectedCandidate[],
  mode: LabelMode | undefined,
  html: boolean,
): string | undefined {
  for (const { encoding } of candidates) {
    if (mode === 'iana' || mode === 'loose') {
      const codec = (resolveAnyLabel(encoding, mode) ?? resolveAnyLabel(encoding, 'iana'))?.codec;
      if (codec !== undefined && codec !== 'replacement') return encoding;
      continue;
    }
    const web = resolveAnyLabel(encoding, 'whatwg');
    if (web === undefined || web.codec === 'replacement') continue;
    if (!html || !web.codec.startsWith('utf-16')) return web.name;
  }
  return undefined;
}

/** `defaultEncoding` as the mode names it; a {@link CharsetError} naming the option when unknown. */
function defaultName(label: string, mode: LabelMode | undefined): string {
  const resolved = resolveAnyLabel(`${label}`, mode);
  if (resolved !== undefined) return resolved.name;
  const error = new CharsetError(`${label}`, 'unknown-label');
  error.message = `options.defaultEncoding: ${error.message} in the ${mode ?? 'whatwg'} label mode`;
  throw error;
}

/**
 * Decodes a whole document: {@link sniffDocument} chooses the encoding, the BOM is skipped, and
 * the bytes are decoded with the chosen codec (every codec of the family with the main entry).
 * {@link https://html.spec.whatwg.org/multipage/parsing.html#determining-the-character-encoding | WHATWG HTML §13.2.3.2},
 * {@link https://www.w3.org/TR/xml/#sec-guessing | XML 1.0 Appendix F},
 * {@link https://encoding.spec.whatwg.org/#decode | WHATWG Encoding §6 (decode)}.
 *
 * @param input - The document: what `TextDecoder.decode` takes.
 * @param options - As {@link sniffDocument}.
 * @returns The text, with the encoding, the reason, and the BOM length.
 * @throws {@link CharsetError} when no codec exists for the chosen encoding (the UCS-4 unusual
 * octet orders, EBCDIC without a declaration) or, with the lean entry, it is not registered;
 * `TypeError` when `input` is not bytes.
 * @example
 * ```ts
 * const doc = decodeDocument(new Uint8Array([0xef, 0xbb, 0xbf, 0x68, 0x69]), { kind: 'text' });
 * doc.text; // 'hi'
 * doc.reason; // 'bom'
 * ```
 */
export function decodeDocument(input: Bytes, options: DocumentOptions): DecodedDocument {
  const bytes = toBytes(input, 'bytes');
  const sniffed = sniffDocument(bytes, options);
  const body = sniffed.bom === 0 ? bytes : bytes.subarray(sniffed.bom);
  // Labels follow `mode`; the names sniffing gives that the mode's registry does not know are IANA
  // names (UTF-32BE, IBM037 from an EBCDIC declaration) or, from the HTML prescan, which follows the
  // web whatever the mode, WHATWG names (`replacement`).
  const mode =
    resolveAnyLabel(sniffed.encoding, options.mode) !== undefined
      ? options.mode
      : resolveAnyLabel(sniffed.encoding, 'iana') !== undefined
        ? 'iana'
        : 'whatwg';
  return {
    ...sniffed,
    text: decode(body, sniffed.encoding, mode === undefined ? undefined : { mode }),
  };
}
