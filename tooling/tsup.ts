import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'esbuild';
import { defineConfig, type Options } from 'tsup';
import { entriesOf, readPackageJson } from './exports.ts';
import { hasNodeBuild, nodeVariantOfImport } from './platform.ts';

/** esbuild plugin of the node build: `./x` resolves to `./x.node.ts` where that file exists. */
const nodeVariants: Plugin = {
  name: 'x-node-variants',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      const path = nodeVariantOfImport(args.path, args.importer);
      return path ? { path } : undefined;
    });
  },
};

type TsupPlugin = NonNullable<Options['plugins']>[number];

/**
 * tsup plugin: esbuild's code splitting makes each ES module entry `import './chunk-….js'` for
 * every chunk it depends on, to keep the order of evaluation. In a package that declares its files
 * free of side effects (`"sideEffects": false`, or a list that does not name the file), a user's
 * bundler drops those imports anyway, and esbuild says so in a warning per import ("Ignoring this
 * import because … was marked as having no side effects"): one warning for each entry a user
 * imports. The plugin drops them from the files the declaration covers, so what Node loads from
 * `dist/` is what a bundler keeps. The named imports of the same chunks stay.
 */
function noBareChunkImports(dir: string, sideEffects: unknown): TsupPlugin {
  const keep = new Set(
    Array.isArray(sideEffects) ? sideEffects.map((file) => resolve(dir, String(file))) : [],
  );
  return {
    name: 'x-no-bare-chunk-imports',
    renderChunk(code, chunk) {
      if (this.format !== 'esm' || (sideEffects !== false && !Array.isArray(sideEffects))) return;
      if (keep.has(resolve(dir, chunk.path))) return;
      const out = code.replace(/^import ["']\.\/chunk-[\w-]+\.js["'];\r?\n/gm, '');
      return out === code ? undefined : { code: out };
    },
  };
}

/**
 * After a build: a CommonJS entry re-exports what lives in a shared chunk through a getter
 * (`Object.defineProperty(exports, "codec", { enumerable: true, get: function () { return
 * chunk_cjs.codec; } })`, written by tsup's CommonJS splitting after the plugins have run), which
 * keeps ES modules' live bindings. Our exports are never reassigned, and the `require` at the top
 * of the entry evaluates the chunk fully (no chunk requires an entry), so a plain property holds
 * the same value. It is faster for a user who reads it on every call,
 * `require('@x/legacy-charsets/koi8-r').codec.decode(bytes)`: the getter cost 7-12% of a 24-byte
 * decode under Node 22. tooling/check-package.mjs checks that every CommonJS entry has its ES
 * module's exports, none undefined.
 */
function plainCommonJsReExports(outDir: string): void {
  const getter =
    /^Object\.defineProperty\(exports, "(\w+)", \{\r?\n {2}enumerable: true,\r?\n {2}get: function \(\) \{ return (\w+\.\w+); \}\r?\n\}\);$/gm;
  for (const file of readdirSync(outDir)) {
    if (!file.endsWith('.cjs')) continue;
    const path = join(outDir, file);
    const code = readFileSync(path, 'utf8');
    const out = code.replace(getter, 'exports.$1 = $2;');
    if (out !== code) writeFileSync(path, out);
  }
}

/**
 * The one build config: ESM + CJS, each with its own declarations, entries taken from `exports`.
 * A package with `src/**\/*.node.ts` files also gets a node build in `dist/node/` (same entries,
 * the `.node.ts` variants swapped in, the portable declarations reused), which the `node` export
 * condition points at (tooling/package-fields.mjs writes it). `extra` options apply to both builds.
 */
export function packageConfig(
  dir: string,
  extra: Partial<Options> = {},
): ReturnType<typeof defineConfig> {
  const pkg = readPackageJson(dir);
  const entry: Record<string, string> = {};
  for (const name of Object.values(entriesOf(pkg))) entry[name] = `src/${name}.ts`;
  const options: Options = {
    entry,
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: false,
    clean: true,
    target: 'es2020',
    platform: 'neutral',
    splitting: true,
    treeshake: true,
    outDir: 'dist',
    plugins: [noBareChunkImports(dir, (pkg as { sideEffects?: unknown }).sideEffects)],
    onSuccess: async () => plainCommonJsReExports(resolve(dir, 'dist')),
    ...extra,
  };
  if (!hasNodeBuild(dir)) return defineConfig(options);
  const node: Options = {
    ...options,
    onSuccess: async () => plainCommonJsReExports(resolve(dir, 'dist/node')),
    dts: false,
    platform: 'node',
    outDir: 'dist/node',
    esbuildPlugins: [nodeVariants],
  };
  // The portable build cleans dist/ but for the node build's folder, which cleans itself: the two
  // builds run side by side.
  return defineConfig([{ ...options, clean: ['**/*', '!node', '!node/**'] }, node]);
}
