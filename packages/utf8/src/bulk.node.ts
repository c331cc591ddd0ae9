// Bulk decoding for long input, node build (tooling/platform.ts): ASCII, the commonest long input
// on the web, is checked and copied by Node's native `isAscii` and `latin1Slice` (each byte is its
// code unit), about twice as fast as TextDecoder; anything else takes the portable path
// (./bulk.ts), so both builds return the same for every input.
import * as buffer from 'node:buffer';
import { decodeBulk as decodePortable } from './bulk';

const { isAscii } = buffer; // Node >= 18.15; earlier 18.x takes the portable path.
const latin1Slice = buffer.Buffer.prototype.latin1Slice;

/**
 * `b` decoded as the WHATWG UTF-8 decoder does (BOM kept), or `undefined` when this runtime has
 * no bulk decoder or, with `fatal`, the bytes are ill-formed (the caller's decoder then finds
 * where, and throws with the index).
 */
export const decodeBulk = (b: Uint8Array, fatal: boolean): string | undefined =>
  isAscii?.(b) ? latin1Slice.call(b, 0, b.length) : decodePortable(b, fatal);
