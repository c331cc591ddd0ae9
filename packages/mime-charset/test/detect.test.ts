// Charset detection (src/detect.ts): the seed's mis-decodings repaired, every encoding found on
// held-out text, ASCII, hints, BOMs, UTF-16 without a BOM, streaming, and the autodetect step of
// sniffDocument/decodeDocument.
import { decode as decodeLegacy, encode } from '@x/legacy-charsets';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCorpus, decodesAlike } from '../scripts/detect-corpus';
import { createCharsetDetector, detectCharset } from '../src/detect';
import {
  decode,
  decodeDocument,
  encode as encodeLabel,
  labelToEncoding,
  sniffDocument,
} from '../src/index';

const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);
const strict = (bytes: Uint8Array, name: string): string =>
  name === 'utf-8' || name === 'utf-16le' || name === 'utf-16be'
    ? new TextDecoder(name, { fatal: true }).decode(bytes)
    : decodeLegacy(bytes, name, { fatal: true });
const top = (bytes: Uint8Array, options?: Parameters<typeof detectCharset>[1]): string =>
  detectCharset(bytes, options)[0]!.encoding;

const GREEK = 'Κωδικοποίηση';
const SENTENCE = 'Άρθρο 1. Όλοι οι άνθρωποι γεννιούνται ελεύθεροι και ίσοι στην αξιοπρέπεια.';

describe('the mis-decodings of the chapter on character encodings, repaired', () => {
  it('Greek windows-1253 read as Latin-1 ("Êùäéêïðïßçóç") is windows-1253', () => {
    const bytes = encode(GREEK, 'windows-1253');
    expect(decodeLegacy(bytes, 'iso-8859-1')).toBe('Êùäéêïðïßçóç');
    expect(top(bytes)).toBe('windows-1253');
    // Repair: the mojibake back to bytes with the wrong charset, then read with the detected one.
    const mojibake = decodeLegacy(bytes, 'iso-8859-1');
    expect(decodeLegacy(encode(mojibake, 'iso-8859-1'), top(encode(mojibake, 'iso-8859-1')))).toBe(
      GREEK,
    );
  });

  it('Greek windows-1253 read as ISO-8859-7 (Ά shown as ’) is windows-1253', () => {
    const bytes = encode(SENTENCE, 'windows-1253');
    expect(decodeLegacy(bytes, 'iso-8859-7')).not.toBe(SENTENCE);
    expect(top(bytes)).toBe('windows-1253');
    expect(decodeLegacy(bytes, top(bytes))).toBe(SENTENCE);
  });

  it('Greek windows-1253 read as cp737 is windows-1253, and cp737 bytes are cp737', () => {
    const bytes = encode(SENTENCE, 'windows-1253');
    expect(decodeLegacy(bytes, 'cp737')).not.toBe(SENTENCE);
    expect(top(bytes)).toBe('windows-1253');
    const dos = encode(SENTENCE, 'cp737');
    expect(top(dos)).toBe('cp737');
    expect(decodeLegacy(dos, 'cp737')).toBe(SENTENCE);
  });

  it('UTF-8 read as windows-1253 is UTF-8', () => {
    const bytes = utf8(GREEK);
    expect(decodeLegacy(bytes, 'windows-1253')).not.toBe(GREEK);
    expect(detectCharset(bytes)[0]).toEqual({ encoding: 'UTF-8', confidence: 1 });
  });
});

