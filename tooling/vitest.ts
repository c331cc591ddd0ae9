import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { defineConfig, type Plugin } from 'vitest/config';
import { workspaceSource } from './exports.ts';
import { hasNodeBuild, nodeVariant, nodeVariantOfImport, nodeVariantsKey } from './platform.ts';

const root = join(import.meta.dirname, '..');

/**
 * Resolves `@x/<name>[/<subpath>]` to the sibling package's source, so that a package's tests see its
 * dependencies as they are in the working tree (no build needed) and coverage maps to `src/`.
 * With `node`, it resolves as the node build is bundled (tooling/platform.ts): every import of a
 * source file that has a `.node.ts` sibling, relative or a sibling package's entry, gets the sibling.
 */
function workspaceSources(node = false): Plugin {
  return {
    name: node ? 'x-workspace-sources-node' : 'x-workspace-sources',
    enforce: 'pre',
    resolveId(id, importer) {
      const source = workspaceSource(id);
      if (!node) return source;
      if (source) return nodeVariant(source) ?? source;
      return nodeVariantOfImport(id.split('?')[0] ?? id, importer) ?? null;
    },
  };
}

/**
 * The seed of every fast-check property in this run, or null for a fresh random seed per property.
 * - `FC_SEED=<integer>` replays a run: a failing property prints its seed.
 * - In CI (`CI` set, as `.ci/run` sets it), the seed comes from the commit under test, so a commit
 *   gives the same draws on every machine: what passed on a fresh clone of it passes in CI, and a
 *   failure replays with the printed seed. Each new commit draws anew.
 * - Elsewhere (a developer's `pnpm test`) every run draws fresh seeds and keeps exploring.
 * (Hypothesis's `derandomize` setting for CI is the same idea.)
 */
function fastCheckSeed(): number | null {
  const given = process.env.FC_SEED;
  if (given !== undefined && given !== '') {
    const n = Number(given);
    if (!Number.isSafeInteger(n)) throw new Error(`FC_SEED must be an integer, not ${given}`);
    return n | 0;
  }
  if (!process.env.CI) return null;
  try {
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' });
    return Number.parseInt(head.slice(0, 8), 16) | 0;
  } catch {
    return null; // not a git checkout: random, as outside CI
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    fastCheckSeed: number | null;
  }
}

export interface PackageTestOptions {
  /** Coverage floor for lines and branches, in percent. Only ever goes up. */
  coverage?: number;
  /** Extra files to leave out of coverage (relative to the package). */
  coverageExclude?: string[];
}

export function packageTestConfig(
  dir: string,
  options: PackageTestOptions = {},
): ReturnType<typeof defineConfig> {
  const floor = options.coverage ?? 95;
  // A package that ships a node build runs every test twice: against the portable build and
  // against the node build (tooling/platform.ts), in one run with one coverage report.
  const twice = hasNodeBuild(dir);
  const projects = twice
    ? {
        projects: [
          { extends: true as const, plugins: [workspaceSources()], test: { name: 'portable' } },
          {
            extends: true as const,
            plugins: [workspaceSources(true)],
            // X_BUILD tells a test which build it runs against, where the two take different paths
            // to the same result (which primitive is called, not what comes out).
            // Benchmarks load the built files themselves (tooling/bench.ts): they run once.
            test: {
              name: 'node',
              typecheck: { enabled: false },
              env: { X_BUILD: 'node' },
              benchmark: { include: [] },
              // Transformed modules are cached by their own text: a cache per set of `.node.ts`
              // files keeps a new one from being missed (see nodeVariantsKey).
              fsModuleCachePath: join(
                root,
                'node_modules',
                '.vitest-cache',
                `node-${nodeVariantsKey(join(root, 'packages'))}`,
              ),
            },
          },
        ],
      }
    : {};
  return defineConfig({
    plugins: twice ? [] : [workspaceSources()],
    test: {
      ...projects,
      root: dir,
      include: ['test/**/*.test.ts'],
      typecheck: {
        enabled: true,
        include: ['test/**/*.test-d.ts'],
        tsconfig: join(dir, 'tsconfig.json'),
      },
      testTimeout: 60_000,
      setupFiles: [join(root, 'tooling', 'fast-check-seed.ts')],
      provide: { fastCheckSeed: fastCheckSeed() },
      // Built files (dist/, loaded by benchmarks through tooling/bench.ts) run in Node as they
      // are, as users run them, not through the runner's module transform.
      server: { deps: { external: [/\/packages\/[^/]+\/dist\//] } },
      // The JSON results feed the one-line total that `pnpm test` prints (tooling/summarize-tests.mjs).
      reporters: ['default', 'json'],
      outputFile: { json: join(dir, '.vitest', 'results.json') },
      coverage: {
        provider: 'v8',
        include: ['src/**/*.ts'],
        exclude: ['src/**/*.d.ts', ...(options.coverageExclude ?? [])],
        reporter: ['text-summary'],
        thresholds: { lines: floor, branches: floor },
      },
    },
  });
}
