// A runtime without TextDecoder/TextEncoder (plain ES2020): our own codec does all the work, at every
// length, and still equals the platform's (saved before the globals are removed).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as Api from '../src/index';
import { adversarialBytes, concat, expectedError, platformDecode, toWellFormed } from './helpers';

let api: typeof Api;

beforeAll(async () => {
  vi.stubGlobal('TextDecoder', undefined);
  vi.stubGlobal('TextEncoder', undefined);
  vi.resetModules();
  api = await import('../src/index');
});

afterAll(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('without a platform codec', () => {
  it('decodes long inputs (past the output flush at 8191 units) as TextDecoder does', () => {
    fc.assert(
      fc.property(fc.array(adversarialBytes(40), { minLength: 1, maxLength: 5 }), (parts) => {
        // 9000 bytes of mixed content on either side of the adversarial parts.
        const filler = new Uint8Array(9000).map(
          (_, i) => (i % 3 === 0 ? 0x41 : 0xc3 + (i % 2)) & 0xff,
        );
        const bytes = concat(filler, ...parts, filler);
        expect(api.decode(bytes, { ignoreBOM: true })).toBe(platformDecode(bytes));
        const want = expectedError(bytes);
        expect(api.validate(bytes)).toEqual(
          want ? { valid: false, index: want.index } : { valid: true },
        );
      }),
      { numRuns: 30 },
    );
  });

  it('decodes 100 000 four-byte characters', () => {
    const bytes = new Uint8Array(400_000);
    for (let i = 0; i < bytes.length; i += 4) bytes.set([0xf0, 0x9f, 0x98, 0x80], i);
    expect(api.decode(bytes)).toBe('😀'.repeat(100_000));
  });

  it('encodes and measures long strings as TextEncoder does', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', minLength: 65, maxLength: 400 }), (s) => {
        const bytes = api.encode(s);
        expect(api.decode(bytes, { ignoreBOM: true })).toBe(toWellFormed(s));
        expect(bytes.length).toBe(api.byteLength(s));
        const dest = new Uint8Array(bytes.length >> 1);
        const { read, written } = api.encodeInto(s, dest);
        expect(dest.subarray(0, written)).toEqual(bytes.subarray(0, written));
        expect(api.encode(s.slice(0, read))).toEqual(bytes.subarray(0, written));
      }),
      { numRuns: 50 },
    );
  });

  it('streams long chunks', () => {
    const decoder = new api.Utf8Decoder();
    const bytes = concat(new Uint8Array(100).fill(0x41), new Uint8Array([0xe2, 0x89]));
    expect(decoder.decode(bytes, { stream: true })).toBe('A'.repeat(100));
    expect(decoder.decode(new Uint8Array([0xa0]))).toBe('≠');
  });
});
