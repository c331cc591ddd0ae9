import type { Codec } from './codec';
import { marc } from './marc';

/**
 * The iso-5426 codec: ISO 5426, the extended Latin set of bibliographic records: ISO 646 in GL, ISO 5426 in GR, diacritics before their base letter.
 * Tables: data/marc/unimarc.xml, final byte `P`.
 * @example
 * ```ts
 * import { codec } from '@x/legacy-charsets/iso-5426';
 * codec.decode(new Uint8Array([0xe8, 0xc2, 0x6f, 0x64, 0xc2, 0x7a]), { nfc: true }); // 'Łódź'
 * ```
 */
export const codec: Codec = /* @__PURE__ */ marc('iso-5426', false, true, undefined, 'P');
