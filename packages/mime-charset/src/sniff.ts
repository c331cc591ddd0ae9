// Where a document declares its own encoding: the byte order mark, the HTML meta prescan, and the
// XML autodetection table and encoding declaration. Scanners over bytes; nothing is decoded here.
import { type Bytes, toBytes } from '@x/utf8';
import { HeaderSyntaxError } from './errors';
import { asciiLower, isAsciiWhitespace } from './chars';
import { resolveAnyLabel } from './iana-labels';
import { type LabelMode, labelToEncoding } from './label-table';

// Which declared encodings a document may switch to. An in-band declaration is read from bytes
// already taken as ASCII (or, after an EBCDIC signature, as EBCDIC): it may only name an encoding
// that reads those bytes the same way, else the text a filter saw is not the text that is decoded
// (`<meta charset=utf-7>` then `+ADw-script+AD4-`).
// WHATWG HTML §13.2.3.2 (prescan, "changing the encoding while parsing"): UTF-16BE/LE mean UTF-8,
// x-user-defined means windows-1252; XML 1.0 Appendix F: the declaration must agree with the bytes.

/**
 * With {@link EBCDIC_CODECS}, the codecs of the family that decode a byte 0x00–0x7F to something
 * other than that ASCII character (a test checks every codec).
 */
const NOT_ASCII_COMPATIBLE = /* @__PURE__ */ new Set(
  (
    'utf-7 utf-7-imap utf-16be utf-16le utf-32be utf-32le ucs-2 ucs-4 cp864 iso-2022-kr ' +
    'iso-2022-cn iso-2022-jp-2 iso-2022 compound-text hz-gb-2312 marc-8 unimarc bs_4730 ' +
    'csa_z243.4-1985-1 x-mac-symbol ' +
    'din_66003 ds_2089 es es2 gb_1988-80 it jis_c6220-1969-ro jus_i.b1.002 ksc5636 msz_7795.3 ' +
    'nc_nc00-10 nf_z_62-010 nf_z_62-010_1973 ns_4551-1 ns_4551-2 pt pt2 sen_850200_b sen_850200_c'
  ).split(' '),
);

/** Unicode in 16- or 32-bit units: declared from ASCII bytes, they mean UTF-8 (HTML §13.2.3.2 for UTF-16). */
const WIDE = /* @__PURE__ */ new Set('utf-16be utf-16le utf-32be utf-32le ucs-2 ucs-4'.split(' '));

/** The family's EBCDIC codecs: the code pages an EBCDIC XML declaration may name. */
const EBCDIC_CODECS = /* @__PURE__ */ new Set(
  (
    'cp037 cp500 cp875 cp1026 cp1047 cp1140 cp1141 cp1142 cp1143 cp1144 cp1145 cp1146 cp1147 ' +
    'cp1148 cp1149 cp273 cp277 cp278 cp280 cp284 cp285 cp297 cp424 cp838 cp870 cp871 cp1025'
  ).split(' '),
);

/** UTF-7 under any label: never chosen for a document, not even from the transport. */
function isUtf7(codec: string, name: string): boolean {
  return codec === 'utf-7' || codec === 'utf-7-imap' || name === 'UNICODE-1-1-UTF-7';
}

/**
 * The encoding a document's transport (Content-Type charset) names, or `null`: any label of the
 * mode except UTF-7, which no document is ever decoded as. Internal (used by `sniffDocument`).
 */
export function transportEncoding(label: string, mode?: LabelMode): string | null {
  const resolved = resolveAnyLabel(label, mode);
  return resolved === undefined || isUtf7(resolved.codec, resolved.name) ? null : resolved.name;
}

/**
 * The encoding an in-band declaration read from ASCII bytes names, or `null` when it must be
 * ignored: a UTF-16, UTF-32, UCS-2 or UCS-4 label means UTF-8 (the bytes that spelled it are not
 * in 16- or 32-bit units), a WHATWG encoding is taken as the HTML standard takes it (ISO-2022-JP and
 * `replacement` included), and in the other modes any other encoding only when the family has a
 * codec for it that reads the bytes 0x00–0x7F as ASCII (no UTF-7, no EBCDIC, no ISO 646 national
 * variant, no other ISO 2022 form, no charset the family cannot vouch for). Internal.
 */
