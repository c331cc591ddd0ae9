// JIS X 0213:2004: euc-jis-2004, shift_jis-2004 and iso-2022-jp-2004 against glibc's
// EUC-JISX0213 and SHIFT_JISX0213 charmaps (data/glibc-charmaps/), every code both ways.
// The charmaps agree with CPython 3.11's euc_jis_2004 except at 1-1-29 (U+2014 here, U+2015 in
// Python) and 1-2-54, 1-2-55 (U+FF5F, U+FF60 here; U+2985, U+2986 in Python); its shift_jis_2004
// also reads 0x5C, 0x7E as ¥ ‾ (as glibc; ASCII here) and 0x815F, 0x81B0 as \ ~ (U+FF3C, U+FF5E
// here), its iso2022_jp_2004 1-2-18 as ~ and no ESC $ ( O: checked once (the README lists it), no
// test calls Python; "where Python differs" below pins this side of each difference.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DecodeError, EncodeError } from '../src/codec';
import { codec as euc } from '../src/euc-jis-2004';
import { decode, encode, encodings, getCodec } from '../src/index';
import { codec as iso } from '../src/iso-2022-jp-2004';
import { codec as sjis } from '../src/shift_jis-2004';

const charmap = (file: string): [Uint8Array, string][] => {
  const out: [Uint8Array, string][] = [];
  const seen = new Set<string>();
  const text = readFileSync(join(import.meta.dirname, '../data/glibc-charmaps', file), 'latin1');
  for (const line of text.split('\n')) {
    const m = /^%?((?:<U[0-9A-F]+>)+)\s+((?:\/x[0-9a-f]{2})+)/.exec(line);
    if (!m) continue;
    const s = String.fromCodePoint(
      ...[...m[1]!.matchAll(/<U([0-9A-F]+)>/g)].map((x) => Number.parseInt(x[1]!, 16)),
    );
    const hex = m[2]!.replace(/\/x/g, '');
    if (seen.has(hex)) continue;
    seen.add(hex);
    out.push([new Uint8Array(Buffer.from(hex, 'hex')), s]);
  }
  return out;
};
const eucMap = charmap('EUC-JISX0213');
const sjisMap = charmap('SHIFT_JISX0213').filter(
  ([b]) => !(b.length === 1 && (b[0] === 0x5c || b[0] === 0x7e)),
);
const toHex = (b: Uint8Array): string => Buffer.from(b).toString('hex');
const fatalIndex = (f: () => unknown): number | undefined => {
  try {
    f();
    return undefined;
  } catch (e) {
    expect(e).toBeInstanceOf(DecodeError);
    return (e as DecodeError).index;
  }
};

