import type { Codec } from './codec';
import { eucKrCodec } from './cjk/codecs';

/** The euc-kr codec (WHATWG Encoding Standard). */
export const codec: Codec = /* @__PURE__ */ eucKrCodec('euc-kr');
