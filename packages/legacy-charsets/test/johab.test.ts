// johab (KS C 5601-1992 annex 3) against CPython's johab codec on every two-byte code
// (test/vectors/johab-python.json, generated once with python3; no test calls Python) and against
// CPython's own johab test text (test/vectors/johab.txt, johab-utf8.txt). See test/vectors/SOURCES.md.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codec } from '../src/johab';
import { DecodeError, decode, EncodeError, encode, getCodec } from '../src/index';

const vectors = join(import.meta.dirname, 'vectors');
const python = JSON.parse(readFileSync(join(vectors, 'johab-python.json'), 'utf8')) as {
  decode: Record<string, string>;
  encode: Record<string, string>;
};
const decodeOne = (code: number): number | undefined => {
  try {
    const s = codec.decode(new Uint8Array([code >> 8, code & 0xff]), { fatal: true });
    return s.length === 1 ? s.charCodeAt(0) : -1;
  } catch (e) {
    expect(e).toBeInstanceOf(DecodeError);
    return undefined;
  }
};

describe('johab against CPython on every two-byte code', () => {
  it('decodes each code lead 0x80-0xFF, trail 0x00-0xFF as CPython does, or fails where it fails', () => {
    const differ: string[] = [];
    let mapped = 0;
    for (let lead = 0x80; lead <= 0xff; lead++) {
      const row = python.decode[lead.toString(16).toUpperCase()]!;
      expect(row.length).toBe(256);
      for (let trail = 0; trail < 256; trail++) {
        const code = (lead << 8) | trail;
        const theirs = row.charCodeAt(trail);
        const expected = theirs === 0xffff ? undefined : theirs;
        if (expected !== undefined) mapped++;
        if (decodeOne(code) !== expected) differ.push(code.toString(16));
      }
    }
    expect(differ).toEqual([]);
    // 11,172 syllables, 51 letters, the filler code and KS X 1001's symbols and hanja.
    expect(mapped).toBe(17065);
  });
  it('encodes every character it decodes to the code CPython writes, and back', () => {
    for (let lead = 0x80; lead <= 0xff; lead++) {
      const row = python.decode[lead.toString(16).toUpperCase()]!;
      for (let trail = 0; trail < 256; trail++) {
        const cp = row.charCodeAt(trail);
        if (cp === 0xffff) continue;
        const code = python.encode[cp.toString(16).toUpperCase().padStart(4, '0')];
        const expected = code
          ? [Number.parseInt(code.slice(0, 2), 16), Number.parseInt(code.slice(2), 16)]
          : [lead, trail];
        const bytes = Array.from(codec.encode(String.fromCharCode(cp)));
        expect(bytes, `U+${cp.toString(16)}`).toEqual(expected);
      }
    }
    // KS X 1001:2002's ㉾ (0xA2E8) is in neither WHATWG's euc-kr index nor CPython's table.
    expect(() => encode('\u327e', 'johab')).toThrow(EncodeError);
  });
});

describe("johab: CPython's test text", () => {
  it('decodes johab.txt to johab-utf8.txt and encodes it back byte for byte', () => {
    const bytes = new Uint8Array(readFileSync(join(vectors, 'johab.txt')));
    const text = readFileSync(join(vectors, 'johab-utf8.txt'), 'utf8');
    expect(decode(bytes, 'johab', { fatal: true })).toBe(text);
    expect(Array.from(encode(text, 'johab'))).toEqual(Array.from(bytes));
  });
});

describe('johab', () => {
  it('is registered, a CJK codec whose bytes do not all round-trip', () => {
    expect(getCodec('johab')).toBe(codec);
    expect(codec.family).toBe('cjk');
    expect(codec.roundTrips).toBe(false);
  });
  it('Hangul by the jamo bits: 가 is 0x8861, 힣 0xD3BD; letters alone with fill codes', () => {
    expect(Array.from(encode('가힣', 'johab'))).toEqual([0x88, 0x61, 0xd3, 0xbd]);
    expect(decode(new Uint8Array([0x88, 0x41, 0x84, 0x61, 0x84, 0x44]), 'johab')).toBe('ㄱㅏㄳ');
    // All three fill codes: U+3000, as CPython reads it; U+3000 encodes as KS X 1001's 0xD931.
    expect(decode(new Uint8Array([0x84, 0x41]), 'johab')).toBe('\u3000');
    expect(Array.from(encode('\u3000', 'johab'))).toEqual([0xd9, 0x31]);
  });
  it('errors as the WHATWG two-byte decoders: an ASCII trail is read again, offsets of the lead', () => {
    expect(decode(new Uint8Array([0x88, 0x21]), 'johab')).toBe('\ufffd!');
    expect(decode(new Uint8Array([0x61, 0xff, 0x62]), 'johab')).toBe('a\ufffdb');
    expect(decode(new Uint8Array([0x61, 0x88]), 'johab')).toBe('a\ufffd');
    expect(() => decode(new Uint8Array([0x61, 0x88, 0x21]), 'johab', { fatal: true })).toThrow(
      expect.objectContaining({ index: 1 }),
    );
    expect(() => decode(new Uint8Array([0x61, 0x62, 0x88]), 'johab', { fatal: true })).toThrow(
      expect.objectContaining({ index: 2 }),
    );
  });
  it('streams: a code cut between chunks decodes as one', () => {
    const d = codec.createDecoder();
    expect(
      d.decode(new Uint8Array([0x41, 0x88]), { stream: true }) + d.decode(new Uint8Array([0x61])),
    ).toBe('A가');
  });
  it('encode modes: fatal names the character, replacement writes ?, html a reference', () => {
    expect(() => encode('a€x', 'johab')).not.toThrow();
    expect(() => encode('a\u0e01', 'johab')).toThrow(expect.objectContaining({ index: 1 }));
    expect(() => encode('a\u0e01', 'johab')).toThrow(EncodeError);
    expect(Array.from(encode('a\u0e01', 'johab', { mode: 'replacement' }))).toEqual([0x61, 0x3f]);
    expect(new TextDecoder().decode(encode('\u0e01', 'johab', { mode: 'html' }))).toBe('&#3585;');
  });
  it('text of Hangul, letters, KS X 1001 characters and ASCII round-trips', () => {
    const char = fc.oneof(
      fc.integer({ min: 0xac00, max: 0xd7a3 }),
      fc.integer({ min: 0x3131, max: 0x3163 }),
      fc.integer({ min: 0, max: 0x7f }),
      fc.constantFrom(0x4e00, 0x3000, 0x2116, 0x20ac, 0x3164, 0xff01),
    );
    fc.assert(
      fc.property(fc.array(char, { maxLength: 30 }), (cps) => {
        const text = String.fromCharCode(...cps);
        expect(decode(encode(text, 'johab'), 'johab', { fatal: true })).toBe(text);
      }),
    );
  });
});
