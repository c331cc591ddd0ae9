// The ratios of the README's Performance section: `parseUrn` and `urnEquals` of the published
// builds (dist/, ESM and CJS, each its own row) against the anchors urns (`parseURN`, an RFC 8141
// regex, and `equivalent`) and urn-lib (`RFC2141.parse`, a split on `:`, with and without its
// `validate`), every contender in one process, one sample of each per round (in an order that
// rotates), CPU time of the process (steadier than wall time on a shared machine), and the median
// over the rounds of the per-round ratio. Never part of `pnpm test`.
//   pnpm --filter @x/urn build
//   pnpm exec node bench/interleaved.ts [rounds] [filter]        (Node 24; Node >= 22.18 strips types)
//   pnpm run bench:node22 packages/urn/bench/interleaved.ts 9       (at the root: Node 22, then 24)
// (`filter`: run only the tasks whose name contains it: `parse` or `equivalence`.)
// BENCH_PACKAGE_DIR: a copy of the package (package.json and dist/) to measure instead, when other
// work rebuilds dist/ meanwhile.
// Before timing, every anchor's answer on every input is checked against ours (components, or the
// boolean of equivalence): an anchor that throws or differs stops the run.
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import {
  callLoop as each,
  compareContenders,
  loadBuilt,
  sinkTotal,
} from '../../../tooling/bench.ts';
import type * as Urn from '../src/index';
import { PAIRS, readEveryChar, URNS } from './corpus.ts';

const require = createRequire(import.meta.url);
type UrnsParsed = Record<'nid' | 'nss' | 'rcomponent' | 'qcomponent' | 'fragment', string | null>;
const { parseURN } = require('urns') as { parseURN: (s: string) => UrnsParsed };
const { equivalent } = require('urns/lib/equivalent') as {
  equivalent: (a: string, b: string) => boolean;
};
type UrnLibParsed = { protocol: string; nid: string; nss: string } | null;
const { RFC2141 } = require('urn-lib') as {
  RFC2141: { parse(s: string): UrnLibParsed; validate(p: object): string[] | null };
};

const ROUNDS = Number(process.argv[2] ?? 21);
const FILTER = process.argv[3] ?? '';
const { esm, cjs } = await loadBuilt<typeof Urn>(
  process.env.BENCH_PACKAGE_DIR ?? join(import.meta.dirname, '..'),
);

// urn-lib has no equivalence: the closest it offers is parse both and compare NID (folded) and NSS.
function urnLibEquals(a: string, b: string): boolean {
  const x = RFC2141.parse(a);
  const y = RFC2141.parse(b);
  return (
    !!x && !!y && String(x.nid).toLowerCase() === String(y.nid).toLowerCase() && x.nss === y.nss
  );
}

function check(): void {
  for (const o of [esm, cjs])
    for (const s of URNS) {
      const ours = o.parseUrn(s);
      const u = parseURN(s);
      const same = (a: string | null, b: string | undefined): boolean => (a ?? undefined) === b;
      if (
        u.nid !== ours.nid ||
        u.nss !== ours.nss ||
        !same(u.rcomponent, ours.rComponent) ||
        !same(u.qcomponent, ours.qComponent) ||
        !same(u.fragment, ours.fComponent)
      )
        throw new Error(`urns parseURN splits ${s} otherwise than ours`);
      // urn-lib follows RFC 2141, which has no components: its NSS is everything after the NID
      const l = RFC2141.parse(s);
      if (l?.nid !== ours.nid || `urn:${l.nid}:${l.nss}` !== `urn:${s.slice(4)}`)
        throw new Error(`urn-lib RFC2141.parse splits ${s} otherwise than ours`);
      if (RFC2141.validate(l) !== null) throw new Error(`urn-lib RFC2141.validate refuses ${s}`);
    }
  for (const [a, b] of PAIRS) {
    const ours = esm.urnEquals(a, b);
    if (cjs.urnEquals(a, b) !== ours) throw new Error(`the CJS build differs on ${a}, ${b}`);
    if (equivalent(a, b) !== ours) throw new Error(`urns equivalent differs on ${a}, ${b}`);
    if (urnLibEquals(a, b) !== ours)
      throw new Error(`urn-lib parse + compare differs on ${a}, ${b}`);
  }
}

/** Prints ns per input and, for each build of ours against every other contender, the median over
 * the rounds of (their time / ours) with the range of the rounds: > 1 means ours is faster. */
function compare(name: string, count: number, all: [string, () => void][]): void {
  compareContenders(name, all, ROUNDS, { perCall: count, unit: 'input' });
}

check();
console.log(
  `Node ${process.version}, ${ROUNDS} rounds, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
if ('parse (10 URNs)'.includes(FILTER))
  compare('parse (10 URNs)', URNS.length, [
    ['@x/urn parseUrn (ESM)', each(URNS, 'p(x)', { p: esm.parseUrn })],
    ['@x/urn parseUrn (CJS)', each(URNS, 'p(x)', { p: cjs.parseUrn })],
    ['urns parseURN', each(URNS, 'p(x)', { p: parseURN })],
    ['urn-lib parse + validate', each(URNS, 'l.validate(l.parse(x) ?? {})', { l: RFC2141 })],
    ['urn-lib parse (split, no checks)', each(URNS, 'l.parse(x)', { l: RFC2141 })],
    ['reference: read every char code', each(URNS, 'r(x)', { r: readEveryChar })],
  ]);
if ('equivalence (10 pairs)'.includes(FILTER))
  compare('equivalence (10 pairs)', PAIRS.length, [
    ['@x/urn urnEquals (ESM)', each(PAIRS, 'e(x[0], x[1])', { e: esm.urnEquals })],
    ['@x/urn urnEquals (CJS)', each(PAIRS, 'e(x[0], x[1])', { e: cjs.urnEquals })],
    ['urns equivalent', each(PAIRS, 'e(x[0], x[1])', { e: equivalent })],
    ['urn-lib parse + compare', each(PAIRS, 'e(x[0], x[1])', { e: urnLibEquals })],
  ]);
console.log(`(sink ${sinkTotal()})`);
