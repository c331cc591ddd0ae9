// Single-byte codecs, node build (tooling/platform.ts): the portable codec, with long text encoded
// as @exodus/bytes does it in Node: the string's code units copied out natively (`ucs2Write`),
// mapped in place four at a time, and narrowed to bytes by a native typed-array copy. Text with a
// character the charset does not hold goes to the portable encoder, which applies the error mode;
// text it holds encodes alike in every mode, so the results are the same for every input.
import * as buffer from 'node:buffer';
import type { Codec, CodecFamily, EncodeOptions } from './codec';
import { singleByte as portable } from './single-byte';

const { ucs2Write } = buffer.Buffer.prototype as unknown as {
  ucs2Write: (this: Uint8Array, text: string, offset: number, length: number) => number;
};
const LE = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
// One scratch buffer of code units (encoding is synchronous and the result a copy).
let units = new Uint16Array(256);

/** Build a single-byte codec from its coded table (see ./single-byte.ts). */
export function singleByte(
  name: string,
  family: CodecFamily,
  table: string,
  roundTrips: boolean,
): Codec {
  const codec = portable(name, family, table, roundTrips);
  if (!LE) return codec;
  // Code unit to byte (the first byte wins, as in the portable encoder), 0 where none.
  let rev: Uint8Array | undefined;
  const encode = codec.encode;
  return {
    ...codec,
    encode(text: string, options?: EncodeOptions): Uint8Array {
      const n = text.length;
      if (n < 256) return encode(text, options);
      if (!rev) {
        rev = new Uint8Array(0x10000);
        const all = codec.decode(Uint8Array.from({ length: 256 }, (_, b) => b));
        for (let b = 256; b--; ) if (all.charCodeAt(b) !== 0xfffd) rev[all.charCodeAt(b)] = b;
      }
      const r = rev;
      if (n > units.length) units = new Uint16Array(n);
      const x = units;
      ucs2Write.call(new Uint8Array(x.buffer, 0, 2 * n), text, 0, 2 * n);
      let i = 0;
      for (; i < n - 3; i += 4) {
        const x0 = x[i]!;
        const x1 = x[i + 1]!;
        const x2 = x[i + 2]!;
        const x3 = x[i + 3]!;
        const c0 = r[x0]!;
        const c1 = r[x1]!;
        const c2 = r[x2]!;
        const c3 = r[x3]!;
        if (!(c0 && c1 && c2 && c3) && ((!c0 && x0) || (!c1 && x1) || (!c2 && x2) || (!c3 && x3)))
          return encode(text, options);
        x[i] = c0;
        x[i + 1] = c1;
        x[i + 2] = c2;
        x[i + 3] = c3;
      }
      for (; i < n; i++) {
        const c = r[x[i]!]!;
        if (!c && x[i]) return encode(text, options);
        x[i] = c;
      }
      const out = new Uint8Array(x.subarray(0, n));
      // Keep at most 4 Mi units.
      if (n > 1 << 22) units = new Uint16Array(256);
      return out;
    },
  };
}
