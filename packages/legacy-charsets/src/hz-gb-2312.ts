import type { Codec } from './codec';
import { hz } from './cjk/iso2022';

/** The hz-gb-2312 codec (decoded and encoded here; the WHATWG standard maps this label to replacement). */
export const codec: Codec = /* @__PURE__ */ hz('hz-gb-2312');
