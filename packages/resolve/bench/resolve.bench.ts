// resolve against Node's URL, fast-uri and uri-js in one vitest bench run (`pnpm run bench`), on the
// dist/ builds, ESM and CJS. The README's ratios come from bench/interleaved.ts (interleaved
// rounds, CPU time, each anchor's answers checked against ours), which a loaded machine disturbs less.
import { join } from 'node:path';
import fastUri from 'fast-uri';
import * as uriJs from 'uri-js';
import { test } from 'vitest';
import { loadBuilt } from '../../../tooling/bench.ts';
import type * as Resolve from '../src/index';
import { BASE, HREFS, PAGE, RFC_SAME } from './corpus.ts';

// What users run: the published dist/ files (build first: pnpm --filter @x/resolve build).
const built = await loadBuilt<typeof Resolve>(join(import.meta.dirname, '..'));
const { esm, cjs } = built;
const urlResolve = (base: string, ref: string): string => new URL(ref, base).href;
const anchors = [
  ['node URL', urlResolve],
  ['fast-uri resolve', fastUri.resolve],
  ['uri-js resolve', uriJs.resolve],
] as const;

// An anchor that throws or answers otherwise would be timed doing something else: refuse to run.
for (const [base, refs] of [
  [BASE, RFC_SAME],
  [PAGE, HREFS],
] as const)
  for (const ref of refs) {
    const ours = esm.resolve(base, ref);
    if (cjs.resolve(base, ref) !== ours) throw new Error(`the builds disagree on ${ref}`);
    for (const [name, f] of anchors)
      if (f(base, ref) !== ours) throw new Error(`${name} differs from ours on ${ref}`);
  }

const each = (base: string, refs: readonly string[], f: (b: string, r: string) => string) => () => {
  let n = 0;
  for (let i = 0; i < refs.length; i++) n += f(base, refs[i] as string).length;
  return n;
};

for (const [name, base, refs] of [
  [`RFC 3986 §5.4 (${RFC_SAME.length} references)`, BASE, RFC_SAME],
  [`crawl-like batch (one base, ${HREFS.length} hrefs)`, PAGE, HREFS],
] as const) {
  test(name, async ({ bench }) => {
    await bench.compare(
      bench('@x/resolve resolve (ESM)', each(base, refs, esm.resolve)),
      bench('@x/resolve resolve (CJS)', each(base, refs, cjs.resolve)),
      ...anchors.map(([n, f]) => bench(n, each(base, refs, f))),
      { time: 500, warmupTime: 100 },
    );
  });
}
