// This build against an earlier one, in one process: the CJK decoders and encoders on 1 MiB of
// the CJK corpus (bench/cjk-corpus.ts), each encoding's subpath of both builds' dist/ (the node
// build, ESM), with several encodings in the process (the realistic case: what else ran there
// changes what V8 compiles). Copy an earlier build aside first, then build this one:
//   cp -r dist package.json /tmp/before/ && pnpm --filter @x/legacy-charsets build
//   node bench/before-after.ts /tmp/before [rounds] [filter]     (Node >= 22.18 strips the types)
// BENCH_PACKAGE_DIR: a copy (package.json and dist/) to measure as "this build" instead. The
// process favours one side by up to about 9% even with two identical builds, so for a verdict run
// it both ways (A against B, then B against A: BENCH_PACKAGE_DIR=A ... B, BENCH_PACKAGE_DIR=B ... A)
// and take the square root of the first ratio over the second.
// Prints, per case, the median over the rounds of (before's time / this build's): above 1 this
// build is faster. Both outputs are checked equal before timing.
import { join } from 'node:path';
import { version } from 'node:process';
import {
  interleave,
  loadBuilt,
  loopOver,
  median,
  sameOutput,
  sinkTotal,
} from '../../../tooling/bench.ts';
import type { Codec } from '../src/codec';
import { htmlLike } from './cjk-corpus.ts';

const before = process.argv[2];
if (!before)
  throw new Error('usage: node bench/before-after.ts <dir of an earlier build> [rounds] [filter]');
const ROUNDS = Number(process.argv[3] ?? 9);
const FILTER = new RegExp(process.argv[4] ?? '');
const pkgDir = process.env.BENCH_PACKAGE_DIR ?? join(import.meta.dirname, '..');
const ENCODINGS = ['shift_jis', 'euc-jp', 'gbk', 'gb18030', 'euc-kr', 'big5'];

console.log(
  `Node ${version}, ${ROUNDS} rounds; ratio = before's time / this build's, median (min-max)`,
);
const cases: { name: string; f: [(x: never) => unknown, (x: never) => unknown]; input: unknown }[] =
  [];
for (const name of ENCODINGS) {
  const now = (await loadBuilt<{ codec: Codec }>(pkgDir, `./${name}`)).esm.codec;
  const then = (await loadBuilt<{ codec: Codec }>(before, `./${name}`)).esm.codec;
  for (const kind of ['HTML-like', 'two-byte'] as const) {
    const text = htmlLike(now, kind);
    const bytes = now.encode(text);
    for (const [op, input, a, b] of [
      ['decode', bytes, (x: Uint8Array) => now.decode(x), (x: Uint8Array) => then.decode(x)],
      ['encode', text, (x: string) => now.encode(x), (x: string) => then.encode(x)],
    ] as const) {
      const label = `${name} ${op} ${kind}`;
      if (!FILTER.test(label)) continue;
      if (!sameOutput((a as (x: unknown) => unknown)(input), (b as (x: unknown) => unknown)(input)))
        throw new Error(`${label}: the builds differ`);
      cases.push({ name: label, f: [a as never, b as never], input });
    }
  }
}
// All cases warm before any is timed, as in a process that uses them all.
for (const c of cases)
  for (const f of c.f) for (let k = 0; k < 20; k++) (f as (x: unknown) => unknown)(c.input);
for (const c of cases) {
  const times = interleave(
    c.f.map((f) => loopOver([c.input] as never[], f as (x: never) => string)),
    ROUNDS,
  );
  const ratios = times[0]!.map((t, r) => times[1]![r]! / t).sort((x, y) => x - y);
  const us = median(times[0]!);
  console.log(
    `| ${c.name} | ${median(ratios).toFixed(2)}x (${ratios[0]!.toFixed(2)}-${ratios[ratios.length - 1]!.toFixed(2)}) | ${us.toFixed(0)} µs a sample |`,
  );
}
if (sinkTotal() < 0) console.log(sinkTotal());
