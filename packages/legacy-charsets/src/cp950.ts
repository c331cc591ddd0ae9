import type { Codec } from './codec';
import { big5Codec } from './cjk/codecs';
import { overrides, runs } from './generated/cp950';

/** The cp950 codec: Microsoft's Big5 (no HKSCS; 0xF9FE is U+2593). */
export const codec: Codec = /* @__PURE__ */ big5Codec('cp950', { runs, overrides });
