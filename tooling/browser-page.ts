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
 * Bundles `contents` (which sets `globalThis[global]`), opens it in Chromium, waits for `global`
 * and hands the page to `use`; closes the browser and the server whatever `use` does.
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
    stdin: { contents, resolveDir: docs, loader: 'js' },
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
