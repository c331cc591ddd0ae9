import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate } from '../scripts/generate-registry';

const root = join(import.meta.dirname, '..');

describe('src/generated', () => {
  it('matches what scripts/generate-registry.ts writes from data/ (run `pnpm run regenerate`)', () => {
    const files = generate(join(root, 'data'));
    expect(Object.keys(files).sort()).toEqual(['labels.ts', 'loaders.ts', 'registry.ts']);
    for (const [file, contents] of Object.entries(files)) {
      expect(readFileSync(join(root, 'src', 'generated', file), 'utf8'), file).toBe(contents);
    }
  });

  it('the generator refuses data it cannot encode', () => {
    const data = join(root, 'data');
    expect(() => generate(data, 'utf-8 UTF-8\nx-none NO-SUCH-IANA-NAME\n')).toThrow(
      /no IANA record/,
    );
    expect(() => generate(data, 'utf-8 UTF-8\nx;y -\n')).toThrow(/separator/);
  });
});
