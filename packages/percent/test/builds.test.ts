// The portable build and the node build (tooling/platform.ts) give the same result for every input.
// The whole suite runs against each build; here the parts that differ are compared directly, in one
// process: the text builder (./units), the dense decoder (./dense) and the node build's decoder of
// sparse escapes (./sparse.node), which stands in for the general decoder.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { denseDecoder as denseNode } from '../src/dense.node';
import { decodeRange, helpers } from '../src/decode';
import { sparseDecoder } from '../src/sparse.node';
import { unitsText as unitsNode } from '../src/units.node';

// The portable modules by a file URL, which neither test project maps to a .node.ts sibling: in
// the node project a plain import of them would be the node build's, and each comparison below
// would hold the node build to itself.
const portableModule = <T>(file: string): Promise<T> =>
  import(/* @vite-ignore */ pathToFileURL(join(import.meta.dirname, '../src', file)).href);
const { denseDecoder: densePortable } =
  await portableModule<typeof import('../src/dense')>('dense.ts');
const { unitsText: unitsPortable } =
  await portableModule<typeof import('../src/units')>('units.ts');

/** What `f` returns, or the error it throws as `{ index, reason }`. */
const outcome = (f: () => string): unknown => {
  try {
    return f();
  } catch (error) {
    const { index, reason, name } = error as { index: number; reason: string; name: string };
    return { name, index, reason };
  }
};

/** Text with escapes close together or far apart, well-formed or not, and literals of every kind. */
const text = fc
  .array(
    fc.oneof(
      fc.integer({ min: 0, max: 255 }).map((b) => `%${b.toString(16).padStart(2, '0')}`),
      fc.constantFrom(
        '%',
        '%4',
        '%zz',
        '%C3%A9',
        '%e6%97%a5',
        '%F0%9F%98%80',
        '%C0%AF',
        '%ED%A0%80',
        '%F4%90%80%80',
        '%E0%80',
        '%F0%9F%98',
        'a',
        '+',
        'é',
        '日',
        '😀',
        '\ud800',
        '\udc00',
        'abcdefghijklmnopqrstuvwxyz',
      ),
    ),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(''));

describe('the node build and the portable build', () => {
  it('turn UTF-16 units into the same text, short and long, lone surrogates included', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 1, maxLength: 80 }),
        (xs) => {
          const units = new Uint16Array(0x100);
          units.set(xs);
          expect(unitsNode(units)(xs.length)).toBe(unitsPortable(units)(xs.length));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('decode densely escaped text alike, or give it up alike', () => {
    const [units, escapeAt, textOf] = helpers();
    const portable = densePortable(units, escapeAt, textOf);
    const node = denseNode(units, escapeAt, textOf);
    fc.assert(
      fc.property(text, (s) => {
        const i = s.indexOf('%');
        if (i >= 0) expect(node(s, i)).toBe(portable(s, i));
      }),
      { numRuns: 2000 },
    );
  });

  it('decode dense text past the 16K units the node decoder copies alike', () => {
    const [units, escapeAt, textOf] = helpers();
    const portable = densePortable(units, escapeAt, textOf);
    const node = denseNode(units, escapeAt, textOf);
    // 7 characters a repeat: 16 380, 16 387 and 65 541 characters, each a whole number of escapes.
    for (const n of [2340, 2341, 9363]) {
      const s = '%C3%A9a'.repeat(n);
      expect(node(s, 0)).toBe('éa'.repeat(n));
      expect(portable(s, 0)).toBe('éa'.repeat(n));
    }
  });

  it('decode sparse escapes as the general decoder does, errors and repairs alike', () => {
    const [, escapeAt] = helpers();
    const sparse = sparseDecoder(escapeAt, decodeRange);
    fc.assert(
      fc.property(text, fc.boolean(), (s, strict) => {
        const i = s.indexOf('%');
        if (i < 0) return;
        expect(outcome(() => sparse(s, i, s.indexOf('%', i + 1), strict))).toEqual(
          outcome(() => decodeRange(s, 0, s.length, false, strict)),
        );
      }),
      { numRuns: 2000 },
    );
  });
});
