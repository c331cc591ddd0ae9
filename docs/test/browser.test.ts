// The built site in a real browser: Debian's headless Chromium driven by playwright-core, the site
// served from docs/site on 127.0.0.1 by scripts/serve.ts. `pnpm test` builds the site first
// (scripts/build-site.ts, API reference included) and installs Chromium if it is missing (scripts/ensure-chromium.sh).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.ts';
import { guides, packages } from '../scripts/pages.ts';
import { serve } from '../scripts/serve.ts';
import * as tools from '../src/tools';

const docs = join(import.meta.dirname, '..');
const site = join(docs, 'site');
const shots = join(docs, '.screenshots');

let server: Server;
let base: string;
let context: BrowserContext;
let userDataDir: string;
const pageErrors: string[] = [];

/** The text a reader sees in an element (layout-aware, unlike textContent). */
function shown(l: Locator): Promise<string> {
  // biome-ignore lint/performance/useDomNodeTextContent: Playwright's innerText is the rendered text
  return l.innerText();
}

async function open(path: string): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (e) => pageErrors.push(`${path}: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') pageErrors.push(`${path}: console: ${m.text()}`);
  });
  const res = await page.goto(base + path, { waitUntil: 'load' });
  expect(res?.status(), path).toBe(200);
  return page;
}

beforeAll(async () => {
  if (!existsSync(join(site, 'index.html'))) {
    throw new Error(
      'docs/site is not built: run `node scripts/build-site.ts` (the test script does)',
    );
  }
  ({ server, url: base } = await serve(site));
  userDataDir = mkdtempSync(join(tmpdir(), 'x-docs-chromium-'));
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath,
    headless: true,
    args: [...chromiumArgs],
    viewport: { width: 1200, height: 900 },
  });
  mkdirSync(shots, { recursive: true });
});

afterAll(async () => {
  await context?.close();
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
});

describe('the site', () => {
  it('serves a landing page that links every guide, the playground and the API reference', async () => {
    const page = await open('index.html');
    expect(await page.title()).toContain('@x');
    const hrefs = await page.$$eval('nav.side a', (as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual([
      'index.html',
      ...guides.map((g) => `guides/${g.slug}.html`),
      'playground.html',
      'api/index.html',
    ]);
    await page.close();
  });

  it('has no broken internal link and no script error on any page', async () => {
    const seen = new Set<string>();
    const queue = ['index.html'];
    while (queue.length > 0) {
      const path = queue.shift() ?? '';
      if (seen.has(path)) continue;
      seen.add(path);
      const page = await open(path);
      const links = await page.$$eval('a[href]', (as) =>
        as.map((a) => (a as HTMLAnchorElement).href),
      );
      for (const href of links) {
        if (!href.startsWith(base)) continue;
        const url = new URL(href);
        const rel = url.pathname.slice(1);
        if (url.hash && rel.endsWith('.html') && seen.has(rel)) {
          const id = decodeURIComponent(url.hash.slice(1));
          const html = readFileSync(join(site, rel), 'utf8');
          expect(html.includes(`id="${id}"`), `${path} links to a missing anchor ${href}`).toBe(
            true,
          );
        }
        if (!seen.has(rel)) {
          const res = await fetch(url.origin + url.pathname);
          expect(res.status, `${path} links to ${href}`).toBe(200);
          if (rel.endsWith('.html') && !rel.startsWith('api/')) queue.push(rel);
        }
      }
      await page.close();
    }
    expect(seen.size).toBeGreaterThanOrEqual(guides.length + 2);
    expect(pageErrors).toEqual([]);
  });

  it('renders a guide to a non-empty screenshot', async () => {
    const page = await open(`guides/${guides[0]?.slug}.html`);
    const png = await page.screenshot({ path: join(shots, 'guide.png'), fullPage: false });
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.length).toBeGreaterThan(10_000);
    // The text is laid out: the main column has a real height and the heading is visible.
    const box = await page.locator('main h1').boundingBox();
    expect(box?.height ?? 0).toBeGreaterThan(10);
    await page.close();
  });
});

describe('the API reference', () => {
  it('opens on a page for users: install, the packages, the way to a codec', async () => {
    const page = await open('api/index.html');
    const body = await shown(page.locator('.col-content'));
    expect(body).toContain('npm install @x/uri');
    expect(body).toContain('windows-1253');
    expect(body).not.toMatch(/CONTRIBUTING|Getting started|pnpm test/);
    await page.close();
  });

  it("renders each package's README above its symbols", async () => {
    for (const p of packages) {
      const page = await open(`api/modules/_x_${p}.html`);
      const body = await shown(page.locator('.col-content'));
      const readme = readFileSync(join(docs, '..', 'packages', p, 'README.md'), 'utf8');
      // The README's first paragraph after its title, as the reader sees it.
      const lede = readme
        .split('\n\n')[1]
        ?.replace(/[`*_]|\[|\]\([^)]*\)/g, '')
        .split('\n')[0];
      expect(lede && body.includes(lede.trim().slice(0, 30)), `${p}: ${lede}`).toBe(true);
      const install = body.indexOf('Install');
      const symbols = body.search(/\n(Functions|Classes|Variables|Modules|Interfaces)\n/);
      expect(install, p).toBeGreaterThan(0);
      expect(symbols === -1 || install < symbols, p).toBe(true);
      await page.close();
    }
  });

  it('links back to the guides, the landing page and the playground from every depth', async () => {
    for (const path of [
      'api/index.html',
      'api/modules/_x_uri.html',
      'api/functions/_x_uri.index.parse.html',
    ]) {
      const page = await open(path);
      const links = await page.$$eval('#tsd-toolbar-links a', (as) =>
        as.map((a) => [a.textContent, (a as HTMLAnchorElement).href]),
      );
      expect(links.map(([t]) => t)).toEqual(['Start here', 'Guides', 'Playground']);
      for (const [, href] of links)
        expect((await fetch(href ?? '')).status, `${path}: ${href}`).toBe(200);
      await page.close();
    }
  });

  it('has a page for every codec subpath, and search finds windows-1253', async () => {
    const page = await open('api/index.html');
    await page.click('#tsd-search-trigger');
    await page.fill('#tsd-search-input', 'windows-1253');
    const first = page.locator('#tsd-search-results li a').first();
    await first.waitFor();
    expect(await first.getAttribute('href')).toMatch(/_x_legacy-charsets\.windows-1253\.html$/);
    await page.close();
    const codec = await open('api/modules/_x_legacy-charsets.windows-1253.html');
    expect(await shown(codec.locator('.col-content'))).toContain('codec');
    await codec.close();
  });
});