describe('every encoding is found on held-out text', () => {
  // One 1 KiB document per language and encoding, cut from paragraphs the models never saw.
  const corpus = buildCorpus([1024], 1);
  const encodings = [...new Set(corpus.map((d) => d.encoding))].sort();

  it('covers the encodings the detector tells apart', () => {
    expect(encodings).toEqual(
      [
        'big5',
        'cp737',
        'cp855',
        'cp869',
        'euc-jp',
        'euc-kr',
        'gb18030',
        'gbk',
        'ibm866',
        'iso-2022-jp',
        'iso-2022-kr',
        'iso-8859-13',
        'iso-8859-2',
        'iso-8859-5',
        'iso-8859-6',
        'iso-8859-7',
        'iso-8859-8',
        'iso-8859-9',
        'koi8-r',
        'koi8-u',
        'shift_jis',
        'utf-16be',
        'utf-16le',
        'utf-8',
        'windows-1250',
        'windows-1251',
        'windows-1252',
        'windows-1253',
        'windows-1254',
        'windows-1255',
        'windows-1256',
        'windows-1257',
        'windows-1258',
        'windows-874',
        'x-mac-cyrillic',
      ].sort(),
    );
  });

  for (const encoding of encodings)
    it(`${encoding}: the detected encoding decodes each document as its own does`, () => {
      for (const d of corpus.filter((x) => x.encoding === encoding)) {
        const guess = top(d.bytes);
        expect(decodesAlike(d.bytes, d.encoding, guess, strict), `${d.lang} read as ${guess}`).toBe(
          true,
        );
      }
    });
});

describe('ASCII, BOMs, ISO 2022 escapes, UTF-16 and UTF-32', () => {
  it('pure ASCII gives UTF-8 and windows-1252 only, never a legacy encoding', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
        }),
        (s) => {
          const names = detectCharset(utf8(s)).map((c) => c.encoding);
          expect(names).toEqual(['UTF-8', 'windows-1252']);
        },
      ),
      { numRuns: 200 },
    );
    expect(
      detectCharset(utf8('hello'), { hints: { allowUtf8: false } }).map((c) => c.encoding),
    ).toEqual(['windows-1252']);
  });

  it('a BOM settles it, and the detector is done', () => {
    const cases: [number[], string][] = [
      [[0xef, 0xbb, 0xbf, 0x41], 'UTF-8'],
      [[0xff, 0xfe, 0x41, 0x00], 'UTF-16LE'],
      [[0xfe, 0xff, 0x00, 0x41], 'UTF-16BE'],
      [[0xff, 0xfe, 0x00, 0x00, 0x41, 0, 0, 0], 'UTF-32LE'],
      [[0x00, 0x00, 0xfe, 0xff, 0, 0, 0, 0x41], 'UTF-32BE'],
    ];
    for (const [bytes, name] of cases) {
      const d = createCharsetDetector();
      d.feed(Uint8Array.from(bytes));
      expect(d.done).toBe(true);
      expect(d.result()).toEqual([{ encoding: name, confidence: 1 }]);
    }
  });

  it('ISO-2022-JP and ISO-2022-KR by their escapes, only in 7-bit bytes', () => {
    expect(top(encode('人権宣言', 'iso-2022-jp'))).toBe('ISO-2022-JP');
    expect(top(encode('세계인권선언', 'iso-2022-kr'))).toBe('ISO-2022-KR');
    const escaped = Uint8Array.from([...encode('人権宣言', 'iso-2022-jp'), 0xe9]);
    expect(detectCharset(escaped).map((c) => c.encoding)).not.toContain('ISO-2022-JP');
  });

  it('UTF-16 without a BOM, both byte orders, and UTF-32', () => {
    const le = (s: string) =>
      new Uint8Array(new Uint16Array([...s].map((c) => c.charCodeAt(0))).buffer);
    expect(top(le('Hello, world'))).toBe('UTF-16LE');
    const be = le('Привет, мир').map((_, i, a) => a[i ^ 1]!);
    expect(top(be)).toBe('UTF-16BE');
    const u32 = new Uint8Array(new Uint32Array([...'Grüße'].map((c) => c.codePointAt(0)!)).buffer);
    expect(top(u32)).toBe('UTF-32LE');
  });

  it('UTF-16 of Cyrillic words, whose bytes are all below 80 and none NUL, is not ASCII', () => {
    // 'Привет' in UTF-16LE is 1F 04 40 04 38 04 …: every other byte a control (04) that no
    // ASCII text holds. Read as ASCII, it would be UTF-8 at 0.622.
    const le = (s: string) =>
      new Uint8Array(new Uint16Array([...s].map((c) => c.charCodeAt(0))).buffer);
    for (const text of ['Привет', 'Человечество', 'Москва']) {
      const bytes = le(text);
      expect(bytes.every((b) => b > 0 && b < 0x80)).toBe(true);
      expect(top(bytes), text).toBe('UTF-16LE');
      expect(top(bytes.map((_, i, a) => a[i ^ 1]!)), text).toBe('UTF-16BE');
    }
    // ASCII with a control character is still read as ASCII, when nothing else reads it.
    expect(top(utf8('ring the bell\u0007 twice'))).toBe('UTF-8');
  });
});

