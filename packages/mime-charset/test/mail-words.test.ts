// How adjacent encoded-words combine (RFC 2047 §5, §6.2) and how mail readers read charset labels.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codecFor } from '../src/codecs';
import { decodeEncodedWords, decodeParameters } from '../src/index';

const b64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');
const word = (charset: string, bytes: Uint8Array): string => `=?${charset}?B?${b64(bytes)}?=`;
const bytesOf = (charset: string, text: string): Uint8Array =>
  codecFor(charset, 'iana').encode(text, { mode: 'fatal' });
const concat = (...parts: Uint8Array[]): Uint8Array =>
  Uint8Array.from(parts.flatMap((p) => [...p]));

describe('ISO-2022-JP subjects over several words', () => {
  // Each word is a complete ISO-2022-JP text: ESC $ B … ESC ( B (RFC 1468).
  const jis = (t: string): Uint8Array => bytesOf('ISO-2022-JP', t);

  it('two words', () => {
    const a = jis('日本語の');
    const b = jis('件名');
    expect([...a.slice(-3)]).toEqual([0x1b, 0x28, 0x42]);
    expect([...b.slice(0, 3)]).toEqual([0x1b, 0x24, 0x42]);
    // The fixture is one that decoding the joined bytes damages.
    expect(codecFor('ISO-2022-JP', 'iana').decode(concat(a, b))).toContain('\ufffd');
    const header = `${word('ISO-2022-JP', a)}\r\n ${word('ISO-2022-JP', b)}`;
    expect(decodeEncodedWords(header).text).toBe('日本語の件名');
    expect(decodeEncodedWords(header).issues).toEqual([]);
  });

  it('three words, B and Q mixed, with text before and after', () => {
    const header = `Re: ${word('iso-2022-jp', jis('お知らせ'))} =?ISO-2022-JP?Q?=1B$B$3$s=1B(B?=\t${word('ISO-2022-JP', jis('にちは'))} (1)`;
    expect(decodeEncodedWords(header).text).toBe('Re: お知らせこんにちは (1)');
  });

  it("a word left in JIS X 0208 mode does not change how the next word's ASCII decodes", () => {
    const unterminated = jis('日本').slice(0, -3); // no ESC ( B
    const header = `${word('ISO-2022-JP', unterminated)} ${word('ISO-2022-JP', jis('ab'))}`;
    expect(decodeEncodedWords(header).text).toBe('日本ab');
  });
});

