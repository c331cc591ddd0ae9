// Every export of this package that takes bytes (percentDecodeBytes, percentEncode) takes exactly
// what TextDecoder.decode takes (WebIDL AllowSharedBufferSource, from any realm): each kind of input
// below goes to each, and the platform TextDecoder says whether it is accepted and which bytes it
// holds. Anything else is refused with a TypeError naming the argument.
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { percentDecodeBytes, percentEncode, rfc3986, whatwg } from '../src/index';

// 16 bytes (a whole number of elements of every typed array kind), escapes and all.
const BYTES = new TextEncoder().encode('a%41 %2F+%C3%A9x');
const DECODED = [0x61, 0x41, 0x20, 0x2f, 0x2b, 0xc3, 0xa9, 0x78];

type Kind = [name: string, make: (bytes: Uint8Array) => unknown];

/** A fresh ArrayBuffer holding `bytes` after `pad` bytes of 0xEE, which a view must not read. */
const padded = (bytes: Uint8Array, pad: number): ArrayBuffer => {
  const buffer = new ArrayBuffer(pad + bytes.length);
  new Uint8Array(buffer).fill(0xee).set(bytes, pad);
  return buffer;
};
const shared = (bytes: Uint8Array, pad: number): SharedArrayBuffer => {
  const buffer = new SharedArrayBuffer(bytes.length + pad);
  new Uint8Array(buffer).fill(0xee).set(bytes, pad);
  return buffer;
};
const other = <T>(code: string, bytes: Uint8Array): T =>
  runInNewContext(code, { data: Array.from(bytes) }) as T;
const detach = (buffer: ArrayBuffer): ArrayBuffer => {
  structuredClone(buffer, { transfer: [buffer] });
  return buffer;
};
/** ES2024's resizable ArrayBuffer, which the ES2020 lib does not type. */
const Resizable = ArrayBuffer as unknown as new (
  length: number,
  options: { maxByteLength: number },
) => ArrayBuffer & { resize(length: number): void };

const typedArrays = [
  Int8Array,
  Uint8ClampedArray,
  Int16Array,
  Uint16Array,
  Int32Array,
  Uint32Array,
  Float32Array,
  Float64Array,
  BigInt64Array,
  BigUint64Array,
];

/** Inputs TextDecoder accepts. */
const accepted: Kind[] = [
  ['Uint8Array', (b) => b.slice()],
  ['Uint8Array at an offset in its buffer', (b) => new Uint8Array(padded(b, 8), 8, b.length)],
  ['Node Buffer', (b) => Buffer.from(b)],
  ['Node Buffer from the shared pool', (b) => Buffer.from(Array.from(b))],
  ...typedArrays.map(
    (T): Kind => [T.name, (b) => new T(padded(b, 8), 8, b.length / T.BYTES_PER_ELEMENT)],
  ),
  ['DataView at an offset', (b) => new DataView(padded(b, 3), 3, b.length)],
  ['ArrayBuffer', (b) => padded(b, 0)],
  ['SharedArrayBuffer', (b) => shared(b, 0)],
  ['Uint8Array over a SharedArrayBuffer', (b) => new Uint8Array(shared(b, 8), 8)],
  ['DataView over a SharedArrayBuffer', (b) => new DataView(shared(b, 8), 8)],
  [
    'resizable ArrayBuffer, grown',
    (b) => {
      const buffer = new Resizable(2, { maxByteLength: 64 });
      buffer.resize(b.length);
      new Uint8Array(buffer).set(b);
      return buffer;
    },
  ],
  ['ArrayBuffer of another realm', (b) => other('new Uint8Array(data).buffer', b)],
  ['Uint8Array of another realm', (b) => other('new Uint8Array(data)', b)],
  ['detached ArrayBuffer (no bytes)', (b) => detach(padded(b, 0))],
  [
    'view of a detached ArrayBuffer (no bytes)',
    (b) => {
      const buffer = padded(b, 4);
      const view = new Int32Array(buffer, 4);
      detach(buffer);
      return view;
    },
  ],
];

/** Inputs TextDecoder refuses with a TypeError. */
const refused: Kind[] = [
  ['array of numbers', (b) => Array.from(b)],
  ['number', (b) => b.length],
  ['null', () => null],
  ['plain object', () => ({})],
  [
    'object that looks like a view',
    (b) => ({ buffer: b.buffer, byteOffset: 0, byteLength: b.length }),
  ],
  ['object with the Uint8Array prototype', () => Object.create(Uint8Array.prototype)],
  ['Proxy of a Uint8Array', (b) => new Proxy(b.slice(), {})],
  ['Blob', (b) => new Blob([b.slice().buffer])],
  ['array of another realm', (b) => other('data.slice()', b)],
];

const oracle = new TextDecoder('utf-8', { ignoreBOM: true });
const NAMED = new TypeError('"input" must be an ArrayBuffer, SharedArrayBuffer or ArrayBufferView');

describe('every input kind TextDecoder.decode takes', () => {
  it.each(accepted)('%s: read as TextDecoder reads it', (name, make) => {
    const seen = name.includes('detached') ? new Uint8Array(0) : BYTES;
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
