// The CJK decoders' run loop, node build (tooling/platform.ts). Each table set (one per
// double-byte decoder) runs a copy of `twoByteRun` of its own, a distinct function literal with
// the tables as constants of its only closure (src/generated/cjk-runs.ts, written from the
// template in ./run.ts by scripts/generate-runs.ts): V8 then compiles one loop per encoding with
// the tables folded in, where the portable loop is one compiled loop for all of them, reading the
// tables from an argument. A table set past the copies (more decoders than copies, say in tests
// that build codecs) runs the portable loop. Same results as ./run.ts for every input: the copies
// are its text.
import * as buffer from 'node:buffer';
import { asciiText } from '../engine-string';
import { runEnd as copyEnd, slots } from '../generated/cjk-runs';
import { type RunTables, runTables, twoByteRun as shared, runEnd as sharedEnd } from './run';

export { type RunTables, runTables };

/** {@inheritDoc sharedEnd} */
export let runEnd = 0;

let used = 0;

/**
 * Bytes a copy runs per call. V8 optimizes a loop that first gets hot inside one long call on
 * stack (OSR), which does not fold the tables, and keeps that code: a copy's loop alone, 1 MiB of
 * two-byte euc-kr in one call, took 2.8 ms a MiB under Node 22 and 24, and 1.3-1.5 ms in calls of
 * 4 KiB. Views of 16 KiB are still long enough for two runs in step (8 KiB, see ./run.ts), which
 * HTML-like text needs (in views of 4 KiB it decoded 10-35% slower than the portable loop).
 */
const CHUNK = 0x4000;

/** {@inheritDoc shared} */
export function twoByteRun(
  bytes: Uint8Array,
  i: number,
  out: Uint16Array,
  j: number,
  t: RunTables,
): number {
  let run = t.run;
  if (run === undefined) run = t.run = used < slots.length ? slots[used++]!(t) : null;
  if (run === null) {
    i = shared(bytes, i, out, j, t);
    runEnd = sharedEnd;
    return i;
  }
  const n = bytes.length;
  for (;;) {
    const end = n - i > CHUNK ? i + CHUNK : n;
    const view = end - i === n ? bytes : bytes.subarray(i, end);
    const k = run(view, 0, out, j, t);
    j = copyEnd;
    i += k;
    // The run stops at the last byte of a view when it is a lead (its trail is in the next view),
    // and before it where the full decoder takes over.
    if (end === n || k < view.length - 1) break;
  }
  runEnd = j;
  return i;
}

const { ucs2Slice } = buffer.Buffer.prototype;
const LE = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
// The short path's scratch units (one code unit a byte at most), and their bytes.
const units = new Uint16Array(64);
const unitBytes = new Uint8Array(units.buffer);

/**
 * The text of `bytes` when a decoder with no state left can return it at once, else undefined:
 * long ASCII input (see asciiText), and, once the tables `t` are built, input of 64 bytes or fewer
 * that the run loop decodes whole: straight into scratch units and out in one `ucs2Slice`, with no
 * output buffer nor view (see bench/cjk-short-limits.ts). Where the loop stops short, the full
 * decoder starts again from the first byte. A big-endian machine, where `ucs2Slice` would read the
 * units byte-swapped, takes asciiText alone.
 */
export const quickText: (bytes: Uint8Array, t?: RunTables) => string | undefined = LE
  ? (bytes, t) => {
      const n = bytes.length;
      if (n > 64 || t === undefined) return asciiText(bytes);
      return twoByteRun(bytes, 0, units, 0, t) === n
        ? ucs2Slice.call(unitBytes, 0, 2 * runEnd)
        : undefined;
    }
  : asciiText;
