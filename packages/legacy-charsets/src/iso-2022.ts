import type { Codec } from './codec';
import { generic } from './iso2022/machine';

export type { Step } from './iso2022/machine';
export { decodeSteps } from './iso2022/machine';

/**
 * The iso-2022 codec: ISO/IEC 2022 (ECMA-35) in the 8-bit form. It decodes whatever designations
 * it meets: the 94-character sets (ASCII and the ISO 646 variants, JIS X 0201), the 96-character
 * sets (the upper halves of ISO 8859-1 … 16) and the 94 × 94 sets (JIS X 0208, JIS X 0212,
 * GB 2312, KS X 1001, CNS 11643 planes 1 and 2) into G0-G3, with locking and single shifts. It
 * encodes ASCII as itself and the rest in G1, invoked into GR (a 94-set in G0 for a character only
 * such a set has), choosing the sets so that the output is the shortest correct one.
 * @example
 * ```ts
 * import { codec } from '@x/legacy-charsets/iso-2022';
 * // ESC - F designates ISO-IR 126, the Greek upper half of ISO 8859-7, into G1.
 * codec.decode(new Uint8Array([0x1b, 0x2d, 0x46, 0xe1, 0xe2, 0x1b, 0x28, 0x42])); // 'αβ'
 * // § is in ISO 8859-7 too: one designation.
 * Array.from(codec.encode('§α')); // [0x1b, 0x2d, 0x46, 0xa7, 0xe1]
 * ```
 */
export const codec: Codec = /* @__PURE__ */ generic('iso-2022');
