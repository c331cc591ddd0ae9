import type { Codec } from './codec';
import { marc } from './marc';

/**
 * The iso-5427 codec: ISO 5427 (ISO-IR 37), the basic Cyrillic set of bibliographic records: ISO 646 in GL, ISO 5427 in GR.
 * Tables: data/marc/unimarc.xml, final byte `N`.
 * @example
 * ```ts
 * import { codec } from '@x/legacy-charsets/iso-5427';
 * codec.decode(new Uint8Array([0xed, 0xc9, 0xd2])); // 'Мир'
 * ```
 */
export const codec: Codec = /* @__PURE__ */ marc('iso-5427', false, true, undefined, 'N');
