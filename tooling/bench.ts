// Shared by every package's bench/: load the package the way a user runs it. The entry is bundled
// by esbuild (siblings `@x/*` from their sources) and loaded by Node itself, like the anchors it is
// compared with, not through the test runner's module transform, whose export getters would slow
// only our side.
import { existsSync, mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';
import { cpuUsage, env, execPath, version } from 'node:process';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildSync } from 'esbuild';
import { readPackageJson, workspaceSources } from './exports.ts';

/**
 * Bundles `entry` (a path relative to `fromDir`, usually `import.meta.dirname` of the bench file)
 * into a CommonJS file in a fresh temporary folder and returns what requiring it gives.
 */
export function loadBundled<T>(fromDir: string, entry = '../src/index.ts'): T {
  const outfile = join(mkdtempSync(join(tmpdir(), 'x-bench-')), 'bundle.cjs');
  buildSync({
    entryPoints: [resolve(fromDir, entry)],
    bundle: true,
    format: 'cjs',
    platform: 'neutral',
    outfile,
    logLevel: 'error',
    alias: workspaceSources(),
  });
  return createRequire(import.meta.url)(outfile) as T;
}

/** The file that Node loads for `subpath` of the package in `pkgDir`, under the node condition. */
function builtEntry(pkgDir: string, subpath: string, format: 'import' | 'require'): string {
  const pkg = readPackageJson(pkgDir);
  const entry = pkg.exports[subpath] as
    | Record<string, Record<string, { default: string }> | { default: string }>
    | undefined;
  const node = entry?.node as Record<string, { default: string }> | undefined;
  const target = (node?.[format] ?? (entry?.[format] as { default: string } | undefined))?.default;
  if (!target) throw new Error(`${pkg.name} exports no ${subpath} for ${format}`);
  const file = resolve(pkgDir, target);
  if (!existsSync(file)) throw new Error(`${file} is missing: build the package first`);
  return file;
}

/**
 * The published builds of a package entry, as Node loads them for a user (the `node` condition's
 * build where the package has one): the ES module and the CommonJS file, from `dist/`. Benchmarks
 * measure these, the code users run, ESM and CJS each, not a bundle of `src/`. Build first
 * (`turbo run bench` does).
 *
 * @param pkgDir - The package folder (`join(import.meta.dirname, '..')` from a bench file).
 * @param subpath - An entry of the package's `exports`: `.` or `./<name>`.
 */
export async function loadBuilt<T>(pkgDir: string, subpath = '.'): Promise<{ esm: T; cjs: T }> {
  // tooling/vitest.ts leaves dist/ files to Node (server.deps.external): no transform in between.
  const esm = (await import(
    /* @vite-ignore */ pathToFileURL(builtEntry(pkgDir, subpath, 'import')).href
  )) as T;
  const cjs = createRequire(import.meta.url)(builtEntry(pkgDir, subpath, 'require')) as T;
  return { esm, cjs };
}

/** Microseconds of CPU time (user + system) that `iterations` calls of `f` take: the measure of
 * the interleaved benchmarks, steadier than wall time on a shared machine. */
export function cpuTime(f: () => unknown, iterations: number): number {
  const start = cpuUsage();
  for (let i = 0; i < iterations; i++) f();
  const used = cpuUsage(start);
  return used.user + used.system;
}

/** The median of `xs` (the upper one of an even count). */
export const median = (xs: readonly number[]): number =>
  [...xs].sort((a, b) => a - b)[xs.length >> 1] as number;

/** Whether two contenders' outputs are equal: strings, or the bytes of two byte arrays. */
export const sameOutput = (a: unknown, b: unknown): boolean =>
  typeof a === 'string'
    ? a === b
    : Buffer.compare(Buffer.from(a as Uint8Array), Buffer.from(b as Uint8Array)) === 0;

let sunk = 0;
/** What the loops of {@link loopOver} have summed: print it, so that no engine drops their work. */
export const sinkTotal = (): number => sunk;

/**
 * A function that calls `run` on each of `inputs` and sums the `length` of what it returns,
 * compiled afresh for each contender: {@link callLoop} of `run(x)`.
 */
