// UTF-16 code units to text, node build (tooling/platform.ts): from 16 units on, Node's
// `Buffer#ucs2Slice` copies them into a string natively, about 3x faster than the portable
// `String.fromCharCode.apply` (./units.ts), which short text keeps (below 16 units the native call
// costs more than it saves). The same text for every input; a big-endian machine, where
// `ucs2Slice` would read the units byte-swapped, takes the portable code.
import { Buffer } from 'node:buffer';
import { unitsText as portable } from './units';

const LE = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** The text of the first `k` units of `units`, as a function of `k` (`k` >= 1). */
export const unitsText = (units: Uint16Array): ((k: number) => string) => {
  const short = portable(units);
  if (!LE) return short;
  const bytes = Buffer.from(units.buffer, units.byteOffset, units.byteLength) as Buffer & {
    ucs2Slice(start: number, end: number): string;
  };
  return (k) => (k < 16 ? short(k) : bytes.ucs2Slice(0, 2 * k));
};
