// Encoded-words whose text holds a `?`, or whose charset or encoding is empty: RFC 2047 §2 allows
// neither; GMime (gmime-utils.c), Camel (camel-mime-utils.c) and Python's email read
// `=?utf-8?q?what?_now?=` as `what? now`. No word is left as written without an issue.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeEncodedWords, decodeParameters } from '../src/index';

const lenient = { strict: false } as const;

it('the TSDoc example', () => {
  expect(decodeEncodedWords('=?utf-8?q?what?_now?=', { strict: false }).text).toBe('what? now');
});

describe('a `?` in Q encoded-text', () => {
  it('lenient: kept as itself, reported as question-mark', () => {
    expect(decodeEncodedWords('=?utf-8?q?what?_now?=', lenient)).toEqual({
      text: 'what? now',
      issues: [{ index: 0, charset: 'utf-8', reason: 'question-mark' }],
      languages: [],
    });
    expect(decodeEncodedWords('Re: =?utf-8?q?=C3=A9t=C3=A9??= x', lenient).text).toBe('Re: été? x');
    // Camel's rfc2047.c case: a literal space too.
    const camel = decodeEncodedWords('=?UTF-8?Q?bar ? baz?=', lenient);
    expect(camel.text).toBe('bar ? baz');
    expect(camel.issues.map((x) => x.reason).sort()).toEqual(['question-mark', 'whitespace']);
  });

  it('strict: malformed, left as written', () => {
    for (const header of ['=?utf-8?q?what?_now?=', '=?UTF-8?Q?bar ? baz?='])
      expect(decodeEncodedWords(header)).toEqual({
        text: header,
        issues: [{ index: 0, charset: header.slice(2, 7), reason: 'malformed' }],
        languages: [],
      });
  });

  it('in B text: malformed in both modes', () => {
    for (const strict of [true, false])
      expect(decodeEncodedWords('=?utf-8?b?QU?JD?=', { strict })).toEqual({
        text: '=?utf-8?b?QU?JD?=',
        issues: [{ index: 0, charset: 'utf-8', reason: 'malformed' }],
        languages: [],
      });
  });

  it('the word ends at the first `?=`; a `?` after `=` starts another word', () => {
    expect(decodeEncodedWords('=?utf-8?q?a?b?= c?=', lenient).text).toBe('a?b c?=');
    // `a?b ` then `=?utf-8?q?c?=`: the first candidate is no word, the second decodes.
    for (const strict of [true, false]) {
      const r = decodeEncodedWords('=?utf-8?q?a?b =?utf-8?q?c?=', { strict });
      expect(r.text).toBe('=?utf-8?q?a?b c');
      expect(r.issues).toEqual([]);
    }
    // Glued words still end at their first `?=`.
    expect(decodeEncodedWords('=?utf-8?q?a?==?utf-8?q?b?=', lenient).text).toBe('ab');
  });

  it('in a parameter value, reported and decoded', () => {
    const r = decodeParameters('a; filename="=?utf-8?q?why?.txt?="', lenient);
    expect(r.parameters.get('filename')).toEqual({ value: 'why?.txt' });
    expect(r.issues).toEqual([
      { name: 'filename', reason: 'malformed', index: 12 }, // a word in a parameter (RFC 2047 §5)
      { name: 'filename', reason: 'question-mark' },
    ]);
  });
});

describe('an empty charset or encoding', () => {
  it('is a malformed word in both modes, left as written', () => {
    for (const strict of [true, false]) {
      expect(decodeEncodedWords('=??Q?a?=', { strict })).toEqual({
        text: '=??Q?a?=',
        issues: [{ index: 0, charset: '', reason: 'malformed' }],
        languages: [],
      });
      expect(decodeEncodedWords('x =?UTF-8??a?= =?UTF-8?Q?b?=', { strict })).toEqual({
        text: 'x =?UTF-8??a?= b',
        issues: [{ index: 2, charset: 'UTF-8', reason: 'malformed' }],
        languages: [],
      });
    }
  });
});

describe('a `*` with no language after it (RFC 2231 §5: `charset ["*" language]`)', () => {
  it('is a malformed word in both modes, left as written, as an empty charset is', () => {
    // Python's email decodes it (`Doe`); a word that breaks the grammar of its charset part is
    // left as written here, reported, as `=??Q?a?=` is.
    for (const strict of [true, false]) {
      expect(decodeEncodedWords('=?utf-8*?q?Doe?=', { strict })).toEqual({
        text: '=?utf-8*?q?Doe?=',
        issues: [{ index: 0, charset: 'utf-8', reason: 'malformed' }],
        languages: [],
      });
      expect(decodeEncodedWords('x =?UTF-8*?B?YQ==?= =?UTF-8*en?Q?b?=', { strict })).toEqual({
        text: 'x =?UTF-8*?B?YQ==?= b',
        issues: [{ index: 2, charset: 'UTF-8', reason: 'malformed' }],
        languages: ['en'],
      });
    }
  });
});

describe('no word is left as written without an issue (property)', () => {
  const piece = fc.constantFrom(
    '=?',
    '?=',
    '?',
    '=',
    ' ',
    'utf-8',
    'q',
    'B',
    'a',
    '=C3',
    '=A9',
    '_',
    'QQ==',
    '\r\n ',
    '*',
    '*en',
  );
  const header = fc.array(piece, { maxLength: 16 }).map((p) => p.join(''));
  // A word: `=?`, a charset (maybe empty), a `*` and a language (maybe empty), `?`, an encoding
  // letter (maybe none), `?`, text, `?=`.
  const WORD = /=\?[\w.:-]*(?:\*[\w-]*)?\?[a-zA-Z]?\?/g;
  it('every `=?charset?X?` left in the text is at an issue, or has no `?=` after it', () => {
    fc.assert(
      fc.property(header, fc.boolean(), (h, strict) => {
        const r = decodeEncodedWords(h, { strict });
        if (r.issues.length > 0) return;
        for (const m of r.text.matchAll(WORD)) {
          // Left as written without an issue: only when nothing closes it.
          const rest = r.text.slice(m.index + m[0].length);
          const close = rest.indexOf('?=');
          expect(
            close < 0 || rest.slice(0, close).includes('=?'),
            `${JSON.stringify(h)} -> ${JSON.stringify(r.text)}`,
          ).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
