import { packageConfig } from '../../tooling/tsup.ts';

// The CommonJS build loads codecs with require(), not import(): `@x/mime-charset/load` required from
// CommonJS then registers the CommonJS codecs (and their error classes), never a second, ESM copy.
export default packageConfig(import.meta.dirname, {
  esbuildOptions(options, context) {
    if (context.format === 'cjs')
      options.supported = { ...options.supported, 'dynamic-import': false };
  },
});
