import { type IetfName, parseIetfNss } from './ietf';
import { isbn10To13 } from './isbn';
import { isIssn } from './issn';
import { nbnNamespace } from './nbn';
import { isOid } from './oid';
import { upperEscapes } from './normalize';
import { parseUrn } from './parse';
import type { Urn } from './types';

/**
 * How to turn a URN into candidate URLs (RFC 2483 I2L / I2Ls): a URL template, where `{urn}`,
 * `{nid}` and `{nss}` stand for the normalized URN (no components), its lower-case NID and its
 * NSS, or a function of the parsed URN (NID in lower case, percent-escapes normalized, components
 * kept) that returns URLs.
 *
 * A template's values are percent-encoded for the part of the URL they land in
 * ({@link https://www.rfc-editor.org/rfc/rfc3986#section-3 | RFC 3986 §3}): in the path a value
 * stays inside its segment (`/`, `?`, `#`, `\` escaped), in the query it cannot add a parameter
 * (`&`, `=`, `+`, `;`, `#` escaped), in the authority only unreserved characters stay. A template
 * whose path would get a `.` or `..` segment from a value (also as `%2E`, or behind an escaped
 * `/`) gives no URL, so that no URN climbs out of the template's path
 * ({@link https://www.rfc-editor.org/rfc/rfc3986#section-5.2.4 | RFC 3986 §5.2.4}). A function's
 * URLs are its own: it gets the NSS with the hex digits of its escapes in upper case
 * ({@link https://www.rfc-editor.org/rfc/rfc8141#section-3.1 | RFC 8141 §3.1}; nothing decoded,
 * the rest as written) and must encode it itself.
 */
export type UrnResolver = string | ((urn: Urn) => readonly string[]);

/** A resolver registry: lower-case NID -> the resolvers to try, in order. */
export type UrnResolverRegistry = Readonly<Record<string, readonly UrnResolver[]>>;

/**
 * A network resolver plugged into {@link resolveUrnWith}: given the normalized URN and the
 * candidates the registry found, it returns the URLs to use (it may rank, filter, extend or
 * replace them, e.g. after asking an RFC 2483 resolution service).
 */
export type UrnNetworkResolver = (
  urn: string,
  candidates: readonly string[],
) => Promise<readonly string[]> | readonly string[];

// Object.hasOwn is ES2022; own properties only, so that "constructor" is not a namespace
const own = Object.prototype.hasOwnProperty;

const NBN: Readonly<Record<string, string>> = {
  de: 'https://nbn-resolving.org/{urn}',
  at: 'https://nbn-resolving.org/{urn}',
  ch: 'https://nbn-resolving.org/{urn}',
  fi: 'https://urn.fi/{urn}',
  se: 'https://urn.kb.se/resolve?urn={urn}',
  nl: 'https://www.persistent-identifier.nl/{urn}',
};

/**
 * The resolvers this package ships: `ietf` (RFCs at the RFC Editor and the IETF Datatracker,
 * then the canonical plain text; the series at the RFC Editor; drafts at the Datatracker), `isbn` (catalogue lookups), `issn` (the ISSN portal),
 * `nbn` (the national resolvers of de, at, ch, fi, se and nl) and `oid` (the OID repository).
 * Each gives no URL for a name its namespace's rules refuse (a wrong check digit, a malformed
 * NBN or RFC number).
 *
 * {@link https://www.rfc-editor.org/rfc/rfc2483#section-4 | RFC 2483 §4}
 *
 * @example
 * ```ts
 * resolveUrn('urn:ietf:rfc:2648', defaultResolvers);
 * // ['https://www.rfc-editor.org/rfc/rfc2648', 'https://datatracker.ietf.org/doc/html/rfc2648',
 * //  'https://www.rfc-editor.org/rfc/rfc2648.txt']
 * ```
 */
