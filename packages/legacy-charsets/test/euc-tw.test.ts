// EUC-TW (CNS 11643 planes 1 and 2 in the EUC form): every table entry in each of its byte forms,
// vectors from glibc's EUC-TW converter (test/vectors/euc-tw-glibc.json) and where the official
// mapping differs from it, the error rules, streaming with splits anywhere, round trips, and
// linear work on pathological input.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codec } from '../src/euc-tw';
import { DecodeError, EncodeError, getCodec } from '../src/index';
import { cnsEntries } from './cns-entries';
import { workPerUnit } from './work';

const b = (...bytes: number[]): Uint8Array => Uint8Array.from(bytes);
const hex = (bytes: Uint8Array): string =>
  Array.from(bytes, (x) => x.toString(16).padStart(2, '0')).join('');
const fromHex = (s: string): Uint8Array =>
  Uint8Array.from(s.match(/../g)!, (x) => Number.parseInt(x, 16));
const cpHex = (s: string): string => s.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
/** The offset of the first error in fatal mode, -1 if none. */
const errorIndex = (bytes: Uint8Array): number => {
  try {
    codec.decode(bytes, { fatal: true });
  } catch (e) {
    expect(e).toBeInstanceOf(DecodeError);
    return (e as DecodeError).index;
  }
  return -1;
};

const entries = cnsEntries.map(({ code, plane, row, cell, cp }) => ({
  code,
  plane,
  bytes: plane === 1 ? [row | 0x80, cell | 0x80] : [0x8e, 0xa2, row | 0x80, cell | 0x80],
  cp,
}));
const mapped = entries.filter((e) => e.cp < 0xf0000);
const privateUse = entries.filter((e) => e.cp >= 0xf0000);
const plane = (p: number) => mapped.filter((e) => e.plane === p);

interface GlibcVectors {
  decodeVectors: [string, string | null, string | null][];
  fourByteVectors: [string, string][];
  encodeVectors: [string, string | null][];
}
const glibc = JSON.parse(
  readFileSync(join(import.meta.dirname, 'vectors/euc-tw-glibc.json'), 'utf8'),
) as GlibcVectors;
/**
 * The 17 plane 1 codes where glibc's EUC-TW table and the official mapping disagree (see
 * src/cjk/cns11643.ts): bytes, official, glibc.
 */
const DIFFERS: [string, string, string][] = [
  ['a1a6', '2027', '30FB'],
  ['a1b6', 'FF5C', 'FE31'],
  ['a1b7', '2015', '2014'],
  ['a1b8', 'FE31', 'FE32'],
  ['a1b9', '2014', '2013'],
  ['a1ea', '2035', '2032'],
  ['a1eb', '2032', '2035'],
  ['a2c2', 'FE65', 'FE66'],
  ['a2c3', 'FE66', 'FE65'],
  ['a2c4', 'FF5E', '223C'],
  ['a2d3', '2295', '2641'],
  ['a2d4', '2299', '2609'],
  ['a2d7', '2190', '2192'],
  ['a2d8', '2192', '2190'],
  ['a2dd', '2225', '2016'],
  ['a2de', '2223', 'FF5C'],
  ['a4bf', '3039', '5344'],
];

describe('TSDoc example', () => {
  it('decodes 華乂 (planes 1 and 2) and encodes 中華 in two bytes each', () => {
    expect(codec.decode(new Uint8Array([0xe1, 0xde, 0x8e, 0xa2, 0xa1, 0xa1]))).toBe('華乂');
    expect(Array.from(codec.encode('中華'))).toEqual([0xc4, 0xe3, 0xe1, 0xde]);
  });
  it('is listed: getCodec and encodings know euc-tw, a CJK codec that does not round-trip bytes', () => {
    expect(getCodec('EUC-TW')).toBe(codec);
    expect(codec.family).toBe('cjk');
    expect(codec.roundTrips).toBe(false);
  });
});

