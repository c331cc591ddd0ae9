import type { Codec } from './codec';
import { big5Codec } from './cjk/codecs';

/** The big5 codec (WHATWG Encoding Standard). */
export const codec: Codec = /* @__PURE__ */ big5Codec('big5');
