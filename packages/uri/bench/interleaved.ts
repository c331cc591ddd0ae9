// The ratios of the README's Performance section, measured the way a loaded machine allows: every
// contender of a comparison in one process, one sample of each per round (in a rotating order), many
// rounds, CPU time of the process (not wall time, which other work on the machine stretches), and
// the median over the rounds of the per-round ratio. Runs on the published builds (dist/, ESM and
// CJS, each its own row), so under any Node that can load them:
//   pnpm --filter @x/uri build
//   node bench/interleaved.ts [rounds] [filter]             (Node 24; Node >= 22.18 strips the types)
// (`filter`: run only the rows whose name contains it, e.g. `100 B`.)
// Before timing, each anchor's answers are checked against ours on the same inputs: an anchor that
// throws or reports an error (fast-uri and uri-js return `error` instead of throwing) stops the run.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import {
  callLoop as each,
  compareContenders,
  loadBuilt,
  ratioLine,
  sinkTotal,
} from '../../../tooling/bench.ts';
import type * as Uri from '../src/index';
import { ABSOLUTE, longUri, makeFloor, PRIMITIVE_SOURCE } from './corpus.ts';

const require = createRequire(import.meta.url);
const fastUri = require('fast-uri') as {
  parse(s: string): Record<string, string | undefined>;
};
const uriJs = require('uri-js') as { parse(s: string): Record<string, string | undefined> };

type Ours = typeof Uri;
const ROUNDS = Number(process.argv[2] ?? 21);
const FILTER = process.argv[3] ?? '';
// BENCH_PACKAGE_DIR: a copy of the package (package.json and dist/) to measure instead, when other
// work rebuilds dist/ meanwhile.
const built = await loadBuilt<Ours>(
  process.env.BENCH_PACKAGE_DIR ?? join(import.meta.dirname, '..'),
);

// Ours and each anchor must give the same components. fast-uri and uri-js decode escaped unreserved
// characters (compared with ours after normalizeComponents, which does the same, RFC 3986 §6.2.2.2)
// and hand mailto:, urn: and ws: to scheme handlers (compared field by field); Node's URL removes
// dot segments and re-escapes, so it is held to the scheme, query and fragment.
function checkAnchors(o: Ours, build: string, inputs: readonly string[]): void {
  for (const s of inputs) {
    const raw = o.parse(s);
    const ours = o.normalizeComponents(raw);
    const short = s.length > 60 ? `${s.slice(0, 60)}... (${s.length} chars)` : s;
    for (const [name, parse] of [
      ['fast-uri', fastUri.parse],
      ['uri-js', uriJs.parse],
    ] as const) {
      const t = parse(s) as Record<string, unknown>;
      const fail = (what: string): never => {
        throw new Error(`${name} ${what} of ${short} differs from ours (${build})`);
      };
      if (t.error !== undefined) throw new Error(`${name} fails on ${short}: ${String(t.error)}`);
      if (t.scheme !== ours.scheme) fail('scheme');
      if (ours.scheme === 'mailto') {
        if ((t.to as string[]).join(',') !== ours.path) fail('mailto to');
        continue;
      }
      if (ours.scheme === 'urn') {
        if (`${t.nid}:${t.nss}` !== ours.path) fail('urn nid:nss');
        continue;
      }
      const path =
        ours.scheme === 'ws' || ours.scheme === 'wss'
          ? (t.resourceName as string).replace(/\?.*/, '')
          : t.path;
      // as given, or as normalized where they decode escapes (they keep dot segments, so the
      // normalized form with dot segments removed would not match: either form is accepted)
      const same = (x: unknown, k: 'path' | 'query' | 'fragment'): boolean =>
        (x ?? undefined) === (ours[k] ?? undefined) || (x ?? undefined) === (raw[k] ?? undefined);
      if (!same(path, 'path')) fail('path');
      for (const k of ['query', 'fragment'] as const) if (!same(t[k], k)) fail(k);
    }
    const url = new URL(s);
    const q = raw.query === undefined || raw.query === '' ? '' : `?${raw.query}`;
    const f = raw.fragment === undefined || raw.fragment === '' ? '' : `#${raw.fragment}`;
    if (url.protocol !== `${raw.scheme}:` || url.search !== q || url.hash !== f)
      throw new Error(`Node URL splits ${short} otherwise than ours (${build})`);
  }
}

