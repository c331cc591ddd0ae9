import type { Codec } from './codec';
import { gb18030Codec } from './cjk/codecs';

/** The gb18030 codec (WHATWG Encoding Standard). */
export const codec: Codec = /* @__PURE__ */ gb18030Codec('gb18030', false);
