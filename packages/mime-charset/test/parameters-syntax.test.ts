// decodeParameters and decodeMimePart on the header syntax that real mail and HTTP uploads break:
// folds and stray line breaks, text after a closing quote, section numbers, the value before the
// first `;`, Content-Transfer-Encoding spellings and backslashes in quoted strings. Each case was
// checked against Go's mime, Perl's MIME-tools / Email::MIME and Python's email.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeMimePart,
  decodeParameters,
  HeaderSyntaxError,
  parseContentType,
} from '../src/index';

const lenient = (header: string) => decodeParameters(header, { strict: false });
const value = (header: string, name = 'filename', strict = false) =>
  decodeParameters(header, { strict }).parameters.get(name)?.value;
const errorAt = (header: string): number | string => {
  try {
    decodeParameters(header);
    return 'no error';
  } catch (error) {
    expect(error).toBeInstanceOf(HeaderSyntaxError);
    return (error as HeaderSyntaxError).index;
  }
};

describe('folds (RFC 5322 §2.2.3): the line break is removed, the whitespace kept', () => {
  it('inside a quoted string, in both modes', () => {
    for (const strict of [true, false]) {
      expect(value('a; filename="foo\r\n bar.txt"', 'filename', strict)).toBe('foo bar.txt');
      expect(value('a; filename="foo\r\n\tbar.txt"', 'filename', strict)).toBe('foo\tbar.txt');
      // A bare LF (mail stored with Unix line ends) or CR before whitespace is a fold too.
      expect(value('a; filename="foo\n bar.txt"', 'filename', strict)).toBe('foo bar.txt');
      expect(value('a; filename="foo\r bar.txt"', 'filename', strict)).toBe('foo bar.txt');
      expect(value('a; f*0="foo\r\n bar"; f*1="x"', 'f', strict)).toBe('foo barx');
      expect(value('a; f=foo\r\n bar', 'f', false)).toBe('foo bar');
    }
  });

  it('between parameters, around `=`, before a value and inside a comment', () => {
    const header = 'multipart/mixed;\r\n boundary\r\n =\r\n\t"abc" (a\r\n comment);\n charset=x';
    const strict = decodeParameters(header);
    expect(strict.value).toBe('multipart/mixed');
    expect(strict.parameters.get('boundary')?.value).toBe('abc');
    expect(strict.parameters.get('charset')?.value).toBe('x');
    expect(strict.issues).toEqual([]);
    expect(decodeParameters(header, { strict: false })).toEqual(strict);
  });

  it('errors and issues after a fold point into the header as given', () => {
    // `b*01` starts at 10 in the header; 7 after unfolding.
    expect(errorAt('a;\r\n b*01=x')).toBe(5);
    expect(lenient('a;\r\n b*01=x').issues).toEqual([{ name: 'b', reason: 'malformed', index: 5 }]);
    expect(errorAt("a;\r\n f*=utf-8''%4")).toBe(15);
  });
});

describe('CR, LF and NUL outside a fold', () => {
  it('strict: a HeaderSyntaxError at the character', () => {
    expect(errorAt('a; filename="foo\r\nbar"')).toBe(16);
    expect(errorAt('a; filename="foo\nbar"')).toBe(16);
    expect(errorAt('a; filename="foo\rbar"')).toBe(16);
    expect(errorAt('a; filename="foo\u0000bar"')).toBe(16);
    expect(errorAt('a; filename=foo\r\n')).toBe(15); // a line end left on the value too
    expect(errorAt('a\u0000b; c=d')).toBe(1);
    expect(errorAt('a; b="\\\r\nc"')).toBe(7); // after a backslash (RFC 5322 obs-qp) too
  });

  it('lenient: dropped, and reported as `control` with the parameter it was in', () => {
    expect(lenient('a; filename="foo\r\nbar"; x=1')).toEqual({
      value: 'a',
      parameters: new Map([
        ['filename', { value: 'foobar' }],
        ['x', { value: '1' }],
      ]),
      issues: [{ name: 'filename', reason: 'control', index: 16 }],
    });
    expect(lenient('a\n; c="d\u0000"').issues).toEqual([
      { name: '', reason: 'control', index: 1 },
      { name: 'c', reason: 'control', index: 8 },
    ]);
    // Outside quotes a stray line break separates, as whitespace does. Issues come in the order
    // of the header.
    expect(lenient('a\nb; c=d').issues).toEqual([
      { name: '', reason: 'control', index: 1 },
      { name: '', reason: 'malformed', index: 2 },
    ]);
    expect(lenient('a; c=d\r\n').issues).toEqual([{ name: 'c', reason: 'control', index: 6 }]);
  });

  it('parseContentType (HTTP) does not unfold: strict refuses a line break, WHATWG skips the parameter', () => {
    // RFC 9112 §5.2: obs-fold is for the HTTP parser to replace by SP before the value is read.
    expect(() => parseContentType('text/plain; name="a\r\n b"', { strict: true })).toThrow(
      /index 19/,
    );
    expect(() => parseContentType('text/plain;\r\n name=a', { strict: true })).toThrow(/index 11/);
    const whatwg = parseContentType('text/plain; name="a\r\n b"; b=1');
    expect(whatwg && [...whatwg.parameters]).toEqual([['b', '1']]);
  });
});

