import type { Codec } from './codec';
import { replacementCodec } from './cjk/codecs';

/** The replacement codec (WHATWG Encoding Standard). */
export const codec: Codec = /* @__PURE__ */ replacementCodec('replacement');
