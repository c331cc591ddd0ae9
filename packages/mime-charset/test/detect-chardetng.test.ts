// Findings of a comparison with chardetng (the detector of Firefox and Thunderbird): inputs from
// chardetng's own tests (third_party/rust/chardetng/src/lib.rs of Thunderbird 140.12.0, cited by
// line; chardetng is by Henri Sivonen, Apache-2.0 OR MIT; its test texts are used here as data)
// and the tests' own sentences. Each test failed before the change that it comes with.
import { decode, encode } from '@x/legacy-charsets';
import { describe, expect, it } from 'vitest';
import { createCharsetDetector, detectCharset } from '../src/detect';
import { sniffDocument } from '../src/index';

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
    expect(best([0x4e, 0xba, 0x31]).encoding).toBe('windows-1252');
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

describe('a pair that the encoding does not map rules it out', () => {
  const hex = (s: string) => s.split(' ').map((x) => Number.parseInt(x, 16));
  const times = (n: number, s: string) => Array.from({ length: n }, () => hex(s)).flat();
  const HIRAGANA_EUC_JP = 'A4 CB A4 DB A4 F3 A4 B4';
  const HIRAGANA_SJIS = '82 C9 82 D9 82 F1 82 B2';
  const KOREAN = 'C5 D7 BD BA C6 AE 2E 20';

  it.each([
    // [lib.rs line, chardetng's test, the encoding it rules out, bytes]
    [3717, 'test_not_euc_jp', 'EUC-JP', [...hex('8F FE F7'), ...times(80, HIRAGANA_EUC_JP)]],
    [3727, 'test_not_euc_jp_bis', 'EUC-JP', [...hex('A8 DF'), ...times(80, HIRAGANA_EUC_JP)]],
    [3677, 'test_not_shift_jis', 'Shift_JIS', [...hex('84 E0'), ...times(40, HIRAGANA_SJIS)]],
    [3687, 'test_not_shift_jis_bis', 'Shift_JIS', [...hex('87 7D'), ...times(40, HIRAGANA_SJIS)]],
    [3647, 'test_not_euc_kr', 'EUC-KR', [...hex('C9 A0 B0 A1 20'), ...times(40, KOREAN)]],
  ] as const)('lib.rs:%i %s is not %s', (_line, _name, ruledOut, bytes) => {
    const candidates = detectCharset(new Uint8Array(bytes)).map((c) => c.encoding);
    expect(candidates).not.toContain(ruledOut);
  });

  it("chardetng's answer for lib.rs:3677, 3687 and 3647: GBK", () => {
    expect(best([...hex('84 E0'), ...times(40, HIRAGANA_SJIS)]).encoding).toBe('GBK');
    expect(best([...hex('87 7D'), ...times(40, HIRAGANA_SJIS)]).encoding).toBe('GBK');
    expect(best([...hex('C9 A0 B0 A1 20'), ...times(40, KOREAN)]).encoding).toBe('GBK');
  });

  it.each([
    // Pairs that the WHATWG decoders leave unmapped but JIS X 0213 or KS X 1001's user-defined
    // rows fill: chardetng keeps the encoding.
    [3657, 'test_shift_jis_x0213', 'Shift_JIS', [...hex('87 E5'), ...times(40, HIRAGANA_SJIS)]],
    [3697, 'test_euc_jp_x0213', 'EUC-JP', [...hex('AD BF'), ...times(80, HIRAGANA_EUC_JP)]],
    [
      3707,
      'test_euc_jp_x0213_other_plane',
      'EUC-JP',
      [...hex('8F FE F6'), ...times(80, HIRAGANA_EUC_JP)],
    ],
    [3597, 'test_euc_kr_pua', 'EUC-KR', [...hex('C9 A1 B0 A1 20'), ...times(40, KOREAN)]],
    [3607, 'test_euc_kr_pua_bis', 'EUC-KR', [...hex('FE A1 B0 A1 20'), ...times(40, KOREAN)]],
  ] as const)('lib.rs:%i %s stays %s', (_line, _name, encoding, bytes) => {
    expect(best(new Uint8Array(bytes)).encoding).toBe(encoding);
  });
});

describe('accented Latin letters next to ASCII letters are not a CJK character', () => {
  it.each([
    ['Ääni', 'windows-1252', '(lib.rs:3245 test_fi)'],
    ['Rock ’n Roll', 'windows-1252', '(lib.rs:3414 test_en_bis)'],
    ['coração', 'windows-1252', ''],
    ['podjąć', 'windows-1250', ''],
    ['mąż', 'windows-1250', ''],
  ])('%s in %s %s', (text, encoding) => {
    const bytes = encode(text, encoding);
    const guess = best(bytes).encoding;
    expect(['Shift_JIS', 'EUC-JP', 'EUC-KR', 'Big5', 'GBK', 'gb18030']).not.toContain(guess);
    expect(decode(bytes, guess)).toBe(text);
  });

  it('Japanese with Latin words glued to kana stays Japanese', () => {
    for (const text of [
      'Rubyはオブジェクト指向のスクリプト言語です。',
      '新しいPCで動くソフトウェア',
    ]) {
      for (const encoding of ['Shift_JIS', 'EUC-JP']) {
        expect(best(encode(text, encoding)).encoding, `${text} ${encoding}`).toBe(encoding);
      }
    }
  });
});

describe('half-width katakana in Shift_JIS', () => {
  it('lib.rs:3552 test_shift_jis_half_width_katakana: ﾊｰﾄﾞｳｪｱ five times is Shift_JIS, not ISO-8859-5', () => {
    expect(best(encode('ﾊｰﾄﾞｳｪｱ'.repeat(5), 'shift_jis')).encoding).toBe('Shift_JIS');
  });

  it('a voicing mark after a kana that cannot take it does not count as a run', () => {
    // ｱﾞ (a dakuten after ｱ) does not occur in Japanese; ｶﾞ does.
    const good = encode('ｶﾞｶﾞｶﾞｶﾞｶﾞｶﾞ', 'shift_jis');
    const bad = encode('ｱﾞｱﾞｱﾞｱﾞｱﾞｱﾞ', 'shift_jis');
    const sjis = (b: Uint8Array) =>
      detectCharset(b).find((c) => c.encoding === 'Shift_JIS')?.confidence ?? 0;
    expect(sjis(good)).toBeGreaterThan(sjis(bad));
  });
});

describe('a lone ordinal indicator among ASCII is windows-1252, with a low confidence', () => {
  it.each([
    [3477, ' º '],
    [3487, '.º '],
    [3497, ' Mª '],
    [3502, ' Dª '],
    [3512, ' Sª '],
    [3522, ' 42º '],
    [3527, ' XIVª '],
    [3532, ' XIVº '],
    [3537, 'Nº1'],
    [3185, 'n.º1'],
  ])('lib.rs:%i %j', (_line, text) => {
    const guess = best(encode(text, 'windows-1252'));
    expect(guess.encoding).toBe('windows-1252');
    expect(guess.confidence).toBeLessThan(0.9);
  });

  it('sniffDocument in the whatwg mode reads " Mª " as windows-1252, not Shift_JIS', () => {
    const doc = sniffDocument(encode(' Mª ', 'windows-1252'), {
      kind: 'html',
      detect: detectCharset,
    });
    expect(doc.encoding).toBe('windows-1252');
  });
});
