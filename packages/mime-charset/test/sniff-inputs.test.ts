// sniffBom, prescanHtml and sniffXml take exactly what TextDecoder.decode takes (WebIDL
// AllowSharedBufferSource, from any realm): each kind of input below goes to each of them and must
// give what the same bytes give as a Uint8Array; anything else is a TypeError naming the argument.
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { prescanHtml, sniffBom, sniffXml } from '../src/index';

const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);
/** `s` padded with spaces to a multiple of 16 bytes (a whole number of elements of every typed array). */
const padTo16 = (prefix: number[], s: string): Uint8Array => {
  const b = new Uint8Array([...prefix, ...utf8(s)]);
  const out = new Uint8Array(Math.ceil(b.length / 16) * 16).fill(0x20);
  out.set(b);
  return out;
};

// Inputs on which each export answers something other than its default.
const SOURCES = [
  padTo16([0xef, 0xbb, 0xbf], '<meta charset=koi8-r>'),
  padTo16([], '<?xml version="1.0" encoding="iso-8859-2"?>'),
  padTo16([0xff, 0xfe], '<\0?\0x\0m\0l\0'),
];

/** A fresh ArrayBuffer holding `bytes` after `pad` bytes of 0x3C ('<'), which a view must not read. */
const padded = (bytes: Uint8Array, pad: number): ArrayBuffer => {
  const buffer = new ArrayBuffer(pad + bytes.length);
  new Uint8Array(buffer).fill(0x3c).set(bytes, pad);
  return buffer;
};
const other = (code: string, bytes: Uint8Array): unknown =>
  runInNewContext(code, { data: Array.from(bytes) });
const detach = (buffer: ArrayBuffer): ArrayBuffer => {
  structuredClone(buffer, { transfer: [buffer] });
  return buffer;
};
const Resizable = ArrayBuffer as unknown as new (
  length: number,
  options: { maxByteLength: number },
) => ArrayBuffer & { resize(length: number): void };

type TypedArray = new (buffer: ArrayBufferLike, offset: number, length: number) => ArrayBufferView;
const typedArrays: [string, TypedArray, number][] = [
  ['Int8Array', Int8Array, 1],
  ['Uint8ClampedArray', Uint8ClampedArray, 1],
  ['Int16Array', Int16Array, 2],
  ['Uint16Array', Uint16Array, 2],
  ['Int32Array', Int32Array, 4],
  ['Uint32Array', Uint32Array, 4],
  ['Float32Array', Float32Array, 4],
  ['Float64Array', Float64Array, 8],
  ['BigInt64Array', BigInt64Array as unknown as TypedArray, 8],
  ['BigUint64Array', BigUint64Array as unknown as TypedArray, 8],
];

/** Kinds TextDecoder accepts, and the bytes each holds (undefined: the same as `bytes`). */
const accepted: [string, (bytes: Uint8Array) => unknown, Uint8Array?][] = [
  ['Uint8Array', (b) => b.slice()],
  ['Uint8Array at an offset in its buffer', (b) => new Uint8Array(padded(b, 8), 8, b.length)],
  ['Node Buffer', (b) => Buffer.from(b)],
  ['Node Buffer from the shared pool', (b) => Buffer.from(Array.from(b))],
  ...typedArrays.map(([name, T, size]): [string, (b: Uint8Array) => unknown] => [
    name,
    (b) => new T(padded(b, 8), 8, b.length / size),
  ]),
  ['DataView at an offset', (b) => new DataView(padded(b, 3), 3, b.length)],
  ['ArrayBuffer', (b) => padded(b, 0)],
  [
    'SharedArrayBuffer',
    (b) => {
      const buffer = new SharedArrayBuffer(b.length);
      new Uint8Array(buffer).set(b);
      return buffer;
    },
  ],
  [
    'Uint8Array over a SharedArrayBuffer',
    (b) => {
      const buffer = new SharedArrayBuffer(b.length + 8);
      new Uint8Array(buffer).fill(0x3c).set(b, 8);
      return new Uint8Array(buffer, 8);
    },
  ],
  [
    'length-tracking view of a resizable ArrayBuffer',
    (b) => {
      const buffer = new Resizable(0, { maxByteLength: 64 });
      const view = new Uint16Array(buffer);
      buffer.resize(b.length);
      new Uint8Array(buffer).set(b);
      return view;
    },
  ],
  ['ArrayBuffer of another realm', (b) => other('new Uint8Array(data).buffer', b)],
  ['Uint8Array of another realm', (b) => other('new Uint8Array(data)', b)],
  [
    'Float64Array of another realm',
    (b) => other('new Float64Array(new Uint8Array(data).buffer)', b),
  ],
  ['detached ArrayBuffer (no bytes)', (b) => detach(padded(b, 0)), new Uint8Array(0)],
  [
    'view of a detached ArrayBuffer (no bytes)',
    (b) => {
      const buffer = padded(b, 4);
      const view = new Int32Array(buffer, 4);
      detach(buffer);
      return view;
    },
    new Uint8Array(0),
  ],
];

