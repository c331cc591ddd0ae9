// Linear time: each function gets an input of 16n built to hit a slow path (long chains of "../",
// "./" and "x/..", long paths with a long common prefix, long queries) and 16 inputs of n of the same
// shape; the ratio of the times is about 1 when linear, 16 when quadratic (tooling/growth.ts).
import { describe, expect, it } from 'vitest';
import { GROWTH_BOUND as BOUND, growth as growthOf } from '../../../tooling/growth.ts';
import { chooseBase, htmlBase, xmlBase } from '../src/base';
import { mergePaths, relativize, removeDotSegments, resolve } from '../src/index';

const growth = (make: (n: number) => string, f: (input: string) => unknown): number =>
  growthOf(make, f, 1 << 12);

/** Paths of about `n` characters. */
const paths: [string, (n: number) => string][] = [
  ['a chain of "../"', (n) => '../'.repeat(n / 3)],
  ['a chain of "./"', (n) => './'.repeat(n / 2)],
  ['alternating "b/.."', (n) => 'b/../'.repeat(n / 5)],
  ['segments then as many ".."', (n) => `${'a/'.repeat(n / 6)}${'../'.repeat(n / 6)}g`],
  ['a long path', (n) => 'seg/'.repeat(n / 4)],
  ['empty segments', (n) => '/'.repeat(n)],
];

