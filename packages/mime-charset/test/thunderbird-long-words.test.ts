// The long encoded-words Thunderbird's own encoder emits (jsmime headeremitter,
// encodeRFC2047Phrase: up to 65 characters of encoded-text after a fold, so 76-character B words
// and 77-character Q words), which RFC 2047 §2's 75-character limit for encoders does not stop a
// reader from decoding.
import { describe, expect, it } from 'vitest';
import { decodeEncodedWords, unfoldHeader } from '../src/index';

// Written by Thunderbird 140's jsmime (comm/mailnews/mime/jsmime/jsmime.mjs,
// `headeremitter.emitStructuredHeader('Subject', text, {})`, default soft margin of 78).
const EMITTED = [
  {
    text: 'Привет, это очень длинная тема письма, чтобы проверить, как Thunderbird кодирует длинные заголовки',
    header:
      'Subject: =?UTF-8?B?0J/RgNC40LLQtdGCLCDRjdGC0L4g0L7Rh9C10L3RjCDQtNC70LjQvdC9?=\r\n =?UTF-8?B?0LDRjyDRgtC10LzQsCDQv9C40YHRjNC80LAsINGH0YLQvtCx0Ysg0L/RgNC+0LI=?=\r\n =?UTF-8?B?0LXRgNC40YLRjCwg0LrQsNC6IFRodW5kZXJiaXJkINC60L7QtNC40YDRg9C10YIg?=\r\n =?UTF-8?B?0LTQu9C40L3QvdGL0LUg0LfQsNCz0L7Qu9C+0LLQutC4?=',
    longest: 76,
  },
  {
    text: '日本語の件名はとても長くなることがあります。これはテストです。もう少し長くしてみましょう。',
    header:
      'Subject: =?UTF-8?B?5pel5pys6Kqe44Gu5Lu25ZCN44Gv44Go44Gm44KC6ZW344GP44Gq44KL?=\r\n =?UTF-8?B?44GT44Go44GM44GC44KK44G+44GZ44CC44GT44KM44Gv44OG44K544OI44Gn44GZ?=\r\n =?UTF-8?B?44CC44KC44GG5bCR44GX6ZW344GP44GX44Gm44G/44G+44GX44KH44GG44CC?=',
    longest: 76,
  },
  {
    text: `é${'abcdefghij klmnopqrstuvwxyz '.repeat(8)}`,
    header:
      'Subject: =?UTF-8?Q?=C3=A9abcdefghij_klmnopqrstuvwxyz_abcdefghij_klmnopqrstuv?=\r\n =?UTF-8?Q?wxyz_abcdefghij_klmnopqrstuvwxyz_abcdefghij_klmnopqrstuvwxyz_abcd?=\r\n =?UTF-8?Q?efghij_klmnopqrstuvwxyz_abcdefghij_klmnopqrstuvwxyz_abcdefghij_kl?=\r\n =?UTF-8?Q?mnopqrstuvwxyz_abcdefghij_klmnopqrstuvwxyz_?=',
    longest: 77,
  },
];

describe("encoded-words longer than 75 characters, as Thunderbird's encoder writes them", () => {
  it('strict mode (the default) decodes them', () => {
    for (const { text, header, longest } of EMITTED) {
      const words = header.match(/=\?[^?]*\?[BQ]\?[^?]*\?=/g)!;
      expect(Math.max(...words.map((w) => w.length))).toBe(longest);
      expect(decodeEncodedWords(unfoldHeader(header))).toEqual({
        text: `Subject: ${text}`,
        issues: [],
        languages: [],
      });
    }
  });

  it('a word of any length, in either mode', () => {
    const word = `=?UTF-8?Q?${'a'.repeat(500)}=C3=A9?=`;
    expect(decodeEncodedWords(word).text).toBe(`${'a'.repeat(500)}é`);
    expect(decodeEncodedWords(word, { strict: false }).text).toBe(`${'a'.repeat(500)}é`);
  });
});
