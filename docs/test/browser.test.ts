// The built site in a real browser: Debian's headless Chromium driven by playwright-core, the site
// served from docs/site on 127.0.0.1 by scripts/serve.ts. `pnpm test` builds the site first
// (scripts/build-site.ts --no-api) and installs Chromium if it is missing (scripts/ensure-chromium.sh).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guides } from '../scripts/pages.ts';
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
      'docs/site is not built: run `node scripts/build-site.ts --no-api` (the test script does)',
    );
  }
  ({ server, url: base } = await serve(site));
  userDataDir = mkdtempSync(join(tmpdir(), 'x-docs-chromium-'));
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
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

  it('parses a URI into its components', async () => {
    await page.fill('#parse-input', 'foo://example.com:8042/over/there?name=ferret#nose');
    const out = page.locator('[data-testid="parse-output"]');
    if (tools.parseUri('x').kind === 'missing') {
      expect(await shown(out)).toContain('not available');
      return;
    }
    const cell = (n: string): Promise<string> => shown(out.locator(`tr[data-component="${n}"] td`));
    expect(await cell('scheme')).toBe('"foo"');
    expect(await cell('host')).toBe('"example.com"');
    expect(await cell('port')).toBe('"8042"');
    expect(await cell('path')).toBe('"/over/there"');
    expect(await cell('query')).toBe('"name=ferret"');
    expect(await cell('fragment')).toBe('"nose"');
    expect(await cell('userinfo')).toContain('undefined');
  });

  it('highlights invalid input at the error index', async () => {
    await page.fill('#parse-input', 'http://exa mple.com/');
    const out = page.locator('[data-testid="parse-output"]');
    if (tools.parseUri('x').kind === 'missing') {
      expect(await shown(out)).toContain('not available');
      return;
    }
    const mark = out.locator('mark');
    expect(await mark.getAttribute('data-index')).toBe('10');
    expect(await shown(mark)).toBe(' ');
    expect(await shown(out)).toContain('UriSyntaxError at index 10');
  });

  it('resolves and relativizes (RFC 3986 §5.4.1)', async () => {
    await page.fill('#resolve-base', 'http://a/b/c/d;p?q');
    await page.fill('#resolve-ref', '../../g');
    await page.fill('#relativize-target', 'http://a/b/c/g?y');
    if (tools.resolveReference('http://a/', 'b').kind === 'missing') {
      expect(await text('resolve-output')).toContain('not available');
    } else {
      expect(await text('resolve-output')).toBe('http://a/g');
    }
    if (tools.relativizeTarget('http://a/', 'http://a/b').kind === 'missing') {
      expect(await text('relativize-output')).toContain('not available');
    } else {
      expect(await text('relativize-output')).toBe('g?y');
    }
  });

  it('percent-encodes with a chosen set and decodes', async () => {
    await page.fill('#percent-input', 'a b/é');
    await page.fill('#percent-decode-input', 'caf%C3%A9%20au%20lait');
    const sets = await page.$$eval('#percent-set option', (os) =>
      os.map((o) => o.getAttribute('value')),
    );
    expect(sets).toEqual(tools.encodeSets());
    const encoded = tools.encodePercent('a b/é', sets[0] ?? '');
    if (encoded.kind === 'missing' || sets.length === 0) {
      expect(await text('percent-encoded')).toContain('not available');
    } else {
      expect(await text('percent-encoded')).toContain('%C3%A9');
    }
    if (tools.decodePercent('', 'strict').kind === 'missing') {
      expect(await text('percent-decoded')).toContain('not available');
    } else {
      expect(await text('percent-decoded')).toBe('café au lait');
    }
  });

  it('decodes pasted hex bytes with a chosen charset', async () => {
    await page.fill('#charset-hex', '43 61 66 E9 20 80');
    const names = await page.$$eval('#charset-name option', (os) =>
      os.map((o) => o.getAttribute('value')),
    );
    expect(names[0]).toBe('utf-8');
    if (names.includes('windows-1252')) {
      await page.selectOption('#charset-name', 'windows-1252');
      expect(await text('charset-output')).toBe('Café €');
    }
    await page.selectOption('#charset-name', 'utf-8');
    if (tools.decodeBytes(new Uint8Array(0), 'utf-8').kind === 'missing') {
      expect(await text('charset-output')).toContain('not available');
    } else {
      expect(await text('charset-output')).toBe('Caf\uFFFD \uFFFD');
    }
  });

  it('shows the sniffed charset of bytes with a byte order mark', async () => {
    await page.fill('#charset-hex', 'FE FF 00 41');
    const s = tools.sniff(Uint8Array.of(0xfe, 0xff, 0x00, 0x41));
    if (s.kind === 'missing') expect(await text('charset-sniffed')).toContain('not available');
    else expect((await text('charset-sniffed')).toLowerCase()).toContain('utf-16be');
  });

  it('parses a URN and shows its namespace and resolution URLs', async () => {
    await page.fill('#urn-input', 'urn:ietf:rfc:3986');
    const out = page.locator('[data-testid="urn-output"]');
    const o = tools.inspectUrn('urn:ietf:rfc:3986');
    if (o.kind === 'missing') {
      expect(await shown(out)).toContain('not available');
      return;
    }
    const all = await shown(out);
    expect(all).toContain('ietf');
    expect(all).toContain('rfc:3986');
  });

  it('renders to a non-empty screenshot', async () => {
    await page.fill('#parse-input', 'http://exa mple.com/');
    const png = await page.screenshot({ path: join(shots, 'playground.png'), fullPage: true });
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.length).toBeGreaterThan(20_000);
    expect(pageErrors).toEqual([]);
  });
});
