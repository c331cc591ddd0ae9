import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CharsetError,
  decodeDocument,
  extractMetaCharset,
  HeaderSyntaxError,
  loadCodec,
  parseXmlDeclaration,
  prescanHtml,
  sniffBom,
  sniffDocument,
  sniffXml,
} from '../src/index';

const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);
const prescan = (s: string, maxBytes?: number): string | null =>
  prescanHtml(bytes(s), maxBytes === undefined ? undefined : { maxBytes });

describe('sniffBom', () => {
  it('finds the three WHATWG BOMs and nothing else', () => {
    expect(sniffBom(new Uint8Array([0xef, 0xbb, 0xbf]))).toEqual({ encoding: 'UTF-8', length: 3 });
    expect(sniffBom(new Uint8Array([0xfe, 0xff]))).toEqual({ encoding: 'UTF-16BE', length: 2 });
    expect(sniffBom(new Uint8Array([0xff, 0xfe]))).toEqual({ encoding: 'UTF-16LE', length: 2 });
    expect(sniffBom(new Uint8Array([0xef, 0xbb]))).toBeNull();
    expect(sniffBom(new Uint8Array([]))).toBeNull();
    expect(sniffBom(bytes('+/v8-'))).toBeNull(); // the UTF-7 signature is not a BOM
  });
});

