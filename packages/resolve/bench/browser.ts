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
import { type PageTiming, withBrowserPage } from '../../../tooling/browser-page.ts';
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
  const { interleave, median, ratio } = (globalThis as unknown as { xbench: PageTiming }).xbench;
  const loops = fns.map(([, f]) => (): number => {
    let n = 0;
    for (let i = 0; i < refs.length; i++) n += f(base, refs[i]!).length;
    return n;
  });
  const per = interleave(loops, rounds);
  const ns = per.map((ts) => ((median(ts) * 1e6) / refs.length).toFixed(0));
  const ratios = fns.slice(1).map(([n], a) => `vs ${n} ${ratio(per, 0, a + 1)}`);
  return `resolve, ${name}: ns per reference ${fns.map(([n], k) => `${n} ${ns[k]}`).join(', ')}; @x/resolve ${ratios.join(', ')}`;
}
