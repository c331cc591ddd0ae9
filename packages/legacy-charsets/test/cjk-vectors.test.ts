// cjk-decode.json and cjk-encode.json in full, and every index entry in both directions.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseIndex } from '../scripts/generate-tables';
import { DecodeError, decode, EncodeError, encode } from '../src/index';

interface Case {
  encoding: string;
  name: string;
  bytes: string | null;
  text: string;
  fatal: string;
  mode: string;
}
const load = (file: string): { cases: Case[] } =>
  JSON.parse(readFileSync(join(import.meta.dirname, 'vectors', file), 'utf8'));
const hex = (s: string): Uint8Array =>
  s === '' ? new Uint8Array(0) : Uint8Array.from(s.split(' '), (h) => Number.parseInt(h, 16));
const toHex = (b: Uint8Array): string =>
  Array.from(b, (x) => x.toString(16).padStart(2, '0')).join(' ');

describe('cjk-decode.json', () => {
  it.each(load('cjk-decode.json').cases)('$encoding $name', (c) => {
    const bytes = hex(c.bytes!);
    expect(decode(bytes, c.encoding)).toBe(c.text);
    if (c.fatal === 'error') {
      expect(() => decode(bytes, c.encoding, { fatal: true })).toThrow(DecodeError);
    } else expect(decode(bytes, c.encoding, { fatal: true })).toBe(c.text);
  });
});

describe('cjk-encode.json', () => {
  it.each(load('cjk-encode.json').cases)('$encoding $name ($mode)', (c) => {
    const mode = c.mode as 'fatal' | 'html';
    if (c.bytes === null) expect(() => encode(c.text, c.encoding, { mode })).toThrow(EncodeError);
    else expect(toHex(encode(c.text, c.encoding, { mode }))).toBe(c.bytes);
  });
});

const dataDir = join(import.meta.dirname, '..', 'data');
const first = (entries: [number, number][], keep: (p: number) => boolean = () => true) => {
  const m = new Map<number, number>();
  for (const [p, cp] of entries) if (keep(p) && !m.has(cp)) m.set(cp, p);
  return m;
};
const str = (cp: number): string => String.fromCodePoint(cp);

