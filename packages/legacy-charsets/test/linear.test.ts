// Linear time for every codec, in every mode, on the classes of input that used to be slow: the
// output buffer of the CJK encoders was copied once per character that left their two-byte loop
// (each four-byte gb18030 character, such as Thai; each unmappable character in html mode), so
// 512K characters took seconds. Work is counted, not timed: every element of every typed array
// allocated, copied (`set`, `copyWithin`, `slice`) or filled while a call runs, divided by the
// length of the input. An output buffer that grows by doubling keeps that ratio a small constant;
// one copied per character makes it grow with the input (about n / 2 for n characters), which the
// bound below catches at every size here. The codecs that used to be slow get 512K code units
// (1 MiB of UTF-16) of the classes that were slow; the rest get 4 Ki, where a quadratic copy
// already costs 2,000 elements a unit of input. With the old growth rule, the two-byte CJK
// encoders' tests here fail (gb18030 on the characters it holds, every one in html mode).
import { beforeAll, describe, expect, it } from 'vitest';
import { type Codec, encodings, getCodec } from '../src/index';
import { workPerUnit } from './work';

const MiB = 1 << 20;
/** Work a unit of input may cost: allocation (doubling: 2x), copies (1x), html references (10x)… */
const BOUND = 64;

// --- the inputs ------------------------------------------------------------------------------
/** Characters of many scripts; each codec's "held" text uses those it can encode. */
const CANDIDATES = [
  'a',
  '\n',
  '~',
  '+',
  '&',
  'é',
  '€',
  'α',
  'ж',
  'ש',
  '\u0e01', // Thai: four bytes in gb18030
  '\u4e00',
  'あ',
  '한',
  '\u{1f600}', // astral: four bytes in gb18030, a surrogate pair in UTF-16 and UTF-7
  'e\u0301', // a combining mark (moved before its base by MARC-8)
];
const UNMAPPABLE = ['\u{1f600}', '\u4e00', '\u0e01', 'é', '€', '\x1b', '\u0301', '\ue000'];

const holds = (codec: Codec, c: string): boolean => {
  try {
    codec.encode(c);
    return true;
  } catch {
    return false;
  }
};
/** `units` repeated to `n` UTF-16 code units (whole units only). */
const repeat = (units: string, n: number): string =>
  units.repeat(Math.max(1, Math.floor(n / units.length)));
/** Bytes of a pattern repeated to `n`. */
const bytesOf = (pattern: number[], n: number): Uint8Array => {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = pattern[i % pattern.length]!;
  return out;
};
/** Bytes from a fixed linear congruential sequence: the same "random" input on every run. */
const noise = (n: number): Uint8Array => {
  const out = new Uint8Array(n);
  let x = 12345;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
};

// Byte patterns that drive decoders off their fast loops: lone lead bytes, sequences cut short,
// escapes (ISO 2022, HZ, UTF-7 shifts, MARC-8), bytes no table maps, surrogates.
const BYTE_CLASSES: [string, number[]][] = [
  ['0xFF', [0xff]],
  ['lead bytes only', [0x81]],
  ['gb18030 four-byte sequences cut short', [0x81, 0x30, 0x81]],
  ['an ASCII byte after each lead byte', [0xe1, 0x41]],
  ['ISO 2022 designations and shifts', [0x1b, 0x24, 0x29, 0x43, 0x0e, 0x21, 0x21, 0x0f]],
  ['unknown escape sequences', [0x1b, 0x28, 0x5a]],
  ['HZ and UTF-7 shifts', [0x7e, 0x7b, 0x21, 0x2b, 0x41, 0x26]],
  ['lone low surrogates (UTF-16LE)', [0x00, 0xdc]],
  ['combining marks with no base (ANSEL)', [0xe2]],
  ['deterministic noise', []],
];

/** The codecs that used to be slow: every CJK and ISO 2022 encoder. */
const SLOW = new Set(
  encodings()
    .filter((e) => e.family === 'cjk' || e.family === 'iso-2022')
    .map((e) => e.name),
);

/** The encoders that choose designations by dynamic programming (src/iso2022/machine.ts). */
const SHORTEST = new Set(['iso-2022', 'compound-text']);

