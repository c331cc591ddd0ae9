// Every WHATWG multi-byte codec in one entry: the bundle that measures "all WHATWG CJK tables
// together" (package.json sizeBudget), and a convenience for users who want all of them.
import type { Codec } from './codec';
import { codec as big5 } from './big5';
import { codec as eucJp } from './euc-jp';
import { codec as eucKr } from './euc-kr';
import { codec as gb18030 } from './gb18030';
import { codec as gbk } from './gbk';
import { codec as iso2022jp } from './iso-2022-jp';
import { codec as shiftJis } from './shift_jis';

/** shift_jis, euc-jp, iso-2022-jp, gbk, gb18030, big5 and euc-kr. */
export const codecs: readonly Codec[] = [shiftJis, eucJp, iso2022jp, gbk, gb18030, big5, eucKr];
