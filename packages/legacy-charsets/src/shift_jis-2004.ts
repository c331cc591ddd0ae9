import type { Codec } from './codec';
import { jisx0213Codec } from './cjk/jisx0213';

/**
 * The shift_jis-2004 codec (JIS X 0213:2004 Annex 1, Shift_JISX0213): bytes 0x00-0x7F are ASCII
 * (as in Python and the WHATWG shift_jis, where glibc reads 0x5C and 0x7E as ¥ and ‾), A1-DF
 * half-width katakana, plane 1 through the lead bytes 81-9F and E0-EF, plane 2 through F0-FC. Not
 * in the main entry: import this subpath.
 * @example
 * ```ts
 * import { codec } from '@x/legacy-charsets/shift_jis-2004';
 * codec.decode(new Uint8Array([0x82, 0xf5])); // 'か゚'
 * ```
 */
export const codec: Codec = /* @__PURE__ */ jisx0213Codec('shift_jis-2004', 'sjis');
