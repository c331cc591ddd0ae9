// cesu-8 (Unicode Technical Report #26): TR #26's examples, ICU's and iconv-lite's vectors (facts
// only), a round trip over all of Unicode, and TextDecoder / @x/utf8 where CESU-8 and UTF-8 agree.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codec } from '../src/cesu-8';
import { DecodeError, decode, EncodeError, encode, getCodec } from '../src/index';
// @x/utf8 from source (not a dependency of this package: a test oracle only).
import { decode as utf8Decode, encode as utf8Encode } from '../../utf8/src/index';

const hex = (s: string): Uint8Array => new Uint8Array(Buffer.from(s.replace(/\s/g, ''), 'hex'));
const toHex = (b: Uint8Array): string => Buffer.from(b).toString('hex');
const fatalIndex = (bytes: Uint8Array): number | undefined => {
  try {
    codec.decode(bytes, { fatal: true });
    return undefined;
  } catch (e) {
    expect(e).toBeInstanceOf(DecodeError);
    return (e as DecodeError).index;
  }
};

describe('cesu-8: the examples of TR #26 and others', () => {
  it('TR #26 §2: U+10400 is ED A0 81 ED B0 80, BMP characters as in UTF-8', () => {
    expect(toHex(codec.encode('\u{10400}'))).toBe('eda081edb080');
    expect(codec.decode(hex('eda081edb080'), { fatal: true })).toBe('\u{10400}');
    // TR #26 table: U+0041, U+00E9, U+FFFD, U+10FFFF
    expect(toHex(codec.encode('Aé\ufffd\u{10ffff}'))).toBe('41c3a9efbfbdedafbfedbfbf');
  });
  it("iconv-lite's cesu8 vectors both ways", () => {
    const cases: [string, string][] = [
      ['E', '45'],
      ['¢', 'c2a2'],
      ['ȅ', 'c885'],
      ['€', 'e282ac'],
      ['𐐀', 'eda081edb080'],
      ['😱', 'eda0bdedb8b1'],
      ['a😱a', '61eda0bdedb8b161'],
      ['😱😱', 'eda0bdedb8b1eda0bdedb8b1'],
    ];
    for (const [text, bytes] of cases) {
      expect(toHex(codec.encode(text))).toBe(bytes);
      expect(codec.decode(hex(bytes), { fatal: true })).toBe(text);
    }
  });
  it("ICU conversion.txt: a lone high surrogate, then a pair (here U+FFFD, the package's rule)", () => {
    const bytes = hex('eda080eda081edb081');
    expect(codec.decode(bytes)).toBe('\ufffd\u{10401}');
    expect(fatalIndex(bytes)).toBe(0);
  });
  it('is in the registry, from the main entry', () => {
    expect(getCodec('cesu-8')).toBe(codec);
    expect(toHex(encode('😀', 'cesu-8'))).toBe('eda0bdedb880');
    expect(decode(hex('eda0bdedb880'), 'cesu-8')).toBe('😀');
  });
  it('the TSDoc example', () => {
    expect(Array.from(codec.encode('😀'))).toEqual([0xed, 0xa0, 0xbd, 0xed, 0xb8, 0x80]);
    expect(codec.decode(new Uint8Array([0xed, 0xa0, 0xbd, 0xed, 0xb8, 0x80]))).toBe('😀');
  });
});

describe('cesu-8: errors', () => {
  it('a four-byte UTF-8 sequence is an error a byte', () => {
    expect(codec.decode(hex('41 f09f9880 42'))).toBe('A\ufffd\ufffd\ufffd\ufffdB');
    expect(fatalIndex(hex('41 f09f9880'))).toBe(1);
  });
  it('lone surrogates decode as U+FFFD with their offsets', () => {
    expect(codec.decode(hex('edb080 41'))).toBe('\ufffdA'); // low alone
    expect(codec.decode(hex('41 eda081 42'))).toBe('A\ufffdB'); // high, then not a low
    expect(codec.decode(hex('eda081 eda081 edb080'))).toBe('\ufffd\u{10400}');
    expect(codec.decode(hex('eda081'))).toBe('\ufffd'); // high at the end
    expect(fatalIndex(hex('41 eda081 42'))).toBe(1);
    expect(fatalIndex(hex('4141 edb080'))).toBe(2);
    expect(fatalIndex(hex('eda081'))).toBe(0);
  });
  it('a high surrogate before a malformed sequence: both errors, the surrogate first', () => {
    expect(codec.decode(hex('eda081 ed b0'))).toBe('\ufffd\ufffd');
    expect(fatalIndex(hex('eda081 edb0'))).toBe(0);
    expect(codec.decode(hex('eda081 ff'))).toBe('\ufffd\ufffd');
  });
  it('maximal subparts as the WHATWG UTF-8 decoder: overlong, truncated, stray bytes', () => {
    expect(codec.decode(hex('c0 80'))).toBe('\ufffd\ufffd'); // Java's NUL is not CESU-8
    expect(codec.decode(hex('e0 80 80'))).toBe('\ufffd\ufffd\ufffd');
    expect(codec.decode(hex('e2 82 41'))).toBe('\ufffdA');
    expect(codec.decode(hex('80 bf'))).toBe('\ufffd\ufffd');
    expect(codec.decode(hex('e2 82'))).toBe('\ufffd');
    expect(fatalIndex(hex('4142 e282'))).toBe(2);
  });
  it('a leading byte order mark is dropped unless ignoreBOM', () => {
    expect(codec.decode(hex('efbbbf 41'))).toBe('A');
    expect(codec.decode(hex('efbbbf 41'), { ignoreBOM: true })).toBe('\ufeffA');
    expect(codec.decode(hex('41 efbbbf'))).toBe('A\ufeff');
  });
  it('the encoder: a lone surrogate throws in fatal mode, else is U+FFFD', () => {
    expect(() => codec.encode('a\ud800b')).toThrow(
      expect.objectContaining({ index: 1, codePoint: 0xd800 }),
    );
    expect(() => codec.encode('a\ud800b')).toThrow(EncodeError);
    expect(() => codec.encode('ab\udc00')).toThrow(expect.objectContaining({ index: 2 }));
    for (const mode of ['replacement', 'html'] as const)
      expect(toHex(codec.encode('a\ud800\udc00\udc00', { mode }))).toBe('61eda080edb080efbfbd');
  });
});

