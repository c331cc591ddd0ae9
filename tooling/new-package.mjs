#!/usr/bin/env node
// Scaffolds packages/<name> with the house layout: `node tooling/new-package.mjs <name> "<description>" [dep ...]`
// Writes package.json, tsconfig.json, tsup.config.ts, vitest.config.ts, typedoc.json, README.md and
// src/index.ts; then run `pnpm install` to link it into the workspace.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [name, description, ...deps] = process.argv.slice(2);
if (!name || !description) {
  console.error('usage: node tooling/new-package.mjs <name> "<description>" [dep ...]');
  process.exit(2);
}
const dir = join(import.meta.dirname, '..', 'packages', name);
if (existsSync(dir)) {
  console.error(`packages/${name} exists`);
  process.exit(1);
}
for (const sub of ['src', 'test', 'bench']) mkdirSync(join(dir, sub), { recursive: true });

const pkg = {
  name: `@x/${name}`,
  version: '0.0.0',
  description,
  license: 'MIT',
  type: 'module',
  sideEffects: false,
  engines: { node: '>=18' },
  files: ['dist', 'README.md', 'CHANGELOG.md'],
  main: './dist/index.cjs',
  module: './dist/index.js',
  types: './dist/index.d.cts',
  exports: {
    '.': {
      import: { types: './dist/index.d.ts', default: './dist/index.js' },
      require: { types: './dist/index.d.cts', default: './dist/index.cjs' },
    },
    './package.json': './package.json',
  },
  sizeBudget: { '.': 1024 },
  scripts: {
    build: 'tsup',
    typecheck: 'tsc -p tsconfig.json',
    lint: 'biome check .',
    test: 'vitest run --coverage && node ../../tooling/check-package.mjs',
    bench: 'vitest bench --run',
    docs: 'typedoc --emit none',
  },
  dependencies: Object.fromEntries(deps.map((d) => [`@x/${d}`, 'workspace:*'])),
  devDependencies: {},
};
const files = {
  'package.json': `${JSON.stringify(pkg, null, 2)}\n`,
  'tsconfig.json': `${JSON.stringify({ extends: '../../tsconfig.base.json', compilerOptions: { types: ['node'] }, include: ['src', 'test', 'bench', 'scripts'] }, null, 2)}\n`,
  'tsup.config.ts': `import { packageConfig } from '../../tooling/tsup.ts';\n\nexport default packageConfig(import.meta.dirname);\n`,
  'vitest.config.ts': `import { packageTestConfig } from '../../tooling/vitest.ts';\n\nexport default packageTestConfig(import.meta.dirname);\n`,
  'typedoc.json': `${JSON.stringify({ $schema: '../../node_modules/typedoc/typedoc-config.schema.json', extends: ['../../typedoc.base.json'], entryPoints: ['src/index.ts'] }, null, 2)}\n`,
  'README.md': `# @x/${name}\n\n${description}\n`,
  'src/index.ts': `// Public entry point of @x/${name}: named exports only.\n`,
};
for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
console.log(`created packages/${name}`);
