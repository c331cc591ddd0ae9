// Adjacent encoded-words that end in bytes that are no character (invalid, or a character cut
// short) cost what other words cost: telling the text's own U+FFFD from an error is a test of the
// last bytes, not a fatal decode that throws (an exception, with its stack trace, per word made
// such words 100-300 times slower: AUD28 F6). Counted through codecs registered over the built-in
// ones, which count what they throw; registered here only, in a file of its own.
import { beforeAll, describe, expect, it } from 'vitest';
import { type CharsetCodec, decodeEncodedWords, loadCodec, registerCodec } from '../src/index';

let thrown = 0;

function counting(base: CharsetCodec): CharsetCodec {
  const count = <T>(run: () => T): T => {
    try {
      return run();
    } catch (error) {
      thrown++;
      throw error;
    }
  };
  return {
    name: base.name,
    decode: (bytes, options) => count(() => base.decode(bytes, options)),
    encode: (text, options) => count(() => base.encode(text, options)),
  };
}

beforeAll(async () => {
  for (const label of ['utf-8', 'shift_jis', 'gb18030'])
    registerCodec(counting(await loadCodec(label, { mode: 'iana' })));
});

describe('words ending in bytes that are no character', () => {
  for (const [charset, text] of [
    ['utf-8', '=FF'],
    ['utf-8', '=C3'],
    ['utf-8', '=EF=BF'],
    ['shift_jis', '=FF'],
    ['shift_jis', '=82'],
    ['gb18030', '=84=31'],
  ] as const)
    it(`${charset} ${text}: no exception per word`, () => {
      const header = `=?${charset}?Q?${text}?= `.repeat(200);
      thrown = 0;
      // (Two Shift_JIS 82 or GB18030 84 31 in a row make a character: those words are joined.)
      for (const strict of [true, false]) decodeEncodedWords(header, { strict });
      // At most one, once a codec: whether the charset has a U+FFFD of its own to write.
      expect(thrown).toBeLessThanOrEqual(1);
    });

  it("the text's own U+FFFD still reads as one character, whole or split between words", () => {
    expect(decodeEncodedWords('=?utf-8?Q?=EF=BF=BD?= =?utf-8?Q?=EF=BF=BD?=').text).toBe(
      '\ufffd\ufffd',
    );
    expect(decodeEncodedWords('=?utf-8?Q?a=EF=BF?= =?utf-8?Q?=BDb?=').text).toBe('a\ufffdb');
    expect(decodeEncodedWords('=?gb18030?Q?=84=31?= =?gb18030?Q?=A4=37?=').text).toBe('\ufffd');
    // An error and then the text's own: two, the first cut short.
    expect(decodeEncodedWords('=?utf-8?Q?=C3?= =?utf-8?Q?=EF=BF=BD?=').text).toBe('\ufffd\ufffd');
  });
});