export const loopOver = <T>(
  inputs: readonly T[],
  run: (input: T) => { length: number } | null,
): (() => void) => callLoop(inputs, 'run(x)', { run }, 'length');

/**
 * A loop over `inputs` that evaluates `call`, an expression of the input `x` and of the names in
 * `bindings` (the loop's own names are `inputs`, `sink`, `n` and `i`), compiled afresh for each
 * contender (its own source text), so that no two contenders share a call site's type feedback and
 * each call is as monomorphic, and as inlinable, as in a user's loop. It counts the results that
 * are not null or undefined (`sum: 'count'`) or sums their `length` (`'length'`), into
 * {@link sinkTotal}.
 */
export function callLoop(
  inputs: readonly unknown[],
  call: string,
  bindings: Record<string, unknown>,
  sum: 'count' | 'length' = 'count',
): () => void {
  const names = Object.keys(bindings);
  const step = sum === 'count' ? `if ((${call}) != null) n++;` : `n += (${call}).length;`;
  const make = new Function(
    'inputs',
    'sink',
    ...names,
    `return function () {
      let n = 0;
      for (let i = 0; i < inputs.length; i++) {
        const x = inputs[i];
        ${step}
      }
      sink(n);
    };`,
  ) as (...args: unknown[]) => () => void;
  return make(
    inputs,
    (n: number) => {
      sunk += n;
    },
    ...names.map((name) => bindings[name]),
  );
}

/** `name: A vs B: median ratio (rounds min-max)` of B's time over A's in each round (> 1: A faster). */
export function ratioLine(
  name: string,
  contenders: readonly (readonly [string, unknown])[],
  times: readonly number[][],
  a: number,
  b: number,
): string {
  const ratios = times[a]!.map((t, r) => times[b]![r]! / t);
  return `${name}: ${contenders[a]![0]} vs ${contenders[b]![0]}: ${median(ratios).toFixed(2)}x (rounds ${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)})`;
}

/**
 * Times `contenders` with {@link interleave} (samples of about 20 ms, 50 warm-up calls) and prints
 * the median time of each (ns per `unit`, a call taking `perCall` of them) and, for each of the
 * first `ours` contenders (the builds of ours), its {@link ratioLine} against every later one.
 * Returns the times, for more lines.
 */
export function compareContenders(
  name: string,
  contenders: readonly (readonly [string, () => void])[],
  rounds: number,
  { ours = 2, perCall = 1, unit = 'call' }: { ours?: number; perCall?: number; unit?: string } = {},
): number[][] {
  const times = interleave(
    contenders.map(([, f]) => f),
    rounds,
    20_000,
    50,
  );
  const ns = times.map((ts) => ((median(ts) * 1000) / perCall).toFixed(0));
  console.log(`${name}: ns per ${unit}: ${contenders.map(([n], k) => `${n} ${ns[k]}`).join(', ')}`);
  for (let o = 0; o < ours; o++)
    for (let b = o + 1; b < contenders.length; b++)
      console.log(ratioLine(name, contenders, times, o, b));
  return times;
}

/**
 * Times `loops` in interleaved rounds: each is first called `warm` times, then given a number of
 * calls that takes at least `sample` µs of CPU time, then every round takes one sample of each, in an order that rotates by
 * one each round. Returns, for each loop, its CPU time per call (µs) in each round.
 */
export function interleave(
  loops: readonly (() => void)[],
  rounds: number,
  sample = 10_000,
  warm = 3,
): number[][] {
  const iterations = loops.map((f) => {
    cpuTime(f, warm);
    let n = 1;
    while (cpuTime(f, n) < sample) n *= 2;
    return n;
  });
  const times: number[][] = loops.map(() => []);
  for (let round = 0; round < rounds; round++)
    for (let k = 0; k < loops.length; k++) {
      const j = (k + round) % loops.length;
      times[j]!.push(cpuTime(loops[j]!, iterations[j]!) / iterations[j]!);
    }
  return times;
}

