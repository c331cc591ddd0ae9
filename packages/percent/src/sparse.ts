// The decoder of text whose escapes stand apart: none in the portable build, where the general
// decoder does this work, and in the node build (tooling/platform.ts) ./sparse.node.ts, which
// returns what the general decoder would (the whole test suite runs against both builds).

/** What ./sparse.node.ts builds from the escape reader and the general decoder. */
export type SparseDecoder = (
  escapeAt: (s: string, i: number, end: number) => number,
  decodeRange: (
    s: string,
    start: number,
    end: number,
    plus: boolean,
    strict: boolean,
    from?: number,
  ) => string,
) => (s: string, i: number, j: number, strict: boolean) => string;

export const sparseDecoder: SparseDecoder | undefined = undefined;