describe('hints', () => {
  // Four bytes that are Cyrillic in several code pages.
  const bytes = encode('мир', 'windows-1251');

  it('a family keeps only its encodings', () => {
    const names = detectCharset(bytes, { hints: { family: 'greek' } }).map((c) => c.encoding);
    expect(names.length).toBeGreaterThan(0);
    for (const n of names) expect(['windows-1253', 'ISO-8859-7', 'cp737', 'IBM869']).toContain(n);
  });

  it('a top-level domain or a language favours its family', () => {
    const short = Uint8Array.of(0xe4, 0xe5); // two letters: too short to tell alone
    expect(top(short, { hints: { tld: 'ru' } })).toMatch(
      /^(windows-1251|KOI8-R|KOI8-U|IBM866|ISO-8859-5|x-mac-cyrillic|IBM855)$/,
    );
    expect(top(short, { hints: { tld: '.gr' } })).toMatch(
      /^(windows-1253|ISO-8859-7|cp737|IBM869)$/,
    );
    expect(top(short, { hints: { language: 'el-GR' } })).toMatch(
      /^(windows-1253|ISO-8859-7|cp737|IBM869)$/,
    );
  });

  it('a Chinese script or region favours GBK or Big5 over the other (HTML §13.2.3.2 defaults)', () => {
    // 北京 in GBK reads as two Big5 characters too: the hint moves the confidence between them.
    const bytes = encode('北京', 'GBK');
    const conf = (hints: object, encoding: string) =>
      detectCharset(bytes, { hints }).find((c) => c.encoding === encoding)?.confidence ?? 0;
    for (const simplified of [
      { tld: 'cn' },
      { language: 'zh-Hans' },
      { language: 'zh-CN' },
      { language: 'zh_SG' },
    ])
      for (const traditional of [
        { tld: 'tw' },
        { tld: '.HK' },
        { tld: 'mo' },
        { language: 'zh-Hant' },
        { language: 'zh-TW' },
        { language: 'zh-Hant-CN' },
      ]) {
        expect(conf(simplified, 'GBK')).toBeGreaterThan(conf(traditional, 'GBK') * 50);
        expect(conf(traditional, 'Big5')).toBeGreaterThan(conf(simplified, 'Big5'));
      }
    // A language without a script or region names the family only.
    expect(conf({ language: 'zh' }, 'GBK')).toBeLessThan(conf({ language: 'zh-CN' }, 'GBK'));
    expect(conf({ language: 'zh' }, 'Big5')).toBeLessThan(conf({ language: 'zh-TW' }, 'Big5'));
  });

  it('allowUtf8: false never gives UTF-8', () => {
    expect(top(utf8('Grüße'), { hints: { allowUtf8: false } })).not.toBe('UTF-8');
  });

  it('confidences are between 0 and 1, add up to at most 1, best first', () => {
    const r = detectCharset(bytes);
    let sum = 0;
    for (let i = 0; i < r.length; i++) {
      expect(r[i]!.confidence).toBeGreaterThanOrEqual(0);
      if (i > 0) expect(r[i]!.confidence).toBeLessThanOrEqual(r[i - 1]!.confidence);
      sum += r[i]!.confidence;
    }
    expect(sum).toBeLessThanOrEqual(1 + 1e-9);
  });
});

