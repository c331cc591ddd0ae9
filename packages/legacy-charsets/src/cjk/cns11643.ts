// CNS 11643-1992 planes 1 and 2, the Taiwanese 94x94 sets that ISO-2022-CN designates (RFC 1922),
// as Taiwan's official CNS 11643 Unicode mapping gives them (data/cns11643/, data/SOURCES.md).
// Indexed by pointer (row - 0x21) * 94 + cell - 0x21. Big5 was drawn from CNS 11643 in the same
// order, so the generated module stores most of each plane as runs of the WHATWG Big5 index and
// the rest as a compiled index; both planes are built on first use, not at import.
//
// Where the official mapping and glibc's EUC-TW table disagree (17 plane 1 symbols), this follows
// the official one. Against the WHATWG Big5 index at the corresponding Big5 codes it agrees on 15:
// 1-2126 U+2027 (Big5 0xA145, glibc U+30FB), 1-2136 U+FF5C, 1-2138 U+FE31, 1-2139 U+2014,
// 1-216A/216B U+2035/U+2032, 1-2242/2243 U+FE65/U+FE66, 1-2244 U+FF5E, 1-2253/2254 U+2295/U+2299,
// 1-2257/2258 U+2190/U+2192, 1-225D/225E U+2225/U+2223. It differs on two: 1-2137 is U+2015
// (Big5 0xA156 is U+2013, glibc U+2014) and 1-243F is U+3039 HANGZHOU NUMERAL TWENTY (Big5 0xA2CD
// is U+5344, as glibc has it; the neighbours 1-243E and 1-2440 are U+3038 and U+303A here, U+5341
// and U+5345 in WHATWG Big5, and absent from glibc).
import { index as big5Index } from '../generated/index-big5';
import { plane1, plane1Runs, plane2, plane2Runs } from '../generated/cns11643';
import { expand, type Index, pairs, reverse } from '../cjk-index';

let p1: Index | undefined;
let p2: Index | undefined;

function build(runs: readonly number[], rest: string): Index {
  const big5 = expand(big5Index).cp;
  const cp = new Uint32Array(94 * 94);
  for (let k = 0; k < runs.length; k += 3) {
    cp.set(big5.subarray(runs[k + 1]!, runs[k + 1]! + runs[k + 2]!), runs[k]!);
  }
  const { pointers, points } = pairs(rest);
  for (let k = 0; k < pointers.length; k++) cp[pointers[k]!] = points[k]!;
  const index: Index = { cp };
  reverse(index);
  return index;
}

/** CNS 11643 plane 1 (5,401 hanzi and 929 symbols mapped to Unicode's BMP), with its reverse lookup. */
export function cnsPlane1(): Index {
  p1 ??= build(plane1Runs, plane1);
  return p1;
}

/** CNS 11643 plane 2 (7,650 hanzi), with its reverse lookup. */
export function cnsPlane2(): Index {
  p2 ??= build(plane2Runs, plane2);
  return p2;
}
