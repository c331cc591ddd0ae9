// Where the CJK encode ratios stop: what any encoder of 1 MiB of the bench's text must do, next to
// ours and @exodus/bytes, in one process (CPU time per call, interleaved rounds, median and range
// in µs). On ASCII text, the copy (`TextEncoder.encodeInto`, ASCII being its own UTF-8) into a
// buffer kept from call to call, and into a new array each call, as an encoder that returns its
// output must. On two-byte text, the node build's loop (the code units copied out with
// `ucs2Write`, one table lookup a unit, two characters written with one `DataView` store), here
// outside the package over a table made from the codec's answers, into a kept buffer.
//   pnpm --filter @x/legacy-charsets build
//   node bench/cjk-encode-limits.ts [rounds] [encoding]   (Node 22: pnpm run bench:node22 <this file>)
import { createMultibyteEncoder } from '@exodus/bytes/multi-byte.js';
import { join } from 'node:path';
import { version } from 'node:process';
import { interleave, loadBuilt, loopOver, median, sameOutput } from '../../../tooling/bench.ts';
import type { Codec } from '../src/codec';
import { htmlLike } from './cjk-corpus.ts';

const ROUNDS = Number(process.argv[2] ?? 11);
const NAME = process.argv[3] ?? 'euc-kr';
const codec = (await loadBuilt<{ codec: Codec }>(join(import.meta.dirname, '..'), `./${NAME}`)).esm
  .codec;
const ex = createMultibyteEncoder(NAME);
const ucs2Write = (
  Buffer.prototype as unknown as {
    ucs2Write(this: Uint8Array, s: string, offset: number, length: number): number;
  }
).ucs2Write;

// Code unit -> its one or two bytes (lead << 8 | trail), 0 for ASCII and what is neither.
const table = new Uint16Array(0x10000);
for (let cp = 0x80; cp < 0x10000; cp++) {
  if (cp >= 0xd800 && cp < 0xe000) continue;
  try {
    const b = codec.encode(String.fromCharCode(cp));
    if (b.length <= 2) table[cp] = b.length === 2 ? (b[0]! << 8) | b[1]! : b[0]!;
  } catch {}
}

/** The loop over `u[0..m)` (`u[m]` is 0) into `buf`; the number of bytes written. */
function bareLoop(u: Uint16Array, m: number, buf: Uint8Array): number {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  let j = 0;
  for (let k = 0; k < m; k++) {
    const c = u[k]!;
    if (c < 0x80) {
      const d = u[k + 1]!;
      if (d < 0x80 && k + 1 < m) {
        view.setUint16(j, (c << 8) | d);
        j += 2;
        k++;
      } else buf[j++] = c;
      continue;
    }
    let v = table[c]!;
    if (v <= 0xff) {
      if (v === 0) throw new Error('not in the table');
      buf[j++] = v;
      continue;
    }
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
  }
  return j;
}

const utf8 = new TextEncoder();
console.log(`Node ${version}, ${NAME}, ${ROUNDS} rounds; CPU time per call, µs: median (range)`);
for (const kind of ['ASCII', 'two-byte'] as const) {
  const text = htmlLike(codec, kind);
  const want = codec.encode(text);
  const kept = new Uint8Array(2 * text.length + 8);
  const units = new Uint16Array(text.length + 1);
  const cases: [string, (s: string) => Uint8Array][] =
    kind === 'ASCII'
      ? [
          [
            'the copy, into a kept buffer',
            (s) => kept.subarray(0, utf8.encodeInto(s, kept).written),
          ],
          [
            'the copy, into a new array',
            (s) => {
              const out = new Uint8Array(s.length);
              utf8.encodeInto(s, out);
              return out;
            },
          ],
        ]
      : [
          [
            'the loop alone (code units copied out, into a kept buffer)',
            (s) => {
              ucs2Write.call(new Uint8Array(units.buffer), s, 0, 2 * s.length);
              units[s.length] = 0;
              return kept.subarray(0, bareLoop(units, s.length, kept));
            },
          ],
        ];
  cases.push(['ours (subpath, node build, ESM)', (s) => codec.encode(s)], ['@exodus/bytes', ex]);
  for (const [label, f] of cases)
    if (!sameOutput(f(text), want)) throw new Error(`${NAME} ${kind}: ${label} differs`);
  // The bare loop compiled as a regular call first (short calls), as a long-lived process has it.
  if (kind === 'two-byte') for (let k = 0; k < 2000; k++) cases[0]![1](text.slice(0, 256));
  const times = interleave(
    cases.map(([, f]) => loopOver([text], f)),
    ROUNDS,
  );
  console.log(`\n${kind}, ${want.length} bytes\n| case | µs |\n|---|---|`);
  for (let k = 0; k < cases.length; k++) {
    const t = times[k]!;
    console.log(
      `| ${cases[k]![0]} | ${median(t).toFixed(0)} (${Math.min(...t).toFixed(0)}-${Math.max(...t).toFixed(0)}) |`,
    );
  }
  const last = cases.length - 1;
  const ratio = (k: number) => median(times[last]!.map((t, r) => t / times[k]![r]!)).toFixed(2);
  console.log(
    `@exodus/bytes ÷ each: ${cases
      .slice(0, last)
      .map(([label], k) => `${label} ${ratio(k)}x`)
      .join(', ')}`,
  );
}
