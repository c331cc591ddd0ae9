// Differential tests: the platform's WHATWG TextDecoder('utf-8') is the oracle, on random and
// adversarial bytes, through both our own decoder (short inputs) and the platform path (long ones).
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decode, encode, Utf8DecodeError, Utf8Decoder, validate } from '../src/index';
import { adversarialBytes, chunk, concat, expectedError, platformDecode } from './helpers';

// Up to 24 bytes our decoder runs; above, the platform's. Padding moves a case onto the platform path.
const paths = {
  'own decoder (short input)': { max: 24, place: (b: Uint8Array) => b },
  'platform path (long input)': {
    max: 60,
    place: (b: Uint8Array) => concat(new Uint8Array(70).fill(0x20), b),
  },
};

for (const [name, { max, place }] of Object.entries(paths)) {
  describe(name, () => {
    it('replacement mode equals TextDecoder', () => {
      fc.assert(
        fc.property(adversarialBytes(max), (b) => {
          const bytes = place(b);
          expect(decode(bytes, { ignoreBOM: true })).toBe(platformDecode(bytes));
          expect(decode(bytes)).toBe(new TextDecoder().decode(bytes));
        }),
        { numRuns: 500 },
      );
    });

    it('fatal mode throws exactly when TextDecoder does, at the first ill-formed byte', () => {
      fc.assert(
        fc.property(adversarialBytes(max), (b) => {
          const bytes = place(b);
          const want = expectedError(bytes);
          let platformThrows = false;
          try {
            new TextDecoder('utf-8', { fatal: true }).decode(bytes);
          } catch {
            platformThrows = true;
          }
          expect(want !== undefined).toBe(platformThrows);
          if (want === undefined) {
            expect(decode(bytes, { fatal: true, ignoreBOM: true })).toBe(platformDecode(bytes));
            expect(validate(bytes)).toEqual({ valid: true });
          } else {
            expect(() => decode(bytes, { fatal: true })).toThrow(Utf8DecodeError);
            try {
              decode(bytes, { fatal: true });
            } catch (error) {
              expect(error).toMatchObject(want);
            }
            expect(validate(bytes)).toEqual({ valid: false, index: want.index });
          }
        }),
        { numRuns: 500 },
      );
    });
  });
}

it('every string of up to 3 bytes (4 after E0 ED F0 F1 F4) over the boundary bytes decodes as TextDecoder does', () => {
  // Every lead class and every boundary of the continuation ranges, in every combination.
  const boundary = [
    0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xe1, 0xed, 0xef,
    0xf0, 0xf1, 0xf4, 0xf5, 0xf8, 0xfc, 0xfe, 0xff,
  ];
  const mismatches: string[] = [];
  let checked = 0;
  const walk = (prefix: number[]) => {
    if (prefix.length > 0) {
      const bytes = new Uint8Array(prefix);
      const want = expectedError(bytes);
      const got = validate(bytes);
      if (
        decode(bytes, { ignoreBOM: true }) !== platformDecode(bytes) ||
        (want ? !('index' in got) || got.index !== want.index : !got.valid)
      ) {
        mismatches.push(prefix.map((x) => x.toString(16)).join(' '));
      }
      checked++;
    }
    // Four bytes only after the leads whose second byte has a special range, and a 4-byte lead.
    const depth = [0xe0, 0xed, 0xf0, 0xf1, 0xf4].includes(prefix[0] ?? 0) ? 4 : 3;
    if (prefix.length < depth) for (const b of boundary) walk([...prefix, b]);
  };
  walk([]);
  expect(checked).toBe(24 + 24 ** 2 + 24 ** 3 + 5 * 24 ** 3);
  expect(mismatches).toEqual([]);
}, 120_000);

