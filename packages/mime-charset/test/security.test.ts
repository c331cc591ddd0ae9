import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type CharsetCodec,
  CharsetError,
  codecNames,
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
  sniffXml,
} from '../src/index';

const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);
const MB = 1 << 17; // large enough to show a quadratic scanner, small enough to run fast

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
  it('encoded-words refuse CR, LF and NUL, and fold only with CRLF SPACE', () => {
    const attack = 'Hello\r\nBcc: victim@example.com\r\n\r\nbody';
    for (const encoding of ['B', 'Q'] as const) {
      expect(() => encodeEncodedWords(attack, { encoding })).toThrow(
        expect.objectContaining({ name: 'HeaderSyntaxError', index: 5 }),
      );
      expect(() => encodeEncodedWords('a\0b', { encoding })).toThrow(HeaderSyntaxError);
      const encoded = encodeEncodedWords('Hello\tBcc: victim'.repeat(8), { encoding });
      expect(encoded.replace(/\r\n /g, '')).not.toMatch(/[\r\n]/);
    }
    // Such words, written by hand, never hand the line breaks back: strict leaves them as
    // written, lenient drops them (Thunderbird drops NUL, test_nsIMsgHeaderParser5.js:69-75).
    const word = '=?UTF-8?Q?Hello=0D=0ABcc:_victim?=';
    expect(decodeEncodedWords(word).text).toBe(word);
    expect(decodeEncodedWords(word, { strict: false }).text).toBe('HelloBcc: victim');
  });

  it('parameters refuse CR, LF and NUL and percent-encode other controls; formatContentType refuses them', () => {
    expect(() => encodeParameter('filename', 'a.txt"\r\nContent-Type: text/html')).toThrow(
      expect.objectContaining({
        name: 'HeaderSyntaxError',
        index: 6,
        reason: 'CR, LF or NUL in a header value',
      }),
    );
    // What it would have written: decoded CR and LF never come back: strict throws, lenient drops them.
    const encoded = "filename*=UTF-8''a.txt%22%0D%0AContent-Type%3A%20text%2Fhtml";
    expect(() => decodeParameters(`attachment; ${encoded}`)).toThrow(HeaderSyntaxError);
    expect(
      decodeParameters(`attachment; ${encoded}`, { strict: false }).parameters.get('filename')
        ?.value,
    ).toBe('a.txt"Content-Type: text/html');
    const tab = encodeParameter('filename', 'a\tb\x01c');
    expect(tab).toBe("filename*=UTF-8''a%09b%01c");
    expect(decodeParameters(`a; ${tab}`).parameters.get('filename')?.value).toBe('a\tb\x01c');
    expect(() =>
      formatContentType({
        type: 'text',
        subtype: 'plain',
        parameters: { charset: 'utf-8\r\nX: y' },
      }),
    ).toThrow(HeaderSyntaxError);
  });

  it('header injection: a CRLF and a new header line smuggled in a quoted filename never come back', () => {
    const header = 'attachment; filename="a.txt\r\nContent-Type: text/html\r\n\r\n<script>"';
    // Strict: an error at the first line break (not a fold: no whitespace after it).
    expect(() => decodeParameters(header)).toThrow(/line break that is not a fold at index 27/);
    // Lenient: the line breaks are dropped and reported, nothing else is lost.
    const lenient = decodeParameters(header, { strict: false });
    expect(lenient.parameters.get('filename')?.value).toBe('a.txtContent-Type: text/html<script>');
    expect(lenient.issues.map((i) => [i.reason, i.index])).toEqual([
      ['control', 27],
      ['control', 52],
      ['control', 54],
    ]);
    // Bare LF, bare CR, NUL, and a backslash before the break (RFC 5322 obs-qp) alike.
    for (const smuggled of ['\n', '\r', '\u0000', '\\\r\n', '\r\r\n'])
      for (const quoted of [true, false]) {
        const value = `a${smuggled}Bcc: victim@example.com`;
        const h = `attachment; filename=${quoted ? `"${value}"` : value}; x=1`;
        expect(() => decodeParameters(h)).toThrow(HeaderSyntaxError);
        const got = decodeParameters(h, { strict: false });
        expect(got.parameters.get('filename')?.value).not.toMatch(/[\r\n\0]/);
        expect(got.issues.some((i) => i.reason === 'control')).toBe(true);
      }
  });

  it('header injection: no raw CR, LF or NUL in a lenient parameter value (property)', () => {
    const piece = fc.constantFrom(
      'a',
      ' ',
      '\t',
      '"',
      '\\',
      ';',
      '=',
      '(',
      ')',
      '\r',
      '\n',
      '\0',
      '*0',
      "'",
      'é',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (parts) => {
        const got = decodeParameters(`a; f=${parts.join('')}; g="${parts.join('')}"`, {
          strict: false,
        });
        for (const { value } of got.parameters.values()) expect(value).not.toMatch(/[\r\n\0]/);
      }),
      { numRuns: 1000 },
    );
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

// The work these take grows linearly with the input: test/linear.test.ts counts it.
describe('large adversarial inputs are read right (denial of service)', () => {
  it('a Content-Type with a megabyte of parameters', () => {
    const header = `text/plain${';a=b'.repeat(MB / 4)}`;
    expect(parseContentType(header)?.parameters.size).toBe(1);
    expect(() => parseContentType(header, { strict: true })).toThrow(HeaderSyntaxError);
    const distinct = `text/plain${Array.from({ length: 20_000 }, (_, i) => `;p${i}="v\\"${i}"`).join('')}`;
    expect(parseContentType(distinct)?.parameters.size).toBe(20_000);
    expect(parseContentType(distinct, { strict: true })?.parameters.size).toBe(20_000);
    expect(parseContentType(`text/plain;${';'.repeat(MB)}`)?.parameters.size).toBe(0);
    expect(parseContentType(`text/plain;a="${'\\'.repeat(MB)}`)?.parameters.size).toBe(1);
  });

  it('RFC 2231 parameter lists and continuations', () => {
    const many = `attachment; f*0*=utf-8''%41${Array.from({ length: 19_999 }, (_, i) => `; f*${i + 1}*=%41`).join('')}`;
    expect(decodeParameters(many).parameters.get('f')?.value).toBe('A'.repeat(20_000));
    const reversed = `attachment${Array.from({ length: 10_000 }, (_, i) => `; f*${9_999 - i}=b`).join('')}`;
    expect(decodeParameters(reversed).parameters.get('f')?.value.length).toBe(10_000);
    expect(decodeParameters(`a${'; x=1'.repeat(MB / 6)}`, { strict: false }).parameters.size).toBe(
      1,
    );
    expect(
      decodeParameters(`a; t*=utf-8''${'%'.repeat(MB)}`, { strict: false }).parameters.get('t')
        ?.value.length,
    ).toBe(MB);
    // Unterminated comments after every value: each must not be scanned to the end again.
    const open = `a${'; b=c ('.repeat(MB / 8)}`;
    expect(decodeParameters(open, { strict: false }).parameters.get('b')?.value).toBe('c');
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
    expect(encodeEncodedWords('é'.repeat(20_000)).split('\r\n ').length).toBeGreaterThan(200);
    const languages = Array.from({ length: 12_000 }, (_, i) => `=?UTF-8*x${i}?Q?a?=`).join(' ');
    expect(decodeEncodedWords(languages).languages.length).toBe(12_000);
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

describe('non-ASCII characters in encoded text are never cut to their low byte (path traversal, CR LF and NUL smuggling)', () => {
  // U+012E U+012F end in 0x2E 0x2F ("./"), U+010D U+010A in 0x0D 0x0A, U+0100 in 0x00.
  const traversal = '\u012e\u012e\u012fetc\u012fpasswd';

  it('RFC 2047 Q: lenient keeps each character as written and reports it; strict leaves the word', () => {
    const header = `=?utf-8?Q?${traversal}?=`;
    expect(decodeEncodedWords(header, { strict: false })).toEqual({
      text: traversal,
      issues: [{ index: 0, charset: 'utf-8', reason: 'non-ascii' }],
      languages: [],
    });
    expect(decodeEncodedWords(header)).toEqual({
      text: header,
      issues: [{ index: 0, charset: 'utf-8', reason: 'malformed' }],
      languages: [],
    });
    for (const text of ['a\u010d\u010aBcc:x', 'a\u0100b', '\u{1f600}=41']) {
      const got = decodeEncodedWords(`=?UTF-8?Q?${text}?=`, { strict: false }).text;
      expect(got).toBe(text.replace('=41', 'A'));
      expect(got).not.toMatch(/[\r\n\0]/);
    }
    // Around escapes and across adjacent words: the bytes on either side decode on their own.
    expect(
      decodeEncodedWords('=?UTF-8?Q?=C3=A9\u012e=C3=A9?= =?UTF-8?Q?\u012f?=', { strict: false })
        .text,
    ).toBe('é\u012eé\u012f');
    expect(decodeEncodedWords('=?UTF-8?Q?=C3\u012e=A9?=', { strict: false }).text).toBe(
      '\ufffd\u012e\ufffd',
    );
  });

  it('in a Latin-1 word the character is kept too, not read as Latin-1 bytes', async () => {
    await loadCodec('iso-8859-1', { mode: 'iana' });
    expect(decodeEncodedWords('=?ISO-8859-1?Q?caf=E9_\u012e?=', { strict: false }).text).toBe(
      'café \u012e',
    );
  });

  it('RFC 2047 B: a non-ASCII character is skipped like other non-base64 characters, and reported', () => {
    expect(decodeEncodedWords('=?UTF-8?B?QU\u012eJD?=', { strict: false })).toEqual({
      text: 'ABC',
      issues: [{ index: 0, charset: 'UTF-8', reason: 'non-ascii' }],
      languages: [],
    });
    expect(decodeEncodedWords('=?UTF-8?B?QU\u012eJD?=').issues[0]?.reason).toBe('malformed');
  });

  it('RFC 2231 extended values: kept and reported when lenient, an error at the index when strict', () => {
    for (const header of [
      `attachment; filename*="utf-8''${traversal}"`,
      `attachment; filename*=utf-8''${traversal}`,
      `attachment; filename*0*=utf-8''%41; filename*1*="${traversal}"`,
    ]) {
      const lenient = decodeParameters(header, { strict: false });
      expect(lenient.parameters.get('filename')?.value).toMatch(new RegExp(`^A?${traversal}$`));
      // A quoted extended value is reported too (RFC 2231 §7: it is a token).
      // Unquoted, the token ends at the first character outside ASCII, and the value is read on
      // to the `;`: reported there.
      const quoted = header.indexOf('"');
      expect(lenient.issues).toEqual([
        quoted < 0
          ? { name: 'filename', reason: 'malformed', index: header.indexOf('\u012e') }
          : { name: 'filename', reason: 'malformed', index: quoted },
        { name: 'filename', reason: 'non-ascii' },
      ]);
      expect(() => decodeParameters(header)).toThrow(HeaderSyntaxError);
    }
    const crlf = decodeParameters('a; t*="utf-8\'\'x\u010d\u010ay"', { strict: false });
    expect(crlf.parameters.get('t')?.value).toBe('x\u010d\u010ay');
    // RFC 2047 words that mailers put in quoted values go through the same rule.
    const words = decodeParameters(`a; filename="=?UTF-8?Q?${traversal}?="`, { strict: false });
    expect(words.parameters.get('filename')?.value).toBe(traversal);
    expect(words.issues).toEqual([
      { name: 'filename', reason: 'malformed', index: 12 }, // a word in a parameter (RFC 2047 §5)
      { name: 'filename', reason: 'non-ascii' },
    ]);
  });

  it('no output character that is neither in the input nor decoded from a proper escape (property)', async () => {
    await loadCodec('iso-8859-1', { mode: 'iana' });
    const utf8 = new TextEncoder();
    const hex = (b: number): string => b.toString(16).toUpperCase().padStart(2, '0');
    // Pieces of encoded text, each with the characters it may legitimately produce.
    const piece = (latin1: boolean, mark: '=' | '%') =>
      fc.oneof(
        // No hex digit alone: `=4` then `a` would be a proper escape.
        fc.constantFrom('x', 'Z', '-', '!', '=', '%', '=4', '%4', '=G0', '%G0', '\u0000', '\u007f'),
        fc.constantFrom(
          '\u012e',
          '\u012f',
          '\u010d',
          '\u010a',
          '\u0100',
          'é',
          '\u{1f600}',
          '\uffff',
        ),
        (latin1 ? fc.integer({ min: 0xa0, max: 0xff }) : fc.integer({ min: 0x80, max: 0x10ffff }))
          .filter((cp) => cp < 0xd800 || cp > 0xdfff)
          .map((cp) => {
            const ch = String.fromCodePoint(cp);
            const bytes = latin1 ? [cp] : [...utf8.encode(ch)];
            return { text: bytes.map((b) => `${mark}${hex(b)}`).join(''), ch };
          }),
      );
    const allowed = (pieces: (string | { text: string; ch: string })[]): Set<string> => {
      const set = new Set<string>([' ']); // Q's "_"
      for (const p of pieces) {
        if (typeof p === 'string') for (const ch of p) set.add(ch);
        else set.add(p.ch);
      }
      return set;
    };
    const join = (pieces: (string | { text: string; ch: string })[]): string =>
      pieces.map((p) => (typeof p === 'string' ? p : p.text)).join('');
    for (const [charset, latin1] of [
      ['UTF-8', false],
      ['ISO-8859-1', true],
    ] as const) {
      fc.assert(
        fc.property(fc.array(piece(latin1, '='), { maxLength: 12 }), (pieces) => {
          const header = `x =?${charset}?Q?${join(pieces)}?= y`;
          const ok = allowed(pieces);
          for (const ch of 'x y') ok.add(ch);
          for (const ch of decodeEncodedWords(header, { strict: false }).text) {
            if (!ok.has(ch) && !header.includes(ch))
              throw new Error(`${JSON.stringify(ch)} from ${JSON.stringify(header)}`);
          }
        }),
        { numRuns: 500 },
      );
      fc.assert(
        fc.property(fc.array(piece(latin1, '%'), { maxLength: 12 }), (pieces) => {
          const header = `a; t*="${charset}''${join(pieces).replace(/["\\]/g, '')}"`;
          const ok = allowed(pieces);
          const value =
            decodeParameters(header, { strict: false }).parameters.get('t')?.value ?? '';
          for (const ch of value) {
            if (!ok.has(ch) && !header.includes(ch))
              throw new Error(`${JSON.stringify(ch)} from ${JSON.stringify(header)}`);
          }
        }),
        { numRuns: 500 },
      );
    }
  });
});

describe('in-band declarations cannot switch ASCII bytes to UTF-7, UTF-16, UTF-32 or EBCDIC (XSS through +ADw-script+AD4-)', () => {
  const payload = '+ADw-script+AD4-alert(1)+ADw-/script+AD4-';
  const codecs = new Map<string, CharsetCodec>();
  /** Family codecs that do not read every byte 0x00-0x7F as that ASCII character. */
  const notAscii: string[] = [];

  beforeAll(async () => {
    const ascii = Uint8Array.from({ length: 128 }, (_, i) => i);
    for (const name of codecNames()) {
      const codec = await loadCodec(name, { mode: 'iana' }).catch(() => undefined);
      if (codec === undefined) continue;
      codecs.set(name, codec);
      if (codec.decode(ascii) !== String.fromCharCode(...ascii)) notAscii.push(name);
    }
  });

  /** Every label (names and aliases, IANA and WHATWG) of an encoding that is not ASCII-compatible. */
  const hostileLabels = (): string[] => {
    const labels = new Set<string>([
      // WHATWG labels of UTF-16
      'utf-16',
      'utf-16le',
      'utf-16be',
      'unicode',
      'ucs-2',
      'csunicode',
      'iso-10646-ucs-2',
      'unicodefffe',
      'unicodefeff',
      // IANA charsets that are not ASCII-compatible and have no codec in the family
      'UNICODE-1-1-UTF-7',
      'csUnicode11UTF7',
      'UNICODE-1-1',
      'ISO-10646-UCS-4',
      'csUCS4',
      'SCSU',
      'BOCU-1',
      'ISO-10646-UTF-1',
      'IBM273',
      'IBM038',
      'EBCDIC-US',
      'EBCDIC-INT',
      'IBM00924',
    ]);
    // WHATWG's own exceptions: ISO-2022-JP and replacement are what the HTML standard allows.
    for (const name of notAscii) {
      if (name === 'iso-2022-jp' || name === 'replacement') continue;
      labels.add(name);
      labels.add(labelToEncoding(name, { mode: 'iana' })!);
      const info = lookup(name);
      if (info === null) continue;
      labels.add(info.name);
      if (info.preferredMimeName !== undefined) labels.add(info.preferredMimeName);
      for (const alias of info.aliases) labels.add(alias);
    }
    return [...labels];
  };

  it('the family codecs that are not ASCII-compatible are the ones this test knows', () => {
    expect(notAscii.length).toBeGreaterThan(30);
    for (const name of [
      'utf-7',
      'utf-7-imap',
      'utf-16le',
      'utf-32be',
      'cp037',
      'cp1047',
      'din_66003',
    ])
      expect(notAscii).toContain(name);
  });

  it('every sniff entry point, every kind and mode, every label of such an encoding', () => {
    const labels = hostileLabels();
    expect(labels.length).toBeGreaterThan(100);
    const documents = (label: string): string[] => [
      `<meta charset="${label}">${payload}`,
      `<meta http-equiv="Content-Type" content="text/html; charset=${label}">${payload}`,
      `<meta content="text/html; charset=${label}">${payload}`, // loose mode reads it
      `<?xml version="1.0" encoding="${label}"?>${payload}`,
    ];
    for (const label of labels) {
      for (const doc of documents(label)) {
        const b = bytes(doc);
        const prescanned = prescanHtml(b);
        // The standard's extraction gives the encoding the label means on the web (UTF-16 stays
        // UTF-16 there; the prescan then makes it UTF-8): never UTF-7, UTF-32 or EBCDIC.
        expect([null, 'UTF-16LE', 'UTF-16BE', 'replacement']).toContain(
          extractMetaCharset(`text/html; charset=${label}`),
        );
        // UTF-16 (UTF-32, UCS) means UTF-8; the other ISO 2022 forms mean `replacement` on the web
        // (one U+FFFD); anything else is ignored.
        if (prescanned !== null) expect(['UTF-8', 'replacement']).toContain(prescanned);
        for (const kind of ['html', 'xml', 'text'] as const) {
          for (const mode of [undefined, 'whatwg', 'iana', 'loose'] as const) {
            const sniffed = sniffDocument(b, { kind, ...(mode === undefined ? {} : { mode }) });
            if (sniffed.reason !== 'default') {
              expect(['UTF-8', 'replacement'], `${label} ${kind} ${mode}`).toContain(
                sniffed.encoding,
              );
            }
            const decoded = decodeDocument(b, { kind, ...(mode === undefined ? {} : { mode }) });
            expect(decoded.text).not.toContain('<script>');
          }
        }
      }
    }
  });

  it('generated declarations: any case, quotes and spacing (property)', () => {
    const labels = hostileLabels();
    const label = fc
      .tuple(fc.constantFrom(...labels), fc.array(fc.boolean(), { maxLength: 40 }))
      .map(([l, upper]) =>
        [...l].map((c, i) => (upper[i] ? c.toUpperCase() : c.toLowerCase())).join(''),
      );
    const space = fc.constantFrom('', ' ', '\t', '\n');
    const doc = fc.oneof(
      fc
        .tuple(label, fc.constantFrom('"', "'", ''), space)
        .map(([l, q, s]) => `<meta${s || ' '}charset=${q}${l}${q}>`),
      fc
        .tuple(label, space)
        .map(([l, s]) => `<meta content="text/html;${s}charset=${l}" http-equiv=content-type>`),
      fc
        .tuple(label, fc.constantFrom('"', "'"), space)
        .map(([l, q, s]) => `<?xml version="1.0"${s || ' '}encoding=${q}${l}${q}?>`),
    );
    fc.assert(
      fc.property(
        doc,
        fc.constantFrom('html', 'xml', 'text'),
        fc.constantFrom('whatwg', 'iana', 'loose'),
        (d, kind, mode) => {
          const b = bytes(`${d}${payload}`);
          const sniffed = sniffDocument(b, { kind, mode });
          expect(['UTF-8', 'replacement', kind === 'html' ? 'windows-1252' : 'UTF-8']).toContain(
            sniffed.encoding,
          );
          expect(decodeDocument(b, { kind, mode }).text).not.toContain('<script>');
          expect(['UTF-8', 'replacement', null]).toContain(prescanHtml(b));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('a transport charset of UTF-7 is ignored in every mode', () => {
    for (const label of ['utf-7', 'UTF-7-IMAP', 'unicode-1-1-utf-7', 'csUnicode11UTF7'])
      for (const kind of ['html', 'xml', 'text'] as const)
        for (const mode of ['whatwg', 'iana', 'loose'] as const) {
          const b = bytes(payload);
          const options = { kind, mode, contentType: `text/html; charset=${label}` };
          expect(sniffDocument(b, options).reason).toBe('default');
          expect(decodeDocument(b, options).text).toBe(payload);
        }
    // Other transport charsets are out of band: they are taken as the mode resolves them.
    expect(
      sniffDocument(bytes('a'), {
        kind: 'text',
        mode: 'iana',
        contentType: 'text/plain; charset=utf-16',
      }),
    ).toEqual({ encoding: 'UTF-16', reason: 'transport', bom: 0 });
  });

  it('after an EBCDIC signature only an EBCDIC code page may be declared', () => {
    const cp037 = codecs.get('cp037')!;
    for (const label of [
      'utf-7',
      'UTF-16',
      'utf-32',
      'US-ASCII',
      'ISO-8859-1',
      'UTF-8',
      'SCSU',
      'csUnicode11UTF7',
    ]) {
      const b = new Uint8Array([
        ...cp037.encode(`<?xml version="1.0" encoding="${label}"?>`),
        ...bytes(payload),
      ]);
      expect(sniffXml(b).family).toBe('EBCDIC');
      for (const mode of [undefined, 'whatwg', 'iana', 'loose'] as const) {
        const options = { kind: 'xml' as const, ...(mode === undefined ? {} : { mode }) };
        expect(sniffDocument(b, options)).toEqual({
          encoding: 'EBCDIC',
          reason: 'xml-autodetect',
          bom: 0,
        });
        expect(() => decodeDocument(b, options)).toThrow(CharsetError);
      }
    }
    // Each EBCDIC codec of the family, declared in its own bytes, is still found.
    for (const name of ['cp037', 'cp500', 'cp875', 'cp1026', 'cp1047', 'cp1140', 'cp1149']) {
      const label = labelToEncoding(name, { mode: 'iana' })!;
      const b = codecs.get(name)!.encode(`<?xml version='1.0' encoding='${label}'?><a/>`);
      const doc = sniffDocument(b, { kind: 'xml' });
      expect([name, doc.reason, doc.encoding]).toEqual([name, 'xml-declaration', label]);
      expect(decodeDocument(b, { kind: 'xml' }).text.endsWith('<a/>')).toBe(true);
    }
  });
});

describe('options cannot inject CR/LF into encoded headers (header injection through options)', () => {
  const attack = 'en\r\nBcc: victim@example.com';
  const refused = (f: () => unknown, option: string): void => {
    let error: unknown;
    try {
      f();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(HeaderSyntaxError);
    expect((error as HeaderSyntaxError).option).toBe(option);
  };

  it('language, charset and separator are checked before they are written', () => {
    refused(() => encodeParameter('title', 'x', { language: attack }), 'language');
    refused(() => encodeParameter('title', 'é', { language: attack }), 'language');
    refused(() => encodeEncodedWords('x', { language: attack }), 'language');
    refused(() => encodeEncodedWords('x', { language: '' }), 'language');
    // The label lookup trims whitespace: `UTF-8\r\n` resolved, and was written as given.
    refused(() => encodeParameter('title', 'é', { charset: 'UTF-8\r\n' }), 'charset');
    refused(() => encodeParameter('title', 'é', { charset: "UTF-8'en" }), 'charset');
    refused(() => encodeParameter('title', 'x', { charset: 'UTF-8\r\nBcc: a' }), 'charset');
    refused(() => encodeEncodedWords('x', { charset: ' UTF-8\r\n' }), 'charset');
    refused(
      () => encodeEncodedWords('x', { separator: '\r\nBcc: a\r\n ' as unknown as ' ' }),
      'separator',
    );
    // A well-formed tag too long for a 75-character word.
    refused(() => encodeEncodedWords('x', { language: `en${'-abcdefgh'.repeat(7)}` }), 'language');
    expect(encodeParameter('title', 'x', { language: 'en-GB' })).toBe("title*=UTF-8'en-GB'x");
    expect(encodeParameter('title', 'x', { language: '' })).toBe("title*=UTF-8''x");
    expect(encodeEncodedWords('x', { language: 'de-CH-1901' })).toBe('=?UTF-8*de-CH-1901?Q?x?=');
  });

  it('language tags are RFC 5646 tags', () => {
    for (const tag of [
      'en',
      'EN',
      'de-CH',
      'zh-Hant-TW',
      'zh-yue-HK',
      'sl-rozaj-biske',
      'es-419',
      'de-CH-1901',
      'en-a-bbb-x-a-ccc',
      'x-private',
      'i-klingon',
      'en-GB-oed',
      'zh-min-nan',
      'qaa-Qaaa-QM-x-southern',
      'sgn-BE-FR',
      'en-US-u-islamcal',
      'hy-Latn-IT-arevela',
    ])
      expect([tag, encodeEncodedWords('x', { language: tag })]).toEqual([
        tag,
        `=?UTF-8*${tag}?Q?x?=`,
      ]);
    for (const tag of [
      '-',
      'en-',
      '-en',
      'e',
      'en--us',
      'x',
      'en-x',
      'en-a',
      'en-a-x-b',
      'a-b',
      '123',
      'abcdefghi',
      'en_US',
      'en US',
      '\u212aa',
      'en-\u0130',
      'en-US-a-',
      'en;',
      'en*',
      "en'",
    ])
      refused(() => encodeParameter('title', 'x', { language: tag }), 'language');
  });

  it('arbitrary strings in every option: a typed error, or no control character but the folds (property)', () => {
    // Any code points, lone surrogates included (cheaper to build than fc.string's 'binary' unit).
    const codePoints = (maxLength: number): fc.Arbitrary<string> =>
      fc
        .array(fc.integer({ min: 0, max: 0x10ffff }), { maxLength })
        .map((cps) => String.fromCodePoint(...cps));
    const anyString = fc.oneof(
      codePoints(12),
      fc.constantFrom(
        'UTF-8',
        'utf-8',
        'utf8',
        ' UTF-8',
        'UTF-8\r\n',
        'en',
        'de-CH',
        '\r\n ',
        ' ',
        '',
        attack,
      ),
    );
    const clean = (out: string): void => {
      expect(out.replace(/\r\n /g, '')).toMatch(/^[\x20-\x7e]*$/);
    };
    fc.assert(
      fc.property(
        codePoints(40),
        fc.record(
          {
            charset: anyString,
            language: anyString,
            separator: anyString,
            encoding: anyString,
            mode: anyString,
          },
          { requiredKeys: [] },
        ),
        fc.option(fc.integer({ min: -5, max: 200 }), { nil: undefined }),
        (text, options, maxLength) => {
          for (const run of [
            () => encodeEncodedWords(text, options as never),
            () =>
              encodeParameter('title', text, {
                ...(options as object),
                ...(maxLength === undefined ? {} : { maxLength }),
              } as never),
          ]) {
            let out: string;
            try {
              out = run();
            } catch (e) {
              expect(e instanceof HeaderSyntaxError || e instanceof CharsetError).toBe(true);
              continue;
            }
            clean(out);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});
