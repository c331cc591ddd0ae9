// Findings of a comparison with chardetng (the detector of Firefox and Thunderbird): inputs from
// chardetng's own tests (third_party/rust/chardetng/src/lib.rs of Thunderbird 140.12.0, cited by
// line; chardetng is by Henri Sivonen, Apache-2.0 OR MIT; its test texts are used here as data)
// and the tests' own sentences. Each test failed before the change that it comes with.
import { encode } from '@x/legacy-charsets';
import { describe, expect, it } from 'vitest';
import { createCharsetDetector, detectCharset } from '../src/detect';

const best = (bytes: Uint8Array | number[]) =>
  detectCharset(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes))[0]!;

describe('input that ends inside a character', () => {
  const TEXTS: readonly [string, string][] = [
    ['Shift_JIS', 'これは文字実験です。日本語のテキスト'],
    ['EUC-JP', 'これは文字実験です。日本語のテキスト'],
    ['GBK', '这是一个字符编码的实验文本内容'],
    ['Big5', '這是一個字符編碼的實驗文本內容'],
  ];

  it('a Shift_JIS text cut after 35 bytes (inside a character) is Shift_JIS, not UTF-16BE', () => {
    const bytes = encode('これは文字実験です。日本語のテキスト', 'shift_jis').subarray(0, 35);
    expect(best(bytes).encoding).toBe('Shift_JIS');
  });

  it.each(TEXTS)('every prefix of a %s text from 4 bytes on is that encoding', (encoding, text) => {
    const bytes = encode(text, encoding);
    const wrong: string[] = [];
    for (let n = 4; n <= bytes.length; n++) {
      const guess = best(bytes.subarray(0, n)).encoding;
      if (guess !== encoding) wrong.push(`${n}: ${guess}`);
    }
    expect(wrong).toEqual([]);
  });

  it.each(TEXTS)(
    'the streaming result between chunks of a %s text is that encoding',
    (encoding, text) => {
      const bytes = encode(text, encoding);
      const detector = createCharsetDetector();
      const wrong: string[] = [];
      for (let n = 0; n < bytes.length; n++) {
        detector.feed(bytes.subarray(n, n + 1));
        const guess = detector.result()[0]!.encoding;
        if (n + 1 >= 8 && guess !== encoding) wrong.push(`${n + 1}: ${guess}`);
      }
      expect(wrong).toEqual([]);
    },
  );

  it('an odd number of bytes is not UTF-16: 4E BA 31 (lib.rs:3537, test_numero_uno)', () => {
    expect(best([0x4e, 0xba, 0x31]).encoding).not.toMatch(/^UTF-16/);
  });

  it('Thai in windows-874 (7 bytes) is not UTF-16LE', () => {
    expect(best(encode('ภาษาไทย', 'windows-874')).encoding).not.toMatch(/^UTF-16/);
  });

  it('BOM-less UTF-16 with one stray byte at the end is still UTF-16 when the text is long', () => {
    const text = 'Всеобщая декларация прав человека, принятая Генеральной Ассамблеей';
    const le = new Uint8Array(text.length * 2 + 1);
    for (let i = 0; i < text.length; i++) {
      le[2 * i] = text.charCodeAt(i) & 0xff;
      le[2 * i + 1] = text.charCodeAt(i) >> 8;
    }
    le[le.length - 1] = 0x20;
    expect(best(le).encoding).toBe('UTF-16LE');
  });
});