export const defaultResolvers: UrnResolverRegistry = {
  ietf: [
    (urn) => {
      let name: IetfName;
      try {
        name = parseIetfNss(urn.nss);
      } catch {
        return [];
      }
      const { kind, value } = name;
      if (kind === 'rfc') {
        return [
          `https://www.rfc-editor.org/rfc/rfc${value}`,
          `https://datatracker.ietf.org/doc/html/rfc${value}`,
          `https://www.rfc-editor.org/rfc/rfc${value}.txt`,
        ];
      }
      if (kind === 'id') {
        const url = fillTemplate('https://datatracker.ietf.org/doc/draft-{name}', {
          name: value.toLowerCase(),
        });
        return url ? [url] : [];
      }
      if (kind === 'mtg' || kind === 'params') return [];
      return [`https://www.rfc-editor.org/info/${kind}${value}`];
    },
  ],
  isbn: [
    (urn) => {
      let isbn: string;
      try {
        isbn = isbn10To13(urn.nss);
      } catch {
        return [];
      }
      return [`https://openlibrary.org/isbn/${isbn}`, `https://search.worldcat.org/isbn/${isbn}`];
    },
  ],
  issn: [
    (urn) =>
      isIssn(urn.nss) ? [`https://portal.issn.org/resource/ISSN/${urn.nss.toUpperCase()}`] : [],
  ],
  nbn: [
    (urn) => {
      // only a name the NBN rules accept (RFC 8458; the DNB check digit for de:), like the
      // isbn, issn and oid resolvers
      const country = urn.nss.slice(0, 2).toLowerCase();
      const url =
        own.call(NBN, country) && !nbnNamespace.check(urn.nss) && fill(NBN[country]!, urn);
      return url ? [url] : [];
    },
  ],
  oid: [(urn) => (isOid(urn.nss) ? [`https://oid-base.com/get/${urn.nss}`] : [])],
};

/**
 * Which ASCII characters stay as they are (1) in a value placed in each part of a URL template,
 * by RFC 3986 §3: everything else is percent-encoded. A value's
 * `%` already starts an escape (the URN grammar allows no other), so it stays, except in the
 * authority, where a decoded `%2E` could change the host.
 */
const KEEP = /* @__PURE__ */ (() => {
  const set = (chars: string): Uint8Array => {
    const t = new Uint8Array(128);
    for (let c = 0; c < 128; c++) {
      // unreserved (RFC 3986 §2.3): ALPHA / DIGIT / "-" / "." / "_" / "~"
      const ch = String.fromCharCode(c);
      if (/[A-Za-z0-9._~-]/.test(ch) || chars.indexOf(ch) >= 0) t[c] = 1;
    }
    return t;
  };
  return [
    // authority: unreserved only, so that a value cannot add a userinfo, a port or another host
    set(''),
    // path (RFC 3986 §3.3 pchar): no "/", "?", "#" or "\\", so a value stays inside its segment
    set("%!$&'()*+,;=:@"),
    // query (§3.4): no "&", "=", "+", ";" or "#", so a value cannot add a parameter
    set("%!$'()*,:@/?"),
    // fragment (§3.5)
    set("%!$&'()*+,;=:@/?"),
  ];
})();

/**
 * Whether a path segment is `.` or `..`, also written with `%2E` (the URL Standard's single- and
 * double-dot segments), or holds one behind an escaped `/` or `\\` (`%2F`, `%5C`), for a server
 * that decodes those before it removes dot segments.
 */
function hasDotSegment(segment: string): boolean {
  for (const piece of segment.toLowerCase().split('%2f').join('%5c').split('%5c')) {
    const s = piece.split('%2e').join('.');
    if (s === '.' || s === '..') return true;
  }
  return false;
}

const HEX = '0123456789ABCDEF';

/**
 * `value` percent-encoded for the part of a URL it lands in (see {@link KEEP}). Values come from a
 * parsed URN and are ASCII (RFC 8141 §2 allows nothing else).
 */
function encodeFor(value: string, part: number): string {
  const keep = KEEP[part]!;
  let out = '';
  let last = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i) & 0x7f;
    if (keep[c]) continue;
    out += `${value.slice(last, i)}%${HEX[c >> 4]}${HEX[c & 15]}`;
    last = i + 1;
  }
  return last ? out + value.slice(last) : value;
}

/**
 * Fills the `{name}` placeholders of a URL template with `values`, each percent-encoded for the
 * part of the URL it lands in (authority, path, query or fragment, RFC 3986 §3), in one pass.
 * Returns `undefined` when a value would make a path segment `.` or `..`, even behind an escaped
 * slash (RFC 3986 §5.2.4 would remove it, and the segment before with it, so the URL could climb
 * out of the template's path).
 */
function fillTemplate(
  template: string,
  values: Readonly<Record<string, string>>,
): string | undefined {
  const n = template.length;
  // The part at the start: the authority after "scheme://", else the path.
  const colon = template.indexOf(':');
  const slashes =
    colon > 0 && template.charCodeAt(colon + 1) === 47 && template.charCodeAt(colon + 2) === 47;
  let part = slashes ? 0 : 1;
  let i = slashes ? colon + 3 : 0;
  let out = template.slice(0, i);
  // The path segment being written, and whether a value is part of it.
  let segment = '';
  let filled = false;
  for (; i <= n; i++) {
    const c = i < n ? template.charCodeAt(i) : -1;
    if (part === 1 && (c === 47 || c === 63 || c === 35 || c === -1)) {
      if (filled && hasDotSegment(segment)) return undefined;
      segment = '';
      filled = false;
    }
    if (c === -1) break;
    if (c === 123) {
      const close = template.indexOf('}', i);
      const name = close < 0 ? '' : template.slice(i + 1, close);
      if (close > 0 && own.call(values, name)) {
        const value = encodeFor(values[name]!, part);
        out += value;
        if (part === 1) {
          segment += value;
          filled = true;
        }
        i = close;
        continue;
      }
    }
    if (c === 47 && part === 0) part = 1;
    else if (c === 63 && part < 2) part = 2;
    else if (c === 35 && part < 3) part = 3;
    else if (part === 1 && c !== 47) segment += template[i];
    out += template[i];
  }
  return out;
}

