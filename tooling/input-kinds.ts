// For tests: every kind of input WebIDL's AllowSharedBufferSource admits (what TextDecoder.decode
// takes, from any realm), and kinds it refuses. The packages that take bytes (utf8, percent,
// legacy-charsets, mime-charset) run each export over both lists; the platform TextDecoder is the
// oracle of which kinds are accepted and which bytes each one holds.
import { createContext, runInContext } from 'node:vm';

/** A kind of input: its name, and how to make one holding `bytes` (16 bytes, or any multiple of 8). */
export type InputKind = [name: string, make: (bytes: Uint8Array) => unknown];

/** ES2024's resizable ArrayBuffer, which the ES2020 lib does not type. */
const Resizable = ArrayBuffer as unknown as new (
  length: number,
  options: { maxByteLength: number },
) => ArrayBuffer & { resize(length: number): void };

type View = new (buffer: ArrayBufferLike, offset: number, length: number) => unknown;

type TypedArray = [name: string, T: View, size: number];
const typedArrays: TypedArray[] = [
  ['Int8Array', Int8Array, 1],
  ['Uint8ClampedArray', Uint8ClampedArray, 1],
  ['Int16Array', Int16Array, 2],
  ['Uint16Array', Uint16Array, 2],
  ['Int32Array', Int32Array, 4],
  ['Uint32Array', Uint32Array, 4],
  ['Float32Array', Float32Array, 4],
  ['Float64Array', Float64Array, 8],
  ['BigInt64Array', BigInt64Array as unknown as View, 8],
  ['BigUint64Array', BigUint64Array as unknown as View, 8],
  // ES2025; Node 24 has it, Node 22 does not.
  ...('Float16Array' in globalThis
    ? [
        [
          'Float16Array',
          (globalThis as unknown as { Float16Array: View }).Float16Array,
          2,
        ] as TypedArray,
      ]
    : []),
];

const realm = createContext({ data: [] as number[] });
/** The value of `code` in another realm, where `data` is the array of `bytes`. */
const otherRealm = (code: string, bytes: Uint8Array): unknown => {
  realm.data = Array.from(bytes);
  return runInContext(code, realm);
};

const detach = (buffer: ArrayBuffer): ArrayBuffer => {
  structuredClone(buffer, { transfer: [buffer] });
  return buffer;
};

/** Whether a kind of {@link acceptedKinds} holds no bytes at all, whatever it was made from. */
export const holdsNothing = (name: string): boolean => name.includes('detached');

/**
 * The kinds TextDecoder accepts. Where a kind sits at an offset in a larger buffer, the bytes
 * around it are `pad`, which an export that reads past the view would find (choose one that
 * changes its answer: 0x3C, `<`, for an HTML sniffer).
 */
export function acceptedKinds(pad = 0xee): InputKind[] {
  /** A fresh ArrayBuffer holding `bytes` after `before` bytes of `pad`. */
  const padded = (bytes: Uint8Array, before: number): ArrayBuffer => {
    const buffer = new ArrayBuffer(before + bytes.length);
    new Uint8Array(buffer).fill(pad).set(bytes, before);
    return buffer;
  };
  /** A SharedArrayBuffer holding `bytes` after `before` bytes of `pad`. */
  const shared = (bytes: Uint8Array, before: number): SharedArrayBuffer => {
    const buffer = new SharedArrayBuffer(before + bytes.length);
    new Uint8Array(buffer).fill(pad).set(bytes, before);
    return buffer;
  };
  return [
    ['Uint8Array', (b) => b.slice()],
    ['Uint8Array at an offset in its buffer', (b) => new Uint8Array(padded(b, 8), 8, b.length)],
    ['Node Buffer', (b) => Buffer.from(b)],
    ['Node Buffer from the shared pool', (b) => Buffer.from(Array.from(b))],
    ...typedArrays.map(
      ([name, T, size]): InputKind => [name, (b) => new T(padded(b, 8), 8, b.length / size)],
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
    ['ArrayBuffer of another realm', (b) => otherRealm('new Uint8Array(data).buffer', b)],
    ['Uint8Array of another realm', (b) => otherRealm('new Uint8Array(data)', b)],
    [
      'Float64Array of another realm',
      (b) => otherRealm('new Float64Array(new Uint8Array(data).buffer)', b),
    ],
    [
      'DataView of another realm',
      (b) => otherRealm('new DataView(new Uint8Array(data).buffer)', b),
    ],
    ['detached ArrayBuffer (no bytes)', (b) => detach(padded(b, 0))],
    [
      'view of a detached ArrayBuffer (no bytes)',
      (b) => {
        const buffer = padded(b, 8);
        const view = new Int32Array(buffer, 8);
        detach(buffer);
        return view;
      },
    ],
  ];
}

/** The kinds TextDecoder refuses with a TypeError (`string` among them: leave it out where an export takes text too). */
export const refusedKinds: InputKind[] = [
  ['array of numbers', (b) => Array.from(b)],
  ['number', (b) => b.length],
  ['string', () => 'abc'],
  ['null', () => null],
  ['boolean', () => true],
  ['plain object', (b) => ({ length: b.length, 0: b[0] })],
  [
    'object that looks like a view',
    (b) => ({ buffer: b.slice().buffer, byteOffset: 0, byteLength: b.length }),
  ],
  ['object with the ArrayBuffer prototype', () => Object.create(ArrayBuffer.prototype)],
  ['object with the Uint8Array prototype', () => Object.create(Uint8Array.prototype)],
  ['object tagged ArrayBuffer', () => ({ [Symbol.toStringTag]: 'ArrayBuffer', byteLength: 0 })],
  ['Proxy of a Uint8Array', (b) => new Proxy(b.slice(), {})],
  ['Blob', (b) => new Blob([b.slice()])],
  ['array of another realm', (b) => otherRealm('data.slice()', b)],
];
