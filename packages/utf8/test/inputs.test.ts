// Every export that takes bytes takes exactly what TextDecoder.decode takes (WebIDL
// AllowSharedBufferSource, from any realm): each kind of input below goes to each export, and the
// platform TextDecoder says whether it is accepted and which bytes it holds.
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  createDecoderStream,
  decode,
  encodeInto,
  toBytes,
  Utf8Decoder,
  validate,
} from '../src/index';
import { acceptedKinds, holdsNothing, refusedKinds } from '../../../tooling/input-kinds.ts';
import { concat, expectedError, hex } from './helpers';

// 16 bytes (a whole number of elements of every typed array kind): 'a', '©', '≠', '😀', ASCII.
const VALID = concat(hex('61 c2 a9 e2 89 a0 f0 9f 98 80'), new TextEncoder().encode('xyzxyz'));
// The same length with an overlong '/' at 4 and a truncated sequence at the end.
const INVALID = hex('61 62 63 64 c0 af 65 66 67 68 69 6a 6b 6c e2 89');

const accepted = acceptedKinds();
const refused = refusedKinds;

const oracle = new TextDecoder('utf-8', { ignoreBOM: true });
const oracleFatal = new TextDecoder('utf-8', { ignoreBOM: true, fatal: true });
const outcome = (f: () => unknown): unknown => {
  try {
    return { value: f() };
  } catch (error) {
    const { name, message, index, reason } = error as Record<string, unknown>;
    return { name, message, index, reason };
  }
};
const fatalOutcome = (bytes: Uint8Array): unknown => {
  const error = expectedError(bytes);
  return error
    ? { name: 'Utf8DecodeError', message: `Invalid UTF-8 at byte ${error.index}`, ...error }
    : { value: oracle.decode(bytes) };
};
/** Pipes one chunk through createDecoderStream: the text, or the error the stream ends with. */
const piped = async (chunk: unknown, fatal: boolean): Promise<unknown> => {
  let text = '';
  try {
    await new ReadableStream({
      start(controller) {
        controller.enqueue(chunk);
        controller.close();
      },
    })
      .pipeThrough(createDecoderStream({ fatal, ignoreBOM: true }) as TransformStream)
      .pipeTo(new WritableStream({ write: (s) => void (text += s) }));
    return { value: text };
  } catch (error) {
    const { name, message } = error as Error;
    return { name, message };
  }
};

describe.each([
  ['well-formed bytes', VALID],
  ['ill-formed bytes', INVALID],
])('every accepted input kind, %s', (_, bytes) => {
  it.each(accepted)('%s: read as TextDecoder reads it', async (_name, make) => {
    const detached = holdsNothing(_name);
    // What TextDecoder sees in it: all of `bytes`, or nothing when detached.
    const seen = detached ? new Uint8Array(0) : bytes;
    expect(oracle.decode(make(bytes) as Uint8Array)).toBe(oracle.decode(seen));
    const input = () => make(bytes) as Uint8Array;

    expect(Array.from(toBytes(input()))).toEqual(Array.from(seen));
    expect(decode(input(), { ignoreBOM: true })).toBe(oracle.decode(seen));
    expect(outcome(() => decode(input(), { fatal: true, ignoreBOM: true }))).toEqual(
      fatalOutcome(seen),
    );
    const error = expectedError(seen);
    expect(validate(input())).toEqual(
      error ? { valid: false, index: error.index } : { valid: true },
    );

    for (const fatal of [false, true]) {
      const oneShot = new Utf8Decoder({ fatal, ignoreBOM: true });
      const expected = fatal ? fatalOutcome(seen) : { value: oracle.decode(seen) };
      expect(outcome(() => oneShot.decode(input()))).toEqual(expected);
      const streamed = new Utf8Decoder({ fatal, ignoreBOM: true });
      expect(outcome(() => streamed.decode(input(), { stream: true }) + streamed.decode())).toEqual(
        expected,
      );
      // createDecoderStream: the same text; a fatal stream errors with a Utf8DecodeError.
      const viaStream = (await piped(input(), fatal)) as Record<string, unknown>;
      if ('value' in (expected as object)) expect(viaStream).toEqual(expected);
      else expect(viaStream.name).toBe('Utf8DecodeError');
    }
  });
});

