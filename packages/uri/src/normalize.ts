import { removeDotSegments } from './dot-segments';
import { normalizeEscapes } from './escapes';
import { isAlpha } from './chars';
import {
  asRegName,
  hostIndex,
  ipv6Text,
  regNameCanonical,
  whatwgAuthority,
  whatwgHost,
} from './host';
import { readIpv6 } from './ip';
import { parse } from './parse';
import { defaultSchemes, type SchemeRegistry, schemeInfo } from './schemes';
import { UriSyntaxError } from './errors';
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
  /**
   * How to read the host of an `http`, `https`, `ws`, `wss`, `ftp` or `file` URI. `'rfc3986'`
   * (default): as RFC 3986 does, so `127.1` is a reg-name unlike `127.0.0.1`. `'whatwg'`: as a WHATWG
   * URL parser does (browsers, `fetch`, Node's `URL`), which is where a client connects: escapes
   * decoded, a name ending in a number read by the
   * {@link https://url.spec.whatwg.org/#concept-ipv4-parser | URL Standard's IPv4 parser} (`127.1`,
   * `0x7f.0.0.1`, `2130706433` and `%31%32%37.0.0.1` are all `127.0.0.1`), IPv6 in the URL Standard's
   * text, `file://localhost` as an empty host, and `http:/h/x` or `http:///h/x` read with the host
   * `h` (the URL Standard skips the slashes). Use it for SSRF allow and deny lists. It throws
   * {@link UriSyntaxError} where the URL Standard fails on the authority (`1.2.3.256`, a forbidden code
   * point such as `%2F` or `%00`, no host, a port above 65535, a `file` host with userinfo or port) and
   * on escaped non-ASCII hosts, which need UTS #46 mapping. It does not check `xn--` labels.
   */
  hosts?: 'rfc3986' | 'whatwg';
  /**
   * Read {@link https://www.rfc-editor.org/rfc/rfc3986#section-6.2.2 | RFC 3986 §6.2.2} literally, as
   * other RFC 3986 libraries and their test suites do: decode every escape of an unreserved
   * character, in the path and the host too, then remove dot segments, so `http://a/b/%2E%2E/c` is
   * `http://a/c` and `//127.0.0.%31` is `//127.0.0.1`. Default `false`: an escaped dot segment stays
   * escaped, a reg-name never turns into an IPv4 address, and the dot segments of special schemes stay
   * where a WHATWG parser would read them otherwise (see {@link normalize}). Choose `true` to compare
   * identifiers as RFC 3986 defines their equivalence; keep the default when the result is handed to
   * a browser, `fetch` or a server, or checked against an allow or deny list.
   */
  literal?: boolean;
}

function pathEscapes(path: string): string {
  if (path.indexOf('%') < 0) return path;
  // Without an escaped dot no segment can decode to a dot segment: the whole path at once.
  if (path.indexOf('%2E') < 0 && path.indexOf('%2e') < 0) return normalizeEscapes(path, false);
  // Decoding must not create a dot segment: "%2E%2E" stays a name, not "..", so it is only upper-cased.
  const segments = path.split('/');
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i]!;
    const d = normalizeEscapes(s, false);
    segments[i] = d !== s && (d === '.' || d === '..') ? normalizeEscapes(s, false, false) : d;
  }
  return segments.join('/');
}

function host(h: string, canonicalIpv6: boolean, dotted: boolean, literal: boolean): string {
  if (h.charCodeAt(0) !== 91) return literal ? normalizeEscapes(h, true) : regNameCanonical(h);
  // the host was checked by parse: an IPv6 literal (with its zone) or IPvFuture
  const pct = h.indexOf('%');
  const end = pct < 0 ? h.length - 1 : pct;
  const pieces: number[] = [];
  const address =
    canonicalIpv6 && readIpv6(h, 1, end, pieces) < 0
      ? ipv6Text(pieces, dotted)
      : h.slice(1, end).toLowerCase();
  return `[${address}${pct < 0 ? '' : `%25${normalizeEscapes(h.slice(pct + 3, -1), false)}`}]`;
}

// The special schemes of the URL Standard (§4.1), whose URLs a WHATWG parser reads in its own way.
function isSpecial(scheme: string | undefined): boolean {
  return (
    scheme === 'http' ||
    scheme === 'https' ||
    scheme === 'ws' ||
    scheme === 'wss' ||
    scheme === 'ftp' ||
    scheme === 'file'
  );
}