describe('every page, for a reader on a phone', () => {
  const pages = [
    'index.html',
    ...guides.map((g) => `guides/${g.slug}.html`),
    'playground.html',
    'api/index.html',
    ...packages.map((p) => `api/modules/_x_${p}.html`),
    'api/modules/_x_legacy-charsets.windows-1253.html',
    'api/functions/_x_uri.index.parse.html',
  ];

  it('has one H1, a favicon, and no horizontal scroll at 390 px', async () => {
    const page = await context.newPage();
    page.on('pageerror', (e) => pageErrors.push(`phone: ${e.message}`));
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of pages) {
      expect((await page.goto(base + path, { waitUntil: 'load' }))?.status(), path).toBe(200);
      // typedoc shows its pages after its script has run.
      await page.waitForFunction(() => document.body.style.display !== 'none');
      expect(await page.locator('h1').count(), `${path}: H1 count`).toBe(1);
      const icon = await page.$eval('link[rel="icon"]', (l) => (l as HTMLLinkElement).href);
      const res = await fetch(icon);
      expect([res.status, res.headers.get('content-type')], `${path}: ${icon}`).toEqual([
        200,
        'image/svg+xml',
      ]);
      const [scroll, width] = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        document.documentElement.clientWidth,
      ]);
      expect(
        scroll,
        `${path}: page is ${scroll}px wide in a ${width}px viewport`,
      ).toBeLessThanOrEqual(width);
    }
    await page.screenshot({ path: join(shots, 'phone-api.png') });
    await page.close();
    expect(pageErrors).toEqual([]);
  });
});

