// Every @example in the TSDoc and every example in the README, run as written.
import { describe, expect, it, vi } from 'vitest';
import {
  type CharsetError,
  charsetFromContentType,
  codecNames,
  decode,
  decodeDocument,
  decodeEncodedWords,
  decodeParameters,
  encode,
  encodeEncodedWords,
  encodeParameter,
  extractMetaCharset,
  formatContentType,
  getEncoding,
  type HeaderSyntaxError,
  labelToEncoding,
  loadCodec,
  lookup,
  parseContentType,
  parseXmlDeclaration,
  prescanHtml,
  registerCodec,
  sniffBom,
  sniffDocument,
  sniffXml,
} from '../src/index';
import { loadCodec as loadFromLoad } from '../src/load';

describe('TSDoc examples', () => {
  it('labelToEncoding', () => {
    expect(labelToEncoding(' Latin1 ')).toBe('windows-1252');
    expect(labelToEncoding('latin1', { mode: 'iana' })).toBe('ISO-8859-1');
    expect(labelToEncoding('csShiftJIS', { mode: 'iana' })).toBe('Shift_JIS');
    expect(labelToEncoding('unicode-1-1-utf-8')).toBe('UTF-8');
    expect(labelToEncoding('utf-7')).toBeNull();
    expect(labelToEncoding('1253', { mode: 'loose' })).toBe('windows-1253');
    expect(labelToEncoding('ms-greek', { mode: 'loose' })).toBe('windows-1253');
    expect(labelToEncoding('shift-jis', { mode: 'loose' })).toBe('Shift_JIS');
    expect(labelToEncoding('euc-cn', { mode: 'loose' })).toBe('GB2312');
    expect(labelToEncoding('CP50220', { mode: 'iana' })).toBe('CP50220');
  });

  it('labelToEncoding and enableIanaLabels of @x/mime-charset/labels', async () => {
    vi.resetModules();
    const labels = await import('../src/labels');
    expect(labels.labelToEncoding(' Latin1 ')).toBe('windows-1252');
    let reason: string | undefined;
    try {
      labels.labelToEncoding('latin1', { mode: 'iana' });
    } catch (error) {
      reason = (error as CharsetError).reason;
    }
    expect(reason).toBe('labels-not-enabled');
    labels.enableIanaLabels();
    expect(labels.labelToEncoding('latin1', { mode: 'iana' })).toBe('ISO-8859-1');
    expect(labels.labelToEncoding('win1253', { mode: 'loose' })).toBe('windows-1253');
  });

  it('getEncoding', () => {
    expect(getEncoding('\tUTF8 ')).toBe('UTF-8');
    expect(getEncoding('ks_c_5601-1987')).toBe('EUC-KR');
    expect(getEncoding('csUTF8')).toBeNull();
  });

  it('lookup and codecNames', () => {
    const latin1 = lookup('latin1');
    expect(latin1?.name).toBe('ISO_8859-1:1987');
    expect(latin1?.mibEnum).toBe(4);
    expect(latin1?.preferredMimeName).toBe('ISO-8859-1');
    expect(latin1?.whatwgName).toBe('windows-1252');
    expect(latin1?.codec).toBe('iso-8859-1');
    expect(lookup('T.61-8bit')?.implemented).toBe(false);
    expect(codecNames().includes('cp437')).toBe(true);
  });

  it('decode, encode, loadCodec, registerCodec, CharsetError', async () => {
    expect(decode(new Uint8Array([0xe2, 0x82, 0xac]), 'UTF8')).toBe('€');
    expect(decode(new Uint8Array([0xe1, 0xe2]), 'windows-1253')).toBe('αβ');
    expect(decode(new Uint8Array([0xe9]), 'latin1')).toBe('é');
    expect(decode(new Uint8Array([0xff, 0xfe, 0x41, 0x00]), 'utf-16le')).toBe('\uFEFFA');
    expect((await loadFromLoad('ISO-8859-1')).name).toBe('windows-1252');
    expect(encode('€', 'utf-8')).toEqual(new Uint8Array([0xe2, 0x82, 0xac]));
    expect(encode('①', 'shift_jis')).toEqual(new Uint8Array([0x87, 0x40]));
    expect(encode('①', 'Shift_JIS', { mode: 'iana', unencodable: 'replacement' })).toEqual(
      new Uint8Array([0x3f]),
    );
    expect(encode('①', 'Windows-31J', { mode: 'iana' })).toEqual(new Uint8Array([0x87, 0x40]));
    const codec = await loadCodec('latin1');
    expect(codec.name).toBe('windows-1252');
    registerCodec({
      name: 'us-ascii',
      decode: (bytes) => String.fromCharCode(...bytes),
      encode: (text) => Uint8Array.from(text, (c) => c.charCodeAt(0)),
    });
    expect(decode(new Uint8Array([0x68, 0x69]), 'us-ascii', { mode: 'iana' })).toBe('hi');
    let reason: string | undefined;
    try {
      decode(new Uint8Array([0x41]), 'no-such-charset');
    } catch (error) {
      reason = (error as CharsetError).reason;
    }
    expect(reason).toBe('unknown-label');
  });

  it('parseContentType, formatContentType, charsetFromContentType, HeaderSyntaxError', () => {
    const ct = parseContentType('Text/HTML; Charset="iso-8859-1"');
    expect(ct?.essence).toBe('text/html');
    expect(ct?.parameters.get('charset')).toBe('iso-8859-1');
    let index: number | undefined;
    try {
      parseContentType('text/html; charset', { strict: true });
    } catch (error) {
      index = (error as HeaderSyntaxError).index;
    }
    expect(index).toBe(18);
    expect(
      formatContentType({
        type: 'text',
        subtype: 'plain',
        parameters: { charset: 'utf-8', name: 'a b' },
      }),
    ).toBe('text/plain;charset=utf-8;name="a b"');
    expect(charsetFromContentType('text/html; charset=iso-8859-1')).toBe('windows-1252');
    expect(charsetFromContentType('text/html; charset=iso-8859-1', { mode: 'iana' })).toBe(
      'ISO-8859-1',
    );
  });

  it('sniffing', () => {
    expect(sniffBom(new Uint8Array([0xef, 0xbb, 0xbf, 0x3c]))).toEqual({
      encoding: 'UTF-8',
      length: 3,
    });
    expect(sniffBom(new Uint8Array([0x3c]))).toBeNull();
    const meta = (s: string) => new TextEncoder().encode(s);
    expect(
      prescanHtml(meta('<meta content="text/html; charset=cp1253" http-equiv=Content-Type>')),
    ).toBe('windows-1253');
    expect(prescanHtml(meta('<meta content="text/html; charset=1253">'))).toBeNull();
    expect(extractMetaCharset("text/html; charset='koi8-r'")).toBe('KOI8-R');
    expect(sniffXml(new Uint8Array([0x00, 0x00, 0xfe, 0xff]))).toEqual({
      family: 'UTF-32BE',
      bom: 4,
      readDeclaration: false,
    });
    expect(sniffXml(new TextEncoder().encode('<?xml'))).toEqual({
      family: 'UTF-8',
      bom: 0,
      readDeclaration: true,
    });
    expect(parseXmlDeclaration("<?xml version='1.0' encoding='Shift_JIS'?>")?.encoding).toBe(
      'Shift_JIS',
    );
    expect(
      sniffDocument(new TextEncoder().encode('<meta charset=koi8-r>'), { kind: 'html' }),
    ).toEqual({
      encoding: 'KOI8-R',
      reason: 'prescan',
      bom: 0,
    });
    const doc = decodeDocument(new Uint8Array([0xef, 0xbb, 0xbf, 0x68, 0x69]), { kind: 'text' });
    expect(doc.text).toBe('hi');
    expect(doc.reason).toBe('bom');
  });

  it('mail', async () => {
    await loadCodec('ISO-8859-1', { mode: 'iana' });
    expect(decodeEncodedWords('=?ISO-8859-1?Q?Andr=E9?= Pirard').text).toBe('André Pirard');
    expect(decodeEncodedWords('(=?UTF-8?Q?a?= =?UTF-8?Q?b?=)').text).toBe('(ab)');
    expect(decodeEncodedWords('=?x-unknown?Q?a?=').issues[0]?.reason).toBe('unknown-charset');
    expect(decodeEncodedWords('=?UNKNOWN-8BIT?Q?a?=').issues[0]?.reason).toBe('not-implemented');
    expect(decodeEncodedWords('=?unicode-1-1-utf-7?Q?+AOk-?=').text).toBe('é');
    expect(decodeEncodedWords('=?ANSI_X3.4-1968?Q?hello?=', { strict: false }).text).toBe('hello');
    expect(decodeEncodedWords('=?ANSI_X3.4-1968?Q?hello?=').issues[0]?.reason).toBe('malformed');
    expect(decodeEncodedWords('=?utf-8?b?abcde?=', { strict: false }).issues[0]?.reason).toBe(
      'malformed',
    );
    expect(encodeEncodedWords('André', { encoding: 'Q' })).toBe('=?UTF-8?Q?Andr=C3=A9?=');
    expect(encodeEncodedWords('中文', { charset: 'GB2312' })).toBe('=?GB2312?B?1tDOxA==?=');
    expect(
      decodeParameters('text/plain (c); (c) Charset=(c)"utf-8"').parameters.get('charset'),
    ).toEqual({ value: 'utf-8' });
    expect(decodeParameters('text / html (c); charset=koi8-r').value).toBe('text/html');
    expect(decodeParameters('a; foo; b=c', { strict: false }).issues).toEqual([
      { name: 'foo', reason: 'malformed', index: 3 },
    ]);
    expect(decodeParameters('a; filename="x\r\n y.txt"').parameters.get('filename')).toEqual({
      value: 'x y.txt',
    });
    expect(
      decodeParameters('a; filename="C:\\dev\\x.txt"', { strict: false }).parameters.get(
        'filename',
      ),
    ).toEqual({ value: 'C:\\dev\\x.txt' });
    expect(encodeEncodedWords('镕', { charset: 'GBK' })).toBe('=?GBK?Q?=E9F?=');
    const { parameters } = decodeParameters("attachment; filename*=UTF-8''%e2%82%ac%20rates");
    expect(parameters.get('filename')).toEqual({ value: '€ rates', charset: 'UTF-8' });
    expect(decodeParameters("attachment; filename*=''%C3%A9").parameters.get('filename')).toEqual({
      value: 'é',
    });
    expect(decodeParameters("attachment; filename*=''%E9").parameters.get('filename')).toEqual({
      value: 'é',
    });
    expect(encodeParameter('filename', '€ rates')).toBe("filename*=UTF-8''%E2%82%AC%20rates");
    expect(encodeParameter('filename', 'a b.txt')).toBe('filename="a b.txt"');
  });
});

