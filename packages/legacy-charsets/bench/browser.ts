// On demand, in Chromium: the CJK codecs of @x/legacy-charsets' PORTABLE build (dist/, resolved by
// esbuild for the browser through tooling/browser-page.ts, so the `node` condition is never taken;
// it fails on a `node:` import or a dist/node/ file) against the browser's own TextDecoder and
// @exodus/bytes' browser build, on the corpus of bench/interleaved.ts: HTML-like and pure two-byte
// text, 1 MiB and 10,000 strings of 24 bytes, decode and encode (encode against @exodus/bytes
// alone: the browser has no legacy encoder). The 1 MiB decode of every WHATWG encoding is the root
// `pnpm run bench:browser`. Never part of `pnpm test`.
//   pnpm --filter @x/legacy-charsets build
//   pnpm exec node packages/legacy-charsets/bench/browser.ts [rounds] [filter]
// at the repo root, or `node bench/browser.ts` in the package (Node >= 22.18 strips the types).
// Each case first checks that every contender gives our output on every input, then times them in
// rounds (wall time of at least 20 ms a sample, the order rotating) and prints, per anchor, the
// median per-round ratio with its range: the anchor's time / ours (> 1 means ours is faster).
import { join } from 'node:path';
import { loadBuilt } from '../../../tooling/bench.ts';
import { type PageTiming, withBrowserPage } from '../../../tooling/browser-page.ts';
import type { Codec } from '../src/codec';
import type * as Charsets from '../src/index';
import { htmlLike, shortPieces } from './cjk-corpus.ts';

const ROUNDS = Number(process.argv[2] ?? 9);
const FILTER = process.argv[3] ?? '';
const pkgDir = join(import.meta.dirname, '..');
// The texts are made in Node (the corpus needs a codec); the page gets the strings.
const { esm } = await loadBuilt<typeof Charsets>(pkgDir);
const exodus = join(pkgDir, 'node_modules', '@exodus', 'bytes', 'multi-byte.js');
const NAMES = ['shift_jis', 'euc-jp', 'gbk', 'gb18030', 'euc-kr', 'big5'];

await withBrowserPage(
  "import { getCodec } from '@x/legacy-charsets';\n" +
    `import { createMultibyteDecoder, createMultibyteEncoder } from ${JSON.stringify(exodus)};\n` +
    'globalThis.xlegacy = { getCodec, createMultibyteDecoder, createMultibyteEncoder };\n',
  'xlegacy',
  async (page, { chromium, files }) => {
    console.log(
      `Chromium ${chromium}, @x/legacy-charsets portable dist/ (${files.length} files), ${ROUNDS} rounds`,
    );
    console.log('| encoding | operation | vs TextDecoder | vs @exodus/bytes |\n|---|---|---|---|');
    for (const name of NAMES)
      for (const kind of ['HTML-like', 'two-byte'] as const)
        for (const size of ['1 MiB', '10k × 24 B'] as const) {
          const wanted = (['decode', 'encode'] as const).filter((o) =>
            `${name} ${o} ${kind} ${size}`.includes(FILTER),
          );
          if (wanted.length === 0) continue;
          const codec = esm.getCodec(name) as Codec;
          const text = htmlLike(codec, kind);
          const texts = size === '1 MiB' ? [text] : shortPieces(text, 10_000);
          for (const operation of wanted) {
            const label = `${operation} ${kind} ${size}`;
            const row = await page.evaluate(pageBench, { name, operation, texts, rounds: ROUNDS });
            console.log(`| ${name} | ${label} | ${row.join(' | ')} |`);
          }
        }
  },
);

/** Runs in the page (serialized by playwright, so self-contained): the cells of one row. */
function pageBench(arg: {
  name: string;
  operation: 'decode' | 'encode';
  texts: string[];
  rounds: number;
}): string[] {
  const { name, operation, texts, rounds } = arg;
  const x = (globalThis as unknown as Record<string, unknown>).xlegacy as {
    getCodec(n: string): { decode(b: Uint8Array): string; encode(t: string): Uint8Array };
    createMultibyteDecoder(n: string, loose?: boolean): (b: Uint8Array) => string;
    createMultibyteEncoder(n: string): (t: string) => Uint8Array;
  };
  const codec = x.getCodec(name);
  const bytes = texts.map((t) => codec.encode(t));
  const count = texts.length;
  let sink = 0;
  type Contender = [string, () => void, (i: number) => boolean] | null;
  const decodeWith = (label: string, f: (b: Uint8Array) => string): Contender => [
    label,
    () => {
      for (let i = 0; i < count; i++) sink += f(bytes[i]!).length;
    },
    (i) => f(bytes[i]!) === texts[i],
  ];
  const encodeWith = (label: string, f: (t: string) => Uint8Array): Contender => [
    label,
    () => {
      for (let i = 0; i < count; i++) sink += f(texts[i]!).length;
    },
    (i) => f(texts[i]!).join() === bytes[i]!.join(),
  ];
  const td = new TextDecoder(name);
  const contenders: Contender[] =
    operation === 'decode'
      ? [
          decodeWith('ours', (b) => codec.decode(b)),
          decodeWith('TextDecoder', (b) => td.decode(b)),
          decodeWith('@exodus/bytes', x.createMultibyteDecoder(name, true)),
        ]
      : [
          encodeWith('ours', (t) => codec.encode(t)),
          null,
          encodeWith('@exodus/bytes', x.createMultibyteEncoder(name)),
        ];
  const live = contenders.filter((c): c is NonNullable<Contender> => c !== null);
  for (const [label, , check] of live)
    for (let i = 0; i < count; i++) if (!check(i)) return [`${label} differs on input ${i}`, ''];
  const { interleave, ratio } = (globalThis as unknown as { xbench: PageTiming }).xbench;
  const times = interleave(
    live.map(([, f]) => f),
    rounds,
  );
  if (sink < 0) return ['unreachable', ''];
  return contenders.slice(1).map((c) => (c === null ? '' : ratio(times, 0, live.indexOf(c))));
}
