// The portable build and the node build (tooling/platform.ts) give the same result for every input:
// their one difference, how bytes and code units become a string (src/engine-string.ts and
// src/engine-string.node.ts), compared directly on generated tables and bytes (the whole suite
// also runs against each build).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  asciiText as asciiNode,
  decodeTable as node,
  unitsToString as unitsNode,
} from '../src/engine-string.node';
import { ByteBuffer, type EncoderCore, runEncoder } from '../src/engine';
import { fastTwoByte as fastNode } from '../src/two-byte-loop.node';
import { table as cp437 } from '../src/generated/cp437';
import { table as windows1253 } from '../src/generated/windows-1253';
import { singleByte as singleByteNode } from '../src/single-byte.node';
import * as runNode from '../src/cjk/run.node';
import type { RunTables } from '../src/cjk/run';
import { slots } from '../src/generated/cjk-runs';

// The portable modules by a file URL, which neither test project maps to a .node.ts sibling: in
// the node project a plain import of them would be the node build's, and each comparison below
// would hold the node build to itself.
const portableModule = <T>(file: string): Promise<T> =>
  import(/* @vite-ignore */ pathToFileURL(join(import.meta.dirname, '../src', file)).href);
const {
  asciiText: asciiPortable,
  decodeTable: portable,
  unitsToString: unitsPortable,
} = await portableModule<typeof import('../src/engine-string')>('engine-string.ts');
const { fastTwoByte: fastPortable } =
  await portableModule<typeof import('../src/two-byte-loop')>('two-byte-loop.ts');
const { singleByte: singleBytePortable } =
  await portableModule<typeof import('../src/single-byte')>('single-byte.ts');
const runPortable = await portableModule<typeof import('../src/cjk/run')>('cjk/run.ts');

/**
 * A table as src/single-byte.ts makes them: bytes below `low` map to themselves, U+FFFD unmapped,
 * no surrogates (no charset maps a byte to one; the portable TextDecoder would replace it).
 */
const table = fc
  .tuple(
    fc.integer({ min: 0, max: 256 }),
    fc.array(
      fc.oneof(
        fc.integer({ min: 0, max: 0xd7ff }),
        fc.integer({ min: 0xe000, max: 0xffff }),
        fc.constant(0xfffd),
        fc.nat(255),
      ),
      {
        minLength: 256,
        maxLength: 256,
      },
    ),
  )
  .map(([low, units]) => Uint16Array.from(units, (u, b) => (b < low ? b : u)));

/** A table like windows-1252's: every byte maps to itself but some of 0x80-0x9F. */
const c1Table = fc
  .uniqueArray(fc.integer({ min: 0x80, max: 0x9f }), { minLength: 1, maxLength: 32 })
  .map((moved) => {
    const fwd = Uint16Array.from({ length: 256 }, (_, b) => b);
    for (const b of moved) fwd[b] = 0x2000 + b;
    return fwd;
  });

/** A made-up two-byte charset: ASCII, U+4E00-U+4FFF as pairs, U+FF61-U+FF9F as one byte each. */
const put = (cp: number, out: ByteBuffer): boolean => {
  if (cp < 0x80) out.push(cp);
  else if (cp >= 0x4e00 && cp < 0x5000) {
    out.push(0x81 + ((cp >> 8) & 0x0f));
    out.push(0x40 + (cp & 0xbf));
  } else if (cp >= 0xff61 && cp <= 0xff9f) out.push(cp - 0xff61 + 0xa1);
  else return false;
  return true;
};
/** Its encoder with the portable loop, then with the node build's. */
const cores: EncoderCore[] = [
  { put, fast: fastPortable(put) },
  { put, fast: fastNode(put) },
];
/** What `core` makes of `text` in `mode`: the bytes, or the error's name and index. */
const outcome = (core: EncoderCore, text: string, mode: 'fatal' | 'replacement' | 'html') => {
  const out = new ByteBuffer(text.length + 8);
  try {
    runEncoder(core, text, mode, out, 0, 'x');
    return Array.from(out.result()).join(',');
  } catch (e) {
    return `${(e as Error).name} ${(e as { index: number }).index}`;
  }
};