// Whether a segment is one a WHATWG parser takes for "." or ".." and RFC 3986 does not: "%2e", ".%2e",
// "%2e." or "%2e%2e" in any case (URL Standard §4.1, single-dot and double-dot URL path segments);
// or, for file URLs, a Windows drive letter ("C:"), which a WHATWG ".." never removes (§4.1 shorten a
// path).
function whatwgDotHazard(path: string, file: boolean): boolean {
  if (!file && path.indexOf('%2E') < 0 && path.indexOf('%2e') < 0) return false;
  const segments = path.split('/');
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i]!.toLowerCase();
    if (s === '%2e' || s === '.%2e' || s === '%2e.' || s === '%2e%2e') return true;
    if (file && s.length === 2 && s.charCodeAt(1) === 58 && isAlpha(s.charCodeAt(0))) return true;
  }
  return false;
}

// RFC 8141 §3.1: "urn" and the NID in lower case, the hex digits of escapes in upper case, nothing
// decoded (an escape is not the character it encodes), no dot segments (the NSS is opaque).
function urn(c: UriComponents): UriComponents {
  const colon = c.path.indexOf(':');
  const nid = colon < 0 ? c.path : c.path.slice(0, colon);
  return {
    scheme: 'urn',
    userinfo: undefined,
    host: undefined,
    port: undefined,
    path:
      normalizeEscapes(nid, true, false) + normalizeEscapes(c.path.slice(nid.length), false, false),
    query: c.query === undefined ? undefined : normalizeEscapes(c.query, false, false),
    fragment: c.fragment === undefined ? undefined : normalizeEscapes(c.fragment, false, false),
  };
}

