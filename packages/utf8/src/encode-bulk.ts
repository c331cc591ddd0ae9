// Bulk encoding of long text, portable build: the platform's TextEncoder where there is one
// (ECMAScript runtimes without it fall back to the encoder in ./encode). The node build swaps in
// ./encode-bulk.node.ts (tooling/platform.ts), which must return exactly the same for every text.

/** The platform's encoder, if the runtime has one. */
export const platform: TextEncoder | undefined = /* @__PURE__ */ (() =>
  typeof TextEncoder < 'u' ? new TextEncoder() : undefined)();

/**
 * `text` encoded by the platform's encoder (the caller checks there is one) as the WHATWG UTF-8
 * encoder does, into a new exact-size array.
 */
export const encodeBulk = (text: string): Uint8Array => (platform as TextEncoder).encode(text);