describe('the node build and the portable build', () => {
  it('decode any bytes through any table alike, short and long, with Latin-1 prefixes', () => {
    fc.assert(
      fc.property(
        table,
        fc.uint8Array({ maxLength: 40 }),
        fc.nat(600),
        fc.uint8Array({ maxLength: 400 }),
        (fwd, head, run, tail) => {
          // A run of bytes that map to themselves, between arbitrary bytes.
          const same = [...Array(256).keys()].filter((b) => fwd[b] === b);
          const middle = same.length
            ? Array.from({ length: run }, (_, i) => same[i % same.length]!)
            : [];
          const bytes = Uint8Array.from([...head, ...middle, ...tail]);
          expect(node(bytes, fwd)).toBe(portable(bytes, fwd));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('decode long input (16 KiB on: two bytes a step through the table of pairs) alike, from odd and even addresses, of odd and even lengths, after prefixes that map to themselves', () => {
    fc.assert(
      fc.property(
        table,
        fc.nat(3),
        fc.integer({ min: 0x4000 - 3, max: 0x4000 + 300 }),
        fc.oneof(fc.nat(3), fc.nat(200)),
        fc.integer(),
        (fwd, shift, length, prefix, seed) => {
          const same = [...Array(256).keys()].filter((b) => fwd[b] === b);
          const buffer = new Uint8Array(length + 4);
          let x = seed;
          for (let i = 0; i < length; i++) {
            x = (Math.imul(x, 1103515245) + 12345) | 0;
            buffer[shift + i] =
              i < prefix && same.length ? same[(x >>> 8) % same.length]! : (x >>> 16) & 0xff;
          }
          const bytes = buffer.subarray(shift, shift + length);
          expect(node(bytes, fwd)).toBe(portable(bytes, fwd));
        },
      ),
      { numRuns: 120 },
    );
  });

  it('decode short input (64 bytes or fewer: the loop straight into the units) alike, its bytes mapping to themselves or not', () => {
    fc.assert(
      fc.property(
        table,
        fc.uint8Array({ maxLength: 64, size: 'max' }),
        fc.boolean(),
        (fwd, bytes, selfOnly) => {
          const same = [...Array(256).keys()].filter((b) => fwd[b] === b);
          const input = selfOnly && same.length ? bytes.map((b) => same[b % same.length]!) : bytes;
          expect(node(input, fwd)).toBe(portable(input, fwd));
        },
      ),
      { numRuns: 300, endOnFailure: true },
    );
  });

  it('decode windows-1252-like tables alike, at any alignment, C1 bytes anywhere', () => {
    fc.assert(
      fc.property(
        c1Table,
        fc.uint8Array({ maxLength: 300 }),
        fc.nat(3),
        fc.nat(300),
        (fwd, random, offset, at) => {
          const latin = Uint8Array.from({ length: 300 }, (_, i) =>
            i % 2 ? 0x41 + (i % 26) : 0xa0 + (i % 96),
          );
          const buffer = new Uint8Array(310);
          buffer.set(latin, offset);
          const c1 = [...Array(32).keys()].map((k) => 0x80 + k).find((b) => fwd[b] !== b)!;
          const withC1 = buffer.slice();
          withC1[offset + (at % 300)] = c1;
          for (const bytes of [
            buffer.subarray(offset, offset + 300),
            withC1.subarray(offset, offset + 300),
            random,
          ])
            expect(node(bytes, fwd)).toBe(portable(bytes, fwd));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('turn well-formed code units into the same string', () => {
    // What the decoders hand over: UTF-16 with every surrogate paired.
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (text) => {
        const units = Uint16Array.from({ length: text.length }, (_, i) => text.charCodeAt(i));
        expect(unitsNode(units)).toBe(text);
        expect(unitsPortable(units)).toBe(text);
        expect(unitsNode(units.subarray(1, 1))).toBe('');
      }),
      { numRuns: 100 },
    );
  });

  it('keep a U+FEFF at the start of long code units (text, not a byte order mark to drop)', () => {
    for (const n of [2, 300, 5000]) {
      const text = `\ufeff${'a'.repeat(n)}`;
      const units = Uint16Array.from({ length: text.length }, (_, i) => text.charCodeAt(i));
      expect(unitsPortable(units)).toBe(text);
      expect(unitsNode(units)).toBe(text);
    }
  });

  it('find the same long ASCII text, and none elsewhere', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ max: 0x7f, maxLength: 700 }),
        fc.nat(700),
        fc.integer({ min: 0x80, max: 0xff }),
        fc.nat(3),
        (ascii, at, high, offset) => {
          const mixed = Uint8Array.from(ascii);
          if (mixed.length) mixed[at % mixed.length] = high;
          for (const bytes of [ascii, mixed, ascii.subarray(offset)])
            expect(asciiNode(bytes)).toBe(asciiPortable(bytes));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('find no ASCII text where one byte is not, before, at and after the end of the node build’s first look (64 bytes)', () => {
    for (const at of [0, 62, 63, 64, 65, 255, 256, 299]) {
      const bytes = new Uint8Array(300).fill(0x61);
      bytes[at] = 0x80;
      expect(asciiNode(bytes)).toBeUndefined();
      expect(asciiPortable(bytes)).toBeUndefined();
    }
    expect(asciiNode(new Uint8Array(300).fill(0x61))).toBe('a'.repeat(300));
  });

  it("run the two-byte encoders' loop alike: ASCII, pairs, single bytes above 0x7F, characters with no bytes and lone surrogates, long and short, in every mode", () => {
    const unit = fc.oneof(
      { weight: 20, arbitrary: fc.constantFrom('a', ' ', '<p>', '\n', 'the news ') },
      {
        weight: 20,
        arbitrary: fc.integer({ min: 0x4e00, max: 0x4fff }).map((c) => String.fromCharCode(c)),
      },
      { weight: 2, arbitrary: fc.constantFrom('\uff61', '\uff9f') },
      { weight: 1, arbitrary: fc.constantFrom('é', '€', '\u{1f600}', '\ud800', '\udc00') },
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.array(unit, { maxLength: 40 }),
          fc.array(unit, { minLength: 200, maxLength: 1500 }),
          fc
            .tuple(fc.nat(600), fc.array(unit, { maxLength: 600 }))
            .map(([n, rest]) => ['x'.repeat(n), ...rest]),
        ),
        fc.constantFrom('fatal', 'replacement', 'html') as fc.Arbitrary<
          'fatal' | 'replacement' | 'html'
        >,
        (parts, mode) => {
          const text = parts.join('');
          expect(outcome(cores[1]!, text, mode)).toBe(outcome(cores[0]!, text, mode));
        },
      ),
      { numRuns: 200 },
    );
  });

  it("run the two-byte encoders' loop alike on text of 9000 units with a character with no bytes, a lone surrogate or a one-byte character near 4 Ki, 8 Ki units and the end", () => {
    // Two-byte characters and ASCII from the first unit (no leading ASCII to copy first).
    const base = Array.from({ length: 9000 }, (_, k) =>
      String.fromCharCode(k % 5 ? 0x4e00 + (k % 0x200) : 0x61),
    );
    for (const at of [4094, 4095, 4096, 4097, 8191, 8192, 8999])
      for (const odd of ['é', '\ud800', '\uff61', 'a'])
        for (const mode of ['fatal', 'replacement', 'html'] as const) {
          const units = base.slice();
          units[at] = odd;
          const text = units.join('');
          expect(outcome(cores[1]!, text, mode)).toBe(outcome(cores[0]!, text, mode));
        }
  });

  it("run the two-byte encoders' loop alike where two-byte characters and ASCII units, taken two at a time, stop: odd and even stretches before ASCII, a one-byte character, a character with no bytes and the end, after longer text left its units in the scratch array", () => {
    const kinds = ['a', '\uff61', 'é', '\ud800', ''];
    // The longer text first, so that the units after a shorter text's end are a two-byte
    // character's: the loop must not read them.
    const long = '\u4e00'.repeat(700);
    for (let run = 1; run <= 6; run++)
      for (const before of ['', 'x', '\u4e01'])
        for (const after of kinds)
          for (const tail of ['', '\u4e02\u4e03', 'b'])
            for (const mode of ['fatal', 'html'] as const) {
              const text = `${'<p>'.repeat(90)}${before}${'\u4e10'.repeat(run)}${after}${'c'.repeat(run)}${tail}`;
              for (const core of cores) outcome(core, long, mode);
              expect(outcome(cores[1]!, text, mode)).toBe(outcome(cores[0]!, text, mode));
              const bare = `${'\u4e20'.repeat(256 + run)}${after}`;
              for (const core of cores) outcome(core, long, mode);
              expect(outcome(cores[1]!, bare, mode)).toBe(outcome(cores[0]!, bare, mode));
            }
  });

  it('build one two-byte table per encoder, whichever loop (short text: the portable one) reads it', () => {
    let calls = 0;
    const put = (cp: number, out: ByteBuffer): boolean => {
      calls++;
      if (cp < 0x80) out.push(cp);
      else if (cp >= 0x4e00 && cp < 0x5000) {
        out.push(0x81 + ((cp >> 8) & 0x0f));
        out.push(0x40 + (cp & 0xbf));
      } else return false;
      return true;
    };
    const core: EncoderCore = { put, fast: fastNode(put) };
    const encode = (text: string): number[] => {
      const out = new ByteBuffer(text.length + 8);
      runEncoder(core, text, 'fatal', out, 0, 'x');
      return Array.from(out.result());
    };
    expect(encode('a\u4e00')).toEqual([0x61, 0x8f, 0x40]);
    const once = calls;
    // The table asks `put` about every code unit above 0x7F but the surrogates, once.
    expect(once).toBeGreaterThanOrEqual(0x10000 - 0x80 - 0x800);
    expect(encode(`${'b'.repeat(300)}\u4e01`).slice(-2)).toEqual([0x8f, 0x41]);
    expect(calls).toBe(once);
  });

  it('read views of shared and offset memory alike', () => {
    const fwd = Uint16Array.from({ length: 256 }, (_, b) => (b < 0x80 ? b : 0x390 + b));
    const shared = new Uint8Array(new SharedArrayBuffer(600)).fill(0xe1);
    const offset = new Uint8Array(new Uint8Array(800).fill(0x62).buffer, 7, 500);
    for (const bytes of [shared, offset, shared.subarray(3, 9)])
      expect(node(bytes, fwd)).toBe(portable(bytes, fwd));
  });

  it('encode long and short text alike in every mode, characters the charset lacks and lone surrogates too', () => {
    for (const [name, coded] of [
      ['windows-1253', windows1253],
      ['cp437', cp437],
    ] as const) {
      const portable = singleBytePortable(name, 'windows', coded, false);
      const node = singleByteNode(name, 'windows', coded, false);
      // The charset's own characters, and a few it lacks (one now and then).
      const own = portable
        .decode(Uint8Array.from({ length: 256 }, (_, b) => b))
        .replace(/\ufffd/g, '');
      const unit = fc.oneof(
        { weight: 40, arbitrary: fc.constantFrom(...own) },
        { weight: 1, arbitrary: fc.constantFrom('€', '😀', '\ud800', '\udc00', '\u4e00') },
      );
      const outcome = (f: () => Uint8Array): string => {
        try {
          return Array.from(f()).join(',');
        } catch (e) {
          return `${(e as Error).name} ${(e as { index: number }).index} ${(e as { codePoint: number }).codePoint}`;
        }
      };
      fc.assert(
        fc.property(
          // Half the texts all the charset's own (the node build's fast path), half with others.
          fc.oneof(
            fc.array(fc.constantFrom(...own), { minLength: 256, maxLength: 1200 }),
            fc.array(unit, { minLength: 0, maxLength: 1200, size: 'max' }),
          ),
          fc.constantFrom('fatal', 'replacement', 'html') as fc.Arbitrary<
            'fatal' | 'replacement' | 'html'
          >,
          (chars, mode) => {
            const text = chars.join('');
            expect(outcome(() => node.encode(text, { mode }))).toBe(
              outcome(() => portable.encode(text, { mode })),
            );
          },
        ),
        { numRuns: 60 },
      );
    }
  });
});

describe("the CJK decoders' run loop, node build (a copy per table set) and portable", () => {
  // Made-up double-byte tables as src/cjk/run.ts builds them: each set has its own single bytes
  // above 0x7F, lead bytes and unmapped pairs, from a seed.
  const tableSet = (seed: number): RunTables => {
    const hash = (x: number): number => Math.imul(x ^ (x >>> 15), 0x2c1b3c6d + seed * 2) >>> 0;
    return runPortable.runTables(
      (b) => (hash(b) % 5 === 0 ? 0x3000 + b : 0),
      (lead, trail) => {
        const h = hash((lead << 8) | trail);
        return trail < 0x40 || h % 11 === 0
          ? 0
          : h % 97 === 0
            ? 0x10000 + h
            : 0x4e00 + (h % 0x5000);
      },
    );
  };
  // Text with long runs: ASCII, pairs of leads and trails, single bytes, and now and then a byte
  // or pair the loop leaves to the full decoder (NUL, an unmapped pair, a lone lead at the end).
  const piece = fc.oneof(
    { weight: 10, arbitrary: fc.uint8Array({ min: 0x01, max: 0x7f, maxLength: 60 }) },
    {
      weight: 30,
      arbitrary: fc
        .array(
          fc.tuple(fc.integer({ min: 0x81, max: 0xfe }), fc.integer({ min: 0x40, max: 0xfe })),
          {
            maxLength: 200,
          },
        )
        .map((pairs) => Uint8Array.from(pairs.flat())),
    },
    { weight: 2, arbitrary: fc.uint8Array({ maxLength: 4 }) },
  );
  const bytesOf = (parts: Uint8Array[], length: number): Uint8Array => {
    const all: number[] = [];
    const total = parts.reduce((n, p) => n + p.length, 0);
    for (let k = 0; all.length < length && total > 0; k++) all.push(...parts[k % parts.length]!);
    return Uint8Array.from(all.slice(0, length));
  };
  /** The bytes a run covers, the code units it wrote, and the output length it reports. */
  const outcome = (run: typeof runPortable, bytes: Uint8Array, from: number, t: RunTables) => {
    const out = new Uint16Array(bytes.length + 8).fill(0xffff);
    const i = run.twoByteRun(bytes, from, out, 3, t);
    return { i, end: run.runEnd, units: Array.from(out.subarray(0, run.runEnd)).join(',') };
  };

  // More table sets than copies: the copies go to the first ones that decode (module state, so
  // both tests below share these sets).
  const sets = Array.from({ length: slots.length + 2 }, (_, k) => tableSet(k));

  it('give each table set its own copy of the loop, up to the number of copies, then none (the portable loop)', () => {
    const bytes = Uint8Array.from({ length: 64 }, (_, i) => 0x41 + (i % 26));
    for (const t of sets) runNode.twoByteRun(bytes, 0, new Uint16Array(80), 0, t);
    const runs = sets.map((t) => t.run);
    const copies = runs.slice(0, slots.length);
    expect(new Set(copies).size).toBe(slots.length);
    for (const copy of copies) expect(copy).toBeTypeOf('function');
    // Past the copies, none: the portable loop runs.
    expect(runs.slice(slots.length)).toEqual([null, null]);
  });

  it('stop at the same byte with the same code units where a pair, a NUL or an unmapped pair sits across or at the edge of a copy’s 16 KiB view', () => {
    const t = sets[0]!;
    // A lead byte: one whose pairs the tables map (runTables cleared the others; a single byte's
    // row holds its own code unit).
    const lead = [...Array(128).keys()]
      .map((k) => 0x80 + k)
      .find((b) => t.len[b] === 2 && t.pair[(b << 8) | 0x80])!;
    expect(lead).toBeGreaterThanOrEqual(0x80);
    for (const at of [0x3ffe, 0x3fff, 0x4000, 0x4001, 0x7fff, 0x8000])
      for (const second of [0x80, 0x00, 0x41]) {
        // ASCII, then from an even or odd offset pairs `lead 0x80` that run across `at`.
        const bytes = new Uint8Array(0x9000).fill(0x61);
        for (let i = at - 101; i < at + 99; i += 2) bytes.set([lead, 0x80], i);
        bytes[at + 1] = second;
        for (const from of [0, 5])
          expect(outcome(runNode, bytes, from, t)).toEqual(outcome(runPortable, bytes, from, t));
      }
  });

  it('stop at the same byte with the same code units on any text, short and long (two runs in step), from any start, through a copy and through the portable loop', () => {
    fc.assert(
      fc.property(
        fc.nat(sets.length - 1),
        fc.array(piece, { minLength: 1, maxLength: 30 }),
        fc.oneof(fc.nat(600), fc.integer({ min: 8000, max: 40000 })),
        fc.nat(100),
        (k, parts, length, start) => {
          const bytes = bytesOf(parts, length);
          const from = Math.min(start, bytes.length);
          const t = sets[k]!;
          const want = outcome(runPortable, bytes, from, t);
          expect(outcome(runNode, bytes, from, t)).toEqual(want);
          // Again on the same tables: a copy keeps no state of the last call but the solo length,
          // which is the portable loop's too.
          expect(outcome(runNode, bytes, from, t)).toEqual(outcome(runPortable, bytes, from, t));
        },
      ),
      { numRuns: 150 },
    );
  });
});
