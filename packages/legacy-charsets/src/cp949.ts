import type { Codec } from './codec';
import { eucKrCodec } from './cjk/codecs';

/** The cp949 codec: Microsoft's Unified Hangul Code, the same table as WHATWG euc-kr. */
export const codec: Codec = /* @__PURE__ */ eucKrCodec('cp949');
