// UTF-16 code units to string, fast: TextDecoder over the buffer in the platform's byte order for
// long runs (no argument-count limit), String.fromCharCode for short ones (no call overhead).
const order = new Uint8Array(new Uint16Array([1]).buffer)[0] ? 'utf-16le' : 'utf-16be';
let utf16: TextDecoder | undefined;

/** Turn the first `length` code units of `units` into a string. */
export function unitsToString(units: Uint16Array, length: number): string {
  const u = units.subarray(0, length);
  return length > 256
    ? (utf16 ??= new TextDecoder(order)).decode(u)
    : String.fromCharCode.apply(null, u as unknown as number[]);
}
