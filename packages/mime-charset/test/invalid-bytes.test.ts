// Bytes invalid in a word's or a part's charset are decoded as U+FFFD (the Encoding Standard's
// replacement) and reported as `invalid-bytes`, as decodeParameters reports them, so that a reader
// may decode the text again in another charset (Latin-1 sent as UTF-8 is the common case). A
// U+FFFD that the text itself holds (UTF-8 EF BF BD) is no issue.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decode, decodeEncodedWords, decodeMimePart } from '../src/index';

const q = (charset: string, bytes: Iterable<number>): string =>
  `=?${charset}?Q?${[...bytes].map((b) => `=${b.toString(16).toUpperCase().padStart(2, '0')}`).join('')}?=`;
/** The charsets of the properties: stateless, stateful, UTF-16, and gb18030, which does not resync. */
const CHARSETS = ['utf-8', 'shift_jis', 'euc-kr', 'big5', 'utf-16le', 'iso-2022-jp', 'gb18030'];
/** Whether a fatal decode of `bytes` fails: the oracle of the properties. */
const fatalFails = (bytes: Uint8Array, charset: string): boolean => {
  try {
    decode(bytes, charset, { fatal: true, mode: 'iana' });
    return false;
  } catch {
    return true;
  }
};
const reasons = (header: string, strict: boolean) =>
  decodeEncodedWords(header, { strict }).issues.map((x) => x.reason);

