// MARC-8 without its EACC table, for bundles that never meet CJK text: the same codec as
// @x/legacy-charsets/marc-8 less about 25 KiB min+gzip. An EACC designation (ESC $ 1) is a
// decoding error here, and CJK text is unencodable.
import type { Codec } from './codec';
import { marc } from './marc';

/**
 * The marc-8 codec without EACC (the Library of Congress single-byte sets only).
 * {@link https://www.loc.gov/marc/specifications/speccharmarc8.html | MARC 21 Character Sets Part 3}
 * @example
 * ```ts
 * codec.decode(new Uint8Array([0xe2, 0x65]), { nfc: true }); // 'é'
 * ```
 */
export const codec: Codec = /* @__PURE__ */ marc('marc-8', true);