describe('cesu-8: properties', () => {
  it('round trip over all of Unicode', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme-composite', maxLength: 60 }),
        fc.string({ unit: 'binary' }),
        (a, b) => {
          const t = a + b;
          expect(codec.decode(codec.encode(t), { fatal: true, ignoreBOM: true })).toBe(t);
        },
      ),
      { numRuns: 500 },
    );
  });
  it('each supplementary code point is six bytes, its two surrogates in three each', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0x10000, max: 0x10ffff }), (cp) => {
        const s = String.fromCodePoint(cp);
        const b = codec.encode(s);
        const unit = (k: number): number =>
          ((b[k]! & 0xf) << 12) | ((b[k + 1]! & 0x3f) << 6) | (b[k + 2]! & 0x3f);
        expect([b.length, b[0], b[3]]).toEqual([6, 0xed, 0xed]);
        expect([unit(0), unit(3)]).toEqual([s.charCodeAt(0), s.charCodeAt(1)]);
      }),
    );
  });
  it('every scalar value, all at once: round trip; the BMP as UTF-8, the rest six bytes each', () => {
    const cps: number[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp++) if (cp < 0xd800 || cp > 0xdfff) cps.push(cp);
    const text = (list: number[]): string => {
      let s = '';
      for (let k = 0; k < list.length; k += 8192)
        s += String.fromCodePoint(...list.slice(k, k + 8192));
      return s;
    };
    const bmp = text(cps.filter((cp) => cp < 0x10000));
    const all = text(cps);
    const bytes = codec.encode(all);
    const utf8 = new TextEncoder().encode(bmp);
    expect(bytes.length).toBe(utf8.length + 0x100000 * 6);
    expect(Buffer.from(bytes.subarray(0, utf8.length)).equals(Buffer.from(utf8))).toBe(true);
    expect(codec.decode(bytes, { fatal: true, ignoreBOM: true })).toBe(all);
  });
  it('BMP text: the bytes of UTF-8 (@x/utf8 and TextEncoder)', () => {
    const bmp = fc.string({
      unit: fc
        .integer({ min: 0, max: 0xffff })
        .filter((u) => u < 0xd800 || u > 0xdfff)
        .map((u) => String.fromCharCode(u)),
    });
    fc.assert(
      fc.property(bmp, (t) => {
        const b = codec.encode(t);
        expect(toHex(b)).toBe(toHex(utf8Encode(t)));
        expect(toHex(b)).toBe(toHex(new TextEncoder().encode(t)));
        expect(codec.decode(b, { ignoreBOM: true })).toBe(utf8Decode(b, { ignoreBOM: true }));
      }),
    );
  });
  it('any bytes without a four-byte lead or a surrogate decode as UTF-8 decoders do', () => {
    const td = new TextDecoder('utf-8', { ignoreBOM: true });
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), (raw) => {
        const bytes = raw.map((b, i) =>
          b >= 0xf0 && b <= 0xf4 ? 0x41 : i > 0 && raw[i - 1] === 0xed && b >= 0xa0 ? 0x80 : b,
        );
        expect(codec.decode(bytes, { ignoreBOM: true })).toBe(td.decode(bytes));
      }),
      { numRuns: 2000 },
    );
  });
  it('a stream split at every position decodes and encodes as one shot', () => {
    const text = 'a😱é\u{10ffff}€\ud800x';
    const bytes = hex('61 eda0bdedb8b1 c3a9 edafbfedbfbf e282ac eda080 78 f09f 80 edb0');
    const whole = codec.decode(bytes);
    expect(whole).toBe('a😱é\u{10ffff}€\ufffdx\ufffd\ufffd\ufffd\ufffd');
    for (let k = 0; k <= bytes.length; k++) {
      const d = codec.createDecoder();
      expect(d.decode(bytes.subarray(0, k), { stream: true }) + d.decode(bytes.subarray(k))).toBe(
        whole,
      );
    }
    const once = codec.encode(text, { mode: 'replacement' });
    for (let k = 0; k <= text.length; k++) {
      const e = codec.createEncoder({ mode: 'replacement' });
      const a = e.encode(text.slice(0, k), { stream: true });
      const b = e.encode(text.slice(k));
      expect(toHex(new Uint8Array([...a, ...b])), `split at ${k}`).toBe(toHex(once));
    }
  });
});
