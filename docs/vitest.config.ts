import { defineConfig, mergeConfig, type ViteUserConfig } from 'vitest/config';
import { packageTestConfig } from '../tooling/vitest.ts';

// The shared package config (sibling sources, JSON results for the root summary), without a coverage
// floor: the docs package has no library code of its own. The browser tests share one Chromium, so
// files run one after another.
export default mergeConfig(
  packageTestConfig(import.meta.dirname) as ViteUserConfig,
  defineConfig({ test: { fileParallelism: false, hookTimeout: 120_000 } }),
);
