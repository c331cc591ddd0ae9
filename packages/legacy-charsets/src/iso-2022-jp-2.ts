import type { Codec } from './codec';
import { iso2022jp2 } from './iso2022/machine';

/**
 * The iso-2022-jp-2 codec (RFC 1554): ISO-2022-JP with JIS X 0212, GB 2312 and KS C 5601 in G0
 * and the upper halves of ISO 8859-1 (`ESC . A`) and ISO 8859-7 (`ESC . F`) in G2, one
 * character at a time after `ESC N`.
 * @example
 * ```ts
 * import { codec } from '@x/legacy-charsets/iso-2022-jp-2';
 * codec.decode(new Uint8Array([0x1b, 0x2e, 0x46, 0x1b, 0x4e, 0x61])); // 'α'
 * ```
 */
export const codec: Codec = /* @__PURE__ */ iso2022jp2('iso-2022-jp-2');
