import type { Codec } from './codec';
import { iso2022jp } from './cjk/codecs';

/** The iso-2022-jp codec (WHATWG Encoding Standard). */
export const codec: Codec = /* @__PURE__ */ iso2022jp('iso-2022-jp');
