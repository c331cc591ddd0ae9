import type { Codec } from './codec';
import { jisx0213Codec } from './cjk/jisx0213';

/**
 * The euc-jis-2004 codec (JIS X 0213:2004 Annex 3, EUC-JISX0213): ASCII, half-width katakana
 * after 0x8E, plane 1 in two bytes A1-FE, plane 2 after 0x8F. Its table is glibc's EUC-JISX0213
 * charmap; 25 codes are two code points (か゚ is U+304B U+309A), written from the pair. Not in the
 * main entry: import this subpath.
 * @example
 * ```ts
 * import { codec } from '@x/legacy-charsets/euc-jis-2004';
 * codec.decode(new Uint8Array([0xa4, 0xf7])); // 'か゚'
 * ```
 */
export const codec: Codec = /* @__PURE__ */ jisx0213Codec('euc-jis-2004', 'euc');
