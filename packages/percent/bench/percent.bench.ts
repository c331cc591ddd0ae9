// Percent-decode, percent-encode and forms against the built-ins and the anchors
// (fast-decode-uri-component, fast-querystring, qs, node:querystring), in the same run, on the
// published dist/ builds (ESM and CommonJS each: a row per build keeps the two at par).
// Build first: `pnpm --filter @x/percent build && pnpm run bench`.
import { deepStrictEqual } from 'node:assert';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import querystring from 'node:querystring';
import fastQuerystring from 'fast-querystring';
import { test } from 'vitest';
import type * as Percent from '../src/index';
import { loadBuilt } from '../../../tooling/bench.ts';
import { ASCII, equalOutputForms, MIXED, mostlyAscii, mostlyEscaped, N, pick } from './corpora.ts';

const require = createRequire(import.meta.url);
// What users run: the published dist/ files, ESM and CJS.
const built = await loadBuilt<typeof Percent>(join(import.meta.dirname, '..'));
const { percentDecode, percentEncode, parseForm, serializeForm, rfc3986, encodeSet } = built.esm;
const cjs = built.cjs;
// encodeURIComponent's own set, so that both give the same output.
const uriComponent = encodeSet("-_.!~*'()");
const fastDecode = require('fast-decode-uri-component') as (s: string) => string | null;
const qs = require('qs') as {
  parse: (s: string) => Record<string, unknown>;
  stringify: (o: Record<string, unknown>) => string;
};
const opts = { time: 500, warmupTime: 100 };

// Malformed: decodeURIComponent throws, fast-decode-uri-component returns null.
const malformed = Array.from(
  { length: N },
  () => `${pick(ASCII, 20)} 100% ${encodeURIComponent(pick(MIXED, 8))}%zz`,
);
const plainText = Array.from({ length: N }, () => pick(`${ASCII} !'()*`, 60));
const mixedText = Array.from({ length: N }, () => pick(MIXED, 40));

/**
 * Checks, before timing, that an anchor gives our output on every input (an anchor that throws or
 * returns null would otherwise be timed doing nothing).
 */
const same = <T>(inputs: T[], ours: (x: T) => unknown, theirs: (x: T) => unknown): void => {
  for (const x of inputs) deepStrictEqual(theirs(x), ours(x));
};

const sum =
  <T>(inputs: T[], f: (x: T) => string | null | unknown[] | Record<string, unknown>) =>
  (): number => {
    let n = 0;
    for (let i = 0; i < inputs.length; i++) if (f(inputs[i] as T)) n++;
    return n;
  };

for (const [name, inputs] of [
  ['mostly ASCII', mostlyAscii],
  ['mostly escaped', mostlyEscaped],
] as const) {
  test(`decode 1000 strings, ${name}`, async ({ bench }) => {
    same(inputs, percentDecode, decodeURIComponent);
    same(inputs, percentDecode, fastDecode);
    same(inputs, percentDecode, cjs.percentDecode);
    await bench.compare(
      bench(
        '@x/percent strict',
        sum(inputs, (s) => percentDecode(s)),
      ),
      bench(
        '@x/percent strict (CJS)',
        sum(inputs, (s) => cjs.percentDecode(s)),
      ),
      bench(
        '@x/percent lenient',
        sum(inputs, (s) => percentDecode(s, { mode: 'lenient' })),
      ),
      bench('decodeURIComponent', sum(inputs, decodeURIComponent)),
      bench('fast-decode-uri-component', sum(inputs, fastDecode)),
      opts,
    );
  });
}

test('decode 1000 malformed strings (lenient where the built-in throws)', async ({ bench }) => {
  await bench.compare(
    bench(
      '@x/percent lenient',
      sum(malformed, (s) => percentDecode(s, { mode: 'lenient' })),
    ),
    bench(
      'decodeURIComponent (throws)',
      sum(malformed, (s) => {
        try {
          return decodeURIComponent(s);
        } catch {
          return null;
        }
      }),
    ),
    bench('fast-decode-uri-component (null)', sum(malformed, fastDecode)),
    opts,
  );
});

