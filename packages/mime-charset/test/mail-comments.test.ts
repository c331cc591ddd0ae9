// RFC 2045 §5.1: a Content-Type field follows RFC 822's structured-field rules, so comments (nested,
// with quoted-pairs) may stand wherever CFWS may: before a parameter name, around `=`, around a
// value, around the type, the `/` and the subtype. Python's email reads them so (test_headerregistry.py,
// `capitalized_charset_param_name_and_comment`).
import { describe, expect, it } from 'vitest';
import {
  decodeMimePart,
  decodeParameters,
  decodeTransferEncoding,
  HeaderSyntaxError,
} from '../src/index';

const utf8Euro = new Uint8Array([0xe2, 0x82, 0xac]);

describe('comments in Content-Type and parameters (RFC 2045 §5.1, RFC 822 CFWS)', () => {
  it('skips a comment before a parameter name, around `=` and a value, and after the type', () => {
    for (const header of [
      'text/plain; (interjection) Charset="utf-8"',
      'text/plain; charset=(c)utf-8',
      'text/plain; charset=utf-8 (c)',
      'text/plain (c); charset=utf-8',
      'text/plain(c);charset=utf-8',
      'text/plain; charset (a) = (b) utf-8',
      'text/plain; charset=(nested (comment \\) with) a quoted-pair) "utf-8"',
      '(before) text/plain; charset=utf-8',
    ]) {
      for (const strict of [true, false]) {
        // Strict mode too: RFC 2045 allows comments, so they are no error and no issue.
        expect(decodeParameters(header, { strict }), header).toEqual({
          value: 'text/plain',
          parameters: new Map([['charset', { value: 'utf-8' }]]),
          issues: [],
        });
      }
      for (const mode of ['mail', 'iana'] as const) {
        const part = decodeMimePart({ contentType: header, body: utf8Euro }, { mode });
        expect(part.text, header).toBe('€');
        expect(part.mediaType).toBe('text/plain');
        expect(part.reason).toBe('content-type');
      }
    }
  });

  it('skips whitespace and comments around the `/` of type/subtype (RFC 822 §3.1.4)', () => {
    // RFC 2045 §5.1 makes `/` a tspecial: `text`, `/` and `html` are three tokens, and RFC 822
    // §3.1.4 lets linear whitespace and comments stand between any two. Python's email reads them
    // so: test_headerregistry.py:345 (`spaces_in_content_type`) and :351 (`cfws_in_content_type`).
    for (const [header, type] of [
      ['text / html; charset=koi8-r', 'text/html'],
      ['(c) text (c)/(c) html (c); charset=koi8-r', 'text/html'],
      ['text (c)/html; charset=koi8-r', 'text/html'],
      ['text/ html; charset=koi8-r', 'text/html'],
      ['text /html; charset=koi8-r', 'text/html'],
      ['text\r\n\t/\r\n html; charset=koi8-r', 'text/html'],
      ['  text  /  plain  ; charset=koi8-r', 'text/plain'],
      ['(foo) text (bar)/(baz)plain(stuff); charset=koi8-r', 'text/plain'],
      ['Multipart / Mixed (a (nested) comment); charset=koi8-r', 'Multipart/Mixed'],
    ]) {
      for (const strict of [true, false]) {
        expect(decodeParameters(header!, { strict }), header).toEqual({
          value: type,
          parameters: new Map([['charset', { value: 'koi8-r' }]]),
          issues: [],
        });
      }
    }
    const part = decodeMimePart({
      contentType: 'text / html; charset=koi8-r',
      body: new Uint8Array([0xf0, 0xd2, 0xc9, 0xd7, 0xc5, 0xd4]),
    });
    expect(part.mediaType).toBe('text/html');
    expect(part.text).toBe('Привет');
    expect(part.issues).toEqual([]);
    expect(decodeMimePart({ contentType: 'multipart / mixed', body: '' }).mediaType).toBe(
      'multipart/mixed',
    );
    // A value still needs its tokens: a `/` with nothing after it, or a third part, is malformed.
    expect(decodeParameters('text / (c); a=b', { strict: false }).issues).toEqual([
      { name: '', reason: 'malformed', index: 10 },
    ]);
    expect(decodeParameters('text / html / x; a=b', { strict: false })).toEqual({
      value: 'text / html / x',
      parameters: new Map([['a', { value: 'b' }]]),
      issues: [{ name: '', reason: 'malformed', index: 12 }],
    });
    expect(() => decodeParameters('text / html x')).toThrow(/index 12/);
  });

  it('keeps a `(` that opens no comment, and the parameters after it', () => {
    // The value is no longer a type/subtype: reported (lenient) at the `(`.
    expect(decodeParameters('text/plain (open; charset=utf-8', { strict: false })).toEqual({
      value: 'text/plain (open',
      parameters: new Map([['charset', { value: 'utf-8' }]]),
      issues: [{ name: '', reason: 'malformed', index: 11 }],
    });
    expect(() => decodeParameters('text/plain (open; charset=utf-8')).toThrow(/index 11/);
  });

  it('never drops a parameter silently: lenient mode reports each one it cannot read', () => {
    expect(decodeParameters('text/plain; foo; charset=utf-8', { strict: false })).toEqual({
      value: 'text/plain',
      parameters: new Map([['charset', { value: 'utf-8' }]]),
      issues: [{ name: 'foo', reason: 'malformed', index: 12 }],
    });
    expect(decodeParameters('text/plain; =x; charset=y', { strict: false }).issues).toEqual([
      { name: '', reason: 'malformed', index: 12 },
    ]);
    // A repeat: the first is kept, the second reported.
    expect(decodeParameters('a; charset=x; Charset=y', { strict: false })).toEqual({
      value: 'a',
      parameters: new Map([['charset', { value: 'x' }]]),
      issues: [{ name: 'charset', reason: 'malformed', index: 14 }],
    });
    // An empty parameter between two `;` is no `parameter` (RFC 2045 §5.1: `*(";" parameter)`):
    // strict mode refuses it, lenient mode reports it; a `;` that ends the header is read.
    expect(decodeParameters('a;; b=c;', { strict: false }).issues).toEqual([
      { name: '', reason: 'malformed', index: 2 },
    ]);
    expect(() => decodeParameters('a;; b=c')).toThrow(/expected a parameter name at index 2/);
    expect(decodeParameters('a; b=c;')).toEqual({
      value: 'a',
      parameters: new Map([['b', { value: 'c' }]]),
      issues: [],
    });
    // Strict mode throws at the offending index instead.
    expect(() => decodeParameters('text/plain; foo; charset=utf-8')).toThrow(/index 15/);
  });
});

