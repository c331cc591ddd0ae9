import type { Codec } from './codec';
import { eucTw } from './cjk/euctw';

/**
 * The euc-tw codec (glibc `EUC-TW`, Java `x-EUC-TW`; not a WHATWG encoding): ASCII, CNS 11643
 * plane 1 in two bytes 0xA1-0xFE, plane 2 as 0x8E 0xA2 and two bytes (0x8E 0xA1 and two bytes is
 * plane 1 again), by Taiwan's official CNS 11643 mapping. Codes of planes 3-16 decode as errors
 * (no table). The tables are built on the first character that needs them.
 * {@link https://www.rfc-editor.org/rfc/rfc1922 | RFC 1922 (CNS 11643 planes 1 and 2)}
 * @example
 * ```ts
 * codec.decode(new Uint8Array([0xe1, 0xde, 0x8e, 0xa2, 0xa1, 0xa1])); // '華乂' (CNS 1-615E, 2-2121)
 * Array.from(codec.encode('中華')); // [0xc4, 0xe3, 0xe1, 0xde]
 * ```
 */
export const codec: Codec = /* @__PURE__ */ eucTw('euc-tw');
