import { join } from 'node:path';
import { defineConfig, type Plugin } from 'vitest/config';
import { workspaceSource } from './exports.ts';

/**
 * Resolves `@x/<name>[/<subpath>]` to the sibling package's source, so that a package's tests see its
 * dependencies as they are in the working tree (no build needed) and coverage maps to `src/`.
 */
function workspaceSources(): Plugin {
  return { name: 'x-workspace-sources', enforce: 'pre', resolveId: workspaceSource };
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
  return defineConfig({
    plugins: [workspaceSources()],
    test: {
      root: dir,
      include: ['test/**/*.test.ts'],
      typecheck: {
        enabled: true,
        include: ['test/**/*.test-d.ts'],
        tsconfig: join(dir, 'tsconfig.json'),
      },
      testTimeout: 60_000,
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
