// Lenient decodeEncodedWords on encoded-text that no encoder writes: base64 that ends in a lone
// character or holds none, characters outside the base64 alphabet, controls in Q text. Each word
// leaves an issue: one that would decode to nothing of its own is left as written (`malformed`),
// as the TSDoc promises ("never garbled and never skipped silently") and as Python's email leaves
// `=?utf-8?b?abcde?=`; one read in spite of a stray character is decoded and reported
// (`invalid-character`), as Python's email reads and flags it. Strict mode leaves each as written.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeEncodedWords, decodeParameters } from '../src/index';

const lenient = { strict: false } as const;
const read = (header: string) => decodeEncodedWords(header, lenient);

describe('a word that would decode to nothing of its own is left as written (lenient)', () => {
  it('base64 whose last quantum is one character: 6 bits, no byte (RFC 2045 §6.8)', () => {
    // Python: test__header_value_parser.py:354 (bpo-27397) and test__encoded_words.py:48 keep
    // `abcde` undecoded, with InvalidBase64LengthDefect.
    for (const header of [
      '=?utf-8?b?abcde?=',
      '=?utf-8?b?w?=',
      '=?utf-8?b?w=?=',
      '=?utf-8?b?abcde=?=',
      '=?utf-8?b?abcde==?=',
      '=?utf-8?b?w6kAw?=',
    ]) {
      expect(read(header), header).toEqual({
        text: header,
        issues: [{ index: 0, charset: 'utf-8', reason: 'malformed' }],
        languages: [],
      });
      expect(decodeEncodedWords(header).text, header).toBe(header);
    }
    expect(read('a =?utf-8?b?w?= b')).toEqual({
      text: 'a =?utf-8?b?w?= b',
      issues: [{ index: 2, charset: 'utf-8', reason: 'malformed' }],
      languages: [],
    });
  });

  it('empty encoded-text, or B text with no base64 character', () => {
    for (const header of [
      '=?utf-8?b?=?=',
      '=?utf-8?b?==?=',
      '=?utf-8?b??=',
      '=?utf-8?q??=',
      '=?utf-8?b?@@@@?=',
    ]) {
      expect(read(header), header).toEqual({
        text: header,
        issues: [{ index: 0, charset: 'utf-8', reason: 'malformed' }],
        languages: [],
      });
    }
  });

  it('the words around one left as written decode as before, each on its own', () => {
    const r = read('=?utf-8?b?QUJD?= =?utf-8?b?w?= =?utf-8?b?QUJD?=');
    expect(r.text).toBe('ABC =?utf-8?b?w?= ABC');
    expect(r.issues).toEqual([{ index: 17, charset: 'utf-8', reason: 'malformed' }]);
    // A word whose unfinished end was to be joined with it gives way: that end decodes alone.
    const refused = read('=?utf-8?b?w6?= =?utf-8?b?kAB=?=');
    expect(refused.text).toBe('\ufffd =?utf-8?b?kAB=?=');
    // In the order of the header (the first word's end is reported after the second is read).
    expect(refused.issues).toEqual([
      { index: 0, charset: 'utf-8', reason: 'padding' },
      // C3 alone, an unfinished character: U+FFFD
      { index: 0, charset: 'utf-8', reason: 'invalid-bytes' },
      { index: 15, charset: 'utf-8', reason: 'malformed' },
    ]);
  });

  it('a lone character that the next words finish is a split quantum (split-word), not malformed', () => {
    expect(read('=?utf-8?b?w?= =?utf-8?b?6k=?=')).toEqual({
      text: 'é',
      issues: [{ index: 0, charset: 'utf-8', reason: 'split-word' }],
      languages: [],
    });
    // Over words of whole quanta: `S` + `GVsb` + `G8sI` + `FdvcmxkISE=` is one base64 text.
    expect(
      read('=?utf-8?b?S?= =?utf-8?b?GVsb?= =?utf-8?b?G8sI?= =?utf-8?b?FdvcmxkISE=?=').text,
    ).toBe('Hello, World!!');
    // Nothing finishes it: the first word is left as written, the others decode alone.
    const r = read('=?utf-8?b?w?= =?utf-8?b?QUJD?=');
    expect(r.text).toBe('=?utf-8?b?w?= ABC');
    expect(r.issues).toEqual([{ index: 0, charset: 'utf-8', reason: 'malformed' }]);
    // Another charset, Q, or text between: no continuation.
    for (const header of [
      '=?utf-8?b?w?= =?iso-8859-1?b?6k=?=',
      '=?utf-8?b?w?= =?utf-8?q?6k?=',
      '=?utf-8?b?w?= x =?utf-8?b?6k=?=',
    ])
      expect(read(header).issues[0], header).toEqual({
        index: 0,
        charset: 'utf-8',
        reason: 'malformed',
      });
  });

  it('padding split off into a word of its own belongs to the word before', () => {
    expect(read('=?utf-8?b?IA=?= =?utf-8?b?=?=')).toEqual({
      text: ' ',
      issues: [{ index: 0, charset: 'utf-8', reason: 'split-word' }],
      languages: [],
    });
    // Not after a Q word, nor alone.
    expect(read('=?utf-8?q?a?= =?utf-8?b?=?=').text).toBe('a =?utf-8?b?=?=');
  });

  it('in a parameter value, the value stays as written, reported', () => {
    const r = decodeParameters('attachment; filename="=?utf-8?b?abcde?="', lenient);
    expect(r.parameters.get('filename')).toEqual({ value: '=?utf-8?b?abcde?=' });
    expect(r.issues).toEqual([{ name: 'filename', reason: 'malformed' }]);
  });

  it('a lone character carried over words of whole quanta to the word that ends it', () => {
    // Each word leaves one character for the next (mail-linear.test.ts times a long run: the walk
    // ahead is remembered, not repeated).
    const header = `=?utf-8?b?S?= ${'=?utf-8?b?GVsb?= '.repeat(3)}=?utf-8?b?G8=?=`;
    const r = read(header);
    expect(r.text).toBe(Buffer.from('SGVsbGVsbGVsbG8=', 'base64').toString());
    expect(r.issues.map((x) => x.reason)).toEqual(Array(4).fill('split-word'));
    // With nothing to finish it, the first word is left as written, the others read alone.
    const alone = Buffer.from('GVsb', 'base64').toString();
    expect(read(`=?utf-8?b?S?= ${'=?utf-8?b?GVsb?= '.repeat(3)}`).text).toBe(
      `=?utf-8?b?S?= ${alone.repeat(3)} `,
    );
  });
});