describe("every code of glibc's charmaps, both ways", () => {
  it('euc-jis-2004: 11,424 codes (25 of them two code points)', () => {
    expect(eucMap.length).toBe(11424);
    let bad = 0;
    for (const [b, s] of eucMap) {
      if (euc.decode(b, { fatal: true }) !== s || toHex(euc.encode(s)) !== toHex(b)) bad++;
    }
    expect(bad).toBe(0);
    expect(eucMap.filter(([, s]) => [...s].length === 2).length).toBe(25);
  });
  it('shift_jis-2004: the same codes, 0x00-0x7F as ASCII', () => {
    expect(sjisMap.length).toBe(11422);
    let bad = 0;
    for (const [b, s] of sjisMap) {
      if (sjis.decode(b, { fatal: true }) !== s || toHex(sjis.encode(s)) !== toHex(b)) bad++;
    }
    expect(bad).toBe(0);
    expect(sjis.decode(Uint8Array.of(0x5c, 0x7e))).toBe('\\~');
  });
  it('no other two-byte code decodes', () => {
    const known = new Set(eucMap.map(([b]) => toHex(b)));
    let extra = 0;
    for (let l = 0xa1; l <= 0xfe; l++)
      for (let t = 0xa1; t <= 0xfe; t++) {
        const b = Uint8Array.of(l, t);
        if (!known.has(toHex(b)) && !euc.decode(b).includes('\ufffd')) extra++;
        const b3 = Uint8Array.of(0x8f, l, t);
        if (!known.has(toHex(b3)) && !euc.decode(b3).includes('\ufffd')) extra++;
      }
    expect(extra).toBe(0);
  });
  it('iso-2022-jp-2004: every plane 1 and 2 code through ESC $ ( Q and ESC $ ( P, text back', () => {
    let bad = 0;
    for (const [b, s] of eucMap) {
      if (b.length === 1 || b[0] === 0x8e) continue;
      const plane2 = b[0] === 0x8f;
      const pair = plane2 ? [b[1]! & 0x7f, b[2]! & 0x7f] : [b[0]! & 0x7f, b[1]! & 0x7f];
      const bytes = Uint8Array.of(
        0x1b,
        0x24,
        0x28,
        plane2 ? 0x50 : 0x51,
        ...pair,
        0x1b,
        0x28,
        0x42,
      );
      const enc = iso.encode(s);
      if (iso.decode(bytes, { fatal: true }) !== s || iso.decode(enc, { fatal: true }) !== s) bad++;
    }
    expect(bad).toBe(0);
  });
});

describe('two code points, one code: longest match', () => {
  it('か゚ is one code; か alone and か before another character are its own code', () => {
    expect(toHex(euc.encode('か\u309a'))).toBe('a4f7');
    expect(toHex(euc.encode('か'))).toBe('a4ab');
    expect(toHex(euc.encode('かa'))).toBe('a4ab61');
    expect(toHex(sjis.encode('か\u309a'))).toBe('82f5');
    expect(euc.decode(Uint8Array.of(0xa4, 0xf7))).toBe('か\u309a');
  });
  it('a stream split between the two code points writes the pair', () => {
    for (const codec of [euc, sjis, iso]) {
      const e = codec.createEncoder();
      const a = e.encode('aか', { stream: true });
      const b = e.encode('\u309a');
      expect(toHex(new Uint8Array([...a, ...b])), codec.name).toBe(
        toHex(codec.encode('aか\u309a')),
      );
    }
  });
});

describe('iso-2022-jp-2004 escapes (JIS X 0213 Annex 2)', () => {
  it("JIS X 0208's characters after ESC $ B, the others after ESC $ ( Q / ESC $ ( P (as Python)", () => {
    expect(toHex(iso.encode('日本か゚\n'))).toBe('1b2442467c4b5c1b24285124771b28420a');
    const [b2, s2] = eucMap.find(([b]) => b[0] === 0x8f)!;
    expect(toHex(iso.encode(s2))).toBe(
      `1b242850${toHex(b2.subarray(1).map((x) => x & 0x7f))}1b2842`,
    );
  });
  it('ESC $ B reads only the codes JIS X 0208 has; ESC $ ( Q and the 2000 edition ESC $ ( O all of plane 1', () => {
    const row14 = Uint8Array.of(0x1b, 0x24, 0x42, 0x2e, 0x21, 0x1b, 0x28, 0x42); // 1-14-1
    expect(fatalIndex(() => iso.decode(row14, { fatal: true }))).toBe(3);
    const q = iso.decode(Uint8Array.of(0x1b, 0x24, 0x28, 0x51, 0x2e, 0x21), { fatal: true });
    expect(q).toBe(euc.decode(Uint8Array.of(0xae, 0xa1), { fatal: true }));
    expect(iso.decode(Uint8Array.of(0x1b, 0x24, 0x28, 0x4f, 0x2e, 0x21))).toBe(q);
    expect(iso.decode(Uint8Array.of(0x1b, 0x24, 0x42, 0x30, 0x21), { fatal: true })).toBe('亜');
    expect(iso.decode(Uint8Array.of(0x1b, 0x28, 0x4a, 0x5c, 0x7e))).toBe('¥‾');
    expect(iso.decode(Uint8Array.of(0x1b, 0x28, 0x49, 0x21))).toBe('\uff61');
  });
  it('unknown escapes, SO, SI and bytes above 0x7F are errors at their offsets', () => {
    expect(iso.decode(Uint8Array.of(0x1b, 0x24, 0x28, 0x43, 0x41))).toBe('\ufffd$(CA');
    expect(fatalIndex(() => iso.decode(Uint8Array.of(0x41, 0x0e), { fatal: true }))).toBe(1);
    expect(fatalIndex(() => iso.decode(Uint8Array.of(0x41, 0x1b, 0x24), { fatal: true }))).toBe(1);
  });
  it('half-width katakana are not written (Annex 2 has no set for them)', () => {
    expect(() => iso.encode('\uff61')).toThrow(EncodeError);
    expect(iso.encode('\uff61', { mode: 'replacement' })).toEqual(Uint8Array.of(0x3f));
  });
});