export function asciiDeclaredEncoding(label: string, mode?: LabelMode): string | null {
  const resolved = resolveAnyLabel(label, mode);
  if (resolved === undefined) return null;
  const { codec, name } = resolved;
  if (WIDE.has(codec)) return 'UTF-8';
  if (isUtf7(codec, name) || NOT_ASCII_COMPATIBLE.has(codec) || EBCDIC_CODECS.has(codec))
    return null;
  // `iana` mode: a charset without a family codec may be anything (SCSU, ISO-10646-UCS-2, IBM273).
  return codec === '' ? null : name;
}

/**
 * The code page an XML declaration read after an EBCDIC signature names, or `null` when it names
 * anything but one of the family's EBCDIC codecs (the bytes so far were EBCDIC). Internal.
 */
export function ebcdicDeclaredEncoding(label: string): string | null {
  const resolved = resolveAnyLabel(label, 'iana');
  return resolved !== undefined && EBCDIC_CODECS.has(resolved.codec) ? resolved.name : null;
}

/** A byte order mark found at the start of the input. */
export interface BomResult {
  /** `UTF-8`, `UTF-16BE` or `UTF-16LE` (WHATWG names). */
  readonly encoding: 'UTF-8' | 'UTF-16BE' | 'UTF-16LE';
  /** The BOM's length in bytes, to skip before decoding. */
  readonly length: number;
}

/**
 * Sniffs a byte order mark the way the Encoding Standard does: `EF BB BF` is UTF-8, `FE FF`
 * UTF-16BE, `FF FE` UTF-16LE (so `FF FE 00 00` is UTF-16LE too: the web has no UTF-32).
 * {@link https://encoding.spec.whatwg.org/#bom-sniff | WHATWG Encoding §6 (BOM sniff)}.
 *
 * @param bytes - The start of the input (three bytes are enough): what `TextDecoder.decode` takes
 * (an ArrayBuffer, a SharedArrayBuffer, or a view of one: a typed array, a DataView, a Node Buffer).
 * @returns The encoding and BOM length, or `null` when there is no BOM.
 * @throws TypeError when `bytes` is none of those.
 * @example
 * ```ts
 * sniffBom(new Uint8Array([0xef, 0xbb, 0xbf, 0x3c])); // { encoding: 'UTF-8', length: 3 }
 * sniffBom(new Uint8Array([0x3c])); // null
 * ```
 */
export function sniffBom(bytes: Bytes): BomResult | null {
  const view = toBytes(bytes, 'bytes');
  const a = view[0];
  const b = view[1];
  const c = view[2];
  if (a === 0xef && b === 0xbb && c === 0xbf) return { encoding: 'UTF-8', length: 3 };
  if (a === 0xfe && b === 0xff) return { encoding: 'UTF-16BE', length: 2 };
  if (a === 0xff && b === 0xfe) return { encoding: 'UTF-16LE', length: 2 };
  return null;
}

/** Options of {@link prescanHtml}. */
export interface PrescanOptions {
  /**
   * How many bytes the `<meta>` prescan looks at; it never reads past them. Default 1024, as the HTML
   * standard recommends. An XML declaration at the start is read to its `>`, wherever that is.
   */
  maxBytes?: number;
  /**
   * Whether a `<?xml … encoding="…"?>` declaration at the very start counts when no `<meta>` does, as
   * the current HTML standard says ("get an XML encoding"). Default `true`; `false` gives the older
   * prescan that ignored it.
   */
  xmlDeclaration?: boolean;
}

function lower(b: number): number {
  return b >= 0x41 && b <= 0x5a ? b + 0x20 : b;
}

// The attribute `getAttribute` last read, as spans of the input ([start, end) byte offsets) rather
// than strings: a string is built only for the few values the prescan looks at (a `<meta>`'s
// `charset` and `content`), never for the attributes of other tags, which are only skipped.
let position = 0;
let nameStart = 0;
let nameEnd = 0;
let valueStart = 0;
let valueEnd = 0;

/**
 * HTML "get an attribute" (WHATWG HTML §13.2.3.2) from `position`, reading nothing at or past
 * `end`: `true` with the attribute's spans set (its name is the bytes ASCII-lowercased), `false`
 * when there is none (a `>`, or the input ends). Leaves `position` where the algorithm does.
 */
