// TextDecoder against @exodus/bytes, a second implementation of the WHATWG Encoding Standard
// written from the specification: the oracle for the encodings where Node's ICU decoder leaves the
// Standard (NODE_DIVERGES), and for the rest a second opinion. Bytes are drawn so that the
// structure of every encoding is met often: escapes, shifts, lead and trail ranges, line feeds.
import { TextDecoder as ExodusTextDecoder } from '@exodus/bytes/encoding.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TextDecoder } from '../src/index';
import { decodeInChunks, NODE_DIVERGES, WHATWG_ENCODINGS } from './text-coding-helpers';

/** Bytes that start or end something in one of the encodings, and any byte now and then. */
const structured = fc
  .uint8Array({ maxLength: 60 })
  .chain((noise) =>
    fc
      .array(
        fc.oneof(
          fc.constantFrom(0x1b, 0x24, 0x28, 0x40, 0x42, 0x49, 0x4a, 0x0a, 0x0e, 0x0f, 0x7e),
          fc.constantFrom(0x21, 0x30, 0x39, 0x5c, 0x7f, 0x80, 0x81, 0x8e, 0x8f, 0xa1, 0xfe, 0xff),
          fc.constantFrom(0xd8, 0xdc, 0xdf, 0x00, 0xef, 0xbb, 0xbf, 0xe0, 0xf0, 0xf4),
          fc.constantFrom(...(noise.length ? noise : [0x41])),
        ),
        { maxLength: 60 },
      )
      .map((list) => Uint8Array.from(list)),
  );

const outcome = (f: () => string): string => {
  try {
    return f();
  } catch (error) {
    return error instanceof TypeError ? 'TypeError' : String(error);
  }
};

describe('TextDecoder against @exodus/bytes', () => {
  it('every WHATWG encoding, one shot and in random chunks, fatal or not: the same text or failure', () => {
    expect(WHATWG_ENCODINGS.length).toBe(39);
    fc.assert(
      fc.property(
        fc.constantFrom(...WHATWG_ENCODINGS),
        structured,
        fc.array(fc.nat(), { maxLength: 6 }),
        fc.boolean(),
        fc.boolean(),
        (encoding, input, cuts, fatal, ignoreBOM) => {
          const options = { fatal, ignoreBOM };
          const theirs = outcome(() => new ExodusTextDecoder(encoding, options).decode(input));
          expect(outcome(() => new TextDecoder(encoding, options).decode(input))).toBe(theirs);
          const streamed = outcome(() =>
            decodeInChunks(new TextDecoder(encoding, options), input, cuts),
          );
          expect(streamed).toBe(theirs);
        },
      ),
      { numRuns: 4000 },
    );
  });

  it('the encodings Node decodes otherwise, with more runs each', () => {
    for (const encoding of NODE_DIVERGES) {
      fc.assert(
        fc.property(structured, fc.boolean(), (input, fatal) => {
          expect(outcome(() => new TextDecoder(encoding, { fatal }).decode(input))).toBe(
            outcome(() => new ExodusTextDecoder(encoding, { fatal }).decode(input)),
          );
        }),
        { numRuns: 1500 },
      );
    }
  });

  it('ISO-2022-JP escapes cut at the end of the input, as the Standard gives them', () => {
    for (const [input, text] of [
      [[0x1b], '\ufffd'],
      [[0x1b, 0x24], '\ufffd$'],
      [[0x1b, 0x28], '\ufffd('],
      [[0x41, 0x1b, 0x24, 0x42, 0x30], 'A\ufffd'],
    ] as const) {
      const bytes = Uint8Array.from(input);
      expect(new TextDecoder('iso-2022-jp').decode(bytes)).toBe(text);
      expect(new ExodusTextDecoder('iso-2022-jp').decode(bytes)).toBe(text);
    }
  });
});
