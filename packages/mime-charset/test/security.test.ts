import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  decodeDocument,
  decodeEncodedWords,
  decodeParameters,
  encodeEncodedWords,
  encodeParameter,
  extractMetaCharset,
  formatContentType,
  HeaderSyntaxError,
  labelToEncoding,
  loadCodec,
  lookup,
  parseContentType,
  prescanHtml,
  sniffDocument,
} from '../src/index';

const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);
const MB = 1 << 20;

beforeAll(async () => {
  await loadCodec('windows-1252');
});

describe('UTF-7 is never sniffed (XSS through +ADw-script+AD4-)', () => {
  it('not from a meta, not from the transport, not from a signature', () => {
    const page = bytes('<meta charset="utf-7">+ADw-script+AD4-alert(1)+ADw-/script+AD4-');
    expect(prescanHtml(page)).toBeNull();
    expect(decodeDocument(page, { kind: 'html' })).toMatchObject({
      encoding: 'windows-1252',
      reason: 'default',
    });
    expect(decodeDocument(page, { kind: 'html' }).text).toContain('+ADw-script+AD4-');
    expect(
      sniffDocument(page, { kind: 'html', contentType: 'text/html; charset=utf-7' }).reason,
    ).toBe('default');
    expect(sniffDocument(bytes('+/v8-+ADw-'), { kind: 'text' }).encoding).toBe('UTF-8');
    expect(labelToEncoding('utf-7')).toBeNull();
    expect(labelToEncoding('unicode-1-1-utf-7')).toBeNull();
  });
});

describe('a meta after maxBytes is ignored (the prescan window cannot be stretched)', () => {
  it('by padding, by a comment, by an open attribute', () => {
    const late = `${'x'.repeat(1024)}<meta charset=koi8-r>`;
    expect(prescanHtml(bytes(late))).toBeNull();
    expect(prescanHtml(bytes(`<!--${'-'.repeat(1100)}--><meta charset=koi8-r>`))).toBeNull();
    expect(prescanHtml(bytes(`<a title="${'x'.repeat(1100)}"><meta charset=koi8-r>`))).toBeNull();
    expect(prescanHtml(bytes(late), { maxBytes: 100 })).toBeNull();
  });
});

describe('header folding cannot inject CR/LF (header injection)', () => {
  it('encoded-words carry CR and LF encoded, and fold only with CRLF SPACE', () => {
    const attack = 'Hello\r\nBcc: victim@example.com\r\n\r\nbody';
    for (const encoding of ['B', 'Q'] as const) {
      const encoded = encodeEncodedWords(attack, { encoding });
      expect(encoded.replace(/\r\n /g, '')).not.toMatch(/[\r\n]/);
      expect(encoded).not.toContain('Bcc:');
      expect(decodeEncodedWords(encoded).text).toBe(attack);
    }
  });

  it('parameters percent-encode controls; formatContentType refuses them', () => {
    const encoded = encodeParameter('filename', 'a.txt"\r\nContent-Type: text/html');
    expect(encoded.replace(/;\r\n /g, '')).not.toMatch(/[\r\n]/);
    expect(decodeParameters(`attachment; ${encoded}`).parameters.get('filename')?.value).toBe(
      'a.txt"\r\nContent-Type: text/html',
    );
    expect(() =>
      formatContentType({
        type: 'text',
        subtype: 'plain',
        parameters: { charset: 'utf-8\r\nX: y' },
      }),
    ).toThrow(HeaderSyntaxError);
  });

  it('a folded Content-Type does not smuggle a parameter past the parser', () => {
    expect(parseContentType('text/html;\r\n charset=utf-8')?.parameters.get('charset')).toBe(
      'utf-8',
    );
    expect(parseContentType('text/html\r\nX-Evil: 1')).toBeNull();
  });
});

describe('no prototype pollution and no look-alike labels', () => {
  it('parameter names and labels are data', () => {
    const ct = parseContentType('a/b;__proto__=x;constructor=y;hasOwnProperty=z');
    expect([...(ct?.parameters.keys() ?? [])]).toEqual([
      '__proto__',
      'constructor',
      'hasownproperty',
    ]);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(decodeParameters('a; __proto__=1').parameters.get('__proto__')?.value).toBe('1');
    for (const label of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect(labelToEncoding(label)).toBeNull();
      expect(labelToEncoding(label, { mode: 'iana' })).toBeNull();
      expect(lookup(label)).toBeNull();
    }
    expect(labelToEncoding('\u212aoi8-r')).toBeNull(); // KELVIN SIGN would lowercase to k
    expect(labelToEncoding('\u0130so-8859-2')).toBeNull(); // dotted capital I
  });
});

