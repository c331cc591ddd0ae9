// Round trips and invariants, on random strings and byte strings (fast-check).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byteLength, decode, encode, encodeInto, Utf8Decoder } from '../src/index';
import { adversarialBytes, chunk, toWellFormed } from './helpers';

// Strings of any UTF-16 units (lone surrogates included), short and long enough for both paths.
const anyString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'binary', minLength: 60, maxLength: 300 }),
  fc.string({ unit: fc.constantFrom('\ud83d', '\ude00', 'a', 'é', '€'), maxLength: 200 }),
);

describe('encode', () => {
  it('decode(encode(s)) is the well-formed version of s', () => {
    fc.assert(
      fc.property(anyString, (s) => {
        expect(decode(encode(s), { ignoreBOM: true })).toBe(toWellFormed(s));
      }),
    );
  });

  it('encode(s) has byteLength(s) bytes and equals the platform encoder', () => {
    fc.assert(
      fc.property(anyString, (s) => {
        const bytes = encode(s);
        expect(bytes.length).toBe(byteLength(s));
        expect(bytes).toEqual(new TextEncoder().encode(s));
      }),
    );
  });

  it('encodeInto writes whole code points and agrees with the platform encodeInto', () => {
    fc.assert(
      fc.property(anyString, fc.nat(900), (s, room) => {
        const ours = new Uint8Array(room);
        const theirs = new Uint8Array(room);
        const r = encodeInto(s, ours);
        const t = new TextEncoder().encodeInto(s, theirs);
        expect(r).toEqual({ read: t.read, written: t.written });
        expect(ours).toEqual(theirs);
        // What was written is the encoding of what was read.
        expect(ours.subarray(0, r.written)).toEqual(encode(s.slice(0, r.read)));
      }),
    );
  });
});

describe('decode', () => {
  it('streaming in random chunkings equals one-shot decoding', () => {
    fc.assert(
      fc.property(
        adversarialBytes(120),
        fc.array(fc.nat(120), { maxLength: 8 }),
        fc.boolean(),
        (bytes, cuts, ignoreBOM) => {
          const decoder = new Utf8Decoder({ ignoreBOM });
          let text = '';
          for (const c of chunk(bytes, cuts)) text += decoder.decode(c, { stream: true });
          text += decoder.decode();
          expect(text).toBe(decode(bytes, { ignoreBOM }));
        },
      ),
    );
  });

  it('in fatal mode, streaming throws exactly when one-shot does, at the same stream offset', () => {
    fc.assert(
      fc.property(adversarialBytes(120), fc.array(fc.nat(120), { maxLength: 8 }), (bytes, cuts) => {
        const outcome = (f: () => string) => {
          try {
            return { text: f() };
          } catch (error) {
            return { index: (error as { index: number }).index };
          }
        };
        const decoder = new Utf8Decoder({ fatal: true });
        const streamed = outcome(() => {
          let text = '';
          for (const c of chunk(bytes, cuts)) text += decoder.decode(c, { stream: true });
          return text + decoder.decode();
        });
        expect(streamed).toEqual(outcome(() => decode(bytes, { fatal: true })));
        // After an error or a flush, the decoder starts a new stream.
        expect(decoder.decode(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]))).toBe('A');
      }),
    );
  });

  it('a decoder reused after a flush behaves as a new one', () => {
    fc.assert(
      fc.property(adversarialBytes(30), adversarialBytes(30), (a, b) => {
        const decoder = new Utf8Decoder();
        decoder.decode(a.subarray(0, a.length >> 1), { stream: true });
        decoder.decode(a.subarray(a.length >> 1));
        expect(decoder.decode(b)).toBe(decode(b));
      }),
    );
  });

  it('the output never contains a lone surrogate', () => {
    fc.assert(
      fc.property(adversarialBytes(200), (bytes) => {
        const text = decode(bytes);
        expect(toWellFormed(text)).toBe(text);
      }),
    );
  });
});
