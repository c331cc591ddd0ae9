import type { Codec } from './codec';
import { iso2022kr } from './cjk/iso2022';

/** The iso-2022-kr codec (decoded and encoded here; the WHATWG standard maps this label to replacement). */
export const codec: Codec = /* @__PURE__ */ iso2022kr('iso-2022-kr');