// The skip alone: one test of a regular expression that only steps over the characters a URI may
// hold (one character class, anchored at both ends, nothing to backtrack into), the primitive a
// check of every character in JavaScript is made of. Timed as a contender of its own, so its time
// and Node URL's are in the same run.
const PRIMITIVE = new RegExp(PRIMITIVE_SOURCE);
const floor = makeFloor();

/**
 * Times ours and the anchors in interleaved rounds and prints, for each of ours and each anchor,
 * the median over the rounds of (anchor's time / ours): > 1 means ours is faster; and the skip
 * alone and the floor against Node URL.
 */
function compare(
  operation: string,
  ours: [string, () => void][],
  anchors: [string, () => void][],
): void {
  const all = [...ours, ...anchors];
  const times = compareContenders(operation, all, ROUNDS, { ours: ours.length });
  // the skip alone and the floor against Node URL: > 1 where they are faster than it
  const url = all.findIndex(([name]) => name === 'Node URL');
  for (let a = 0; a < all.length; a++)
    if (url >= 0 && all[a]![0].startsWith('the '))
      console.log(ratioLine(operation, all, times, a, url));
}

const { esm, cjs } = built;
const cases: [string, string[]][] = (
  [
    ['parse, 10 absolute URIs', ABSOLUTE],
    ...[100, 1024, 64 * 1024, 512 * 1024].flatMap((n): [string, string[]][] =>
      [false, true].map((escapes): [string, string[]] => [
        `parse, one URI of ${n < 1024 ? `${n} B` : `${n >> 10} KiB`} ${escapes ? 'with escapes' : 'without escapes'}`,
        [longUri(n, escapes)],
      ]),
    ),
  ] as [string, string[]][]
).filter(([name]) => name.includes(FILTER));
for (const [, inputs] of cases) {
  // the skip steps over every character only where it matches the whole input
  for (const s of inputs) if (!PRIMITIVE.test(s)) throw new Error(`the skip stops in ${s}`);
  checkAnchors(esm, 'ESM build', inputs);
  checkAnchors(cjs, 'CJS build', inputs);
}
console.log(
  `Node ${process.version}, ${ROUNDS} rounds, load average ${(await import('node:os'))
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
for (const [operation, inputs] of cases) {
  compare(
    operation,
    [
      ['@x/uri parse (ESM)', each(inputs, 'parse(x)', { parse: esm.parse })],
      ['@x/uri parse (CJS)', each(inputs, 'parse(x)', { parse: cjs.parse })],
    ],
    [
      ['fast-uri parse', each(inputs, 'f.parse(x)', { f: fastUri })],
      ['uri-js parse', each(inputs, 'u.parse(x)', { u: uriJs })],
      ['Node URL', each(inputs, 'new U(x)', { U: URL })],
      ['the skip alone', each(inputs, 'r.test(x)', { r: PRIMITIVE })],
      // the floor where it gives parse's components
      ...(inputs.every((s) => JSON.stringify(floor(s)) === JSON.stringify(esm.parse(s)))
        ? [['the floor', each(inputs, 'f(x)', { f: floor })] as [string, () => void]]
        : []),
    ],
  );
}

// The other operations, each against the anchors that do the same job, on the ten URIs and five
// relative references. Before timing: the anchors accept every input (validate), give our answer
// or one our normalize takes to it (normalize: WHATWG URL keeps escaped unreserved characters), and
// serialize what they parsed to a reference that normalizes as ours does, but on relative
// references whose dot segments they remove (RFC 3986 §5.2.4 is for resolved paths; a relative
// reference keeps them: fast-uri "g;x=1/../y" -> "y"; uri-js also drops a leading "../" and roots
// the path, "../g?q#f" -> "g?q#f", "g;x=1/../y" -> "/y"), timed as they are.
const RELATIVE_REFS = [
  '../g?q#f',
  '//cdn.example.com/lib.js',
  '/a/b/c?d',
  'g;x=1/../y',
  '?only=query',
];
const REFERENCES = [...ABSOLUTE, ...RELATIVE_REFS];
const WhatwgUrl = (require('whatwg-url') as { URL: typeof URL }).URL;
const FAST_URI_SERIALIZE_DIFFERS = new Set(['g;x=1/../y']);
const URI_JS_SERIALIZE_DIFFERS = new Set(['../g?q#f', 'g;x=1/../y']);
for (const s of REFERENCES) {
  for (const [name, t] of [
    ['fast-uri', fastUri.parse(s)],
    ['uri-js', uriJs.parse(s)],
  ] as const)
    if (t.error !== undefined) throw new Error(`${name} fails on ${s}`);
  const ours = esm.normalize(esm.serialize(esm.parse(s)));
  const fastOut = (fastUri as unknown as { serialize(c: unknown): string }).serialize(
    fastUri.parse(s),
  );
  const jsOut = (uriJs as unknown as { serialize(c: unknown): string }).serialize(uriJs.parse(s));
  if (esm.normalize(fastOut) !== esm.normalize(s) && !FAST_URI_SERIALIZE_DIFFERS.has(s))
    throw new Error(`fast-uri serializes ${s} as ${fastOut}`);
  if (esm.normalize(jsOut) !== esm.normalize(s) && !URI_JS_SERIALIZE_DIFFERS.has(s))
    throw new Error(`uri-js serializes ${s} as ${jsOut}`);
  if (ours !== esm.normalize(s) || cjs.serialize(cjs.parse(s)) !== s)
    throw new Error(`serialize does not give back ${s}`);
}
for (const s of ABSOLUTE) {
  const ours = esm.normalize(s);
  const norm = fastUri as unknown as { normalize(x: string): string };
  const others = [
    norm.normalize(s),
    (uriJs as unknown as { normalize(x: string): string }).normalize(s),
    new URL(s).href,
    new WhatwgUrl(s).href,
  ];
  for (const o of others)
    if (o !== ours && esm.normalize(o) !== ours) throw new Error(`${s} normalizes as ${o}`);
  if (!URL.canParse(s) || !esm.isUriReference(s)) throw new Error(`${s} does not validate`);
}
type Row = [string, () => void];
const operations: [string, Row[], Row[]][] = [
  [
    'validate, 15 references',
    [
      ['@x/uri isUriReference (ESM)', each(REFERENCES, 'v(x) || null', { v: esm.isUriReference })],
      ['@x/uri isUriReference (CJS)', each(REFERENCES, 'v(x) || null', { v: cjs.isUriReference })],
    ],
    [
      ['fast-uri parse + error check', each(REFERENCES, 'f.parse(x).error', { f: fastUri })],
      ['uri-js parse + error check', each(REFERENCES, 'u.parse(x).error', { u: uriJs })],
    ],
  ],
  [
    'validate, 10 absolute URIs',
    [
      ['@x/uri isUriReference (ESM)', each(ABSOLUTE, 'v(x) || null', { v: esm.isUriReference })],
      ['@x/uri isUriReference (CJS)', each(ABSOLUTE, 'v(x) || null', { v: cjs.isUriReference })],
    ],
    [['Node URL.canParse', each(ABSOLUTE, 'U.canParse(x) || null', { U: URL })]],
  ],
  [
    'normalize, 10 absolute URIs',
    [
      ['@x/uri normalize (ESM)', each(ABSOLUTE, 'nz(x)', { nz: esm.normalize })],
      ['@x/uri normalize (CJS)', each(ABSOLUTE, 'nz(x)', { nz: cjs.normalize })],
    ],
    [
      ['fast-uri normalize', each(ABSOLUTE, 'f.normalize(x)', { f: fastUri })],
      ['uri-js normalize', each(ABSOLUTE, 'u.normalize(x)', { u: uriJs })],
      ['Node URL href', each(ABSOLUTE, 'new U(x).href', { U: URL })],
      ['whatwg-url href', each(ABSOLUTE, 'new U(x).href', { U: WhatwgUrl })],
    ],
  ],
];
for (const [name, ours, anchors] of operations)
  if (name.includes(FILTER)) compare(name, ours, anchors);
if ('serialize, 15 parsed references'.includes(FILTER)) {
  const parsed = (p: (x: string) => unknown) => REFERENCES.map((s) => p(s));
  const serializeOf = (m: unknown) => (m as { serialize(c: unknown): string }).serialize;
  compare(
    'serialize, 15 parsed references',
    [
      ['@x/uri serialize (ESM)', each(parsed(esm.parse) as never, 's(x)', { s: esm.serialize })],
      ['@x/uri serialize (CJS)', each(parsed(cjs.parse) as never, 's(x)', { s: cjs.serialize })],
    ],
    [
      [
        'fast-uri serialize',
        each(parsed(fastUri.parse) as never, 's(x)', { s: serializeOf(fastUri) }),
      ],
      ['uri-js serialize', each(parsed(uriJs.parse) as never, 's(x)', { s: serializeOf(uriJs) })],
    ],
  );
}
console.log(`(sink ${sinkTotal()})`);
