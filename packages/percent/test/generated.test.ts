import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { render } from '../scripts/generate-sets';

describe('src/generated/sets.ts', () => {
  it('is what scripts/generate-sets.ts writes from data/encode-sets.json (no drift)', () => {
    const committed = readFileSync(
      join(import.meta.dirname, '..', 'src', 'generated', 'sets.ts'),
      'utf8',
    );
    expect(render()).toBe(committed);
  });
});
