import { defineConfig, mergeConfig, type ViteUserConfig } from 'vitest/config';
import { packageTestConfig } from '../tooling/vitest.ts';

// Two projects in one run, so that the root summary counts both:
//  - docs: the guides' samples, the playground tools and the built site in headless Chromium
//    (test/*.test.ts; the shared package config, without a coverage floor: the docs package has no
//    library code of its own; files one after another, since the browser tests share one Chromium);
//  - browser-suites: the packages' own test suites run inside Chromium (vitest.browser.config.ts).
export default mergeConfig(
  packageTestConfig(import.meta.dirname) as ViteUserConfig,
  defineConfig({
    test: {
      fileParallelism: false,
      hookTimeout: 120_000,
      projects: [{ extends: true, test: { name: 'docs' } }, './vitest.browser.config.ts'],
    },
  }),
);
