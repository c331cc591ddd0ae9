// `{ nfc: true }` while streaming: the text is NFC of the whole input however the bytes are cut,
// the same as one-shot decoding, in replacement and fatal mode. A chunk's text is normalized up to
// its last character that nothing after it can change; the rest waits for the next chunk.
// https://www.unicode.org/reports/tr15/#Stable_Code_Points (UAX #15 §9.1)
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Codec, DecodeError, getCodec as byName } from '../src/index';
import { codec as noEacc } from '../src/marc-8-no-eacc';

const getCodec = (name: string): Codec | undefined =>
  name === 'marc-8-no-eacc' ? noEacc : byName(name);

const NFC_CODECS = [
  'marc-8',
  'marc-8-no-eacc',
  'ansel',
  'unimarc',
  'iso-5426',
  'iso-5427',
  'iso-5428',
];
const ESC = 0x1b;

/** Decode `bytes` cut at `cuts` with a streaming decoder: the text, or the error's index. */
function streamed(
  name: string,
  bytes: Uint8Array,
  cuts: number[],
  fatal: boolean,
): string | number {
  const d = getCodec(name)!.createDecoder({ nfc: true, fatal });
  const at = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  let out = '';
  let from = 0;
  try {
    for (const to of at) {
      out += d.decode(bytes.subarray(from, to), { stream: true });
      from = to;
    }
    return out + d.decode(bytes.subarray(from));
  } catch (error) {
    expect(error).toBeInstanceOf(DecodeError);
    return (error as DecodeError).index;
  }
}

/** One-shot decoding: the text, or the error's index. */
function oneShot(name: string, bytes: Uint8Array, fatal: boolean): string | number {
  try {
    return getCodec(name)!.decode(bytes, { nfc: true, fatal });
  } catch (error) {
    expect(error).toBeInstanceOf(DecodeError);
    return (error as DecodeError).index;
  }
}

// Bytes rich in what NFC composes and reorders: Latin and Greek letters, the high half (ANSEL's and
// ISO 5426's diacritics before their base, ISO 5428's Greek and its accents), escapes into the
// other sets (MARC-8: Greek, Cyrillic, EACC; UNIMARC: ISO 5427, 5428), EACC codes, any byte.
const piece = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0x41, max: 0x7a }).map((b) => [b]) },
  { weight: 5, arbitrary: fc.integer({ min: 0xa0, max: 0xff }).map((b) => [b]) },
  { weight: 2, arbitrary: fc.constantFrom([0xe2], [0xe3], [0xf2], [0xc2], [0xc3], [0xa2], [0x20]) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      [ESC, 0x28, 0x53],
      [ESC, 0x28, 0x4e],
      [ESC, 0x28, 0x42],
      [ESC, 0x29, 0x21, 0x45],
      [ESC, 0x24, 0x31],
      [ESC, 0x2d, 0x51],
      [ESC, 0x29, 0x53],
      [ESC, 0x29, 0x50],
      [0x21, 0x30, 0x21],
      [0x21, 0x23, 0x20],
    ),
  },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 0xff }).map((b) => [b]) },
);
const input = fc.array(piece, { maxLength: 40 }).map((p) => Uint8Array.from(p.flat()));
const cuts = fc.array(fc.nat(), { maxLength: 12 });

describe.each(NFC_CODECS)('%s, nfc, streaming', (name) => {
  it('equals one-shot for any chunking, replacement and fatal', () => {
    fc.assert(
      fc.property(input, cuts, fc.boolean(), (bytes, at, fatal) => {
        expect(streamed(name, bytes, at, fatal)).toBe(oneShot(name, bytes, fatal));
      }),
      { numRuns: 500 },
    );
  });
  it('equals one-shot byte by byte', () => {
    fc.assert(
      fc.property(input, fc.boolean(), (bytes, fatal) => {
        const every = Array.from(bytes, (_, k) => k + 1);
        expect(streamed(name, bytes, every, fatal)).toBe(oneShot(name, bytes, fatal));
      }),
      { numRuns: 100 },
    );
  });
});

