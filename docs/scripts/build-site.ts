// Builds the static site into docs/site:
//   guides/index.md          -> site/index.html (the landing page)
//   guides/<slug>.md          -> site/guides/<slug>.html
//   src/playground.html       -> site/playground.html, with src/playground.ts bundled by esbuild
//                                from the packages' sources (no package build needed)
//   src/style.css             -> site/assets/style.css (src/favicon.svg beside it)
//   typedoc (root typedoc.json, packages mode) -> site/api   (skipped with --no-api)
// Usage: node scripts/build-site.ts [--no-api]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { Marked, type Tokens } from 'marked';
import { workspaceSource } from '../../tooling/exports.ts';
import { escapeHtml, guides, layout, packages, slugify } from './pages.ts';

const docs = join(dirname(fileURLToPath(import.meta.url)), '..');
const repo = join(docs, '..');
const site = join(docs, 'site');

/** Resolves `@x/<name>[/<subpath>]` to the package's TypeScript source, as the tests do. */
function workspacePlugin(): Plugin {
  return {
    name: 'x-workspace-sources',
    setup(b) {
      b.onResolve({ filter: /^@x\// }, (args) => {
        const path = workspaceSource(args.path);
        return path
          ? { path }
          : { errors: [{ text: `no workspace package entry for ${args.path}` }] };
      });
    },
  };
}

/**
 * Rewrites a link written relative to `guides/` (as the markdown is read on a forge) to a link
 * relative to the built page: `x.md` -> `x.html`, `../playground.html` from the landing page ->
 * `playground.html`.
 */
export function rewriteHref(href: string, pageDir: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('#')) return href;
  const hash = href.indexOf('#');
  let path = hash < 0 ? href : href.slice(0, hash);
  const frag = hash < 0 ? '' : href.slice(hash);
  if (path.endsWith('.md')) {
    path = path === 'index.md' ? '../index.html' : `${path.slice(0, -3)}.html`;
  }
  const target = posix.normalize(posix.join('guides', path));
  const rel = posix.relative(pageDir, target) || posix.basename(target);
  return rel + frag;
}

/** Renders one guide's markdown to HTML, with heading anchors and links rewritten for `pageDir`. */
export function renderMarkdown(markdown: string, pageDir: string): { title: string; html: string } {
  let title = '';
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading(
        this: { parser: { parseInline(t: Tokens.Generic[]): string } },
        token: Tokens.Heading,
      ) {
        const inner = this.parser.parseInline(token.tokens);
        if (token.depth === 1 && !title) title = token.text;
        const id = slugify(token.text);
        return token.depth === 1
          ? `<h1>${inner}</h1>\n`
          : `<h${token.depth} id="${id}"><a class="anchor" href="#${id}">${inner}</a></h${token.depth}>\n`;
      },
      code(token: Tokens.Code) {
        const lang = (token.lang ?? '').split(/\s/)[0] ?? '';
        const cls = lang ? ` class="language-${escapeHtml(lang)}"` : '';
        return `<pre${cls}><code>${escapeHtml(token.text)}</code></pre>\n`;
      },
      link(this: { parser: { parseInline(t: Tokens.Generic[]): string } }, token: Tokens.Link) {
        const inner = this.parser.parseInline(token.tokens);
        const t = token.title ? ` title="${escapeHtml(token.title)}"` : '';
        return `<a href="${escapeHtml(rewriteHref(token.href, pageDir))}"${t}>${inner}</a>`;
      },
    },
  });
  const html = marked.parse(markdown, { async: false }) as string;
  return { title: title || 'Untitled', html };
}

async function bundlePlayground(): Promise<void> {
  await build({
    entryPoints: [join(docs, 'src', 'playground.ts')],
    outfile: join(site, 'assets', 'playground.js'),
    bundle: true,
    format: 'esm',
    target: 'es2020',
    platform: 'browser',
    minify: true,
    sourcemap: true,
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [workspacePlugin()],
  });
}

/** Every file under `dir`, as paths relative to it. */
function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(dir, posix.join(prefix, e.name)) : [posix.join(prefix, e.name)],
  );
}

/**
 * Fits typedoc's pages into the site: the toolbar links written in typedoc.json as
 * `x-site-root:<path>` become paths relative to each page (typedoc writes `navigationLinks` as
 * given, and the reference may be hosted under any prefix), and a page keeps one H1, its title: a
 * README rendered on a package's page brings its own, which becomes an H2.
 */
