// The references bench/interleaved.ts (Node) and bench/browser.ts (Chromium) resolve. Plain data,
// so that the page can take it as an argument.

/** The base of RFC 3986 §5.4. */
export const BASE = 'http://a/b/c/d;p?q';

// biome-ignore format: one reference a column
/**
 * The references of RFC 3986 §5.4.1 and §5.4.2 on which every anchor gives the RFC's answer: all
 * 42 but `//g` (Node's `URL` adds a `/`: `http://g/`) and `http:g` (strict §5.2.2 gives `http:g`;
 * `URL` reads it as relative to an http base, fast-uri throws).
 */
export const RFC_SAME: string[] = [
  'g:h', 'g', './g', 'g/', '/g', '?y', 'g?y', '#s', 'g#s', 'g?y#s', ';x', 'g;x', 'g;x?y#s', '',
  '.', './', '..', '../', '../g', '../..', '../../', '../../g', '../../../g', '../../../../g', '/./g',
  '/../g', 'g.', '.g', 'g..', '..g', './../g', './g/.', 'g/./h', 'g/../h', 'g;x=1/./y', 'g;x=1/../y',
  'g?y/./x', 'g?y/../x', 'g#s/./x', 'g#s/../x',
];

/** A page of a blog: the base of the crawl-like batch. */
export const PAGE =
  'https://www.example.com/blog/2024/05/a-long-post-title.html?utm_source=feed#comments';

// biome-ignore format: one reference a column
/** A crawl-like batch: the `href`s of one page, as a crawler or a link checker meets them. */
export const HREFS: string[] = [
  '/', '/about', '/blog/', '/blog/2024/', '/blog/2024/05/', 'another-post.html', './third-post.html',
  '../04/older-post.html', '../../2023/12/year-end.html', '#top', '#comments', '?page=2', '?page=3#list',
  'https://www.example.com/contact', 'https://cdn.example.net/img/logo.svg', '//cdn.example.net/app.js',
  '/static/css/site.css?v=1234', '/static/js/app.js?v=1234', 'mailto:someone@example.com',
  '/tags/url-parsing', '/tags/rfc-3986', '/search?q=relative+reference&lang=en', 'feed.xml',
  '../../../', '/blog/2024/05/a-long-post-title.html', 'a-long-post-title.html#section-2',
  'https://twitter.example/share?url=https%3A%2F%2Fwww.example.com%2F', '/en/docs/getting-started',
  '/en/docs/api/resolve', 'img/figure-1.png', 'img/figure-2.png', './img/../img/figure-3.png',
];