describe('streaming', () => {
  const text = encode(`${SENTENCE} ${SENTENCE}`, 'iso-8859-7');

  it('any split into chunks gives what one call gives', () => {
    const whole = detectCharset(text);
    fc.assert(
      fc.property(fc.array(fc.nat(text.length), { maxLength: 8 }), (cuts) => {
        const at = [0, ...cuts.sort((a, b) => a - b), text.length];
        const d = createCharsetDetector();
        for (let i = 0; i + 1 < at.length; i++) d.feed(text.subarray(at[i], at[i + 1]));
        expect(d.result()).toEqual(whole);
      }),
      { numRuns: 100 },
    );
  });

  it('is done early on a long document, and ignores what follows', () => {
    const long = encode(
      'Все люди рождаются свободными и равными в своем достоинстве и правах. '.repeat(200),
      'windows-1251',
    );
    const d = createCharsetDetector();
    let fed = 0;
    while (!d.done && fed < long.length) {
      d.feed(long.subarray(fed, fed + 512));
      fed += 512;
    }
    expect(d.done).toBe(true);
    expect(fed).toBeLessThan(long.length);
    const before = d.result();
    d.feed(utf8('∑∑∑'));
    expect(d.result()).toEqual(before);
    expect(before[0]!.encoding).toBe('windows-1251');
  });

  it('is never done while a twin encoding reads every byte so far alike (KOI8-U for Russian KOI8-R)', () => {
    const long = encode(
      'Все люди рождаются свободными и равными в своем достоинстве и правах. '.repeat(200),
      'koi8-r',
    );
    const d = createCharsetDetector();
    for (let at = 0; at < long.length; at += 512) d.feed(long.subarray(at, at + 512));
    expect(d.done).toBe(false);
    expect(d.result()[0]!.encoding).toBe('KOI8-R');
  });
});

describe('sniffDocument and decodeDocument: the autodetect step', () => {
  const page = encode('<p>Όλοι οι άνθρωποι γεννιούνται ελεύθεροι</p>', 'windows-1253');

  it('is off by default', () => {
    expect(sniffDocument(page, { kind: 'html' })).toEqual({
      encoding: 'windows-1252',
      reason: 'default',
      bom: 0,
    });
  });

  it('with detect: the detector chooses, reason "detected"', () => {
    expect(sniffDocument(page, { kind: 'html', detect: detectCharset })).toEqual({
      encoding: 'windows-1253',
      reason: 'detected',
      bom: 0,
    });
    const doc = decodeDocument(encode('Привет, мир', 'koi8-r'), {
      kind: 'text',
      detect: detectCharset,
    });
    expect(doc.text).toBe('Привет, мир');
    expect(doc.reason).toBe('detected');
  });

  it('a declaration still wins over detection', () => {
    const declared = Uint8Array.from([...utf8('<meta charset=iso-8859-7>'), ...page]);
    expect(sniffDocument(declared, { kind: 'html', detect: detectCharset }).reason).toBe('prescan');
    expect(
      sniffDocument(page, {
        kind: 'text',
        contentType: 'text/plain; charset=utf-8',
        detect: detectCharset,
      }).reason,
    ).toBe('transport');
  });

  it('a detected name the mode reads as the replacement encoding is not used', () => {
    const kr = encode('세계인권선언', 'iso-2022-kr');
    expect(sniffDocument(kr, { kind: 'html', detect: detectCharset }).reason).toBe('default');
    const doc = decodeDocument(kr, { kind: 'text', mode: 'iana', detect: detectCharset });
    expect([doc.reason, doc.text]).toEqual(['detected', '세계인권선언']);
  });

  it('UTF-16 without a BOM, detected, decodes', () => {
    const le = new Uint8Array(
      new Uint16Array([...'plain text'].map((c) => c.charCodeAt(0))).buffer,
    );
    expect(decodeDocument(le, { kind: 'text', detect: detectCharset }).text).toBe('plain text');
  });
});

