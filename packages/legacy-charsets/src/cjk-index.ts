// The WHATWG multi-byte indexes, stored as compact ASCII strings (scripts/generate-tables.ts,
// `compileIndex`) and expanded on first use: pointer -> code point in a Uint32Array, and for
// encoding code point -> pointer in a Uint16Array over the BMP plus a Map for the few astral ones.
// https://encoding.spec.whatwg.org/#indexes

/** An expanded index. `cp[pointer]` is the code point, 0 where the index has none. */
export interface Index {
  cp: Uint32Array;
  /** Code point -> pointer + 1 (0 = none), built on first use by `pointerOf`. */
  bmp?: Uint16Array;
  astral?: Map<number, number>;
}

const ALPHA: number[] = [];
for (let c = 0x20; c < 0x7f; c++) if (c !== 0x22 && c !== 0x5c) ALPHA.push(c);
const VALUE = new Int8Array(128).fill(-1);
ALPHA.forEach((c, i) => {
  VALUE[c] = i;
});
const B = ALPHA.length;

/** The (pointer, code point) pairs of a compiled index string, in pointer order. */
export function pairs(s: string): { pointers: number[]; points: number[]; end: number } {
  const pointers: number[] = [];
  const points: number[] = [];
  let pointer = 0;
  let cp = 0;
  for (let i = 0; i < s.length; ) {
    const t = VALUE[s.charCodeAt(i++)]!;
    const num = (n: number): number => {
      let v = 0;
      for (let k = 0; k < n; k++) v = v * B + VALUE[s.charCodeAt(i++)]!;
      return v;
    };
    if (t === 80) {
      pointer += num(2);
      continue;
    }
    if (t < 50) cp += t + 1;
    else if (t < 80) cp -= t - 49;
    else if (t === 81) cp = num(3);
    else cp += num(2) - 4324;
    pointers.push(pointer++);
    points.push(cp);
  }
  return { pointers, points, end: pointer };
}

/** Expand a compiled index string. */
export function expand(s: string): Index {
  const { pointers, points, end } = pairs(s);
  const out = new Uint32Array(end);
  for (let k = 0; k < pointers.length; k++) out[pointers[k]!] = points[k]!;
  return { cp: out };
}

/**
 * Build the reverse lookup of `index`: the first pointer of each code point, skipping pointers
 * `skip` says to (Shift_JIS and Big5 exclude ranges); `last` code points take their last pointer.
 */
export function reverse(index: Index, skip?: (pointer: number) => boolean, last?: number[]): void {
  const bmp = new Uint16Array(0x10000);
  const astral = new Map<number, number>();
  const cps = index.cp;
  for (let p = cps.length - 1; p >= 0; p--) {
    const c = cps[p]!;
    if (c === 0 || skip?.(p)) continue;
    if (c > 0xffff) astral.set(c, p);
    else if (!(last?.includes(c) && bmp[c])) bmp[c] = p + 1;
  }
  // Iterating downwards leaves the first pointer; for `last` code points, keep the first one seen.
  index.bmp = bmp;
  index.astral = astral;
}

/** The pointer of a code point in an index with its reverse built, or -1. */
export function pointerOf(index: Index, cp: number): number {
  if (cp > 0xffff) return index.astral!.get(cp) ?? -1;
  return index.bmp![cp]! - 1;
}
