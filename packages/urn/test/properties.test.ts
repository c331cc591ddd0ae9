// Property tests: the round trip and the invariants the issue names, over generated URNs.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatUrn,
  isUrn,
  normalizeUrn,
  parseUrn,
  standardNamespaces,
  type Urn,
  urnEquals,
} from '../src/index';

const chars = (alphabet: string, min: number, max: number): fc.Arbitrary<string> =>
  fc
    .array(fc.constantFrom(...alphabet.split('')), { minLength: min, maxLength: max })
    .map((a) => a.join(''));

const alnum = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const pcharOne = `${alnum}-._~!$&'()*+,;=:@`;
const pctEscape = fc
  .tuple(
    fc.constantFrom(...'0123456789abcdefABCDEF'.split('')),
    fc.constantFrom(...'0123456789abcdefABCDEF'.split('')),
  )
  .map(([a, b]) => `%${a}${b}`);
const pchar = fc.oneof(
  { arbitrary: fc.constantFrom(...pcharOne.split('')), weight: 5 },
  { arbitrary: pctEscape, weight: 1 },
);
const run = (parts: fc.Arbitrary<string>, min: number, max: number): fc.Arbitrary<string> =>
  fc.array(parts, { minLength: min, maxLength: max }).map((a) => a.join(''));

// NID = alphanum 0*30 ldh alphanum
const nid = fc
  .tuple(chars(alnum, 1, 1), chars(`${alnum}-`, 0, 30), chars(alnum, 1, 1))
  .map(([a, b, c]) => a + b + c);
const nss = fc.tuple(pchar, run(fc.oneof(pchar, fc.constant('/')), 0, 20)).map(([a, b]) => a + b);
// r-component: no "?=" inside (it would end the r-component)
const rComponent = fc
  .tuple(pchar, run(fc.oneof(pchar, fc.constantFrom('/', '?')), 0, 10))
  .map(([a, b]) => a + b)
  .filter((s) => !s.includes('?='));
const qComponent = fc
  .tuple(pchar, run(fc.oneof(pchar, fc.constantFrom('/', '?')), 0, 10))
  .map(([a, b]) => a + b);
const fComponent = run(fc.oneof(pchar, fc.constantFrom('/', '?')), 0, 10);

const urnParts: fc.Arbitrary<Urn> = fc
  .record({ nid, nss, rComponent, qComponent, fComponent }, { requiredKeys: ['nid', 'nss'] })
  .map((u) => {
    const out: Urn = { nid: u.nid, nss: u.nss };
    if (u.rComponent !== undefined) out.rComponent = u.rComponent;
    if (u.qComponent !== undefined) out.qComponent = u.qComponent;
    if (u.fComponent !== undefined) out.fComponent = u.fComponent;
    return out;
  });
const urn = urnParts.map((u) => formatUrn(u));

// URNs that share a lot, so that equivalent pairs are common
const smallUrn = fc
  .tuple(
    fc.constantFrom('urn', 'URN', 'Urn'),
    fc.constantFrom('example', 'EXAMPLE', 'isbn', 'uuid', 'ietf'),
    fc.constantFrom(
      'a',
      'A',
      '%2c',
      '%2C',
      'a%2cb',
      'a%2Cb',
      'rfc:1',
      'RFC:1',
      '0-306-40615-2',
      '9780306406157',
    ),
    fc.constantFrom('', '?+r', '?=q', '#f', '?+r?=q#f'),
  )
  .map(([s, n, x, c]) => `${s}:${n}:${x}${c}`);

const runs = { numRuns: 300 };

