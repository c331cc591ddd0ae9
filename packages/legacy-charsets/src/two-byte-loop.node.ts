// The two-byte encoders' loop, node build (tooling/platform.ts): the portable loop, but it reads
// the text's code units from a `Uint16Array` that Node's `ucs2Write` fills in one native copy (the
// same loop over `charCodeAt` is slower, and slower again on a string made by concatenation), and
// writes two two-byte characters, or two ASCII units, with one `DataView` store when they follow
// each other. Same bytes and errors as ./two-byte-loop.ts for every input; a big-endian machine,
// where `ucs2Write` would write the units byte-swapped, takes the portable code.
import * as buffer from 'node:buffer';
import type { ByteBuffer } from './engine';
import { fastTwoByte as portable, leadingAscii, twoByteTable } from './two-byte-loop';

export { twoByteEncoder } from './two-byte-loop';

const { ucs2Write } = buffer.Buffer.prototype as unknown as {
  ucs2Write(this: Uint8Array, text: string, offset: number, length: number): number;
};
const LE = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

// One scratch array of code units (encoding is synchronous), at most 4 Mi units kept.
let units = new Uint16Array(256);

/** {@inheritDoc portable} */
export const fastTwoByte: typeof portable = LE
  ? (put) => {
      const slow = portable(put);
      return (text, i, out: ByteBuffer) => {
        const n = text.length;
        // After a character the loop left to `put` (an error, a four-byte gb18030 sequence), the
        // portable loop: copying the rest of the text again each time would be quadratic.
        if (i || n < 256) return slow(text, i, out);
        const table = twoByteTable(put);
        i = leadingAscii(text, out);
        const m = n - i;
        if (m === 0) return i;
        let u = units;
        if (m >= u.length) {
          u = new Uint16Array(m + 1);
          if (m < 1 << 22) units = u;
        }
        ucs2Write.call(new Uint8Array(u.buffer), i ? text.slice(i) : text, 0, 2 * m);
        // A 0 after the last unit (the scratch array may hold an earlier text's units there): its
        // table entry is 0, so the look at the unit after a two-byte character needs no bound.
        u[m] = 0;
        // Room for the rest at two bytes a unit: the loop writes with no bounds check.
        out.reserve(2 * m);
        const buf = out.buf;
        const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
        let j = out.len;
        let k = 0;
        for (; k < m; k++) {
          const c = u[k]!;
          if (c < 0x80) {
            // Two ASCII units in a row: one store.
            const d = u[k + 1]!;
            if (d < 0x80 && k + 1 < m) {
              view.setUint16(j, (c << 8) | d);
              j += 2;
              k++;
            } else buf[j++] = c;
            continue;
          }
          let v = table[c]!;
          if (v > 0xff) {
            // Two-byte characters two at a time (four bytes, one store) while they follow each
            // other; the table's entries below 0x100 (ASCII, one-byte characters, no bytes)
            // end the stretch, and the outer loop takes that unit again.
            for (;;) {
              const w = table[u[k + 1]!]!;
              if (w <= 0xff) {
                view.setUint16(j, v);
                j += 2;
                break;
              }
              view.setUint32(j, (v << 16) | w);
              j += 4;
              k += 2;
              v = table[u[k]!]!;
              if (v <= 0xff) {
                k--;
                break;
              }
            }
          } else if (v !== 0) buf[j++] = v;
          else break;
        }
        out.len = j;
        return i + k;
      };
    }
  : portable;