describe('the playground', () => {
  let page: Page;

  beforeAll(async () => {
    page = await open('playground.html');
    await page.waitForSelector('#pg-status[data-ready="true"]');
  });

  afterAll(async () => {
    await page.close();
  });

  const text = (testId: string): Promise<string> =>
    shown(page.locator(`[data-testid="${testId}"]`));

  it('parses a URI into its components (RFC 3986 §3)', async () => {
    await page.fill('#parse-input', 'foo://example.com:8042/over/there?name=ferret#nose');
    const out = page.locator('[data-testid="parse-output"]');
    const cell = (n: string): Promise<string> => shown(out.locator(`tr[data-component="${n}"] td`));
    expect(await cell('scheme')).toBe('"foo"');
    expect(await cell('host')).toBe('"example.com"');
    expect(await cell('port')).toBe('"8042"');
    expect(await cell('path')).toBe('"/over/there"');
    expect(await cell('query')).toBe('"name=ferret"');
    expect(await cell('fragment')).toBe('"nose"');
    expect(await cell('userinfo')).toBe('undefined (absent)');
    await page.fill('#parse-input', 'HTTP://www.Example.COM:80/%7euser/a/../b');
    expect(await text('parse-normalized')).toBe(
      'Normalized (RFC 3986 §6.2.2–6.2.3): http://www.example.com/~user/b',
    );
    await page.fill('#parse-input', 'http://a?');
    expect(await cell('query')).toBe('""');
    expect(await cell('fragment')).toBe('undefined (absent)');
  });

  it('highlights invalid input at the error index', async () => {
    await page.fill('#parse-input', 'http://exa mple.com/');
    const out = page.locator('[data-testid="parse-output"]');
    const mark = out.locator('mark');
    expect(await mark.getAttribute('data-index')).toBe('10');
    expect(await shown(mark)).toBe(' ');
    expect(await shown(out)).toContain('UriSyntaxError at index 10');
    await page.fill('#parse-input', 'http://[::1/');
    const at = Number(await out.locator('mark').getAttribute('data-index'));
    const expected = tools.parseUri('http://[::1/');
    expect(expected.kind === 'error' && expected.index).toBe(at);
    expect(at).toBeGreaterThanOrEqual(7);
  });

  it('resolves and relativizes (RFC 3986 §5.4.1)', async () => {
    await page.fill('#resolve-base', 'http://a/b/c/d;p?q');
    const cases: [string, string][] = [
      ['g', 'http://a/b/c/g'],
      ['../../g', 'http://a/g'],
      ['?y', 'http://a/b/c/d;p?y'],
      ['#s', 'http://a/b/c/d;p?q#s'],
      ['//g', 'http://g'],
    ];
    for (const [ref, target] of cases) {
      await page.fill('#resolve-ref', ref);
      expect(await text('resolve-output'), ref).toBe(target);
    }
    await page.fill('#relativize-target', 'http://a/b/c/g?y');
    expect(await text('relativize-output')).toBe('g?y');
    await page.fill('#relativize-target', 'http://a/b/c/d;p?q#frag');
    expect(await text('relativize-output')).toBe('#frag');
    await page.fill('#resolve-base', 'not a base');
    expect(await text('resolve-output')).toMatch(/Error/);
  });

  it('percent-encodes with a chosen set and decodes', async () => {
    const sets = await page.$$eval('#percent-set option', (os) =>
      os.map((o) => o.getAttribute('value')),
    );
    expect(sets).toEqual(tools.encodeSets());
    expect(sets).toContain('rfc3986.component');
    expect(sets).toContain('whatwg.form');
    await page.fill('#percent-input', 'a b/é?');
    await page.selectOption('#percent-set', 'rfc3986.component');
    expect(await text('percent-encoded')).toBe('a%20b%2F%C3%A9%3F');
    await page.selectOption('#percent-set', 'rfc3986.path');
    expect(await text('percent-encoded')).toBe('a%20b/%C3%A9%3F');
    await page.selectOption('#percent-set', 'rfc3986.query');
    expect(await text('percent-encoded')).toBe('a%20b/%C3%A9?');
    await page.fill('#percent-decode-input', 'caf%C3%A9%20au%20lait');
    expect(await text('percent-decoded')).toBe('café au lait');
    await page.fill('#percent-decode-input', '100%zz');
    await page.selectOption('#percent-mode', 'strict');
    expect(await text('percent-decoded')).toMatch(/Error/);
    await page.selectOption('#percent-mode', 'lenient');
    expect(await text('percent-decoded')).toBe('100%zz');
  });

  it('decodes pasted hex bytes with a chosen charset', async () => {
    const names = await page.$$eval('#charset-name option', (os) =>
      os.map((o) => o.getAttribute('value')),
    );
    expect(names.slice(0, 2)).toEqual(['auto', 'utf-8']);
    expect(names).toContain('windows-1252');
    expect(names).toContain('cp437');
    await page.fill('#charset-hex', '43 61 66 E9 20 80');
    await page.selectOption('#charset-name', 'windows-1252');
    expect(await text('charset-output')).toBe('Café €');
    await page.selectOption('#charset-name', 'utf-8');
    expect(await text('charset-output')).toBe('Caf\uFFFD \uFFFD');
    await page.fill('#charset-hex', '0xE2 0x89 0xA0');
    expect(await text('charset-output')).toBe('≠');
    await page.selectOption('#charset-name', 'cp437');
    await page.fill('#charset-hex', 'C9 CD BB');
    expect(await text('charset-output')).toBe('╔═╗');
    await page.fill('#charset-hex', 'C9 C');
    expect(await text('charset-output')).toContain('index 4');
  });

  it('encodes text in a charset: hex, binary, the unencodable marked, ISO 2022 steps', async () => {
    await page.selectOption('#encode-name', 'iso-8859-7');
    await page.fill('#encode-input', 'Aα€');
    expect(await text('encode-hex')).toBe('41 E1 A4');
    expect(await text('encode-binary')).toBe('01000001 11100001 10100100');
    await page.selectOption('#encode-name', 'iso-8859-1');
    expect(await text('encode-hex')).toBe('41 3F 3F');
    expect(await page.locator('[data-unencodable="true"]').count()).toBe(2);
    await page.selectOption('#encode-name', 'iso-2022');
    await page.fill('#encode-input', 'αβ');
    expect(await text('encode-hex')).toBe('1B 2D 46 E1 E2');
    expect(await text('encode-steps')).toContain('G1 = ISO 8859-7 upper half, Greek (ISO-IR 126)');
  });

  it('shows the sniffed charset: byte order mark, then HTML prescan', async () => {
    await page.fill('#charset-hex', 'FE FF 00 41');
    expect(await text('charset-sniffed')).toBe('UTF-16BE (byte order mark)');
    const meta = [...new TextEncoder().encode('<meta charset="koi8-r">')]
      .map((b) => b.toString(16).padStart(2, '0'))
      .join(' ');
    await page.fill('#charset-hex', meta);
    expect(await text('charset-sniffed')).toBe('KOI8-R (HTML prescan)');
    await page.fill('#charset-hex', '41 42');
    expect(await text('charset-sniffed')).toBe('nothing (no byte order mark or declaration)');
    await page.selectOption('#charset-name', 'auto');
    expect(await text('charset-output')).toBe('AB');
    await page.fill('#charset-hex', 'FE FF 22 60');
    expect(await text('charset-output')).toBe('≠');
    await page.fill('#charset-hex', `${meta} E1`);
    const e1 = new TextDecoder('koi8-r').decode(Uint8Array.of(0xe1));
    expect(await text('charset-output')).toBe(`<meta charset="koi8-r">${e1}`);
  });

  it('detects the charset of pasted bytes that declare nothing', async () => {
    await page.selectOption('#charset-name', 'auto');
    // 'Κωδικοποίηση' in windows-1253, which Latin-1 shows as 'Êùäéêïðïßçóç'.
    await page.fill('#charset-hex', 'CA F9 E4 E9 EA EF F0 EF DF E7 F3 E7');
    expect(await text('charset-sniffed')).toBe('nothing (no byte order mark or declaration)');
    expect(await text('charset-detected')).toMatch(/^windows-1253 \d/);
    expect(await text('charset-output')).toBe('Κωδικοποίηση');
    await page.fill('#charset-hex', 'F0 D2 C9 D7 C5 D4 2C 20 CD C9 D2');
    expect(await text('charset-detected')).toMatch(/^KOI8-R /);
    expect(await text('charset-output')).toBe('Привет, мир');
  });

  it('parses a URN and shows its namespace and resolution URLs', async () => {
    await page.fill('#urn-input', 'urn:ietf:rfc:3986');
    const out = page.locator('[data-testid="urn-output"]');
    expect(await shown(out.locator('tr[data-part="nid"] td'))).toBe('ietf');
    expect(await shown(out.locator('tr[data-part="nss"] td'))).toBe('rfc:3986');
    expect(await shown(page.locator('[data-testid="urn-namespace"]'))).toMatch(
      /^Namespace: formal/,
    );
    const urls = await page.$$eval('[data-testid="urn-urls"] a', (as) =>
      as.map((a) => a.getAttribute('href')),
    );
    expect(urls).toContain('https://www.rfc-editor.org/rfc/rfc3986');
    await page.fill('#urn-input', 'urn:example:a?+r?=q#f');
    expect(await shown(out.locator('tr[data-part="rComponent"] td'))).toBe('r');
    expect(await shown(out.locator('tr[data-part="qComponent"] td'))).toBe('q');
    expect(await shown(out.locator('tr[data-part="fComponent"] td'))).toBe('f');
    expect(await shown(page.locator('[data-testid="urn-namespace"]'))).toMatch(
      /^Namespace: example/,
    );
    await page.fill('#urn-input', 'urn:a:b');
    expect(await shown(out)).toMatch(/UrnSyntaxError/);
    expect(await out.locator('mark').count()).toBe(1);
  });

  it('reads a Content-Type header as browsers do, and says whether RFC 9110 agrees', async () => {
    const out = page.locator('[data-testid="content-type-output"]');
    await page.fill('#content-type-input', 'Text/HTML; Charset="ISO-8859-7"; x=1');
    expect(await text('content-type-essence')).toBe('Media type: text/html');
    expect(await shown(out.locator('tr[data-parameter="charset"] td'))).toBe('"ISO-8859-7"');
    expect(await shown(out.locator('tr[data-parameter="x"] td'))).toBe('"1"');
    const o = tools.inspectContentType('Text/HTML; Charset="ISO-8859-7"; x=1');
    expect(o.kind === 'ok' && o.charset).toBeTruthy();
    expect(await text('content-type-charset')).toBe(`Charset: ${o.kind === 'ok' && o.charset}`);
    expect(await text('content-type-strict')).toBe('RFC 9110: well-formed.');
    await page.fill('#content-type-input', 'text/plain; charset="utf-8');
    expect(await text('content-type-strict')).toMatch(/^RFC 9110: HeaderSyntaxError/);
    expect(await text('content-type-essence')).toBe('Media type: text/plain');
    await page.fill('#content-type-input', 'text');
    expect(await shown(out)).toMatch(/browsers ignore this header/);
  });

  it('decodes the encoded-words of a mail header, strictly or as mail readers do', async () => {
    await page.fill('#rfc2047-input', '=?UTF-8?Q?Caf=C3=A9_cr=C3=A8me_?= =?UTF-8?B?4oCUIOKCrDU=?=');
    await page.selectOption('#rfc2047-mode', 'strict');
    expect(await text('rfc2047-text')).toBe('Café crème — €5');
    expect(await text('rfc2047-issues')).toBe('Every encoded-word decoded.');
    await page.fill('#rfc2047-input', 'Re:=?utf-8?q?caf=C3=A9?=');
    expect(await text('rfc2047-text')).toBe('Re:=?utf-8?q?caf=C3=A9?=');
    await page.selectOption('#rfc2047-mode', 'lenient');
    expect(await text('rfc2047-text')).toBe('Re:café');
    await page.fill('#rfc2047-input', '=?x-no-such-charset?q?a?=');
    expect(await text('rfc2047-issues')).toMatch(
      /^Left as written: unknown-charset \(x-no-such-charset\) at index 0/,
    );
  });

  it('decodes HTML character references as a browser does, and writes them for a charset', async () => {
    await page.fill('#html-decode-input', '&Auml;pfel &amp; &#8364;5 &notit; &copy=2');
    await page.selectOption('#html-context', 'text');
    expect(await text('html-decoded')).toBe('Äpfel & €5 ¬it; ©=2');
    expect(await text('html-errors')).toMatch(
      /^Parse errors: missing-semicolon-after-character-reference at index 26; missing-semicolon-after-character-reference at index 34$/,
    );
    await page.selectOption('#html-context', 'attribute');
    expect(await text('html-decoded')).toBe('Äpfel & €5 &notit; &copy=2');
    await page.fill('#html-decode-input', '&amp;');
    expect(await text('html-errors')).toBe('No parse errors.');
    await page.fill('#html-encode-input', 'Äpfel & μήλα');
    await page.selectOption('#html-charset', 'windows-1253');
    await page.selectOption('#html-mode', 'named');
    expect(await text('html-encoded')).toBe('&Auml;pfel &amp; μήλα');
    await page.selectOption('#html-mode', 'attribute');
    expect(await text('html-encoded')).toBe('&#196;pfel &amp; μήλα');
    await page.selectOption('#html-charset', 'utf-8');
    expect(await text('html-encoded')).toBe('Äpfel &amp; μήλα');
  });

  it('reports a URN whose namespace rules fail, such as a wrong ISBN check digit', async () => {
    await page.fill('#urn-input', 'urn:isbn:0-486-27557-4');
    expect(await text('urn-problems')).toBe('Namespace rules: met.');
    await page.fill('#urn-input', 'urn:isbn:0-486-27557-5');
    expect(await text('urn-problems')).toBe(
      'Namespace rules not met: wrong check digit, expected 4',
    );
  });

  it('renders to a non-empty screenshot', async () => {
    await page.fill('#parse-input', 'http://exa mple.com/');
    const png = await page.screenshot({ path: join(shots, 'playground.png'), fullPage: true });
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.length).toBeGreaterThan(20_000);
    expect(pageErrors).toEqual([]);
  });
});
