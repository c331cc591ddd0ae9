import type { Codec } from './codec';
import { iso2022cn } from './cjk/iso2022';

/** The iso-2022-cn codec (decoded and encoded here; the WHATWG standard maps this label to replacement). */
export const codec: Codec = /* @__PURE__ */ iso2022cn('iso-2022-cn');
