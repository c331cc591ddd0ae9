// The portable build and the node build (tooling/platform.ts) give the same result for every input.
// Their one difference so far is base64: the node build hands lenient decoding and one-line encoding
// to Node's Buffer. Here the node file is compared directly with the portable path (the package's
// own loops where the runtime lacks Uint8Array.fromBase64/toBase64); the whole suite also runs
// against each build.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as node from '../src/base64-platform.node';
import { decodeBase64, encodeBase64 } from '../src/index';

// Base64 bodies as mail has them: the alphabet, padding, line breaks, and the junk lenient
// decoding skips (base64url digits and characters above U+00FF included, which Buffer would misread).
const piece = fc.constantFrom(
  'A',
  'b',
  '9',
  '+',
  '/',
  '=',
  '\r\n',
  ' ',
  '!',
  '.',
  'é',
  '-',
  '_',
  'İ',
  'Ł',
  '😀',
);
const body = fc.array(piece, { maxLength: 120 }).map((a) => a.join(''));

describe('the node build and the portable build', () => {
  it('decode lenient base64 alike (property)', () => {
    fc.assert(
      fc.property(body, (s) => {
        const viaNode = node.platformDecode(s);
        if (viaNode !== undefined) expect([...viaNode]).toEqual([...decodeBase64(s)]);
      }),
      { numRuns: 2000 },
    );
  });

  it('leave base64url digits to the package’s own loop', () => {
    expect(node.platformDecode('YQ-_')).toBeUndefined();
  });

  it('leave characters above U+00FF to the package’s own loop (Buffer reads İ, U+0130, as 0)', () => {
    expect(node.platformDecode('YWJjİİİİ')).toBeUndefined();
    // RFC 2045 §6.8: each is skipped, as its UTF-8 bytes are outside the alphabet; in either build.
    expect([...decodeBase64('YWJjİİİİ')]).toEqual([97, 98, 99]);
    expect([...decodeBase64('YWJjŁŁ==')]).toEqual([97, 98, 99]);
  });

  it('encode one line alike (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        expect(node.platformEncode(bytes)).toBe(encodeBase64(bytes, { lineLength: Infinity }));
      }),
      { numRuns: 1000 },
    );
  });
});