describe('CNS 11643 tables', () => {
  it('decodes every plane 1 entry in two bytes and in four (0x8E 0xA1), every plane 2 entry after 0x8E 0xA2', () => {
    const text = String.fromCodePoint(...plane(1).map((e) => e.cp));
    expect(codec.decode(Uint8Array.from(plane(1).flatMap((e) => e.bytes)), { fatal: true })).toBe(
      text,
    );
    const four = plane(1).flatMap((e) => [0x8e, 0xa1, ...e.bytes]);
    expect(codec.decode(Uint8Array.from(four), { fatal: true })).toBe(text);
    expect(codec.decode(Uint8Array.from(plane(2).flatMap((e) => e.bytes)), { fatal: true })).toBe(
      String.fromCodePoint(...plane(2).map((e) => e.cp)),
    );
  });
  it('encodes every entry: plane 1 in two bytes, plane 2 in four; no code point is in both planes', () => {
    expect(codec.encode(String.fromCodePoint(...mapped.map((e) => e.cp)))).toEqual(
      Uint8Array.from(mapped.flatMap((e) => e.bytes)),
    );
    expect(new Set(mapped.map((e) => e.cp)).size).toBe(mapped.length);
  });
  it('decodes the 538 plane 1 codes mapped to Plane 15 private use, and the unassigned codes, as errors', () => {
    expect(privateUse).toHaveLength(538);
    const bytes = Uint8Array.from(privateUse.flatMap((e) => e.bytes));
    expect(codec.decode(bytes)).toBe('\ufffd'.repeat(538));
    for (const p of [1, 2]) {
      const all: number[] = [];
      for (let row = 0xa1; row <= 0xfe; row++) {
        for (let cell = 0xa1; cell <= 0xfe; cell++) all.push(0x8e, 0xa0 + p, row, cell);
      }
      const decoded = codec.decode(Uint8Array.from(all));
      expect([...decoded].filter((c) => c !== '\ufffd')).toHaveLength(plane(p).length);
      expect(decoded.split('\ufffd').length - 1).toBe(94 * 94 - plane(p).length);
    }
  });
  it('decodes well-formed codes of planes 3 to 16 (no table here) as one error each', () => {
    for (let p = 0xa3; p <= 0xb0; p++) {
      expect(codec.decode(b(0x8e, p, 0xa1, 0xa1, 0x41))).toBe('\ufffdA');
    }
    expect(errorIndex(b(0x41, 0x8e, 0xa3, 0xa1, 0xa1))).toBe(1);
  });
});

describe("glibc's EUC-TW (vectors from iconv, test/vectors/euc-tw-glibc.json)", () => {
  const differs = new Map(DIFFERS.map(([bytes, official, other]) => [bytes, [official, other]]));
  it('decodes as the official mapping; glibc differs only at the 17 documented codes and the 463 codes it lacks', () => {
    let lacks = 0;
    for (const [bytes, fromGlibc, official] of glibc.decodeVectors) {
      const ours = codec.decode(fromHex(bytes));
      expect(ours === '\ufffd' ? null : cpHex(ours), bytes).toBe(official);
      if (fromGlibc === official) continue;
      if (fromGlibc === null) lacks++;
      else expect(differs.get(bytes), bytes).toEqual([official, fromGlibc]);
    }
    // Every documented difference is in the file, with a sample of the codes glibc lacks.
    for (const [bytes] of DIFFERS) expect(glibc.decodeVectors.map((v) => v[0])).toContain(bytes);
    expect(lacks).toBeGreaterThan(50);
    expect(glibc.decodeVectors.length).toBeGreaterThan(250);
  });
  it('reads plane 1 in the four-byte form as glibc does', () => {
    for (const [bytes, cp] of glibc.fourByteVectors) {
      expect(cpHex(codec.decode(fromHex(bytes), { fatal: true })), bytes).toBe(cp);
    }
  });
  it('encodes as glibc but for the code points of the documented differences and of the codes glibc lacks', () => {
    // The code points the two tables place differently: those of the 17 codes on either side.
    const moved = new Set(DIFFERS.flatMap(([, official, other]) => [official, other]));
    const official = new Map(mapped.map((e) => [e.cp, hex(Uint8Array.from(e.bytes))]));
    let same = 0;
    for (const [cp, fromGlibc] of glibc.encodeVectors) {
      const ch = String.fromCodePoint(Number.parseInt(cp, 16));
      let ours: string | null = null;
      try {
        ours = hex(codec.encode(ch));
      } catch (e) {
        expect(e).toBeInstanceOf(EncodeError);
      }
      expect(ours, cp).toBe(official.get(Number.parseInt(cp, 16)) ?? null);
      if (ours === fromGlibc) same++;
      else if (fromGlibc !== null) expect(moved.has(cp), cp).toBe(true);
    }
    expect(same).toBeGreaterThan(100);
  });
});

