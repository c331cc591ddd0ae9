// encodeEncodedWords folding: 75 characters a word (RFC 2047 §2), 78 a line (RFC 5322 §2.1.1).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeEncodedWords, encodeEncodedWords } from '../src/index';

const anyText = fc
  .array(
    fc.oneof(
      fc.integer({ min: 0x20, max: 0x7e }),
      fc.integer({ min: 0x80, max: 0x7ff }),
      fc.integer({ min: 0x800, max: 0xd7ff }),
      fc.integer({ min: 0x10000, max: 0x10ffff }),
      fc.constantFrom(0x0d, 0x0a, 0x09),
    ),
    { maxLength: 150 },
  )
  .map((cps) => String.fromCodePoint(...cps));

describe('encodeEncodedWords folding', () => {
  it('words of at most 75, lines of at most 78 (after the offset), each word whole characters (property)', () => {
    fc.assert(
      fc.property(
        anyText,
        fc.integer({ min: 0, max: 70 }),
        fc.constantFrom<'B' | 'Q' | undefined>('B', 'Q', undefined),
        (text, offset, encoding) => {
          const options = encoding === undefined ? { offset } : { offset, encoding };
          // A CR or LF is refused at its index: no word that decodes to one is written.
          const control = text.search(/[\r\n]/);
          if (control >= 0) {
            expect(() => encodeEncodedWords(text, options)).toThrow(
              expect.objectContaining({ name: 'HeaderSyntaxError', index: control }),
            );
            return;
          }
          const encoded = encodeEncodedWords(text, options);
          const lines = `${' '.repeat(offset)}${encoded}`.split('\r\n');
          for (const line of lines) expect(line.length).toBeLessThanOrEqual(78);
          for (const line of lines.slice(1)) expect(line).toMatch(/^ \S/);
          const words = encoded === '' ? [] : encoded.split(/\r\n | /);
          for (const w of words) {
            expect(w.length).toBeLessThanOrEqual(75);
            expect(decodeEncodedWords(w).text).not.toContain('\ufffd');
          }
          // No CR or LF but in the folds: no header can be injected.
          expect(encoded.replace(/\r\n /g, '')).not.toMatch(/[\r\n]/);
          // A leading fold (offset too large) is header whitespace, not text.
          const header = encoded.replace(/^\r\n /, '');
          expect(decodeEncodedWords(header, { strict: false }).text).toBe(text);
          expect(decodeEncodedWords(header).text).toBe(text);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('lines of at most 78 and words of at most 75 in every charset, stateful ones in Q too (property)', () => {
    // AUD28 F1: under a stateful charset one character in Q is up to 20 characters
    // (`=1B=24B=24=22=1B=28B`); the first word folded only when under 12 were left, so offsets of
    // 39-49 gave first lines of 79-86.
    const charsets: [string, string][] = [
      ['UTF-8', 'aé€😀 '],
      ['ISO-2022-JP', 'aあ日本語テキストです。 '],
      ['ISO-2022-JP-2', 'aあ日本語éü '],
      ['ISO-2022-KR', 'a한국어텍스트 '],
      ['ISO-2022-CN', 'a中文文本测试 '],
      ['HZ-GB-2312', 'a中文文本测试~ '],
      ['UTF-7', 'aé€😀+ '],
      ['Shift_JIS', 'aあ日本語ｱ '],
      ['ISO-8859-1', 'aéü '],
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...charsets),
        fc.array(fc.nat(), { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 0, max: 78 }),
        fc.constantFrom<'B' | 'Q' | undefined>('B', 'Q', undefined),
        ([charset, alphabet], picks, offset, encoding) => {
          const chars = [...alphabet];
          const text = picks.map((k) => chars[k % chars.length]).join('');
          const options =
            encoding === undefined ? { charset, offset } : { charset, offset, encoding };
          const encoded = encodeEncodedWords(text, options);
          const lines = `${'x'.repeat(offset)}${encoded}`.split('\r\n');
          for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(78);
          for (const word of encoded.split(/\r\n /).filter((w) => w !== ''))
            expect(word.length, word).toBeLessThanOrEqual(75);
          expect(decodeEncodedWords(encoded.replace(/^\r\n /, ''), { mode: 'iana' }).text).toBe(
            text,
          );
        },
      ),
      { numRuns: 1500 },
    );
    // The cases AUD28 found.
    expect(encodeEncodedWords('あ', { charset: 'ISO-2022-JP', encoding: 'Q', offset: 41 })).toBe(
      '\r\n =?ISO-2022-JP?Q?=1B=24B=24=22=1B=28B?=',
    );
    for (const [text, charset, offset] of [
      ['あ', 'ISO-2022-JP', 48],
      ['あ', 'ISO-2022-JP-2', 39],
      ['한국어 텍스트', 'ISO-2022-KR', 43],
      ['中文文本测试', 'ISO-2022-CN', 43],
      ['中文文本测试', 'HZ-GB-2312', 48],
      ['日本語テキストです。', 'ISO-2022-JP', 43],
    ] as const) {
      const first = encodeEncodedWords(text, { charset, encoding: 'Q', offset }).split('\r\n')[0]!;
      expect(offset + first.length, `${charset} ${offset}`).toBeLessThanOrEqual(78);
    }
  });

  it('folds between words; the first line holds the offset and its word within 78', () => {
    const encoded = encodeEncodedWords(`${'a'.repeat(55)}é${'b'.repeat(5)}`, { encoding: 'Q' });
    // 75 + the last word would pass 78: a fold
    expect(encoded.split('\r\n ').every((w) => w.length <= 75)).toBe(true);
    const short = encodeEncodedWords(`${'é'.repeat(21)}x`, { encoding: 'Q', offset: 9 });
    expect(`Subject: ${short}`.split('\r\n')[0]!.length).toBeLessThanOrEqual(78);
  });

  it('starts on a folded line when the offset leaves no room', () => {
    expect(encodeEncodedWords('é', { offset: 70 })).toBe('\r\n =?UTF-8?B?w6k=?=');
    expect(encodeEncodedWords('é', { offset: 70, separator: ' ' })).toBe('=?UTF-8?B?w6k=?=');
  });

  it('chooses B or Q by length, Q on a tie', () => {
    expect(encodeEncodedWords('Café au lait')).toBe('=?UTF-8?Q?Caf=C3=A9_au_lait?=');
    expect(encodeEncodedWords('日本語')).toMatch(/^=\?UTF-8\?B\?/);
    const t = 'é';
    const b = encodeEncodedWords(t, { encoding: 'B' });
    const q = encodeEncodedWords(t, { encoding: 'Q' });
    expect(encodeEncodedWords(t)).toBe(q.length <= b.length ? q : b);
  });

  it('ISO-2022-JP words each end in ASCII (ESC ( B) and decode on their own', () => {
    const encoded = encodeEncodedWords('日本語の長い件名です。'.repeat(4), {
      charset: 'ISO-2022-JP',
    });
    const words = encoded.split(/\r\n | /);
    expect(words.length).toBeGreaterThan(1);
    for (const w of words) {
      const bytes = Buffer.from(w.slice('=?ISO-2022-JP?B?'.length, -2), 'base64');
      expect([...bytes.subarray(-3)]).toEqual([0x1b, 0x28, 0x42]);
    }
    expect(decodeEncodedWords(encoded).text).toBe('日本語の長い件名です。'.repeat(4));
  });
});
