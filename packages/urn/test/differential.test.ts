// Differential test against urns (a regex-based RFC 8141 parser) as the oracle, on inputs where
// it is right: generated RFC 8141 URNs. Where it is wrong we say so and assert our answer.
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatUrn, isUrn, parseUrn, type Urn, urnEquals } from '../src/index';

const require = createRequire(import.meta.url);
const { parseURN } = require('urns') as {
  parseURN: (s: string) => {
    nid: string;
    nss_encoded: string;
    rcomponent: string | null;
    qcomponent: string | null;
    fragment: string | null;
  };
};

const one = (alphabet: string): fc.Arbitrary<string> => fc.constantFrom(...alphabet.split(''));
const alnum = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const text = (alphabet: string, min: number, max: number): fc.Arbitrary<string> =>
  fc.array(one(alphabet), { minLength: min, maxLength: max }).map((a) => a.join(''));
// escapes that decode to ASCII, so that the oracle's decodeURI never throws
const pchar = fc.oneof(
  { arbitrary: one(`${alnum}-._~!$&'()*+,;=:@`), weight: 6 },
  { arbitrary: fc.constantFrom('%2C', '%2c', '%7C', '%41', '%2F'), weight: 1 },
);
const chunk = (extra: string, min: number): fc.Arbitrary<string> =>
  fc
    .tuple(pchar, fc.array(fc.oneof(pchar, one(extra)), { minLength: min, maxLength: 12 }))
    .map(([a, b]) => a + b.join(''));
const parts: fc.Arbitrary<Urn> = fc
  .record(
    {
      nid: fc.tuple(one(alnum), text(`${alnum}-`, 0, 10), one(alnum)).map((a) => a.join('')),
      nss: chunk('/', 0),
      rComponent: chunk('/?', 0).filter((s) => !s.includes('?=')),
      qComponent: chunk('/?', 0),
      fComponent: chunk('/?', 0),
    },
    { requiredKeys: ['nid', 'nss'] },
  )
  .map((u) => JSON.parse(JSON.stringify(u)) as Urn);

describe('differential: urns as the oracle', () => {
  it('agrees on the parts of every generated RFC 8141 URN', () => {
    fc.assert(
      fc.property(parts, (p) => {
        const s = formatUrn(p);
        const oracle = parseURN(s);
        const ours = parseUrn(s);
        expect(ours.nid).toBe(oracle.nid);
        expect(ours.nss).toBe(oracle.nss_encoded);
        // the oracle decodes the components; we leave them as written
        const dec = (x: string | undefined): string | null =>
          x === undefined ? null : decodeURI(x);
        expect(dec(ours.rComponent)).toBe(oracle.rcomponent);
        expect(dec(ours.qComponent)).toBe(oracle.qcomponent);
        expect(dec(ours.fComponent) || null).toBe(
          oracle.fragment ? decodeURI(oracle.fragment) : null,
        );
      }),
      { numRuns: 300 },
    );
  });
  it('where the oracle is wrong, we follow RFC 8141', () => {
    // urns accepts an NSS that starts with "/"; RFC 8141 §2: NSS = pchar *(pchar / "/")
    expect(parseURN('urn:example:/a').nss_encoded).toBe('/a');
    expect(isUrn('urn:example:/a')).toBe(false);
    // urns compares escapes case-sensitively; RFC 8141 §3.1 rule 3 normalizes their hex
    const { equivalent } = require('urns/lib/equivalent') as {
      equivalent: (a: string, b: string) => boolean;
    };
    expect(equivalent('urn:example:a%2cb', 'urn:example:a%2Cb')).toBe(false);
    expect(urnEquals('urn:example:a%2cb', 'urn:example:a%2Cb')).toBe(true);
  });
});
