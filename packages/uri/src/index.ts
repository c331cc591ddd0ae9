// Public entry point of @x/uri: named exports only.
export { removeDotSegments } from './dot-segments';
export { UriSyntaxError } from './errors';
export type { Host, HostKind, ParseHostOptions } from './host';
export { formatIpv6, parseHost, whatwgIpv4 } from './host';
export { iriToUri, parseIri, uriToIri } from './iri';
export type { NormalizeOptions } from './normalize';
export { equivalent, normalize, normalizeComponents } from './normalize';
export type { ParseOptions, ParseResult } from './parse';
export {
  isAbsoluteUri,
  isRelativeReference,
  isUri,
  isUriReference,
  parse,
  tryParse,
} from './parse';
export type { SchemeInfo, SchemeRegistry } from './schemes';
export { defaultSchemes, schemeInfo } from './schemes';
export { serialize } from './serialize';
export type { UriComponents } from './types';
export { domainToAscii, domainToUnicode } from './idna';
export type { IriOptions } from './iri';
export { decodePunycode, encodePunycode } from './punycode';
export { redactUserinfo } from './userinfo';
export type { ReferenceKind } from './reference-kind';
export { referenceKind } from './reference-kind';
export type { FormatSegmentsOptions, ParseSegmentsOptions, PathSegment } from './segments';
export { formatSegments, parseSegments } from './segments';
