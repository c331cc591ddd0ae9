// Shared by every package's bench/: load the package the way a user runs it. The entry is bundled
// by esbuild (siblings `@x/*` from their sources) and loaded by Node itself, like the anchors it is
// compared with, not through the test runner's module transform, whose export getters would slow
// only our side.
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildSync } from 'esbuild';
import { workspaceSources } from './exports.ts';

/**
 * Bundles `entry` (a path relative to `fromDir`, usually `import.meta.dirname` of the bench file)
 * into a CommonJS file in a fresh temporary folder and returns what requiring it gives.
 */
export function loadBundled<T>(fromDir: string, entry = '../src/index.ts'): T {
  const outfile = join(mkdtempSync(join(tmpdir(), 'x-bench-')), 'bundle.cjs');
  buildSync({
    entryPoints: [resolve(fromDir, entry)],
    bundle: true,
    format: 'cjs',
    platform: 'neutral',
    outfile,
    logLevel: 'error',
    alias: workspaceSources(),
  });
  return createRequire(import.meta.url)(outfile) as T;
}
