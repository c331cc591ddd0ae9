import type { Codec } from './codec';
import { marc } from './marc';

/**
 * The iso-5427-ext codec: ISO 5427:1981 (ISO-IR 54), the extended Cyrillic set of bibliographic records: ISO 646 in GL, the extension in GR.
 * Tables: data/marc/unimarc.xml, final byte `Q`.
 * @example
 * ```ts
 * import { codec } from '@x/legacy-charsets/iso-5427-ext';
 * codec.decode(new Uint8Array([0xe1, 0xc1])); // 'Ђђ'
 * ```
 */
export const codec: Codec = /* @__PURE__ */ marc('iso-5427-ext', false, true, undefined, 'Q');
