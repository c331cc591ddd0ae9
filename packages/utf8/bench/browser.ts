// On demand, in Chromium: @x/utf8's PORTABLE build (dist/, resolved by esbuild for the browser, so
// the `node` condition is never taken; the script fails on a `node:` import or a dist/node/ file)
// against the browser's own TextDecoder and TextEncoder, on 1 MiB and on 10k strings of 24 bytes,
// ASCII and mixed (the inputs of bench/interleaved.ts). Never part of `pnpm test`.
//   pnpm --filter @x/utf8 build
//   pnpm exec node bench/browser.ts [rounds] [filter]  (Node >= 22.18 strips the types)
// Each case first checks that both give the same output, then times them in rounds (wall time
// of at least 20 ms a sample, the order rotating) and prints the median per-round ratio with
// its range: the browser's time / ours (> 1 means ours is faster).
import { type PageTiming, withBrowserPage } from '../../../tooling/browser-page.ts';

const ROUNDS = Number(process.argv[2] ?? 15);
const FILTER = process.argv[3] ?? '';

await withBrowserPage(
  "import { decode, encode } from '@x/utf8';\nglobalThis.xutf8 = { decode, encode };\n",
  'xutf8',
  async (page, { chromium, files }) => {
    console.log(
      `Chromium ${chromium}, @x/utf8 portable dist/ (${files.join(', ')}), ${ROUNDS} rounds`,
    );
    console.log('| operation | ours / browser (range) |\n|---|---|');
    for (const operation of ['decode', 'encode'] as const)
      for (const [label, size, count] of [
        ['1 MiB', 1 << 20, 1],
        ['10k × 24 B', 24, 10_000],
      ] as const)
        for (const kind of ['ASCII', 'mixed'] as const) {
          const name = `${operation} ${kind} ${label}`;
          if (!name.includes(FILTER)) continue;
          const row = await page.evaluate(pageBench, {
            operation,
            kind,
            size,
            count,
            rounds: ROUNDS,
          });
          console.log(`| ${name} | ${row} |`);
        }
  },
);

/** Runs in the page (serialized by playwright, so self-contained): one row of the table. */
function pageBench(arg: {
  operation: 'decode' | 'encode';
  kind: 'ASCII' | 'mixed';
  size: number;
  count: number;
  rounds: number;
}): string {
  const { operation, kind, size, count, rounds } = arg;
  const x = (globalThis as unknown as Record<string, unknown>).xutf8 as {
    decode: (b: Uint8Array) => string;
    encode: (t: string) => Uint8Array;
  };
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  let seed = 42;
  const random = (n: number): number => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed >>> 8) % n;
  };
  const mixedChars = ['é', 'ß', 'α', 'ж', '中', '文', '€', '😀'];
  const text = (): string => {
    let s = '';
    let length = 0;
    while (length < size) {
      const c =
        kind === 'mixed' && random(4) === 0
          ? mixedChars[random(mixedChars.length)]!
          : String.fromCharCode(0x61 + random(26));
      const bytes = encoder.encode(c).length;
      if (length + bytes > size) continue;
      s += c;
      length += bytes;
    }
    return s;
  };
  const texts = Array.from({ length: count }, text);
  const bytes = texts.map((t) => encoder.encode(t));
  let sink = 0;
  const ours =
    operation === 'decode'
      ? () => {
          for (let i = 0; i < count; i++) sink += x.decode(bytes[i]!).length;
        }
      : () => {
          for (let i = 0; i < count; i++) sink += x.encode(texts[i]!).length;
        };
  const theirs =
    operation === 'decode'
      ? () => {
          for (let i = 0; i < count; i++) sink += decoder.decode(bytes[i]!).length;
        }
      : () => {
          for (let i = 0; i < count; i++) sink += encoder.encode(texts[i]!).length;
        };
  for (let i = 0; i < count; i++) {
    const same =
      operation === 'decode'
        ? x.decode(bytes[i]!) === decoder.decode(bytes[i]!)
        : x.encode(texts[i]!).join() === bytes[i]!.join();
    if (!same) return `outputs differ on input ${i}`;
  }
  const { interleave, ratio } = (globalThis as unknown as { xbench: PageTiming }).xbench;
  const per = interleave([ours, theirs], rounds);
  if (sink < 0) return 'unreachable';
  return ratio(per, 0, 1);
}
