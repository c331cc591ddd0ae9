// The ratios of the README's Performance section, measured as a loaded machine allows: the
// contenders of a comparison in one process, one sample of each per round in a rotating order, CPU
// time of the process (which other work on the machine disturbs much less than wall time), and the
// median over the rounds of the per-round ratio (anchor's time / ours: > 1 means ours is faster).
// It runs the published builds (dist/, ESM and CommonJS, the `node` condition's build as Node picks
// it), so under any Node that loads them:
//   pnpm --filter @x/legacy-charsets build
//   node bench/interleaved.ts [rounds] [filter]          (Node >= 22.18 strips the types)
//   node bench/interleaved.ts [rounds] [filter] --each   (a process of its own per comparison)
// Before timing, every anchor's output is checked against ours on the same input.
import { createMultibyteDecoder, createMultibyteEncoder } from '@exodus/bytes/multi-byte.js';
import { createSinglebyteDecoder, createSinglebyteEncoder } from '@exodus/bytes/single-byte.js';
import { utf16toStringLoose } from '@exodus/bytes/utf16.js';
import iconv from 'iconv-lite';
import { join } from 'node:path';
import { version } from 'node:process';
import {
  eachComparisonInOwnProcess,
  interleave,
  listingComparisons,
  loadBuilt,
  loopOver,
  median,
  sameOutput as same,
  sinkTotal,
} from '../../../tooling/bench.ts';
import type { Codec } from '../src/codec';
import { htmlLike, shortPieces } from './cjk-corpus.ts';
import type * as Charsets from '../src/index';

if (eachComparisonInOwnProcess(import.meta.filename, process.argv.slice(2))) process.exit(0);
const ROUNDS = Number(process.argv[2] ?? 15);
// A regular expression that the operation's name must match (a plain substring works too).
const FILTER = new RegExp(process.argv[3] ?? '');
const pkgDir = join(import.meta.dirname, '..');
/**
 * Whether the filter selects any of these comparisons. Their inputs are made only then: a process
 * that runs one comparison (`--each`) holds no other comparison's data, which the garbage collector
 * would otherwise work around (it moves the CJK rows' anchor by up to 20%: bench/cjk-decode-heap.ts).
 */
const selects = (...operations: string[]): boolean => operations.some((o) => FILTER.test(o));
const main = await loadBuilt<typeof Charsets>(pkgDir);
/**
 * Times each contender once per round (about 10 ms a sample) after checking that every one gives
 * the first one's output on `inputs`; prints, for each of ours and each anchor, the median ratio.
 */
function compare<T>(
  operation: string,
  inputs: readonly T[],
  ours: [string, (input: T) => string | Uint8Array][],
  anchors: [string, (input: T) => string | Uint8Array][],
): void {
  if (!FILTER.test(operation)) return;
  if (listingComparisons) return void console.log(`list: ${operation}`);
  const all = [...ours, ...anchors];
  const want = ours[0]![1](inputs[0]!);
  for (const [label, f] of all)
    for (const input of inputs.slice(0, 64))
      if (!same(f(input), ours[0]![1](input))) throw new Error(`${operation}: ${label} differs`);
  if (!same(all[0]![1](inputs[0]!), want)) throw new Error(operation);
  const times = interleave(
    all.map(([, f]) => loopOver(inputs, f)),
    ROUNDS,
  );
  const cells = ours.map((_, o) =>
    anchors
      .map(([anchor], a) => {
        const ratio = median(times[o]!.map((t, r) => times[ours.length + a]![r]! / t));
        return `${ratio.toFixed(2)}x ${anchor}`;
      })
      .join(', '),
  );
  for (let o = 0; o < ours.length; o++)
    console.log(`| ${operation} | ${ours[o]![0]} | ${cells[o]} |`);
}

/** Deterministic bytes: half ASCII letters, half the charset's own printable characters. */
function singleByteCorpus(codec: Codec, size: number, seed: number): Uint8Array {
  const mapped: number[] = [];
  for (let b = 0xa0; b < 256; b++)
    if (codec.decode(new Uint8Array([b])) !== '\ufffd') mapped.push(b);
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    const r = seed >>> 8; // the generator's high bits (its low bits have short periods)
    bytes[i] = i % 2 === 0 ? 0x61 + (r % 26) : mapped[r % mapped.length]!;
  }
  return bytes;
}

console.log(`Node ${version}, ${ROUNDS} rounds; ratio = their time / ours, median of the rounds`);
console.log('| operation | ours | ratios |\n|---|---|---|');
const SINGLE = [
  'windows-1252',
  'iso-8859-7',
  'windows-1251',
  'iso-8859-2',
  'koi8-r',
  'windows-874',
];
for (const name of SINGLE) {
  const sub = await loadBuilt<{ codec: Codec }>(pkgDir, `./${name}`);
  // Read once, as `const { codec } = require(...)` reads it: each read of `.codec` from the
  // CommonJS module object is a call of its getter (7-10% of a 24-byte decode under Node 22).
  const [subEsm, subCjs] = [sub.esm.codec, sub.cjs.codec];
  const codec = main.esm.getCodec(name)!;
  // Looked up once, as for the ES module: a lookup per call timed the label's lookup too.
  const cjsCodec = main.cjs.getCodec(name)!;
  const exDecode = createSinglebyteDecoder(name, true);
  const exEncode = createSinglebyteEncoder(name);
  const native = new TextDecoder(name);
  for (const [label, size, count] of [
    ['1 MiB', 1 << 20, 1],
    ['10k × 24 B', 24, 10_000],
  ] as const) {
    if (!selects(`${name} decode ${label}`, `${name} encode ${label}`)) continue;
    const bytes = Array.from({ length: count }, (_, i) =>
      Buffer.from(singleByteCorpus(codec, size, 42 + i)),
    );
    const texts = bytes.map((b) => codec.decode(b));
    compare(
      `${name} decode ${label}`,
      bytes,
      [
        ['main entry (ESM)', (b) => codec.decode(b)],
        ['main entry (CJS)', (b) => cjsCodec.decode(b)],
        ['subpath (ESM)', (b) => subEsm.decode(b)],
        ['subpath (CJS)', (b) => subCjs.decode(b)],
      ],
      [
        ['@exodus/bytes', exDecode],
        ['iconv-lite', (b) => iconv.decode(b as Buffer, name)],
        ['TextDecoder', (b) => native.decode(b)],
      ],
    );
    compare(
      `${name} encode ${label}`,
      texts,
      [
        ['main entry (ESM)', (t) => codec.encode(t)],
        ['subpath (ESM)', (t) => subEsm.encode(t)],
        ['subpath (CJS)', (t) => subCjs.encode(t)],
      ],
      [
        ['@exodus/bytes', exEncode],
        ['iconv-lite', (t) => iconv.encode(t, name)],
      ],
    );
  }
}

