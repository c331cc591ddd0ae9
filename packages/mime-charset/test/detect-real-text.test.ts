// Charset detection on the kind of text real pages and mail hold and the UDHR training text does
// not: CJK without a single ASCII byte, typographic punctuation in windows-1252, case, Polish in
// ISO-8859-13, Latin text with a lone accent, and the family hint for BOM-less Unicode. The
// sentences are the tests' own.
import { decode, encode } from '@x/legacy-charsets';
import { describe, expect, it } from 'vitest';
import { detectCharset } from '../src/detect';

const best = (bytes: Uint8Array, options?: Parameters<typeof detectCharset>[1]) =>
  detectCharset(bytes, options)[0]!;

describe('legacy CJK text without single-byte characters is not BOM-less UTF-16', () => {
  // Every pair of Shift_JIS bytes of kana or kanji reads as a UTF-16BE ideograph.
  const JAPANESE = [
    '日本語のテキストです。',
    'こんにちは世界',
    'プログラミング',
    'オブジェクト指向プログラミング言語',
    // Katakana whose Shift_JIS trail bytes are ASCII (オ is 83 49, ブ 83 75).
    'オブジェクト指向スクリプト言語Ruby',
    '明日の会議は午後三時からです。',
  ];

  it.each(JAPANESE)('%s in Shift_JIS and EUC-JP', (text) => {
    for (const encoding of ['Shift_JIS', 'EUC-JP']) {
      const bytes = encode(text, encoding);
      const guess = best(bytes);
      expect(decode(bytes, guess.encoding), encoding).toBe(text);
      expect(guess.confidence, encoding).toBeGreaterThan(0.5);
    }
  });

  it.each([
    // Kanji alone, none of them among the frequent ones (EUC-JP reads as Hangul in EUC-KR).
    ['東京都千代田区', 'Shift_JIS'],
    ['中文文本的编码测试。', 'GBK'],
    ['我们明天下午开会。', 'GBK'],
    ['我們明天下午開會。', 'Big5'],
    // Everyday simplified Chinese on other subjects than the UDHR's: its GBK bytes read as Hangul
    // in EUC-KR or as Big5 before GBK's frequent characters took modern written Chinese's too.
    ['今天北京天气很好，我们去公园散步。', 'GBK'],
    ['地址：北京市海淀区', 'GBK'],
    ['名字：张伟，城市：北京', 'GBK'],
    ['请输入您的用户名和密码', 'GBK'],
    ['欢迎光临本店，祝您购物愉快！', 'GBK'],
    ['上海市浦东新区世纪大道', 'GBK'],
    ['新闻中心 | 体育 | 财经 | 娱乐', 'GBK'],
    ['오늘 날씨가 좋네요', 'EUC-KR'],
    ['로그인 회원가입 고객센터', 'EUC-KR'],
    ['한국어 텍스트입니다', 'EUC-KR'],
    ['한국어텍스트', 'EUC-KR'],
  ])('%s in %s', (text, encoding) => {
    const bytes = encode(text, encoding);
    expect(decode(bytes, best(bytes).encoding)).toBe(text);
  });

  it('the hints for Japanese name Shift_JIS', () => {
    const bytes = encode('日本語のテキストです。', 'Shift_JIS');
    for (const hints of [{ tld: 'jp' }, { language: 'ja' }, { family: 'japanese' as const }])
      expect(best(bytes, { hints }).encoding).toBe('Shift_JIS');
  });

  it('BOM-less UTF-16 of the same text is still UTF-16', () => {
    for (const text of ['日本語のテキストです。', 'すべての人は、自由です。', '我们明天下午开会。'])
      for (const [encoding, le] of [
        ['UTF-16LE', true],
        ['UTF-16BE', false],
      ] as const) {
        const bytes = new Uint8Array(text.length * 2);
        for (let i = 0; i < text.length; i++) {
          const c = text.charCodeAt(i);
          bytes[2 * i + (le ? 0 : 1)] = c & 0xff;
          bytes[2 * i + (le ? 1 : 0)] = c >> 8;
        }
        expect(best(bytes).encoding, `${text} ${encoding}`).toBe(encoding);
      }
  });
});

describe('windows-1252 with typographic punctuation', () => {
  it.each([
    'We said “yes” — and then left.',
    'It’s a small thing… really.',
    'Tickets cost 12 € each, she wrote.',
    'The report’s title was “Notes on the harbour”.',
    'Le prix: 3 € — c’est donné, dit-il.',
    'Er sagte „morgen“ und ging.',
  ])('%s', (text) => {
    const bytes = encode(text, 'windows-1252');
    const guess = best(bytes);
    expect(guess.encoding).toBe('windows-1252');
    expect(decode(bytes, guess.encoding)).toBe(text);
  });

  it('a lone accented letter among Latin words is Latin, not a Cyrillic word', () => {
    // "è" is 0xE8, which windows-1251 reads as the Russian word "и".
    const text =
      'La casa è grande e luminosa, con un giardino dove crescono piante di limone ' +
      'e alberi di fico; la cucina guarda verso il mare.';
    const bytes = encode(text, 'windows-1252');
    expect(decode(bytes, best(bytes).encoding)).toBe(text);
  });
});

