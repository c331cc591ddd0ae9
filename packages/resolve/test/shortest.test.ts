import { tryParse } from '@x/uri';
import { describe, expect, it } from 'vitest';
import { relativize, resolve } from '../src/index';

// Exhaustive check of "shortest": every reference of up to 5 characters over a small alphabet is
// resolved against a few bases; for each target reached, relativize must find a reference no longer
// than the shortest one the enumeration found.

const ALPHABET = ['a', 'b', '/', '.', ':', '?', '#'];
const MAX = 5;

function* strings(): Generator<string> {
  let level = [''];
  yield '';
  for (let n = 1; n <= MAX; n++) {
    const next: string[] = [];
    for (const s of level) for (const c of ALPHABET) next.push(s + c);
    yield* next;
    level = next;
  }
}

const REFS = [...strings()].filter((s) => tryParse(s).ok);

describe('relativize is the shortest reference (exhaustive up to 5 characters)', () => {
  it.each([
    'http://a/b/c',
    'http://a/b/',
    'http://a/b/c?q',
    'http://a',
    'foo:/a/b',
    'foo:a/b',
    'foo:a',
    'foo:',
    'foo:/',
    'a:b/a',
  ])('against %j', (base) => {
    const shortest = new Map<string, string>();
    for (const ref of REFS) {
      const target = resolve(base, ref);
      if (!shortest.has(target)) shortest.set(target, ref);
    }
    expect(shortest.size).toBeGreaterThan(100);
    for (const [target, ref] of shortest) {
      const r = relativize(base, target);
      expect(resolve(base, r), `${base} -> ${target}`).toBe(target);
      expect(
        r.length,
        `${base} -> ${target}: ${JSON.stringify(r)} vs ${JSON.stringify(ref)}`,
      ).toBeLessThanOrEqual(ref.length);
    }
  });
});
