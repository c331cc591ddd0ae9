// Every function that takes bytes takes exactly what TextDecoder.decode takes (WebIDL
// AllowSharedBufferSource, from any realm) and refuses anything else with a TypeError that names
// the argument. Each kind of input below goes to every codec's decode and streaming decoder (each
// subpath's codec, the main entry's and `decode()`), and the platform's TextDecoder says which
// bytes the input holds: x-user-defined decodes each byte to its own character, so its output
// gives the bytes back.
import { createContext, runInContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { type Codec, decode, encodings, getCodec } from '../src/index';

// 16 bytes (a whole number of elements of every typed array): ASCII, lead and trail bytes of the
// CJK charsets, an ISO 2022 escape, a UTF-7 shift, a HZ shift, a byte no ASCII-based charset maps.
const BYTES = new Uint8Array([
  0x61, 0xa4, 0xa2, 0x1b, 0x28, 0x42, 0x81, 0x40, 0xe9, 0x2b, 0x41, 0x43, 0x2d, 0x7e, 0x7b, 0xff,
]);

type Kind = [name: string, make: (bytes: Uint8Array) => unknown];

/** A fresh ArrayBuffer with `pad` bytes of 0xEE (which a view must not read) before `bytes`. */
const padded = (bytes: Uint8Array, pad: number): ArrayBuffer => {
  const buffer = new ArrayBuffer(pad + bytes.length);
  new Uint8Array(buffer).fill(0xee).set(bytes, pad);
  return buffer;
};
const shared = (bytes: Uint8Array): SharedArrayBuffer => {
  const buffer = new SharedArrayBuffer(bytes.length + 8);
  new Uint8Array(buffer).fill(0xee).set(bytes, 8);
  return buffer;
};
const realm = createContext({ data: [] as number[] });
const otherRealm = (code: string, bytes: Uint8Array): unknown => {
  realm.data = Array.from(bytes);
  return runInContext(code, realm);
};
const detach = (buffer: ArrayBuffer): ArrayBuffer => {
  structuredClone(buffer, { transfer: [buffer] });
  return buffer;
};
/** ES2024's resizable ArrayBuffer, which the ES2020 lib does not type. */
const Resizable = ArrayBuffer as unknown as new (
  length: number,
  options: { maxByteLength: number },
) => ArrayBuffer & { resize(length: number): void };

type ViewConstructor = new (buffer: ArrayBufferLike, offset: number, length: number) => unknown;
const typedArrays: [string, ViewConstructor, number][] = [
  ['Int8Array', Int8Array, 1],
  ['Uint8ClampedArray', Uint8ClampedArray, 1],
  ['Int16Array', Int16Array, 2],
  ['Uint16Array', Uint16Array, 2],
  ['Int32Array', Int32Array, 4],
  ['Uint32Array', Uint32Array, 4],
  ['Float32Array', Float32Array, 4],
  ['Float64Array', Float64Array, 8],
  ['BigInt64Array', BigInt64Array, 8],
  ['BigUint64Array', BigUint64Array, 8],
];

/** Inputs TextDecoder accepts. */
const accepted: Kind[] = [
  ['Uint8Array', (b) => b.slice()],
  ['Uint8Array at an offset in its buffer', (b) => new Uint8Array(padded(b, 8), 8, b.length)],
  ['Node Buffer', (b) => Buffer.from(b)],
  ['Node Buffer from the shared pool', (b) => Buffer.from(Array.from(b))],
  ...typedArrays.map(
    ([name, T, size]): Kind => [name, (b) => new T(padded(b, 8), 8, b.length / size)],
  ),
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
  ['Uint8Array over a SharedArrayBuffer', (b) => new Uint8Array(shared(b), 8)],
  ['DataView over a SharedArrayBuffer', (b) => new DataView(shared(b), 8)],
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
  ['DataView of another realm', (b) => otherRealm('new DataView(new Uint8Array(data).buffer)', b)],
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
  ['string', () => 'abc'],
  ['null', () => null],
  ['boolean', () => true],
  ['plain object', () => ({})],
  [
    'object that looks like a view',
    (b) => ({ buffer: b.buffer, byteOffset: 0, byteLength: b.length }),
  ],
  ['object with the ArrayBuffer prototype', () => Object.create(ArrayBuffer.prototype)],
  ['object with the Uint8Array prototype', () => Object.create(Uint8Array.prototype)],
  ['Proxy of a Uint8Array', (b) => new Proxy(b.slice(), {})],
  ['Blob', (b) => new Blob([b.slice()])],
  ['array of another realm', (b) => otherRealm('data.slice()', b)],
];

/** The bytes TextDecoder reads from `input`. */
const oracleBytes = (input: unknown): Uint8Array =>
  Uint8Array.from(
    new TextDecoder('x-user-defined').decode(input as Uint8Array),
    (c) => c.charCodeAt(0) & 0xff,
  );
const outcome = (f: () => unknown): unknown => {
  try {
    return { value: f() };
  } catch (error) {
    const { name, message, index } = error as Record<string, unknown>;
    return { name, message, index };
  }
};

/** Every codec the package exports: each subpath's `codec`, and the main entry's. */
const names = encodings().map((e) => e.name);
const subpaths = await Promise.all(
  names.map(async (name) => ((await import(`../src/${name}.ts`)) as { codec: Codec }).codec),
);
const codecs: [string, Codec][] = names.flatMap((name, k) => {
  const main = getCodec(name)!;
  const own: [string, Codec] = [name, subpaths[k]!];
  return main === subpaths[k] ? [own] : [own, [`${name} (main entry)`, main]];
});

describe('every accepted input kind is read as TextDecoder reads it', () => {
  it.each(accepted)('%s: decode, fatal decode, streaming decoder of every codec', (kind, make) => {
    const seen = oracleBytes(make(BYTES));
    // TextDecoder reads all of the bytes, or none when the buffer is detached.
    expect(Array.from(seen)).toEqual(kind.includes('detached') ? [] : Array.from(BYTES));
    for (const [name, codec] of codecs) {
      for (const fatal of [false, true]) {
        const expected = outcome(() => codec.decode(seen.slice(), { fatal }));
        expect([name, outcome(() => codec.decode(make(BYTES) as Uint8Array, { fatal }))]).toEqual([
          name,
          expected,
        ]);
        if (!name.includes('main entry')) {
          expect(outcome(() => decode(make(BYTES) as Uint8Array, name, { fatal }))).toEqual(
            outcome(() => decode(seen.slice(), name, { fatal })),
          );
        }
        const decoder = codec.createDecoder({ fatal });
        expect([
          name,
          outcome(
            () => decoder.decode(make(BYTES) as Uint8Array, { stream: true }) + decoder.decode(),
          ),
        ]).toEqual([name, expected]);
      }
    }
  });
});

describe('every refused input kind', () => {
  const refusal = (argument: string) => ({
    name: 'TypeError',
    message: `"${argument}" must be an ArrayBuffer, SharedArrayBuffer or ArrayBufferView`,
    index: undefined,
  });
  it.each(refused)('%s: a TypeError that names the argument, from every codec', (_, make) => {
    // TextDecoder refuses it too.
    expect(() => new TextDecoder().decode(make(BYTES) as Uint8Array)).toThrow(TypeError);
    for (const [name, codec] of codecs) {
      for (const fatal of [false, true]) {
        expect([name, outcome(() => codec.decode(make(BYTES) as Uint8Array, { fatal }))]).toEqual([
          name,
          refusal('bytes'),
        ]);
        expect(
          outcome(() => decode(make(BYTES) as Uint8Array, name.split(' ')[0]!, { fatal })),
        ).toEqual(refusal('bytes'));
        const decoder = codec.createDecoder({ fatal });
        expect([
          name,
          outcome(() => decoder.decode(make(BYTES) as Uint8Array, { stream: true })),
        ]).toEqual([name, refusal('chunk')]);
        // A refused chunk consumed nothing: the decoder goes on as if it had not been given.
        expect(
          outcome(
            () =>
              decoder.decode(BYTES.subarray(0, 8), { stream: true }) +
              decoder.decode(BYTES.subarray(8)),
          ),
        ).toEqual(outcome(() => codec.decode(BYTES, { fatal })));
      }
    }
  });
});

describe('undefined', () => {
  it('a streaming decoder ends the input, as TextDecoder.decode() does; decode refuses it', () => {
    for (const [, codec] of codecs) {
      const decoder = codec.createDecoder();
      expect(decoder.decode(BYTES, { stream: true }) + decoder.decode(undefined)).toBe(
        codec.decode(BYTES),
      );
      expect(() => codec.decode(undefined as unknown as Uint8Array)).toThrow(/"bytes" must be/);
    }
  });
});