/** Kinds TextDecoder refuses with a TypeError. */
const refused: [string, unknown][] = [
  ['array of numbers', [0xef, 0xbb, 0xbf, 0x3c]],
  ['number', 4],
  ['string', '<meta charset=koi8-r>'],
  ['null', null],
  ['boolean', true],
  ['plain object', { length: 3, 0: 0xef, 1: 0xbb, 2: 0xbf }],
  ['object that looks like a view', { buffer: new ArrayBuffer(4), byteOffset: 0, byteLength: 4 }],
  ['object with the ArrayBuffer prototype', Object.create(ArrayBuffer.prototype)],
  ['Uint8Array-like from another prototype chain', Object.create(Uint8Array.prototype)],
];

const exports: [string, (input: never) => unknown][] = [
  ['sniffBom', (input) => sniffBom(input)],
  ['prescanHtml', (input) => prescanHtml(input)],
  ['prescanHtml with maxBytes', (input) => prescanHtml(input, { maxBytes: 20 })],
  ['sniffXml', (input) => sniffXml(input)],
];

describe('sniffBom, prescanHtml, sniffXml: what TextDecoder.decode takes', () => {
  it('the sources give each export something to find', () => {
    expect(SOURCES.map((s) => sniffBom(s)?.encoding)).toEqual(['UTF-8', undefined, 'UTF-16LE']);
    expect(SOURCES.map((s) => prescanHtml(s))).toEqual(['KOI8-R', 'ISO-8859-2', null]);
    expect(SOURCES.map((s) => sniffXml(s).family)).toEqual(['UTF-8', 'UTF-8', 'UTF-16LE']);
  });

  for (const [kind, make, holds] of accepted) {
    it(`takes ${kind}`, () => {
      // TextDecoder (latin1 keeps one code unit per byte) says the kind is accepted and what it holds.
      const latin1 = new TextDecoder('latin1');
      for (const source of SOURCES) {
        const input = make(source);
        const expected = holds ?? source;
        expect(latin1.decode(input as BufferSource)).toBe(latin1.decode(expected));
        for (const [name, run] of exports)
          expect(run(input as never), `${name}(${kind})`).toEqual(run(expected as never));
      }
    });
  }

  it('refuses undefined too: the argument is required (as for @x/utf8 decode)', () => {
    for (const [name, run] of exports)
      expect(() => run(undefined as never), name).toThrow(
        new TypeError('"bytes" must be an ArrayBuffer, SharedArrayBuffer or ArrayBufferView'),
      );
  });

  for (const [kind, input] of refused) {
    it(`refuses ${kind} with a TypeError naming the argument`, () => {
      expect(() => new TextDecoder().decode(input as BufferSource)).toThrow(TypeError);
      for (const [name, run] of exports)
        expect(() => run(input as never), `${name}(${kind})`).toThrow(
          new TypeError('"bytes" must be an ArrayBuffer, SharedArrayBuffer or ArrayBufferView'),
        );
    });
  }
});
