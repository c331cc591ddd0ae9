import type { Codec } from './codec';
import { shiftJis } from './cjk/codecs';

/** The shift_jis codec (WHATWG Encoding Standard). */
export const codec: Codec = /* @__PURE__ */ shiftJis('shift_jis');