describe('decoding errors (one U+FFFD each, at the offset of the first byte)', () => {
  const cases: [string, number[], string, number][] = [
    ['a lone 0x8E at the end', [0x41, 0x8e], 'A\ufffd', 1],
    ['0x8E and a plane byte at the end', [0x8e, 0xa2], '\ufffd', 0],
    ['0x8E, plane and row at the end', [0x41, 0x8e, 0xa2, 0xa1], 'A\ufffd', 1],
    ['a lead byte at the end', [0x41, 0xc4], 'A\ufffd', 1],
    ['0x8E before ASCII: the ASCII byte is read again', [0x8e, 0x41], '\ufffdA', 0],
    [
      '0x8E with plane byte 0xB1 (above plane 16): read again as a lead',
      [0x8e, 0xb1, 0xa1],
      '\ufffd\ufffd',
      0,
    ],
    ['0x8E before a plane 1 character: the character is kept', [0x8e, 0xc4, 0xa1], '\ufffd一', 0],
    ['0x8E 0xA2 before ASCII', [0x8e, 0xa2, 0x41, 0x42], '\ufffdAB', 0],
    ['0x8E 0xA2 row before ASCII', [0x8e, 0xa2, 0xa1, 0x41], '\ufffdA', 0],
    ['0x8E 0xA2 before a new 0x8E sequence', [0x8e, 0xa2, 0x8e, 0xa2, 0xa1, 0xa1], '\ufffd乂', 0],
    ['two 0x8E in a row', [0x8e, 0x8e, 0xa2, 0xa1, 0xa1], '\ufffd乂', 0],
    [
      '0x8E 0xA2 row and 0xFF: 0xFF is an invalid byte of its own',
      [0x8e, 0xa2, 0xa1, 0xff],
      '\ufffd\ufffd',
      0,
    ],
    ['a lead byte before ASCII: the ASCII byte is read again', [0xc4, 0x41, 0x42], '\ufffdAB', 0],
    ['a lead byte before a newline', [0x61, 0xc4, 0x0a], 'a\ufffd\n', 1],
    [
      'a lead byte before 0x80-0xA0: that byte is part of the error',
      [0xc4, 0x80, 0x41],
      '\ufffdA',
      0,
    ],
    ['a lead byte before 0x8E: part of the error, as in EUC-JP', [0xc4, 0x8e, 0x41], '\ufffdA', 0],
    ['bytes 0x80-0xA0 (but 0x8E) and 0xFF alone', [0x80, 0x8f, 0xa0, 0xff], '\ufffd'.repeat(4), 0],
    ['an unassigned plane 2 code (after 2-7244)', [0x8e, 0xa2, 0xf2, 0xc5, 0x41], '\ufffdA', 0],
  ];
  it.each(cases)('%s', (_, bytes, text, index) => {
    expect(codec.decode(Uint8Array.from(bytes))).toBe(text);
    expect(errorIndex(Uint8Array.from(bytes))).toBe(index);
  });
  it('gives fatal errors the offset in the stream, across chunks', () => {
    const d = codec.createDecoder({ fatal: true });
    expect(d.decode(b(0x41, 0x42, 0x8e), { stream: true })).toBe('AB');
    expect(d.decode(b(0xa2), { stream: true })).toBe('');
    expect(() => d.decode(b(0x41))).toThrow(expect.objectContaining({ index: 2 }));
    const e = codec.createDecoder({ fatal: true });
    expect(e.decode(b(0xc4, 0xa1, 0x8e, 0xa2, 0xa1), { stream: true })).toBe('一');
    expect(() => e.decode()).toThrow(expect.objectContaining({ index: 2 }));
  });
  it('reports a DecodeError with the reason', () => {
    expect(() => codec.decode(b(0x8e, 0xa5, 0xa1, 0xa1), { fatal: true })).toThrow(DecodeError);
    expect(() => codec.decode(b(0x8e), { fatal: true })).toThrow(/truncated/);
  });
});

