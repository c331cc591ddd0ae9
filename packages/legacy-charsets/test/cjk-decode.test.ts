// The double-byte decoders' fast paths (the branch-free loop over the run tables, the shortcut for
// input that is all ASCII, the string made without TextDecoder) against the full decoders they
// stand in for, and against the runtime's TextDecoder where Node's ICU agrees with the Encoding
// Standard (gbk and gb18030 on any bytes; shift_jis and euc-jp on well-formed text).
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Codec, DecodeError, getCodec } from '../src/index';

const names = ['shift_jis', 'cp932', 'euc-jp', 'euc-kr', 'big5', 'cp950', 'gbk', 'gb18030'];

/** What decoding gives: the text, or the offset of the first error when fatal. */
function outcome(run: () => string): string | number {
  try {
    return run();
  } catch (error) {
    if (error instanceof DecodeError) return error.index;
    throw error;
  }
}

/** The full decoder alone: one byte a call, so that no two bytes reach the fast loop together. */
function byteByByte(codec: Codec, bytes: Uint8Array, fatal: boolean): string {
  const d = codec.createDecoder({ fatal });
  let s = '';
  for (let i = 0; i < bytes.length; i++) s += d.decode(bytes.subarray(i, i + 1), { stream: true });
  return s + d.decode();
}

/** `bytes` in a buffer of their own at byte offset `offset` (the ASCII shortcut reads words). */
function at(bytes: Uint8Array, offset: number): Uint8Array {
  const buf = new Uint8Array(bytes.length + offset);
  buf.set(bytes, offset);
  return buf.subarray(offset);
}

const concat = (parts: number[][]): Uint8Array => Uint8Array.from(parts.flat());
const ascii = fc.array(fc.integer({ min: 0, max: 0x7f }), { maxLength: 300 });
const pair = fc.tuple(fc.integer({ min: 0x81, max: 0xfe }), fc.integer({ min: 0x30, max: 0xfe }));
const anyByte = fc.integer({ min: 0, max: 0xff }).map((b) => [b]);
/** Runs of ASCII (some long), lead and trail pairs, and any bytes, at any alignment. */
const input = fc
  .tuple(fc.array(fc.oneof(ascii, pair, anyByte), { maxLength: 24 }), fc.nat(3))
  .map(([parts, offset]) => at(concat(parts), offset));

/**
 * Long input (12 KiB and more) that the fast loop gets far into: ASCII text and pairs of bytes
 * that most of the encodings map, with a rare other byte, tiled from a random sample.
 */
const long = fc
  .array(
    fc.oneof(
      { weight: 8, arbitrary: fc.array(fc.integer({ min: 0x20, max: 0x7e }), { maxLength: 40 }) },
      {
        weight: 16,
        arbitrary: fc.tuple(
          fc.integer({ min: 0xb0, max: 0xef }),
          fc.integer({ min: 0xa1, max: 0xfc }),
        ),
      },
      { weight: 1, arbitrary: anyByte },
    ),
    { minLength: 1, maxLength: 400 },
  )
  .map((parts) => {
    const tile = parts.flat();
    const bytes = new Uint8Array(12288 + tile.length);
    for (let k = 0; k < bytes.length; k++) bytes[k] = tile[k % tile.length]!;
    return bytes;
  });

describe.each(names)('%s: the fast paths agree with the full decoder', (name) => {
  const codec = getCodec(name)!;
  it.each([
    ['', input, 300],
    ['long ', long, 15],
  ] as const)('on random %sinput, replacing and fatal', (_, arbitrary, numRuns) => {
    fc.assert(
      fc.property(arbitrary, (bytes) => {
        expect(codec.decode(bytes)).toBe(byteByByte(codec, bytes, false));
        expect(outcome(() => codec.decode(bytes, { fatal: true }))).toBe(
          outcome(() => byteByByte(codec, bytes, true)),
        );
      }),
      { numRuns },
    );
  });
  it('on ASCII after a lead byte left by the previous chunk', () => {
    const rest = new Uint8Array(300).fill(0x41);
    const d = codec.createDecoder();
    const s = d.decode(new Uint8Array([0x8e]), { stream: true }) + d.decode(rest);
    expect(s).toBe(codec.decode(concat([[0x8e], Array.from(rest)])));
  });
});

