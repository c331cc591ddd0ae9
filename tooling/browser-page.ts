// The page the Chromium benchmarks run in (tooling/bench-browser.ts and each package's
// bench/browser.ts): an ES module that imports the packages by name, bundled by esbuild for the
// browser from docs/ (resolved as a browser resolves the packages' exports, so the `node` condition
// is never taken), checked to take only the portable dist/ files of the family and to hold no
// `node:` import, served on the loopback interface and opened in headless Chromium.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { chromiumArgs, chromiumPath } from '../docs/scripts/chromium.ts';
import { serve } from '../docs/scripts/serve.ts';

const docs = join(import.meta.dirname, '..', 'docs');

/** The little of a playwright page the benchmarks use (playwright-core is docs/'s dependency). */
export interface BenchPage {
  evaluate<A, R>(f: (arg: A) => R, arg: A): Promise<R>;
}

/** What was opened: the browser's version, the family's files in the bundle, its size and folder. */
export interface BenchPageInfo {
  chromium: string;
  files: string[];
  bytes: number;
  dir: string;
}

/**
 * The timing the page benches share, installed in every page as `globalThis.xbench` (a page
 * function is serialized by playwright, so it reaches this through the page's global):
 * `const { interleave, median, ratio } = (globalThis as unknown as { xbench: PageTiming }).xbench;`
 */
export interface PageTiming {
  /**
   * Times `loops` in interleaved rounds, with wall time (the only clock a page has): each is first
   * called 50 times, then given a number of calls that takes at least 20 ms (the page's timer is
   * coarse), then every round takes one sample of each, in an order that rotates by one each round.
   * Returns, for each loop, its time per call (ms) in each round. A loop's number result is kept.
   */
  interleave(loops: readonly (() => unknown)[], rounds: number): number[][];
  /** The median of `xs` (the upper one of an even count). */
  median(xs: readonly number[]): number;
  /** `per[b]`'s time over `per[a]`'s in each round, as `median x (min-max)`: > 1 where a is faster. */
  ratio(per: readonly number[][], a: number, b: number): string;
}

/** Made in the page from its source text (see {@link PageTiming}): self-contained. */
function pageTiming(): PageTiming {
  let sink = 0;
  const time = (f: () => unknown, n: number): number => {
    const t0 = performance.now();
    for (let i = 0; i < n; i++) {
      const v = f();
      if (typeof v === 'number') sink += v;
    }
    return performance.now() - t0;
  };
  const median = (xs: readonly number[]): number =>
    [...xs].sort((a, b) => a - b)[xs.length >> 1] as number;
  return {
    interleave(loops, rounds) {
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
          (per[j] as number[]).push(
            time(loops[j] as () => unknown, iterations[j] as number) / (iterations[j] as number),
          );
        }
      // keeps the loops' sums observable, so that no engine drops their work
      (globalThis as unknown as { xbenchSink: number }).xbenchSink = sink;
      return per;
    },
    median,
    ratio(per, a, b) {
      const rs = (per[a] as number[]).map((t, r) => ((per[b] as number[])[r] as number) / t);
      return `${median(rs).toFixed(2)}x (${Math.min(...rs).toFixed(2)}-${Math.max(...rs).toFixed(2)})`;
    },
  };
}

/**
 * Bundles `contents` (which sets `globalThis[global]`), with {@link PageTiming} as
 * `globalThis.xbench`, opens it in Chromium, waits for `global` and hands the page to `use`;
 * closes the browser and the server whatever `use` does.
 * @throws when the bundle takes a file of the family outside its portable dist/ (a `dist/node/`
 * file, or source), or holds a `node:` import
 */
export async function withBrowserPage<T>(
  contents: string,
  global: string,
  use: (page: BenchPage, info: BenchPageInfo) => Promise<T>,
): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'x-bench-browser-'));
  const result = await build({
    stdin: {
      contents: `${contents}\nglobalThis.xbench = (${pageTiming.toString()})();\n`,
      resolveDir: docs,
      loader: 'js',
    },
    // the metafile's paths relative to the repo root, wherever the bench runs from
    absWorkingDir: join(import.meta.dirname, '..'),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    outfile: join(dir, 'bundle.js'),
    metafile: true,
    write: true,
    tsconfigRaw: '{}',
    logLevel: 'error',
  });
  const files = Object.keys(result.metafile.inputs).filter(
    (f) => f.includes('packages/') || f.includes('@x/'),
  );
  if (files.length === 0)
    throw new Error('the bundle takes no file of the family: nothing to check');
  if (files.some((f) => !/(^|\/)dist\//.test(f) || /(^|\/)dist\/node\//.test(f)))
    throw new Error(`bundle takes files outside the portable dist/: ${files}`);
  if (/["']node:/.test(readFileSync(join(dir, 'bundle.js'), 'utf8')))
    throw new Error('the browser bundle holds a node: import');
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><meta charset="utf-8"><title>bench</title><script type="module" src="bundle.js"></script>\n',
  );
  const { chromium } = createRequire(join(docs, 'package.json'))('playwright-core') as {
    chromium: {
      launch(options: { executablePath: string; args: string[] }): Promise<{
        version(): string;
        close(): Promise<void>;
        newPage(): Promise<
          BenchPage & {
            goto(url: string): Promise<unknown>;
            waitForFunction<A>(f: (arg: A) => boolean, arg: A): Promise<unknown>;
          }
        >;
      }>;
    };
  };
  const { server, url } = await serve(dir);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] });
  try {
    const page = await browser.newPage();
    await page.goto(url);
    await page.waitForFunction((name) => name in globalThis, global);
    const bytes = Object.values(result.metafile.outputs)[0]?.bytes ?? 0;
    return await use(page, { chromium: browser.version(), files, bytes, dir });
  } finally {
    await browser.close();
    server.close();
  }
}
