import type { Codec } from './codec';
import { jisx0213Codec } from './cjk/jisx0213';

/**
 * The iso-2022-jp-2004 codec (JIS X 0213:2004 Annex 2): ASCII (`ESC ( B`), JIS X 0208
 * (`ESC $ B`, only the codes JIS X 0208 has), JIS X 0213 plane 1 (`ESC $ ( Q`, and the 2000
 * edition's `ESC $ ( O`) and plane 2 (`ESC $ ( P`); the decoder also reads `ESC ( J` and `ESC ( I`.
 * The encoder writes JIS X 0208's characters after `ESC $ B`, the others after `ESC $ ( Q` or
 * `ESC $ ( P`, and returns to ASCII before each line end and at the end; half-width katakana are
 * not written (Annex 2 has no set for them). Not in the main entry: import this subpath.
 * @example
 * ```ts
 * import { codec } from '@x/legacy-charsets/iso-2022-jp-2004';
 * Array.from(codec.encode('か゚')); // [0x1b, 0x24, 0x28, 0x51, 0x24, 0x77, 0x1b, 0x28, 0x42]
 * ```
 */
export const codec: Codec = /* @__PURE__ */ jisx0213Codec('iso-2022-jp-2004', 'iso2022');
