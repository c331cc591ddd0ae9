// Is the ES module build slower than the CommonJS build for a user, who loads one of them? Each
// sample is its own Node process that loads the published dist/ build under test (and, in the
// "both" mode, the other build too, warmed on the same inputs first, as when every contender
// shares one process in bench/interleaved.ts), then times `parse` in CPU time. Processes alternate
// ESM, CJS, ESM, ... for many rounds; the ratio is the median over rounds of CJS time / ESM time
// (> 1: the ES module build is faster).
//   pnpm --filter @x/uri build
//   node bench/esm-cjs-process.ts [rounds]       (BENCH_PACKAGE_DIR: a copy of package.json + dist/)
import { join } from 'node:path';
import { argv, env } from 'node:process';
import { pathToFileURL } from 'node:url';
import { cpuTime, loadBuilt, median, processRounds } from '../../../tooling/bench.ts';
import type * as Uri from '../src/index';
import { ABSOLUTE, longUri } from './corpus.ts';

type Ours = typeof Uri;

const CASES: Record<string, readonly string[]> = {
  '100 B': [longUri(100, false)],
  '10 URIs': ABSOLUTE,
};

if (argv[2] === '--child') {
  const [, , , build, mode, file] = argv;
  const built = await loadBuilt<Ours>(env.BENCH_PACKAGE_DIR ?? join(import.meta.dirname, '..'));
  // a file of its own (a variant of the build, see BENCH_VARIANTS) instead of dist/
  const mine =
    file !== undefined
      ? ((await import(/* @vite-ignore */ pathToFileURL(file).href)) as Ours)
      : build === 'esm'
        ? built.esm
        : built.cjs;
  const other = build === 'esm' ? built.cjs : built.esm;
  let sink = 0;
  const out: Record<string, number> = {};
  for (const [name, inputs] of Object.entries(CASES)) {
    const run = (o: Ours) => () => {
      for (const s of inputs) sink += o.parse(s).path.length;
    };
    const f = run(mine);
    // the other build first, as hot as ours will be (mode "both")
    if (mode === 'both') cpuTime(run(other), 200_000 / inputs.length);
    cpuTime(f, 200_000 / inputs.length);
    const samples: number[] = [];
    for (let r = 0; r < 7; r++) samples.push(cpuTime(f, 100_000 / inputs.length));
    out[name] = (median(samples) * 1000) / 100_000; // ns per URI
  }
  if (sink === 0) throw new Error('unreachable');
  console.log(JSON.stringify(out));
} else {
  // BENCH_VARIANTS="name=file,...": more contenders, each its own process per round beside the two
  // builds (mode "alone" only), timed against the CJS build
  const rounds = Number(argv[2] ?? 15);
  for (const mode of env.BENCH_VARIANTS ? ['alone'] : ['alone', 'both'])
    processRounds(import.meta.filename, rounds, [mode], `${mode.padEnd(5)} `);
}
