// Public entry point of @x/resolve: named exports only.
export { ResolveError } from './errors';
// §5.2.4 is shared with normalization (RFC 3986 §6.2.2.3): @x/uri implements it, this package exports it too.
export { removeDotSegments } from '@x/uri';
export { mergePaths } from './paths';
export { relativize } from './relativize';
export type { ResolveOptions } from './resolve';
export { resolve, resolveComponents } from './resolve';
