import fastUri from 'fast-uri';
import * as uriJs from 'uri-js';
import { test } from 'vitest';
import type * as Resolve from '../src/index';
import { loadBundled } from '../../../tooling/bench.ts';

const { resolve } = loadBundled<typeof Resolve>(import.meta.dirname);

/** Every implementation runs the same set; one that throws on a reference (fast-uri on `http:g`) pays for it. */
function each(refs: readonly string[], run: (ref: string) => unknown): () => void {
  return () => {
    for (const ref of refs) {
      try {
        run(ref);
      } catch {}
    }
  };
}

// The 42 references of RFC 3986 §5.4 against its base, and a crawl-like batch: one page, many hrefs.
const BASE = 'http://a/b/c/d;p?q';
// biome-ignore format: one reference a column
const RFC = [
  'g:h', 'g', './g', 'g/', '/g', '//g', '?y', 'g?y', '#s', 'g#s', 'g?y#s', ';x', 'g;x', 'g;x?y#s', '',
  '.', './', '..', '../', '../g', '../..', '../../', '../../g', '../../../g', '../../../../g', '/./g',
  '/../g', 'g.', '.g', 'g..', '..g', './../g', './g/.', 'g/./h', 'g/../h', 'g;x=1/./y', 'g;x=1/../y',
  'g?y/./x', 'g?y/../x', 'g#s/./x', 'g#s/../x', 'http:g',
];

const PAGE = 'https://www.example.com/blog/2024/05/a-long-post-title.html?utm_source=feed#comments';
// biome-ignore format: one reference a column
const HREFS = [
  '/', '/about', '/blog/', '/blog/2024/', '/blog/2024/05/', 'another-post.html', './third-post.html',
  '../04/older-post.html', '../../2023/12/year-end.html', '#top', '#comments', '?page=2', '?page=3#list',
  'https://www.example.com/contact', 'https://cdn.example.net/img/logo.svg', '//cdn.example.net/app.js',
  '/static/css/site.css?v=1234', '/static/js/app.js?v=1234', 'mailto:someone@example.com',
  '/tags/url-parsing', '/tags/rfc-3986', '/search?q=relative+reference&lang=en', 'feed.xml',
  '../../../', '/blog/2024/05/a-long-post-title.html', 'a-long-post-title.html#section-2',
  'https://twitter.example/share?url=https%3A%2F%2Fwww.example.com%2F', '/en/docs/getting-started',
  '/en/docs/api/resolve', 'img/figure-1.png', 'img/figure-2.png', './img/../img/figure-3.png',
];

const urlResolve = (ref: string, base: string): string => new URL(ref, base).href;

for (const [name, base, refs] of [
  ['RFC 3986 §5.4 (42 references)', BASE, RFC],
  ['crawl-like batch (one base, 32 hrefs)', PAGE, HREFS],
] as const) {
  test(name, async ({ bench }) => {
    const ours = '@x/resolve resolve';
    const anchors = ['node URL', 'fast-uri resolve', 'uri-js resolve'] as const;
    const results = await bench.compare(
      bench(
        ours,
        each(refs, (ref) => resolve(base, ref)),
      ),
      bench(
        anchors[0],
        each(refs, (ref) => urlResolve(ref, base)),
      ),
      bench(
        anchors[1],
        each(refs, (ref) => fastUri.resolve(base, ref)),
      ),
      bench(
        anchors[2],
        each(refs, (ref) => uriJs.resolve(base, ref)),
      ),
      { time: 800, warmupTime: 200 },
    );
    // The mean is at the mercy of a busy machine; the ratio of medians is what the README reports.
    const median = (n: typeof ours | (typeof anchors)[number]): number =>
      results.get(n).latency.p50;
    const ratios = anchors.map((a) => `${a} ${(median(a) / median(ours)).toFixed(1)}x`);
    console.log(`${name}: @x/resolve is faster than ${ratios.join(', ')} (ratio of medians)`);
  });
}