describe('properties', () => {
  it('formatUrn ∘ parseUrn is the identity (with "urn:" in lower case)', () => {
    fc.assert(
      fc.property(urn, fc.constantFrom('urn', 'URN', 'uRn'), (s, scheme) => {
        const input = scheme + s.slice(3);
        expect(formatUrn(parseUrn(input))).toBe(s);
      }),
      runs,
    );
  });
  it('parseUrn ∘ formatUrn is the identity on valid parts', () => {
    fc.assert(
      fc.property(urnParts, (parts) => {
        expect(parseUrn(formatUrn(parts))).toEqual(parts);
      }),
      runs,
    );
  });
  it('normalizeUrn is idempotent and yields an equivalent URN', () => {
    fc.assert(
      fc.property(fc.oneof(urn, smallUrn), fc.boolean(), (s, withRules) => {
        const options = withRules ? { namespaces: standardNamespaces } : {};
        const n = normalizeUrn(s, options);
        expect(normalizeUrn(n, options)).toBe(n);
        expect(isUrn(n)).toBe(true);
        expect(urnEquals(s, n, options)).toBe(true);
      }),
      runs,
    );
  });
  it('urnEquals is reflexive, symmetric and transitive', () => {
    fc.assert(
      fc.property(smallUrn, smallUrn, smallUrn, fc.boolean(), (a, b, c, withRules) => {
        const o = withRules ? { namespaces: standardNamespaces } : {};
        expect(urnEquals(a, a, o)).toBe(true);
        expect(urnEquals(a, b, o)).toBe(urnEquals(b, a, o));
        if (urnEquals(a, b, o) && urnEquals(b, c, o)) expect(urnEquals(a, c, o)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
  it('components never change equivalence; NSS case does', () => {
    fc.assert(
      fc.property(urnParts, (parts) => {
        const bare = formatUrn({ nid: parts.nid, nss: parts.nss });
        expect(urnEquals(formatUrn(parts), bare)).toBe(true);
        expect(urnEquals(bare, formatUrn({ nid: parts.nid.toUpperCase(), nss: parts.nss }))).toBe(
          true,
        );
        // outside percent-escapes the NSS is compared case-sensitively (RFC 8141 §3.1 rule 5)
        if (!parts.nss.includes('%') && /[a-z]/.test(parts.nss)) {
          const flipped = parts.nss.replace(/[a-z]/, (c) => c.toUpperCase());
          expect(urnEquals(bare, formatUrn({ nid: parts.nid, nss: flipped }))).toBe(false);
        }
        // the hex case of an pctEscape never matters (rule 3)
        const escaped = `${parts.nss}%ab`;
        expect(
          urnEquals(
            formatUrn({ nid: parts.nid, nss: escaped }),
            `urn:${parts.nid}:${parts.nss}%AB`,
          ),
        ).toBe(true);
      }),
      runs,
    );
  });
  it('urnEquals in place agrees with comparing normalizeUrn results, also on near-misses', () => {
    // mutations that keep or break equivalence: case flips anywhere, characters that fold onto
    // others under "| 32", escapes, delimiters
    const mutate = fc
      .tuple(
        fc.nat(),
        fc.constantFrom('flip', 'insert', 'replace', 'drop'),
        fc.constantFrom(...'aA0%:-?#/\r\x10\x1a\x01Z%2c'.split('')),
      )
      .map(([at, how, c]) => (s: string): string => {
        const i = at % (s.length + 1);
        if (how === 'flip') {
          const ch = s.charAt(i);
          return (
            s.slice(0, i) +
            (ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase()) +
            s.slice(i + 1)
          );
        }
        if (how === 'insert') return s.slice(0, i) + c + s.slice(i);
        if (how === 'replace') return s.slice(0, i) + c + s.slice(i + 1);
        return s.slice(0, i) + s.slice(i + 1);
      });
    const oracle = (a: string, b: string, syntax?: 'rfc2141'): boolean => {
      const o = syntax ? { syntax } : {};
      return isUrn(a, o) && isUrn(b, o) && normalizeUrn(a, o) === normalizeUrn(b, o);
    };
    fc.assert(
      fc.property(
        fc.oneof(urn, smallUrn),
        fc.array(mutate, { maxLength: 3 }),
        fc.boolean(),
        (a, ms, legacy) => {
          const b = ms.reduce((s, m) => m(s), a);
          const syntax = legacy ? ('rfc2141' as const) : undefined;
          const o = syntax ? { syntax } : {};
          expect(urnEquals(a, b, o)).toBe(oracle(a, b, syntax));
          expect(urnEquals(b, a, o)).toBe(oracle(b, a, syntax));
        },
      ),
      { numRuns: 2000 },
    );
  });
  it('isUrn agrees with parseUrn on arbitrary strings', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          urn.map((s) => s.slice(0, -1)),
          urn.map((s) => `${s} `),
        ),
        (s) => {
          let parsed = true;
          try {
            parseUrn(s);
          } catch {
            parsed = false;
          }
          expect(isUrn(s)).toBe(parsed);
        },
      ),
      runs,
    );
  });
});
