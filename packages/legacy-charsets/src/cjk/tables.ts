// Lazily expanded WHATWG indexes, shared by the codecs that use them.
import { index as big5Index } from '../generated/index-big5';
import { index as eucKrIndex } from '../generated/index-euc-kr';
import { index as gbIndex } from '../generated/index-gb18030';
import { index as katakanaIndex } from '../generated/index-iso-2022-jp-katakana';
import { index as jis0208Index } from '../generated/index-jis0208';
import { index as jis0212Index } from '../generated/index-jis0212';
import { expand, type Index, reverse } from '../cjk-index';

let j8: Index | undefined;
let j8sjis: Index | undefined;
let j12: Index | undefined;
let kr: Index | undefined;
let b5: Index | undefined;
let gb: Index | undefined;
let kana: Index | undefined;

/** Index jis0208 with the reverse lookup of its first pointers. */
export function jis0208(): Index {
  if (!j8) reverse((j8 = expand(jis0208Index)));
  return j8;
}

/**
 * Index jis0208 for the Shift_JIS encoder: pointers 8272 to 8835 excluded.
 * {@link https://encoding.spec.whatwg.org/#index-shift_jis-pointer | index Shift_JIS pointer}
 */
export function jis0208ShiftJis(): Index {
  if (!j8sjis) reverse((j8sjis = { cp: jis0208().cp }), (p) => p >= 8272 && p <= 8835);
  return j8sjis;
}

/** Index jis0212 (decode only). */
export function jis0212(): Index {
  j12 ??= expand(jis0212Index);
  return j12;
}

/** Index euc-kr. */
export function eucKr(): Index {
  if (!kr) reverse((kr = expand(eucKrIndex)));
  return kr;
}

/** The code points whose last Big5 pointer is encoded. */
export const BIG5_LAST: number[] = [0x2550, 0x255e, 0x2561, 0x256a, 0x5341, 0x5345];

/**
 * Index Big5; the encoder excludes pointers below (0xA1 - 0x81) * 157 and takes the last pointer
 * of six code points. {@link https://encoding.spec.whatwg.org/#index-big5-pointer | index Big5 pointer}
 */
export function big5(): Index {
  if (!b5) {
    reverse((b5 = expand(big5Index)), (p) => p < (0xa1 - 0x81) * 157, BIG5_LAST);
  }
  return b5;
}

/** Index gb18030. */
export function gb18030(): Index {
  if (!gb) reverse((gb = expand(gbIndex)));
  return gb;
}

/** Index ISO-2022-JP katakana (half-width to full-width katakana). */
export function katakana(): Index {
  kana ??= expand(katakanaIndex);
  return kana;
}
