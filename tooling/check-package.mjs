#!/usr/bin/env node
// The package checks the `test` task runs after vitest, on the built package:
//   1. publint: the package.json and files are publishable as declared;
//   2. @arethetypeswrong/cli: the types resolve for ESM and CJS consumers (node16 and bundler);
//   3. the size budget: each entry named in `sizeBudget`, bundled and minified with esbuild
//      (sibling @x/* packages left external), then gzipped, must not exceed its budget in bytes;
//   4. the browser bundle: each entry bundled for the browser from the exports holds no Node module
//      (a package's node build, tooling/platform.ts, is for the `node` condition only), and bundles
//      without a warning (such as esbuild's "Ignoring this import because … no side effects");
//   5. the CommonJS entries (portable and node) export what their ES modules export, each a value
//      of the same type and none undefined (tooling/tsup.ts makes their re-exports plain properties).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { entriesOf } from './exports.ts';

const dir = process.cwd();
const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
const require = createRequire(import.meta.url);
let failed = false;

// 1. publint
const { publint } = await import('publint');
const { formatMessage } = await import('publint/utils');
const { messages } = await publint({ pkgDir: dir, level: 'warning', strict: true });
for (const m of messages) {
  console.error(`publint ${m.type}: ${formatMessage(m, pkg)}`);
  failed = true;
}
if (messages.length === 0) console.log(`publint: ${pkg.name} ok`);

// 2. are the types wrong? Every profile, node10 included: TypeScript's default resolution for
//    "module": "commonjs" ignores `exports`, and `typesVersions` gives it each subpath's types.
const attwBin = require
  .resolve('@arethetypeswrong/cli/package.json')
  .replace('package.json', 'dist/index.js');
try {
  // The tarball is packed here without the package's scripts: `attw --pack` runs `npm pack` with
  // them, and `prepack` rebuilds dist/ (cleaning it first), which other tasks of the same turbo run
  // (typedoc, the dependents' tests) may be reading at that moment.
  const out = mkdtempSync(join(tmpdir(), 'x-attw-'));
  const tarball = execFileSync(
    'npm',
    ['pack', '--ignore-scripts', '--silent', '--pack-destination', out],
    { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  ).trim();
  execFileSync(process.execPath, [attwBin, join(out, tarball), '--format', 'ascii'], {
    cwd: dir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  rmSync(out, { recursive: true, force: true });
  console.log(`attw: ${pkg.name} ok`);
} catch (error) {
  console.error(`attw: ${pkg.name} failed\n${error.stdout ?? ''}${error.stderr ?? ''}`);
  failed = true;
}

// 3. size budget, min+gzip
const esbuild = await import('esbuild');
const budgets = pkg.sizeBudget ?? {};
if (Object.keys(budgets).length === 0) {
  console.error(`size: ${pkg.name} has no sizeBudget in package.json`);
  failed = true;
}
for (const [label, budget] of Object.entries(budgets)) {
  // A budget key is an import specifier relative to the package (".", "./shift_jis") or a
  // snippet "<module> :: <named imports>" measuring only what a user who imports those names bundles.
  const [subpath, names] = label.split('::').map((s) => s.trim());
  const spec = subpath === '.' ? pkg.name : `${pkg.name}/${subpath.replace(/^\.\//, '')}`;
  const contents = names ? `export { ${names} } from '${spec}';` : `export * from '${spec}';`;
  const result = await esbuild.build({
    stdin: { contents, resolveDir: dir, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
    external: Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies }),
    plugins: [selfReference(pkg, dir)],
  });
  const bytes = gzipSync(result.outputFiles[0].contents, { level: 9 }).length;
  const ok = bytes <= budget;
  if (!ok) failed = true;
  console.log(
    `size: ${spec}${names ? ` { ${names} }` : ''} ${bytes} B min+gzip (budget ${budget} B) ${ok ? 'ok' : 'OVER BUDGET'}`,
  );
}

// 4. Browsers get the portable build: every entry, bundled for the browser from the package's
//    exports (so the `node` condition is never taken), holds no `node:` import. A package with a
//    node build (tooling/platform.ts) must also have built it, for every entry.
const nodeBuild = Object.values(pkg.exports ?? {}).some(
  (v) => v && typeof v === 'object' && v.node,
);
for (const [subpath, entry] of Object.entries(entriesOf(pkg))) {
  const spec = subpath === '.' ? pkg.name : `${pkg.name}/${subpath.slice(2)}`;
  try {
    const result = await esbuild.build({
      stdin: { contents: `export * from '${spec}';`, resolveDir: dir, loader: 'js' },
      bundle: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      logLevel: 'silent',
      external: Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies }),
    });

    for (const warning of result.warnings) {
      console.error(`browser: bundling ${spec} warns: ${warning.text}`);
      failed = true;
    }
    const text = new TextDecoder().decode(result.outputFiles[0].contents);
    if (/\bnode:|require\(["']buffer["']\)|from ["']buffer["']/.test(text)) {
      console.error(`browser: ${spec} bundles a Node module`);
      failed = true;
    }
  } catch (error) {
    console.error(`browser: ${spec} does not bundle for the browser: ${error.message}`);
    failed = true;
  }
  if (nodeBuild) {
    for (const ext of ['js', 'cjs']) {
      if (!existsSync(join(dir, 'dist', 'node', `${entry}.${ext}`))) {
        console.error(`node build: ${spec} has no dist/node/${entry}.${ext}`);
        failed = true;
      }
    }
  }
}
if (!failed)
  console.log(
    `browser: ${pkg.name} bundles without Node modules${nodeBuild ? '; node build complete' : ''}`,
  );

// 5. CommonJS entries against their ES modules.
let entriesChecked = 0;
for (const entry of Object.values(entriesOf(pkg))) {
  for (const folder of nodeBuild ? ['dist', 'dist/node'] : ['dist']) {
    const base = join(dir, folder, entry);
    const esm = await import(pathToFileURL(`${base}.js`).href);
    const cjs = require(`${base}.cjs`);
    const names = Object.keys(esm).sort();
    const cjsNames = Object.keys(cjs).sort();
    if (names.join() !== cjsNames.join()) {
      console.error(
        `cjs: ${folder}/${entry}.cjs exports ${cjsNames} against the ES module's ${names}`,
      );
      failed = true;
    }
    for (const name of names)
      if (cjs[name] === undefined || typeof cjs[name] !== typeof esm[name]) {
        console.error(
          `cjs: ${folder}/${entry}.cjs: ${name} is ${typeof cjs[name]}, not ${typeof esm[name]}`,
        );
        failed = true;
      }
    entriesChecked++;
  }
}
if (!failed)
  console.log(
    `cjs: ${pkg.name}: ${entriesChecked} CommonJS entries export what their ES modules do`,
  );

if (failed) process.exit(1);

/** Resolve the package's own name to its dist files, as a user of the published package would get. */
function selfReference(pkg, dir) {
  const entries = entriesOf(pkg);
  return {
    name: 'self',
    setup(build) {
      build.onResolve({ filter: new RegExp(`^${pkg.name.replace('/', '\\/')}(/|$)`) }, (args) => {
        const sub = args.path === pkg.name ? '.' : `./${args.path.slice(pkg.name.length + 1)}`;
        const entry = entries[sub];
        if (entry === undefined) return { errors: [{ text: `no export ${sub} in ${pkg.name}` }] };
        return { path: join(dir, 'dist', `${entry}.js`) };
      });
    },
  };
}
