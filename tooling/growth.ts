// For the linear-time tests: how the time of a function grows with its input, as a ratio of work.
// The function runs on one input of size 16n and on 16 inputs of size n of the same shape (each
// the fastest of a few runs): a linear algorithm takes about as long on both (ratio 1), a quadratic
// one 16 times as long on the large input. No absolute time is measured against a limit; the bound
// the tests use (GROWTH_BOUND) leaves room for the noise of a shared machine, and a ratio over it is
// measured again, up to three times, which a quadratic algorithm fails every time.

/** The largest ratio a linear function is allowed: far below the 16 of a quadratic one. */
export const GROWTH_BOUND = 5;

const RUNS = 5;

/** Milliseconds that `k` calls of `f` take. */
const timeOf = (f: () => unknown, k: number): number => {
  const start = performance.now();
  for (let i = 0; i < k; i++) f();
  return performance.now() - start;
};

/** The fastest of a few measurements of `k` calls of `f`: the first ones warm it up. */
const fastest = (f: () => unknown, k: number): number => {
  let best = Number.POSITIVE_INFINITY;
  for (let r = 0; r < RUNS; r++) best = Math.min(best, timeOf(f, k));
  return best;
};

const growthOnce = <T>(make: (n: number) => T, f: (input: T) => unknown, n: number): number => {
  // 16 distinct inputs, so that no engine cache answers for the repeats.
  const small = Array.from({ length: 16 }, () => make(n));
  const large = make(16 * n);
  const onSmall = () => {
    for (const s of small) f(s);
  };
  // Each side is timed over as many calls as the small side needs to take 1 ms: a browser's clock
  // may step by 0.1 ms, inside which one call on small inputs can fall. Both sides are repeated
  // alike, so that neither is measured warmer than the other.
  let k = 1;
  for (;;) {
    while (k < 1 << 20 && timeOf(onSmall, k) < 1) k *= 2;
    const onLarge = fastest(() => f(large), k);
    const onSmallTime = fastest(onSmall, k);
    // The calls that reached 1 ms may have been the first, cold ones: warm, `k` calls can take
    // less than the clock's step (0 ms in Chromium, and a ratio of 0 / 0). Then more calls.
    if (onSmallTime > 0 || k >= 1 << 20) return onLarge / onSmallTime;
    k *= 2;
  }
};

/**
 * The time of `f` on `make(16 * n)` over its time on 16 inputs `make(n)`, the smallest of up to
 * three measurements (a pause of the machine, garbage collection or another process, can slow one,
 * while a quadratic algorithm stays about 16 on every one): about 1 when `f` is linear.
 */
export const growth = <T>(
  make: (n: number) => T,
  f: (input: T) => unknown,
  n: number = 1 << 12,
): number => {
  let ratio = growthOnce(make, f, n);
  for (let attempt = 1; attempt < 3 && ratio >= GROWTH_BOUND; attempt++) {
    ratio = Math.min(ratio, growthOnce(make, f, n));
  }
  return ratio;
};