/**
 * A build's speed as a user who loads only that build sees it: the parent side of a bench whose
 * every sample is a process of its own. Each round runs `script` once per contender, as
 * `script --child <build> ...args <file>`: the ES module build (`esm`), the CommonJS build (`cjs`)
 * and each variant of `BENCH_VARIANTS="name=file,..."` (`variant`, with its file last), in an
 * order that rotates each round. A child prints one JSON object, case name -> time in ns. Prints,
 * per case and contender but CJS, the median over the rounds of CJS's time over its time (> 1: it
 * is faster than the CommonJS build), the range, and both median times; `label` starts each line.
 */
export function processRounds(
  script: string,
  rounds: number,
  args: string[] = [],
  label = '',
): void {
  const variants = (env.BENCH_VARIANTS ?? '')
    .split(',')
    .filter(Boolean)
    .map((v) => v.split('=') as [string, string]);
  const contenders: [string, string[]][] = [
    ['esm', ['esm', ...args]],
    ['cjs', ['cjs', ...args]],
    ...variants.map(([name, file]): [string, string[]] => [name, ['variant', ...args, file]]),
  ];
  const times = new Map<string, number[]>();
  const ratios = new Map<string, number[]>();
  for (let r = 0; r < rounds; r++) {
    const res: Record<string, Record<string, number>> = {};
    for (let k = 0; k < contenders.length; k++) {
      const [name, childArgs] = contenders[(k + r) % contenders.length]!;
      const p = spawnSync(execPath, [script, '--child', ...childArgs], { encoding: 'utf8' });
      if (p.status !== 0) throw new Error(p.stderr);
      res[name] = JSON.parse(p.stdout) as Record<string, number>;
    }
    for (const [name, cases] of Object.entries(res))
      for (const [c, t] of Object.entries(cases)) {
        const key = `${c}|${name}`;
        if (!times.has(key)) times.set(key, []);
        if (!ratios.has(key)) ratios.set(key, []);
        times.get(key)!.push(t);
        ratios.get(key)!.push(res.cjs![c]! / t);
      }
  }
  for (const [key, x] of ratios) {
    const [c, name] = key.split('|') as [string, string];
    if (name === 'cjs') continue;
    console.log(
      `${version} ${label}${c.padEnd(22)} ${name} vs CJS ${median(x).toFixed(2)}x ` +
        `(${Math.min(...x).toFixed(2)}-${Math.max(...x).toFixed(2)}), ` +
        `${median(times.get(key)!).toFixed(0)} ns against ${median(times.get(`${c}|cjs`)!).toFixed(0)} ns`,
    );
  }
}

/** True in the listing run of {@link eachComparisonInOwnProcess}: name each comparison, time none. */
export const listingComparisons: boolean = env.X_BENCH_LIST === '1';

/**
 * One process per comparison, the contenders of each side by side in it: the way the speed targets
 * are measured, free of what earlier comparisons leave in a shared process (a JIT's feedback, a
 * heap to collect; 10-20% on some 24-byte rows). For a bench `script` run as
 * `script [rounds] [filter] --each`, whose comparisons each print the line `list: <name>` in place
 * of timing when {@link listingComparisons} is set and take a regular expression as `filter`: lists
 * the comparisons `filter` selects, then runs `script rounds ^name$` once per name and prints its
 * table rows under the first run's header. Returns false, and does nothing, without `--each`.
 */
export function eachComparisonInOwnProcess(script: string, args: readonly string[]): boolean {
  if (!args.includes('--each')) return false;
  const [rounds = '15', filter = ''] = args.filter((a) => a !== '--each');
  const run = (childArgs: string[], extra: Record<string, string> = {}): string => {
    const p = spawnSync(execPath, [script, ...childArgs], {
      encoding: 'utf8',
      env: { ...env, ...extra },
    });
    if (p.status !== 0) throw new Error(p.stderr);
    return p.stdout;
  };
  const names = run([rounds, filter], { X_BENCH_LIST: '1' })
    .split('\n')
    .filter((line) => line.startsWith('list: '))
    .map((line) => line.slice(6));
  let header = true;
  for (const name of names) {
    const exact = `^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;
    for (const line of run([rounds, exact]).split('\n')) {
      const row = line.startsWith('| ') && !line.startsWith('| operation');
      if (row || (header && line !== '')) console.log(line);
      if (row) header = false;
    }
  }
  return true;
}
