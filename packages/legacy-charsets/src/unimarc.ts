import type { Codec } from './codec';
import { marc } from './marc';

/** The unimarc codec (ISO 646, ISO 5426, ISO 5427, ISO 5428, ISO 6438, switched by ISO 2022 escapes). */
export const codec: Codec = /* @__PURE__ */ marc('unimarc', true, true);
