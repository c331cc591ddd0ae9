// On-demand benchmark in Chromium: `resolve` of the portable dist/ build (what a browser user
// bundles) against the browser's own `new URL(ref, base).href` (Blink's parser), fast-uri's and
// uri-js's `resolve`, on the references of bench/interleaved.ts. Never part of `pnpm test`.
//
//   pnpm --filter @x/resolve... build
//   pnpm exec node packages/resolve/bench/browser.ts [rounds]   (at the root; Node >= 22.18)
//
// The bundle resolves @x/resolve (and its @x/uri) through their `exports` with platform `browser`
// and must hold no `node:` import (tooling/browser-page.ts). In the page, every contender's answer
// for every reference is first checked against ours (a difference stops the run), then the
// contenders are timed in interleaved rounds (one sample of each per round, about 20 ms each, the
// order rotating; wall time, the only clock a page has) and the median over the rounds of the
// per-round ratio is printed: their time / ours (> 1 means ours is faster), with the range.
import { createRequire } from 'node:module';
import { withBrowserPage } from '../../../tooling/browser-page.ts';
import { BASE, HREFS, PAGE, RFC_SAME } from './corpus.ts';

const ROUNDS = Number(process.argv[2] ?? 11);
const require = createRequire(import.meta.url);

await withBrowserPage(
  "import { resolve } from '@x/resolve';\n" +
    `import fastUri from ${JSON.stringify(require.resolve('fast-uri'))};\n` +
    `import * as uriJs from ${JSON.stringify(require.resolve('uri-js'))};\n` +
    'globalThis.xresolve = { resolve, fastUri, uriJs };\n',
  'xresolve',
  async (page, { chromium, files }) => {
    console.log(
      `Chromium ${chromium}, @x/resolve portable dist/ (${files.join(', ')}), ${ROUNDS} rounds`,
    );
    const sets: [string, string, string[]][] = [
      [`RFC 3986 §5.4 (${RFC_SAME.length} references)`, BASE, RFC_SAME],
      [`crawl-like batch (one base, ${HREFS.length} hrefs)`, PAGE, HREFS],
    ];
    for (const [name, base, refs] of sets)
      console.log(await page.evaluate(pageBench, { name, base, refs, rounds: ROUNDS }));
  },
);

/** Runs in the page (serialized by playwright, so self-contained). */
function pageBench(arg: { name: string; base: string; refs: string[]; rounds: number }): string {
  const { name, base, refs, rounds } = arg;
  type R = (b: string, r: string) => string;
  const x = (globalThis as unknown as Record<string, unknown>).xresolve as {
    resolve: R;
    fastUri: { resolve: R };
    uriJs: { resolve: R };
  };
  const fns: [string, R][] = [
    ['@x/resolve', x.resolve],
    ['URL', (b, r) => new URL(r, b).href],
    ['fast-uri', (b, r) => x.fastUri.resolve(b, r)],
    ['uri-js', (b, r) => x.uriJs.resolve(b, r)],
  ];
  for (const ref of refs) {
    const ours = x.resolve(base, ref);
    for (const [n, f] of fns) {
      const theirs = f(base, ref);
      if (theirs !== ours) throw new Error(`${n} gives ${theirs} for ${ref}, ours ${ours}`);
    }
  }
  let sink = 0;
  const loops = fns.map(([, f]) => (): void => {
    for (let i = 0; i < refs.length; i++) sink += f(base, refs[i]!).length;
  });
  const time = (f: () => void, n: number): number => {
    const t = performance.now();
    for (let i = 0; i < n; i++) f();
    return performance.now() - t;
  };
  const iterations = loops.map((f) => {
    time(f, 50);
    let n = 1;
    while (time(f, n) < 20) n *= 2;
    return n;
  });
  const per: number[][] = loops.map(() => []);
  for (let r = 0; r < rounds; r++)
    for (let k = 0; k < loops.length; k++) {
      const j = (k + r) % loops.length;
      per[j]!.push(time(loops[j]!, iterations[j]!) / iterations[j]!);
    }
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
  const ns = per.map((ts) => ((median(ts) * 1e6) / refs.length).toFixed(0));
  const ratios = fns.slice(1).map(([n], a) => {
    const rs = per[0]!.map((t, r) => per[a + 1]![r]! / t);
    return `vs ${n} ${median(rs).toFixed(2)}x (${Math.min(...rs).toFixed(2)}-${Math.max(...rs).toFixed(2)})`;
  });
  return `resolve, ${name}: ns per reference ${fns.map(([n], k) => `${n} ${ns[k]}`).join(', ')}; @x/resolve ${ratios.join(', ')} (sink ${sink > 0 ? '>0' : 0})`;
}