describe('a stray character is skipped or kept, and reported (lenient)', () => {
  it('B text: a character outside the base64 alphabet is skipped (RFC 2045 §6.8)', () => {
    // Python: test__encoded_words.py:41 and :100 (InvalidBase64CharactersDefect).
    // The ones not padded as RFC 2045 §6.8 has it (3 base64 characters and no `=`, or `===`) are
    // reported as `padding` too.
    for (const [header, text, unpadded] of [
      ['=?us-ascii?b?dm\x01k===?=', 'vi', true],
      ['=?us-ascii?b?dm\x01k=?=', 'vi', false],
      ['=?us-ascii?b?dm\x01k?=', 'vi', true],
      ['=?utf-8?b?w6k=*?=', 'é', false],
      ['=?utf-8?b?w6k*?=', 'é', true],
      ['=?utf-8?b?w6k\x7f?=', 'é', true],
      ['=?utf-8?b?w6-k?=', 'é', true],
      ['=?utf-8?b?w6\x00k=?=', 'é', false],
    ] as const) {
      const charset = header.slice(2, header.indexOf('?', 2));
      const r = read(header);
      expect(r.text, header).toBe(text);
      expect(r.issues, header).toHaveLength(unpadded ? 2 : 1);
      expect(r.issues, header).toEqual(
        expect.arrayContaining([
          { index: 0, charset, reason: 'invalid-character' },
          ...(unpadded ? [{ index: 0, charset, reason: 'padding' }] : []),
        ]),
      );
      expect(decodeEncodedWords(header).issues, header).toEqual([
        { index: 0, charset: header.slice(2, header.indexOf('?', 2)), reason: 'malformed' },
      ]);
    }
  });

  it('Q text: a control is kept as itself (RFC 2047 §2: printable ASCII only)', () => {
    // Python: test__header_value_parser.py:148 (NonPrintableDefect), the text kept.
    expect(read('=?us-ascii?q?first\x02second?=')).toEqual({
      text: 'first\x02second',
      issues: [{ index: 0, charset: 'us-ascii', reason: 'invalid-character' }],
      languages: [],
    });
    expect(read('=?us-ascii?q?a\x7fb?=').issues[0]?.reason).toBe('invalid-character');
    // A NUL is dropped and reported as `control`, once.
    expect(read('=?utf-8?q?a\x00b?=')).toEqual({
      text: 'ab',
      issues: [{ index: 0, charset: 'utf-8', reason: 'control' }],
      languages: [],
    });
    expect(decodeEncodedWords('=?us-ascii?q?first\x02second?=').text).toBe(
      '=?us-ascii?q?first\x02second?=',
    );
  });

  it('Q text: an `=` that starts no escape is kept as itself (RFC 2047 §4.2)', () => {
    // Go: encodedword_test.go:87-88, :124-125 and :167 refuse these words; AUD27 F2.
    for (const [header, text] of [
      ['=?UTF-8?Q?A=B?=', 'A=B'],
      ['=?UTF-8?Q?=A?=', '=A'],
      ['=?utf-8?Q?=?=', '='],
      ['=?utf-8?q?=somevalue?=', '=somevalue'],
      ['=?utf-8?q?a=zz?= b', 'a=zz b'],
      ['=?utf-8?q?a=4?=', 'a=4'],
    ] as const) {
      expect(read(header), header).toEqual({
        text,
        issues: [
          {
            index: 0,
            charset: header.slice(2, header.indexOf('?', 2)),
            reason: 'invalid-character',
          },
        ],
        languages: [],
      });
      expect(decodeEncodedWords(header).issues[0]?.reason, header).toBe('malformed');
    }
    // An escape the next word finishes is a split escape, not a stray `=`.
    expect(read('=?utf-8?q?a=?= =?utf-8?q?41?=').issues).toEqual([
      { index: 0, charset: 'utf-8', reason: 'split-word' },
    ]);
    // The next word leaves it unfinished: both reported.
    expect(read('=?utf-8?q?a=?= =?utf-8?q?zz?=')).toEqual({
      text: 'a=zz',
      issues: [
        { index: 0, charset: 'utf-8', reason: 'split-word' },
        { index: 15, charset: 'utf-8', reason: 'invalid-character' },
      ],
      languages: [],
    });
  });

  it('once per word, whether the character is in its text or its unfinished end', () => {
    expect(read('=?utf-8?b?w6!?= x').issues).toEqual([
      { index: 0, charset: 'utf-8', reason: 'invalid-character' },
      { index: 0, charset: 'utf-8', reason: 'padding' },
      { index: 0, charset: 'utf-8', reason: 'invalid-bytes' },
    ]);
    expect(read('=?utf-8?b?!w6kgw!6?= x').text).toBe('é \ufffd x');
    expect(read('=?utf-8?b?!w6kgw!6?= x').issues).toEqual([
      { index: 0, charset: 'utf-8', reason: 'invalid-character' },
      { index: 0, charset: 'utf-8', reason: 'padding' },
      { index: 0, charset: 'utf-8', reason: 'invalid-bytes' },
    ]);
  });

  it('in a parameter value: decoded, reported', () => {
    const r = decodeParameters('attachment; filename="=?utf-8?b?w6k=*?="', lenient);
    expect(r.parameters.get('filename')).toEqual({ value: 'é' });
    expect(r.issues).toEqual([
      { name: 'filename', reason: 'malformed', index: 21 },
      { name: 'filename', reason: 'invalid-character' },
    ]);
  });
});

