import { defineConfig, type Options } from 'tsup';
import { entriesOf, readPackageJson } from './exports.ts';

/** The one build config: ESM + CJS, each with its own declarations, entries taken from `exports`. */
export function packageConfig(dir: string): ReturnType<typeof defineConfig> {
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
  };
  return defineConfig(options);
}