/** The template filled with the URN's `{urn}`, `{nid}` and `{nss}`. */
function fill(template: string, urn: Urn): string | undefined {
  return fillTemplate(template, { urn: `urn:${urn.nid}:${urn.nss}`, nid: urn.nid, nss: urn.nss });
}

/**
 * Resolves a URN to candidate URLs (RFC 2483 I2Ls; the first is the I2L answer) from a resolver
 * registry, without any network access. The order follows the registry; duplicates are dropped.
 * Template values are percent-encoded for the part of the URL they land in, and a template whose
 * path would get a dot segment from the URN gives no URL (see {@link UrnResolver}).
 *
 * {@link https://www.rfc-editor.org/rfc/rfc2483#section-4 | RFC 2483 §4}
 *
 * @param urn - an RFC 8141 URN
 * @param registry - the resolvers per NID; {@link defaultResolvers} by default
 * @returns candidate URLs, empty when the registry has nothing for the URN
 * @throws {@link UrnSyntaxError} when `urn` is not a URN
 * @example
 * ```ts
 * resolveUrn('urn:isbn:0-306-40615-2')[0]; // 'https://openlibrary.org/isbn/9780306406157'
 * resolveUrn('urn:example:thing', { example: ['https://example.org/names/{nss}'] });
 * // ['https://example.org/names/thing']
 * resolveUrn('urn:nbn:se:x&admin=1'); // ['https://urn.kb.se/resolve?urn=urn:nbn:se:x%26admin%3D1']
 * resolveUrn('urn:ietf:id:../../admin'); // [], never https://datatracker.ietf.org/admin
 * ```
 */
export function resolveUrn(
  urn: string,
  registry: UrnResolverRegistry = defaultResolvers,
): string[] {
  return candidates(prepared(urn), registry);
}

/** Parses `urn` with its NID in lower case and its escapes normalized, components kept. */
function prepared(urn: string): Urn {
  const parsed = parseUrn(urn);
  parsed.nid = parsed.nid.toLowerCase();
  parsed.nss = upperEscapes(parsed.nss);
  return parsed;
}

/** The URLs in order, duplicates dropped (a Set: linear in the number of URLs). */
function unique(urls: readonly string[]): string[] {
  return Array.from(new Set(urls));
}

function candidates(urn: Urn, registry: UrnResolverRegistry): string[] {
  const urls: string[] = [];
  const resolvers = own.call(registry, urn.nid) ? registry[urn.nid]! : [];
  for (const resolver of resolvers) {
    if (typeof resolver === 'string') {
      const url = fill(resolver, urn);
      if (url !== undefined) urls.push(url);
    } else for (const url of resolver(urn)) urls.push(url);
  }
  return unique(urls);
}

/**
 * Resolves a URN with a network resolver: finds the registry's candidates with
 * {@link resolveUrn}, then hands them, with the normalized URN, to `network` and returns its
 * answer (duplicates dropped). This package never touches the network itself.
 *
 * {@link https://www.rfc-editor.org/rfc/rfc2483#section-4 | RFC 2483 §4}
 *
 * @param urn - an RFC 8141 URN
 * @param network - the resolver to ask (fetch-based, a cache, a test double...)
 * @param registry - the resolvers per NID; {@link defaultResolvers} by default
 * @returns a promise of the URLs `network` returns
 * @throws {@link UrnSyntaxError} (as a rejected promise) when `urn` is not a URN; whatever
 *   `network` throws
 * @example
 * ```ts
 * const urls = await resolveUrnWith('urn:ietf:rfc:2648', async (urn, candidates) => candidates.slice(0, 1));
 * // ['https://www.rfc-editor.org/rfc/rfc2648']
 * ```
 */
export async function resolveUrnWith(
  urn: string,
  network: UrnNetworkResolver,
  registry: UrnResolverRegistry = defaultResolvers,
): Promise<string[]> {
  const parsed = prepared(urn);
  return unique(await network(`urn:${parsed.nid}:${parsed.nss}`, candidates(parsed, registry)));
}
