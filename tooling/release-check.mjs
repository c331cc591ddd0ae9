#!/usr/bin/env node
// What a user gets from the registry, checked before anything is published:
//   1. every package is packed as `pnpm publish` would pack it (workspace:^ becomes ^x.y.z, dist/,
//      LICENSE and the notices are in the tarball, nothing from test/, bench/, src/ or data/);
//   2. one package is bumped as `changeset version` would bump it (its version, and the ranges of
//      the packages that depend on it), so that the versions differ as they will after releases;
//   3. the tarballs are installed into a fresh app outside the workspace, with no registry, and
//      the app must hold exactly one copy of each package;
//   4. the app runs a smoke test through ESM and CommonJS, under every Node on the machine, and
//      type-checks through TypeScript's node16, commonjs (node10) and bundler resolution.
//
//   node tooling/release-check.mjs           pack the dist/ that is there (run after the build)
//   node tooling/release-check.mjs --build   run each package's prepack build while packing
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const build = process.argv.includes('--build');
const work = mkdtempSync(join(tmpdir(), 'x-release-check-'));
const tarballs = join(work, 'tarballs');
const app = join(work, 'app');
mkdirSync(tarballs);
mkdirSync(app);
const run = (cmd, args, cwd, env = {}) =>
  execFileSync(cmd, args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
const fail = (message) => {
  console.error(`release-check: ${message}`);
  process.exitCode = 1;
};

const names = readdirSync(join(root, 'packages')).filter((n) =>
  existsSync(join(root, 'packages', n, 'package.json')),
);
const pkgs = Object.fromEntries(
  names.map((n) => [
    n,
    JSON.parse(readFileSync(join(root, 'packages', n, 'package.json'), 'utf8')),
  ]),
);

// 1. Pack. pnpm replaces workspace: ranges; the tarball is unpacked so that step 2 can edit it.
const pnpm =
  process.env.npm_execpath && /pnpm/.test(process.env.npm_execpath)
    ? process.env.npm_execpath
    : 'pnpm';
for (const name of names) {
  const dir = join(root, 'packages', name);
  if (!build && !existsSync(join(dir, 'dist')))
    throw new Error(`packages/${name}/dist is missing: build first, or pass --build`);
  const args = [
    'pack',
    '--pack-destination',
    tarballs,
    ...(build ? [] : ['--config.ignore-scripts=true']),
  ];
  if (pnpm.endsWith('.js') || pnpm.endsWith('.cjs')) run(process.execPath, [pnpm, ...args], dir);
  else run(pnpm, args, dir);
}
const packed = {};
for (const file of readdirSync(tarballs)) {
  const out = join(work, 'unpacked', file.replace(/\.tgz$/, ''));
  mkdirSync(out, { recursive: true });
  run('tar', ['-xzf', join(tarballs, file), '-C', out], work);
  const dir = join(out, 'package');
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  packed[pkg.name] = { dir, pkg };
}
for (const name of names) {
  const entry = packed[`@x/${name}`];
  if (!entry) {
    fail(`@x/${name} was not packed`);
    continue;
  }
  const { dir, pkg } = entry;
  const files = listFiles(dir);
  for (const must of [
    'package.json',
    'README.md',
    'LICENSE',
    'dist/index.js',
    'dist/index.cjs',
    'dist/index.d.ts',
    'dist/index.d.cts',
  ])
    if (!files.includes(must)) fail(`${pkg.name}: the tarball lacks ${must}`);
  if (
    existsSync(join(root, 'packages', name, 'THIRD_PARTY_NOTICES.md')) &&
    !files.includes('THIRD_PARTY_NOTICES.md')
  )
    fail(`${pkg.name}: the tarball lacks THIRD_PARTY_NOTICES.md`);
  for (const f of files)
    if (
      /^(src|test|bench|scripts|data|coverage)\//.test(f) ||
      /\.(test|bench)\.[cm]?[jt]s$/.test(f)
    )
      fail(`${pkg.name}: the tarball ships ${f}`);
  for (const [dep, range] of Object.entries(pkg.dependencies ?? {}))
    if (range.startsWith('workspace:'))
      fail(`${pkg.name}: publishes the dependency ${dep}@${range}`);
    else if (dep.startsWith('@x/') && range !== `^${pkgs[dep.slice(3)].version}`)
      fail(`${pkg.name}: depends on ${dep}@${range}, not on ^${pkgs[dep.slice(3)].version}`);
}

// 2. Versions drift. Say every package was released as 0.1.0, and later @x/utf8 alone gets a
// patch release (every other package depends on it, directly or not); its dependents are not
// republished. The ranges they were published with (kept as packed: `^` from workspace:^, an
// exact version from workspace:*) must accept the new @x/utf8, or an app that also depends on
// @x/utf8 directly gets two copies of it, with two sets of error classes.
const bumped = '@x/utf8';
const base = '0.1.0';
const next = '0.1.1';
for (const { dir, pkg } of Object.values(packed)) {
  pkg.version = pkg.name === bumped ? next : base;
  for (const dep of Object.keys(pkg.dependencies ?? {}))
    if (dep.startsWith('@x/'))
      pkg.dependencies[dep] = pkg.dependencies[dep].replace(/\d+\.\d+\.\d+.*$/, base);
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
}
rmSync(tarballs, { recursive: true });
mkdirSync(tarballs);
const deps = {};
for (const { dir, pkg } of Object.values(packed)) {
  run(
    'tar',
    ['-czf', join(tarballs, `${pkg.name.slice(3)}.tgz`), '-C', join(dir, '..'), 'package'],
    work,
  );
  deps[pkg.name] = `file:../tarballs/${pkg.name.slice(3)}.tgz`;
}

// 3. A fresh app, outside the workspace, installed with no registry at all.
writeFileSync(
  join(app, 'package.json'),
  `${JSON.stringify({ name: 'release-check-app', private: true, version: '1.0.0', dependencies: deps }, null, 2)}\n`,
);
const npm = findNpm();
try {
  run(
    npm.cmd,
    [
      ...npm.args,
      'install',
      '--offline',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      '--loglevel=error',
    ],
    app,
  );
} catch (error) {
  fail(
    `npm install of the tarballs failed:\n${`${error.stderr}`.trim().split('\n').slice(0, 8).join('\n')}`,
  );
  console.error(`release-check: failed (work left in ${work})`);
  process.exit(1);
}
const copies = {};
walkModules(join(app, 'node_modules'), (name, dir) => {
  (copies[name] ??= []).push(dir.slice(app.length + 1));
});
for (const name of Object.keys(packed)) {
  const where = copies[name] ?? [];
  if (where.length !== 1) fail(`${name}: ${where.length} copies installed (${where.join(', ')})`);
}
if (
  JSON.parse(readFileSync(join(app, 'node_modules', '@x', 'utf8', 'package.json'), 'utf8'))
    .version !== next
)
  fail(`${bumped}: the bumped ${next} was not installed`);

// 4. Smoke tests: the same calls through ESM and CommonJS, then TypeScript.
const calls = [
  ['@x/utf8', 'decode', '(m) => m.decode(new Uint8Array([0xe2, 0x82, 0xac]))', '€'],
  ['@x/legacy-charsets', 'decode', "(m) => m.decode(new Uint8Array([0xe1]), 'windows-1253')", 'α'],
  [
    '@x/legacy-charsets/windows-1253',
    'codec',
    '(m) => m.codec.decode(new Uint8Array([0xe1]))',
    'α',
  ],
  ['@x/percent', 'percentDecode', "(m) => m.percentDecode('caf%C3%A9')", 'café'],
  ['@x/uri', 'parse', "(m) => m.parse('http://a/b?c#d').host", 'a'],
  ['@x/uri/mailto', 'parseMailto', '(m) => typeof m.parseMailto', 'function'],
  ['@x/resolve', 'resolve', "(m) => m.resolve('http://a/b/c/d;p?q', '../g')", 'http://a/b/g'],
  ['@x/urn', 'parseUrn', "(m) => m.parseUrn('urn:isbn:0451450523').nid", 'isbn'],
  ['@x/urn/isbn', 'isIsbn', "(m) => m.isIsbn('0451450523')", true],
  ['@x/mime-charset', 'labelToEncoding', "(m) => m.labelToEncoding('latin1')", 'windows-1252'],
];
const esm = [
  ...calls.map(([spec], i) => `import * as m${i} from '${spec}';`),
  'const results = [];',
  ...calls.map(([, , fn], i) => `results.push((${fn})(m${i}));`),
  'console.log(JSON.stringify(results));',
].join('\n');
const cjs = [
  'const results = [];',
  ...calls.map(([spec, , fn]) => `results.push((${fn})(require('${spec}')));`),
  'console.log(JSON.stringify(results));',
].join('\n');
writeFileSync(join(app, 'smoke.mjs'), esm);
writeFileSync(join(app, 'smoke.cjs'), cjs);
const expected = JSON.stringify(calls.map((c) => c[3]));
for (const node of nodes()) {
  for (const file of ['smoke.mjs', 'smoke.cjs']) {
    let out;
    try {
      out = run(node.path, [file], app).trim();
    } catch (error) {
      out = `${error.stderr}`.trim().split('\n').slice(0, 6).join('\n');
    }
    if (out !== expected)
      fail(`${file} under Node ${node.version}: got ${out}, expected ${expected}`);
  }
}
const ts = calls
  .map(
    ([spec, name], i) =>
      `import { ${name} as f${i} } from '${spec}';\nexport const t${i}: unknown = f${i};`,
  )
  .join('\n');
writeFileSync(join(app, 'smoke.ts'), `${ts}\n`);
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const settings = {
  node16: { module: 'node16', moduleResolution: 'node16' },
  'commonjs (node10)': {
    module: 'commonjs',
    moduleResolution: 'node10',
    ignoreDeprecations: '6.0',
  },
  bundler: { module: 'esnext', moduleResolution: 'bundler' },
};
for (const [label, options] of Object.entries(settings)) {
  const compilerOptions = {
    noEmit: true,
    strict: true,
    target: 'es2020',
    types: [],
    skipLibCheck: false,
    ...options,
  };
  writeFileSync(
    join(app, 'tsconfig.json'),
    JSON.stringify({ compilerOptions, files: ['smoke.ts'] }),
  );
  try {
    run(process.execPath, [tsc, '-p', 'tsconfig.json'], app);
  } catch (error) {
    fail(`TypeScript, ${label} resolution:\n${error.stdout}${error.stderr}`);
  }
}

if (process.exitCode) console.error(`release-check: failed (work left in ${work})`);
else {
  rmSync(work, { recursive: true, force: true });
  console.log(
    `release-check: ${names.length} packages packed, ${bumped} alone released again as ${next}, installed once each, ` +
      `ESM + CJS under Node ${nodes()
        .map((n) => n.version)
        .join(' and ')}, TypeScript ${Object.keys(settings).join(', ')}: ok`,
  );
}

function listFiles(dir, prefix = '') {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const rel = prefix + entry.name;
    if (entry.isDirectory()) out.push(...listFiles(join(dir, entry.name), `${rel}/`));
    else out.push(rel);
  }
  return out;
}

