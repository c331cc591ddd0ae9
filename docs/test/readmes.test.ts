// Every code block in every package README runs as written (the README is the first page a user
// reads, on the registry too), and every result it states with `// => value` is the result it gets.
// Same rules as the guides (see samples.ts); a README block may also state no result.
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractSamples, runSample } from './samples.ts';

const repo = join(import.meta.dirname, '..', '..');
const out = join(import.meta.dirname, '..', '.samples');
mkdirSync(out, { recursive: true });

const packages = readdirSync(join(repo, 'packages')).sort();

for (const name of packages) {
  const markdown = readFileSync(join(repo, 'packages', name, 'README.md'), 'utf8');
  const samples = extractSamples(`${name}/README.md`, markdown);
  describe(`packages/${name}/README.md`, () => {
    it('has a runnable example', () => {
      expect(samples.length).toBeGreaterThan(0);
    });
    it('links only to what the registry page can show (absolute links, or anchors)', () => {
      const relative = [...markdown.matchAll(/\]\(([^)#][^)]*)\)/g)]
        .map((m) => m[1] ?? '')
        .filter((href) => !/^(https?:|mailto:)/.test(href));
      expect(relative).toEqual([]);
    });
    it('speaks to users: no internal issue numbers or project bookkeeping', () => {
      const bookkeeping = /\b(issue|stop) #?\d+\b|\bnot met\b/i;
      expect(markdown.split('\n').filter((line) => bookkeeping.test(line))).toEqual([]);
    });
    for (const sample of samples) {
      it(`block at line ${sample.line} runs as written and gives the results it states`, async () => {
        await runSample(
          sample,
          join(out, `readme-${name}-${sample.line}.ts`),
          (line) => `packages/${name}/README.md:${line}`,
        );
      });
    }
  });
}