describe('where Python differs (README)', () => {
  it('1-1-29, 1-2-54, 1-2-55 in all three forms', () => {
    expect(euc.decode(Uint8Array.of(0xa1, 0xbd, 0xa2, 0xd6, 0xa2, 0xd7))).toBe(
      '\u2014\uff5f\uff60',
    );
    expect(sjis.decode(Uint8Array.of(0x81, 0x5c, 0x81, 0xd4, 0x81, 0xd5))).toBe(
      '\u2014\uff5f\uff60',
    );
    const iso3 = Uint8Array.of(0x1b, 0x24, 0x28, 0x51, 0x21, 0x3d, 0x22, 0x56, 0x22, 0x57);
    expect(iso.decode(iso3)).toBe('\u2014\uff5f\uff60');
  });
  // No code but an ASCII byte decodes to an ASCII character.
  it('shift_jis-2004: 0x5C, 0x7E are ASCII; 0x815F, 0x81B0 (1-1-32, 1-2-18) U+FF3C, U+FF5E', () => {
    expect(sjis.decode(Uint8Array.of(0x5c, 0x7e, 0x81, 0x5f, 0x81, 0xb0))).toBe('\\~\uff3c\uff5e');
    expect(toHex(sjis.encode('\\~\uff3c\uff5e'))).toBe('5c7e815f81b0');
    expect(() => sjis.encode('¥')).toThrow(EncodeError);
  });
  it('iso-2022-jp-2004: 1-2-18 is U+FF5E; ESC $ ( O reads plane 1, the 2004 additions too', () => {
    expect(iso.decode(Uint8Array.of(0x1b, 0x24, 0x28, 0x51, 0x22, 0x32))).toBe('\uff5e');
    expect(iso.decode(Uint8Array.of(0x1b, 0x24, 0x28, 0x4f, 0x30, 0x21), { fatal: true })).toBe(
      '亜',
    );
    expect(iso.decode(Uint8Array.of(0x1b, 0x24, 0x28, 0x4f, 0x2e, 0x21), { fatal: true })).toBe(
      '\u4ff1',
    );
  });
});

