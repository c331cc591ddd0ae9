// Linear time on adversarial input: decode, validate, the streaming decoder (in chunks of 1, 7 and
// 4096 bytes), encode and byteLength each get 1 MiB of a class of input built to hit a slow path:
// lone continuation bytes, truncated sequences, overlong forms, encoded surrogates, 0xFF, an error
// at the very end. A quadratic algorithm needs on the order of 10^12 steps for 1 MiB and cannot
// finish inside the test timeout; a linear one takes milliseconds. No timing is asserted: finishing
// is the test, and every result is checked against the platform's TextDecoder and TextEncoder.
import { describe, expect, it } from 'vitest';
import { byteLength, decode, encode, Utf8DecodeError, Utf8Decoder, validate } from '../src/index';
import { concat, expectedError, hex } from './helpers';

const MiB = 1 << 20;
/** `pattern` repeated to 1 MiB (a whole number of times). */
const repeat = (pattern: string): Uint8Array => {
  const p = hex(pattern);
  const out = new Uint8Array(MiB - (MiB % p.length));
  for (let i = 0; i < out.length; i += p.length) out.set(p, i);
  return out;
};
const oracle = new TextDecoder('utf-8', { ignoreBOM: true });
/** Compares long strings without printing megabytes. */
const same = (actual: string, expected: string): void => expect(actual === expected).toBe(true);
/** Compares long byte arrays without vitest's element-by-element diff machinery. */
const sameBytes = (actual: Uint8Array, expected: Uint8Array): void => {
  let i = 0;
  while (i < expected.length && actual[i] === expected[i]) i++;
  expect({ length: actual.length, differsAt: i }).toEqual({
    length: expected.length,
    differsAt: expected.length,
  });
};
const errorOf = (f: () => unknown) => {
  try {
    f();
  } catch (error) {
    expect(error).toBeInstanceOf(Utf8DecodeError);
    const { index, reason } = error as Utf8DecodeError;
    return { index, reason };
  }
  return undefined;
};

const classes: [string, Uint8Array][] = [
  ['lone continuation bytes', repeat('80')],
  [
    'lone continuation bytes, every value',
    repeat(Array.from({ length: 64 }, (_, i) => (0x80 + i).toString(16)).join(' ')),
  ],
  ['truncated 2-, 3- and 4-byte sequences', repeat('c2 e2 82 f0 9f 98')],
  ['truncated sequences between ASCII', repeat('41 e2 82 42 f0 9f 98 43')],
  ['overlong forms', repeat('c0 af e0 80 af f0 80 80 af c1 bf')],
  ['encoded surrogates (CESU-8)', repeat('ed a0 bd ed b8 80')],
  ['0xFF', repeat('ff')],
  ['F5-FF and the 5- and 6-byte forms', repeat('f5 f8 88 80 80 80 fc 84 80 80 80 80 fe ff')],
  ['lead bytes only', repeat('c2 e2 f0 f4')],
  [
    'valid text, the only error at the very end',
    concat(repeat('e6 97 a5 f0 9f 98 80'), hex('f0 9f 98')),
  ],
];

describe('linear time on 1 MiB of adversarial bytes, checked against TextDecoder', () => {
  it.each(classes)('%s: decode, validate, fatal decode', (_, bytes) => {
    const expected = oracle.decode(bytes);
    same(decode(bytes, { ignoreBOM: true }), expected);
    const error = expectedError(bytes);
    expect(validate(bytes)).toEqual(error ? { valid: false, index: error.index } : { valid: true });
    expect(errorOf(() => decode(bytes, { fatal: true }))).toEqual(error);
    // Round trip: the decoded text encodes as TextEncoder encodes it.
    sameBytes(encode(expected), new TextEncoder().encode(expected));
  });

  it.each(classes)('%s: streamed in chunks of 1, 7 and 4096 bytes', (_, bytes) => {
    const expected = oracle.decode(bytes);
    const error = expectedError(bytes);
    for (const size of [1, 7, 4096]) {
      const decoder = new Utf8Decoder({ ignoreBOM: true });
      const parts: string[] = [];
      for (let i = 0; i < bytes.length; i += size) {
        parts.push(decoder.decode(bytes.subarray(i, i + size), { stream: true }));
      }
      same(parts.join('') + decoder.decode(), expected);
      const fatal = new Utf8Decoder({ fatal: true });
      expect(
        errorOf(() => {
          for (let i = 0; i < bytes.length; i += size) {
            fatal.decode(bytes.subarray(i, i + size), { stream: true });
          }
          fatal.decode();
        }),
      ).toEqual(error);
    }
  });
});

describe('linear time on 1 MiB of adversarial text, checked against TextEncoder', () => {
  const MiBText = (unit: string) => unit.repeat(Math.ceil(MiB / unit.length));
  it.each([
    ['lone high surrogates', '\ud800'],
    ['lone low surrogates', '\udc00'],
    ['reversed pairs', '\udc00\ud800'],
    ['a high surrogate before each ASCII letter', '\ud83dA'],
    ['pairs and lone surrogates', '\ud83d\ude00\ud83d'],
  ])('%s: encode and byteLength', (_, unit) => {
    const text = MiBText(unit);
    const expected = new TextEncoder().encode(text);
    sameBytes(encode(text), expected);
    expect(byteLength(text)).toBe(expected.length);
  });
});
