// Maps a package's `exports` map to its source files, so that the build (tsup) and the tests
// (vitest) agree with the published entry points without a second list to keep in sync.
// Convention: `./dist/<entry>.js` is built from `./src/<entry>.ts`.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface PackageJson {
  name: string;
  exports: Record<string, unknown>;
  sizeBudget?: Record<string, number>;
  [key: string]: unknown;
}

export function readPackageJson(dir: string): PackageJson {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageJson;
}

function importTarget(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const v = value as Record<string, unknown>;
    const imp = v.import ?? v.default;
    if (typeof imp === 'string') return imp;
    if (imp && typeof imp === 'object') return importTarget(imp);
  }
  return undefined;
}

/** `{ ".": "index", "./shift_jis": "shift_jis" }`: subpath to entry name (dist and src relative). */
export function entriesOf(pkg: PackageJson): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [subpath, value] of Object.entries(pkg.exports)) {
    if (subpath === './package.json') continue;
    const target = importTarget(value);
    if (!target?.startsWith('./dist/') || !target.endsWith('.js')) continue;
    out[subpath] = target.slice('./dist/'.length, -'.js'.length);
  }
  return out;
}

const packagesDir = resolve(import.meta.dirname, '..', 'packages');

/** Every `@x/<name>[/<subpath>]` of the workspace with its source file (an esbuild `alias` map). */
export function workspaceSources(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(packagesDir)) {
    const dir = join(packagesDir, name);
    if (!existsSync(join(dir, 'package.json'))) continue;
    for (const [subpath, entry] of Object.entries(entriesOf(readPackageJson(dir)))) {
      out[`@x/${name}${subpath.slice(1)}`] = join(dir, 'src', `${entry}.ts`);
    }
  }
  return out;
}

let sources: Map<string, string> | undefined;

/**
 * `@x/<name>[/<subpath>]` to the sibling package's source file, or null when `id` is not one of ours.
 * Tests (tooling/vitest.ts), benchmarks (tooling/bench.ts) and the docs site's bundle all see the
 * working tree through it. The map is read once per process.
 */
export function workspaceSource(id: string): string | null {
  sources ??= new Map(Object.entries(workspaceSources()));
  return sources.get(id) ?? null;
}
