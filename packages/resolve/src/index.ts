// Public entry point of @x/resolve: named exports only.
export { ResolveError } from './errors';
export { mergePaths, removeDotSegments } from './paths';
export { relativize } from './relativize';
export type { ResolveOptions } from './resolve';
export { resolve, resolveComponents } from './resolve';
