// UTF-16 code units to string, fast: TextDecoder over the buffer in the platform's byte order for
// long runs (no argument-count limit); String.fromCharCode for short ones (no call overhead) and, in
// 8192-unit slices, for long ones where the runtime has no TextDecoder (it is not ECMAScript).
// The node build swaps in ./engine-string.node.ts (tooling/platform.ts), which gives the same
// string for every input through Node's Buffer.
let utf16: TextDecoder | undefined;

/** Turn code units into a string; every surrogate in `units` is paired (the decoders' output). */
export function unitsToString(units: Uint16Array): string {
  if (units.length > 256 && globalThis.TextDecoder)
    return (utf16 ??= new TextDecoder(
      new Uint8Array(new Uint16Array([1]).buffer)[0] ? 'utf-16le' : 'utf-16be',
      // A U+FEFF at the start is text here, not a byte order mark to drop.
      { ignoreBOM: true },
    )).decode(units);
  let s = '';
  for (let i = 0; i < units.length; )
    s += String.fromCharCode.apply(null, units.subarray(i, (i += 8192)) as never);
  return s;
}

/**
 * `bytes` through a single-byte table `fwd` (byte to code unit, U+FFFD where unmapped), one code
 * unit per byte; long input through `native`, the runtime's decoder of the charset where it is
 * proven to give what the table gives (see single-byte.ts).
 * https://encoding.spec.whatwg.org/#single-byte-decoder
 */
export function decodeTable(bytes: Uint8Array, fwd: Uint16Array, native?: TextDecoder): string {
  const n = bytes.length;
  // A runtime may refuse a view of a SharedArrayBuffer (Chromium's TextDecoder does): the table
  // reads it then.
  if (native && n > 256)
    try {
      return native.decode(bytes);
    } catch {}
  const units = new Uint16Array(n);
  for (let i = 0; i < n; i++) units[i] = fwd[bytes[i]!]!;
  return unitsToString(units);
}

let utf8: TextDecoder | undefined;

/**
 * The text of `bytes` if they are long and all ASCII, which reads the same in every CJK encoding of
 * this package and which the runtime's own decoder copies at once (in one byte a character, too); else
 * undefined. Four bytes at a time through a 32-bit view of the aligned part.
 */
export function asciiText(bytes: Uint8Array): string | undefined {
  const n = bytes.length;
  if (n < 256 || typeof TextDecoder !== 'function') return undefined;
  // The (at most three) bytes before the first word and after the last one.
  let or = 0;
  for (let k = 0; k < 4; k++) or |= bytes[k]! | bytes[n - 1 - k]!;
  const skip = -bytes.byteOffset & 3;
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset + skip, (n - skip) >> 2);
  let k = 0;
  while (k < words.length && (words[k]! & 0x80808080) === 0) k++;
  if (or >= 0x80 || k < words.length) return undefined;
  try {
    return (utf8 ??= new TextDecoder()).decode(bytes);
  } catch {
    // A view of a SharedArrayBuffer, which Chromium's TextDecoder refuses: the caller's loop reads it.
    return undefined;
  }
}
