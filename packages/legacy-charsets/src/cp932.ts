import type { Codec } from './codec';
import { shiftJis } from './cjk/codecs';

/** The cp932 codec: Microsoft's Shift_JIS table (differs from WHATWG shift_jis at 0x80, EUDC, ¥ ‾ −). */
export const codec: Codec = /* @__PURE__ */ shiftJis('cp932', true);