describe('a base and its mark in different chunks compose', () => {
  it('ISO 5428: i, then the acute (0xA2) in the next chunk, is í', () => {
    const d = getCodec('iso-5428')!.createDecoder({ nfc: true });
    const s = d.decode(Uint8Array.of(0x69), { stream: true }) + d.decode(Uint8Array.of(0xa2));
    expect(s).toBe('\u00ed');
  });
  it('MARC-8: E3 61 | E2 (circumflex a, then an acute before the next letter) is U+1EA5 at the end', () => {
    const d = getCodec('marc-8')!.createDecoder({ nfc: true });
    const first = d.decode(Uint8Array.of(0xe3, 0x61), { stream: true });
    expect(first).toBe('');
    expect(first + d.decode(Uint8Array.of(0xe2))).toBe('\u1ea5');
  });
  it('text that nothing later can change comes out at once; a trailing mark waits', () => {
    const d = getCodec('ansel')!.createDecoder({ nfc: true });
    // "ab" then e: the e may still take a mark, a and b may not.
    expect(d.decode(Uint8Array.of(0x61, 0x62, 0x65), { stream: true })).toBe('ab');
    expect(d.decode(Uint8Array.of(0x78), { stream: true })).toBe('e');
    // ISO 5426 writes the mark before its base: E2 waits inside the decoder, then composes.
    expect(d.decode(Uint8Array.of(0xe2), { stream: true })).toBe('');
    expect(d.decode(Uint8Array.of(0x65), { stream: true })).toBe('x');
    expect(d.decode()).toBe('\u00e9');
  });
  it('a new decode call after the end starts afresh', () => {
    const d = getCodec('ansel')!.createDecoder({ nfc: true });
    expect(d.decode(Uint8Array.of(0x61), { stream: true })).toBe('');
    expect(d.decode()).toBe('a');
    expect(d.decode(Uint8Array.of(0xe2, 0x65))).toBe('\u00e9');
  });
});

describe('linear: each character normalized once, scanned once', () => {
  afterEach(() => vi.restoreAllMocks());
  /** Code units normalized and characters tested while `bytes` decode one byte at a time. */
  const work = (name: string, bytes: Uint8Array): number => {
    let units = 0;
    const normalize = String.prototype.normalize;
    vi.spyOn(String.prototype, 'normalize').mockImplementation(function (this: string, form) {
      units += this.length;
      return normalize.call(this, form);
    });
    const test = RegExp.prototype.test;
    vi.spyOn(RegExp.prototype, 'test').mockImplementation(function (this: RegExp, s: string) {
      units += 1;
      return test.call(this, s);
    });
    const d = getCodec(name)!.createDecoder({ nfc: true });
    let out = '';
    for (let k = 0; k < bytes.length; k++)
      out += d.decode(bytes.subarray(k, k + 1), { stream: true });
    out += d.decode();
    vi.restoreAllMocks();
    expect(out).toBe(getCodec(name)!.decode(bytes, { nfc: true }));
    return units / bytes.length;
  };
  // n letters, each after one mark (ANSEL writes the mark first): 2 units of work per byte.
  const marks = (n: number): Uint8Array => {
    const b = new Uint8Array(2 * n);
    for (let k = 0; k < n; k++) b.set([0xe2 + (k % 3), 0x61 + (k % 20)], 2 * k);
    return b;
  };
  it('letters with marks: a constant amount of work per byte at 4000 and 16000 pairs', () => {
    const small = work('ansel', marks(4000));
    const large = work('ansel', marks(16000));
    expect(small).toBeLessThan(4);
    expect(large).toBeLessThan(4);
  });
  it('ISO 5428 (marks after their base): a letter and 16000 marks, all waiting, normalized once', () => {
    const bytes = new Uint8Array(16001).fill(0xa2);
    bytes[0] = 0x69;
    expect(work('iso-5428', bytes)).toBeLessThan(3);
  });
});
