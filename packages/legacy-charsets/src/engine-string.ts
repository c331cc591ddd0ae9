// UTF-16 code units to string, fast: TextDecoder over the buffer in the platform's byte order for
// long runs (no argument-count limit); String.fromCharCode for short ones (no call overhead) and, in
// 8192-unit slices, for long ones where the runtime has no TextDecoder (it is not ECMAScript).
let utf16: TextDecoder | undefined;

/** Turn code units into a string. */
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