function normalizeWith(
  parsed: UriComponents,
  options: NormalizeOptions | undefined,
  input: string | undefined,
): UriComponents {
  const scheme = parsed.scheme === undefined ? undefined : parsed.scheme.toLowerCase();
  const special = isSpecial(scheme);
  const file = scheme === 'file';
  const whatwg = special && options?.hosts === 'whatwg';
  const source = whatwg ? (input ?? compose(parsed)) : '';
  let c = whatwg && !file ? whatwgAuthority(parsed, scheme!, source) : parsed;
  if (scheme === 'urn' && c.host === undefined) return urn(c);
  // "file://C:/x": the URL Standard reads "C:" as a drive letter of the path, not as host and port
  let driveHost = file && c.port === '' && c.host!.length === 1 && isAlpha(c.host!.charCodeAt(0));
  // an escaped letter is that letter (RFC 3986 §6.2.2.2): "file://%61:" is "file://a:" (the URL
  // Standard, which checks for a drive letter before it decodes, fails on it: so not in that mode)
  if (file && !whatwg && c.port === '' && c.host!.length === 3 && c.host!.charCodeAt(0) === 37) {
    const letter = Number.parseInt(c.host!.slice(1), 16);
    if (isAlpha(letter)) {
      c = { ...c, host: String.fromCharCode(letter) };
      driveHost = true;
    }
  }
  if (driveHost && whatwg) {
    c = { ...c, host: '', port: undefined, path: `/${c.host}:${c.path}` };
    driveHost = false;
  }
  let port = c.port;
  const literal = options?.literal === true;
  let path = literal ? normalizeEscapes(c.path, false) : pathEscapes(c.path);
  // With `hosts: 'whatwg'` the path is the one a WHATWG client requests: "%2e" is "." and ".%2e",
  // "%2e." and "%2e%2e" are ".." (§4.1), removed below like the literal ones. Not in a file URL,
  // where a ".." never removes a drive letter and the host may come from the path.
  if (whatwg && !file)
    path = path.replace(/(?<=^|\/)(?:(?:\.|%2e)?%2e|%2e\.)(?=\/|$)/gi, (seg) =>
      seg.length > 3 ? '..' : '.',
    );
  // §5.2.2 removes dot segments whenever a path is not relative to an unknown base. In a special
  // scheme they stay when a WHATWG parser would remove other ones (escaped dots, drive letters), when
  // it reads the host from the path (http, ws, ftp without a host), or in a rootless file path
  // ("file:.//x": §5.2.4 rule A drops "./" and gives "/x", where the URL Standard keeps "//x").
  if (
    (scheme !== undefined || c.host !== undefined || path.charCodeAt(0) === 47) &&
    !(
      !literal &&
      special &&
      (whatwgDotHazard(path, file) ||
        (file
          ? c.host === undefined && path.charCodeAt(0) !== 47
          : c.host === undefined || c.host === ''))
    )
  )
    path = removeDotSegments(path);
  let h = c.host;
  if (h !== undefined && !driveHost) {
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
    if (whatwg) {
      // a WHATWG parser gives every special URL a path, "/" at least (§4.4, path start state):
      // `ftp://h` and `file://h` are `ftp://h/` and `file://h/` (http and ws are above)
      if (path === '') path = '/';
      // the host starts where it does in the text c was read from, which ends as `source` does
      const at = hostIndex(c, source);
      // URL Standard §4.4: a file host has no userinfo or port, and a port is at most 65535
      if (file && (c.userinfo !== undefined || c.port !== undefined))
        throw new UriSyntaxError(source, at, 'file URL with userinfo or port');
      const digits = c.port === undefined ? '' : c.port.replace(/^0+/, '');
      if (digits.length > 5 || Number(digits) > 65535)
        throw new UriSyntaxError(source, at + h.length + 1, 'port out of range');
    }
    if (whatwg && h !== '' && h.charCodeAt(0) !== 91) {
      h = asRegName(whatwgHost(h, source, hostIndex(c, source)));
      if (file && h === 'localhost') h = '';
    } else {
      // URL Standard §3.5: the IPv6 parser has no zone identifier (RFC 6874), whatever `zoneId`
      const zone = whatwg ? h.indexOf('%') : -1;
      if (zone >= 0)
        throw new UriSyntaxError(
          source,
          hostIndex(c, source) + zone,
          'zone identifier in a WHATWG host',
        );
      h = host(h, options?.canonicalIpv6 !== false, !whatwg, literal);
    }
  } else if (h === undefined && path.charCodeAt(0) === 47 && path.charCodeAt(1) === 47) {
    // "/a/..//b" must not turn into an authority: keep a "/." in front, as §5.2.4's output allows
    path = `/.${path}`;
  }
  let userinfo = c.userinfo;
  // URL Standard §4.5, the URL serializer: credentials only when the username or the password is
  // not empty, and a ":" only before a password that is not (`http://:@h/` is `http://h/`)
  if (whatwg && userinfo !== undefined) {
    const colon = userinfo.indexOf(':');
    if (colon === userinfo.length - 1) userinfo = userinfo.slice(0, -1);
    // §4.4 (the URL parser) percent-encodes the username and the password, after the first ":", with
    // the userinfo percent-encode set, which holds ":", ";" and "=" of what RFC 3986 leaves literal:
    // `a:b:c` is `a:b%3Ac` to a browser, and `a;b` is `a%3Bb`
    userinfo =
      userinfo.replace(/[:;=]/g, (ch, at: number) =>
        at === colon ? ch : encodeURIComponent(ch),
      ) || undefined;
  }
  return {
    scheme,
    userinfo: userinfo === undefined ? undefined : normalizeEscapes(userinfo, false),
    host: h,
    port,
    path,
    // the special-query percent-encode set (§4.4) holds "'", which RFC 3986 leaves literal
    query:
      c.query === undefined
        ? undefined
        : normalizeEscapes(whatwg ? c.query.replace(/'/g, '%27') : c.query, false),
    fragment: c.fragment === undefined ? undefined : normalizeEscapes(c.fragment, false),
  };
}

/**
 * Normalizes the components of a parsed URI reference (see {@link normalize}).
 *
 * @param c - components from {@link parse}
 * @param options - {@link NormalizeOptions}
 * @returns new, normalized components
 * @throws never for components that {@link parse} returned, except with `hosts: 'whatwg'`, which
 *   throws {@link UriSyntaxError} as {@link normalize} does
 * @example
 * ```ts
 * normalizeComponents(parse('HTTP://a:80')).path; // '/'
 * ```
 */
export function normalizeComponents(c: UriComponents, options?: NormalizeOptions): UriComponents {
  return normalizeWith(c, options, undefined);
}

/**
 * Normalizes a URI reference: syntax-based
 * ({@link https://www.rfc-editor.org/rfc/rfc3986#section-6.2.2 | RFC 3986 §6.2.2}: case of scheme and
 * host, upper-case hex in escapes, escapes of unreserved characters decoded, dot segments removed) and
 * scheme-based ({@link https://www.rfc-editor.org/rfc/rfc3986#section-6.2.3 | §6.2.3}). By default it
 * never changes
 * the authority's structure, the kind of host, or a segment boundary: `%2F`, `%40`, `%3A` stay encoded,
 * and an escaped dot segment (`%2E%2E`) stays escaped. The option `literal` reads §6.2.2 to the letter
 * instead (see {@link NormalizeOptions}).
 *
 * For the special schemes of the URL Standard (`http`, `https`, `ws`, `wss`, `ftp`, `file`) the result
 * means to a WHATWG parser (browsers, `fetch`, Node's `URL`) what the input meant: the same host and
 * the same path once resolved. So dot segments stay where such a parser would read them otherwise:
 * when the path holds a segment it takes for a dot (`%2E`, `.%2E`, `%2e%2E`...), when the host is
 * absent or empty (`http:/h/../x`, `http:///h/../x`: it reads the host `h` from the path), in a
 * `file` path that holds a drive letter (`C:`, which its `..` never removes) and in a rootless `file`
 * path (`file:.//x`); `file://C:/` keeps its drive letter as written. `urn` references follow
 * {@link https://www.rfc-editor.org/rfc/rfc8141#section-3.1 | RFC 8141 §3.1}: `urn` and the NID in lower
 * case, hex digits of escapes in upper case, no escape decoded, no dot segment removed.
 *
 * @param input - a URI reference
 * @param options - {@link NormalizeOptions}
 * @returns the normalized reference; `normalize(normalize(x)) === normalize(x)`
 * @throws {@link UriSyntaxError} when `input` is not a URI reference; with `hosts: 'whatwg'`, also
 *   where the URL Standard fails on the host (see {@link NormalizeOptions})
 * @example
 * ```ts
 * normalize('eXAMPLE://a/./b/../b/%63/%7bfoo%7d'); // 'example://a/b/c/%7Bfoo%7D'
 * normalize('HTTP://www.Example.com:80'); // 'http://www.example.com/'
 * normalize('https://h/admin/%2e/../public'); // 'https://h/admin/%2E/../public'
 * normalize('http://0x7f.1/', { hosts: 'whatwg' }); // 'http://127.0.0.1/'
 * normalize('URN:Example:%7e'); // 'urn:example:%7E'
 * normalize('http://a/b/%2E%2E/c', { literal: true }); // 'http://a/c'
 * ```
 */
export function normalize(input: string, options?: NormalizeOptions): string {
  return compose(normalizeWith(parse(input, options), options, input));
}

/**
 * Whether two URI references are equivalent after {@link normalize}
 * ({@link https://www.rfc-editor.org/rfc/rfc3986#section-6.1 | RFC 3986 §6.1}). Two `urn` references
 * are compared by {@link https://www.rfc-editor.org/rfc/rfc8141#section-3 | RFC 8141 §3}: their
 * r-, q- and f-components (after `?` and `#`) are ignored. For an SSRF allow or deny list, pass
 * `{ hosts: 'whatwg' }`: hosts are then compared as a client connects to them (`127.1` is
 * `127.0.0.1`).
 *
 * @param a - a URI reference
 * @param b - another
 * @param options - {@link NormalizeOptions}
 * @returns `true` when their normal forms are the same string (for URNs, up to the `?` or `#`)
 * @throws {@link UriSyntaxError} when either is not a URI reference; with `hosts: 'whatwg'`, also
 *   where the URL Standard fails on a host
 * @example
 * ```ts
 * equivalent('http://info.cern.ch/albert/marie%2Dclaude', 'http://info.cern.ch/albert/marie-claude'); // true
 * equivalent('http://info.cern.ch/albert%2Fmarie-claude', 'http://info.cern.ch/albert/marie-claude'); // false
 * equivalent('http://2130706433/', 'http://127.0.0.1/'); // false
 * equivalent('http://2130706433/', 'http://127.0.0.1/', { hosts: 'whatwg' }); // true
 * equivalent('URN:EXAMPLE:a?=q', 'urn:example:a'); // true
 * equivalent('urn:example:%41', 'urn:example:A'); // false
 * ```
 */
export function equivalent(a: string, b: string, options?: NormalizeOptions): boolean {
  if (a === b && options?.hosts !== 'whatwg') return parse(a, options) !== undefined;
  const x = normalizeWith(parse(a, options), options, a);
  const y = normalizeWith(parse(b, options), options, b);
  // RFC 8141 §3: the r-, q- and f-components of a URN take no part in its equivalence
  if (x.scheme === 'urn' && y.scheme === 'urn' && x.host === undefined && y.host === undefined)
    return x.path === y.path;
  return compose(x) === compose(y);
}
