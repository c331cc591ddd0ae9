// UTF-16 code units to string, fast: TextDecoder over the buffer in the platform's byte order for
// long runs (no argument-count limit), String.fromCharCode for short ones (no call overhead).
// Decoders write into one shared scratch buffer (decoding is synchronous and the string is a
// copy), which spares the garbage collector a large array per call.
const order = new Uint8Array(new Uint16Array([1]).buffer)[0] ? 'utf-16le' : 'utf-16be';
let utf16: TextDecoder | undefined;
let shared = new Uint16Array(0);

/** A scratch buffer of at least `n` code units, reused across calls (at most 4 Mi units kept). */
export function scratch(n: number): Uint16Array {
  if (n <= shared.length) return shared;
  const buf = new Uint16Array(n);
  if (n <= 1 << 22) shared = buf;
  return buf;
}

/** Turn the first `length` code units of `units` into a string. */
export function unitsToString(units: Uint16Array, length: number): string {
  const u = units.subarray(0, length);
  return length > 256
    ? (utf16 ??= new TextDecoder(order)).decode(u)
    : String.fromCharCode.apply(null, u as unknown as number[]);
}
