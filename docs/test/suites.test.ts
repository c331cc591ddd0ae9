// Which of the packages' test files the browser-suites project runs in Chromium, and why others not.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserSafe, platformOracles, suites } from '../vitest.browser.config.ts';

const repo = join(import.meta.dirname, '..', '..');

describe('the browser-suites selection', () => {
  it('takes test files from every package, security tests included', () => {
    const rel = suites.map((f) => f.slice(repo.length + 1));
    for (const pkg of readdirSync(join(repo, 'packages'))) {
      expect(
        rel.some((f) => f.startsWith(`packages/${pkg}/test/`)),
        pkg,
      ).toBe(true);
    }
    expect(rel.filter((f) => f.endsWith('/security.test.ts')).length).toBeGreaterThanOrEqual(5);
  });

  it('leaves out files that need Node or compare against the platform', () => {
    expect(browserSafe("import { readFileSync } from 'node:fs';")).toBe(false);
    expect(browserSafe('const here = import.meta.dirname;')).toBe(false);
    expect(browserSafe("expect(Buffer.from('a')).toEqual(x);")).toBe(false);
    expect(browserSafe("import { parse } from 'fast-uri';")).toBe(false);
    expect(browserSafe('vi.fn();')).toBe(false);
    expect(browserSafe('ArrayBuffer.isView(x);')).toBe(true);
    expect(
      browserSafe(
        "import fc from 'fast-check';\nimport { expect, it } from 'vitest';\nimport { x } from '../src/index';\nimport { y } from '@x/utf8';",
      ),
    ).toBe(true);
    // A relative import is followed: a node build's file, or a helper that reads files, is Node's.
    expect(browserSafe("import { decodeBulk } from '../src/bulk.node';")).toBe(false);
    const helper = join(repo, 'packages', 'mime-charset', 'test', 'detect.test.ts');
    expect(browserSafe(readFileSync(helper, 'utf8'), helper)).toBe(false);
    expect(suites).not.toContain(helper);
    for (const file of Object.keys(platformOracles)) {
      expect(suites.map((f) => f.slice(repo.length + 1))).not.toContain(file);
    }
  });
});
