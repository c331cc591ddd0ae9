// For tests: the platform codecs as Chromium 156 behaves (checked there), where Node's accept more.
// Chromium's TextDecoder.decode refuses a view over a SharedArrayBuffer or over a resizable
// ArrayBuffer, and its TextEncoder.encodeInto a resizable destination. A test stubs these classes
// in (before the module under test makes its decoders) to check that every function gives the same
// answer for such memory as for a copy.

import { afterAll, beforeAll, vi } from 'vitest';

/** `ArrayBuffer` with the ES2024 resizable constructor (the packages' lib is older). */
export const Resizable = ArrayBuffer as unknown as new (
  n: number,
  options: { maxByteLength: number },
) => ArrayBuffer;

/** Whether `v` (a view or a buffer) is memory Chromium's TextDecoder refuses. */
export const refusedByChromium = (v: unknown): boolean => {
  const buffer = ArrayBuffer.isView(v) ? v.buffer : v;
  return (
    (typeof SharedArrayBuffer === 'function' && buffer instanceof SharedArrayBuffer) ||
    !!(buffer as { resizable?: boolean } | undefined)?.resizable
  );
};

/**
 * TextDecoder and TextEncoder classes that refuse what Chromium's refuse, with its messages,
 * calling `onRefusal` each time (a test can then check the platform was reached with such memory).
 */
export function chromiumCodecs(onRefusal: () => void = () => {}): {
  TextDecoder: typeof TextDecoder;
  TextEncoder: typeof TextEncoder;
} {
  class ChromiumTextDecoder extends TextDecoder {
    override decode(input?: AllowSharedBufferSource, options?: TextDecodeOptions): string {
      if (refusedByChromium(input)) {
        onRefusal();
        throw new TypeError(
          "Failed to execute 'decode' on 'TextDecoder': The provided ArrayBufferView value must not be shared.",
        );
      }
      return super.decode(input, options);
    }
  }
  class ChromiumTextEncoder extends TextEncoder {
    override encodeInto(source: string, destination: Uint8Array): TextEncoderEncodeIntoResult {
      if (refusedByChromium(destination)) {
        onRefusal();
        throw new TypeError(
          "Failed to execute 'encodeInto' on 'TextEncoder': The provided Uint8Array value must not be resizable.",
        );
      }
      return super.encodeInto(source, destination);
    }
  }
  return { TextDecoder: ChromiumTextDecoder, TextEncoder: ChromiumTextEncoder };
}

/**
 * The bytes of `b` in memory Chromium's TextDecoder refuses, each with a name: views at an odd
 * offset of a SharedArrayBuffer (a Uint8Array and a DataView), a whole SharedArrayBuffer, and a view
 * of a resizable ArrayBuffer and that buffer itself.
 */
export const refusedMemory = (
  b: Uint8Array,
): [string, Uint8Array | DataView | ArrayBufferLike][] => {
  const shared = new Uint8Array(new SharedArrayBuffer(b.length + 3), 3);
  shared.set(b);
  const whole = new Uint8Array(new SharedArrayBuffer(b.length));
  whole.set(b);
  const resizable = new Resizable(b.length, { maxByteLength: 2 * b.length + 8 });
  new Uint8Array(resizable).set(b);
  return [
    ['shared view', shared],
    ['DataView of shared memory', new DataView(shared.buffer, 3)],
    ['whole SharedArrayBuffer', whole.buffer],
    ['resizable view', new Uint8Array(resizable)],
    ['resizable ArrayBuffer', resizable],
  ];
};

/**
 * Loads the module under test (by `load`, before each file's tests) with the global TextDecoder and
 * TextEncoder standing in for Chromium's, so that its decoders and encoders are made from them, and
 * puts the platform's back afterwards. Returns a getter of the module.
 */
export function underChromium<T>(load: () => Promise<T>, onRefusal?: () => void): () => T {
  const codecs = chromiumCodecs(onRefusal);
  let module: T | undefined;
  beforeAll(async () => {
    vi.stubGlobal('TextDecoder', codecs.TextDecoder);
    vi.stubGlobal('TextEncoder', codecs.TextEncoder);
    vi.resetModules();
    module = await load();
  });
  afterAll(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });
  return () => module as T;
}
