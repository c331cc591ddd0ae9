// For tests: the platform codecs as Chromium 156 behaves (checked there), where Node's accept more.
// Chromium's TextDecoder.decode refuses a view over a SharedArrayBuffer or over a resizable
// ArrayBuffer, and its TextEncoder.encodeInto a resizable destination. A test stubs these classes
// in (before the module under test makes its decoders) to check that every function gives the same
// answer for such memory as for a copy.

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
