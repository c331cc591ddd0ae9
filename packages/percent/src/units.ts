// UTF-16 code units to text, portable build. The node build swaps in ./units.node.ts
// (tooling/platform.ts), which returns exactly the same text for every input.

/**
 * The text of the first `k` units of `units`, as a function of `k` (`k` >= 1). `apply` reads a
 * plain array faster than a typed array, and beat `TextDecoder('utf-16le')` and concatenation.
 */
export const unitsText =
  (units: Uint16Array) =>
  (k: number): string => {
    if (k === 1) return String.fromCharCode(units[0] as number);
    const chars = new Array<number>(k);
    for (let j = 0; j < k; j++) chars[j] = units[j] as number;
    return String.fromCharCode.apply(null, chars);
  };