describe('huge inputs in linear time (denial of service)', () => {
  it('a Content-Type with a megabyte of parameters', () => {
    const header = `text/plain${';a=b'.repeat(MB / 4)}`;
    expect(parseContentType(header)?.parameters.size).toBe(1);
    expect(() => parseContentType(header, { strict: true })).toThrow(HeaderSyntaxError);
    const distinct = `text/plain${Array.from({ length: 100_000 }, (_, i) => `;p${i}="v\\"${i}"`).join('')}`;
    expect(parseContentType(distinct)?.parameters.size).toBe(100_000);
    expect(parseContentType(distinct, { strict: true })?.parameters.size).toBe(100_000);
    expect(parseContentType(`text/plain;${';'.repeat(MB)}`)?.parameters.size).toBe(0);
    expect(parseContentType(`text/plain;a="${'\\'.repeat(MB)}`)?.parameters.size).toBe(1);
  });

  it('RFC 2231 parameter lists and continuations', () => {
    const many = `attachment; f*0*=utf-8''%41${Array.from({ length: 99_999 }, (_, i) => `; f*${i + 1}*=%41`).join('')}`;
    expect(decodeParameters(many).parameters.get('f')?.value).toBe('A'.repeat(100_000));
    const reversed = `attachment${Array.from({ length: 50_000 }, (_, i) => `; f*${49_999 - i}=b`).join('')}`;
    expect(decodeParameters(reversed).parameters.get('f')?.value.length).toBe(50_000);
    expect(decodeParameters(`a${'; x=1'.repeat(MB / 6)}`, { strict: false }).parameters.size).toBe(
      1,
    );
    expect(
      decodeParameters(`a; t*=utf-8''${'%'.repeat(MB)}`, { strict: false }).parameters.get('t')
        ?.value.length,
    ).toBe(MB);
    // Unterminated comments after every value: each must not be scanned to the end again.
    const open = `a${'; b=c ('.repeat(MB / 8)}`;
    expect(decodeParameters(open, { strict: false }).parameters.get('b')?.value).toBe('c (');
    expect(() => decodeParameters(open)).toThrow(HeaderSyntaxError);
    const nested = `a; b=c ${'('.repeat(MB / 2)}${')'.repeat(MB / 2)}; d=e`;
    expect(decodeParameters(nested).parameters.get('d')?.value).toBe('e');
  });

  it('encoded-word look-alikes', () => {
    for (const unit of ['=?', '=?a?q?', '=?a?q?=?', '=?a*', '=?UTF-8?Q?a?= ']) {
      const input = unit.repeat(Math.ceil(MB / unit.length));
      expect(decodeEncodedWords(input, { strict: false }).text.length).toBeGreaterThan(0);
      expect(decodeEncodedWords(input).text.length).toBeGreaterThan(0);
    }
    expect(encodeEncodedWords('é'.repeat(100_000)).split('\r\n ').length).toBeGreaterThan(1000);
    const languages = Array.from({ length: 60_000 }, (_, i) => `=?UTF-8*x${i}?Q?a?=`).join(' ');
    expect(decodeEncodedWords(languages).languages.length).toBe(60_000);
  });

  it('the prescan and the meta charset extraction', () => {
    for (const unit of ['<!--', '<a ', '<meta ', '<a b="', '</', '<meta a=b ', '<meta charset ']) {
      const input = bytes(unit.repeat(Math.ceil(MB / unit.length)));
      expect(prescanHtml(input, { maxBytes: input.length })).toBeNull();
    }
    expect(extractMetaCharset('charset '.repeat(MB / 8))).toBeNull();
  });
});

describe('no input makes a lenient function throw (robustness, property)', () => {
  it('arbitrary strings and bytes', () => {
    const nasty = fc.array(
      fc.constantFrom(
        '=?',
        '?=',
        '?',
        '=',
        'Q',
        'b',
        'UTF-8',
        '*',
        '"',
        "'",
        ';',
        '%',
        '%4',
        '\\',
        ' ',
        '\r\n',
        '(',
        ')',
        'a',
        'é',
        '\u0000',
        '*0',
        '*1*',
        'x=',
        "utf-8''",
      ),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(nasty, (parts) => {
        const input = parts.join('');
        decodeEncodedWords(input, { strict: false });
        decodeEncodedWords(input);
        decodeParameters(input, { strict: false });
        parseContentType(input);
        extractMetaCharset(input);
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (b) => {
        prescanHtml(b);
        sniffDocument(b, { kind: 'xml' });
        sniffDocument(b, { kind: 'html', contentType: 'text/html;charset=x' });
      }),
      { numRuns: 2000 },
    );
  });
});