describe.each(names)(
  '%s: short input (64 bytes or fewer: the node build decodes it straight into scratch units)',
  (name) => {
    const codec = getCodec(name)!;
    // Whole characters most encodings map (pairs of 0xB0-0xC8 and 0xA1-0xFC), ASCII, and now and
    // then any byte, cut to a length of 1 to 70 (past the short path's 64 too).
    const short = fc
      .tuple(
        fc.array(
          fc.oneof(
            {
              weight: 6,
              arbitrary: fc.tuple(
                fc.integer({ min: 0xb0, max: 0xc8 }),
                fc.integer({ min: 0xa1, max: 0xfc }),
              ),
            },
            { weight: 3, arbitrary: fc.integer({ min: 0x01, max: 0x7f }).map((b) => [b]) },
            { weight: 1, arbitrary: anyByte },
          ),
          { minLength: 40, maxLength: 40 },
        ),
        fc.integer({ min: 1, max: 70 }),
        fc.nat(3),
      )
      .map(([parts, n, offset]) => at(concat(parts).subarray(0, n), offset));
    it('decodes as the same bytes after 300 ASCII bytes (the full decoder), replacing and fatal', () => {
      codec.decode(Uint8Array.of(0xb0, 0xa1)); // the tables built: the short path is open
      const prefix = new Uint8Array(300).fill(0x61);
      fc.assert(
        fc.property(short, (bytes) => {
          const long = concat([Array.from(prefix), Array.from(bytes)]);
          expect(codec.decode(bytes)).toBe(codec.decode(long).slice(300));
          const fatal = outcome(() => codec.decode(long, { fatal: true }));
          expect(outcome(() => codec.decode(bytes, { fatal: true }))).toBe(
            typeof fatal === 'number' ? fatal - 300 : fatal.slice(300),
          );
          // Streaming: the same text, and nothing left over.
          const d = codec.createDecoder();
          expect(d.decode(bytes, { stream: true }) + d.decode()).toBe(codec.decode(bytes));
        }),
        { numRuns: 400 },
      );
    });
  },
);

describe.each(names)('%s: on long input, the two runs agree with the full decoder', (name) => {
  const codec = getCodec(name)!;
  it('with a stop in either half, around where the second run starts, or none', () => {
    // Pairs and spaces. The first 512 bytes decode before the search; the middle of the rest is
    // 6399, the first byte below 0x80 from there the space at 6401: the second run starts at 6402.
    const base = Array.from({ length: 4096 }, () => [0xb0, 0xa1, 0x20]).flat();
    const cases: [number, number][] = [
      [-1, 0],
      [1000, 0xff],
      [1000, 0x00],
      [6400, 0x41],
      [6401, 0xb0],
      [6402, 0x00],
      [9000, 0xff],
      [9000, 0x00],
      [12286, 0xff],
    ];
    for (const [pos, byte] of cases) {
      const bytes = Uint8Array.from(base);
      if (pos >= 0) bytes[pos] = byte;
      expect(codec.decode(bytes), `${pos}`).toBe(byteByByte(codec, bytes, false));
    }
  });
  it('with one-byte characters above 0x7F, pairs and ASCII in both runs, in every order', () => {
    // Each run takes a character's length from the branch that found it: a one-byte character
    // read as two (or a pair as one) would shift every character after it.
    const high: number[] = [];
    for (let b = 0x80; b < 0x100; b++) {
      const s = codec.decode(Uint8Array.of(b));
      if (s.length === 1 && s !== '\ufffd') high.push(b);
    }
    const kinds = [
      [0x41],
      [0xb0, 0xa1],
      ...(high.length ? [[high[0]!], [high[high.length - 1]!]] : []),
    ];
    const parts: number[][] = [];
    for (let k = 0; parts.length < 6000; k++)
      parts.push(kinds[k % kinds.length]!, kinds[(k * 7 + (k >> 3)) % kinds.length]!, [0x20]);
    const bytes = concat(parts);
    expect(codec.decode(bytes)).toBe(byteByByte(codec, bytes, false));
  });
  it('with characters left to the full decoder further and further apart', () => {
    // Each second run dropped doubles what the first covers alone next (to 64 KiB), which must
    // never reach past the input's end: gaps of 700 bytes to 22 KiB, then 12 KiB with none.
    // EUC-JP's three-byte JIS X 0212 characters and an invalid byte are such characters.
    const base = Array.from({ length: 19000 }, () => [0xb0, 0xa1, 0x20]).flat();
    const stop = name === 'euc-jp' ? [0x8f, 0xb0, 0xa1] : [0xff];
    for (const shift of [0, 1, 2]) {
      const bytes: number[] = [];
      let next = 700 + shift;
      let gap = 700;
      for (let k = 0; k < base.length; k++) {
        if (k === next) {
          bytes.push(...stop);
          gap *= 2;
          next += gap;
        }
        bytes.push(base[k]!);
      }
      const input = Uint8Array.from(bytes);
      expect(codec.decode(input), `${shift}`).toBe(byteByByte(codec, input, false));
      expect(outcome(() => codec.decode(input, { fatal: true }))).toBe(
        outcome(() => byteByByte(codec, input, true)),
      );
    }
  });
});

