// An oracle for the encoder, written as the URL Standard states it (§1.3 "percent-encode after
// encoding"): encode the text as UTF-8 (the platform's TextEncoder writes U+FFFD for a lone
// surrogate), then write each octet as itself when it is ASCII outside the set, `+` for a space
// when asked, else as `%XX`. Byte by byte and slow on purpose: nothing shared with the package's
// two paths (the table, and encodeURIComponent's output).
import type { EncodeSet } from '../../src/index';

/** Percent-encodes `s` as UTF-8 by `set`, a space as `+` when `plus`. */
export function pureEncode(s: string, set: EncodeSet, plus = false): string {
  let out = '';
  for (const b of new TextEncoder().encode(s)) {
    const encoded = b > 0x7f || (((set[b >> 5] as number) >>> (b & 31)) & 1) === 1;
    out +=
      b === 32 && plus
        ? '+'
        : encoded
          ? `%${b.toString(16).toUpperCase().padStart(2, '0')}`
          : String.fromCharCode(b);
  }
  return out;
}
