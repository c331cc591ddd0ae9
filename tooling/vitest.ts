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
