// Public entry point of @x/uri: named exports only.
export { UriSyntaxError } from './errors';
export type { ParseOptions, ParseResult } from './parse';
export {
  isAbsoluteUri,
  isRelativeReference,
  isUri,
  isUriReference,
  parse,
  tryParse,
} from './parse';
export { serialize } from './serialize';
export type { UriComponents } from './types';
export { parseIri } from './iri';
