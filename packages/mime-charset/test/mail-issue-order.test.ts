// The issues of decodeEncodedWords, decodeParameters and decodeMimePart come in the order of
// their input, so that a caller can walk them with the header: by `index`, where an issue has one.
// They are found out of that order: a word's unfinished end is reported when the next word is
// read, after any word between them left as written; a parameter's stray controls and whole-value
// issues are found after its syntax, and its sections may come in any order; a part's charset is
// read after its body.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeEncodedWords, decodeMimePart, decodeParameters } from '../src/index';

const lenient = { strict: false } as const;

// Messy headers from pieces that each leave an issue somewhere (or none), glued in any order.
const messy = (pieces: readonly string[]) =>
  fc
    .array(fc.oneof(fc.constantFrom(...pieces), fc.string({ maxLength: 3 })), { maxLength: 14 })
    .map((parts) => parts.join(''));

const wordPieces = [
  '=?utf-8?q?a?=',
  '=?utf-8?b?w6k=?=',
  '=?utf-8?b?w6?=',
  '=?utf-8?b?k=?=',
  '=?utf-8?q?a=?=',
  '=?utf-8?q?=C3=?=',
  '=?utf-8?q?A9?=',
  '=?utf-8?b?abcde?=',
  '=?utf-8?b?S?=',
  '=?utf-8?b?GVsb?=',
  '=?utf-8?b?G8=?=',
  '=?utf-8?b?IA=?=',
  '=?utf-8?b?=?=',
  '=?x-unknown?q?a?=',
  '=?UNKNOWN-8BIT?q?a?=',
  '=?utf-8?x?a?=',
  '=??q?a?=',
  '=?utf-8?b?YQ=YQ=?=',
  '=?utf-8?b?w6l=?=',
  '=?utf-8?b?*YQ==?=',
  '=?utf-8?q?a b?=',
  '=?utf-8?q?=D0\r\n =B4?=',
  '=?utf-8?q?what?_now?=',
  '=?utf-8?q?=0D=0A?=',
  '=?utf-8?q?\u0001=?=',
  '=?utf-8?q?é?=',
  '=?iso-8859-1?q?=E9?=',
  '=?ANSI_X3.4-1968?Q?a?=',
  '=?utf-8*en?q?a?=',
  ' ',
  '\r\n ',
  '(',
  ')',
  '"',
  '=?',
  '?=',
];

const parameterPieces = [
  'a',
  'text/plain',
  'text / html',
  '; ',
  ';',
  'f=x',
  'f=',
  'f*=',
  "f*=utf-8''%FF",
  "f*=utf-8''%C3%A9",
  "f*0*=utf-8''%C3",
  'f*1*=%A9',
  'f*2=x',
  'f*3=y',
  "f*=x-unknown''a",
  "f*=unknown-8bit''a",
  "f*=utf-8''é",
  "f*='%E9",
  "f*=utf-8'en'%0D%0A",
  'f*="utf-8\'\'a"',
  'f*01=x',
  'g="=?utf-8?q?a b?="',
  'g="=?utf-8?b?w6?= =?utf-8?b?k=?="',
  'g="=?x-unknown?q?a?="',
  'g=My Document.doc',
  'h="a"b',
  'h="x\r\ny"',
  'h="C:\\dev"',
  '"',
  '(c)',
  '(',
  ')',
  '\r\n ',
  '\r\n',
  '\u0000',
  ' ',
  '=',
  '%',
  '\\',
];

/** Indexes of the issues that have one, in the order they come. */
const indexes = (issues: readonly { index?: number }[]) =>
  issues.flatMap((issue) => (issue.index === undefined ? [] : [issue.index]));

const ascending = (list: readonly number[]) => list.every((n, i) => i === 0 || list[i - 1]! <= n);

