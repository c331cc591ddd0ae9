// Bulk decoding for long input, portable build: the platform's TextDecoder where there is one
// (ECMAScript runtimes without it fall back to the decoder in ./decode). The node build swaps in
// ./bulk.node.ts (tooling/platform.ts), which must return exactly the same for every input.

const platform = (fatal: boolean): TextDecoder | undefined => {
  try {
    // The default label is UTF-8.
    return new TextDecoder(undefined, { fatal, ignoreBOM: true });
  } catch {
    // No platform decoder (or no fatal mode): the decoder in ./decode does all the work.
  }
};
const loose = /* @__PURE__ */ platform(false);
const strict = /* @__PURE__ */ platform(true);

/**
 * `b` decoded as the WHATWG UTF-8 decoder does (BOM kept), or `undefined` when this runtime has
 * no bulk decoder or, with `fatal`, the bytes are ill-formed (the caller's decoder then finds
 * where, and throws with the index).
 */
export const decodeBulk = (b: Uint8Array, fatal: boolean): string | undefined => {
  try {
    return (fatal ? strict : loose)?.decode(b);
  } catch {
    // Ill-formed, or a buffer the platform refuses: the caller's decoder takes over.
  }
};
