import type { Codec } from './codec';
import { compoundText } from './iso2022/machine';

/**
 * The compound-text codec: X11 Compound Text, the ISO 2022 profile of X selections and window
 * titles (ASCII in G0, the upper half of ISO 8859-1 in G1 at the start; other sets by designation).
 * @example
 * ```ts
 * import { codec } from '@x/legacy-charsets/compound-text';
 * Array.from(codec.encode('é')); // [0xe9]
 * codec.decode(new Uint8Array([0x1b, 0x2d, 0x46, 0xe1, 0x1b, 0x2d, 0x41])); // 'α'
 * ```
 */
export const codec: Codec = /* @__PURE__ */ compoundText('compound-text');