/** Every codec the package exports: each subpath's `codec`, and the main entry's where it differs. */
const subpaths = await Promise.all(
  encodings().map(
    async (e) =>
      [e.name, ((await import(`../src/${e.name}.ts`)) as { codec: Codec }).codec] as const,
  ),
);
// Codecs of the main entry that are not the subpath's own.
const tuned = subpaths.filter(([name, codec]) => getCodec(name) !== codec).map(([name]) => name);

describe.each(subpaths)('%s', (_, codec) => {
  // 512 Ki code units (1 MiB of UTF-16) for the attacks that used to work (the CJK and ISO-2022
  // encoders; 512K characters took 8 to 31 s), 64 Ki for their other classes and decoders; 4 Ki
  // elsewhere, where a quadratic copy would already cost 2,000 elements a unit.
  const slow = SLOW.has(codec.name);
  // The shortest-output ISO 2022 encoders (iso-2022, compound-text) spend a few microseconds a
  // character on text that changes set at every character, as the held text here does: 64 Ki of
  // it (where a quadratic copy would cost 32 Ki elements a unit) keeps this file's time; their
  // dynamic program's own work is counted in test/iso2022-shortest.test.ts.
  const big = slow ? (SHORTEST.has(codec.name) ? 64 << 10 : MiB / 2) : 4096;
  const small = slow ? 64 << 10 : 4096;
  const held = CANDIDATES.filter((c) => holds(codec, c));
  const unmappable = UNMAPPABLE.filter((c) => !holds(codec, c));
  // Warm up: build each codec's tables outside the count (they are built once, on first use).
  beforeAll(() => {
    codec.encode(held.join(''));
    codec.decode(noise(64));
  });

  it('quadratic encoder output growth: every character it holds (four-byte gb18030 such as Thai, astral), fatal mode, at once and streamed', () => {
    const text = repeat(held.join(''), big);
    expect(workPerUnit(text.length, () => codec.encode(text))).toBeLessThan(BOUND);
    const part = text.slice(0, 4096);
    const encoder = codec.createEncoder();
    expect(
      workPerUnit(part.length, () => {
        for (let i = 0; i < part.length; i += 100) {
          encoder.encode(part.slice(i, i + 100), { stream: true });
        }
        encoder.encode();
      }),
    ).toBeLessThan(BOUND);
  });

  it('quadratic encoder output growth: unmappable characters (alone, and between held ones), html and replacement modes', () => {
    const mix = `${unmappable.flatMap((u, k) => [u, held[k % held.length]!]).join('')}\udc00`;
    for (const mode of ['html', 'replacement'] as const) {
      const only = repeat(unmappable[0] ?? '\ud800', mode === 'html' ? big : small);
      expect(workPerUnit(only.length, () => codec.encode(only, { mode }))).toBeLessThan(BOUND);
      const text = repeat(mix, small);
      expect(workPerUnit(text.length, () => codec.encode(text, { mode }))).toBeLessThan(BOUND);
    }
  });

  it('quadratic decoder output growth: bytes off the fast loops (lead bytes, cut sequences, escapes, shifts, noise), at once and in chunks of 7 bytes', () => {
    for (const [, pattern] of BYTE_CLASSES) {
      const bytes = pattern.length > 0 ? bytesOf(pattern, small) : noise(small);
      expect(workPerUnit(bytes.length, () => codec.decode(bytes))).toBeLessThan(BOUND);
      const part = bytes.subarray(0, 4096);
      const decoder = codec.createDecoder();
      expect(
        workPerUnit(part.length, () => {
          for (let i = 0; i < part.length; i += 7) {
            decoder.decode(part.subarray(i, i + 7), { stream: true });
          }
          decoder.decode();
        }),
      ).toBeLessThan(BOUND);
    }
  });
});

describe('the main entry', () => {
  // One codec object per charset: the main entry's fast paths are the subpath's (src/single-byte.ts),
  // so the linear-time tests above cover both imports.
  it('hands out the subpath codecs themselves', () => {
    expect(tuned).toEqual([]);
  });
});

describe('the work counter sees a quadratic copy', () => {
  it('an output buffer copied on every character costs n / 2 a unit', () => {
    const n = 4096;
    const perUnit = workPerUnit(n, () => {
      let out = new Uint8Array(0);
      for (let i = 0; i < n; i++) {
        const next = new Uint8Array(out.length + 1);
        next.set(out);
        next[i] = 0x41;
        out = next;
      }
    });
    expect(perUnit).toBeGreaterThan(n / 2);
  });
});
