// decodeMimePart reports every repair its lenient transfer decoding makes to a body (RFC 2045
// §6.8: characters outside the base64 alphabet "probably indicate a transmission error, about which
// a warning message ... might be appropriate"; §6.7 note (2): "indicate to the user that proper
// decoding was not possible"), with where it first stands in the body and how many there were.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeBase64, decodeMimePart, decodeQuotedPrintable } from '../src/index';

const part = (transferEncoding: string, body: string | Uint8Array, strict = false) =>
  decodeMimePart(
    { contentType: 'text/plain; charset=utf-8', transferEncoding, body },
    strict ? { strict } : undefined,
  );

describe('decodeMimePart reports the repairs of a malformed transfer encoding', () => {
  it('base64: a character outside the alphabet, skipped, at its offset (as strict throws there)', () => {
    const lenient = part('base64', 'PGh0*bWw+Cg==');
    expect(lenient.text).toBe('<html>\n');
    expect(lenient.issues).toEqual(['invalid-character']);
    expect(lenient.bodyIssues).toEqual([{ reason: 'invalid-character', index: 4, count: 1 }]);
    expect(() => part('base64', 'PGh0*bWw+Cg==', true)).toThrow(
      expect.objectContaining({ index: 4, reason: 'character outside the base64 alphabet' }),
    );
    // Each one counted, the first one's offset kept; a character outside ASCII counts each byte.
    expect(part('base64', 'YW*Jj.ZA!=é=').bodyIssues).toEqual([
      { reason: 'invalid-character', index: 2, count: 5 },
    ]);
  });

  it('base64: a final lone character, 6 bits and no byte, is dropped and reported as malformed', () => {
    const lenient = part('base64', 'SGVsbG8gd29ybGQhS');
    expect(lenient.text).toBe('Hello world!');
    expect(lenient.bodyIssues).toEqual([{ reason: 'malformed', index: 16, count: 1 }]);
  });

  it('base64: padding missing, too much, too little, misplaced, or pad bits that are not zero', () => {
    for (const [body, text, index] of [
      ['SGVsbG8gd29ybGQ', 'Hello world', 15], // where the `=` should stand
      ['YR==', 'a', 1], // the character holding the pad bits
      ['YWJj=', 'abc', 4],
      ['YQ===', 'a', 4],
      ['w6k==', 'é', 4],
      ['=YWJj', 'abc', 0],
      ['YQ=', 'a', 3], // an `=` still due at the end
      ['YWI=YWI=', 'abab', 4], // concatenated base64, read on
    ] as const) {
      const lenient = part('base64', body);
      expect(lenient.text, body).toBe(text);
      expect(lenient.issues, body).toEqual(['padding']);
      expect(lenient.bodyIssues, body).toEqual([{ reason: 'padding', index, count: 1 }]);
      expect(() => part('base64', body, true), body).toThrow();
    }
    // Well-formed base64, line breaks and whitespace ending a line (added in transport) included.
    for (const body of ['YQ==', 'YWI=', 'YWJj', 'SGVs\r\nbG8=\r\n', 'SGVs  \r\nbG8= \t\r\n', ''])
      expect(part('base64', body).issues, body).toEqual([]);
  });

  it('base64: prose labelled base64 is reported (whitespace inside its lines, characters outside the alphabet), and decoded as base64 all the same', () => {
    const prose = part('base64', 'Hello, world. This is plain text.');
    // and its bytes are not UTF-8
    expect(prose.issues).toEqual(['invalid-character', 'whitespace', 'malformed', 'invalid-bytes']);
    expect(prose.bodyIssues).toEqual([
      { reason: 'invalid-character', index: 5, count: 3 },
      { reason: 'whitespace', index: 6, count: 5 },
      { reason: 'malformed', index: 31, count: 1 },
    ]);
    expect(prose.text).toBe(
      new TextDecoder().decode(decodeBase64('Hello, world. This is plain text.')),
    );
    // Letters and spaces only (enmime's mime-bad-content-transfer-encoding.raw): no character
    // outside the alphabet, but the spaces between the words, which no encoder writes.
    const body = 'ploozdect  nispplul swunkglap\r\nzarplontruskdremp fruftsist\r\n';
    expect(part('base64', body).bodyIssues).toEqual([{ reason: 'whitespace', index: 9, count: 3 }]);
    // §6.8 lets whitespace be: strict mode decodes it, and reports it as lenient mode does.
    expect(part('base64', 'SGVs bG8=', true)).toMatchObject({
      text: 'Hello',
      issues: ['whitespace'],
      bodyIssues: [{ reason: 'whitespace', index: 4, count: 1 }],
    });
  });

  it('quoted-printable: an = that starts no escape, a control, a byte above 126 (kept, §6.7 notes (2) and (4))', () => {
    const bad = part('quoted-printable', 'a=od b');
    expect(bad.text).toBe('a=od b');
    expect(bad.bodyIssues).toEqual([{ reason: 'invalid-character', index: 1, count: 1 }]);
    expect(() => part('quoted-printable', 'a=od b', true)).toThrow(
      expect.objectContaining({ index: 1 }),
    );
    const eight = part('quoted-printable', 'café =\r\nx\x01');
    expect(eight.text).toBe('café x\x01');
    expect(eight.bodyIssues).toEqual([{ reason: 'invalid-character', index: 3, count: 3 }]);
    // What mail readers read without a word: lowercase hex, a bare LF, soft breaks, trailing
    // whitespace (rule 3).
    expect(part('quoted-printable', 'caf=c3=a9 =\nau   \r\nlait=\r\n').issues).toEqual([]);
  });

  it('bytes and strings give the same issues; offsets count the bytes', () => {
    const body = 'é*YQ==';
    expect(part('base64', new TextEncoder().encode(body)).bodyIssues).toEqual(
      part('base64', body).bodyIssues,
    );
    expect(part('base64', body).bodyIssues).toEqual([
      { reason: 'invalid-character', index: 0, count: 3 },
    ]);
  });

  it('issues come after the Content-Type and Content-Transfer-Encoding issues', () => {
    const p = decodeMimePart({
      contentType: 'text; charset=x-foo',
      transferEncoding: 'base64 (x',
      body: 'YQ*=',
    });
    expect(p.issues).toEqual([
      'malformed-content-type',
      'unknown-charset',
      'malformed-transfer-encoding',
      'invalid-character',
      'padding',
    ]);
  });

  // Bodies that hit every branch of the decoders: alphabet, `=` anywhere, characters outside the
  // alphabet, line breaks (no space or tab: whitespace is no error, see above).
  const b64Body = fc
    .array(
      fc.constantFrom(
        'Y',
        'W',
        'J',
        'j',
        'Q',
        'R',
        'w',
        '6',
        'k',
        '+',
        '/',
        '=',
        '==',
        '*',
        '.',
        '-',
        'é',
        '\r\n',
      ),
      {
        maxLength: 24,
      },
    )
    .map((xs) => xs.join(''));

  it('base64 (property): lenient reports a body issue exactly when strict refuses the body, and otherwise decodes as strict does', () => {
    fc.assert(
      fc.property(b64Body, (body) => {
        const lenient = part('base64', body);
        let strict: Uint8Array | undefined;
        let error: { index: number; reason: string } | undefined;
        try {
          strict = decodeBase64(body, { strict: true });
        } catch (e) {
          error = e as { index: number; reason: string };
        }
        expect(lenient.bodyIssues.length > 0, body).toBe(error !== undefined);
        if (strict) expect(decodeBase64(body)).toEqual(strict);
        // A character outside the alphabet first: the same offset.
        if (error?.reason === 'character outside the base64 alphabet')
          expect(lenient.bodyIssues.find((x) => x.reason === 'invalid-character')?.index).toBe(
            error.index,
          );
        for (const x of lenient.bodyIssues) expect(x.count).toBeGreaterThan(0);
      }),
      { numRuns: 3000 },
    );
  });

  it('quoted-printable (property): lenient reports a body issue exactly when strict refuses the body', () => {
    // Short lines, uppercase hex, CRLF: what strict refuses besides is what lenient repairs.
    const qpBody = fc
      .array(
        fc.constantFrom(
          'A',
          'z',
          '=41',
          '=C3=A9',
          '=',
          '==',
          '=4',
          '=\r\n',
          '= \r\n',
          '\r\n',
          ' ',
          '\t',
          '\x01',
          '\x7f',
          'é',
        ),
        {
          maxLength: 15,
        },
      )
      .map((xs) => xs.join(''));
    fc.assert(
      fc.property(qpBody, (body) => {
        const lenient = part('quoted-printable', body);
        let refused = false;
        try {
          decodeQuotedPrintable(body, { strict: true });
        } catch {
          refused = true;
        }
        expect(lenient.bodyIssues.length > 0, JSON.stringify(body)).toBe(refused);
      }),
      { numRuns: 3000 },
    );
  });
});