describe('a character split across adjacent words', () => {
  it('UTF-8 sequences of every length, split at every byte', () => {
    for (const ch of ['é', '€', '𝄞']) {
      const bytes = bytesOf('UTF-8', `x${ch}y`);
      for (let cut = 1; cut < bytes.length; cut++) {
        const header = `${word('UTF-8', bytes.subarray(0, cut))} ${word('UTF-8', bytes.subarray(cut))}`;
        expect(decodeEncodedWords(header).text).toBe(`x${ch}y`);
      }
    }
  });

  it('a Shift_JIS pair, with its trail byte inside and outside ASCII', () => {
    // あ = 82 A0, か = 82 A9 (A9 alone is a half-width katakana), Ａ = 82 60 (60 alone is `)
    for (const ch of ['あ', 'か', 'Ａ']) {
      const bytes = bytesOf('Shift_JIS', ch);
      const header = `=?Shift_JIS?B?${b64(bytes.subarray(0, 1))}?= =?Shift_JIS?Q?=${bytes[1]!.toString(16).toUpperCase()}?=`;
      expect(decodeEncodedWords(header).text).toBe(ch);
    }
  });

  it('a character split over three words', () => {
    const bytes = bytesOf('UTF-8', '𝄞');
    const header = [0, 1, 2].map((i) => `=?UTF-8?Q?=${bytes[i]!.toString(16)}?=`).join(' ');
    expect(decodeEncodedWords(`${header} =?UTF-8?Q?=${bytes[3]!.toString(16)}?=`).text).toBe('𝄞');
  });

  it('a dangling lead byte the next word does not complete is one U+FFFD; the next word decodes as alone', () => {
    expect(decodeEncodedWords('=?UTF-8?Q?a=E2?= =?UTF-8?Q?bc?=').text).toBe('a\ufffdbc');
    expect(decodeEncodedWords('=?UTF-8?Q?a=E2=82?= =?UTF-8?Q?=E2=82=AC?=').text).toBe('a\ufffd€');
    expect(decodeEncodedWords('=?Shift_JIS?Q?=82?= =?Shift_JIS?Q?_x?=').text).toBe('\ufffd x');
    expect(decodeEncodedWords('=?UTF-8?Q?=E2=82?=').text).toBe('\ufffd');
    // Not adjacent (text between) or another charset: never joined.
    expect(decodeEncodedWords('=?UTF-8?Q?=E2=82?= - =?UTF-8?Q?=AC?=').text).toBe('\ufffd - \ufffd');
    expect(decodeEncodedWords('=?UTF-8?Q?=E2=82?= =?ISO-8859-1?Q?=AC?=').text).toBe('\ufffd¬');
  });

  it('a complete word never changes how its neighbour decodes', () => {
    expect(decodeEncodedWords('=?Shift_JIS?Q?=82=A0?= =?Shift_JIS?Q?=A9?=').text).toBe('あｩ');
    expect(decodeEncodedWords('=?UTF-8?Q?=EF=BF=BD?= =?UTF-8?Q?=82=AC?=').text).toBe(
      '\ufffd\ufffd\ufffd',
    );
  });

  it('every split point of text in every stateless multi-byte charset (property)', () => {
    const charsets: [string, string][] = [
      ['UTF-8', 'aé€𝄞'],
      ['Shift_JIS', 'aあ漢ｱ'],
      ['EUC-JP', 'aあ漢ｱ'],
      ['EUC-KR', 'a한글갂'],
      ['GBK', 'a汉字丂'],
      ['GB18030', 'a汉€𝄞'],
      ['Big5', 'a中文'],
      ['UTF-16BE', 'aé𝄞'],
      ['UTF-16LE', 'aé𝄞'],
      ['UTF-32BE', 'aé𝄞'],
    ];
    for (const [charset, alphabet] of charsets) {
      fc.assert(
        fc.property(
          fc
            // At most 40 bytes (10 characters of 4): even unsplit, a B word is then within the
            // 75 characters RFC 2047 §2 allows (`=?UTF-32BE?B?` + 56 + `?=`), which strict reading
            // enforces.
            .array(fc.constantFrom(...alphabet), { minLength: 1, maxLength: 10 })
            .map((a) => a.join('')),
          fc.nat(),
          fc.nat(),
          (t, x, y) => {
            const bytes = bytesOf(charset, t);
            const [i, j] = [x % (bytes.length + 1), y % (bytes.length + 1)].sort((p, q) => p - q);
            const parts = [bytes.subarray(0, i), bytes.subarray(i, j), bytes.subarray(j)].filter(
              (p) => p.length > 0,
            );
            const header = parts.map((p) => word(charset, p)).join('\r\n ');
            expect(decodeEncodedWords(header, { mode: 'iana' }).text).toBe(t);
          },
        ),
        { numRuns: 60 },
      );
    }
  });
});

