// CP932, CP949 and CP950 against Microsoft's tables (data/unicode-mappings/VENDORS/MICSFT/WINDOWS),
// every entry in both directions, and where they differ from the WHATWG encodings.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseVendorDbcs } from '../scripts/generate-tables';
import { DecodeError, decode, EncodeError, encode } from '../src/index';

const dataDir = join(import.meta.dirname, '..', 'data');
const bytesOfCode = (code: number): Uint8Array =>
  new Uint8Array(code > 0xff ? [code >> 8, code & 0xff] : [code]);

describe.each(['cp932', 'cp949', 'cp950'])('%s', (name) => {
  const table = parseVendorDbcs(
    dataDir,
    `unicode-mappings/VENDORS/MICSFT/WINDOWS/${name.toUpperCase()}.txt`,
  );
  const count = new Map<number, number>();
  for (const cp of table.values()) count.set(cp, (count.get(cp) ?? 0) + 1);
  it('decodes every entry of the table', () => {
    for (const [code, cp] of table) {
      expect(decode(bytesOfCode(code), name, { fatal: true }), code.toString(16)).toBe(
        String.fromCodePoint(cp),
      );
    }
  });
  it('encodes every code point of the table (its only code, or one that decodes back)', () => {
    for (const [code, cp] of table) {
      const out = encode(String.fromCodePoint(cp), name);
      if (count.get(cp) === 1)
        expect(Array.from(out), code.toString(16)).toEqual(Array.from(bytesOfCode(code)));
      else expect(decode(out, name)).toBe(String.fromCodePoint(cp));
    }
  });
  it('rejects double-byte codes the table does not have', () => {
    let checked = 0;
    for (let lead = 0x81; lead <= 0xfe && checked < 2000; lead++) {
      for (const trail of [0x40, 0x7f, 0xa1, 0xfc, 0xfe]) {
        const code = (lead << 8) | trail;
        if (table.has(code) || table.has(lead)) continue;
        const bytes = bytesOfCode(code);
        if (decode(bytes, name).length !== 1 || decode(bytes, name) !== '\ufffd') continue;
        expect(() => decode(bytes, name, { fatal: true })).toThrow(DecodeError);
        checked++;
      }
    }
  });
});

describe('differences from WHATWG', () => {
  it('cp932: 0x80 and EUDC are undefined; ¥ ‾ − are not encoded', () => {
    expect(decode(new Uint8Array([0x80]), 'shift_jis')).toBe('\u0080');
    expect(decode(new Uint8Array([0x80]), 'cp932')).toBe('\ufffd');
    expect(decode(new Uint8Array([0xf0, 0x40]), 'shift_jis')).toBe('\ue000');
    expect(decode(new Uint8Array([0xf0, 0x40]), 'cp932')).toBe('\ufffd@');
    for (const c of ['¥', '‾', '−', '\u0080'])
      expect(() => encode(c, 'cp932')).toThrow(EncodeError);
    expect(Array.from(encode('－', 'cp932'))).toEqual([0x81, 0x7c]);
  });
  it('cp949 is the WHATWG euc-kr table', () => {
    const bytes = encode('한국어 텍스트 똠방각하', 'euc-kr');
    expect(Array.from(encode('한국어 텍스트 똠방각하', 'cp949'))).toEqual(Array.from(bytes));
  });
  it('cp950: no HKSCS, and 0xF9FE is U+2593', () => {
    expect(decode(new Uint8Array([0xf9, 0xfe]), 'big5')).toBe('\uffed');
    expect(decode(new Uint8Array([0xf9, 0xfe]), 'cp950')).toBe('\u2593');
    expect(Array.from(encode('\u2593', 'cp950'))).toEqual([0xf9, 0xfe]);
    expect(() => encode('\uffed', 'cp950')).toThrow(EncodeError);
    expect(decode(new Uint8Array([0x87, 0x40]), 'big5')).not.toBe('\ufffd');
    expect(decode(new Uint8Array([0x87, 0x40]), 'cp950')).toBe('\ufffd@');
  });
  // Six code points have two codes in CP950.TXT. Windows writes the later one: the WCTABLE of
  // Microsoft's bestfit950.txt (unicode.org, VENDORS/MICSFT/WindowsBestFit) maps U+2550 to 0xF9F9,
  // U+255E to 0xF9E9, U+2561 to 0xF9EB, U+256A to 0xF9EA, U+5341 to 0xA451 and U+5345 to 0xA4CA,
  // as WHATWG's big5 encoder does (last pointer). Both codes decode to the character.
  it('cp950: a code point with two codes is written as Windows writes it (bestfit950 WCTABLE)', () => {
    const written: [number, number, number][] = [
      [0x2550, 0xf9f9, 0xa2a4],
      [0x255e, 0xf9e9, 0xa2a5],
      [0x2561, 0xf9eb, 0xa2a7],
      [0x256a, 0xf9ea, 0xa2a6],
      [0x5341, 0xa451, 0xa2cc],
      [0x5345, 0xa4ca, 0xa2ce],
    ];
    for (const [cp, code, other] of written) {
      const ch = String.fromCodePoint(cp);
      expect(Array.from(encode(ch, 'cp950')), ch).toEqual([code >> 8, code & 0xff]);
      expect(decode(bytesOfCode(code), 'cp950', { fatal: true })).toBe(ch);
      expect(decode(bytesOfCode(other), 'cp950', { fatal: true })).toBe(ch);
    }
  });
});
