// formatDataUri takes bytes as TextDecoder.decode does: every kind of buffer and view, from any realm,
// and a TypeError naming the argument for anything else.
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { formatDataUri, parseDataUri } from '../src/data';

const HI = [0x48, 0x69, 0x21];

function roundTrip(input: unknown): number[] {
  return [...parseDataUri(formatDataUri(input as Uint8Array)).data];
}

describe('formatDataUri input kinds', () => {
  const sab = new SharedArrayBuffer(3);
  new Uint8Array(sab).set(HI);
  // @ts-expect-error: the ES2024 options argument is not in this lib
  const resizable: ArrayBuffer = new ArrayBuffer(3, { maxByteLength: 8 });
  new Uint8Array(resizable).set(HI);
  const wide = new ArrayBuffer(5);
  new Uint8Array(wide).set([0, ...HI, 0]);
  const kinds: [string, unknown, number[]][] = [
    ['Uint8Array', new Uint8Array(HI), HI],
    ['Uint8Array over part of a buffer', new Uint8Array(wide, 1, 3), HI],
    ['subarray', new Uint8Array([0, ...HI, 0]).subarray(1, 4), HI],
    ['Node Buffer', Buffer.from(HI), HI],
    ['pooled Node Buffer (non-zero offset)', Buffer.from('xHi!', 'latin1').subarray(1), HI],
    ['ArrayBuffer', new Uint8Array(HI).buffer, HI],
    ['SharedArrayBuffer', sab, HI],
    ['resizable ArrayBuffer', resizable, HI],
    ['DataView with offset', new DataView(wide, 1, 3), HI],
    ['Uint8ClampedArray', new Uint8ClampedArray(HI), HI],
    ['Int8Array', new Int8Array([0x48, 0x69, -1]), [0x48, 0x69, 0xff]],
    ['Uint16Array (its bytes, little-endian)', new Uint16Array([0x6948]), [0x48, 0x69]],
    ['Float64Array', new Float64Array([0]), [0, 0, 0, 0, 0, 0, 0, 0]],
    ['BigInt64Array', new BigInt64Array([1n]), [1, 0, 0, 0, 0, 0, 0, 0]],
    ['Uint8Array of another realm', runInNewContext('new Uint8Array([0x48, 0x69, 0x21])'), HI],
    [
      'ArrayBuffer of another realm',
      runInNewContext('new Uint8Array([0x48, 0x69, 0x21]).buffer'),
      HI,
    ],
    ['empty Uint8Array', new Uint8Array(0), []],
  ];
  for (const [name, input, bytes] of kinds) {
    it(`${name}: the bytes it views, as TextDecoder reads them`, () => {
      expect(roundTrip(input)).toEqual(bytes);
      // the oracle: TextDecoder takes the same bytes
      const latin1 = new TextDecoder('windows-1252').decode(input as Uint8Array);
      expect(latin1.length).toBe(bytes.length);
      expect(formatDataUri(input as Uint8Array, { base64: false })).toBe(
        formatDataUri(new Uint8Array(bytes), { base64: false }),
      );
    });
  }
  it('a detached buffer, or a view of one, holds no bytes', () => {
    const buffer = new Uint8Array(HI).buffer;
    const view = new Uint8Array(buffer);
    structuredClone(buffer, { transfer: [buffer] });
    expect(new TextDecoder().decode(buffer)).toBe('');
    expect(formatDataUri(buffer)).toBe('data:application/octet-stream;base64,');
    expect(formatDataUri(view)).toBe('data:application/octet-stream;base64,');
  });
  it('anything else is a TypeError naming the argument, where TextDecoder throws too', () => {
    const fake = Object.create(Uint8Array.prototype);
    for (const input of [
      [0x48, 0x69],
      72,
      null,
      {},
      { buffer: new ArrayBuffer(2), byteOffset: 0, byteLength: 2 },
      fake,
      new Proxy(new Uint8Array(HI), {}),
      true,
    ]) {
      expect(() => new TextDecoder().decode(input as Uint8Array)).toThrow(TypeError);
      expect(() => formatDataUri(input as Uint8Array)).toThrow(
        new TypeError('"data" must be an ArrayBuffer, SharedArrayBuffer or ArrayBufferView'),
      );
    }
    // TextDecoder.decode() takes a missing argument as no bytes; formatDataUri needs its data
    expect(() => formatDataUri(undefined as unknown as Uint8Array)).toThrow('"data" must be');
  });
});