export function fitApiPage(html: string, pathInApi: string): string {
  const depth = pathInApi.split('/').length; // api/index.html is 1 level below the site root
  const root = '../'.repeat(depth);
  let out = html.split('href="x-site-root:').join(`href="${root}`);
  // Headings do not nest, so the title's closing tag is the first `</h1>` after its opening.
  const titleEnd = out.indexOf('</h1>', out.indexOf('<h1'));
  if (titleEnd >= 0) {
    const rest = out.slice(titleEnd + 5).replace(/<(\/?)h1(?=[\s>])/g, '<$1h2');
    out = out.slice(0, titleEnd + 5) + rest;
  }
  return out;
}

function buildApi(): void {
  // The root typedoc.json (packages mode, every export documented or the build fails), written
  // into the site so that the guides' links to the reference work on any static host.
  const bin = join(repo, 'node_modules', '.bin', 'typedoc');
  execFileSync(
    bin,
    [
      '--options',
      join(repo, 'typedoc.json'),
      '--out',
      join(site, 'api'),
      '--disableSources',
      '--disableGit',
    ],
    { cwd: repo, stdio: 'inherit' },
  );
  const api = join(site, 'api');
  for (const file of filesUnder(api)) {
    if (!file.endsWith('.html')) continue;
    const path = join(api, file);
    writeFileSync(path, fitApiPage(readFileSync(path, 'utf8'), file));
  }
}

/**
 * Without `--no-api` typedoc writes site/api. With it (the tests' quick build), each page the guides
 * may link to (the index and one page a package) is a placeholder that says how to build the real one.
 */
function writeApiPlaceholder(): void {
  mkdirSync(join(site, 'api', 'modules'), { recursive: true });
  const note = (title: string, root: string): string =>
    layout({
      title,
      root,
      current: 'api',
      body: `<h1>${escapeHtml(title)}</h1><p>This build of the site was made without the API reference (<code>--no-api</code>). Run <code>pnpm run build</code> at the root, or <code>pnpm --filter @x/docs docs</code>, to generate it with typedoc.</p>`,
    });
  writeFileSync(join(site, 'api', 'index.html'), note('API reference', '../'));
  for (const p of packages) {
    writeFileSync(join(site, 'api', 'modules', `_x_${p}.html`), note(`@x/${p}`, '../../'));
  }
}

export async function buildSite(options: { api: boolean }): Promise<void> {
  // A quick build (--no-api) keeps an API reference that a full build made earlier.
  const keepApi = !options.api && existsSync(join(site, 'api', 'index.html'));
  for (const entry of existsSync(site) ? readdirSync(site) : []) {
    if (entry === 'api' && keepApi) continue;
    rmSync(join(site, entry), { recursive: true, force: true });
  }
  mkdirSync(join(site, 'guides'), { recursive: true });
  mkdirSync(join(site, 'assets'), { recursive: true });

  const landing = renderMarkdown(readFileSync(join(docs, 'guides', 'index.md'), 'utf8'), '.');
  writeFileSync(
    join(site, 'index.html'),
    layout({ title: landing.title, root: '', body: landing.html, current: 'index' }),
  );
  for (const g of guides) {
    const md = readFileSync(join(docs, 'guides', `${g.slug}.md`), 'utf8');
    const page = renderMarkdown(md, 'guides');
    writeFileSync(
      join(site, 'guides', `${g.slug}.html`),
      layout({ title: page.title, root: '../', body: page.html, current: g.slug }),
    );
  }
  const playground = readFileSync(join(docs, 'src', 'playground.html'), 'utf8');
  writeFileSync(
    join(site, 'playground.html'),
    layout({
      title: 'Playground',
      root: '',
      body: playground,
      current: 'playground',
      scripts: ['assets/playground.js'],
    }),
  );
  writeFileSync(join(site, 'assets', 'style.css'), readFileSync(join(docs, 'src', 'style.css')));
  writeFileSync(
    join(site, 'assets', 'favicon.svg'),
    readFileSync(join(docs, 'src', 'favicon.svg')),
  );
  await bundlePlayground();
  if (options.api) buildApi();
  else if (!keepApi) writeApiPlaceholder();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildSite({ api: !process.argv.includes('--no-api') });
  console.log(`docs: site built in ${site}`);
}