function getAttribute(bytes: Uint8Array, end: number): boolean {
  let p = position;
  let b = p < end ? bytes[p]! : -1;
  while (isAsciiWhitespace(b) || b === 0x2f) b = ++p < end ? bytes[p]! : -1;
  if (b === 0x3e || b < 0) {
    position = p;
    return false;
  }
  // The name: up to `=` (not as its first byte), whitespace, `/` or `>`.
  nameStart = p;
  for (;;) {
    if (b < 0) {
      position = p;
      return false;
    }
    if (b === 0x3d && p !== nameStart) {
      nameEnd = p;
      b = ++p < end ? bytes[p]! : -1;
      break;
    }
    if (isAsciiWhitespace(b)) {
      nameEnd = p;
      while (isAsciiWhitespace(b)) b = ++p < end ? bytes[p]! : -1;
      if (b !== 0x3d) {
        position = p;
        valueStart = valueEnd = p;
        return b >= 0;
      }
      b = ++p < end ? bytes[p]! : -1;
      break;
    }
    if (b === 0x2f || b === 0x3e) {
      position = nameEnd = valueStart = valueEnd = p;
      return true;
    }
    b = ++p < end ? bytes[p]! : -1;
  }
  // The value: quoted, empty before `>`, or up to whitespace or `>`.
  while (isAsciiWhitespace(b)) b = ++p < end ? bytes[p]! : -1;
  if (b === 0x22 || b === 0x27) {
    const quote = b;
    valueStart = p + 1;
    for (;;) {
      b = ++p < end ? bytes[p]! : -1;
      if (b < 0) {
        position = p;
        return false;
      }
      if (b === quote) {
        valueEnd = p;
        position = p + 1;
        return true;
      }
    }
  }
  valueStart = p;
  while (b >= 0 && !isAsciiWhitespace(b) && b !== 0x3e) b = ++p < end ? bytes[p]! : -1;
  position = valueEnd = p;
  return b >= 0;
}

/** Whether the bytes [start, stop) are `word` (lowercase ASCII) in any ASCII case. */
function spanIs(bytes: Uint8Array, start: number, stop: number, word: string): boolean {
  if (stop - start !== word.length) return false;
  for (let i = start; i < stop; i++)
    if (lower(bytes[i]!) !== word.charCodeAt(i - start)) return false;
  return true;
}

/** The bytes [start, stop) as a string, one code point per byte, ASCII-lowercased. */
function spanText(bytes: Uint8Array, start: number, stop: number): string {
  let text = '';
  for (let i = start; i < stop; i++) text += String.fromCharCode(lower(bytes[i]!));
  return text;
}

/**
 * Runs the HTML "prescan a byte stream to determine its encoding" algorithm over at most `maxBytes`
 * bytes (an XML declaration at the start is read to its `>`, wherever that is): `<meta charset>`
 * and `<meta http-equiv=content-type content="…charset=…">` outside comments
 * and other markup, labels resolved the WHATWG way (so UTF-7 is never found); a UTF-16 declaration
 * means UTF-8 and `x-user-defined` means windows-1252, as the standard says; a `<?xml` in UTF-16
 * gives UTF-16LE or UTF-16BE; when no `<meta>` declares an encoding, an XML declaration at the
 * start (`<?xml version="1.0" encoding="…"?>`) does (turn that off with `xmlDeclaration: false`).
 * {@link https://html.spec.whatwg.org/multipage/parsing.html#prescan-a-byte-stream-to-determine-its-encoding | WHATWG HTML §13.2.3.2}.
 *
 * @param bytes - The start of the document: what `TextDecoder.decode` takes (an ArrayBuffer, a
 * SharedArrayBuffer, or a view of one: a typed array, a DataView, a Node Buffer).
 * @param options - `maxBytes` (default 1024), `xmlDeclaration` (default `true`).
 * @returns The WHATWG encoding name, or `null` when the prescan finds nothing within `maxBytes`.
 * @throws TypeError when `bytes` is none of those.
 * @example
 * ```ts
 * const meta = (s: string) => new TextEncoder().encode(s);
 * prescanHtml(meta('<meta content="text/html; charset=cp1253" http-equiv=Content-Type>')); // 'windows-1253'
 * prescanHtml(meta('<meta content="text/html; charset=1253">')); // null: no http-equiv, and 1253 is no label
 * prescanHtml(meta('<?xml version="1.0" encoding="iso-8859-2"?><html>')); // 'ISO-8859-2'
 * ```
 */