describe('README examples', () => {
  it('use', async () => {
    expect(labelToEncoding('latin1')).toBe('windows-1252');
    expect(labelToEncoding('latin1', { mode: 'iana' })).toBe('ISO-8859-1');
    expect(charsetFromContentType('text/html; charset=iso-8859-1')).toBe('windows-1252');
    await loadCodec('ISO-8859-1', { mode: 'iana' });
    expect(decodeEncodedWords('=?ISO-8859-1?Q?Andr=E9?= Pirard').text).toBe('André Pirard');
    expect(
      decodeParameters("attachment; filename*=UTF-8''%e2%82%ac%20rates").parameters.get('filename'),
    ).toEqual({
      value: '€ rates',
      charset: 'UTF-8',
    });
    const page = new TextEncoder().encode('<meta charset=utf-8><p>café');
    const doc = decodeDocument(page, { kind: 'html', contentType: 'text/html' });
    expect(doc.text).toBe('<meta charset=utf-8><p>café');
    expect(doc.encoding).toBe('UTF-8');
    expect(doc.reason).toBe('prescan');
  });

  it('mail: labels mailers write', () => {
    expect(decodeEncodedWords('=?unicode-1-1-utf-7?Q?+AOk-?=').text).toBe('é');
    expect(decodeEncodedWords('=?CP50220?B?GyRCJCIbKEI=?=').text).toBe('あ');
    expect(decodeEncodedWords('=?UNKNOWN-8BIT?Q?caf=E9?=').issues[0]?.reason).toBe(
      'not-implemented',
    );
    expect(decodeEncodedWords('=?ANSI_X3.4-1968?Q?hello?=', { strict: false }).text).toBe('hello');
    expect(decodeEncodedWords('=?ANSI_X3.4-1968?Q?hello?=').issues[0]?.reason).toBe('malformed');
    const filename = (header: string): unknown =>
      decodeParameters(header).parameters.get('filename');
    expect(filename("a; filename*=''%C3%A9")).toEqual({ value: 'é' });
    expect(filename("a; filename*=''%E9")).toEqual({ value: 'é' });
    // The `mode: 'iana'` line is in test/mail.test.ts: this file registers its own us-ascii codec.
  });

  it('loading codecs statically', async () => {
    const { codec } = await import('@x/legacy-charsets/shift_jis');
    registerCodec(codec);
    expect(decode(new Uint8Array([0x82, 0xa0]), 'x-sjis')).toBe('あ');
  });

  it('a mail function decodes every charset with no setup call', () => {
    const header = '=?KOI8-R?Q?=F0=D2=C9=D7=C5=D4?= =?ISO-8859-1?Q?Andr=E9?=';
    expect(decodeEncodedWords(header)).toEqual({ text: 'ПриветAndré', issues: [], languages: [] });
  });
});
