// Comments in Content-Transfer-Encoding (RFC 2045 §6.1: a structured field, so RFC 822 §3.4.3
// comments may stand around the mechanism), found by the audit against Thunderbird's tests.
import { describe, expect, it } from 'vitest';
import { decodeMimePart, decodeTransferEncoding } from '../src/index';

describe('comments in Content-Transfer-Encoding (RFC 2045 §6.1, RFC 822 structured fields)', () => {
  it('are cut before the mechanism is matched', () => {
    const part = decodeMimePart({ transferEncoding: 'base64 (comment)', body: 'SGk=' });
    expect(part.text).toBe('Hi');
    expect(part.issues).toEqual([]);
    expect(decodeTransferEncoding('SGk=', '(why) BASE64 (nested (comment) \\) here)')).toEqual(
      new Uint8Array([0x48, 0x69]),
    );
    expect(decodeTransferEncoding('caf=C3=A9', 'quoted-printable(x)')).toEqual(
      new Uint8Array([0x63, 0x61, 0x66, 0xc3, 0xa9]),
    );
    expect(decodeMimePart({ transferEncoding: '8bit (as is)', body: 'a' }).issues).toEqual([]);
    expect(decodeMimePart({ transferEncoding: '8 bit (x)', body: 'a' }).issues).toEqual([
      'malformed-transfer-encoding',
    ]);
  });

  it('a mechanism that is not one stays unknown', () => {
    expect(decodeTransferEncoding('SGk=', 'base64 x')).toBeUndefined();
    // A comment alone leaves no mechanism, which RFC 2045 §6.1 requires: no known encoding
    // (decodeMimePart reads it as 7bit, reported as malformed-transfer-encoding).
    expect(decodeTransferEncoding('SGk=', '(base64)')).toBeUndefined();
  });
});
