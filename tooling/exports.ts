// Maps a package's `exports` map to its source files, so that the build (tsup) and the tests
// (vitest) agree with the published entry points without a second list to keep in sync.
// Convention: `./dist/<entry>.js` is built from `./src/<entry>.ts`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

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