describe.each(['gbk', 'gb18030'])('%s against TextDecoder', (name) => {
  const codec = getCodec(name)!;
  const native = new TextDecoder(name);
  it.each([
    ['', input, 300],
    ['long ', long, 100],
  ] as const)('on random %sinput', (_, arbitrary, numRuns) => {
    fc.assert(
      fc.property(arbitrary, (bytes) => {
        expect(codec.decode(bytes)).toBe(native.decode(bytes));
      }),
      { numRuns },
    );
  });
  it('on long ASCII, alone or with one other byte anywhere, at any alignment', () => {
    for (const n of [255, 256, 257, 258, 259, 260, 301]) {
      for (let offset = 0; offset < 4; offset++) {
        for (const pos of [-1, 0, 1, 2, 3, 4, 5, n >> 1, n - 5, n - 4, n - 3, n - 2, n - 1]) {
          const bytes = at(new Uint8Array(n).fill(0x61), offset);
          if (pos >= 0) bytes[pos] = 0x80;
          expect(codec.decode(bytes), `${n} ${offset} ${pos}`).toBe(native.decode(bytes));
        }
      }
    }
  });
});

describe.each(['shift_jis', 'euc-jp'])('%s against TextDecoder on well-formed text', (name) => {
  const codec = getCodec(name)!;
  const native = new TextDecoder(name);
  // The pairs TextDecoder reads as one character, and Shift_JIS's half-width katakana bytes. Not
  // where ICU departs from the standard: its EUC-JP reads 0x8E 0xE0-0xE2 as characters, its
  // Shift_JIS swaps the controls 0x1A, 0x1C and 0x7F.
  const chars: number[][] = [];
  for (let lead = 0x81; lead <= 0xfe; lead++) {
    for (let trail = 0x40; trail <= 0xfe; trail++) {
      const s = native.decode(new Uint8Array([lead, trail]));
      if (s.length === 1 && s !== '\ufffd' && !(lead === 0x8e && trail > 0xdf)) {
        chars.push([lead, trail]);
      }
    }
  }
  if (name === 'shift_jis') for (let b = 0xa1; b <= 0xdf; b++) chars.push([b]);
  const text = fc.array(fc.integer({ min: 0x20, max: 0x7e }), { maxLength: 300 });
  const wellFormed = fc
    .tuple(fc.array(fc.oneof(text, fc.constantFrom(...chars)), { maxLength: 40 }), fc.nat(3))
    .map(([parts, offset]) => at(concat(parts), offset));
  it(`on random well-formed text (${chars.length} characters)`, () => {
    fc.assert(
      fc.property(wellFormed, (bytes) => {
        expect(codec.decode(bytes, { fatal: true })).toBe(native.decode(bytes));
      }),
      { numRuns: 300 },
    );
  });
  it('on every character in one long input', () => {
    const bytes = concat(chars.flatMap((c) => [c, [0x20]]));
    expect(codec.decode(bytes, { fatal: true })).toBe(native.decode(bytes));
  });
});

describe('without TextDecoder (an ES2020 runtime that has none)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });
  it('decodes long input the same', async () => {
    const samples = [
      new Uint8Array(5000).fill(0x61),
      concat(Array.from({ length: 3000 }, (_, k) => [0x88 + (k % 8), 0xa1 + (k % 90), 0x20])),
    ];
    const expected = names.map((name) => samples.map((s) => getCodec(name)!.decode(s)));
    vi.stubGlobal('TextDecoder', undefined);
    vi.resetModules();
    const fresh = await import('../src/index');
    expect(names.map((name) => samples.map((s) => fresh.getCodec(name)!.decode(s)))).toEqual(
      expected,
    );
  });
});