export function prescanHtml(bytes: Bytes, options?: PrescanOptions): string | null {
  return prescan(toBytes(bytes, 'bytes'), options);
}

/**
 * {@link prescanHtml} on bytes already checked (or on an object read like them: the linear-time
 * tests pass a proxy that counts the reads). Internal.
 */
export function prescan(bytes: Uint8Array, options?: PrescanOptions): string | null {
  const end = Math.max(0, Math.min(bytes.length, options?.maxBytes ?? 1024));
  // Every read checks `end` first: nothing at or beyond maxBytes is ever read.
  const at = (i: number): number => (i < end ? bytes[i]! : -1);
  let p = 0;

  // Prescan for UTF-16 XML declarations: `<?x` in UTF-16LE or UTF-16BE.
  if (end >= 6) {
    const b0 = bytes[0];
    const b1 = bytes[1];
    if (
      b0 === 0x3c &&
      b1 === 0 &&
      bytes[2] === 0x3f &&
      bytes[3] === 0 &&
      bytes[4] === 0x78 &&
      bytes[5] === 0
    )
      return 'UTF-16LE';
    if (
      b0 === 0 &&
      b1 === 0x3c &&
      bytes[2] === 0 &&
      bytes[3] === 0x3f &&
      bytes[4] === 0 &&
      bytes[5] === 0x78
    )
      return 'UTF-16BE';
  }

  for (; p < end; p++) {
    if (bytes[p] !== 0x3c) continue;
    const b1 = at(p + 1);
    if (b1 === 0x21 && at(p + 2) === 0x2d && at(p + 3) === 0x2d) {
      // `<!--`: skip to the end of the first `-->` after the `<` (its dashes may be the opening ones).
      let q = p + 2;
      while (q + 2 < end && !(bytes[q] === 0x2d && bytes[q + 1] === 0x2d && bytes[q + 2] === 0x3e))
        q++;
      if (q + 2 >= end) break;
      p = q + 2;
    } else if (
      (b1 | 0x20) === 0x6d &&
      (at(p + 2) | 0x20) === 0x65 &&
      (at(p + 3) | 0x20) === 0x74 &&
      (at(p + 4) | 0x20) === 0x61 &&
      (isAsciiWhitespace(at(p + 5)) || at(p + 5) === 0x2f)
    ) {
      // `<meta` then whitespace or `/`. (`| 0x20` maps only A-Z onto a-z among the bytes that
      // could give these letters, and -1 onto -1.)
      position = p + 6;
      // "attribute list": only the three names the algorithm acts on need remembering.
      let seenHttpEquiv = false;
      let seenContent = false;
      let seenCharset = false;
      let gotPragma = false;
      let needPragma: boolean | null = null;
      let charset: string | null | undefined; // undefined: not set; null: failure
      while (getAttribute(bytes, end)) {
        const length = nameEnd - nameStart;
        if (length === 10 && !seenHttpEquiv && spanIs(bytes, nameStart, nameEnd, 'http-equiv')) {
          seenHttpEquiv = true;
          if (spanIs(bytes, valueStart, valueEnd, 'content-type')) gotPragma = true;
        } else if (length === 7 && !seenContent && spanIs(bytes, nameStart, nameEnd, 'content')) {
          seenContent = true;
          if (charset === undefined) {
            const found = extractMetaCharset(spanText(bytes, valueStart, valueEnd));
            if (found !== null) {
              charset = found;
              needPragma = true;
            }
          }
        } else if (length === 7 && !seenCharset && spanIs(bytes, nameStart, nameEnd, 'charset')) {
          seenCharset = true;
          charset = labelToEncoding(spanText(bytes, valueStart, valueEnd));
          needPragma = false;
        }
      }
      p = position;
      if (p >= end) break;
      if (needPragma === null || (needPragma && !gotPragma) || charset == null) continue;
      if (charset === 'UTF-16BE' || charset === 'UTF-16LE') return 'UTF-8';
      if (charset === 'x-user-defined') return 'windows-1252';
      return charset;
    } else if (
      ((b1 | 0x20) >= 0x61 && (b1 | 0x20) <= 0x7a) ||
      (b1 === 0x2f && (at(p + 2) | 0x20) >= 0x61 && (at(p + 2) | 0x20) <= 0x7a)
    ) {
      // Another tag: skip its name, then its attributes.
      while (p < end && !isAsciiWhitespace(bytes[p]!) && bytes[p] !== 0x3e) p++;
      position = p;
      while (getAttribute(bytes, end)) {
        // attributes of other tags are read only to be skipped
      }
      p = position;
      if (p >= end) break;
    } else if (b1 === 0x21 || b1 === 0x2f || b1 === 0x3f) {
      // `<!`, `</`, `<?`: skip to the next `>`.
      let q = p + 2;
      while (q < end && bytes[q] !== 0x3e) q++;
      if (q >= end) break;
      p = q;
    }
  }
  return options?.xmlDeclaration === false ? null : xmlDeclarationEncoding(bytes);
}

