import type { Codec } from './codec';
import { marc } from './marc';

/**
 * The iso-5428 codec: ISO 5428 (ISO-IR 55), the Greek set of bibliographic records: ISO 646 in GL, ISO 5428 in GR, accents before their base letter.
 * Tables: data/marc/unimarc.xml, final byte `S`.
 * @example
 * ```ts
 * import { codec } from '@x/legacy-charsets/iso-5428';
 * codec.decode(new Uint8Array([0xc6, 0xee, 0xee, 0xa2, 0xe1, 0xe5, 0xe1]), { nfc: true }); // 'Ελλάδα'
 * ```
 */
export const codec: Codec = /* @__PURE__ */ marc('iso-5428', false, true, undefined, 'S');