describe('B padding that is not as RFC 2045 §6.8 has it is reported (lenient)', () => {
  it('an unpadded end of 2 or 3 characters, or non-zero bits in a padded quantum', () => {
    // Python's email reports InvalidBase64PaddingDefect for each (_encoded_words.decode_b).
    for (const [header, text] of [
      ['=?utf-8?b?w6k?=', 'é'],
      ['=?utf-8?b?w6?=', '\ufffd'], // C3 and 4 bits left over: no whole character
      ['=?utf-8?b?YWJ?=', 'ab'],
      ['=?utf-8?b?YR?=', 'a'],
      ['=?utf-8?b?YR==?=', 'a'], // RFC 4648 §3.5: pad bits not zero
      ['=?utf-8?b?w6l=?=', 'é'],
    ] as const) {
      expect(read(header), header).toEqual({
        text,
        issues: [
          { index: 0, charset: 'utf-8', reason: 'padding' },
          // C3 alone: U+FFFD
          ...(text === '\ufffd' ? [{ index: 0, charset: 'utf-8', reason: 'invalid-bytes' }] : []),
        ],
        languages: [],
      });
      expect(decodeEncodedWords(header).issues[0]?.reason, header).toBe('malformed');
    }
    // Padded, with zero bits: nothing to report.
    expect(read('=?utf-8?b?w6k=?= =?utf-8?b?YQ==?=').issues).toEqual([]);
    // The last word of a run, its end decoded alone.
    expect(read('=?utf-8?b?w6k=?= =?utf-8?b?w6?=')).toEqual({
      text: 'é\ufffd',
      issues: [
        { index: 17, charset: 'utf-8', reason: 'padding' },
        { index: 17, charset: 'utf-8', reason: 'invalid-bytes' },
      ],
      languages: [],
    });
  });

  it('an = more or less than the quantum needs, or one that ends no quantum', () => {
    // Strict refuses each ("wrong padding"); Python reports InvalidBase64PaddingDefect (`YWJj=`,
    // `YQ=`) or InvalidBase64CharactersDefect (`w6k==`, `YQ===`).
    for (const [header, text] of [
      ['=?utf-8?b?YWJj=?=', 'abc'],
      ['=?utf-8?b?YQ=?=', 'a'],
      ['=?utf-8?b?YQ===?=', 'a'],
      ['=?utf-8?b?w6k==?=', 'é'],
      ['=?utf-8?b?=YWJj?=', 'abc'],
      ['=?utf-8?b?YQ==YQ=?=', 'aa'], // concatenated, the second short
    ] as const) {
      expect(read(header), header).toEqual({
        text,
        issues: [{ index: 0, charset: 'utf-8', reason: 'padding' }],
        languages: [],
      });
      expect(decodeEncodedWords(header).issues[0]?.reason, header).toBe('malformed');
    }
    // Padding split off into the next word makes up for the `=` the word was short of (see
    // 'padding split off…' above); one more than it needs is reported, for that word.
    expect(read('=?utf-8?b?IA=?= =?utf-8?b?=?=').issues.map((x) => x.reason)).toEqual([
      'split-word',
    ]);
    expect(read('=?utf-8?b?IA=?= =?utf-8?b?==?=').issues).toEqual([
      { index: 0, charset: 'utf-8', reason: 'split-word' },
      { index: 16, charset: 'utf-8', reason: 'padding' },
    ]);
    expect(read('=?utf-8?b?IA=?= =?utf-8?q?a?=').issues).toEqual([
      { index: 0, charset: 'utf-8', reason: 'padding' },
    ]);
  });

  it('one word of random base64 (property): lenient reports an issue exactly when strict refuses the word, and otherwise reads it as strict does', () => {
    fc.assert(
      fc.property(
        fc
          .array(
            fc.constantFrom('Y', 'W', 'J', 'j', 'Q', 'R', 'w', '6', 'k', 'A', 'g', '=', '=='),
            {
              minLength: 1,
              maxLength: 12,
            },
          )
          .map((xs) => xs.join('')),
        (text) => {
          const header = `=?windows-1252?b?${text}?=`;
          const lenient = read(header);
          const strict = decodeEncodedWords(header);
          expect(lenient.issues.length === 0, text).toBe(strict.issues.length === 0);
          if (strict.issues.length === 0) expect(lenient.text).toBe(strict.text);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('whitespace inside B text is skipped, reported (RFC 2047 §2: no SPACE in encoded-text)', () => {
    for (const header of ['=?utf-8?b?w6 k=?=', '=?utf-8?b?w6\tk=?=', '=?utf-8?b?w6\r\n k=?='])
      expect(read(header), header).toEqual({
        text: 'é',
        issues: [{ index: 0, charset: 'utf-8', reason: 'whitespace' }],
        languages: [],
      });
  });

  it('in a parameter value: decoded, reported', () => {
    const r = decodeParameters('attachment; filename="=?utf-8?b?w6k?="', lenient);
    expect(r.parameters.get('filename')).toEqual({ value: 'é' });
    expect(r.issues).toEqual([
      { name: 'filename', reason: 'malformed', index: 21 },
      { name: 'filename', reason: 'padding' },
    ]);
  });
});

describe('characters outside ASCII in encoded-text (lenient)', () => {
  it('are kept in Q text and skipped in B text, reported either way (README: non-ascii)', () => {
    expect(read('=?utf-8?Q?caf\u00e9?=')).toEqual({
      text: 'caf\u00e9',
      issues: [{ index: 0, charset: 'utf-8', reason: 'non-ascii' }],
      languages: [],
    });
    // AUD28 F3: in B text the character is skipped, as any outside the alphabet (RFC 2045 §6.8).
    for (const header of [
      '=?utf-8?B?w6k=\u00e9?=',
      '=?utf-8?B?\u00e9w6k=?=',
      '=?utf-8?B?w6\u00e9k=?=',
    ])
      expect(read(header), header).toEqual({
        text: '\u00e9',
        issues: [{ index: 0, charset: 'utf-8', reason: 'non-ascii' }],
        languages: [],
      });
    // Nothing else: nothing to decode, left as written.
    expect(read('=?utf-8?B?\u00e9?=')).toEqual({
      text: '=?utf-8?B?\u00e9?=',
      issues: [{ index: 0, charset: 'utf-8', reason: 'malformed' }],
      languages: [],
    });
  });
});
