// parse, validate, normalize and serialize against the anchors (fast-uri, uri-js, Node's URL,
// whatwg-url), in the same run: `pnpm run bench`, on the dist/ builds. The README's ratios come from
// bench/interleaved.ts (interleaved rounds, CPU time), which a loaded machine disturbs less.
import { join } from 'node:path';
import * as fastUri from 'fast-uri';
import * as uriJs from 'uri-js';
import { test } from 'vitest';
import { URL as WhatwgUrl } from 'whatwg-url';
import type * as Uri from '../src/index';
import { loadBuilt } from '../../../tooling/bench.ts';
import { ABSOLUTE } from './corpus.ts';

// What users run: the published dist/ files, ESM and CJS (build first: pnpm --filter @x/uri build).
const built = await loadBuilt<typeof Uri>(join(import.meta.dirname, '..'));
const { isUriReference, normalize, parse, serialize } = built.esm;
const cjs = built.cjs;

// A varied corpus: bench/corpus.ts's absolute URIs and (for the parsers that take them) relative references.
const absolute = ABSOLUTE;
const relative = ['../g?q#f', '//cdn.example.com/lib.js', '/a/b/c?d', 'g;x=1/../y', '?only=query'];
const all = [...absolute, ...relative];
const opts = { time: 400, warmupTime: 100 };

// An anchor that reports an error instead of throwing would be timed failing: refuse to run.
for (const s of all) {
  for (const [name, r] of [
    ['fast-uri', fastUri.parse(s)],
    ['uri-js', uriJs.parse(s)],
  ] as const)
    if (r.error !== undefined) throw new Error(`${name} fails on ${s}: ${r.error}`);
  if (parse(s).path !== cjs.parse(s).path) throw new Error(`the builds disagree on ${s}`);
}
for (const s of absolute) {
  if (new URL(s).protocol !== `${parse(s).scheme}:`) throw new Error(`Node URL differs on ${s}`);
  if (new WhatwgUrl(s).protocol !== `${parse(s).scheme}:`)
    throw new Error(`whatwg-url differs on ${s}`);
}

const each =
  <T>(inputs: T[], f: (x: T) => unknown) =>
  (): number => {
    let n = 0;
    for (let i = 0; i < inputs.length; i++) if (f(inputs[i] as T)) n++;
    return n;
  };

test('parse 10 absolute URIs', async ({ bench }) => {
  await bench.compare(
    bench(
      '@x/uri parse',
      each(absolute, (s) => parse(s)),
    ),
    bench(
      '@x/uri parse (CJS)',
      each(absolute, (s) => cjs.parse(s)),
    ),
    bench(
      'fast-uri parse',
      each(absolute, (s) => fastUri.parse(s)),
    ),
    bench(
      'uri-js parse',
      each(absolute, (s) => uriJs.parse(s)),
    ),
    bench(
      'node URL',
      each(absolute, (s) => new URL(s)),
    ),
    bench(
      'whatwg-url URL',
      each(absolute, (s) => new WhatwgUrl(s)),
    ),
    opts,
  );
});

test('parse 15 URI references (with relative references)', async ({ bench }) => {
  await bench.compare(
    bench(
      '@x/uri parse',
      each(all, (s) => parse(s)),
    ),
    bench(
      'fast-uri parse',
      each(all, (s) => fastUri.parse(s)),
    ),
    bench(
      'uri-js parse',
      each(all, (s) => uriJs.parse(s)),
    ),
    opts,
  );
});

test('validate 15 URI references', async ({ bench }) => {
  await bench.compare(
    bench(
      '@x/uri isUriReference',
      each(all, (s) => isUriReference(s)),
    ),
    bench(
      'fast-uri parse + error check',
      each(all, (s) => fastUri.parse(s).error === undefined),
    ),
    bench(
      'uri-js parse + error check',
      each(all, (s) => uriJs.parse(s).error === undefined),
    ),
    opts,
  );
});

test('validate 10 absolute URIs', async ({ bench }) => {
  await bench.compare(
    bench(
      '@x/uri isUriReference',
      each(absolute, (s) => isUriReference(s)),
    ),
    bench(
      'node URL.canParse',
      each(absolute, (s) => URL.canParse(s)),
    ),
    opts,
  );
});

test('normalize 10 absolute URIs', async ({ bench }) => {
  await bench.compare(
    bench(
      '@x/uri normalize',
      each(absolute, (s) => normalize(s)),
    ),
    bench(
      'fast-uri normalize',
      each(absolute, (s) => fastUri.normalize(s)),
    ),
    bench(
      'uri-js normalize',
      each(absolute, (s) => uriJs.normalize(s)),
    ),
    bench(
      'node URL href',
      each(absolute, (s) => new URL(s).href),
    ),
    bench(
      'whatwg-url href',
      each(absolute, (s) => new WhatwgUrl(s).href),
    ),
    opts,
  );
});

test('serialize 15 parsed references', async ({ bench }) => {
  const ours = all.map((s) => parse(s));
  const fast = all.map((s) => fastUri.parse(s));
  const js = all.map((s) => uriJs.parse(s));
  await bench.compare(
    bench(
      '@x/uri serialize',
      each(ours, (c) => serialize(c)),
    ),
    bench(
      'fast-uri serialize',
      each(fast, (c) => fastUri.serialize(c)),
    ),
    bench(
      'uri-js serialize',
      each(js, (c) => uriJs.serialize(c)),
    ),
    opts,
  );
});
