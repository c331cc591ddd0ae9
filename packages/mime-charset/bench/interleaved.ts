// The ratios of the README's Performance section, measured the way a loaded machine allows: every
// contender of a comparison in one process, one sample of each per round (in a rotating order), many
// rounds, CPU time of the process (not wall time, which other work on the machine stretches), and
// the median over the rounds of the per-round ratio. Runs on the published builds (dist/, ESM and
// CJS), so under any Node that can load them:
//   pnpm --filter @x/mime-charset build
//   node bench/interleaved.ts [rounds]                      (Node 24; Node >= 22.18 strips the types)
// Before timing, each anchor's answers are checked against ours on the same inputs (bench/inputs.ts).
import { join } from 'node:path';
import { cpuUsage } from 'node:process';
import { loadBuilt } from '../../../tooling/bench.ts';
import type * as MimeCharset from '../src/index';
import {
  CONTENT_TYPES,
  checkAnchors,
  contentType,
  HEADERS,
  htmlEncodingSniffer,
  libmime,
  LABELS,
  MIMEType,
  SHORT_DOCUMENTS,
  WHOLE_DOCUMENTS,
  whatwgLabelToName,
  exodusLabelToName,
  prescanWithDefault,
  contentTypeCharset,
} from './inputs.ts';

type Ours = typeof MimeCharset;
const ROUNDS = Number(process.argv[2] ?? 31);
const built = await loadBuilt<Ours>(join(import.meta.dirname, '..'));
await checkAnchors(built.esm, 'ESM build');
await checkAnchors(built.cjs, 'CJS build');

let sink = 0;

/**
 * A loop over `inputs` calling `run`, compiled afresh for each contender (`new Function`), so that
 * no two contenders share a call site's type feedback: each loop is as monomorphic as a user's.
 */
function each<T>(inputs: readonly T[], run: (input: T) => unknown): () => void {
  const loop = new Function(
    'inputs',
    'run',
    'sink',
    `return function () {
      let n = 0;
      for (let i = 0; i < inputs.length; i++) {
        const r = run(inputs[i]);
        if (r != null) n++;
      }
      sink(n);
    };`,
  ) as (i: readonly T[], r: (input: T) => unknown, s: (n: number) => void) => () => void;
  return loop(inputs, run, (n) => {
    sink += n;
  });
}

/** Microseconds of CPU time (user + system) that `iterations` calls of `f` take. */
function cpuTime(f: () => void, iterations: number): number {
  const start = cpuUsage();
  for (let i = 0; i < iterations; i++) f();
  const used = cpuUsage(start);
  return used.user + used.system;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

interface Row {
  operation: string;
  ours: string;
  anchor: string;
  ratio: number;
  min: number;
  max: number;
}
const rows: Row[] = [];

/**
 * Times every contender once per round, about 20 ms each, and records, for each of ours and each
 * anchor, the median over the rounds of (anchor's time / ours), so > 1 means ours is faster.
 */
function compare(
  operation: string,
  ours: [string, () => void][],
  anchors: [string, () => void][],
): void {
  const all = [...ours, ...anchors];
  // Warm up, then size each contender's sample to about 20 ms of CPU.
  const iterations = all.map(([, f]) => {
    cpuTime(f, 200);
    let n = 1;
    while (cpuTime(f, n) < 20_000) n *= 2;
    return n;
  });
  const perCall: number[][] = all.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (let k = 0; k < all.length; k++) {
      const j = (k + round) % all.length;
      perCall[j]!.push(cpuTime(all[j]![1], iterations[j]!) / iterations[j]!);
    }
  }
  for (let o = 0; o < ours.length; o++) {
    for (let a = 0; a < anchors.length; a++) {
      const ratios = perCall[o]!.map((t, r) => perCall[ours.length + a]![r]! / t);
      rows.push({
        operation,
        ours: ours[o]![0],
        anchor: anchors[a]![0],
        ratio: median(ratios),
        min: Math.min(...ratios),
        max: Math.max(...ratios),
      });
    }
  }
  const last = rows.slice(-ours.length * anchors.length);
  for (const r of last)
    console.log(
      `${operation}: ${r.ours} vs ${r.anchor}: ${r.ratio.toFixed(2)}x (rounds ${r.min.toFixed(2)}-${r.max.toFixed(2)})`,
    );
}

const { esm, cjs } = built;
const both = <T>(
  name: string,
  inputs: readonly T[],
  run: (ours: Ours, input: T) => unknown,
): [string, () => void][] => [
  [`${name} (ESM)`, each(inputs, (x) => run(esm, x))],
  [`${name} (CJS)`, each(inputs, (x) => run(cjs, x))],
];

compare('HTML prescan, short documents', both('prescanHtml', SHORT_DOCUMENTS, prescanWithDefault), [
  ['html-encoding-sniffer', each(SHORT_DOCUMENTS, (d) => htmlEncodingSniffer(d))],
]);
compare(
  'HTML prescan, whole documents (24 KiB)',
  both('prescanHtml', WHOLE_DOCUMENTS, prescanWithDefault),
  [['html-encoding-sniffer', each(WHOLE_DOCUMENTS, (d) => htmlEncodingSniffer(d))]],
);
compare(
  'Content-Type charset',
  both('charsetFromContentType', CONTENT_TYPES, (o, h) => o.charsetFromContentType(h)),
  [['content-type parse + .charset', each(CONTENT_TYPES, contentTypeCharset)]],
);
compare(
  'parseContentType',
  both('parseContentType', CONTENT_TYPES, (o, h) => o.parseContentType(h)),
  [
    [
      'content-type parse',
      each(CONTENT_TYPES, (h) => {
        try {
          return contentType.parse(h);
        } catch {
          return null;
        }
      }),
    ],
    ['whatwg-mimetype MIMEType.parse', each(CONTENT_TYPES, (h) => MIMEType.parse(h))],
  ],
);
compare(
  'label lookup',
  both('labelToEncoding', LABELS, (o, l) => o.labelToEncoding(l)),
  [
    ['whatwg-encoding labelToName', each(LABELS, (l) => whatwgLabelToName(l))],
    ['@exodus/bytes labelToName', each(LABELS, (l) => exodusLabelToName(l))],
  ],
);
compare(
  'RFC 2047 decode',
  both('decodeEncodedWords', HEADERS, (o, h) => o.decodeEncodedWords(h).text),
  [['libmime decodeWords', each(HEADERS, (h) => libmime.decodeWords(h))]],
);

console.log(
  `\nNode ${process.version}, ${ROUNDS} interleaved rounds, CPU time; ratio = anchor's time / ours (> 1: ours is faster). (${sink > 0 ? 'ok' : ''})`,
);
