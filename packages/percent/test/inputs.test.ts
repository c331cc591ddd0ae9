// Every export of this package that takes bytes (percentDecodeBytes, percentEncode) takes exactly
// what TextDecoder.decode takes (WebIDL AllowSharedBufferSource, from any realm): each kind of input
// below goes to each, and the platform TextDecoder says whether it is accepted and which bytes it
// holds. Anything else is refused with a TypeError naming the argument.
import { describe, expect, it } from 'vitest';
import { acceptedKinds, holdsNothing, refusedKinds } from '../../../tooling/input-kinds.ts';
import { percentDecodeBytes, percentEncode, rfc3986, whatwg } from '../src/index';

// 16 bytes (a whole number of elements of every typed array kind), escapes and all.
const BYTES = new TextEncoder().encode('a%41 %2F+%C3%A9x');
const DECODED = [0x61, 0x41, 0x20, 0x2f, 0x2b, 0xc3, 0xa9, 0x78];

const accepted = acceptedKinds();
// percentEncode takes text too.
const refused = refusedKinds.filter(([name]) => name !== 'string');

const oracle = new TextDecoder('utf-8', { ignoreBOM: true });
const NAMED = new TypeError('"input" must be an ArrayBuffer, SharedArrayBuffer or ArrayBufferView');

describe('every input kind TextDecoder.decode takes', () => {
  it.each(accepted)('%s: read as TextDecoder reads it', (name, make) => {
    const seen = holdsNothing(name) ? new Uint8Array(0) : BYTES;
    expect(oracle.decode(make(BYTES) as Uint8Array)).toBe(oracle.decode(seen));
    const input = () => make(BYTES) as Uint8Array;
    const decoded = seen.length ? DECODED : [];
    expect(Array.from(percentDecodeBytes(input()))).toEqual(decoded);
    expect(Array.from(percentDecodeBytes(input(), { mode: 'lenient' }))).toEqual(decoded);
    expect(percentEncode(input(), rfc3986.component)).toBe(
      seen.length ? 'a%2541%20%252F%2B%25C3%25A9x' : '',
    );
    expect(percentEncode(input(), whatwg.path, { spaceAsPlus: true })).toBe(
      seen.length ? 'a%41+%2F+%C3%A9x' : '',
    );
  });
  it.each(accepted)('%s: never written to', (_, make) => {
    const input = make(BYTES) as Uint8Array;
    const before = oracle.decode(input);
    percentDecodeBytes(input);
    expect(oracle.decode(input)).toBe(before);
  });
  it.each(refused)('%s: a TypeError naming "input", as TextDecoder refuses it', (_, make) => {
    expect(() => oracle.decode(make(BYTES) as Uint8Array)).toThrow(TypeError);
    expect(() => percentDecodeBytes(make(BYTES) as Uint8Array)).toThrow(NAMED);
    expect(() => percentEncode(make(BYTES) as Uint8Array, rfc3986.component)).toThrow(NAMED);
  });
  it('a strict error in bytes has the byte offset of the bad escape', () => {
    const bytes = new TextEncoder().encode('ab%zz');
    for (const input of [bytes, bytes.buffer, new DataView(bytes.buffer), Buffer.from(bytes)]) {
      expect(() => percentDecodeBytes(input)).toThrow(
        expect.objectContaining({ index: 2, reason: 'malformed-escape' }),
      );
    }
  });
});