describe('encoding', () => {
  it('writes plane 1 in two bytes, plane 2 as 0x8E 0xA2 and two bytes, ASCII as itself', () => {
    expect(hex(codec.encode('a中乂\n'))).toBe('61c4e38ea2a1a10a');
    // 1-2126 (U+2027, Big5 0xA145) and 1-243F (U+3039): the official mapping, not glibc's table
    expect(hex(codec.encode('\u2027\u3039'))).toBe('a1a6a4bf');
  });
  it('cannot encode what neither plane holds: fatal with the index, replacement, html', () => {
    for (const ch of ['\u{20000}', '\ue000', 'é', '\u0e01']) {
      expect(() => codec.encode(`ab${ch}`)).toThrow(expect.objectContaining({ index: 2 }));
    }
    expect(() => codec.encode('中\u0e01')).toThrow(EncodeError);
    expect(hex(codec.encode('中\u0e01乂', { mode: 'replacement' }))).toBe('c4e33f8ea2a1a1');
    expect(new TextDecoder().decode(codec.encode('a\u0e01', { mode: 'html' }))).toBe('a&#3585;');
    expect(() => codec.encode('a\ud800')).toThrow(expect.objectContaining({ index: 1 }));
    expect(hex(codec.encode('a\ud800', { mode: 'replacement' }))).toBe('613f');
  });
  it('streams: a surrogate pair split across chunks, and the same bytes as at once', () => {
    const e = codec.createEncoder();
    const parts = [e.encode('中乂', { stream: true }), e.encode('a\ud840', { stream: true })];
    expect(() => e.encode('\udc00')).toThrow(expect.objectContaining({ index: 3 }));
    expect(hex(Uint8Array.from(parts.flatMap((p) => [...p])))).toBe('c4e38ea2a1a161');
  });
});

const hanzi = mapped.filter((_, k) => k % 5 === 0).map((e) => String.fromCodePoint(e.cp));
const text = fc
  .array(fc.oneof(fc.constantFrom(...hanzi), fc.constantFrom('a', ' ', '\n', '~', '\x00')), {
    maxLength: 60,
  })
  .map((parts) => parts.join(''));
/** Well-formed bytes in the encoder's form: ASCII, plane 1 pairs, plane 2 after 0x8E 0xA2. */
const wellFormed = fc
  .array(
    fc.oneof(
      fc.constantFrom(...mapped.filter((_, k) => k % 3 === 0).map((e) => e.bytes)),
      fc.integer({ min: 0, max: 0x7f }).map((x) => [x]),
    ),
    { maxLength: 60 },
  )
  .map((parts) => Uint8Array.from(parts.flat()));

describe('round trips (fast-check)', () => {
  it('decode(encode(text)) = text for text of the repertoire', () => {
    fc.assert(
      fc.property(text, (t) => {
        expect(codec.decode(codec.encode(t), { fatal: true })).toBe(t);
      }),
      { numRuns: 300 },
    );
  });
  it('encode(decode(bytes)) = bytes for well-formed bytes in the encoder form', () => {
    fc.assert(
      fc.property(wellFormed, (bytes) => {
        expect(codec.encode(codec.decode(bytes, { fatal: true }))).toEqual(bytes);
      }),
      { numRuns: 300 },
    );
  });
  it('plane 1 read in four bytes is written back in two', () => {
    expect(hex(codec.encode(codec.decode(b(0x8e, 0xa1, 0xc4, 0xa1))))).toBe('c4a1');
  });
});

