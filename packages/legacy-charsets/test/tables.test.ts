// Every byte of every single-byte table in both directions, against the data files themselves.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTable, TABLES } from '../scripts/generate-tables';
import { DecodeError, EncodeError, encodings, getCodec } from '../src/index';

const dataDir = join(import.meta.dirname, '..', 'data');

describe.each(TABLES)('$name', ({ name, source }) => {
  const table = parseTable(dataDir, source);
  const codec = getCodec(name)!;
  it('is registered under its name and listed', () => {
    expect(codec.name).toBe(name);
    expect(encodings().some((e) => e.name === name)).toBe(true);
  });
  it('decodes every byte as the table says', () => {
    for (let b = 0; b < 256; b++) {
      const cp = table[b]!;
      const one = new Uint8Array([b]);
      if (cp === 0xfffd) {
        expect(codec.decode(one)).toBe('\ufffd');
        expect(() => codec.decode(one, { fatal: true })).toThrow(DecodeError);
      } else expect(codec.decode(one, { fatal: true })).toBe(String.fromCharCode(cp));
    }
    // All 256 bytes four times over: the long-input path (TextDecoder over the code units).
    const all = new Uint8Array(1024).map((_, i) => i & 0xff);
    const expected = Array.from(all, (b) => String.fromCharCode(table[b]!)).join('');
    expect(codec.decode(all)).toBe(expected);
  });
  it('encodes every mapped code point to its first byte', () => {
    for (let b = 0; b < 256; b++) {
      const cp = table[b]!;
      if (cp === 0xfffd) continue;
      expect(Array.from(codec.encode(String.fromCharCode(cp))), `byte ${b}`).toEqual([
        table.indexOf(cp),
      ]);
    }
  });
  it('refuses a code point it does not hold, at its index', () => {
    const outside = [0x4e00, 0x20ac, 0x0101, 0x00e9].find((cp) => !table.includes(cp))!;
    const text = `ab${String.fromCharCode(outside)}`;
    expect(() => codec.encode(text)).toThrow(EncodeError);
    try {
      codec.encode(text);
    } catch (e) {
      expect((e as EncodeError).index).toBe(2);
      expect((e as EncodeError).codePoint).toBe(outside);
    }
    const q = codec.encode('?');
    expect(Array.from(codec.encode(text, { mode: 'replacement' }).slice(2))).toEqual(Array.from(q));
  });
  it('round-trip flag matches the table', () => {
    const mapped = table.filter((cp) => cp !== 0xfffd);
    expect(codec.roundTrips).toBe(new Set(mapped).size === mapped.length);
  });
});
