// The site's pages: the guides in reading order, and the HTML layout every page shares.
// Used by the build (scripts/build-site.ts) and by the tests (which check every guide is listed,
// every listed page is built and every sample in it runs).

/** A guide: `guides/<slug>.md`, built to `site/guides/<slug>.html`. */
export interface Guide {
  slug: string;
  /** Short title for the navigation. */
  nav: string;
}

/** Every guide, in the order a new reader should take them. */
export const guides: readonly Guide[] = [
  { slug: 'character-encodings', nav: 'Character encodings' },
  { slug: 'control-characters', nav: 'Control characters and ISO 2022' },
  { slug: 'library-catalogues', nav: 'Library catalogue charsets' },
  { slug: 'declaring-charsets', nav: 'Declaring a charset' },
  { slug: 'uri-history', nav: 'A short history of URIs' },
  { slug: 'uri-anatomy', nav: 'Anatomy of a URI, URL and URN' },
  { slug: 'percent-encoding', nav: 'Reserved characters and percent-encoding' },
  { slug: 'relative-references', nav: 'Relative references' },
  { slug: 'urns', nav: 'URNs and resolution' },
  { slug: 'query-strings', nav: 'Query strings and forms' },
];

/** The packages of the family, for the navigation and the API links. */
export const packages: readonly string[] = [
  'utf8',
  'legacy-charsets',
  'percent',
  'uri',
  'resolve',
  'urn',
  'mime-charset',
];

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** A heading's text as an id: lower case, runs of anything but letters and digits as one hyphen. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/<[^>]*>/g, '')
    .replace(/&[a-z]+;/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export interface LayoutOptions {
  title: string;
  /** Path from the page to the site root: '' or '../'. */
  root: string;
  body: string;
  /** The slug of the current guide, or 'index' / 'playground'. */
  current: string;
  scripts?: readonly string[];
}

/** Wraps a page body in the shared layout: header, navigation, main content. */
export function layout(o: LayoutOptions): string {
  const link = (href: string, label: string, key: string): string =>
    `<li><a href="${o.root}${href}"${key === o.current ? ' aria-current="page"' : ''}>${escapeHtml(label)}</a></li>`;
  const nav = [
    link('index.html', 'Start here', 'index'),
    ...guides.map((g) => link(`guides/${g.slug}.html`, g.nav, g.slug)),
    link('playground.html', 'Playground', 'playground'),
    `<li><a href="${o.root}api/index.html">API reference</a></li>`,
  ].join('\n');
  const scripts = (o.scripts ?? [])
    .map((s) => `<script type="module" src="${o.root}${s}"></script>`)
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(o.title)} · @x</title>
<link rel="icon" href="${o.root}assets/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${o.root}assets/style.css">
</head>
<body>
<header class="top"><a class="brand" href="${o.root}index.html">@x</a> <span>resource identifiers and text encodings</span></header>
<div class="frame">
<nav class="side" aria-label="Guides"><ul>
${nav}
</ul></nav>
<main id="content">
${o.body}
</main>
</div>
${scripts}
</body>
</html>
`;
}
