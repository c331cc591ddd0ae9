// Bulk decoding for long input, node build (tooling/platform.ts). From 1 KiB on: ASCII, the
// commonest long input on the web, is checked and copied by Node's native `isAscii` and
// `latin1Slice` (each byte is its code unit), 1.5x TextDecoder under Node 22 and about level under
// Node 24 (more on 1 MiB, whose string Node keeps outside the JavaScript heap); other well-formed
// input, under Node before 24, is converted by `transcode` to UTF-16 and copied into a string by
// `ucs2Slice`: 1.5-2x TextDecoder there, whose V8 decodes UTF-8 a byte at a time (Node 24's V8
// decodes as fast as that route, so there TextDecoder does it). Below 1 KiB the two native calls
// cost more than they save, and TextDecoder alone is faster. Ill-formed input, and anything on a
// Node without these functions, takes the portable path (./bulk.ts): both builds return the same
// for every input (`isUtf8` is the WHATWG "well-formed" test; on well-formed bytes every one of
// these conversions is exact, BOM kept).
import * as buffer from 'node:buffer';
import { versions } from 'node:process';
import { decodeBulk as decodePortable } from './bulk';

// Node >= 18.15 (isAscii), 18.14 (isUtf8); `transcode` exists where Node has ICU.
const { isAscii, isUtf8, transcode } = buffer;
const { latin1Slice, ucs2Slice } = buffer.Buffer.prototype;

/** Bytes from which the native routes beat TextDecoder (measured under Node 22 and 24). */
const BULK = 1024;

/** Whether this Node's TextDecoder is the slow scalar one (Node 22 and before; measured on 22 and 24). */
const scalar = Number.parseInt(versions.node, 10) < 24 && !!transcode && !!isUtf8;

/**
 * `b` decoded through `transcode` and `ucs2Slice` when it is well-formed UTF-8, else
 * `undefined`. Exported for the tests, which run under Node 24 where {@link decodeBulk} leaves it.
 */
export const decodeTranscoded = (b: Uint8Array): string | undefined => {
  try {
    if (!isUtf8(b)) return undefined;
    const units = transcode(b, 'utf8', 'ucs2');
    return ucs2Slice.call(units, 0, units.length);
  } catch {
    // A buffer Node refuses (none is known among what toBytes gives): the portable path decides.
  }
};

/**
 * `b` decoded as the WHATWG UTF-8 decoder does (BOM kept), or `undefined` when this runtime has
 * no bulk decoder or, with `fatal`, the bytes are ill-formed (the caller's decoder then finds
 * where, and throws with the index).
 */
export const decodeBulk = (b: Uint8Array, fatal: boolean): string | undefined => {
  if (b.length >= BULK) {
    try {
      if (isAscii?.(b)) return latin1Slice.call(b, 0, b.length);
    } catch {
      // A Uint8Array subclass whose `length` claims more bytes than it has (latin1Slice throws a
      // RangeError): the portable path, which the portable build takes too, decides.
    }
    const text = scalar ? decodeTranscoded(b) : undefined;
    if (text !== undefined) return text;
  }
  return decodePortable(b, fatal);
};