describe('every refused input kind', () => {
  it.each(refused)('%s: a TypeError that names the argument', async (_name, make) => {
    const input = () => make(VALID) as Uint8Array;
    // The oracle refuses it too.
    expect(() => oracle.decode(input())).toThrow(TypeError);
    expect(() => oracleFatal.decode(input())).toThrow(TypeError);
    const refusal = (name: string) => ({
      name: 'TypeError',
      message: `"${name}" must be an ArrayBuffer, SharedArrayBuffer or ArrayBufferView`,
    });
    expect(outcome(() => toBytes(input()))).toEqual(refusal('input'));
    expect(outcome(() => toBytes(input(), 'chunk'))).toEqual(refusal('chunk'));
    expect(outcome(() => decode(input()))).toEqual(refusal('bytes'));
    expect(outcome(() => decode(input(), { fatal: true }))).toEqual(refusal('bytes'));
    expect(outcome(() => validate(input()))).toEqual(refusal('bytes'));
    for (const fatal of [false, true]) {
      const decoder = new Utf8Decoder({ fatal });
      expect(outcome(() => decoder.decode(input(), { stream: true }))).toEqual(refusal('input'));
      expect(outcome(() => decoder.decode(input()))).toEqual(refusal('input'));
      // The decoder is still usable: a refused chunk consumed nothing.
      expect(decoder.decode(hex('e2 89'), { stream: true }) + decoder.decode(hex('a0'))).toBe('≠');
      expect(await piped(input(), fatal)).toEqual(refusal('input'));
    }
  });

  it('undefined: Utf8Decoder.decode flushes, as TextDecoder.decode does; decode and validate refuse it', () => {
    expect(oracle.decode(undefined)).toBe('');
    const decoder = new Utf8Decoder();
    expect(decoder.decode(hex('f0 9f'), { stream: true })).toBe('');
    expect(decoder.decode(undefined)).toBe('\ufffd');
    // One-shot decoding of nothing is a mistake, not an empty input: refused, not ''.
    expect(() => decode(undefined as unknown as Uint8Array)).toThrow(/"bytes" must be/);
    expect(() => validate(undefined as unknown as Uint8Array)).toThrow(/"bytes" must be/);
  });
});

describe('encodeInto takes what TextEncoder.encodeInto takes: a Uint8Array of any realm', () => {
  const encoder = new TextEncoder();
  const destinations: [string, () => unknown][] = [
    ['Uint8Array', () => new Uint8Array(40)],
    ['Uint8Array at an offset', () => new Uint8Array(new ArrayBuffer(48), 8)],
    ['Node Buffer', () => Buffer.alloc(40)],
    ['Uint8Array over a SharedArrayBuffer', () => new Uint8Array(new SharedArrayBuffer(40))],
    ['Uint8Array of another realm', () => runInNewContext('new Uint8Array(40)')],
    ['Int8Array', () => new Int8Array(40)],
    ['Uint8ClampedArray', () => new Uint8ClampedArray(40)],
    ['Uint16Array', () => new Uint16Array(40)],
    ['DataView', () => new DataView(new ArrayBuffer(40))],
    ['ArrayBuffer', () => new ArrayBuffer(40)],
    ['array', () => new Array(40).fill(0)],
    ['object', () => ({ length: 40 })],
    ['null', () => null],
  ];
  // Short text takes our encoder, long text the platform's.
  const texts = ['a©≠😀', 'a©≠😀 '.repeat(8)];
  it.each(destinations)('%s', (_name, make) => {
    for (const text of texts) {
      const theirs = make() as Uint8Array;
      const ours = make() as Uint8Array;
      let expected: unknown;
      try {
        expected = encoder.encodeInto(text, theirs);
      } catch (error) {
        expect(error).toBeInstanceOf(TypeError);
        expect(() => encodeInto(text, ours)).toThrow(
          expect.objectContaining({ name: 'TypeError', message: '"dest" must be a Uint8Array' }),
        );
        continue;
      }
      expect(encodeInto(text, ours)).toEqual(expected);
      expect(Array.from(ours)).toEqual(Array.from(theirs));
    }
  });
});
