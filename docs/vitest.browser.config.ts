// Runs the packages' own test suites in headless Chromium (vitest browser mode, Debian's Chromium
// through playwright), to show that the libraries need no Node API. A test file is taken when it uses
// only what a browser has: it imports nothing from `node:`, touches no `process` or
// `import.meta.dirname`, mocks nothing (`vi`), and imports only the package under test, its
// siblings, fast-check, vitest and its own relative files (the differential tests against npm
// anchors are left to the Node run). It is the `browser-suites` project of vitest.config.ts, so `pnpm test` runs it with the docs tests.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
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
  'packages/percent/test/work.test.ts':
    "time ratios against the platform clock: a cross-origin-isolated page's performance.now is too coarse for the small inputs (0/0), where Node's is not",
  'packages/mime-charset/test/streams.test.ts':
    "compares the error of a chunk that is no buffer source with Node's TextDecoderStream; Chromium's decoder refuses a view of a SharedArrayBuffer first, with another message",
  'packages/uri/test/security-equivalence.test.ts':
    'differential against the platform URL parser: Chromium reads file://C:/x and other special-scheme forms otherwise than the URL Standard, which Node follows',
  'packages/uri/test/whatwg-credentials.test.ts':
    "differential against the platform URL parser: Chromium percent-encodes ' in a username or password (http://'@h/ is http://%27@h/), which Node and the URL Standard's userinfo percent-encode set leave alone",
  'packages/uri/test/security.test.ts':
    "differential against the platform URL parser: Chromium's host processing (UTS #46 with its own options) differs from the URL Standard's, which Node and tr46 follow",
};

/**
 * Whether a test file can run in a browser as it is. Given the file's path, the relative files it
 * imports are checked the same way (test helpers, scripts), except the packages' portable sources,
 * which the lint rule keeps free of Node; a node build's `*.node.ts` never is.
 */
export function browserSafe(source: string, file?: string, seen = new Set<string>()): boolean {
  if (
    /\bprocess\.|\bBuffer\.|import\.meta\.dirname|import\.meta\.url|\brequire\(|\bvi\b|expectTypeOf/.test(
      source,
    )
  ) {
    return false;
  }
  for (const m of source.matchAll(/\bfrom\s+'([^']+)'|\bimport\s*\(\s*'([^']+)'/g)) {
    const spec = m[1] ?? m[2] ?? '';
    if (/\.node(\.ts)?$/.test(spec)) return false;
    if (spec.startsWith('.') && file !== undefined) {
      const target = join(dirname(file), spec.endsWith('.ts') ? spec : `${spec}.ts`);
      if (!/\/packages\/[^/]+\/src\//.test(target) && !seen.has(target)) {
        seen.add(target);
        if (!existsSync(target) || !browserSafe(readFileSync(target, 'utf8'), target, seen))
          return false;
      }
      continue;
    }
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
      .filter((f) => browserSafe(readFileSync(f, 'utf8'), f));
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
