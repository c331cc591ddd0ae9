// Linear time: every entry point gets an input of 16n built to hit a slow path (a long NSS, runs
// of escapes, of "/", of "?+" and "?=" parts, values that fill a resolver template), and 16 inputs
// of n of the same shape; the ratio of the times is about 1 when linear, 16 when quadratic
// (tooling/growth.ts).
import { describe, expect, it } from 'vitest';
import { GROWTH_BOUND as BOUND, growth as growthOf } from '../../../tooling/growth.ts';
import { ietfNamespace } from '../src/ietf';
import {
  formatUrn,
  isUrn,
  normalizeUrn,
  parseUrn,
  resolveUrn,
  urnEquals,
  validateUrn,
} from '../src/index';

const growth = (make: (n: number) => string, f: (input: string) => unknown): number =>
  growthOf(make, f, 1 << 14);

const shapes: [string, (n: number) => string][] = [
  ['a long NSS', (n) => `urn:example:${'a'.repeat(n)}`],
  ['runs of escapes', (n) => `urn:example:${'%2f'.repeat(n / 3)}`],
  ['runs of "/"', (n) => `urn:example:a${'/'.repeat(n)}`],
  ['many "?+" parts', (n) => `urn:example:a?+r${'?+'.repeat(n / 2)}`],
  ['many "?=" parts', (n) => `urn:example:a?+r?=q${'?='.repeat(n / 2)}`],
  ['"?+" and "?=" alternating', (n) => `urn:example:a?+${'r?=q?+'.repeat(n / 6)}#f`],
  ['a near miss at the end', (n) => `urn:example:${'a'.repeat(n)}?`],
  ['a long f-component', (n) => `urn:example:a#${'?/'.repeat(n / 2)}`],
];

describe('linear time (time on 16n ÷ time on n, fastest of several runs)', () => {
  it.each(shapes)('parseUrn, isUrn and formatUrn on %s', (_, make) => {
    expect(
      growth(make, (s) => {
        try {
          formatUrn(parseUrn(s));
        } catch {
          // a near miss throws: the scan up to it is what is measured
        }
      }),
    ).toBeLessThan(BOUND);
    expect(growth(make, (s) => isUrn(s))).toBeLessThan(BOUND);
  });

  it.each(shapes)('normalizeUrn, urnEquals and validateUrn on %s', (_, make) => {
    expect(growth(make, (s) => urnEquals(s, s.toUpperCase()))).toBeLessThan(BOUND);
    expect(growth(make, (s) => validateUrn(s, { lenient: true }))).toBeLessThan(BOUND);
    expect(
      growth(make, (s) => {
        try {
          normalizeUrn(s);
        } catch {
          // as above
        }
      }),
    ).toBeLessThan(BOUND);
  });

  it('normalizeUrn and urnEquals with namespace rules on a long ietf NSS', () => {
    const make = (n: number): string => `urn:IETF:id:${'%2fA'.repeat(n / 4)}`;
    const options = { namespaces: [ietfNamespace] };
    expect(growth(make, (s) => normalizeUrn(s, options))).toBeLessThan(BOUND);
    expect(growth(make, (s) => urnEquals(s, s.toLowerCase(), options))).toBeLessThan(BOUND);
  });

  it('resolveUrn fills templates in every part of a URL from a long NSS', () => {
    const registry = {
      example: [
        'https://{nid}.example.org/names/{nss}/info?urn={urn}&nss={nss}#{nss}',
        'https://example.org/{nss}',
      ],
    };
    for (const unit of ['a%2Fb&c=d;', '..%2F', 'a/', '%2E']) {
      const make = (n: number): string => `urn:example:x${unit.repeat(n / unit.length)}`;
      expect(growth(make, (s) => resolveUrn(s, registry))).toBeLessThan(BOUND);
    }
  });

  it('resolveUrn and its resolver functions on URNs with many "?+" and "?=" parts', () => {
    const registry = {
      example: ['https://example.org/{nss}?q={urn}', (urn: { nss: string }) => [urn.nss]],
    };
    for (const [, make] of shapes.filter(([, m]) => !m(8).endsWith('?'))) {
      expect(growth(make, (s) => resolveUrn(s, registry))).toBeLessThan(BOUND);
    }
  });

  it('resolveUrn with the default resolvers on long ietf, nbn and isbn names', () => {
    for (const prefix of ['urn:ietf:id:', 'urn:nbn:se:', 'urn:nbn:de:', 'urn:isbn:']) {
      const make = (n: number): string => `${prefix}x${'a/&.'.repeat(n / 4)}`;
      expect(growth(make, (s) => resolveUrn(s))).toBeLessThan(BOUND);
    }
  });
});
