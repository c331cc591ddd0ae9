import { removeDotSegments } from './dot-segments';
import { normalizeEscapes } from './escapes';
import { formatIpv6, regNameCanonical } from './host';
import { readIpv6 } from './ip';
import { parse } from './parse';
import { defaultSchemes, type SchemeRegistry, schemeInfo } from './schemes';
import { compose } from './serialize';
import type { UriComponents } from './types';

/** Options of {@link normalize} and {@link equivalent}. */
export interface NormalizeOptions {
  /**
   * Apply the scheme-based steps of §6.2.3 (leading zeros of the port, an empty or default port
   * dropped, an empty http path as `/`). Default `true`.
   */
  schemeBased?: boolean;
  /** Write IPv6 literals in RFC 5952 canonical text (else only lower-cased). Default `true`. */
  canonicalIpv6?: boolean;
  /** The scheme registry for the scheme-based steps. Default {@link defaultSchemes}. */
  schemes?: SchemeRegistry;
  /** Accept RFC 6874 zone identifiers. Default `false`. */
  zoneId?: boolean;
}

function pathEscapes(path: string): string {
  if (path.indexOf('%') < 0) return path;
  // Decoding must not create a dot segment: "%2E%2E" stays a name, not "..", so it is only upper-cased.
  const segments = path.split('/');
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i]!;
    const d = normalizeEscapes(s, false);
    segments[i] = d !== s && (d === '.' || d === '..') ? normalizeEscapes(s, false, false) : d;
  }
  return segments.join('/');
}

function host(h: string, canonicalIpv6: boolean): string {
  if (h.charCodeAt(0) !== 91) return regNameCanonical(h);
  // the host was checked by parse: an IPv6 literal (with its zone) or IPvFuture
  const pct = h.indexOf('%');
  const end = pct < 0 ? h.length - 1 : pct;
  const pieces: number[] = [];
  const address =
    canonicalIpv6 && readIpv6(h, 1, end, pieces) < 0
      ? formatIpv6(pieces)
      : h.slice(1, end).toLowerCase();
  return `[${address}${pct < 0 ? '' : `%25${normalizeEscapes(h.slice(pct + 3, -1), false)}`}]`;
}

/**
 * Normalizes the components of a parsed URI reference (see {@link normalize}).
 *
 * @param c - components from {@link parse}
 * @param options - {@link NormalizeOptions}
 * @returns new, normalized components
 * @throws never for components that {@link parse} returned
 * @example
 * ```ts
 * normalizeComponents(parse('HTTP://a:80')).path; // '/'
 * ```
 */
export function normalizeComponents(c: UriComponents, options?: NormalizeOptions): UriComponents {
  const scheme = c.scheme === undefined ? undefined : c.scheme.toLowerCase();
  let port = c.port;
  let path = pathEscapes(c.path);
  // §5.2.2 removes dot segments whenever a path is not relative to an unknown base
  if (scheme !== undefined || c.host !== undefined || path.charCodeAt(0) === 47)
    path = removeDotSegments(path);
  if (c.host !== undefined) {
    if (options?.schemeBased !== false) {
      const info =
        scheme === undefined ? undefined : schemeInfo(options?.schemes ?? defaultSchemes, scheme);
      if (port !== undefined) {
        // a port is a number: "080" is 80
        let z = 0;
        while (z < port.length - 1 && port.charCodeAt(z) === 48) z++;
        if (z > 0) port = port.slice(z);
      }
      // §3.2.3: an empty port, or the scheme's default, is the same as none
      if (port === '' || (info !== undefined && port === info.port)) port = undefined;
      if (path === '' && info?.emptyPathIsRoot === true) path = '/';
    }
  } else if (path.charCodeAt(0) === 47 && path.charCodeAt(1) === 47) {
    // "/a/..//b" must not turn into an authority: keep a "/." in front, as §5.2.4's output allows
    path = `/.${path}`;
  }
  return {
    scheme,
    userinfo: c.userinfo === undefined ? undefined : normalizeEscapes(c.userinfo, false),
    host: c.host === undefined ? undefined : host(c.host, options?.canonicalIpv6 !== false),
    port,
    path,
    query: c.query === undefined ? undefined : normalizeEscapes(c.query, false),
    fragment: c.fragment === undefined ? undefined : normalizeEscapes(c.fragment, false),
  };
}

/**
 * Normalizes a URI reference: syntax-based
 * ({@link https://www.rfc-editor.org/rfc/rfc3986#section-6.2.2 | RFC 3986 §6.2.2}: case of scheme and
 * host, upper-case hex in escapes, escapes of unreserved characters decoded, dot segments removed) and
 * scheme-based ({@link https://www.rfc-editor.org/rfc/rfc3986#section-6.2.3 | §6.2.3}). It never changes
 * the authority's structure, the kind of host, or a segment boundary: `%2F`, `%40`, `%3A` stay encoded,
 * and an escaped dot segment (`%2E%2E`) stays escaped.
 *
 * @param input - a URI reference
 * @param options - {@link NormalizeOptions}
 * @returns the normalized reference; `normalize(normalize(x)) === normalize(x)`
 * @throws {@link UriSyntaxError} when `input` is not a URI reference
 * @example
 * ```ts
 * normalize('eXAMPLE://a/./b/../b/%63/%7bfoo%7d'); // 'example://a/b/c/%7Bfoo%7D'
 * normalize('HTTP://www.Example.com:80'); // 'http://www.example.com/'
 * ```
 */
export function normalize(input: string, options?: NormalizeOptions): string {
  return compose(normalizeComponents(parse(input, options), options));
}

/**
 * Whether two URI references are equivalent after {@link normalize}
 * ({@link https://www.rfc-editor.org/rfc/rfc3986#section-6.1 | RFC 3986 §6.1}).
 *
 * @param a - a URI reference
 * @param b - another
 * @param options - {@link NormalizeOptions}
 * @returns `true` when their normal forms are the same string
 * @throws {@link UriSyntaxError} when either is not a URI reference
 * @example
 * ```ts
 * equivalent('http://info.cern.ch/albert/marie%2Dclaude', 'http://info.cern.ch/albert/marie-claude'); // true
 * equivalent('http://info.cern.ch/albert%2Fmarie-claude', 'http://info.cern.ch/albert/marie-claude'); // false
 * ```
 */
export function equivalent(a: string, b: string, options?: NormalizeOptions): boolean {
  return a === b
    ? parse(a, options) !== undefined
    : normalize(a, options) === normalize(b, options);
}