/**
 * HTML "get an XML encoding": a case-sensitive `<?xml` at the start, then within the declaration
 * (up to the first `>`) the first `encoding`, bytes up to 0x20, `=`, bytes up to 0x20, a quoted
 * label with no byte up to 0x20 in it. A UTF-16 label means UTF-8, as for `<meta>`.
 * {@link https://html.spec.whatwg.org/multipage/parsing.html#prescan-a-byte-stream-to-determine-its-encoding | WHATWG HTML §13.2.3.2}.
 */
function xmlDeclarationEncoding(bytes: Uint8Array): string | null {
  if (bytes.length < 5 || String.fromCharCode(...bytes.subarray(0, 5)) !== '<?xml') return null;
  // The declaration up to its first ">", one char per byte, wherever that ">" is: "get an XML
  // encoding" has no byte limit of its own (web-platform-tests html/syntax/xmldecl/xmldecl-2.html
  // puts it at byte 1024, where Firefox reads it).
  const close = bytes.indexOf(0x3e);
  let decl = '';
  for (let i = 0; i < close; i++) decl += String.fromCharCode(bytes[i]!);
  // the first "encoding", even inside another name
  let p = decl.indexOf('encoding', 5);
  if (p < 0) return null;
  p += 8;
  while (decl.charCodeAt(p) <= 0x20) p++;
  if (decl[p] !== '=') return null;
  p++;
  while (decl.charCodeAt(p) <= 0x20) p++;
  const quote = decl[p];
  if (quote !== '"' && quote !== "'") return null;
  const stop = decl.indexOf(quote, p + 1);
  if (stop < 0) return null;
  const label = decl.slice(p + 1, stop);
  for (let k = 0; k < label.length; k++) if (label.charCodeAt(k) <= 0x20) return null;
  return asciiDeclaredEncoding(label);
}

/**
 * The HTML "algorithm for extracting a character encoding from a meta element": finds `charset`,
 * optional whitespace, `=`, and a quoted or bare label in a `content` attribute value, and resolves
 * the label the WHATWG way. Linear: each search starts where the previous one stopped. As in the
 * standard, a UTF-16 label gives `UTF-16LE` or `UTF-16BE` and an ISO 2022 label other than
 * ISO-2022-JP gives `replacement`: a caller that read the page as ASCII must use UTF-8 for UTF-16,
 * as {@link prescanHtml} does (never UTF-7, UTF-32 or EBCDIC: they are no WHATWG labels).
 * {@link https://html.spec.whatwg.org/multipage/urls-and-fetching.html#algorithm-for-extracting-a-character-encoding-from-a-meta-element | WHATWG HTML §2.5.6}.
 *
 * @param content - The `content` attribute value, e.g. `text/html; charset=koi8-r`.
 * @returns The WHATWG encoding name, or `null`.
 * @throws Never.
 * @example
 * ```ts
 * extractMetaCharset("text/html; charset='koi8-r'"); // 'KOI8-R'
 * ```
 */