describe('linear time (time on 16n ÷ time on 16 × n, fastest of several runs)', () => {
  it.each(paths)('removeDotSegments and mergePaths on %s', (_, make) => {
    expect(growth(make, (p) => removeDotSegments(`/${p}`))).toBeLessThan(BOUND);
    expect(growth(make, (p) => removeDotSegments(p))).toBeLessThan(BOUND);
    expect(growth(make, (p) => mergePaths({ host: 'a', path: `/${p}` }, p))).toBeLessThan(BOUND);
  });

  it.each(paths)('resolve on %s, as the base path and as the reference', (_, make) => {
    expect(growth(make, (p) => resolve('http://a/b/c/d;p?q', p))).toBeLessThan(BOUND);
    expect(growth(make, (p) => resolve(`http://a/${p}x`, '../../g?y#s'))).toBeLessThan(BOUND);
    expect(growth(make, (p) => resolve(`foo:a/${p}`, p, { strict: false }))).toBeLessThan(BOUND);
  });

  it.each(paths)('relativize on %s', (_, make) => {
    // the target deep below the base, the base deep below the target, and both the same depth
    expect(growth(make, (p) => relativize('http://a/b/c/d', `http://a/b/c/${p}g`))).toBeLessThan(
      BOUND,
    );
    expect(growth(make, (p) => relativize(`http://a/b/${p}d`, 'http://a/b/g?q#f'))).toBeLessThan(
      BOUND,
    );
    expect(
      growth(make, (p) => relativize(`http://a/${p}x`, `http://a/${p}y`, { strict: false })),
    ).toBeLessThan(BOUND);
  });

  it('xmlBase on long chains of values, each resolved against the base the ones before it made', () => {
    // growth() gives a string: its characters pick the values (one element each)
    const chains: [string, (n: number) => string][] = [
      ['"a/"', (n) => 'a'.repeat(n)],
      ['"a/b/../"', (n) => 'b'.repeat(n)],
      ['"a/" then ".."', (n) => `${'a'.repeat(n / 2)}${'.'.repeat(n / 2)}`],
      ['"?q" between "a/"', (n) => 'aq'.repeat(n / 2)],
    ];
    const value: Record<string, string> = { a: 'a/', b: 'a/b/../', '.': '../', q: '?q' };
    for (const [name, make] of chains) {
      const chain = (s: string): string[] => Array.from(s, (c) => value[c]!);
      expect(
        growth(make, (s) => xmlBase(chain(s), 'http://h/')),
        name,
      ).toBeLessThan(BOUND);
      expect(
        growth(make, (s) => xmlBase(chain(s), 'foo:x')),
        name,
      ).toBeLessThan(BOUND);
    }
  });

  it('relativize of a target that differs at the end of a long common prefix', () => {
    const make = (n: number): string => 'x/'.repeat(n / 2);
    expect(growth(make, (p) => relativize(`http://a/${p}b/c`, `http://a/${p}d/e`))).toBeLessThan(
      BOUND,
    );
    expect(growth(make, (p) => relativize(`foo:${p}b`, `foo:${p}c`))).toBeLessThan(BOUND);
    expect(growth(make, (p) => relativize('http://a/b', `http://a/b?${p}`))).toBeLessThan(BOUND);
  });

  /** Markup of about `n` characters built to hit the scanner's loops. */
  const markups: [string, (n: number) => string][] = [
    ['unclosed comments', (n) => '<!-- -'.repeat(n / 6)],
    ['"--" inside one comment', (n) => `<!--${'--'.repeat(n / 2)}`],
    ['many end tags inside a script', (n) => `<script>${'</scrip'.repeat(n / 7)}`],
    ['many "<" without a tag', (n) => '< '.repeat(n / 2)],
    ['many attributes', (n) => `<base ${'a=1 '.repeat(n / 4)}`],
    ['many unterminated quotes', (n) => `<a b="${'x'.repeat(n)}`],
    ['character references', (n) => `<base href="${'&amp;&#x4'.repeat(n / 9)}">`],
    ['spaces inside the href', (n) => `<base href="a${' '.repeat(n)}b">`],
    ['newlines inside the href', (n) => `<base href="a${'\n'.repeat(n)}b">`],
    ['"&" without ";" until the end', (n) => `<base href="${'&'.repeat(n)};">`],
    ['tags and templates', (n) => '<template><p class=x></template>'.repeat(n / 33)],
    // the script data escape states: double escapes undone and redone, letters that are not "script"
    ['double-escaped scripts', (n) => `<script><!--${'<script></script>'.repeat(n / 17)}`],
    [
      'escaped text with "<" and letters',
      (n) => `<script><!--${'<scrip </scrip -'.repeat(n / 15)}`,
    ],
    // the stack: end tags that match an element deep below, or none, or stop at a special one
    ['end tags below deep nesting', (n) => `${'<span>'.repeat(n / 12)}${'</x>'.repeat(n / 8)}`],
    [
      'end tags past a special element',
      (n) => `<b><div>${'<i>'.repeat(n / 6)}${'</b>'.repeat(n / 8)}`,
    ],
    [
      'deep SVG with unmatched end tags',
      (n) => `<svg>${'<g>'.repeat(n / 6)}${'</x>'.repeat(n / 8)}`,
    ],
    ['integration points and breakouts', (n) => '<svg><title><math><mi><svg><p>'.repeat(n / 31)],
    [
      'headings and list items',
      (n) => `${'<h1><li><dd><p>'.repeat(n / 30)}${'</h2>'.repeat(n / 10)}`,
    ],
    ['unterminated CDATA in SVG', (n) => `<svg><![CDATA[${']]'.repeat(n / 2)}`],
  ];

  it.each(markups)('htmlBase on %s', (_, make) => {
    expect(growth(make, (m) => htmlBase(m, 'http://a/b'))).toBeLessThan(BOUND);
  });

  it('chooseBase and xmlBase on long relative layers and chains', () => {
    expect(
      growth(
        (n) => 'a/'.repeat(n / 2),
        (p) => chooseBase({ embedded: `../${p}`, encapsulating: p, retrieval: `http://a/${p}` }),
      ),
    ).toBeLessThan(BOUND);
    // a chain of about n/3 values that climb down and up: each step costs the same
    expect(
      growth(
        (n) => 'a/ ../ '.repeat(n / 7),
        (p) => xmlBase(p.split(' '), 'http://a/b/'),
      ),
    ).toBeLessThan(BOUND);
  });
});
