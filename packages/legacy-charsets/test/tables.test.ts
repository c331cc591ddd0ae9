// Every byte of every single-byte table in both directions, against the data files themselves.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTable, TABLES } from '../scripts/generate-tables';
import { codecs, whatwgNames } from '../src/generated/registry';
import { type Codec, DecodeError, decode, EncodeError, encodings, getCodec } from '../src/index';

const dataDir = join(import.meta.dirname, '..', 'data');

describe.each(TABLES)('$name', ({ name, source }) => {
  const table = parseTable(dataDir, source);
  const codec = getCodec(name)!;
  // The subpath's codec (the main entry may wrap WHATWG ones with the runtime's decoder).
  const own = codecs.find((c) => c.name === name)!;
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
    expect(own.decode(all)).toBe(expected);
    const bad = table.indexOf(0xfffd);
    if (bad >= 0) {
      expect(() => codec.decode(all.subarray(1), { fatal: true })).toThrow(
        expect.objectContaining({ index: bad - 1 }),
      );
    } else expect(codec.decode(all, { fatal: true })).toBe(expected);
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
  it('the main entry (tuned for speed) and the subpath codec agree on long input', () => {
    let seed = 7;
    const bytes = new Uint8Array(3000).map(() => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed >>> 24;
    });
    const text = own.decode(bytes).split('\ufffd').join('x');
    expect(codec.decode(bytes)).toBe(own.decode(bytes));
    expect(Array.from(codec.encode(text))).toEqual(Array.from(own.encode(text)));
    for (const mode of ['html', 'replacement'] as const) {
      const mixed = `${text}\u4e00${text}`;
      // The bytes, or the error where html mode fails as fatal (no `#` in the charset).
      const outcome = (c: Codec): Uint8Array | string => {
        try {
          return c.encode(mixed, { mode });
        } catch (error) {
          return (error as EncodeError).message;
        }
      };
      expect(outcome(codec)).toEqual(outcome(own));
    }
  });
  it('round-trip flag matches the table', () => {
    const mapped = table.filter((cp) => cp !== 0xfffd);
    expect(codec.roundTrips).toBe(new Set(mapped).size === mapped.length);
  });
});

// The oracle for the WHATWG single-byte encodings: the runtime's own TextDecoder (Node's ICU
// implements the Encoding Standard). The main entry uses that decoder for long input once it has
// matched the table; this checks the table itself against it, byte by byte.
describe('WHATWG single-byte encodings against the runtime TextDecoder', () => {
  const names = TABLES.filter((t) => t.whatwg).map((t) => t.name);
  it('lists them all as WHATWG', () => {
    expect(names.every((n) => whatwgNames.includes(n))).toBe(true);
    expect(names.length).toBe(29); // the 28 of the standard's table and x-user-defined
  });
  it.each(names)('%s: every byte, and long random input through the main entry', (name) => {
    const all = new Uint8Array(256).map((_, b) => b);
    const own = codecs.find((c) => c.name === name)!;
    expect(own.decode(all)).toBe(new TextDecoder(name).decode(all));
    let seed = name.length;
    const random = new Uint8Array(5000).map(() => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed >>> 24;
    });
    expect(decode(random, name)).toBe(own.decode(random));
  });
});
