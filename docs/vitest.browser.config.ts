// Runs the packages' own test suites in headless Chromium (vitest browser mode, Debian's Chromium
// through playwright), to show that the libraries need no Node API. A test file is taken when it uses
// only what a browser has: it imports nothing from `node:`, touches no `process` or
// `import.meta.dirname`, mocks nothing (`vi`), and imports only the package under test, its
// siblings, fast-check, vitest and its own relative files (the differential tests against npm
// anchors are left to the Node run). It is the `browser-suites` project of vitest.config.ts, so `pnpm test` runs it with the docs tests.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig, mergeConfig, type ViteUserConfig } from 'vitest/config';
import { packageTestConfig } from '../tooling/vitest.ts';
import { chromiumArgs, chromiumPath } from './scripts/chromium.ts';

const repo = join(import.meta.dirname, '..');

/**
 * Files that are browser-safe by the rule below but compare against the platform: their oracle
 * differs between Node and Chromium, not the package.
 */
export const platformOracles: Readonly<Record<string, string>> = {
  'packages/percent/test/encode.test.ts':
    "differential against the platform URL parser: Chromium percent-encodes ' in the query of a non-special URL (foo://h/?a'b), which Node and the URL Standard leave alone",
};

/** Whether a test file can run in a browser as it is. */
export function browserSafe(source: string): boolean {
  if (
    /\bprocess\.|\bBuffer\.|import\.meta\.dirname|import\.meta\.url|\brequire\(|\bvi\b|expectTypeOf/.test(
      source,
    )
  ) {
    return false;
  }
  for (const m of source.matchAll(/\bfrom\s+'([^']+)'|\bimport\s*\(\s*'([^']+)'/g)) {
    const spec = m[1] ?? m[2] ?? '';
    if (
      spec.startsWith('.') ||
      spec.startsWith('@x/') ||
      spec === 'vitest' ||
      spec === 'fast-check'
    ) {
      continue;
    }
    return false;
  }
  return true;
}

export const suites: string[] = readdirSync(join(repo, 'packages'))
  .sort()
  .flatMap((pkg) => {
    const dir = join(repo, 'packages', pkg, 'test');
    let files: string[];
    try {
      files = readdirSync(dir);
    } catch {
      return [];
    }
    return files
      .filter((f) => f.endsWith('.test.ts'))
      .sort()
      .map((f) => join(dir, f))
      .filter((f) => !(f.slice(repo.length + 1) in platformOracles))
      .filter((f) => browserSafe(readFileSync(f, 'utf8')));
  });

export default mergeConfig(
  packageTestConfig(import.meta.dirname) as ViteUserConfig,
  defineConfig({
    // Cross-origin isolation, so that SharedArrayBuffer exists in the page as it does in Node.
    server: {
      fs: { allow: [repo] },
      headers: {
        'Cross-Origin-Opener-Policy': 'same-origin',
        'Cross-Origin-Embedder-Policy': 'require-corp',
      },
    },
    test: {
      name: 'browser-suites',
      root: repo,
      include: suites.map((f) => f.slice(repo.length + 1)),
      typecheck: { enabled: false },
      fileParallelism: false,
      testTimeout: 120_000,
      browser: {
        enabled: true,
        headless: true,
        screenshotFailures: false,
        provider: playwright({
          launchOptions: {
            executablePath: chromiumPath,
            args: [...chromiumArgs],
          },
        }),
        instances: [{ browser: 'chromium' }],
      },
    },
  }),
);