export function extractMetaCharset(content: string): string | null {
  const s = asciiLower(content);
  let position = 0;
  for (;;) {
    const found = s.indexOf('charset', position);
    if (found < 0) return null;
    let i = found + 7;
    while (i < s.length && isAsciiWhitespace(s.charCodeAt(i))) i++;
    if (s.charCodeAt(i) !== 0x3d) {
      position = i;
      continue;
    }
    i++;
    while (i < s.length && isAsciiWhitespace(s.charCodeAt(i))) i++;
    if (i >= s.length) return null;
    const c = s.charCodeAt(i);
    if (c === 0x22 || c === 0x27) {
      const close = s.indexOf(s[i]!, i + 1);
      return close < 0 ? null : labelToEncoding(content.slice(i + 1, close));
    }
    let j = i;
    while (j < s.length && !isAsciiWhitespace(s.charCodeAt(j)) && s.charCodeAt(j) !== 0x3b) j++;
    return labelToEncoding(content.slice(i, j));
  }
}

/** What XML 1.0 Appendix F learns from the first four bytes. */
export interface XmlSniffResult {
  /**
   * The encoding family: `UTF-8`, `UTF-16BE`, `UTF-16LE`, `UTF-32BE`, `UTF-32LE`, `UCS-4-2143`,
   * `UCS-4-3412` (unusual octet orders), `EBCDIC`, or `null` when the bytes say nothing (UTF-8 by default).
   */
  readonly family: string | null;
  /** Length of the byte order mark, 0 when there is none. */
  readonly bom: number;
  /** Whether the encoding declaration must be read to learn the exact encoding. */
  readonly readDeclaration: boolean;
}

/**
 * XML 1.0 Appendix F autodetection from the first four bytes, with and without a byte order mark.
 * {@link https://www.w3.org/TR/xml/#sec-guessing | XML 1.0 (5th ed.) Appendix F.1}.
 *
 * @param input - The start of the document: what `TextDecoder.decode` takes (an ArrayBuffer, a
 * SharedArrayBuffer, or a view of one: a typed array, a DataView, a Node Buffer).
 * @returns The family, BOM length, and whether to read the declaration next.
 * @throws TypeError when `bytes` is none of those.
 * @example
 * ```ts
 * sniffXml(new Uint8Array([0x00, 0x00, 0xfe, 0xff])); // { family: 'UTF-32BE', bom: 4, readDeclaration: false }
 * sniffXml(new TextEncoder().encode('<?xml')); // { family: 'UTF-8', bom: 0, readDeclaration: true }
 * ```
 */
export function sniffXml(input: Bytes): XmlSniffResult {
  const bytes = toBytes(input, 'bytes');
  const r = (family: string | null, bom: number, readDeclaration: boolean): XmlSniffResult => ({
    family,
    bom,
    readDeclaration,
  });
  if (bytes.length >= 4) {
    const word = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
    switch (word) {
      case 0x0000feff:
        return r('UTF-32BE', 4, false);
      case 0xfffe0000:
        return r('UTF-32LE', 4, false);
      case 0x0000fffe:
        return r('UCS-4-2143', 4, false);
      case 0xfeff0000:
        return r('UCS-4-3412', 4, false);
      case 0x0000003c:
        return r('UTF-32BE', 0, true);
      case 0x3c000000:
        return r('UTF-32LE', 0, true);
      case 0x00003c00:
        return r('UCS-4-2143', 0, true);
      case 0x003c0000:
        return r('UCS-4-3412', 0, true);
      case 0x003c003f:
        return r('UTF-16BE', 0, true);
      case 0x3c003f00:
        return r('UTF-16LE', 0, true);
      case 0x3c3f786d:
        return r('UTF-8', 0, true);
      case 0x4c6fa794:
        return r('EBCDIC', 0, true);
    }
  }
  const bom = sniffBom(bytes);
  if (bom !== null) return r(bom.encoding, bom.length, false);
  return r(null, 0, false);
}

/** An XML declaration's pseudo-attributes. */
export interface XmlDeclaration {
  /** `VersionNum`, e.g. `1.0`. */
  readonly version: string;
  /** `EncName`, as written. */
  readonly encoding?: string;
  /** `SDDecl`. */
  readonly standalone?: boolean;
}

function isXmlSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

