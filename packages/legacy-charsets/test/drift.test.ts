// Generated files: regenerate in memory and compare with what is committed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate } from '../scripts/generate-tables';

const packageDir = join(import.meta.dirname, '..');

describe('generated files match scripts/generate-tables.ts', () => {
  const files = generate(packageDir);
  it('writes tables, entries, registry and the exports map', () => {
    expect(files.size).toBeGreaterThan(200);
  });
  it.each([...files.keys()])('%s', (path) => {
    expect(readFileSync(join(packageDir, path), 'utf8')).toBe(files.get(path));
  });
});