describe('sniffDocument and decodeDocument: detection in whatwg mode gives only WHATWG encodings', () => {
  // The audit's inputs: the detector's first candidate is no Encoding Standard encoding.
  const inputs = [
    ['все люди рождаются свободными', 'IBM855'],
    ['Καλημέρα σας, τι κάνετε σήμερα;', 'IBM869'],
    ['Hello world, this is text', 'UTF-32LE'],
    ['Hello world, this is text', 'UTF-16LE'],
    ['Καλημέρα σας', 'cp737'],
  ] as const;

  it('whatwg mode (the default): the best WHATWG candidate, by its WHATWG name, which decode reads', () => {
    for (const [text, charset] of inputs) {
      const bytes = encodeLabel(text, charset, { mode: 'iana' });
      for (const kind of ['html', 'text'] as const) {
        const sniffed = sniffDocument(bytes, { kind, detect: detectCharset });
        // Every answer is a WHATWG encoding name, which decode takes in the default mode.
        expect(labelToEncoding(sniffed.encoding), `${charset} ${kind}`).toBe(sniffed.encoding);
        expect(() => decodeDocument(bytes, { kind, detect: detectCharset })).not.toThrow();
        expect(() => decode(bytes, sniffed.encoding)).not.toThrow();
        if (sniffed.reason === 'detected') {
          const first = detectCharset(bytes).find(
            (c) =>
              labelToEncoding(c.encoding) !== null &&
              (kind === 'text' || !c.encoding.startsWith('UTF-16')),
          );
          expect(sniffed.encoding).toBe(labelToEncoding(first!.encoding));
        }
      }
    }
    // IBM855 Russian: the next candidates are windows-1256, IBM869, KOI8-U...: windows-1256 is the
    // best WHATWG one.
    const ru = encodeLabel(inputs[0][0], 'IBM855', { mode: 'iana' });
    expect(detectCharset(ru)[0]!.encoding).toBe('IBM855');
    expect(sniffDocument(ru, { kind: 'html', detect: detectCharset }).encoding).not.toBe('IBM855');
    // BOM-less UTF-32 has no WHATWG reading: the default.
    const utf32 = encodeLabel(inputs[2][0], 'UTF-32LE', { mode: 'iana' });
    expect(sniffDocument(utf32, { kind: 'html', detect: detectCharset })).toEqual({
      encoding: 'windows-1252',
      reason: 'default',
      bom: 0,
    });
  });

  it('HTML is never BOM-less UTF-16 by detection; plain text may be', () => {
    const le = encodeLabel('Hello world, this is text', 'UTF-16LE', { mode: 'iana' });
    expect(detectCharset(le)[0]!.encoding).toBe('UTF-16LE');
    expect(sniffDocument(le, { kind: 'html', detect: detectCharset }).reason).toBe('default');
    expect(sniffDocument(le, { kind: 'text', detect: detectCharset })).toEqual({
      encoding: 'UTF-16LE',
      reason: 'detected',
      bom: 0,
    });
  });

  it('iana and loose modes keep any candidate the family reads', () => {
    for (const [text, charset] of inputs.slice(0, 3)) {
      const bytes = encodeLabel(text, charset, { mode: 'iana' });
      for (const mode of ['iana', 'loose'] as const) {
        const doc = decodeDocument(bytes, { kind: 'html', mode, detect: detectCharset });
        expect([doc.encoding, doc.reason, doc.text]).toEqual([charset, 'detected', text]);
      }
    }
  });
});

describe('TSDoc examples', () => {
  it('detectCharset', () => {
    const bytes = new Uint8Array([
      0xca, 0xf9, 0xe4, 0xe9, 0xea, 0xef, 0xf0, 0xef, 0xdf, 0xe7, 0xf3, 0xe7,
    ]);
    expect(detectCharset(bytes)[0]!.encoding).toBe('windows-1253');
  });

  it('createCharsetDetector', () => {
    const detector = createCharsetDetector();
    detector.feed(new Uint8Array([0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2, 0x20]));
    detector.feed(new Uint8Array([0xec, 0xe8, 0xf0]));
    expect(detector.result()[0]!.encoding).toBe('windows-1251');
  });
});
