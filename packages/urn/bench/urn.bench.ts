// Parse and equivalence against the anchors urn-lib and urns, in the same run.
// Run with `pnpm run bench`; ratios go in README.md's Performance section.
import { createRequire } from 'node:module';
import { RFC2141 } from 'urn-lib';
import { parseURN } from 'urns';
import { test } from 'vitest';
import type * as Urn from '../src/index';
import { loadBundled } from '../../../tooling/bench.ts';

const require = createRequire(import.meta.url);
const { parseUrn, urnEquals } = loadBundled<typeof Urn>(import.meta.dirname);
const { equivalent } = require('urns/lib/equivalent') as {
  equivalent: (a: string, b: string) => boolean;
};

// biome-ignore format: one URN a line
const URNS = [
  'urn:isbn:0-486-27557-4',
  'urn:ietf:rfc:2648',
  'urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6',
  'urn:oasis:names:specification:docbook:dtd:xml:4.1.2',
  'urn:ietf:params:scim:schemas:core:2.0:User',
  'URN:EXAMPLE:a123,z456?+abc?=xyz#789',
  'urn:example:weather?=op=map&lat=39.56&lon=-104.85&datetime=1969-07-21T02:56:15Z',
  'urn:nbn:de:gbv:089-3321752945',
  'urn:example:a123%2Cz456/foo',
  'urn:oid:1.3.6.1.4.1',
];
// Each URN against a differently written one: "URN:" and the NID in upper case (equivalent), and
// for every other pair the first NSS character changed too (not equivalent).
const PAIRS = URNS.map((a, i) => {
  const colon = a.indexOf(':', 4);
  const b = `URN:${a.slice(4, colon).toUpperCase()}${a.slice(colon)}`;
  return [a, i % 2 ? `${b.slice(0, colon + 1)}Z${b.slice(colon + 2)}` : b] as const;
});

// urn-lib has no equivalence: the closest it offers is parse both and compare NID (folded) and NSS.
function urnLibEquals(a: string, b: string): boolean {
  const x = RFC2141.parse(a);
  const y = RFC2141.parse(b);
  return (
    !!x && !!y && String(x.nid).toLowerCase() === String(y.nid).toLowerCase() && x.nss === y.nss
  );
}

// Not an anchor: the least any exact parser must do, read every character once, with no check
// and no result. It bounds the ratio any validating parser can reach against a bare split.
function readEveryChar(s: string): number {
  let x = 0;
  for (let i = 0; i < s.length; i++) x |= s.charCodeAt(i);
  return x;
}
// the result is kept, so that the loop cannot be dropped as dead code
const kept = { bits: 0 };

const opts = { time: 500, warmupTime: 100 };

test('parse (10 URNs)', async ({ bench }) => {
  await bench.compare(
    bench('@x/urn parseUrn', () => {
      for (const s of URNS) parseUrn(s);
    }),
    bench('urns parseURN', () => {
      for (const s of URNS) parseURN(s);
    }),
    bench('urn-lib RFC2141.parse (split, no checks)', () => {
      for (const s of URNS) RFC2141.parse(s);
    }),
    bench('urn-lib RFC2141.parse + validate', () => {
      for (const s of URNS) RFC2141.validate(RFC2141.parse(s) ?? {});
    }),
    bench('reference: read every char code, no checks, no result', () => {
      for (const s of URNS) kept.bits |= readEveryChar(s);
    }),
    opts,
  );
});

test('equivalence (10 pairs)', async ({ bench }) => {
  await bench.compare(
    bench('@x/urn urnEquals', () => {
      for (const [a, b] of PAIRS) urnEquals(a, b);
    }),
    bench('urns equivalent', () => {
      for (const [a, b] of PAIRS) equivalent(a, b);
    }),
    bench('urn-lib parse + compare', () => {
      for (const [a, b] of PAIRS) urnLibEquals(a, b);
    }),
    opts,
  );
});