// RFC 5322 §3.2.2: a comment runs from `(` to its matching `)`; one left open is a syntax error,
// which strict reading throws at the `(` and lenient reading reports. What a header says before
// it stands: `base64 (x` names base64, as Python's email reads it (with its defect "end of header
// inside comment"); reading it as 7bit would show the base64 text instead.
describe('a comment left open (RFC 5322 §3.2.2)', () => {
  const unterminated = (index: number) =>
    expect.objectContaining({
      name: 'HeaderSyntaxError',
      index,
      reason: 'unterminated comment (RFC 5322 §3.2.2)',
    });

  it('after a Content-Transfer-Encoding: read as the mechanism and reported; strict throws', () => {
    for (const [transferEncoding, at] of [
      ['base64 (x', 7],
      ['BASE64(x', 6],
      ['base64 ((nested) x', 7],
      ['base64 (a) (b', 11],
      ['base64 (a \\) b', 7],
    ] as const) {
      const part = decodeMimePart({ transferEncoding, body: 'YWJj' });
      expect([part.text, part.issues], transferEncoding).toEqual([
        'abc',
        ['malformed-transfer-encoding'],
      ]);
      expect(() => decodeMimePart({ transferEncoding, body: 'YWJj' }, { strict: true })).toThrow(
        unterminated(at),
      );
      expect(decodeTransferEncoding('YWJj', transferEncoding)).toEqual(
        new Uint8Array([97, 98, 99]),
      );
      expect(() => decodeTransferEncoding('YWJj', transferEncoding, { strict: true })).toThrow(
        unterminated(at),
      );
    }
    // A quoted-printable one too; a closed comment is no issue.
    const qp = decodeMimePart({ transferEncoding: 'quoted-printable (x', body: 'caf=C3=A9' });
    expect(qp.issues).toEqual(['malformed-transfer-encoding']);
    expect(decodeMimePart({ transferEncoding: 'base64 (x)', body: 'YWJj' }).issues).toEqual([]);
    expect(
      decodeMimePart({ transferEncoding: 'base64 (x)', body: 'YWJj' }, { strict: true }).text,
    ).toBe('abc');
    // Before the mechanism, the comment holds it: no mechanism (read as 7bit, reported; for
    // decodeTransferEncoding no known encoding); strict, the same error at the `(`.
    expect(decodeMimePart({ transferEncoding: '( base64', body: 'YWJj' }).text).toBe('YWJj');
    expect(decodeTransferEncoding('YWJj', '( base64')).toBeUndefined();
    expect(() => decodeTransferEncoding('YWJj', ' ( base64', { strict: true })).toThrow(
      unterminated(1),
    );
    // An unknown mechanism with one: both said.
    expect(decodeMimePart({ transferEncoding: 'x-uuencode (x', body: 'a' }).issues).toEqual([
      'malformed-transfer-encoding',
      'unknown-transfer-encoding',
    ]);
  });

  it('in a Content-Type or Content-Disposition: reported at the `(` (lenient), thrown there (strict)', () => {
    for (const [header, at] of [
      ['text/plain (open; charset=utf-8', 11],
      ['text/plain; charset=utf-8 (x', 26],
      ['text/plain; (x charset=utf-8', 12],
      ['text/plain; charset=(x', 20],
      ['attachment; filename="a.txt" (x', 29],
      ['attachment; filename=a.txt (x', 27],
      ['(attachment; filename=a.txt', 0],
    ] as const) {
      expect(() => decodeParameters(header), header).toThrow(unterminated(at));
      expect(() => decodeParameters(header)).toThrow(HeaderSyntaxError);
      const issues = decodeParameters(header, { strict: false }).issues;
      expect(issues[0], header).toMatchObject({ reason: 'malformed', index: at });
    }
  });

  it('after a whole unquoted value and whitespace: the value ends at its token (lenient), as Python reads it', () => {
    // RFC 2045 §5.1 ends a token at the space, and a `(` after it opens a comment (RFC 5322
    // §3.2.2), left open or not: the charset is `utf-8`, not `utf-8 (x`.
    const lenient = { strict: false } as const;
    for (const [header, name, value, at] of [
      ['text/plain; charset=utf-8 (x', 'charset', 'utf-8', 26],
      ['text/plain; charset=utf-8	(x; format=flowed', 'charset', 'utf-8', 26],
      ['attachment; filename=a.txt (x', 'filename', 'a.txt', 27],
      ['attachment; filename=report (c) (draft', 'filename', 'report', 32],
    ] as const) {
      const r = decodeParameters(header, lenient);
      expect(r.parameters.get(name), header).toEqual({ value });
      expect(r.issues, header).toEqual([{ name, reason: 'malformed', index: at }]);
    }
    expect(
      decodeParameters('text/plain; charset=utf-8 (x; format=flowed', lenient).parameters.get(
        'format',
      ),
    ).toEqual({ value: 'flowed' });
    // So decodeMimePart decodes with the charset named, not the default.
    const part = decodeMimePart({
      contentType: 'text/plain; charset=utf-8 (x',
      body: new Uint8Array([0xc3, 0xa9]),
    });
    expect(part).toMatchObject({ text: 'é', charset: 'UTF-8', reason: 'content-type' });
    // A `(` glued to the value, or after text that is no token, is text, the value read to the
    // `;` (filenames hold parentheses): reported where the token ended, as before.
    for (const [header, value] of [
      ['attachment; filename=a(b.txt', 'a(b.txt'],
      ['attachment; filename=My Document (draft.doc', 'My Document (draft.doc'],
      ['attachment; filename=a (b).txt', 'a (b).txt'],
    ] as const)
      expect(decodeParameters(header, lenient).parameters.get('filename'), header).toEqual({
        value,
      });
  });
});
