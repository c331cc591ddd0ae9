// The ratios of the README's Performance section: `resolve` of the published builds (dist/, ESM and
// CJS, each its own row) against Node's `new URL(ref, base).href`, fast-uri's and uri-js's
// `resolve`, every contender in one process, one sample of each per round (in an order that
// rotates), CPU time of the process (steadier than wall time on a shared machine), and the median
// over the rounds of the per-round ratio. Never part of `pnpm test`.
//   pnpm --filter @x/resolve build
//   pnpm exec node bench/interleaved.ts [rounds] [filter]        (Node 24; Node >= 22.18 strips types)
//   pnpm run bench:node22 packages/resolve/bench/interleaved.ts 9   (at the root: Node 22, then 24)
// (`filter`: run only the sets whose name contains it, e.g. `crawl`.)
// BENCH_PACKAGE_DIR: a copy of the package (package.json and dist/) to measure instead, when other
// work rebuilds dist/ meanwhile.
// Before timing, every anchor's answer for every reference is checked against ours (a string
// compare): an anchor that throws or differs stops the run, so no row times a failing anchor.
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { callLoop, compareContenders, loadBuilt, sinkTotal } from '../../../tooling/bench.ts';
import type * as Resolve from '../src/index';
import { BASE, HREFS, PAGE, RFC_SAME } from './corpus.ts';

const require = createRequire(import.meta.url);
type ResolveFn = (base: string, ref: string) => string;
const fastUri = require('fast-uri') as { resolve: ResolveFn };
const uriJs = require('uri-js') as { resolve: ResolveFn };

const ROUNDS = Number(process.argv[2] ?? 21);
const FILTER = process.argv[3] ?? '';
const { esm, cjs } = await loadBuilt<typeof Resolve>(
  process.env.BENCH_PACKAGE_DIR ?? join(import.meta.dirname, '..'),
);

const urlResolve: ResolveFn = (base, ref) => new URL(ref, base).href;
const anchors: [string, ResolveFn][] = [
  ['Node URL', urlResolve],
  ['fast-uri resolve', fastUri.resolve],
  ['uri-js resolve', uriJs.resolve],
];

function checkAnchors(base: string, refs: readonly string[]): void {
  for (const ref of refs) {
    const ours = esm.resolve(base, ref);
    if (cjs.resolve(base, ref) !== ours) throw new Error(`the CJS build differs on ${ref}`);
    for (const [name, f] of anchors) {
      let theirs: string;
      try {
        theirs = f(base, ref);
      } catch (e) {
        throw new Error(`${name} throws on ${JSON.stringify(ref)}: ${String(e)}`);
      }
      if (theirs !== ours)
        throw new Error(`${name} gives ${theirs} for ${JSON.stringify(ref)}, ours ${ours}`);
    }
  }
}

/** Prints ns per reference and, for each build of ours against every other contender, the median
 * over the rounds of (their time / ours) with the range of the rounds: > 1 means ours is faster. */
function compare(name: string, base: string, refs: readonly string[]): void {
  compareContenders(
    name,
    [
      ['@x/resolve (ESM)', callLoop(refs, 'r(b, x)', { r: esm.resolve, b: base }, 'length')],
      ['@x/resolve (CJS)', callLoop(refs, 'r(b, x)', { r: cjs.resolve, b: base }, 'length')],
      ['Node URL', callLoop(refs, 'new U(x, b).href', { U: URL, b: base }, 'length')],
      ['fast-uri resolve', callLoop(refs, 'f.resolve(b, x)', { f: fastUri, b: base }, 'length')],
      ['uri-js resolve', callLoop(refs, 'u.resolve(b, x)', { u: uriJs, b: base }, 'length')],
    ],
    ROUNDS,
    { perCall: refs.length, unit: 'reference' },
  );
}

const sets = (
  [
    [`RFC 3986 §5.4 (${RFC_SAME.length} references)`, BASE, RFC_SAME],
    [`crawl-like batch (one base, ${HREFS.length} hrefs)`, PAGE, HREFS],
  ] as const
).filter(([name]) => name.includes(FILTER));
for (const [, base, refs] of sets) checkAnchors(base, refs);
console.log(
  `Node ${process.version}, ${ROUNDS} rounds, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
for (const [name, base, refs] of sets) compare(name, base, refs);
console.log(`(sink ${sinkTotal()})`);