describe('decodeEncodedWords', () => {
  it.each([
    ['=?utf-8?Q?caf=E9?=', 'caf\uFFFD'], // Latin-1 sent as UTF-8
    ['=?Shift_JIS?B?gg==?= x', '\uFFFD x'], // a lead byte alone
    ['=?UTF-8?Q?=C3?= x', '\uFFFD x'], // a character cut off that no word finishes
    ['=?UTF-8?Q?=EF=BF=BD=FF?=', '\uFFFD\uFFFD'], // the text's own U+FFFD, then FF
    ['=?iso-2022-jp?B?GyQoRCsiGyhC?=', '\uFFFD$(D+"'], // JIS X 0212's escape, not RFC 1468's
  ])('%s is %j, reported in both modes', (header, text) => {
    for (const strict of [true, false]) {
      const r = decodeEncodedWords(header, { strict });
      expect(r.text).toBe(text);
      expect(r.issues).toEqual([
        { index: 0, charset: header.slice(2, header.indexOf('?', 2)), reason: 'invalid-bytes' },
      ]);
    }
  });

  it('a U+FFFD of the text, and a character split across two words, are no issue', () => {
    for (const header of [
      '=?UTF-8?Q?=EF=BF=BD?=',
      '=?utf-16be?B?//0=?=',
      '=?UTF-8?Q?=C3?= =?UTF-8?Q?=A9?=',
    ])
      for (const strict of [true, false]) expect(reasons(header, strict), header).toEqual([]);
  });

  it('the word that left a character unfinished is the one reported, in the order of the header', () => {
    const r = decodeEncodedWords('=?utf-8?q?a?= =?utf-8?q?=C3?= =?iso-8859-1?q?b?=');
    expect(r.text).toBe('a\uFFFDb');
    expect(r.issues).toEqual([{ index: 14, charset: 'utf-8', reason: 'invalid-bytes' }]);
    // strict: the next word is malformed, left as written; the unfinished character still counts
    const s = decodeEncodedWords('=?utf-8?q?=C3?= =?utf-8?q?a=0Ab?=');
    expect(s.issues.map((x) => [x.index, x.reason])).toEqual([
      [0, 'invalid-bytes'],
      [16, 'malformed'],
    ]);
  });

  it('each word whose own bytes are invalid is reported, and a character cut off at the word that cut it', () => {
    const at = (header: string) =>
      decodeEncodedWords(header, { strict: false }).issues.map((x) => [x.index, x.reason]);
    expect(at('=?utf-8?q?a=C3?= =?utf-8?q?b?=')).toEqual([[0, 'invalid-bytes']]);
    const four = Array(4).fill('=?utf-8?q?=C3?=').join(' ');
    expect(decodeEncodedWords(four).text).toBe('\uFFFD'.repeat(4));
    expect(at(four)).toEqual([0, 16, 32, 48].map((i) => [i, 'invalid-bytes']));
    expect(at('=?utf-8?q?=E9=E9?= =?utf-8?q?=E9?=')).toEqual([
      [0, 'invalid-bytes'],
      [19, 'invalid-bytes'],
    ]);
    // a four-byte character over three words: whole, or cut off after the second
    expect(at('=?utf-8?q?=F0=9F?= =?utf-8?q?=98?= =?utf-8?q?=80?=')).toEqual([]);
    expect(at('=?utf-8?q?=F0=9F?= =?utf-8?q?=98?= x')).toEqual([[19, 'invalid-bytes']]);
  });

  it('gb18030, whose U+FFFD bytes may stand inside another character', () => {
    // 81 84 is a character, then 31, then A4 37 is no character: the bytes 84 31 A4 37 of
    // gb18030's own U+FFFD are no U+FFFD here
    expect(decodeEncodedWords('=?gb18030?q?=81=84=31=A4=37?=')).toMatchObject({
      text: '亜1\uFFFD',
      issues: [{ index: 0, reason: 'invalid-bytes' }],
    });
    expect(decodeEncodedWords('=?gb18030?q?=84=31=A4=37?=')).toMatchObject({
      text: '\uFFFD',
      issues: [],
    });
  });

  it('property: reported exactly when a fatal decode of the word would fail', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CHARSETS, 'euc-jp', 'windows-1252'),
        fc.uint8Array({ maxLength: 12 }),
        fc.boolean(),
        (charset, bytes, strict) => {
          if (bytes.length === 0) return;
          const fails = fatalFails(bytes, charset);
          const r = decodeEncodedWords(q(charset, bytes), { strict });
          // strict leaves a word that decodes to a NUL, CR or LF as written (malformed)
          if (r.issues.some((x) => x.reason === 'malformed')) return;
          expect(r.issues.some((x) => x.reason === 'invalid-bytes')).toBe(fails);
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('decodeMimePart', () => {
  const part = (body: Uint8Array, charset = 'utf-8') =>
    decodeMimePart({
      contentType: `text/plain; charset=${charset}`,
      transferEncoding: '8bit',
      body,
    });

  it('reports a body not valid in its charset, after the body issues', () => {
    expect(part(Uint8Array.of(0x63, 0xe9))).toMatchObject({
      text: 'c\uFFFD',
      issues: ['invalid-bytes'],
    });
    const b64 = decodeMimePart({
      contentType: 'text/plain; charset=utf-8',
      transferEncoding: 'base64',
      body: 'Y+k',
    });
    expect(b64.text).toBe('c\uFFFD');
    expect(b64.issues).toEqual(['padding', 'invalid-bytes']);
  });

  it('a U+FFFD of the text, or a valid body, is no issue', () => {
    expect(part(Uint8Array.of(0x63, 0xef, 0xbf, 0xbd)).issues).toEqual([]);
    expect(part(Uint8Array.of(0x63, 0xc3, 0xa9)).issues).toEqual([]);
    expect(part(Uint8Array.of(0x63, 0xe9), 'iso-8859-1').issues).toEqual([]);
  });

  it('property: reported exactly when a fatal decode of the body would fail', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CHARSETS),
        fc.uint8Array({ maxLength: 16 }),
        (charset, bytes) => {
          // a byte order mark would choose the charset instead
          if ((bytes[0] === 0xef && bytes[1] === 0xbb) || bytes[0] === 0xfe || bytes[0] === 0xff)
            return;
          const fails = fatalFails(bytes, charset);
          expect(part(bytes, charset).issues.includes('invalid-bytes')).toBe(fails);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