describe('prescanHtml', () => {
  it('reads the seed example: a content attribute needs http-equiv, and 1253 is not a label', () => {
    expect(prescan('<meta content="text/html; charset=1253">')).toBeNull();
    expect(
      prescan('<meta http-equiv="Content-Type" content="text/html; charset=1253">'),
    ).toBeNull();
    expect(
      prescan('<meta http-equiv="Content-Type" content="text/html; charset=windows-1253">'),
    ).toBe('windows-1253');
    expect(prescan('<meta content="text/html; charset=cp1253" http-equiv=content-type>')).toBe(
      'windows-1253',
    );
  });

  it('reads the charset attribute in its forms', () => {
    expect(prescan('<META CHARSET=UTF-8>')).toBe('UTF-8');
    expect(prescan("<meta charset='koi8-r'>")).toBe('KOI8-R');
    expect(prescan('<meta/charset=latin1>')).toBe('windows-1252');
    expect(prescan('<meta charset = "  sjis  " >')).toBe('Shift_JIS');
    expect(prescan('<!DOCTYPE html><html><head><meta charset="gbk"></head>')).toBe('GBK');
    expect(prescan('<meta name=x charset=euc-kr>')).toBe('EUC-KR');
  });

  it('keeps the first of duplicate attributes and needs the pragma for content', () => {
    expect(prescan('<meta charset=koi8-r charset=utf-8>')).toBe('KOI8-R');
    expect(prescan('<meta http-equiv=refresh content="charset=koi8-r">')).toBeNull();
    expect(
      prescan('<meta charset=bogus content="text/html;charset=utf-8" http-equiv=content-type>'),
    ).toBeNull();
    expect(prescan('<meta content="text/html;charset=koi8-r" charset=utf-8>')).toBe('UTF-8');
  });

  it('applies the UTF-16 and x-user-defined rules', () => {
    expect(prescan('<meta charset=utf-16le>')).toBe('UTF-8');
    expect(prescan('<meta charset=utf-16>')).toBe('UTF-8');
    expect(prescan('<meta charset=x-user-defined>')).toBe('windows-1252');
    expect(prescanHtml(new Uint8Array([0x3c, 0, 0x3f, 0, 0x78, 0]))).toBe('UTF-16LE');
    expect(prescanHtml(new Uint8Array([0, 0x3c, 0, 0x3f, 0, 0x78]))).toBe('UTF-16BE');
  });

  it('skips comments, other tags and their attribute values, and markup declarations', () => {
    expect(prescan('<!-- <meta charset=koi8-r> --><meta charset=utf-8>')).toBe('UTF-8');
    expect(prescan('<!--><meta charset=koi8-r>')).toBe('KOI8-R');
    expect(prescan('<div title="<meta charset=koi8-r>"><meta charset=gbk>')).toBe('GBK');
    expect(prescan("<p class='a' data-x=<meta charset=koi8-r>")).toBeNull();
    expect(prescan('</meta charset=koi8-r><meta charset=gbk>')).toBe('GBK');
    expect(prescan('<?php echo "<meta charset=koi8-r>" ?><meta charset=gbk>')).toBe('GBK');
    expect(prescan('<!DOCTYPE <meta charset=koi8-r>><meta charset=big5>')).toBe('Big5');
    expect(prescan('<metax charset=koi8-r><meta charset=big5>')).toBe('Big5');
    expect(prescan('a < b <1 <meta charset=big5>')).toBe('Big5');
  });

  // WHATWG HTML §13.2.3.2 "get an attribute", step by step.
  it('gets attributes as the algorithm does, corner cases included', () => {
    // Step 1: whitespace and '/' before a name are skipped, FF (0x0C) included.
    expect(prescan('<meta\f//\fcharset=koi8-r>')).toBe('KOI8-R');
    // Step 4: '=' starts a name when the name is empty, so `=charset` is not `charset`.
    expect(prescan('<meta =charset=koi8-r>')).toBeNull();
    // Step 4: '/' or '>' ends a name with an empty value; the next attribute is read after it.
    expect(prescan('<meta charset/charset=koi8-r>')).toBeNull(); // the first `charset` (empty) wins
    expect(prescan('<meta http-equiv/content="text/html;charset=koi8-r">')).toBeNull();
    // Steps 6-7: whitespace after a name, then no '=': the attribute has an empty value.
    expect(prescan('<meta charset content=x charset=koi8-r>')).toBeNull();
    // Step 10: '>' right after '=' is an empty value, not the start of one.
    expect(prescan('<meta charset=><meta charset=koi8-r>')).toBe('KOI8-R');
    // Step 11: an unquoted value runs to whitespace or '>': a trailing '/' belongs to it.
    expect(prescan('<meta charset=koi8-r/>')).toBeNull();
    expect(prescan('<meta charset="koi8-r"/>')).toBe('KOI8-R');
    // Quoted values keep '>' and whitespace, and are lowercased like the rest.
    expect(prescan('<meta http-equiv="Content-Type" content="a>b; CHARSET=KOI8-R">')).toBe(
      'KOI8-R',
    );
    // A quote inside an unquoted value is data; a quote right after '=' starts a quoted value.
    expect(prescan("<meta charset=koi8-r'>")).toBeNull();
    // Names and values are compared lowercased, byte by byte: non-ASCII bytes never match.
    expect(prescan('<meta CHARSET=KOI8-R>')).toBe('KOI8-R');
    expect(prescan('<meta charset=\u212aoi8-r>')).toBeNull();
  });

  it('follows the tag-level steps: comments, end tags, <! and <? markup', () => {
    // The `-->` may reuse the dashes of `<!--`; `--!>` does not close the comment here.
    expect(prescan('<!---><meta charset=koi8-r>')).toBe('KOI8-R');
    expect(prescan('<!-- --!><meta charset=koi8-r> -->')).toBeNull();
    expect(prescan('<!-- -- --><meta charset=koi8-r>')).toBe('KOI8-R');
    // `<!` and `<?` skip to the first '>', even inside what looks like a quoted string.
    expect(prescan('<!x "a>" <meta charset=koi8-r>')).toBe('KOI8-R');
    expect(prescan('<?x "a>" <meta charset=koi8-r>')).toBe('KOI8-R');
    // `</` then a letter is an end tag, whose attributes are read (and skipped) like a start tag's.
    expect(prescan('</p title="<meta charset=koi8-r>"><meta charset=gbk>')).toBe('GBK');
    // `</` then anything else is bogus markup, skipped to '>'.
    expect(prescan('</ <meta charset=koi8-r>><meta charset=gbk>')).toBe('GBK');
    // `<meta` must be followed by whitespace or '/'.
    expect(prescan('<meta>charset=koi8-r<meta charset=gbk>')).toBe('GBK');
    expect(prescan('<meta\tcharset=gbk>')).toBe('GBK');
    // A content attribute whose charset cannot be extracted leaves the meta without a charset.
    expect(
      prescan('<meta http-equiv=content-type content="charset=\'koi8-r"><meta charset=gbk>'),
    ).toBe('GBK');
    // http-equiv must be exactly content-type (after lowercasing).
    expect(
      prescan('<meta http-equiv=" content-type" content="charset=koi8-r"><meta charset=gbk>'),
    ).toBe('GBK');
  });

  it('extracts a charset from a content value as the meta algorithm does', () => {
    expect(extractMetaCharset('charsetcharset=koi8-r')).toBe('KOI8-R');
    expect(extractMetaCharset('charset ; charset = "koi8-r"')).toBe('KOI8-R');
    expect(extractMetaCharset('text/html; charset=koi8-r;x')).toBe('KOI8-R');
    expect(extractMetaCharset('text/html; charset=koi8-r x')).toBe('KOI8-R');
    expect(extractMetaCharset('CHARSET=KOI8-R')).toBe('KOI8-R');
    expect(extractMetaCharset("charset='koi8-r")).toBeNull(); // unmatched quote
    expect(extractMetaCharset('charset="koi8-r\'')).toBeNull();
    expect(extractMetaCharset('charset=')).toBeNull();
    expect(extractMetaCharset('charset=;koi8-r')).toBeNull();
    expect(extractMetaCharset('charset')).toBeNull();
    expect(extractMetaCharset('text/html')).toBeNull();
  });

  it('never finds UTF-7', () => {
    expect(prescan('<meta charset=utf-7>')).toBeNull();
    expect(prescan('<meta http-equiv=content-type content="text/html;charset=utf-7">')).toBeNull();
  });

  it('stops at maxBytes and at unfinished markup', () => {
    const meta = '<meta charset=koi8-r>';
    expect(prescan(meta, meta.length)).toBe('KOI8-R');
    expect(prescan(meta, meta.length - 1)).toBeNull();
    expect(prescan(`${' '.repeat(1020)}${meta}`)).toBeNull();
    expect(prescan(`${' '.repeat(1020)}${meta}`, 2048)).toBe('KOI8-R');
    expect(prescan(meta, 0)).toBeNull();
    expect(prescan(meta, -5)).toBeNull();
    for (const cut of [
      '<!-- ',
      '<!doctype',
      '<div title="x',
      '<div',
      "<meta charset='koi8",
      '<meta charset=koi8',
      '<meta charset',
      '<meta charset ',
      '<meta a=b ',
    ]) {
      expect(prescan(cut), cut).toBeNull();
    }
  });

  it('never reads past maxBytes (property)', () => {
    const html = fc.array(
      fc.constantFrom(
        '<meta charset=koi8-r>',
        '<!--',
        '-->',
        '<a href="',
        '"',
        "'",
        '>',
        '<',
        '<meta ',
        'charset=',
        'gbk',
        ' ',
        'content="text/html;charset=big5"',
        'http-equiv=content-type',
        'x',
      ),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(
        html,
        fc.nat({ max: 400 }),
        fc.uint8Array({ maxLength: 50 }),
        (parts, max, tail) => {
          const head = bytes(parts.join(''));
          const limit = Math.min(max, head.length);
          const joined = new Uint8Array(limit + tail.length);
          joined.set(head.subarray(0, limit));
          joined.set(tail, limit);
          // Whatever follows the limit, the answer is that of the first maxBytes bytes alone.
          expect(prescanHtml(joined, { maxBytes: limit })).toBe(
            prescanHtml(head.subarray(0, limit), { maxBytes: limit }),
          );
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('prescanHtml: the XML declaration (HTML "get an XML encoding")', () => {
  it('counts when no <meta> does, and a <meta> wins over it', () => {
    expect(prescan('<?xml version="1.0" encoding="iso-8859-2"?><html>')).toBe('ISO-8859-2');
    expect(prescan("<?xml version='1.0' encoding = 'koi8-r' ?>")).toBe('KOI8-R');
    expect(prescan('<?xml encoding="gbk"?><meta charset="big5">')).toBe('Big5');
    expect(prescan('<?xml encoding="utf-16"?>')).toBe('UTF-8');
    expect(prescan('<?xml encoding="utf-16be"?>')).toBe('UTF-8');
  });
  it('is only a case-sensitive <?xml at byte 0 with encoding="…" before the first ">"', () => {
    for (const html of [
      ' <?xml encoding="gbk"?>',
      '<?XML encoding="gbk"?>',
      '<?xml ENCODING="gbk"?>',
      '<?xml version="1.0"?><p encoding="gbk">',
      '<?xml encoding="gbk"',
      '<?xml encoding=gbk?>',
      '<?xml encoding="gb k"?>',
      '<?xml encoding="gbk>"?>',
      '<?xml encoding="no-such-label"?>',
      '<!--x--><?xml encoding="gbk"?>',
    ]) {
      expect(prescan(html), html).toBeNull();
    }
    // "encoding" inside another name still counts, and any byte up to 0x20 is whitespace here
    expect(prescan('<?xml myencoding="gbk"?>')).toBe('GBK');
    expect(
      prescanHtml(new Uint8Array([...bytes('<?xml encoding='), 0x7f, ...bytes('"gbk"?>')])),
    ).toBeNull();
    expect(
      prescanHtml(new Uint8Array([...bytes('<?xml encoding'), 1, 0x3d, 2, ...bytes('"gbk"?>')])),
    ).toBe('GBK');
  });
  it('is read to its ">" past maxBytes, and is off with xmlDeclaration: false (the older prescan)', () => {
    const decl = '<?xml version="1.0" encoding="iso-8859-2"?>';
    expect(prescan(decl, decl.length - 1)).toBe('ISO-8859-2');
    expect(prescan(decl, 0)).toBe('ISO-8859-2');
    expect(prescanHtml(bytes(decl), { xmlDeclaration: false })).toBeNull();
    // web-platform-tests html/syntax/xmldecl/xmldecl-2.html, "kilobyte-plus-one": the ">" at byte
    // 1024, one past the prescan's window; Firefox and html-encoding-sniffer read the declaration.
    const long = `<?xml version="1.0" encoding="windows-1251"${' '.repeat(980)}?>`;
    expect(long.indexOf('>')).toBe(1024);
    expect(prescanHtml(bytes(long))).toBe('windows-1251');
    expect(sniffDocument(bytes(`${long}<p>\xe0`), { kind: 'html' }).encoding).toBe('windows-1251');
    // Without its ">" it says nothing, however long.
    expect(prescanHtml(bytes(`<?xml encoding="gbk"${' '.repeat(5000)}`))).toBeNull();
  });
});

describe('extractMetaCharset', () => {
  it('follows the HTML algorithm', () => {
    expect(extractMetaCharset("text/html; charset='koi8-r'")).toBe('KOI8-R');
    expect(extractMetaCharset('text/html; CHARSET = "gbk" ; x')).toBe('GBK');
    expect(extractMetaCharset('charsetcharset=big5')).toBe('Big5');
    expect(extractMetaCharset('charset x; charset=sjis;more')).toBe('Shift_JIS');
    expect(extractMetaCharset('text/html; charset="koi8-r')).toBeNull();
    expect(extractMetaCharset('text/html; charset=')).toBeNull();
    expect(extractMetaCharset('text/html')).toBeNull();
    expect(extractMetaCharset('İİ charset=gbk')).toBe('GBK');
  });
});

describe('sniffXml and parseXmlDeclaration', () => {
  it('says nothing about short or unrecognised input', () => {
    expect(sniffXml(new Uint8Array([0x3c, 0x3f]))).toEqual({
      family: null,
      bom: 0,
      readDeclaration: false,
    });
    expect(sniffXml(bytes('<root/>'))).toEqual({ family: null, bom: 0, readDeclaration: false });
    expect(sniffXml(new Uint8Array([0xef, 0xbb, 0xbf]))).toEqual({
      family: 'UTF-8',
      bom: 3,
      readDeclaration: false,
    });
  });

  it('parses the pseudo-attributes', () => {
    expect(parseXmlDeclaration('<?xml version="1.0"?><a/>')).toEqual({ version: '1.0' });
    expect(
      parseXmlDeclaration('<?xml version="1.1" encoding="EUC-JP" standalone=\'yes\' ?>'),
    ).toEqual({
      version: '1.1',
      encoding: 'EUC-JP',
      standalone: true,
    });
    expect(parseXmlDeclaration('<?xml version="1.0" standalone="no"?>')?.standalone).toBe(false);
    expect(parseXmlDeclaration('<root/>')).toBeNull();
  });

  it('rejects malformed declarations, at an index in strict mode', () => {
    const bad = [
      '<?xml?>',
      '<?xml version="2.0"?>',
      '<?xml version=1.0?>',
      '<?xml version "1.0"?>',
      '<?xml version="1.0',
      '<?xml version="1.0" encoding="8bit"?>',
      '<?xml version="1.0" encoding=""?>',
      '<?xml version="1.0" standalone="maybe"?>',
      '<?xml version="1.0" encoding="utf-8"',
      '<?xml version="1.0" encoding=utf-8?>',
      '<?xml version="1.0" standalone=yes?>',
    ];
    for (const decl of bad) {
      expect(parseXmlDeclaration(decl), decl).toBeNull();
      expect(() => parseXmlDeclaration(decl, { strict: true }), decl).toThrow(HeaderSyntaxError);
    }
    expect(parseXmlDeclaration('<?xml version="1.0" encoding="Latin_1.x-2"?>')?.encoding).toBe(
      'Latin_1.x-2',
    );
  });

  it('tells the declaration from processing instructions whose target starts with xml (§2.6)', () => {
    for (const pi of [
      '<?xml-stylesheet href="a.xsl" type="text/xsl"?>',
      '<?xml-model href="a.rng"?>',
      '<?xmlversion="1.0"?>',
      ' <?xml-stylesheet href="a.css"?>',
    ]) {
      expect(parseXmlDeclaration(pi, { strict: true }), pi).toBeNull();
    }
    expect(parseXmlDeclaration('<?xml\tversion="1.0"\r\n?>')).toEqual({ version: '1.0' });
    expect(() => parseXmlDeclaration(' <?xml version="1.0"?>', { strict: true })).toThrow(
      HeaderSyntaxError,
    );
    // Without a declaration, an XML document in ASCII-compatible bytes is UTF-8 (Appendix F).
    expect(sniffDocument(bytes('<?xml-stylesheet href="a.xsl"?><a/>'), { kind: 'xml' })).toEqual({
      encoding: 'UTF-8',
      reason: 'default',
      bom: 0,
    });
  });
});

describe('sniffDocument and decodeDocument', () => {
  beforeAll(async () => {
    for (const label of ['utf-16le', 'utf-16be', 'koi8-r', 'windows-1252', 'windows-1251'])
      await loadCodec(label);
    for (const label of ['UTF-32BE', 'UTF-32LE']) await loadCodec(label, { mode: 'iana' });
  });

  it('HTML: BOM, then transport, then prescan, then the default', () => {
    const meta = bytes('<meta charset=koi8-r>\u00e9');
    expect(sniffDocument(meta, { kind: 'html' })).toEqual({
      encoding: 'KOI8-R',
      reason: 'prescan',
      bom: 0,
    });
    expect(
      sniffDocument(meta, { kind: 'html', contentType: 'text/html; charset=windows-1251' }),
    ).toEqual({
      encoding: 'windows-1251',
      reason: 'transport',
      bom: 0,
    });
    expect(
      sniffDocument(meta, { kind: 'html', contentType: 'text/html; charset=utf-7' }).reason,
    ).toBe('prescan');
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...meta]);
    expect(
      decodeDocument(withBom, { kind: 'html', contentType: 'text/html;charset=koi8-r' }),
    ).toEqual({
      encoding: 'UTF-8',
      reason: 'bom',
      bom: 3,
      text: '<meta charset=koi8-r>é',
    });
    expect(decodeDocument(bytes('<p>\u00e9'), { kind: 'html' })).toEqual({
      encoding: 'windows-1252',
      reason: 'default',
      bom: 0,
      text: '<p>Ã©',
    });
    expect(decodeDocument(bytes('<p>'), { kind: 'html', defaultEncoding: 'UTF-8' }).encoding).toBe(
      'UTF-8',
    );
  });

  it('defaultEncoding is read by the mode and comes back by its canonical name', () => {
    const doc = bytes('<p>hi');
    for (const [label, mode, name] of [
      ['latin1', 'whatwg', 'windows-1252'],
      [' utf8 ', 'whatwg', 'UTF-8'],
      ['koi8', 'whatwg', 'KOI8-R'],
      ['SJIS', undefined, 'Shift_JIS'],
      ['latin1', 'iana', 'ISO-8859-1'],
      ['cp437', 'iana', 'IBM437'],
      ['win-1253', 'loose', 'windows-1253'],
    ] as const)
      for (const kind of ['html', 'xml', 'text'] as const) {
        const options = { kind, defaultEncoding: label, ...(mode ? { mode } : {}) };
        expect(sniffDocument(doc, options), `${label} ${kind}`).toEqual({
          encoding: name,
          reason: 'default',
          bom: 0,
        });
        expect(decodeDocument(doc, options).encoding).toBe(name);
      }
  });

  it('an unknown defaultEncoding throws a CharsetError naming the option, before any sniffing', () => {
    for (const [label, mode] of [
      ['bogus', undefined],
      ['cp437', 'whatwg'],
      ['win-1253', 'iana'],
      ['', 'loose'],
    ] as const)
      for (const f of [sniffDocument, decodeDocument]) {
        // A BOM would decide before the default is needed: the option is checked anyway.
        const call = () =>
          f(new Uint8Array([0xef, 0xbb, 0xbf]), {
            kind: 'text',
            defaultEncoding: label,
            ...(mode === undefined ? {} : { mode }),
          });
        expect(call).toThrow(CharsetError);
        expect(call).toThrow(/options\.defaultEncoding/);
        expect(call).toThrow(expect.objectContaining({ reason: 'unknown-label', label }));
      }
  });

  it('XML in whatwg mode: no UTF-32 (WPT encoding/utf-32.html), FF FE 00 00 is UTF-16LE', () => {
    // '<?xml version="1.0"?><x/>' in UTF-32, with and without a BOM.
    const text = '<?xml version="1.0"?><x/>';
    const le = [...text].flatMap((c) => [c.charCodeAt(0), 0, 0, 0]);
    const be = [...text].flatMap((c) => [0, 0, 0, c.charCodeAt(0)]);
    const cases = [
      [[0xff, 0xfe, 0, 0, ...le], 'UTF-16LE', 'bom', 2, 'UTF-16LE'],
      [[0, 0, 0xfe, 0xff, ...be], 'UTF-8', 'default', 0, 'windows-1252'],
      [le, 'UTF-8', 'default', 0, 'windows-1252'],
      [be, 'UTF-8', 'default', 0, 'windows-1252'],
      // UCS-4 in the unusual octet orders, with and without a mark: nothing either.
      [[0, 0, 0xff, 0xfe, 0, 0, 0x3c, 0], 'UTF-8', 'default', 0, 'windows-1252'],
      [[0xfe, 0xff, 0, 0, 0, 0x3c, 0, 0], 'UTF-16BE', 'bom', 2, 'UTF-16BE'],
      [[0, 0, 0x3c, 0, 0, 0, 0x3f, 0], 'UTF-8', 'default', 0, 'windows-1252'],
    ] as const;
    for (const mode of [undefined, 'whatwg'] as const)
      for (const [input, encoding, reason, bom, html] of cases) {
        const doc = Uint8Array.from(input);
        expect(sniffDocument(doc, { kind: 'xml', ...(mode && { mode }) })).toEqual({
          encoding,
          reason,
          bom,
        });
        // HTML reads the same bytes the same way (windows-1252 by default).
        expect(sniffDocument(doc, { kind: 'html', ...(mode && { mode }) }).encoding).toBe(html);
      }
    const doc = decodeDocument(Uint8Array.from([0xff, 0xfe, 0, 0, ...le]), { kind: 'xml' });
    expect(doc.text).toBe(`\u0000${[...text].join('\u0000')}\u0000`);
    // A UTF-32 declaration in ASCII bytes still means UTF-8; the iana mode keeps Appendix F.
    expect(
      sniffDocument(bytes('<?xml version="1.0" encoding="UTF-32"?>'), { kind: 'xml' }),
    ).toMatchObject({ encoding: 'UTF-8' });
    expect(sniffDocument(Uint8Array.from(le), { kind: 'xml', mode: 'iana' }).encoding).toBe(
      'UTF-32LE',
    );
  });

  it('XML: BOM (UTF-32 too in the iana and loose modes), transport, declaration, Appendix F family, UTF-8', () => {
    const utf32 = new Uint8Array([0, 0, 0xfe, 0xff, 0, 0, 0, 0x3c]);
    for (const mode of ['iana', 'loose'] as const) {
      expect(
        sniffDocument(new Uint8Array([0xff, 0xfe, 0, 0, 0x3c, 0, 0, 0]), { kind: 'xml', mode }),
      ).toEqual({ encoding: 'UTF-32LE', reason: 'bom', bom: 4 });
      expect(sniffDocument(new Uint8Array([0, 0, 0, 0x3c]), { kind: 'xml', mode })).toEqual({
        encoding: 'UTF-32BE',
        reason: 'xml-autodetect',
        bom: 0,
      });
    }
    expect(decodeDocument(utf32, { kind: 'xml', mode: 'iana' })).toEqual({
      encoding: 'UTF-32BE',
      reason: 'bom',
      bom: 4,
      text: '<',
    });
    const utf16 = new Uint8Array([0x3c, 0, 0x3f, 0, 0x78, 0, 0x6d, 0]);
    expect(decodeDocument(utf16, { kind: 'xml' })).toEqual({
      encoding: 'UTF-16LE',
      reason: 'xml-autodetect',
      bom: 0,
      text: '<?xm',
    });
    const decl = bytes('<?xml version="1.0" encoding="koi8-r"?>\u00e9');
    expect(sniffDocument(decl, { kind: 'xml' })).toEqual({
      encoding: 'KOI8-R',
      reason: 'xml-declaration',
      bom: 0,
    });
    expect(
      sniffDocument(decl, { kind: 'xml', contentType: 'application/xml; charset=utf-8' }).reason,
    ).toBe('transport');
    expect(sniffDocument(bytes('<?xml version="1.0" encoding="bogus"?>'), { kind: 'xml' })).toEqual(
      {
        encoding: 'UTF-8',
        reason: 'default',
        bom: 0,
      },
    );
    expect(sniffDocument(bytes('<root/>'), { kind: 'xml' }).reason).toBe('default');
    expect(
      sniffDocument(bytes('<?xml version="1.0" encoding="latin1"?>'), { kind: 'xml', mode: 'iana' })
        .encoding,
    ).toBe('ISO-8859-1');
    expect(() => decodeDocument(new Uint8Array([0x4c, 0x6f, 0xa7, 0x94]), { kind: 'xml' })).toThrow(
      CharsetError,
    );
  });

  it('XML in EBCDIC: the declaration names the code page', async () => {
    for (const [label, name] of [
      ['IBM037', 'IBM037'],
      ['ebcdic-cp-us', 'IBM037'],
      ['IBM1047', 'IBM1047'],
      ['IBM01140', 'IBM01140'],
    ] as const) {
      const codec = await loadCodec(label, { mode: 'iana' });
      const xml = `<?xml version="1.0" encoding='${label}'?>\n<a b="ç">é [x] | ¢</a>`;
      const doc = decodeDocument(codec.encode(xml), { kind: 'xml' });
      expect(doc, label).toEqual({ encoding: name, reason: 'xml-declaration', bom: 0, text: xml });
    }
    const unknown = (await loadCodec('IBM037', { mode: 'iana' })).encode(
      '<?xml version="1.0" encoding="nope"?>',
    );
    expect(sniffDocument(unknown, { kind: 'xml' })).toEqual({
      encoding: 'EBCDIC',
      reason: 'xml-autodetect',
      bom: 0,
    });
  });

  it('text: BOM, transport, UTF-8', () => {
    expect(decodeDocument(new Uint8Array([0xff, 0xfe, 0x68, 0]), { kind: 'text' })).toMatchObject({
      text: 'h',
      reason: 'bom',
    });
    expect(
      decodeDocument(new Uint8Array([0xe9]), {
        kind: 'text',
        contentType: 'text/plain;charset=latin1',
      }),
    ).toMatchObject({
      text: 'é',
      encoding: 'windows-1252',
      reason: 'transport',
    });
    expect(decodeDocument(bytes('<meta charset=koi8-r>'), { kind: 'text' }).encoding).toBe('UTF-8');
  });

  it('text labelled UTF-32: a UTF-32 mark, where it would otherwise be UTF-16LE and U+0000', () => {
    const le = new Uint8Array([0xff, 0xfe, 0, 0, 0x41, 0, 0, 0]);
    const be = new Uint8Array([0, 0, 0xfe, 0xff, 0, 0, 0, 0x41]);
    for (const charset of ['utf-32', 'utf-32le', 'UTF-32BE']) {
      const contentType = `text/plain; charset=${charset}`;
      expect(decodeDocument(le, { kind: 'text', contentType, mode: 'iana' })).toMatchObject({
        text: 'A',
        encoding: 'UTF-32LE',
        reason: 'bom',
        bom: 4,
      });
      expect(decodeDocument(be, { kind: 'text', contentType, mode: 'iana' })).toMatchObject({
        text: 'A',
        encoding: 'UTF-32BE',
        reason: 'bom',
        bom: 4,
      });
    }
    // without such a label the WHATWG BOM sniff: UTF-16LE's mark, then U+0000 A U+0000
    for (const options of [
      { kind: 'text' as const, mode: 'iana' as const },
      { kind: 'text' as const, contentType: 'text/plain; charset=utf-16le', mode: 'iana' as const },
      { kind: 'html' as const, contentType: 'text/html; charset=utf-32', mode: 'iana' as const },
    ])
      expect(decodeDocument(le, options)).toMatchObject({
        text: '\u0000A\u0000',
        encoding: 'UTF-16LE',
        bom: 2,
      });
  });
});
