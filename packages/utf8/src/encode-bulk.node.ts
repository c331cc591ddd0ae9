// Bulk encoding of long text, node build (tooling/platform.ts): text of 2048 units or more that
// starts with ASCII is written by `encodeInto` straight into an array of one byte per unit, which
// is exactly right when the text is all ASCII: one pass, where `encode` (Node 22 and 24) first
// counts the bytes, then writes them (1.4x as fast at 4 KiB, about 2x on 1 MiB of ASCII). Text that turns out not to be ASCII has the
// rest encoded and appended; text that starts otherwise goes to `encode`. The bytes are the same
// as the portable build's (./encode-bulk.ts) for every text: the same WHATWG encoder wrote them.
import { platform } from './encode-bulk';

export { platform };

/** UTF-16 units from which `encodeInto` into an ASCII-sized array beats `encode`. */
const LONG = 2048;

/**
 * `text` encoded by the platform's encoder (the caller checks there is one) as the WHATWG UTF-8
 * encoder does, into a new exact-size array.
 */
export const encodeBulk = (text: string): Uint8Array => {
  const encoder = platform as TextEncoder;
  const n = text.length;
  // Shorter text: `encode` is faster (measured under Node 22 and 24).
  if (n < LONG) return encoder.encode(text);
  // A guess from the first units: not ASCII, one `encode`.
  let bits = 0;
  for (let i = 0; i < 32; i++) bits |= text.charCodeAt(i);
  if (bits > 0x7f) return encoder.encode(text);
  const bytes = new Uint8Array(n);
  // Whole code points only: `read` never splits a surrogate pair. All `n` units read means `n`
  // bytes written (each unit takes at least one), so the text was ASCII and the array is full.
  const { read, written } = encoder.encodeInto(text, bytes);
  if (read === n) return bytes;
  const rest = encoder.encode(text.slice(read));
  const all = new Uint8Array(written + rest.length);
  all.set(bytes.subarray(0, written));
  all.set(rest, written);
  return all;
};
