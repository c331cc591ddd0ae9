// The runtime's own base64, portable build: `Uint8Array.fromBase64` and `Uint8Array#toBase64`
// (ECMAScript 2026) where the runtime has them. The node build swaps in ./base64-platform.node.ts
// (tooling/platform.ts), which also uses Node's Buffer; both give what ./transfer-encoding's own
// loops give, so every build returns the same for every input.

interface Base64Statics {
  fromBase64?: (s: string, o: { lastChunkHandling: 'loose' }) => Uint8Array;
}

/**
 * `input` decoded the way the lenient decoder reads it (RFC 2045 §6.8), or `undefined` when this
 * runtime has no decoder that reads it so: `Uint8Array.fromBase64` refuses anything but alphabet,
 * whitespace and final padding, and the caller's own loop takes over.
 */
export function platformDecode(input: string): Uint8Array | undefined {
  const fromBase64 = (Uint8Array as Base64Statics).fromBase64;
  if (fromBase64 === undefined) return undefined;
  try {
    return fromBase64.call(Uint8Array, input, { lastChunkHandling: 'loose' });
  } catch {
    return undefined;
  }
}

/**
 * Whether {@link platformDecode} can decode here at all: where it cannot, a caller need not look at
 * its input to see whether it would be worth handing over.
 */
export function platformDecodes(): boolean {
  return (Uint8Array as Base64Statics).fromBase64 !== undefined;
}

/** `src` as one line of padded base64, or `undefined` when the runtime has no encoder. */
export function platformEncode(src: Uint8Array): string | undefined {
  const toBase64 = (src as unknown as { toBase64?: () => string }).toBase64;
  return toBase64 === undefined ? undefined : toBase64.call(src);
}

let ascii: TextDecoder | undefined;

/**
 * The string of bytes that are all ASCII (what the transfer encoders write): the runtime's
 * `TextDecoder`, made on the first call; without one (it is not ECMAScript: Hermes and QuickJS lack
 * it), `String.fromCharCode` of 8 KiB at a time. The node build reads them as Latin-1 with `Buffer`,
 * the same string for ASCII. Other bytes give characters outside ASCII in every build (UTF-8 or
 * U+FFFD; Latin-1), which is all that decodeBody needs of them. Read through `globalThis`, so that
 * the bundler leaves the name `TextDecoder` to this package's own class (it renames a class whose
 * name the chunk also uses for a global).
 */
export function asciiString(bytes: Uint8Array): string {
  const Decoder = globalThis.TextDecoder;
  if (typeof Decoder !== 'function') {
    let s = '';
    for (let i = 0; i < bytes.length; i += 8192)
      s += String.fromCharCode.apply(null, bytes.subarray(i, i + 8192) as unknown as number[]);
    return s;
  }
  // ignoreBOM: bytes EF BB BF at the start are kept as U+FEFF, so that every byte gives a character
  // (decodeBody reads a body's bytes so, to look at them as a string).
  return (ascii ??= new Decoder('utf-8', { ignoreBOM: true })).decode(bytes);
}
