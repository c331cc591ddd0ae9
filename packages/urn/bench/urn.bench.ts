// Parse and equivalence against the anchors urns and urn-lib in one vitest bench run
// (`pnpm run bench`), on the dist/ builds, ESM and CJS. The README's ratios come from
// bench/interleaved.ts (interleaved rounds, CPU time), which a loaded machine disturbs less.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { RFC2141 } from 'urn-lib';
import { parseURN } from 'urns';
import { test } from 'vitest';
import { loadBuilt } from '../../../tooling/bench.ts';
import type * as Urn from '../src/index';
import { PAIRS, readEveryChar, URNS } from './corpus.ts';

const require = createRequire(import.meta.url);
// What users run: the published dist/ files (build first: pnpm --filter @x/urn build).
const { esm, cjs } = await loadBuilt<typeof Urn>(join(import.meta.dirname, '..'));
const { equivalent } = require('urns/lib/equivalent') as {
  equivalent: (a: string, b: string) => boolean;
};

// urn-lib has no equivalence: the closest it offers is parse both and compare NID (folded) and NSS.
function urnLibEquals(a: string, b: string): boolean {
  const x = RFC2141.parse(a);
  const y = RFC2141.parse(b);
  return (
    !!x && !!y && String(x.nid).toLowerCase() === String(y.nid).toLowerCase() && x.nss === y.nss
  );
}

// An anchor that answers otherwise would be timed doing something else: refuse to run.
for (const s of URNS) {
  const ours = esm.parseUrn(s);
  if (JSON.stringify(cjs.parseUrn(s)) !== JSON.stringify(ours))
    throw new Error(`the builds disagree on ${s}`);
  const u = parseURN(s);
  if (u.nid !== ours.nid || u.nss !== ours.nss) throw new Error(`urns differs on ${s}`);
  const l = RFC2141.parse(s);
  if (l?.nid !== ours.nid || RFC2141.validate(l) !== null) throw new Error(`urn-lib fails on ${s}`);
}
for (const [a, b] of PAIRS) {
  const ours = esm.urnEquals(a, b);
  if (cjs.urnEquals(a, b) !== ours || equivalent(a, b) !== ours || urnLibEquals(a, b) !== ours)
    throw new Error(`an anchor or a build differs on ${a}, ${b}`);
}

// the result is kept, so that the loop cannot be dropped as dead code
const kept = { bits: 0 };
const opts = { time: 500, warmupTime: 100 };

test('parse (10 URNs)', async ({ bench }) => {
  await bench.compare(
    bench('@x/urn parseUrn (ESM)', () => {
      for (const s of URNS) esm.parseUrn(s);
    }),
    bench('@x/urn parseUrn (CJS)', () => {
      for (const s of URNS) cjs.parseUrn(s);
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
    bench('@x/urn urnEquals (ESM)', () => {
      for (const [a, b] of PAIRS) esm.urnEquals(a, b);
    }),
    bench('@x/urn urnEquals (CJS)', () => {
      for (const [a, b] of PAIRS) cjs.urnEquals(a, b);
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
