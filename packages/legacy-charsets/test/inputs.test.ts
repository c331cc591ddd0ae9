// Every function that takes bytes takes exactly what TextDecoder.decode takes (WebIDL
// AllowSharedBufferSource, from any realm) and refuses anything else with a TypeError that names
// the argument. Each kind of input below goes to every codec's decode and streaming decoder (each
// subpath's codec, the main entry's and `decode()`), and the platform's TextDecoder says which
// bytes the input holds: x-user-defined decodes each byte to its own character, so its output
// gives the bytes back.
import { describe, expect, it } from 'vitest';
import { acceptedKinds, holdsNothing, refusedKinds } from '../../../tooling/input-kinds.ts';
import { type Codec, decode, encodings, getCodec } from '../src/index';

// 16 bytes (a whole number of elements of every typed array): ASCII, lead and trail bytes of the
// CJK charsets, an ISO 2022 escape, a UTF-7 shift, a HZ shift, a byte no ASCII-based charset maps.
const BYTES = new Uint8Array([
  0x61, 0xa4, 0xa2, 0x1b, 0x28, 0x42, 0x81, 0x40, 0xe9, 0x2b, 0x41, 0x43, 0x2d, 0x7e, 0x7b, 0xff,
]);

const accepted = acceptedKinds();
const refused = refusedKinds;

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
    expect(Array.from(seen)).toEqual(holdsNothing(kind) ? [] : Array.from(BYTES));
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