describe('streaming', () => {
  const pieces = [
    [0xc4, 0xa1],
    [0x8e, 0xa2, 0xa1, 0xa1],
    [0x8e, 0xa1, 0xe1, 0xde],
    [0x8e, 0xa5, 0xa1, 0xa1],
    [0x8e],
    [0x8e, 0xa2],
    [0xc4],
    [0x41],
    [0x0a],
    [0x80],
    [0xff],
    [0xb1],
  ];
  const input = fc
    .array(fc.constantFrom(...pieces), { maxLength: 30 })
    .map((p) => Uint8Array.from(p.flat()));
  it('decoding in random chunks equals decoding at once (replacement and fatal)', () => {
    fc.assert(
      fc.property(
        input,
        fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 10 }),
        (bytes, sizes) => {
          // Chunks of the given sizes (empty ones too), the rest of the input in the last one.
          const parts: Uint8Array[] = [];
          let at = 0;
          for (const n of sizes) parts.push(bytes.subarray(at, (at += n)));
          parts.push(bytes.subarray(at));
          const d = codec.createDecoder();
          const streamed = parts.map((p) => d.decode(p, { stream: true })).join('') + d.decode();
          expect(streamed).toBe(codec.decode(bytes));
          let streamedError = -1;
          const f = codec.createDecoder({ fatal: true });
          try {
            for (const p of parts) f.decode(p, { stream: true });
            f.decode();
          } catch (e) {
            streamedError = (e as DecodeError).index;
          }
          expect(streamedError).toBe(errorIndex(bytes));
        },
      ),
      { numRuns: 500 },
    );
  });
  it('a four-byte character split at each of its bytes, and one byte a call', () => {
    const bytes = b(0x41, 0x8e, 0xa2, 0xa1, 0xa1, 0xc4, 0xa1);
    for (let k = 0; k <= bytes.length; k++) {
      const d = codec.createDecoder({ fatal: true });
      expect(d.decode(bytes.subarray(0, k), { stream: true }) + d.decode(bytes.subarray(k))).toBe(
        'A乂一',
      );
    }
    const d = codec.createDecoder();
    let s = '';
    for (const x of bytes) s += d.decode(b(x), { stream: true });
    expect(s + d.decode()).toBe('A乂一');
  });
});

describe('linear work on pathological input (work counted, not timed: input n against 4n)', () => {
  const patterns: [string, number[]][] = [
    ['lone 0x8E', [0x8e]],
    ['0x8E 0xA2 cut by ASCII', [0x8e, 0xa2, 0x41]],
    ['0x8E 0xA2 row cut by ASCII', [0x8e, 0xa2, 0xa1, 0x41]],
    ['0x8E and a plane byte read again as a lead', [0x8e, 0xb1]],
    ['planes without a table', [0x8e, 0xa7, 0xa1, 0xa1]],
    ['lead bytes before ASCII', [0xc4, 0x41]],
  ];
  const tile = (pattern: number[], n: number): Uint8Array =>
    Uint8Array.from({ length: n }, (_, i) => pattern[i % pattern.length]!);
  codec.decode(b(0xc4, 0xa1, 0x8e, 0xa2, 0xa1, 0xa1));
  it.each(patterns)('%s', (_, pattern) => {
    const [n, m] = [tile(pattern, 16384), tile(pattern, 65536)];
    const small = workPerUnit(n.length, () => codec.decode(n));
    const large = workPerUnit(m.length, () => codec.decode(m));
    expect(small).toBeLessThan(64);
    expect(large).toBeLessThan(small * 2 + 8);
  });
});
