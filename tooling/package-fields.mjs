#!/usr/bin/env node
// The publishing fields every package.json must carry, derived from one place so that they cannot
// drift: where the repository is, what the tarball ships (LICENSE and, for a package that embeds
// data, THIRD_PARTY_NOTICES.md), types for every subpath under TypeScript's node10 resolution
// (`typesVersions`, which ignores `exports`), a `prepack` build so that `pnpm pack` from a fresh
// clone ships `dist/`, and `workspace:^` ranges between siblings (published as `^x.y.z`).
// It also keeps each package's typedoc.json in step with its exports: one entry point per export
// (so the API reference has a page for every subpath, `@x/legacy-charsets/windows-1253` included)
// and the package README rendered above its symbols.
//
//   node tooling/package-fields.mjs          rewrite every packages/*/package.json
//   node tooling/package-fields.mjs --check  list what is out of date and exit 1 (check-repo runs this)
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const REPOSITORY = 'https://github.com/x-charsets/x';

const root = join(import.meta.dirname, '..');

/** The fields of one package as they must be, given its current package.json. */
export function expectedFields(name, pkg) {
  const dir = join(root, 'packages', name);
  const notices = existsSync(join(dir, 'THIRD_PARTY_NOTICES.md'));
  const typesVersions = {};
  for (const subpath of Object.keys(pkg.exports ?? {})) {
    if (subpath === '.' || subpath === './package.json') continue;
    const entry = subpath.slice(2);
    typesVersions[entry] = [`./dist/${entry}.d.cts`];
  }
  // A package with `src/**/*.node.ts` ships a node build (tooling/platform.ts): every entry gets a
  // `node` condition first, pointing at dist/node/ with the portable declarations.
  const node = existsSync(join(dir, 'src')) &&
    readdirSync(join(dir, 'src'), { recursive: true }).some((f) => String(f).endsWith('.node.ts'));
  const exports = {};
  for (const [subpath, value] of Object.entries(pkg.exports ?? {})) {
    if (typeof value !== 'object' || value === null || !value.import || !value.require) {
      exports[subpath] = value;
      continue;
    }
    const { node: _, ...portable } = value;
    const toNode = (t) => ({ types: t.types, default: t.default.replace('./dist/', './dist/node/') });
    exports[subpath] = node
      ? { node: { import: toNode(portable.import), require: toNode(portable.require) }, ...portable }
      : portable;
  }
  const dependencies = {};
  for (const [dep, range] of Object.entries(pkg.dependencies ?? {}))
    dependencies[dep] = dep.startsWith('@x/') ? 'workspace:^' : range;
  return {
    repository: { type: 'git', url: `git+${REPOSITORY}.git`, directory: `packages/${name}` },
    homepage: `${REPOSITORY}/tree/main/packages/${name}#readme`,
    bugs: { url: `${REPOSITORY}/issues` },
    files: [
      'dist',
      'README.md',
      'CHANGELOG.md',
      'LICENSE',
      ...(notices ? ['THIRD_PARTY_NOTICES.md'] : []),
    ],
    ...(Object.keys(typesVersions).length > 0 ? { typesVersions: { '*': typesVersions } } : {}),
    exports,
    publishConfig: { access: 'public' },
    scripts: { ...pkg.scripts, prepack: 'tsup' },
    dependencies,
  };
}

/**
 * The package's typedoc.json as it must be: every entry of `exports` documented (`.` is
 * src/index.ts, `./x` is src/x.ts, as tooling/tsup.ts builds them) and the README on the
 * package's page of the reference.
 */
export function expectedTypedoc(pkg, current) {
  const entryPoints = [];
  for (const [subpath, value] of Object.entries(pkg.exports ?? {})) {
    if (subpath === './package.json') continue;
    const target = value?.import?.default ?? value?.default;
    if (typeof target !== 'string' || !target.startsWith('./dist/') || !target.endsWith('.js'))
      continue;
    entryPoints.push(`src/${target.slice('./dist/'.length, -'.js'.length)}.ts`);
  }
  return { ...current, entryPoints, readme: 'README.md' };
}

/** Field order of a written package.json: the publishing fields after `license`. */
const ORDER = [
  'name',
  'version',
  'description',
  'keywords',
  'license',
  'repository',
  'homepage',
  'bugs',
  'type',
  'sideEffects',
  'engines',
  'files',
  'main',
  'module',
  'types',
  'typesVersions',
  'exports',
  'publishConfig',
  'sizeBudget',
  'scripts',
  'dependencies',
  'devDependencies',
];

function ordered(pkg) {
  const out = {};
  for (const key of ORDER) if (key in pkg) out[key] = pkg[key];
  for (const key of Object.keys(pkg)) if (!(key in out)) out[key] = pkg[key];
  return out;
}

export function packageNames() {
  return readdirSync(join(root, 'packages')).filter((n) =>
    existsSync(join(root, 'packages', n, 'package.json')),
  );
}

/** Problems (check) or rewrites (write) for every package; returns the list of problems. */
export function syncPackageFields({ write }) {
  const problems = [];
  for (const name of packageNames()) {
    const file = join(root, 'packages', name, 'package.json');
    const text = readFileSync(file, 'utf8');
    const pkg = JSON.parse(text);
    const want = expectedFields(name, pkg);
    for (const [key, value] of Object.entries(want)) {
      if (JSON.stringify(pkg[key]) !== JSON.stringify(value))
        problems.push(`${pkg.name}: package.json "${key}" is out of date`);
    }
    const typedocFile = join(root, 'packages', name, 'typedoc.json');
    if (existsSync(typedocFile)) {
      const typedocText = readFileSync(typedocFile, 'utf8');
      const typedoc = JSON.parse(typedocText);
      const wantTypedoc = expectedTypedoc(pkg, typedoc);
      const nextTypedoc = `${JSON.stringify(wantTypedoc, null, 2)}\n`;
      if (JSON.stringify(wantTypedoc) !== JSON.stringify(typedoc))
        problems.push(`${pkg.name}: typedoc.json entry points or readme are out of date`);
      if (write && nextTypedoc !== typedocText) writeFileSync(typedocFile, nextTypedoc);
    }
    if (!existsSync(join(root, 'packages', name, 'LICENSE')))
      problems.push(`${pkg.name}: no LICENSE file`);
    if (write) {
      const next = `${JSON.stringify(ordered({ ...pkg, ...want }), null, 2)}\n`;
      if (next !== text) writeFileSync(file, next);
    }
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const check = process.argv.includes('--check');
  const problems = syncPackageFields({ write: !check });
  if (check && problems.length > 0) {
    for (const p of problems) console.error(`package-fields: ${p}`);
    console.error('package-fields: run `node tooling/package-fields.mjs` to update them');
    process.exit(1);
  }
}
