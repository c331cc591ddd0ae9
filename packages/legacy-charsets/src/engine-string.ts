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
    )).decode(units);
  let s = '';
  for (let i = 0; i < units.length; )
    s += String.fromCharCode.apply(null, units.subarray(i, (i += 8192)) as never);
  return s;
}

// One scratch buffer for the single-byte decoders (decoding is synchronous and the string is a
// copy): no array to allocate per call, which costs more than the work on short input.
let units = new Uint16Array(256);
// The runtime's decoder of each name, once proven to give what the table gives (see below).
const natives: Record<string, TextDecoder | null> = {};

/**
 * `bytes` through a single-byte table `fwd` (byte to code unit, U+FFFD where unmapped), one code
 * unit per byte. Long input goes through the runtime's TextDecoder of the same `name` once that
 * decoder has given exactly what the table gives for every byte value: a single-byte decoder maps
 * each byte on its own, so that settles every input.
 * https://encoding.spec.whatwg.org/#single-byte-decoder
 */
export function decodeTable(bytes: Uint8Array, fwd: Uint16Array, name: string): string {
  const n = bytes.length;
  if (n > 256) {
    let native = natives[name];
    if (native === undefined) {
      natives[name] = null;
      try {
        native = new TextDecoder(name);
        const all = new Uint8Array(256).map((_, b) => b);
        if (native.decode(all) === decodeTable(all, fwd, '')) natives[name] = native;
      } catch {
        // Not a name the runtime knows (or no TextDecoder): the table's loop does it.
      }
    }
    native = natives[name];
    if (native) return native.decode(bytes);
  }
  if (n > units.length) units = new Uint16Array(n);
  for (let i = 0; i < n; i++) units[i] = fwd[bytes[i]!]!;
  const s = unitsToString(units.subarray(0, n));
  // Keep at most 4 Mi units.
  if (n > 1 << 22) units = new Uint16Array(256);
  return s;
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
  return or < 0x80 && k === words.length ? (utf8 ??= new TextDecoder()).decode(bytes) : undefined;
}