for (const [name, inputs] of [
  ['ASCII text', plainText],
  ['mixed scripts', mixedText],
] as const) {
  test(`encode 1000 strings, ${name}`, async ({ bench }) => {
    same(inputs, (s) => percentEncode(s, uriComponent), encodeURIComponent);
    await bench.compare(
      bench(
        '@x/percent, same set',
        sum(inputs, (s) => percentEncode(s, uriComponent)),
      ),
      bench(
        '@x/percent rfc3986.component',
        sum(inputs, (s) => percentEncode(s, rfc3986.component)),
      ),
      bench(
        '@x/percent, same set (CJS)',
        sum(inputs, (s) => cjs.percentEncode(s, uriComponent)),
      ),
      bench('encodeURIComponent', sum(inputs, encodeURIComponent)),
      opts,
    );
  });
}

// Forms of eight pairs: ASCII names, values with spaces, escapes and non-ASCII.
const forms = Array.from({ length: N }, () => {
  const pairs: [string, string][] = [];
  for (let k = 0; k < 8; k++)
    pairs.push([`${pick('abcdefgh', 1)}${k}`, pick(k % 3 ? ASCII : `${ASCII} é✓&=+`, 12)]);
  return pairs;
});
const formTexts = forms.map((pairs) => new URLSearchParams(pairs).toString());

test('parse 1000 forms of 8 pairs', async ({ bench }) => {
  same(formTexts, parseForm, (s) => [...new URLSearchParams(s)]);
  same(
    formTexts,
    (s) => Object.fromEntries(parseForm(s)),
    (s) => ({ ...querystring.parse(s) }),
  );
  await bench.compare(
    bench(
      '@x/percent parseForm',
      sum(formTexts, (s) => parseForm(s)),
    ),
    bench(
      '@x/percent parseForm (CJS)',
      sum(formTexts, (s) => cjs.parseForm(s)),
    ),
    bench(
      'URLSearchParams',
      sum(formTexts, (s) => [...new URLSearchParams(s)]),
    ),
    bench(
      'node:querystring',
      sum(formTexts, (s) => querystring.parse(s)),
    ),
    bench(
      'fast-querystring',
      sum(formTexts, (s) => fastQuerystring.parse(s)),
    ),
    bench(
      'qs',
      sum(formTexts, (s) => qs.parse(s)),
    ),
    opts,
  );
});

// Values without a space or any of `~!'()*`, which URLSearchParams writes as `+` and `%7E` but
// node:querystring, fast-querystring and qs as `%20` and `~`: every anchor gives our output.
const plainForms = equalOutputForms;

for (const [name, corpus, all] of [
  ['with spaces and ~ (URLSearchParams output)', forms, false],
  ['equal output for every anchor', plainForms, true],
] as const) {
  const objects = corpus.map((pairs) => Object.fromEntries(pairs) as Record<string, string>);
  test(`serialize 1000 forms of 8 pairs, ${name}`, async ({ bench }) => {
    const each = (f: (k: number) => string) => () => {
      let n = 0;
      for (let i = 0; i < corpus.length; i++) n += f(i).length;
      return n;
    };
    const indices = corpus.map((_, k) => k);
    const ours = (k: number) => serializeForm(corpus[k] as [string, string][]);
    same(indices, ours, (k) => cjs.serializeForm(corpus[k] as [string, string][]));
    same(indices, ours, (k) => new URLSearchParams(corpus[k]).toString());
    const anchors: ReturnType<typeof bench<string>>[] = [
      bench(
        'URLSearchParams',
        each((k) => new URLSearchParams(corpus[k]).toString()),
      ),
    ];
    if (all) {
      same(indices, ours, (k) => querystring.stringify(objects[k]));
      same(indices, ours, (k) => fastQuerystring.stringify(objects[k] as Record<string, string>));
      same(indices, ours, (k) => qs.stringify(objects[k] as Record<string, string>));
      anchors.push(
        bench(
          'node:querystring',
          each((k) => querystring.stringify(objects[k])),
        ),
        bench(
          'fast-querystring',
          each((k) => fastQuerystring.stringify(objects[k] as Record<string, string>)),
        ),
        bench(
          'qs',
          each((k) => qs.stringify(objects[k] as Record<string, string>)),
        ),
      );
    }
    await bench.compare(
      bench(
        '@x/percent serializeForm',
        each((k) => serializeForm(corpus[k] as [string, string][])),
      ),
      bench(
        '@x/percent serializeForm (CJS)',
        each((k) => cjs.serializeForm(corpus[k] as [string, string][])),
      ),
      ...anchors,
      opts,
    );
  });
}