describe('lenient recoveries are reported', () => {
  it('a missing `;` after a quoted value (Gmail, from Go mediatype_test.go): the next parameter is read', () => {
    const gmail = 'application/pdf; x-mac-type="3F3F3F3F"; x-mac-creator="3F3F3F3F" name="a.pdf";';
    expect(lenient(gmail)).toEqual({
      value: 'application/pdf',
      parameters: new Map([
        ['x-mac-type', { value: '3F3F3F3F' }],
        ['x-mac-creator', { value: '3F3F3F3F' }],
        ['name', { value: 'a.pdf' }],
      ]),
      issues: [{ name: 'x-mac-creator', reason: 'malformed', index: 65 }],
    });
    expect(errorAt(gmail)).toBe(65);
  });

  it('text after a closing quote that is no parameter is reported twice, never dropped silently', () => {
    expect(lenient('attachment; filename="foo.html".txt')).toEqual({
      value: 'attachment',
      parameters: new Map([['filename', { value: 'foo.html' }]]),
      issues: [
        { name: 'filename', reason: 'malformed', index: 31 },
        { name: '.txt', reason: 'malformed', index: 31 },
      ],
    });
  });

  it("Go's badMediaTypeTests (mediatype_test.go:454-459, tc2231 attwithasciifilenamenq variants; AUD27 F1): each recovery reported where strict mode throws", () => {
    for (const [header, filename, index] of [
      ['a; filename=foo bar.html', 'foo bar.html', 16],
      ['a; filename=foo,bar.html', 'foo,bar.html', 15],
      ['a; filename=foo-ä.html', 'foo-ä.html', 16],
      ['a; filename=foo[1](2).html', 'foo[1](2).html', 15],
      ['a; filename=foo@bar', 'foo@bar', 15],
      ['a; filename=a"b', 'a"b', 13],
    ] as const) {
      expect(lenient(header), header).toEqual({
        value: 'a',
        parameters: new Map([['filename', { value: filename }]]),
        issues: [{ name: 'filename', reason: 'malformed', index }],
      });
      expect(errorAt(header), header).toBe(index);
    }
    // An empty parameter: left out, reported.
    for (const [header, index] of [
      ['a; ;filename=foo', 3],
      ['a;;', 2],
    ] as const) {
      expect(lenient(header).issues, header).toEqual([{ name: '', reason: 'malformed', index }]);
      expect(errorAt(header), header).toBe(index);
    }
    // :169 (#attwithasciifnescapedchar): the one lenient reading without an issue, a `\` that
    // escapes nothing kept (the grammar allows the quoted-pair; README, Backslashes).
    expect(lenient('a; filename="f\\oo.html"')).toEqual({
      value: 'a',
      parameters: new Map([['filename', { value: 'f\\oo.html' }]]),
      issues: [],
    });
  });

  it('an unquoted value that is no token, read to the `;`: reported where the token ended (AUD25 finding 2)', () => {
    // RFC 2045 §5.1: a value is a token or a quoted-string; spaces, tspecials and characters
    // outside ASCII end a token. Strict mode throws at the same index.
    for (const [header, filename, index] of [
      ['attachment; filename=My Document.doc', 'My Document.doc', 24],
      ['attachment; filename=a(b).txt', 'a(b).txt', 25], // `(b)` is a comment, `.txt` is not
      ['attachment; filename=a"b".txt', 'a"b".txt', 22],
      ['attachment; filename=a,b.txt', 'a,b.txt', 22],
      ['attachment; filename=a@b.txt; size=3', 'a@b.txt', 22],
      ['attachment; filename=a[1].txt', 'a[1].txt', 22],
      ['attachment; filename=é.txt', 'é.txt', 21],
      // A comment never closed after the token and a space ends the value there (the `(` is
      // CFWS, RFC 5322 §3.2.2): test/mail-comments.test.ts.
      ['attachment; filename=a (open', 'a', 23],
    ] as const) {
      const r = lenient(header);
      expect(r.parameters.get('filename'), header).toEqual({ value: filename });
      expect(r.issues, header).toEqual([{ name: 'filename', reason: 'malformed', index }]);
      expect(errorAt(header), header).toBe(index);
    }
    expect(lenient('attachment; filename=a@b.txt; size=3').parameters.get('size')).toEqual({
      value: '3',
    });
    // An extended value is a token too (RFC 2231 §7): a raw space ends it.
    const extended = "attachment; filename*=UTF-8''a b.txt";
    expect(lenient(extended)).toEqual({
      value: 'attachment',
      parameters: new Map([['filename', { value: 'a b.txt', charset: 'UTF-8' }]]),
      issues: [{ name: 'filename', reason: 'malformed', index: 31 }],
    });
    expect(errorAt(extended)).toBe(31);
  });

  it('RFC 2047 encoded-words in a value, quoted or not: decoded and reported (RFC 2047 §5)', () => {
    // RFC 2047 §5: an encoded-word "MUST NOT be used in parameter of a MIME Content-Type or
    // Content-Disposition field"; mailers write them and readers decode them. Python's email
    // decodes and flags them too (test_headerregistry.py:904, :915: InvalidHeaderDefect).
    expect(lenient('attachment; filename="=?utf-8?b?w6k=?="')).toEqual({
      value: 'attachment',
      parameters: new Map([['filename', { value: 'é' }]]),
      issues: [{ name: 'filename', reason: 'malformed', index: 21 }],
    });
    // Unquoted: `=` ends the token at once; one issue, where the value starts.
    expect(lenient('attachment; filename==?utf-8?b?w6k=?=')).toEqual({
      value: 'attachment',
      parameters: new Map([['filename', { value: 'é' }]]),
      issues: [{ name: 'filename', reason: 'malformed', index: 21 }],
    });
    expect(errorAt('attachment; filename==?utf-8?b?w6k=?=')).toBe(21);
    expect(
      lenient(
        'attachment; filename="=?UTF-8?Q?Schulbesuchsbest=C3=A4ttigung=2E?=               =?UTF-8?Q?pdf?="',
      ),
    ).toEqual({
      value: 'attachment',
      parameters: new Map([['filename', { value: 'Schulbesuchsbestättigung.pdf' }]]),
      issues: [{ name: 'filename', reason: 'malformed', index: 21 }],
    });
    expect(lenient('attachment; filename="File =?utf-8?q?Name?= With Spaces.pdf"')).toEqual({
      value: 'attachment',
      parameters: new Map([['filename', { value: 'File Name With Spaces.pdf' }]]),
      issues: [{ name: 'filename', reason: 'malformed', index: 21 }],
    });
    // Strict mode keeps a quoted value as written (a quoted-string may hold `=?…?=`).
    expect(value('attachment; filename="=?utf-8?b?w6k=?="', 'filename', true)).toBe(
      '=?utf-8?b?w6k=?=',
    );
    // No word, nothing decoded: no issue.
    expect(lenient('attachment; filename="a=?b"').issues).toEqual([]);
  });

  it('RFC 2047 words in plain RFC 2231 sections: decoded once joined, reported (lenient)', () => {
    // AUD29 F4: Python's email (3.11, policy.default) reads 'éé.txt'; Mutt (rfc2231.c:110-125)
    // decodes words in `name=` only. The sections are one value split up, so the words are read
    // as in `name=`, a word split between sections too.
    for (const header of [
      'a; name*0="=?utf-8?B?w6nDqQ==?="; name*1=".txt"',
      'a; name*0="=?utf-8?B?w6n"; name*1="DqQ==?=.txt"',
      'a; name*1=".txt"; name*0="=?utf-8?B?w6nDqQ==?="',
    ])
      expect(lenient(header), header).toEqual({
        value: 'a',
        parameters: new Map([['name', { value: 'éé.txt' }]]),
        issues: [{ name: 'name', reason: 'malformed', index: header.indexOf('name*0=') + 7 }],
      });
    // Strict keeps them as written; a word that cannot be decoded leaves the value as written.
    expect(value('a; name*0="=?utf-8?B?w6nDqQ==?="; name*1=".txt"', 'name', true)).toBe(
      '=?utf-8?B?w6nDqQ==?=.txt',
    );
    expect(lenient('a; name*0="=?x-none?Q?a?="; name*1="b"')).toEqual({
      value: 'a',
      parameters: new Map([['name', { value: '=?x-none?Q?a?=b' }]]),
      issues: [{ name: 'name', reason: 'unknown-charset' }],
    });
    // Extended sections are RFC 2231's own encoding: what they decode to is text.
    expect(value('a; name*0*=UTF-8\'\'%3D%3F; name*1="utf-8?B?w6k=?="', 'name')).toBe(
      '=?utf-8?B?w6k=?=',
    );
  });

  it('an unterminated quoted-string, an empty unquoted value', () => {
    expect(lenient('a; f="x').issues).toEqual([{ name: 'f', reason: 'malformed', index: 5 }]);
    expect(lenient('a; f=; g=1').issues).toEqual([{ name: 'f', reason: 'malformed', index: 5 }]);
    expect(lenient('a; f=').issues).toEqual([{ name: 'f', reason: 'malformed', index: 5 }]);
    expect(errorAt('a; f=; g=1')).toBe(5);
  });

  it("extended values: a bad `%`, no charset'language', a quoted value (kept as Python reads them)", () => {
    expect(lenient("a; f*=utf-8''a%2")).toEqual({
      value: 'a',
      parameters: new Map([['f', { value: 'a%2', charset: 'utf-8' }]]),
      issues: [{ name: 'f', reason: 'malformed', index: 14 }],
    });
    expect(lenient("a; f*=UTF-8'foo-%c3%a4.html")).toEqual({
      value: 'a',
      parameters: new Map([['f', { value: "UTF-8'foo-ä.html" }]]),
      issues: [{ name: 'f', reason: 'malformed', index: 6 }],
    });
    expect(lenient('a; f*="utf-8\'\'foo%20bar.html"')).toEqual({
      value: 'a',
      parameters: new Map([['f', { value: 'foo bar.html', charset: 'utf-8' }]]),
      issues: [{ name: 'f', reason: 'malformed', index: 6 }],
    });
    // One issue per value, at its first fault.
    expect(lenient('a; f*="foo%20bar.html"').issues).toEqual([
      { name: 'f', reason: 'malformed', index: 6 },
    ]);
    expect(lenient("a; f*0*=utf-8''%41; f*1*=iso-8859-1''%E9").issues).toEqual([
      { name: 'f', reason: 'malformed', index: 35 },
      // %E9 is no UTF-8: U+FFFD, reported
      { name: 'f', reason: 'invalid-bytes' },
    ]);
    expect(errorAt("a; f*=utf-8''a%2")).toBe(14);
    expect(errorAt('a; f*="utf-8\'\'x%"')).toBe(6); // the quote comes first (RFC 2231 §7)
  });
});