describe('errors', () => {
  it('euc-jis-2004: truncated and unmapped codes, an ASCII byte after a lead read again', () => {
    expect(euc.decode(Uint8Array.of(0xa4, 0x41))).toBe('\ufffdA');
    expect(fatalIndex(() => euc.decode(Uint8Array.of(0x41, 0xa4), { fatal: true }))).toBe(1);
    expect(
      fatalIndex(() => euc.decode(Uint8Array.of(0x41, 0x8f, 0xa2, 0xa1), { fatal: true })),
    ).toBe(1); // row 2 of plane 2
    expect(euc.decode(Uint8Array.of(0x80, 0xff))).toBe('\ufffd\ufffd');
  });
  it('shift_jis-2004: a trail byte of no character, ASCII read again', () => {
    expect(sjis.decode(Uint8Array.of(0x82, 0x20))).toBe('\ufffd ');
    expect(fatalIndex(() => sjis.decode(Uint8Array.of(0x41, 0xfd), { fatal: true }))).toBe(1);
    expect(sjis.decode(Uint8Array.of(0xa1, 0xdf))).toBe('\uff61\uff9f');
  });
  it('encoding: fatal names the index, replacement writes ?, html &#N;', () => {
    for (const codec of [euc, sjis, iso]) {
      expect(() => codec.encode('a\u0e01')).toThrow(
        expect.objectContaining({ index: 1, codePoint: 0xe01 }),
      );
      expect(String.fromCharCode(...codec.encode('\u0e01\ud800', { mode: 'replacement' }))).toBe(
        '??',
      );
      expect(String.fromCharCode(...codec.encode('\u0e01\ud800', { mode: 'html' }))).toBe(
        '&#3585;&#65533;',
      );
    }
  });
  it('the main entry names the subpath', () => {
    for (const name of ['euc-jis-2004', 'shift_jis-2004', 'iso-2022-jp-2004']) {
      expect(getCodec(name)).toBeUndefined();
      expect(encodings().some((e) => e.name === name)).toBe(false);
      expect(() => decode(new Uint8Array(0), name)).toThrow(`@x/legacy-charsets/${name}`);
      expect(() => encode('', name.toUpperCase())).toThrow(`@x/legacy-charsets/${name}`);
    }
  });
});

describe('round trips and streams', () => {
  const chars = eucMap.filter(([b]) => b.length > 1).map(([, s]) => s);
  const text = fc.array(
    fc.oneof(fc.constantFrom(...chars), fc.constantFrom('a', '\n', ' ', '\\', '~')),
    { maxLength: 30 },
  );
  it('text of the charmap encodes and decodes back in all three', () => {
    fc.assert(
      fc.property(text, (parts) => {
        const t = parts.join('');
        for (const codec of [euc, sjis])
          expect(codec.decode(codec.encode(t), { fatal: true }), codec.name).toBe(t);
        // iso-2022-jp-2004 has no half-width katakana
        const u = t.replace(/[\uff61-\uff9f]/g, '');
        expect(iso.decode(iso.encode(u), { fatal: true })).toBe(u);
      }),
      { numRuns: 300 },
    );
  });
  it('split at every position: decode and encode as one shot', () => {
    const t = 'aか゚日\n𠀋ｱ\u309a¥‾˩˥x';
    for (const codec of [euc, sjis, iso]) {
      const src = codec === iso ? t.replace('ｱ', '') : t;
      const bytes = codec.encode(src, { mode: 'replacement' });
      const bad = Uint8Array.of(...bytes, 0x1b, 0x24, 0x8f, 0xa4);
      const whole = codec.decode(bad);
      for (let k = 0; k <= bad.length; k++) {
        const d = codec.createDecoder();
        expect(
          d.decode(bad.subarray(0, k), { stream: true }) + d.decode(bad.subarray(k)),
          `${codec.name} ${k}`,
        ).toBe(whole);
      }
      const once = toHex(codec.encode(src, { mode: 'replacement' }));
      for (let k = 0; k <= src.length; k++) {
        const e = codec.createEncoder({ mode: 'replacement' });
        const a = e.encode(src.slice(0, k), { stream: true });
        expect(toHex(new Uint8Array([...a, ...e.encode(src.slice(k))])), `${codec.name} ${k}`).toBe(
          once,
        );
      }
    }
  });
  it('the TSDoc examples', () => {
    expect(euc.decode(new Uint8Array([0xa4, 0xf7]))).toBe('か゚');
    expect(sjis.decode(new Uint8Array([0x82, 0xf5]))).toBe('か゚');
    expect(Array.from(iso.encode('か゚'))).toEqual([
      0x1b, 0x24, 0x28, 0x51, 0x24, 0x77, 0x1b, 0x28, 0x42,
    ]);
  });
});
