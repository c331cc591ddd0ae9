// The CPU-time ratios of the README's Performance section, for a loaded machine: the contenders of
// a comparison in one process, one sample each per round in a rotating order, the process's CPU
// time (which other work on the machine disturbs much less than wall time), and the median over the
// rounds of the per-round ratio (their time / ours: above 1, ours is faster). It runs the published
// builds (dist/, ESM and CommonJS: the node build, dist/node/, which Node takes; and the portable
// build's ESM file, which every other runtime takes), so under any Node that loads them:
//   pnpm --filter @x/percent build
//   node bench/interleaved.ts [rounds]          (Node >= 22.18 strips the types)
// Before timing, every anchor's output is checked against ours on every input.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { version } from 'node:process';
import { pathToFileURL } from 'node:url';
import querystring from 'node:querystring';
import fastQuerystring from 'fast-querystring';
import { interleave, loadBuilt, loopOver, median, sinkTotal } from '../../../tooling/bench.ts';
import type * as Percent from '../src/index';
import { equalOutputForms, mostlyAscii, mostlyEscaped } from './corpora.ts';

const ROUNDS = Number(process.argv[2] ?? 21);
const require = createRequire(import.meta.url);
const fastDecode = require('fast-decode-uri-component') as (s: string) => string | null;
const built = await loadBuilt<typeof Percent>(join(import.meta.dirname, '..'));
// The portable build, as every runtime but Node gets it (Node itself takes dist/node/).
const portable = (await import(
  pathToFileURL(join(import.meta.dirname, '..', 'dist', 'index.js')).href
)) as typeof Percent;
type Contender<T> = [label: string, run: (input: T) => string | null];

/** Checks every contender against the first on every input, then prints the median ratios. */
function compare<T>(
  operation: string,
  inputs: readonly T[],
  ours: Contender<T>[],
  anchors: Contender<T>[],
): void {
  const all = [...ours, ...anchors];
  const first = (ours[0] as Contender<T>)[1];
  for (const [label, f] of all)
    for (const input of inputs)
      if (f(input) !== first(input)) throw new Error(`${operation}: ${label} differs`);
  const times = interleave(
    all.map(([, f]) => loopOver(inputs, f)),
    ROUNDS,
  );
  for (let o = 0; o < ours.length; o++) {
    const cells = anchors.map(([anchor], a) => {
      const theirs = times[ours.length + a] as number[];
      const ratio = median((times[o] as number[]).map((t, r) => (theirs[r] as number) / t));
      return `${ratio.toFixed(2)}x ${anchor}`;
    });
    console.log(`| ${operation} | ${(ours[o] as Contender<T>)[0]} | ${cells.join(', ')} |`);
  }
}

const forms = equalOutputForms;
const objects = new Map(forms.map((pairs) => [pairs, Object.fromEntries(pairs)]));

console.log(`Node ${version}, ${ROUNDS} rounds; ratio = their time / ours, median of the rounds`);
console.log('| operation | ours | ratios |\n|---|---|---|');
for (const [name, inputs] of [
  ['decode 1000 strings, mostly ASCII', mostlyAscii],
  ['decode 1000 strings, mostly escaped', mostlyEscaped],
] as const) {
  compare(
    name,
    inputs,
    [
      ['percentDecode (ESM)', (s) => built.esm.percentDecode(s)],
      ['percentDecode (CJS)', (s) => built.cjs.percentDecode(s)],
      ['percentDecode (portable ESM)', (s) => portable.percentDecode(s)],
    ],
    [
      ['decodeURIComponent', decodeURIComponent],
      ['fast-decode-uri-component', fastDecode],
    ],
  );
}
compare(
  'serialize 1000 forms of 8 pairs',
  forms,
  [
    ['serializeForm (ESM)', (f) => built.esm.serializeForm(f)],
    ['serializeForm (CJS)', (f) => built.cjs.serializeForm(f)],
    ['serializeForm (portable ESM)', (f) => portable.serializeForm(f)],
  ],
  [
    ['URLSearchParams', (f) => new URLSearchParams(f).toString()],
    ['node:querystring', (f) => querystring.stringify(objects.get(f))],
    [
      'fast-querystring',
      (f) => fastQuerystring.stringify(objects.get(f) as Record<string, string>),
    ],
  ],
);
if (sinkTotal() === 0.5) console.log(sinkTotal());