function walkModules(dir, visit) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    if (entry.name.startsWith('@')) {
      for (const sub of readdirSync(join(dir, entry.name), { withFileTypes: true })) {
        if (!sub.isDirectory()) continue;
        const pkgDir = join(dir, entry.name, sub.name);
        visit(`${entry.name}/${sub.name}`, pkgDir);
        walkModules(join(pkgDir, 'node_modules'), visit);
      }
    } else if (entry.name !== '.bin' && !entry.name.startsWith('.')) {
      visit(entry.name, join(dir, entry.name));
      walkModules(join(dir, entry.name, 'node_modules'), visit);
    }
  }
}

/** npm: the one beside the running Node, else the one on PATH. */
function findNpm() {
  const beside = join(
    process.execPath,
    '..',
    '..',
    'lib',
    'node_modules',
    'npm',
    'bin',
    'npm-cli.js',
  );
  if (existsSync(beside)) return { cmd: process.execPath, args: [beside] };
  return { cmd: 'npm', args: [] };
}

/** Every distinct Node on this machine: the one running this script and each one on PATH. */
function nodes() {
  if (nodes.cache) return nodes.cache;
  const seen = new Map();
  const candidates = [
    process.execPath,
    ...(process.env.PATH ?? '').split(':').map((d) => join(d, 'node')),
  ];
  for (const path of candidates) {
    if (!existsSync(path)) continue;
    try {
      const version = run(path, ['--version'], work).trim();
      if (![...seen.values()].includes(version)) seen.set(path, version);
    } catch {
      // not a runnable Node
    }
  }
  nodes.cache = [...seen].map(([path, version]) => ({ path, version }));
  return nodes.cache;
}
