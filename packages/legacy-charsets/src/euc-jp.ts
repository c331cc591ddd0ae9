import type { Codec } from './codec';
import { eucJp } from './cjk/codecs';

/** The euc-jp codec (WHATWG Encoding Standard). */
export const codec: Codec = /* @__PURE__ */ eucJp('euc-jp');
