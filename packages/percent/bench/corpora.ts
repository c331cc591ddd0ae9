// The deterministic corpora of the benchmarks (bench/percent.bench.ts, bench/interleaved.ts, and
// bench/browser.ts, which hands them to the page).
let seed = 7;
const random = (n: number): number => {
  seed = (seed * 1103515245 + 12345) >>> 0;
  return seed % n;
};

/** `length` characters drawn from `alphabet`, from the one seeded sequence. */
export const pick = (alphabet: string, length: number): string => {
  const chars = Array.from(alphabet);
  let s = '';
  for (let i = 0; i < length; i++) s += chars[random(chars.length)];
  return s;
};
export const ASCII = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/';
export const MIXED = 'abc déf αβγ δεζ жзи 日本語 中文 😀 ';
export const N = 1000;

/** Mostly ASCII: paths with an escape or two. */
export const mostlyAscii: string[] = Array.from(
  { length: N },
  () => `${pick(ASCII, 30)}%20${pick(ASCII, 20)}%2F${pick(ASCII, 10)}`,
);
/** Mostly escaped: whole non-Latin phrases. */
export const mostlyEscaped: string[] = Array.from({ length: N }, () =>
  encodeURIComponent(pick(MIXED, 24)),
);
/** Forms of 8 pairs whose text every anchor writes as we do: no space and none of `~!'()*`. */
export const equalOutputForms: [string, string][][] = Array.from({ length: N }, () => {
  const pairs: [string, string][] = [];
  for (let k = 0; k < 8; k++)
    pairs.push([
      `${pick('abcdefgh', 1)}${k}`,
      pick(k % 3 ? ASCII.slice(0, -3) : 'abcdefé✓&=+/', 12),
    ]);
  return pairs;
});
