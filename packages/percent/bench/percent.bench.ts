// Percent-decode, percent-encode and forms against the built-ins and the anchors
// (fast-decode-uri-component, fast-querystring, qs, node:querystring), in the same run.
// `pnpm run bench`.
import { createRequire } from 'node:module';
import querystring from 'node:querystring';
import fastQuerystring from 'fast-querystring';
import { test } from 'vitest';
import type * as Percent from '../src/index';
import { loadBundled } from '../../../tooling/bench.ts';

const require = createRequire(import.meta.url);
const { percentDecode, percentEncode, parseForm, serializeForm, rfc3986, encodeSet } = loadBundled<
  typeof Percent
>(import.meta.dirname);
// encodeURIComponent's own set, so that both give the same output.
const uriComponent = encodeSet("-_.!~*'()");
const fastDecode = require('fast-decode-uri-component') as (s: string) => string | null;
const qs = require('qs') as {
  parse: (s: string) => Record<string, unknown>;
  stringify: (o: Record<string, unknown>) => string;
};
const opts = { time: 500, warmupTime: 100 };

// Deterministic corpora.
let seed = 7;
const random = (n: number): number => {
  seed = (seed * 1103515245 + 12345) >>> 0;
  return seed % n;
};
const pick = (alphabet: string, length: number): string => {
  const chars = Array.from(alphabet);
  let s = '';
  for (let i = 0; i < length; i++) s += chars[random(chars.length)];
  return s;
};
const ASCII = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/';
const MIXED = 'abc déf αβγ δεζ жзи 日本語 中文 😀 ';
const N = 1000;

// Mostly ASCII: paths with an escape or two. Mostly escaped: whole non-Latin phrases.
const mostlyAscii = Array.from(
  { length: N },
  () => `${pick(ASCII, 30)}%20${pick(ASCII, 20)}%2F${pick(ASCII, 10)}`,
);
const mostlyEscaped = Array.from({ length: N }, () => encodeURIComponent(pick(MIXED, 24)));
// Malformed: decodeURIComponent throws, fast-decode-uri-component returns null.
const malformed = Array.from(
  { length: N },
  () => `${pick(ASCII, 20)} 100% ${encodeURIComponent(pick(MIXED, 8))}%zz`,
);
const plainText = Array.from({ length: N }, () => pick(`${ASCII} !'()*`, 60));
const mixedText = Array.from({ length: N }, () => pick(MIXED, 40));

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
    await bench.compare(
      bench(
        '@x/percent strict',
        sum(inputs, (s) => percentDecode(s)),
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
    await bench.compare(
      bench(
        '@x/percent, same set',
        sum(inputs, (s) => percentEncode(s, uriComponent)),
      ),
      bench(
        '@x/percent rfc3986.component',
        sum(inputs, (s) => percentEncode(s, rfc3986.component)),
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
const formObjects = forms.map((pairs) => Object.fromEntries(pairs));

test('parse 1000 forms of 8 pairs', async ({ bench }) => {
  await bench.compare(
    bench(
      '@x/percent parseForm',
      sum(formTexts, (s) => parseForm(s)),
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

test('serialize 1000 forms of 8 pairs', async ({ bench }) => {
  let i = 0;
  const each = (f: (k: number) => string) => () => {
    let n = 0;
    for (i = 0; i < N; i++) n += f(i).length;
    return n;
  };
  await bench.compare(
    bench(
      '@x/percent serializeForm',
      each((k) => serializeForm(forms[k] as [string, string][])),
    ),
    bench(
      'URLSearchParams',
      each((k) => new URLSearchParams(forms[k]).toString()),
    ),
    bench(
      'node:querystring',
      each((k) => querystring.stringify(formObjects[k])),
    ),
    bench(
      'fast-querystring',
      each((k) => fastQuerystring.stringify(formObjects[k] as Record<string, string>)),
    ),
    bench(
      'qs',
      each((k) => qs.stringify(formObjects[k] as Record<string, string>)),
    ),
    opts,
  );
});
