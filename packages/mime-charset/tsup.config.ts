import type { Options } from 'tsup';
import { packageConfig } from '../../tooling/tsup.ts';

const base = packageConfig(import.meta.dirname) as Options;

// The CommonJS build loads codecs with require(), not import(): `@x/mime-charset/load` required from
// CommonJS then registers the CommonJS codecs (and their error classes), never a second, ESM copy.
export default {
  ...base,
  esbuildOptions(options, context) {
    if (context.format === 'cjs')
      options.supported = { ...options.supported, 'dynamic-import': false };
  },
} satisfies Options;