describe('a word folded inside its encoded-text', () => {
  it('decodes in lenient mode, the fold deleted and reported; strict mode leaves it', () => {
    // RFC 2047 §2: encoded-text holds no SPACE, so a fold inside it is whitespace in the word.
    const whitespace = [{ index: 0, charset: 'UTF-8', reason: 'whitespace' }];
    const folded = '=?UTF-8?Q?=D0\r\n =B4=D0=B0?=';
    expect(decodeEncodedWords(folded, { strict: false })).toEqual({
      text: 'да',
      issues: whitespace,
      languages: [],
    });
    expect(decodeEncodedWords('=?UTF-8?Q?=D0\n\t=B4?=', { strict: false }).text).toBe('д');
    // B text: base64 readers skip whitespace, a fold's or not; reported all the same.
    for (const header of [
      '=?UTF-8?B?0LT\r\n QsA==?=',
      '=?UTF-8?B?0LT QsA==?=',
      '=?UTF-8?B?0LT\tQsA==?=',
    ])
      expect(decodeEncodedWords(header, { strict: false }), header).toEqual({
        text: 'да',
        issues: whitespace,
        languages: [],
      });
    expect(decodeEncodedWords(folded).text).toBe(folded);
  });

  it('keeps a literal space or tab in Q text as itself in lenient mode, and reports it (RFC 2047 §5)', () => {
    // Python's email (test__header_value_parser.py) and libmime read 'Hello World'.
    for (const [header, text] of [
      ['=?utf-8?Q?Hello World?=', 'Hello World'],
      ['=?utf-8?q?this is a test?=', 'this is a test'],
      ['=?UTF-8?Q?a\tb?=', 'a\tb'],
      // An unfolded fold is a space like any other: kept.
      ['=?UTF-8?Q?=D0 =B4?=', '\uFFFD \uFFFD'],
    ]) {
      expect(decodeEncodedWords(header!, { strict: false }), header).toEqual({
        text,
        issues: [
          // D0 and B4 alone are no UTF-8
          ...(text!.includes('\uFFFD')
            ? [{ index: 0, charset: header!.slice(2, 7), reason: 'invalid-bytes' }]
            : []),
          { index: 0, charset: header!.slice(2, 7), reason: 'whitespace' },
        ],
        languages: [],
      });
      expect(decodeEncodedWords(header!).issues[0]?.reason).toBe('malformed');
    }
    // In a parameter value as an RFC 2047 word (lenient): decoded, reported (RFC 2047 §5 allows
    // no word there: `malformed` where the value starts; the space: `whitespace`).
    expect(decodeParameters('a; filename="=?utf-8?Q?x y?="', { strict: false })).toEqual({
      value: 'a',
      parameters: new Map([['filename', { value: 'x y' }]]),
      issues: [
        { name: 'filename', reason: 'malformed', index: 12 },
        { name: 'filename', reason: 'whitespace' },
      ],
    });
  });
});

describe('charset labels as mail readers read them', () => {
  it('ISO-8859-1 is windows-1252 (=99 is ™), one option away from the registry reading', () => {
    expect(decodeEncodedWords('=?iso-8859-1?Q?Parhelia=99?=').text).toBe('Parhelia™');
    expect(decodeEncodedWords('=?iso-8859-1?Q?Parhelia=99?=', { mode: 'iana' }).text).toBe(
      'Parhelia\u0099',
    );
    expect(decodeEncodedWords('=?us-ascii?Q?=80?=').text).toBe('€');
    expect(decodeEncodedWords('=?ISO-8859-9?Q?=80?=').text).toBe('€');
    expect(decodeEncodedWords('=?TIS-620?Q?=80?=').text).toBe('€');
  });

  it('GB2312 is GBK, KS_C_5601-1987 is the Windows code page (UHC), Big5 is Big5-HKSCS', () => {
    expect(decodeEncodedWords('=?gb2312?Q?=81=40?=').text).toBe('丂');
    expect(decodeEncodedWords('=?ks_c_5601-1987?Q?=81=41?=').text).toBe('갂');
    expect(decodeEncodedWords('=?big5?Q?=87=40?=').text).toBe('䏰');
  });

  it('charsets the web replaces, and UTF-16, keep their mail meaning', () => {
    expect(decodeEncodedWords('=?UTF-16?Q?=00a?=').text).toBe('a');
    expect(decodeEncodedWords('=?HZ-GB-2312?Q?~{VP~}?=').text).toBe('中');
    expect(decodeEncodedWords('=?ISO-2022-KR?B?GyQpQw5GYA8=?=').text).not.toContain('\ufffd');
  });

  // RFC 2781 §4.3: text labelled UTF-16 is big-endian unless a byte order mark says otherwise;
  // the UTF-32 encoding scheme likewise (Unicode §3.10, D99). The mark is not text.
  it('UTF-16 and UTF-32 words: a byte order mark sets the order, big-endian without one', () => {
    const cases: [string, number[], string][] = [
      ['UTF-16', [0xff, 0xfe, 0x41, 0x00, 0xe9, 0x00], 'Aé'],
      ['UTF-16', [0xfe, 0xff, 0x00, 0x41, 0x00, 0xe9], 'Aé'],
      ['UTF-16', [0x00, 0x41, 0x00, 0xe9], 'Aé'],
      ['utf-16', [0xff, 0xfe, 0x3d, 0xd8, 0x00, 0xde], '😀'],
      ['UTF-32', [0xff, 0xfe, 0, 0, 0x41, 0, 0, 0], 'A'],
      ['UTF-32', [0, 0, 0xfe, 0xff, 0, 0, 0, 0x41], 'A'],
      ['UTF-32', [0, 0, 0, 0x41], 'A'],
    ];
    for (const [charset, bytes, text] of cases) {
      for (const mode of ['mail', 'iana'] as const)
        expect(decodeEncodedWords(word(charset, Uint8Array.from(bytes)), { mode }).text).toBe(text);
    }
    // Only UTF-16 and UTF-32 read a mark: UTF-16BE keeps FF FE as U+FFFE
    expect(decodeEncodedWords(word('UTF-16BE', Uint8Array.from([0xff, 0xfe, 0, 0x41]))).text).toBe(
      '\ufffeA',
    );
  });
});