describe('every index entry in both directions', () => {
  const jis0208 = parseIndex(dataDir, 'jis0208');
  const sjis = (p: number): number[] => {
    const lead = Math.floor(p / 188);
    const trail = p % 188;
    return [lead + (lead < 0x1f ? 0x81 : 0xc1), trail + (trail < 0x3f ? 0x40 : 0x41)];
  };
  const euc = (p: number, base: number): number[] => [Math.floor(p / 94) + base, (p % 94) + base];

  it('shift_jis: jis0208 (encoder skips pointers 8272-8835)', () => {
    for (const [p, cp] of jis0208)
      expect(decode(new Uint8Array(sjis(p)), 'shift_jis', { fatal: true })).toBe(str(cp));
    for (const [cp, p] of first(jis0208, (p) => p < 8272 || p > 8835)) {
      expect(Array.from(encode(str(cp), 'shift_jis'))).toEqual(sjis(p));
    }
  });
  it('shift_jis: EUDC pointers 8836-10715 decode to the Private Use Area', () => {
    expect(decode(new Uint8Array(sjis(8836)), 'shift_jis')).toBe('\ue000');
    expect(decode(new Uint8Array(sjis(10715)), 'shift_jis')).toBe(str(0xe000 + 10715 - 8836));
  });
  it('euc-jp: jis0208 and jis0212 (decode), jis0208 (encode)', () => {
    for (const [p, cp] of jis0208) {
      if (p >= 94 * 94) continue;
      expect(decode(new Uint8Array(euc(p, 0xa1)), 'euc-jp', { fatal: true })).toBe(str(cp));
    }
    for (const [cp, p] of first(jis0208)) {
      expect(Array.from(encode(str(cp), 'euc-jp'))).toEqual(euc(p, 0xa1));
    }
    for (const [p, cp] of parseIndex(dataDir, 'jis0212')) {
      expect(decode(new Uint8Array([0x8f, ...euc(p, 0xa1)]), 'euc-jp', { fatal: true })).toBe(
        str(cp),
      );
    }
  });
  it('iso-2022-jp: jis0208 in both directions', () => {
    for (const [p, cp] of jis0208) {
      if (p >= 94 * 94) continue;
      const bytes = [0x1b, 0x24, 0x42, ...euc(p, 0x21), 0x1b, 0x28, 0x42];
      expect(decode(new Uint8Array(bytes), 'iso-2022-jp', { fatal: true })).toBe(str(cp));
    }
    for (const [cp, p] of first(jis0208)) {
      expect(Array.from(encode(str(cp), 'iso-2022-jp'))).toEqual([
        0x1b,
        0x24,
        0x42,
        ...euc(p, 0x21),
        0x1b,
        0x28,
        0x42,
      ]);
    }
  });
  it('euc-kr', () => {
    const index = parseIndex(dataDir, 'euc-kr');
    const bytes = (p: number): number[] => [Math.floor(p / 190) + 0x81, (p % 190) + 0x41];
    for (const [p, cp] of index)
      expect(decode(new Uint8Array(bytes(p)), 'euc-kr', { fatal: true })).toBe(str(cp));
    for (const [cp, p] of first(index))
      expect(Array.from(encode(str(cp), 'euc-kr'))).toEqual(bytes(p));
  });
  it('big5 (encoder: pointers from 5024, last pointer for six code points)', () => {
    const index = parseIndex(dataDir, 'big5');
    const bytes = (p: number): number[] => {
      const trail = p % 157;
      return [Math.floor(p / 157) + 0x81, trail + (trail < 0x3f ? 0x40 : 0x62)];
    };
    for (const [p, cp] of index)
      expect(decode(new Uint8Array(bytes(p)), 'big5', { fatal: true })).toBe(str(cp));
    const lastOnes = [0x2550, 0x255e, 0x2561, 0x256a, 0x5341, 0x5345];
    const expected = first(index, (p) => p >= 5024);
    for (const [p, cp] of index) if (p >= 5024 && lastOnes.includes(cp)) expected.set(cp, p);
    for (const [cp, p] of expected) expect(Array.from(encode(str(cp), 'big5'))).toEqual(bytes(p));
    expect(decode(new Uint8Array(bytes(1133)), 'big5')).toBe('\u00ca\u0304');
    expect(decode(new Uint8Array(bytes(1166)), 'big5')).toBe('\u00ea\u030c');
  });
  it('gb18030 and gbk: the two-byte index', () => {
    const index = parseIndex(dataDir, 'gb18030');
    const bytes = (p: number): number[] => {
      const trail = p % 190;
      return [Math.floor(p / 190) + 0x81, trail + (trail < 0x3f ? 0x40 : 0x41)];
    };
    for (const [p, cp] of index) {
      expect(decode(new Uint8Array(bytes(p)), 'gb18030', { fatal: true })).toBe(str(cp));
      expect(decode(new Uint8Array(bytes(p)), 'gbk', { fatal: true })).toBe(str(cp));
    }
    for (const [cp, p] of first(index)) {
      expect(Array.from(encode(str(cp), 'gb18030'))).toEqual(bytes(p));
      if (cp !== 0x20ac) expect(Array.from(encode(str(cp), 'gbk'))).toEqual(bytes(p));
    }
  });
  it('gb18030: four-byte range edges', () => {
    const four = (p: number): number[] => [
      Math.floor(p / 12600) + 0x81,
      Math.floor((p % 12600) / 1260) + 0x30,
      Math.floor((p % 1260) / 10) + 0x81,
      (p % 10) + 0x30,
    ];
    const ranges = parseIndex(dataDir, 'gb18030-ranges');
    const twoByte = new Set(parseIndex(dataDir, 'gb18030').map(([, x]) => x));
    for (let k = 0; k < ranges.length; k++) {
      const [p, cp] = ranges[k]!;
      const edges: [number, number][] = [[p, cp]];
      const next = ranges[k + 1];
      // The last BMP range ends at pointer 39419; the list then jumps to 189000 (U+10000).
      const end = next ? (next[0] === 189000 ? 39420 : next[0]) : -1;
      if (end > 0 && p < 189000) edges.push([end - 1, cp + end - 1 - p]);
      for (const [ptr, c] of edges) {
        if (c === 0xe5e5 || ptr === 7457) continue;
        expect(decode(new Uint8Array(four(ptr)), 'gb18030', { fatal: true }), `${ptr}`).toBe(
          str(c),
        );
        if (!twoByte.has(c)) expect(Array.from(encode(str(c), 'gb18030'))).toEqual(four(ptr));
      }
    }
    // Pointer 7457 is U+E7C7; supplementary planes start at 189000; limits on both sides.
    expect(decode(new Uint8Array(four(7457)), 'gb18030')).toBe('\ue7c7');
    expect(Array.from(encode('\ue7c7', 'gb18030'))).toEqual(four(7457));
    expect(decode(new Uint8Array(four(189000)), 'gb18030')).toBe('\u{10000}');
    expect(decode(new Uint8Array(four(1237575)), 'gb18030')).toBe('\u{10ffff}');
    expect(Array.from(encode('\u{10ffff}', 'gb18030'))).toEqual(four(1237575));
    expect(decode(new Uint8Array(four(39420)), 'gb18030')).toBe('\ufffd');
    expect(decode(new Uint8Array([0xfe, 0x39, 0xfe, 0x39]), 'gb18030')).toBe('\ufffd');
    expect(() => encode('\ue5e5', 'gb18030')).toThrow(EncodeError);
    expect(() => encode('\u{10000}', 'gbk')).toThrow(EncodeError);
  });
});