for (const name of ['shift_jis', 'euc-jp', 'gbk', 'gb18030', 'euc-kr', 'big5']) {
  const sub = await loadBuilt<{ codec: Codec }>(pkgDir, `./${name}`);
  // Read once, as `const { codec } = require(...)` reads it: each read of `.codec` from the
  // CommonJS module object is a call of its getter (7-10% of a 24-byte decode under Node 22).
  const [subEsm, subCjs] = [sub.esm.codec, sub.cjs.codec];
  const ex = createMultibyteDecoder(name, true);
  const exEncode = createMultibyteEncoder(name);
  const native = new TextDecoder(name);
  for (const kind of ['HTML-like', 'two-byte', 'ASCII'] as const) {
    if (!selects(`${name} decode ${kind} 1 MiB`, `${name} encode ${kind} 1 MiB`)) continue;
    const text = htmlLike(main.esm.getCodec(name)!, kind);
    const bytes = main.esm.getCodec(name)!.encode(text);
    compare(
      `${name} decode ${kind} 1 MiB`,
      [bytes],
      [
        ['subpath (ESM)', (b) => subEsm.decode(b)],
        ['subpath (CJS)', (b) => subCjs.decode(b)],
      ],
      [
        ['@exodus/bytes', ex],
        ['TextDecoder', (b) => native.decode(b)],
      ],
    );
    compare(
      `${name} encode ${kind} 1 MiB`,
      [text],
      [
        ['subpath (ESM)', (t) => subEsm.encode(t)],
        ['subpath (CJS)', (t) => subCjs.encode(t)],
      ],
      [['@exodus/bytes', exEncode]],
    );
  }
  // 10,000 strings of 24 bytes: whole characters cut from the same texts (12 two-byte ones).
  for (const kind of ['HTML-like', 'two-byte'] as const) {
    if (!selects(`${name} decode ${kind} 10k × 24 B`, `${name} encode ${kind} 10k × 24 B`))
      continue;
    const texts = shortPieces(htmlLike(main.esm.getCodec(name)!, kind), 10_000);
    const bytes = texts.map((t) => main.esm.getCodec(name)!.encode(t));
    if (bytes.some((b) => b.length !== 24)) throw new Error(`${name}: a piece is not 24 bytes`);
    compare(
      `${name} decode ${kind} 10k × 24 B`,
      bytes,
      [
        ['subpath (ESM)', (b) => subEsm.decode(b)],
        ['subpath (CJS)', (b) => subCjs.decode(b)],
      ],
      [
        ['@exodus/bytes', ex],
        ['TextDecoder', (b) => native.decode(b)],
      ],
    );
    compare(
      `${name} encode ${kind} 10k × 24 B`,
      texts,
      [
        ['subpath (ESM)', (t) => subEsm.encode(t)],
        ['subpath (CJS)', (t) => subCjs.encode(t)],
      ],
      [['@exodus/bytes', exEncode]],
    );
  }
}
// UTF-16: 1 MiB of mixed text (ASCII, Greek, CJK, a pair now and then), little-endian.
if (selects('utf-16le decode 1 MiB')) {
  const sub = await loadBuilt<{ codec: Codec }>(pkgDir, './utf-16le');
  // Read once, as `const { codec } = require(...)` reads it: each read of `.codec` from the
  // CommonJS module object is a call of its getter (7-10% of a 24-byte decode under Node 22).
  const [subEsm, subCjs] = [sub.esm.codec, sub.cjs.codec];
  const units: string[] = [];
  for (let i = 0; i < 1 << 19; i++) units.push(i % 97 === 0 ? '😀' : 'aκ語 '[i % 4]!);
  const bytes = Buffer.from(main.esm.encode(units.join(''), 'utf-16le'));
  const native = new TextDecoder('utf-16le');
  compare(
    'utf-16le decode 1 MiB',
    [bytes],
    [
      ['subpath (ESM)', (b) => subEsm.decode(b)],
      ['subpath (CJS)', (b) => subCjs.decode(b)],
    ],
    [
      ['@exodus/bytes', (b) => utf16toStringLoose(b, 'uint8-le')],
      ['iconv-lite', (b) => iconv.decode(b as Buffer, 'utf-16le')],
      ['TextDecoder', (b) => native.decode(b)],
    ],
  );
}
if (sinkTotal() < 0) console.log(sinkTotal());
