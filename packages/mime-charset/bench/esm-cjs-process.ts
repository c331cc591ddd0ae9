// Is the ES module build slower than the CommonJS build for a user, who loads one of them? Each
// sample is a Node process of its own that loads one published dist/ build (the one the `node`
// condition resolves) and times, in CPU time, the rows of the README where the two builds differed:
// Content-Type, prescan, label lookup and the quoted-printable encoder (1 MiB). Processes
// alternate ESM, CJS, ... for many rounds; a ratio is the median over the rounds of CJS time /
// ESM time (> 1: the ES module build is faster).
//   pnpm --filter @x/mime-charset build
//   node bench/esm-cjs-process.ts [rounds]     (BENCH_PACKAGE_DIR: a copy of package.json + dist/)
// BENCH_VARIANTS="name=file,...": more contenders, ES modules of the same exports (a variant of the
// build), each a process of its own per round, timed against the CommonJS build.
import { join } from 'node:path';
import { argv, env } from 'node:process';
import { pathToFileURL } from 'node:url';
import { cpuTime, loadBuilt, median, processRounds } from '../../../tooling/bench.ts';
import type * as MimeCharset from '../src/index';
import {
  CONTENT_TYPES,
  LABELS,
  MOSTLY_ASCII,
  NON_LATIN,
  SHORT_DOCUMENTS,
  WHOLE_DOCUMENTS,
} from './inputs.ts';

type Ours = typeof MimeCharset;

/**
 * Each case: its inputs, the call timed on one of them, and optionally what the call gets as `o`
 * (by default the module: its namespace object as ESM, its `exports` as CommonJS).
 */
const CASES: Record<
  string,
  [readonly unknown[], (o: never, x: never) => unknown, ((o: Ours) => unknown)?]
> = {
  charsetFromContentType: [CONTENT_TYPES, (o: Ours, x: string) => o.charsetFromContentType(x)],
  parseContentType: [CONTENT_TYPES, (o: Ours, x: string) => o.parseContentType(x)],
  'prescan short': [SHORT_DOCUMENTS, (o: Ours, x: Uint8Array) => o.prescanHtml(x)],
  'prescan 24 KiB': [WHOLE_DOCUMENTS, (o: Ours, x: Uint8Array) => o.prescanHtml(x)],
  labelToEncoding: [LABELS, (o: Ours, x: string) => o.labelToEncoding(x)],
  'qp encode non-Latin': [
    [NON_LATIN],
    (o: Ours, x: Uint8Array) => o.encodeQuotedPrintable(x, { binary: true }),
  ],
  'qp encode mostly ASCII': [
    [MOSTLY_ASCII],
    (o: Ours, x: Uint8Array) => o.encodeQuotedPrintable(x, { binary: true }),
  ],
  // the function read from the module once: no property load on the namespace object or `exports`
  'labelToEncoding, fn': [
    LABELS,
    (f: Ours['labelToEncoding'], x: string) => f(x),
    (o) => o.labelToEncoding,
  ],
};

if (argv[2] === '--child') {
  const [, , , build, file] = argv;
  const built = await loadBuilt<Ours>(env.BENCH_PACKAGE_DIR ?? join(import.meta.dirname, '..'));
  const ours =
    file !== undefined
      ? ((await import(/* @vite-ignore */ pathToFileURL(file).href)) as Ours)
      : build === 'esm'
        ? built.esm
        : built.cjs;
  let sink = 0;
  const out: Record<string, number> = {};
  for (const [name, [inputs, call, pick]] of Object.entries(CASES)) {
    // a loop of its own per case, so each call site sees one function
    const loop = new Function(
      'inputs',
      'call',
      'o',
      `return () => { let n = 0; for (let i = 0; i < inputs.length; i++) if (call(o, inputs[i]) != null) n++; return n; }`,
    )(inputs, call, pick ? pick(ours) : ours) as () => number;
    const f = () => {
      sink += loop();
    };
    const n = name.startsWith('qp')
      ? 10
      : Math.max(20, Math.round(100_000 / inputs.length / (name.includes('24') ? 20 : 1)));
    cpuTime(f, 2 * n);
    const samples: number[] = [];
    for (let r = 0; r < 7; r++) samples.push(cpuTime(f, n));
    out[name] = (median(samples) * 1000) / (n * inputs.length); // ns per input
  }
  if (sink === 0) throw new Error('unreachable');
  console.log(JSON.stringify(out));
} else {
  processRounds(import.meta.filename, Number(argv[2] ?? 15));
}