describe('letter case', () => {
  it('x-mac-cyrillic я is not windows-1251 Я inside a word', () => {
    const text = 'все книги стоят на полке, а дети играют в саду';
    const bytes = encode(text, 'x-mac-cyrillic');
    expect(bytes.includes(0xdf)).toBe(true); // я, which windows-1251 reads as Я
    const guess = best(bytes);
    expect(guess.encoding).toBe('x-mac-cyrillic');
    expect(decode(bytes, guess.encoding)).toBe(text);
    // The same words in windows-1251 stay windows-1251.
    expect(best(encode(text, 'windows-1251')).encoding).toBe('windows-1251');
  });
});

describe('Polish and Croatian in ISO-8859-13', () => {
  it.each([
    'Wczoraj późnym wieczorem księżyc świecił nad łąką, a żółw szedł powoli.',
    'Jučer smo šetali uz rijeku i čitali knjige o životu ptica.',
  ])('%s', (text) => {
    const bytes = encode(text, 'iso-8859-13');
    expect(decode(bytes, best(bytes).encoding)).toBe(text);
  });
});

describe('ISO-8859-15: € Š š Ž ž Œ œ Ÿ at A4-BE', () => {
  it.each([
    'El precio es de 15 € por persona y día.',
    'Ein Stück Kuchen kostet heute nur 3 €.',
    'Le prix est de 20 € pour un cœur en chocolat.',
    'Tšehhi keeles on šokolaad ja žürii.',
  ])('%s', (text) => {
    const bytes = encode(text, 'iso-8859-15');
    const guess = best(bytes);
    expect(guess.encoding).toBe('ISO-8859-15');
    expect(decode(bytes, guess.encoding)).toBe(text);
  });

  it('Latin-1 text without those bytes stays windows-1252 (which reads it alike)', () => {
    const text = 'Où est la gare? À gauche, après le café.';
    expect(best(encode(text, 'iso-8859-15')).encoding).toBe('windows-1252');
  });

  it('a symbol inside a word costs: ISO-8859-15 cœur is not windows-1252 c½ur', () => {
    const text = 'Elle a le cœur sur la main et la sœur aussi.';
    const bytes = encode(text, 'iso-8859-15');
    expect(decode(bytes, best(bytes).encoding)).toBe(text);
  });
});

describe('the family hint and BOM-less Unicode', () => {
  const utf16le = (s: string) => {
    const b = new Uint8Array(s.length * 2);
    for (let i = 0; i < s.length; i++) {
      b[2 * i] = s.charCodeAt(i) & 0xff;
      b[2 * i + 1] = s.charCodeAt(i) >> 8;
    }
    return b;
  };

  it('a family other than unicode leaves BOM-less UTF-16 and UTF-32 out', () => {
    const bytes = utf16le('Привет, мир');
    expect(best(bytes).encoding).toBe('UTF-16LE');
    const hinted = detectCharset(bytes, { hints: { family: 'cyrillic' } });
    expect(hinted.map((c) => c.encoding)).not.toContain('UTF-16LE');
    const utf32 = new Uint8Array(16);
    utf32.set([0x41, 0, 0, 0, 0x1f, 0x04, 0, 0, 0x42, 0, 0, 0, 0x20, 0x04, 0, 0]);
    expect(
      detectCharset(utf32, { hints: { family: 'cyrillic' } }).map((c) => c.encoding),
    ).not.toContain('UTF-32LE');
    expect(best(bytes, { hints: { family: 'unicode' } }).encoding).toBe('UTF-16LE');
  });

  it('with a BOM, Unicode stays a candidate whatever the family', () => {
    const bytes = new Uint8Array([0xff, 0xfe, ...utf16le('Привет')]);
    expect(best(bytes, { hints: { family: 'cyrillic' } }).encoding).toBe('UTF-16LE');
  });
});

describe('confidence reflects how well the best reading fits its model', () => {
  // IBM852 (DOS Central European) is not an encoding the detector knows: whatever it answers
  // reads the letters wrongly, and says so with a low confidence.
  it.each([
    'Příliš žluťoučký kůň úpěl ďábelské ódy. Včera jsme šli na procházku k řece a četli knihy.',
    'Wczoraj późnym wieczorem księżyc świecił nad łąką, a żółw szedł powoli przez ogród.',
  ])('%s', (text) => {
    const known = best(encode(text, 'windows-1250'));
    expect(known.encoding).toBe('windows-1250');
    expect(known.confidence).toBeGreaterThan(0.9);
    const unknown = best(encode(text, 'cp852'));
    expect(unknown.confidence).toBeLessThan(0.5);
  });
});
