// CNS 11643-1992 planes 3 to 7 (the rest of the 1992 standard's hanzi: 35,175 characters, most of
// them in Unicode's CJK extensions A and B), as Taiwan's official CNS 11643 Unicode mapping gives
// them (data/cns11643/cns11643-planes-3-7.txt, data/SOURCES.md). EUC-TW alone reads them (through
// 0x8E 0xA3 … 0xA7); iso-2022-cn does not hold them. One index for the five planes, plane p's
// row and cell at pointer (p - 3) * 8836 + (row - 0x21) * 94 + cell - 0x21, built on first use.
import { expand, type Index, reverse } from '../cjk-index';
import { planes3to7 } from '../generated/cns11643-planes-3-7';

/** The pointers of one plane in the index of planes 3 to 7. */
export const PLANE_SIZE: number = 94 * 94;

let ext: Index | undefined;

/** CNS 11643 planes 3 to 7 in one index (see the head of this file), with its reverse lookup. */
export function cnsPlanes3to7(): Index {
  if (!ext) {
    ext = expand(planes3to7);
    reverse(ext);
  }
  return ext;
}