describe('strict: an extended value in quotes is named as such, at its `"` (RFC 2231 §7)', () => {
  const error = (header: string): HeaderSyntaxError => {
    try {
      decodeParameters(header);
    } catch (e) {
      return e as HeaderSyntaxError;
    }
    throw new Error(`no error for ${header}`);
  };

  it("Python's msg_29.txt and msg_33.txt (test_email.py:5130, :2885), test_email.py:5412 and :5511", () => {
    for (const header of [
      `text/plain; charset=us-ascii;\r\n     title*0*="us-ascii'en'This%20is%20even%20more%20";\r\n     title*1*="%2A%2A%2Afun%2A%2A%2A%20";\r\n     title*2="isn't it!"`,
      `multipart/signed; micalg*=ansi-x3.4-1968''pgp-md5;\r\n\tprotocol*=ansi-x3.4-1968''application%2Fpgp-signature;\r\n\tboundary*="ansi-x3.4-1968''EeQfGwPcQSOJBaQU"`,
      `application/x-foo;\r\n\tname*0*="Frank's"; name*1*=" Document"`,
      `application/x-foo;\r\n\tname*0="us-ascii'en-us'My";\r\n\tname*1*=" Document";\r\n\tname*2*=" For You"`,
    ]) {
      const e = error(header);
      expect(e.reason, header).toBe('extended value in quotes (RFC 2231 §7)');
      // The first extended parameter written in quotes.
      const at = header.search(/\*="/) + 2;
      expect(e.index, header).toBe(at);
      expect(header[e.index], header).toBe('"');
    }
    // Lenient mode reads them as Python does, and reports the quotes.
    const msg33 = decodeParameters(
      `multipart/signed; boundary*="ansi-x3.4-1968''EeQfGwPcQSOJBaQU"`,
      { strict: false },
    );
    expect(msg33.parameters.get('boundary')?.value).toBe('EeQfGwPcQSOJBaQU');
    expect(msg33.issues).toEqual([{ name: 'boundary', reason: 'malformed', index: 28 }]);
  });

  it('a bad or repeated name is still reported first, at the name', () => {
    expect(error('a; f*0*=x; f*0*="y"').reason).toBe("bad or duplicate parameter 'f*0*'");
    expect(error('a; f*=x; f*="y"').index).toBe(9);
  });
});

describe('RFC 2231 §7 section numbers: "0" / [1-9] *DIGIT', () => {
  it('a leading zero is no section in either mode (tc2231 attfncontlz)', () => {
    expect(lenient('attachment; filename*0="foo"; filename*01="bar"')).toEqual({
      value: 'attachment',
      parameters: new Map([['filename', { value: 'foo' }]]),
      // Named as `parameters` names it (and the issues about a whole value do); `index` says
      // which section.
      issues: [{ name: 'filename', reason: 'malformed', index: 30 }],
    });
    expect(errorAt('attachment; filename*0="foo"; filename*01="bar"')).toBe(30);
    // Strict names the fault (Go mediatype_test.go:357; AUD27 F6), at the name as before.
    for (const header of [
      'attachment; filename*0="foo"; filename*01="bar"',
      'a; filename*00*=x',
      'a; filename*007=x',
    ])
      expect(() => decodeParameters(header), header).toThrow(
        expect.objectContaining({
          reason: 'section number with a leading zero (RFC 2231 §7)',
        }),
      );
    // A repeat or another bad number keeps its message.
    expect(() => decodeParameters('a; f*0=x; f*0=y')).toThrow("bad or duplicate parameter 'f*0'");
    expect(() => decodeParameters('a; f*0x=y')).toThrow("bad or duplicate parameter 'f*0x'");
    expect(value('a; f*0=x; f*00=y', 'f')).toBe('x');
    // 10 is a number; 2-9 are missing: the sections before the gap (Thunderbird, test_header.js:133)
    expect(value('a; f*0=x; f*1=y; f*10=z', 'f')).toBe('xy');
  });
});

describe('the value before the first `;`: a token or type/subtype', () => {
  it('strict accepts a disposition type, a media type, comments and spaces around them', () => {
    for (const [header, v] of [
      ['attachment; filename=a', 'attachment'],
      ['text/plain', 'text/plain'],
      [' INLINE (c) ; filename = "x.txt" ', 'INLINE'],
      ['text/plain (a; comment); charset=utf-8', 'text/plain'],
      ['application/vnd.ms-excel', 'application/vnd.ms-excel'],
    ] as const)
      expect(decodeParameters(header).value).toBe(v);
  });

  it('strict throws at the first character that is neither; lenient keeps it and reports it', () => {
    for (const [header, index, v] of [
      ['; filename=foo.html', 0, ''],
      ['attachment filename=bar', 11, 'attachment filename=bar'],
      ['bogus/<script>alert</script>', 6, 'bogus/<script>alert</script>'],
      ['"attachment"', 0, '"attachment"'],
      ['text/plain charset=iso-8859-1', 11, 'text/plain charset=iso-8859-1'],
      ['text/', 5, 'text/'],
      ['text/plain/x', 10, 'text/plain/x'],
      ['', 0, ''],
    ] as const) {
      expect(errorAt(header)).toBe(index);
      expect(lenient(header)).toMatchObject({
        value: v,
        issues: [{ name: '', reason: 'malformed', index }],
      });
    }
  });

  it('decodeMimePart reads a Content-Type that is no type/subtype as text/plain (RFC 2045 §5.2), and says so', () => {
    const body = new Uint8Array([0x63, 0x61, 0x66, 0xe9]);
    for (const contentType of ['text/plain charset=iso-8859-1', 'text', '', 'bogus/<x>']) {
      const part = decodeMimePart({ contentType, body });
      expect(part.mediaType).toBe('text/plain');
      expect(part.reason).toBe('default');
      expect(part.issues).toEqual(['malformed-content-type']);
    }
    // A charset parameter that can be read still counts, as in Python's email.
    const text = decodeMimePart({ contentType: 'text; charset=utf-8', body: 'café' });
    expect([text.mediaType, text.charset, text.text, text.issues]).toEqual([
      'text/plain',
      'UTF-8',
      'café',
      ['malformed-content-type'],
    ]);
    expect(decodeMimePart({ body }).issues).toEqual([]); // absent: the default, no issue
  });
});

describe('Content-Transfer-Encoding spelled 7-bit, 8 bit, 7_bit', () => {
  it('lenient reads them as 7bit/8bit and reports them; strict does not know them', () => {
    const body = new Uint8Array([0x63, 0x61, 0x66, 0xe9]);
    const contentType = 'text/plain; charset=iso-8859-1';
    for (const transferEncoding of ['7-bit', '8 bit', '7_bit', ' 8-BIT ']) {
      const part = decodeMimePart({ contentType, transferEncoding, body });
      expect([part.text, part.reason, part.issues]).toEqual([
        'café',
        'content-type',
        ['malformed-transfer-encoding'],
      ]);
      const strict = decodeMimePart({ contentType, transferEncoding, body }, { strict: true });
      expect([strict.reason, strict.issues]).toEqual(['fallback', ['unknown-transfer-encoding']]);
    }
    for (const transferEncoding of ['9-bit', '7--bit', '7bits', 'bit'])
      expect(decodeMimePart({ contentType, transferEncoding, body }).issues).toEqual([
        'unknown-transfer-encoding',
      ]);
  });
});

describe('a Content-Transfer-Encoding that names no mechanism (RFC 2045 §6.1; AUD29 F5)', () => {
  it('lenient reads it as 7bit and reports it; strict does not know it', () => {
    // Python reads it as 7bit (HeaderMissingRequiredValue, InvalidHeaderDefect); Dovecot
    // (test-message-decoder.c:328, :418) as an unknown encoding. The body is left as it is.
    const contentType = 'text/plain; charset=us-ascii';
    for (const transferEncoding of ['', ' ', '(', '()', '(c)', '( base64']) {
      const part = decodeMimePart({ contentType, transferEncoding, body: 'YWJj' });
      expect([part.text, part.reason, part.issues], JSON.stringify(transferEncoding)).toEqual([
        'YWJj',
        'content-type',
        ['malformed-transfer-encoding'],
      ]);
      const read = () =>
        decodeMimePart({ contentType, transferEncoding, body: 'YWJj' }, { strict: true });
      // Strict, a comment left open is a syntax error at its `(` (RFC 5322 §3.2.2).
      if (transferEncoding.startsWith('(') && !transferEncoding.includes(')')) {
        expect(read).toThrow(expect.objectContaining({ name: 'HeaderSyntaxError', index: 0 }));
        continue;
      }
      const strict = read();
      expect([strict.text, strict.reason, strict.issues]).toEqual([
        'YWJj',
        'fallback',
        ['unknown-transfer-encoding'],
      ]);
    }
    // Absent is the default, with no issue (RFC 2045 §6.1).
    expect(decodeMimePart({ contentType, body: 'YWJj' }).issues).toEqual([]);
  });
});

describe('backslashes in quoted strings', () => {
  it('strict reads RFC 5322 quoted-pairs; lenient keeps a `\\` before a character other than `"` or `\\`', () => {
    const upload = 'form-data; name="f"; filename="C:\\dev\\x.txt"';
    expect(value(upload, 'filename', true)).toBe('C:devx.txt');
    expect(value(upload, 'filename', false)).toBe('C:\\dev\\x.txt');
    // Strict, a backslash before a fold escapes the fold's whitespace.
    expect(value('a; filename="x\\\r\n y"', 'filename', true)).toBe('x y');
    // `\"` and `\\` are quoted-pairs in both modes.
    for (const strict of [true, false]) {
      expect(value('a; filename="\\"q\\".txt"', 'filename', strict)).toBe('"q".txt');
      expect(value('a; filename="a\\\\b.txt"', 'filename', strict)).toBe('a\\b.txt');
    }
  });

  it('lenient, no `\\` is lost but those of a quoted-pair (property)', () => {
    const text = fc.array(fc.constantFrom('a', '\\', '.', ' ', 'é'), { maxLength: 20 });
    fc.assert(
      fc.property(text, (parts) => {
        const raw = parts.join('');
        // Escape what must be escaped: `\` only before `"`, `\` or the closing quote.
        const quoted = raw.replace(/\\(?=\\|$)/g, '\\\\');
        expect(value(`a; f="${quoted}"`, 'f')).toBe(raw);
      }),
    );
  });
});
