// Node builds: a package may ship, for the `node` export condition, a build that uses `node:buffer`
// for bulk work, while browsers and every other runtime get the portable build (ECMAScript only).
// Convention: a source file `src/<x>.ts` with a sibling `src/<x>.node.ts` that exports the same
// names. The portable build and the default test run use `<x>.ts`; the node build and the tests'
// `node` project use `<x>.node.ts` wherever `<x>.ts` is imported. Nothing else differs, so both
// builds give the same result for every input, and the whole test suite runs against each.
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