// The decoder reads each word's encoded-text in place, writes Q bytes into one scratch array and
// copies them out at their size, and resolves a label once for a stretch of words that repeat it.
describe('words read in place', () => {
  it('a Q word longer than the scratch array, then short words: each decodes to its own bytes', () => {
    const long = 'é'.repeat(300);
    const header = `=?UTF-8?Q?${'=C3=A9'.repeat(300)}?= =?UTF-8?Q?ab?= =?UTF-8?Q?=C3=A9?=`;
    expect(decodeEncodedWords(header, { strict: false }).text).toBe(`${long}abé`);
    // A character split across two words: the first word's tail is kept while the next is decoded
    // into the same scratch array.
    expect(decodeEncodedWords('=?UTF-8?Q?a=C3?= =?UTF-8?Q?=A9b=C3?= =?UTF-8?Q?=A9?=').text).toBe(
      'aébé',
    );
  });

  it('Q text with characters outside ASCII keeps each run (lenient), next to bytes of the same word', () => {
    const header = '=?UTF-8?Q?=C3=A9\u012e\u012f=C3=A9?= =?UTF-8?Q?x?=';
    expect(decodeEncodedWords(header, { strict: false }).text).toBe('é\u012e\u012féx');
  });

  it('an escape cut by the end of the word is kept as written (lenient), malformed (strict)', () => {
    expect(decodeEncodedWords('=?UTF-8?Q?a=?= =?UTF-8?Q?b=4?=', { strict: false }).text).toBe(
      'a=b=4',
    );
    expect(decodeEncodedWords('=?UTF-8?Q?a=?=').issues[0]?.reason).toBe('malformed');
  });

  it('B text with characters outside the alphabet skipped, and read on after padding inside (lenient)', () => {
    expect(decodeEncodedWords('=?UTF-8?B?w6!k?= =?UTF-8?B?w6k=?=', { strict: false }).text).toBe(
      'éé',
    );
    // Thunderbird reads on after the `=` (test_header.js:1194); the text after it was dropped.
    expect(decodeEncodedWords('=?UTF-8?B?QQ==QUJD?=', { strict: false }).text).toBe('AABC');
    expect(decodeEncodedWords('=?UTF-8?B?QUJD?= =?UTF-8?B?QUI=?= =?UTF-8?B?QQ==?=').text).toBe(
      'ABCABA',
    );
    expect(decodeEncodedWords('=?UTF-8?B?QQ==QUJD?=').issues[0]?.reason).toBe('malformed');
  });

  it('labels that change from word to word, in case too, and unknown or unloaded ones in a row', () => {
    const header =
      '=?UTF-8?Q?a?= =?ISO-8859-1?Q?=E9?= =?utf-8?Q?=C3=A9?= =?UTF-8?Q?b?= =?x-none?Q?c?= =?x-none?Q?d?= =?UTF-8?Q?e?=';
    const { text, issues } = decodeEncodedWords(header);
    expect(text).toBe('aééb =?x-none?Q?c?= =?x-none?Q?d?= e');
    expect(issues.map((x) => [x.charset, x.reason])).toEqual([
      ['x-none', 'unknown-charset'],
      ['x-none', 'unknown-charset'],
    ]);
    // (A codec not loaded, word after word: test/lean.test.ts.)
  });
});
