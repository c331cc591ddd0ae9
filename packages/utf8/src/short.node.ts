// Short input (up to SHORT bytes), node build (tooling/platform.ts): well-formed UTF-8 is decoded
// in one pass into a reused array (ASCII is not even copied), and the string made by one
// `fromCharCode` call with the units as literal arguments (a case per length), which skips the
// argument list that `fromCharCode.apply` builds: on 24 bytes, 1.1-1.3x TextDecoder for ASCII and
// 1.2-1.6x for mixed text under Node 22 and 24 (bench/interleaved.ts). Ill-formed bytes go to the
// decoder in ./decode, which the portable build uses too, so both builds give the same for every
// input. Not in the portable build for its size (about 3 KB).
import { SHORT } from './short';

export { exactArray, SHORT } from './short';

/** Indexes of the reused array: 0 to SHORT - 1. */
// biome-ignore format: a table
type Slot =
  | 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11
  | 12 | 13 | 14 | 15 | 16 | 17 | 18 | 19 | 20 | 21 | 22 | 23;

/** Code units, each read as a number: the reused array below, or the bytes of ASCII input. */
type Units = ArrayLike<number> & Record<Slot, number>;

/** The UTF-16 units of the text being decoded: never more than bytes (SHORT). */
const u = /* @__PURE__ */ Array.from({ length: SHORT }, () => 0) as number[] & Units;
const { fromCharCode } = String;

/** The string of the first `n` units of `u`. */
const text = (u: Units, n: number): string => {
  // biome-ignore format: a case per length reads best as a table
  switch (n) {
    case 1: return fromCharCode(u[0]);
    case 2: return fromCharCode(u[0], u[1]);
    case 3: return fromCharCode(u[0], u[1], u[2]);
    case 4: return fromCharCode(u[0], u[1], u[2], u[3]);
    case 5: return fromCharCode(u[0], u[1], u[2], u[3], u[4]);
    case 6: return fromCharCode(u[0], u[1], u[2], u[3], u[4], u[5]);
    case 7: return fromCharCode(u[0], u[1], u[2], u[3], u[4], u[5], u[6]);
    case 8: return fromCharCode(u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7]);
    case 9: return fromCharCode(u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7], u[8]);
    case 10: return fromCharCode(u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7], u[8], u[9]);
    case 11: return fromCharCode(u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7], u[8], u[9], u[10]);
    case 12: return fromCharCode(u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7], u[8], u[9], u[10], u[11]);
    case 13: return fromCharCode(u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7], u[8], u[9], u[10], u[11], u[12]);
    case 14: return fromCharCode(u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7], u[8], u[9], u[10], u[11], u[12], u[13]);
    case 15: return fromCharCode(u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7], u[8], u[9], u[10], u[11], u[12], u[13], u[14]);
    case 16: return fromCharCode(u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7], u[8], u[9], u[10], u[11], u[12], u[13], u[14], u[15]);
    case 17: return fromCharCode(u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7], u[8], u[9], u[10], u[11], u[12], u[13], u[14], u[15], u[16]);
    case 18: return fromCharCode(u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7], u[8], u[9], u[10], u[11], u[12], u[13], u[14], u[15], u[16], u[17]);
    case 19: return fromCharCode(u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7], u[8], u[9], u[10], u[11], u[12], u[13], u[14], u[15], u[16], u[17], u[18]);
    case 20: return fromCharCode(u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7], u[8], u[9], u[10], u[11], u[12], u[13], u[14], u[15], u[16], u[17], u[18], u[19]);
    case 21: return fromCharCode(u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7], u[8], u[9], u[10], u[11], u[12], u[13], u[14], u[15], u[16], u[17], u[18], u[19], u[20]);
    case 22: return fromCharCode(u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7], u[8], u[9], u[10], u[11], u[12], u[13], u[14], u[15], u[16], u[17], u[18], u[19], u[20], u[21]);
    case 23: return fromCharCode(u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7], u[8], u[9], u[10], u[11], u[12], u[13], u[14], u[15], u[16], u[17], u[18], u[19], u[20], u[21], u[22]);
    case 24: return fromCharCode(u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7], u[8], u[9], u[10], u[11], u[12], u[13], u[14], u[15], u[16], u[17], u[18], u[19], u[20], u[21], u[22], u[23]);
    default: return '';
  }
};

/**
 * `b` (at most `SHORT` bytes) decoded when it is well-formed UTF-8, else `undefined` (the caller's
 * decoder then finds each maximal subpart, as the portable build does)
 * ({@link https://encoding.spec.whatwg.org/#utf-8-decoder | WHATWG UTF-8 decoder}).
 */
export const decodeShort = (b: Uint8Array): string | undefined => {
  const n = b.length;
  // All ASCII, the common case: check once, no branch per byte (four bytes a step), and pass the
  // bytes themselves.
  let bits = 0;
  let i = 0;
  for (; i + 3 < n; i += 4)
    bits |= (b[i] as number) | (b[i + 1] as number) | (b[i + 2] as number) | (b[i + 3] as number);
  for (; i < n; i++) bits |= b[i] as number;
  if (bits < 0x80) return text(b as unknown as Units, n);
  let w = 0;
  for (i = 0; i < n; ) {
    const c = b[i++] as number;
    if (c < 0x80) {
      u[w++] = c;
      continue;
    }
    // A byte past the end reads as undefined, which fails every test below.
    const d = b[i] as number;
    if (c < 0xe0) {
      // C2-DF, then one continuation byte (C0 and C1 would be overlong).
      if (c < 0xc2 || d >> 6 !== 2) return;
      u[w++] = ((c & 0x1f) << 6) | (d & 0x3f);
      i++;
      continue;
    }
    // The second byte's range rules out overlong forms (E0, F0), surrogates (ED) and code points
    // above U+10FFFF (F4): the "UTF-8 lower/upper boundary".
    const e = b[i + 1] as number;
    if (
      d < (c === 0xe0 ? 0xa0 : c === 0xf0 ? 0x90 : 0x80) ||
      d > (c === 0xed ? 0x9f : c === 0xf4 ? 0x8f : 0xbf) ||
      e >> 6 !== 2
    )
      return;
    if (c < 0xf0) {
      u[w++] = ((c & 0xf) << 12) | ((d & 0x3f) << 6) | (e & 0x3f);
      i += 2;
      continue;
    }
    const f = b[i + 2] as number;
    if (c > 0xf4 || f >> 6 !== 2) return;
    // A surrogate pair: 0xD7C0 + (cp >> 10) is 0xD800 + ((cp - 0x10000) >> 10).
    const cp = ((c & 7) << 18) | ((d & 0x3f) << 12) | ((e & 0x3f) << 6) | (f & 0x3f);
    u[w++] = 0xd7c0 + (cp >> 10);
    u[w++] = 0xdc00 | (cp & 0x3ff);
    i += 3;
  }
  return text(u, w);
};