/**
 * Parses the XML declaration `<?xml version="…" encoding="…" standalone="…"?>` at the very start of
 * the text: pseudo-attributes in that order, either quote, whitespace around `=`, `EncName` =
 * `[A-Za-z] ([A-Za-z0-9._] | '-')*`.
 * {@link https://www.w3.org/TR/xml/#NT-XMLDecl | XML 1.0 §2.8 XMLDecl},
 * {@link https://www.w3.org/TR/xml/#NT-EncodingDecl | XML 1.0 §4.3.3 EncodingDecl}.
 *
 * @param text - The start of the document, decoded (or its bytes read as Latin-1).
 * @param options - `strict`: throw on a malformed declaration instead of returning `null`.
 * @returns The declaration, or `null` when there is none (or, lenient, when it is malformed).
 * @throws {@link HeaderSyntaxError} in strict mode for a malformed declaration or one not at the start.
 * @example
 * ```ts
 * parseXmlDeclaration("<?xml version='1.0' encoding='Shift_JIS'?>")?.encoding; // 'Shift_JIS'
 * ```
 */
export function parseXmlDeclaration(
  text: string,
  options?: { strict?: boolean },
): XmlDeclaration | null {
  const strict = options?.strict === true;
  let p = 0;
  const fail = (reason: string): null => {
    if (strict) throw new HeaderSyntaxError(p, reason);
    return null;
  };
  // A declaration is `<?` with the target `xml` exactly: `<?xml-stylesheet …?>` is a processing
  // instruction whose target only starts with `xml` (§2.6), not a declaration.
  const isDeclaration = (at: number): boolean =>
    text.startsWith('<?xml', at) && !isNameChar(text.charCodeAt(at + 5));
  if (!isDeclaration(0)) {
    let q = 0;
    while (q < text.length && isXmlSpace(text.charCodeAt(q))) q++;
    return q > 0 && isDeclaration(q) ? fail('XML declaration not at the start') : null;
  }
  p = 5;
  const spaces = (): number => {
    const from = p;
    while (p < text.length && isXmlSpace(text.charCodeAt(p))) p++;
    return p - from;
  };
  // [a-zA-Z0-9_.:-]+ is all VersionNum, EncName and yes/no need; EncName is checked after.
  const attribute = (name: string): string | null | undefined => {
    const save = p;
    if (spaces() === 0 || !text.startsWith(name, p)) {
      p = save;
      return undefined;
    }
    p += name.length;
    spaces();
    if (text.charCodeAt(p) !== 0x3d) return fail(`expected '=' after ${name}`);
    p++;
    spaces();
    const quote = text.charCodeAt(p);
    if (quote !== 0x22 && quote !== 0x27) return fail('expected a quote');
    const close = text.indexOf(text[p]!, p + 1);
    if (close < 0) return fail('unterminated value');
    const value = text.slice(p + 1, close);
    p = close + 1;
    return value;
  };
  const version = attribute('version');
  if (version == null) return version === null ? null : fail('expected version');
  if (!/^1\.[0-9]+$/.test(version)) return fail('bad VersionNum');
  const result: { version: string; encoding?: string; standalone?: boolean } = { version };
  const encoding = attribute('encoding');
  if (encoding === null) return null;
  if (encoding !== undefined) {
    if (!isEncName(encoding)) return fail('bad EncName');
    result.encoding = encoding;
  }
  const standalone = attribute('standalone');
  if (standalone === null) return null;
  if (standalone !== undefined) {
    if (standalone !== 'yes' && standalone !== 'no')
      return fail("standalone must be 'yes' or 'no'");
    result.standalone = standalone === 'yes';
  }
  spaces();
  if (!text.startsWith('?>', p)) return fail("expected '?>'");
  return result;
}

// XML 1.0 §2.3 NameChar, ASCII exactly; every non-ASCII character counts (the non-ASCII NameChar
// ranges cover nearly all of them, and none can follow a declaration's `<?xml`).
function isNameChar(c: number): boolean {
  return (
    (c >= 0x61 && c <= 0x7a) ||
    (c >= 0x41 && c <= 0x5a) ||
    (c >= 0x30 && c <= 0x3a) ||
    c === 0x2d ||
    c === 0x2e ||
    c === 0x5f ||
    c >= 0x80
  );
}

function isEncName(s: string): boolean {
  if (s.length === 0) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i) | 0x20;
    const letter = c >= 0x61 && c <= 0x7a;
    const other =
      i > 0 && ((s.charCodeAt(i) >= 0x30 && s.charCodeAt(i) <= 0x39) || '._-'.includes(s[i]!));
    if (!letter && !other) return false;
  }
  return true;
}
