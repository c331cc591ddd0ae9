import type { Codec } from './codec';
import { marc } from './marc';

/** The marc-8 codec (MARC 21 character sets, Library of Congress code tables). */
export const codec: Codec = /* @__PURE__ */ marc('marc-8', true);