describe('streaming, chunk by chunk', () => {
  // Short chunks run our decoder (and the tail check that holds back a split sequence); chunks
  // padded with 30 spaces run the platform's. Both are compared with TextDecoder's own streaming.
  const chunkings = {
    'short chunks': (parts: Uint8Array[]) => parts,
    'long chunks': (parts: Uint8Array[]) =>
      parts.map((p, k) => (k % 2 ? concat(new Uint8Array(30).fill(0x20), p) : p)),
  };
  for (const [name, arrange] of Object.entries(chunkings)) {
    it(`${name}: every call returns what TextDecoder's returns, fatal or not`, () => {
      fc.assert(
        fc.property(
          adversarialBytes(60),
          fc.array(fc.nat(60), { maxLength: 6 }),
          fc.boolean(),
          fc.boolean(),
          (bytes, cuts, fatal, ignoreBOM) => {
            const ours = new Utf8Decoder({ fatal, ignoreBOM });
            // TextDecoder keeps every U+FEFF; the BOM rule is applied here, as WHATWG §7.1 words
            // it: only the first code point of the stream is dropped if it is U+FEFF. (Node 24's
            // own BOM handling drops a U+FEFF that follows a sequence completed across chunks,
            // e.g. F4 | 8F BF BF EF BB BF.)
            const theirs = new TextDecoder('utf-8', { fatal, ignoreBOM: true });
            let started = ignoreBOM;
            const parts = arrange(chunk(bytes, cuts));
            let seen: Uint8Array = new Uint8Array(0);
            for (const [k, part] of [...parts, undefined].entries()) {
              const stream = k < parts.length;
              if (part) seen = concat(seen, part);
              let want: string | undefined;
              try {
                want = theirs.decode(part, { stream });
                if (!started && want) {
                  started = true;
                  if (want.charCodeAt(0) === 0xfeff) want = want.slice(1);
                }
              } catch {
                // Fatal, and ill-formed: ours throws at the first ill-formed byte of the stream.
                const at = expectedError(seen);
                expect(() => ours.decode(part, { stream })).toThrow(
                  expect.objectContaining({ index: at?.index }) as unknown as Error,
                );
                return;
              }
              expect(ours.decode(part, { stream })).toBe(want);
            }
          },
        ),
        { numRuns: 300 },
      );
    });
  }
});

describe('which path runs', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('short inputs use our codec, long ones the platform codec (the node build: Node for 1 KiB of ASCII)', () => {
    const platformDecode = vi.spyOn(TextDecoder.prototype, 'decode');
    const platformEncode = vi.spyOn(TextEncoder.prototype, 'encode');
    expect(decode(new Uint8Array(24).fill(0x41))).toBe('A'.repeat(24));
    expect(encode('a'.repeat(32))).toEqual(new Uint8Array(32).fill(0x61));
    expect(platformDecode).not.toHaveBeenCalled();
    expect(platformEncode).not.toHaveBeenCalled();
    expect(decode(new Uint8Array(25).fill(0x41))).toBe('A'.repeat(25));
    expect(encode('a'.repeat(33))).toEqual(new Uint8Array(33).fill(0x61));
    expect(platformDecode).toHaveBeenCalledTimes(1);
    expect(platformEncode).toHaveBeenCalledTimes(1);
    expect(decode(Uint8Array.of(0xc3, 0xa9, ...new Uint8Array(23).fill(0x41)))).toBe(
      `é${'A'.repeat(23)}`,
    );
    expect(platformDecode).toHaveBeenCalledTimes(2);
    // From 1 KiB on, the node build (tooling/platform.ts) copies ASCII with Node's latin1Slice.
    expect(decode(new Uint8Array(1024).fill(0x41))).toBe('A'.repeat(1024));
    expect(platformDecode).toHaveBeenCalledTimes(process.env.X_BUILD === 'node' ? 2 : 3);
    // And from 2048 units on, it writes text that starts with ASCII with encodeInto.
    expect(encode('a'.repeat(2048))).toEqual(new Uint8Array(2048).fill(0x61));
    expect(platformEncode).toHaveBeenCalledTimes(process.env.X_BUILD === 'node' ? 1 : 2);
  });

  it('a long ill-formed input in fatal mode is checked by the platform, then located by our decoder', () => {
    const platformDecode = vi.spyOn(TextDecoder.prototype, 'decode');
    const bytes = concat(new Uint8Array(40).fill(0x41), new Uint8Array([0xe0, 0x80]));
    expect(validate(bytes)).toEqual({ valid: false, index: 40 });
    expect(platformDecode).toHaveBeenCalledTimes(1);
  });

  it('falls back to our decoder when the platform refuses the buffer itself', () => {
    vi.spyOn(TextDecoder.prototype, 'decode').mockImplementation(() => {
      throw new TypeError('not a buffer I take');
    });
    const shared = new Uint8Array(new SharedArrayBuffer(30));
    shared.set([0xe2, 0x89, 0xa0], 27);
    expect(decode(shared)).toBe(`${'\0'.repeat(27)}≠`);
    expect(decode(shared, { fatal: true })).toBe(`${'\0'.repeat(27)}≠`);
  });
});
