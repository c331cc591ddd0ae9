// Public entry point of @x/uri: named exports only.
export type { UriComponents } from './types';
