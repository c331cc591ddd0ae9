// Public entry point of @x/urn: named exports only. The namespace modules have their own
// subpaths (@x/urn/isbn, /issn, /uuid, /oid, /ietf, /nbn).
export { UrnSyntaxError } from './errors';
export { type NamespaceInfo, type NamespaceKind, namespaceOf } from './namespace';
export { normalizeUrn, urnEquals } from './normalize';
export { formatUrn, isUrn, parseUrn } from './parse';
export {
  defaultResolvers,
  resolveUrn,
  resolveUrnWith,
  type UrnNetworkResolver,
  type UrnResolver,
  type UrnResolverRegistry,
} from './resolve';
export { standardNamespaces } from './standard';
export type { Urn, UrnNamespace, UrnOptions, UrnSyntax } from './types';
export {
  type UrnProblem,
  type UrnProblemCode,
  type UrnValidation,
  type ValidateUrnOptions,
  validateUrn,
} from './validate';
