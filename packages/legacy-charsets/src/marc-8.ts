import type { Codec } from './codec';
import { index as eacc } from './generated/eacc';
import { marc } from './marc';

/**
 * The marc-8 codec: MARC 21 character sets from the Library of Congress code tables, EACC included
 * (`@x/legacy-charsets/marc-8-no-eacc` leaves that table out).
 * {@link https://www.loc.gov/marc/specifications/speccharmarc8.html | MARC 21 Character Sets Part 3}
 * @example
 * ```ts
 * codec.decode(new Uint8Array([0x1b, 0x24, 0x31, 0x21, 0x30, 0x21, 0x1b, 0x28, 0x42])); // '一'
 * ```
 */
export const codec: Codec = /* @__PURE__ */ marc('marc-8', true, false, eacc);
