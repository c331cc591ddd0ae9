// Node builds: a package may ship, for the `node` export condition, a build that uses `node:buffer`
// for bulk work, while browsers and every other runtime get the portable build (ECMAScript only).
// Convention: a source file `src/<x>.ts` with a sibling `src/<x>.node.ts` that exports the same
// names. The portable build and the default test run use `<x>.ts`; the node build and the tests'
// `node` project use `<x>.node.ts` wherever `<x>.ts` is imported. Nothing else differs, so both
// builds give the same result for every input, and the whole test suite runs against each.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const SOURCE = /\.ts$/;

/** The `.node.ts` sibling of a source file, if it has one. */
export function nodeVariant(file: string): string | undefined {
  if (!SOURCE.test(file) || file.endsWith('.node.ts') || file.endsWith('.d.ts')) return undefined;
  const variant = file.replace(SOURCE, '.node.ts');
  return existsSync(variant) ? variant : undefined;
}

/** Whether the package in `dir` has any `src/**\/*.node.ts`, and so ships a node build. */
export function hasNodeBuild(dir: string): boolean {
  const src = join(dir, 'src');
  if (!existsSync(src)) return false;
  return (readdirSync(src, { recursive: true }) as string[]).some((f) => f.endsWith('.node.ts'));
}

/**
 * Where a relative import from `importer` lands in the node build: the `.node.ts` sibling of the
 * file it names, or undefined when it has none (the import stays as it is). A variant that imports
 * its own portable file (to reuse or wrap it) gets the portable file.
 */
export function nodeVariantOfImport(id: string, importer: string | undefined): string | undefined {
  if (!importer || !(id.startsWith('./') || id.startsWith('../'))) return undefined;
  const base = resolve(dirname(importer), id);
  const variant = nodeVariant(base.endsWith('.ts') ? base : `${base}.ts`);
  return variant === resolve(importer) ? undefined : variant;
}

/**
 * A short hash of where the workspace's `.node.ts` files are (every package's `src/`). The node
 * test project keeps its transformed modules in a cache of that name: the runner's module cache
 * keys a module by its own text, not by where its imports resolve, so a `.node.ts` file added (or
 * removed) beside a module would otherwise leave the node project running cached modules that
 * still import the portable file.
 */
export function nodeVariantsKey(packagesDir: string): string {
  const files: string[] = [];
  for (const name of readdirSync(packagesDir).sort()) {
    const src = join(packagesDir, name, 'src');
    if (!existsSync(src)) continue;
    for (const f of (readdirSync(src, { recursive: true }) as string[]).sort())
      if (f.endsWith('.node.ts')) files.push(`${name}/${f}`);
  }
  return createHash('sha1').update(files.join('\n')).digest('hex').slice(0, 12);
}
