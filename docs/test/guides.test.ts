// Every code sample in every guide runs, and every result a guide states is the result it gets.
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { guides } from '../scripts/pages.ts';
import { extractSamples, runSample } from './samples.ts';

const docs = join(import.meta.dirname, '..');
const dir = join(docs, 'guides');
const out = join(docs, '.samples');
mkdirSync(out, { recursive: true });

const files = readdirSync(dir)
  .filter((f) => f.endsWith('.md'))
  .sort();

describe('the guide list', () => {
  it('names every guide in guides/ (and only those), plus the landing page', () => {
    expect(files).toEqual(['index.md', ...guides.map((g) => `${g.slug}.md`)].sort());
  });
});

for (const file of files) {
  const markdown = readFileSync(join(dir, file), 'utf8');
  const samples = extractSamples(file, markdown);
  describe(`guides/${file}`, () => {
    if (file === 'index.md') {
      it('links to every guide and the playground', () => {
        for (const g of guides) expect(markdown).toContain(`](${g.slug}.md`);
        expect(markdown).toContain('](../playground.html');
      });
    } else {
      it('has runnable samples', () => {
        expect(samples.length).toBeGreaterThan(0);
      });
    }
    for (const sample of samples) {
      it(`sample at line ${sample.line} gives the results it states`, async () => {
        const name = `${file.replace(/\.md$/, '')}-${sample.line}.ts`;
        const checks = await runSample(sample, join(out, name), (line) => `guides/${file}:${line}`);
        expect(checks.length, 'a sample must state at least one result').toBeGreaterThan(0);
      });
    }
  });
}
