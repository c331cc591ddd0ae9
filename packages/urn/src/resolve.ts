import { type IetfName, parseIetfNss } from './ietf';
import { isbn10To13 } from './isbn';
import { isIssn } from './issn';
import { isOid } from './oid';
import { upperEscapes } from './normalize';
import { parseUrn } from './parse';
import type { Urn } from './types';

/**
 * How to turn a URN into candidate URLs (RFC 2483 I2L / I2Ls): a URL template, where `{urn}`,
 * `{nid}` and `{nss}` stand for the normalized URN (no components), its lower-case NID and its
 * NSS, or a function of the parsed URN (NID in lower case, percent-escapes normalized, components
 * kept) that returns URLs.
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
      if (kind === 'id') return [`https://datatracker.ietf.org/doc/draft-${value.toLowerCase()}`];
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
      const template = NBN[urn.nss.slice(0, 2).toLowerCase()];
      return template ? [fill(template, urn)] : [];
    },
  ],
  oid: [(urn) => (isOid(urn.nss) ? [`https://oid-base.com/get/${urn.nss}`] : [])],
};

function fill(template: string, urn: Urn): string {
  return template
    .split('{urn}')
    .join(`urn:${urn.nid}:${urn.nss}`)
    .split('{nid}')
    .join(urn.nid)
    .split('{nss}')
    .join(urn.nss);
}

/**
 * Resolves a URN to candidate URLs (RFC 2483 I2Ls; the first is the I2L answer) from a resolver
 * registry, without any network access. The order follows the registry; duplicates are dropped.
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

function unique(urls: readonly string[]): string[] {
  const out: string[] = [];
  for (const url of urls) if (out.indexOf(url) < 0) out.push(url);
  return out;
}

function candidates(urn: Urn, registry: UrnResolverRegistry): string[] {
  const urls: string[] = [];
  const resolvers = own.call(registry, urn.nid) ? registry[urn.nid]! : [];
  for (const resolver of resolvers) {
    if (typeof resolver === 'string') urls.push(fill(resolver, urn));
    else for (const url of resolver(urn)) urls.push(url);
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
