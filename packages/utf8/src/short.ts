// Short input (up to SHORT bytes), portable build: ASCII, the common case, is copied into a reused
// array and made a string by one `fromCharCode` call; anything else is left to the decoder in
// ./decode. The node build swaps in ./short.node.ts (tooling/platform.ts), which must return
// exactly the same for every input.

/**
 * Up to this many bytes our own decoder beats the platform's (whose per-call cost dominates);
 * above, the platform's decoder wins. Measured on Node 24 (bench/interleaved.ts).
 */
export const SHORT = 24;

/**
 * Arrays of length 0 to `SHORT`, reused by our decoder: `fromCharCode.apply` takes an array of
 * exactly the right length fastest, and reusing it saves the allocation.
 */
const pool: number[][] = [];
export const exactArray = (n: number): number[] => pool[n] || (pool[n] = Array(n));

/**
 * `b` (at most `SHORT` bytes) decoded when this build has a fast path for it (here: all ASCII),
 * else `undefined` (the caller's decoder then does it, ill-formed bytes included).
 */
export const decodeShort = (b: Uint8Array): string | undefined => {
  const n = b.length;
  // Copy first, check once: no branch per byte.
  const units = exactArray(n);
  let bits = 0;
  for (let i = 0; i < n; i++) bits |= units[i] = b[i] as number;
  if (bits < 0x80) return String.fromCharCode.apply(null, units);
};