describe('issues in the order of the input', () => {
  it('decodeEncodedWords: by index, each at a word of the header (property)', () => {
    fc.assert(
      fc.property(messy(wordPieces), fc.boolean(), (header, strict) => {
        const { issues } = decodeEncodedWords(header, { strict });
        const at = indexes(issues);
        expect(ascending(at), JSON.stringify([header, issues])).toBe(true);
        for (const index of at) {
          expect(index).toBeGreaterThanOrEqual(0);
          expect(index).toBeLessThan(header.length);
          expect(header.startsWith('=?', index)).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('decodeEncodedWords: a word left as written between an unfinished end and its report', () => {
    // The `=` that ends the first word's Q text is reported when the third word is read.
    expect(
      decodeEncodedWords('=?utf-8?q?a=?= =?x-unknown?q?b?= =?utf-8?q?c?=', lenient).issues,
    ).toEqual([
      { index: 0, charset: 'utf-8', reason: 'invalid-character' },
      { index: 15, charset: 'x-unknown', reason: 'unknown-charset' },
    ]);
    // An unpadded end (`w6k`, RFC 2045 §6.8) is reported once no word continues it.
    expect(decodeEncodedWords('=?utf-8?b?w6k?= =?x-unknown?b?YQ==?=', lenient).issues).toEqual([
      { index: 0, charset: 'utf-8', reason: 'padding' },
      { index: 16, charset: 'x-unknown', reason: 'unknown-charset' },
    ]);
  });

  it('decodeParameters: by index, within the header, in either mode (property)', () => {
    fc.assert(
      fc.property(messy(parameterPieces), fc.boolean(), (header, strict) => {
        let issues: ReturnType<typeof decodeParameters>['issues'];
        try {
          ({ issues } = decodeParameters(header, { strict }));
        } catch (error) {
          // Strict: a HeaderSyntaxError at a place in the header.
          expect(strict).toBe(true);
          expect(error).toMatchObject({ name: 'HeaderSyntaxError' });
          const { index } = error as { index: number };
          expect(index >= 0 && index <= header.length).toBe(true);
          return;
        }
        const at = indexes(issues);
        expect(ascending(at), JSON.stringify([header, issues])).toBe(true);
        for (const index of at) {
          expect(index).toBeGreaterThanOrEqual(0);
          expect(index).toBeLessThanOrEqual(header.length);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('decodeParameters: a stray control, and a whole value, in place', () => {
    // A control is found before the syntax is read, and reported after it.
    expect(decodeParameters('a; f="x\r\ny"; g', lenient).issues).toEqual([
      { name: 'f', reason: 'control', index: 7 },
      { name: 'g', reason: 'malformed', index: 13 },
    ]);
    // An issue about a whole value has no index: it stands where the parameter's last section
    // ends, after the issues inside it and before those of the parameters after it.
    expect(decodeParameters("a; f*=utf-8''%FF; g", lenient).issues).toEqual([
      { name: 'f', reason: 'invalid-bytes' },
      { name: 'g', reason: 'malformed', index: 18 },
    ]);
    expect(decodeParameters('a; f*1=x; g; f*3=y; h', lenient).issues).toEqual([
      { name: 'g', reason: 'malformed', index: 10 },
      { name: 'f', reason: 'missing-section' },
      { name: 'h', reason: 'malformed', index: 20 },
    ]);
    expect(decodeParameters('a; b="=?utf-8?q?x y?="; c', lenient).issues).toEqual([
      { name: 'b', reason: 'malformed', index: 5 },
      { name: 'b', reason: 'whitespace' },
      { name: 'c', reason: 'malformed', index: 24 },
    ]);
    // Strict mode reports the value's own issues in order too.
    expect(decodeParameters("a; f*=x-unknown''a; g*1=b").issues).toEqual([
      { name: 'f', reason: 'unknown-charset' },
      { name: 'g', reason: 'missing-section' },
    ]);
  });

  const rank: Record<string, number> = {
    'malformed-content-type': 0,
    'unknown-charset': 1,
    'not-implemented': 1,
    'codec-not-loaded': 1,
    'malformed-transfer-encoding': 2,
    'unknown-transfer-encoding': 2,
    'invalid-character': 3,
    padding: 3,
    malformed: 3,
    whitespace: 3,
  };

  it('decodeMimePart: the Content-Type, then the Content-Transfer-Encoding, then the body (property)', () => {
    fc.assert(
      fc.property(
        fc.option(
          fc.constantFrom(
            'text/plain; charset=x-foo',
            'text charset=x-foo',
            'text; charset=unknown-8bit',
            'text/plain; charset=utf-8',
            'text',
            '',
          ),
          { nil: undefined },
        ),
        fc.option(
          fc.constantFrom('base64', 'x-uuencode', '7-bit', '', '( base64', 'quoted-printable'),
          {
            nil: undefined,
          },
        ),
        fc.constantFrom('YQ==YQ==', 'YWJj', '\xEF\xBB\xBFa', 'a=C3=A9'),
        (contentType, transferEncoding, body) => {
          const part = { body, ...(contentType === undefined ? {} : { contentType }) };
          const { issues, bodyIssues } = decodeMimePart(
            transferEncoding === undefined ? part : { ...part, transferEncoding },
          );
          const ranks = issues.map((issue) => rank[issue]!);
          expect(ascending(bodyIssues.map((x) => x.index))).toBe(true);
          expect(ascending(ranks), JSON.stringify([contentType, transferEncoding, issues])).toBe(
            true,
          );
        },
      ),
      { numRuns: 500 },
    );
    expect(
      decodeMimePart({
        contentType: 'text; charset=x-foo',
        transferEncoding: 'x-uuencode',
        body: 'a',
      }).issues,
    ).toEqual(['malformed-content-type', 'unknown-charset', 'unknown-transfer-encoding']);
    expect(
      decodeMimePart({
        contentType: 'text/plain; charset=x-foo',
        transferEncoding: 'base64',
        body: 'YQ==YQ==',
      }).issues,
    ).toEqual(['unknown-charset', 'padding']);
  });
});
