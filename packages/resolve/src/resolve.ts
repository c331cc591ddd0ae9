import { iriToUri, parse, parseIri, removeDotSegments, type UriComponents } from '@x/uri';
import { ResolveError } from './errors';
import { mergePaths } from './paths';

/** Options of {@link resolve}, {@link resolveComponents} and {@link relativize}. */
export interface ResolveOptions {
  /**
   * `true` (the default): a reference with a scheme is always taken as absolute, as
   * {@link https://www.rfc-editor.org/rfc/rfc3986#section-5.2.2 | RFC 3986 §5.2.2} requires.
   * `false`: the backwards-compatible reading of §5.2.2, where a scheme equal to the base's
   * (compared case-insensitively) is ignored, so `http:g` against `http://a/b/c/d` gives `http://a/b/c/g`.
   */
  strict?: boolean;
  /**
   * `true`: base and reference are IRI references
   * ({@link https://www.rfc-editor.org/rfc/rfc3987#section-6.5 | RFC 3987 §6.5}: resolution works on
   * IRIs as on URIs), parsed with `parseIri` from `@x/uri`, and the result is an IRI with its
   * non-ASCII characters as written. Default `false`: URI references only.
   */
  iri?: boolean;
  /**
   * With `iri: true`, map the resolved IRI to a URI (`iriToUri` of `@x/uri`, RFC 3987 §3.1: non-ASCII
   * as percent-encoded UTF-8) after resolving, never before. Default `false`.
   */
  toUri?: boolean;
}

/**
 * Resolves a reference against a base, both already parsed, by
 * {@link https://www.rfc-editor.org/rfc/rfc3986#section-5.2.2 | RFC 3986 §5.2.2}. Parse the base
 * once and resolve many references against it. The base's fragment is ignored (§5.1). One deviation
 * keeps the result faithful when it is serialized and parsed again: a result without authority whose
 * path would begin with `//` gets the path prefix `/.` (`foo:/.//@@`, not `foo://@@`, whose `@@`
 * would re-parse as an authority).
 *
 * @param base - an absolute URI's components (with a `scheme`)
 * @param ref - the reference's components
 * @param options - {@link ResolveOptions}; strict by default
 * @returns the target's components, a new object
 * @throws {@link ResolveError} when `base.scheme` is undefined
 * @example
 * ```ts
 * const base = parse('http://a/b/c/d;p?q');
 * serialize(resolveComponents(base, parse('../g'))); // 'http://a/b/g'
 * ```
 */
export function resolveComponents(
  base: UriComponents,
  ref: UriComponents,
  options?: ResolveOptions,
): UriComponents {
  const baseScheme = base.scheme;
  if (baseScheme === undefined) throw new ResolveError('base-not-absolute');
  let scheme = ref.scheme;
  // §5.2.2: the non-strict reader drops a scheme that repeats the base's.
  if (
    scheme !== undefined &&
    options?.strict === false &&
    scheme.toLowerCase() === baseScheme.toLowerCase()
  ) {
    scheme = undefined;
  }
  let from = ref;
  let path = ref.path;
  let query = ref.query;
  if (scheme !== undefined || ref.host !== undefined) {
    path = removeDotSegments(path);
  } else {
    from = base;
    if (path === '') {
      path = base.path;
      if (query === undefined) query = base.query;
    } else {
      path = removeDotSegments(path.charCodeAt(0) === 47 ? path : mergePaths(base, path));
    }
  }
  // Deviation (README): without an authority, "//" would re-parse as one; "/." keeps the path.
  if (from.host === undefined && path.charCodeAt(0) === 47 && path.charCodeAt(1) === 47) {
    path = `/.${path}`;
  }
  return {
    scheme: scheme === undefined ? baseScheme : scheme,
    userinfo: from.userinfo,
    host: from.host,
    port: from.port,
    path,
    query,
    fragment: ref.fragment,
  };
}

/**
 * Component recomposition, {@link https://www.rfc-editor.org/rfc/rfc3986#section-5.3 | RFC 3986 §5.3},
 * of a target {@link resolveComponents} built from two parsed references, without the character
 * checks of `serialize`: every part comes from a component the parser accepted, §5.2 only joins
 * and removes whole segments, and the one output that would re-parse otherwise (`//` without an
 * authority) has its `/.` prefix. Equal to `serialize` of the same components (a property test).
 */
export function recompose(t: UriComponents): string {
  let out = `${t.scheme}:`;
  if (t.host !== undefined) {
    out += t.userinfo === undefined ? '//' : `//${t.userinfo}@`;
    out += t.port === undefined ? t.host : `${t.host}:${t.port}`;
  }
  out += t.path;
  if (t.query !== undefined) out += `?${t.query}`;
  return t.fragment === undefined ? out : `${out}#${t.fragment}`;
}

let lastBase: string | undefined;
let lastIri = false;
let lastParsed: UriComponents | undefined;

/** The parser `options` ask for: `parseIri` with `iri: true`, else `parse`. */
export function parserOf(options: ResolveOptions | undefined): (input: string) => UriComponents {
  return options?.iri === true ? parseIri : parse;
}

/** Parses a base, remembering the last one: a crawler resolves many references against one base. */
export function parseBase(base: string, options?: ResolveOptions): UriComponents {
  const iri = options?.iri === true;
  if (base !== lastBase || iri !== lastIri || lastParsed === undefined) {
    const parsed = parserOf(options)(base);
    if (parsed.scheme === undefined) throw new ResolveError('base-not-absolute');
    lastParsed = parsed;
    lastBase = base;
    lastIri = iri;
  }
  return lastParsed;
}

/**
 * Resolves a URI reference against a base URI, by
 * {@link https://www.rfc-editor.org/rfc/rfc3986#section-5.2 | RFC 3986 §5.2} (strict §5.2.2 unless
 * `options.strict` is `false`) and recomposes the result (§5.3). The base's fragment is ignored
 * (§5.1). See {@link resolveComponents} for the one deviation from the literal algorithm.
 *
 * @param base - an absolute URI (a scheme is required; a fragment is allowed and ignored)
 * @param ref - a URI reference: relative or absolute (an IRI reference with `iri: true`)
 * @param options - {@link ResolveOptions}; strict, URI-only by default
 * @returns the target URI
 * @throws {@link ResolveError} when `base` has no scheme; `UriSyntaxError` (from `@x/uri`) when
 *   `base` or `ref` is not a URI reference, with the offending `index`
 * @example
 * ```ts
 * resolve('http://a/b/c/d;p?q', '../g'); // 'http://a/b/g'
 * resolve('http://a/b/c/d;p?q', 'http:g'); // 'http:g'
 * resolve('http://a/b/c/d;p?q', 'http:g', { strict: false }); // 'http://a/b/c/g'
 * resolve('http://例え.jp/a/b', '../ü/c', { iri: true }); // 'http://例え.jp/ü/c'
 * resolve('http://例え.jp/a/b', 'ü', { iri: true, toUri: true }); // 'http://%E4%BE%8B%E3%81%88.jp/a/%C3%BC'
 * ```
 */
export function resolve(base: string, ref: string, options?: ResolveOptions): string {
  const target = recompose(
    resolveComponents(parseBase(base, options), parserOf(options)(ref), options),
  );
  return options?.iri === true && options.toUri === true ? iriToUri(target) : target;
}
