import { describe, expect, it } from 'vitest';
import { defaultResolvers, resolveUrn, resolveUrnWith, UrnSyntaxError } from '../src/index';
import { nbnNamespace } from '../src/nbn';

describe('resolveUrn (RFC 2483 I2L / I2Ls, no network)', () => {
  it('ietf: RFCs, series and drafts', () => {
    expect(resolveUrn('urn:ietf:rfc:2648')).toEqual([
      'https://www.rfc-editor.org/rfc/rfc2648',
      'https://datatracker.ietf.org/doc/html/rfc2648',
      'https://www.rfc-editor.org/rfc/rfc2648.txt',
    ]);
    expect(resolveUrn('URN:IETF:RFC:02648')[0]).toBe('https://www.rfc-editor.org/rfc/rfc2648');
    expect(resolveUrn('urn:ietf:bcp:66')).toEqual(['https://www.rfc-editor.org/info/bcp66']);
    expect(resolveUrn('urn:ietf:std:50')).toEqual(['https://www.rfc-editor.org/info/std50']);
    expect(resolveUrn('urn:ietf:id:ietf-urn-ietf-06')).toEqual([
      'https://datatracker.ietf.org/doc/draft-ietf-urn-ietf-06',
    ]);
    expect(resolveUrn('urn:ietf:mtg:41-urn')).toEqual([]);
    expect(resolveUrn('urn:ietf:params:xml:ns:netconf:base:1.0')).toEqual([]);
    expect(resolveUrn('urn:ietf:nonsense')).toEqual([]);
  });
  it('isbn, issn, nbn, oid', () => {
    expect(resolveUrn('urn:isbn:0-306-40615-2')).toEqual([
      'https://openlibrary.org/isbn/9780306406157',
      'https://search.worldcat.org/isbn/9780306406157',
    ]);
    expect(resolveUrn('urn:isbn:0-306-40615-3')).toEqual([]);
    expect(resolveUrn('urn:issn:0259-000x')).toEqual([
      'https://portal.issn.org/resource/ISSN/0259-000X',
    ]);
    expect(resolveUrn('urn:issn:0259-0001')).toEqual([]);
    expect(resolveUrn('URN:NBN:de:gbv:089-3321752945')).toEqual([
      'https://nbn-resolving.org/urn:nbn:de:gbv:089-3321752945',
    ]);
    expect(resolveUrn('urn:nbn:fi-fe19981001')).toEqual(['https://urn.fi/urn:nbn:fi-fe19981001']);
    expect(resolveUrn('urn:nbn:xx-1')).toEqual([]);
    expect(resolveUrn('urn:oid:1.3.6.1')).toEqual(['https://oid-base.com/get/1.3.6.1']);
    expect(resolveUrn('urn:oid:1.03')).toEqual([]);
    expect(resolveUrn('urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6')).toEqual([]);
  });
  it('nbn: no URL for a name the NBN rules refuse, as for isbn, issn and oid', () => {
    // no ":" or "-" after the country code: was https://nbn-resolving.org/urn:nbn:dexyz
    expect(resolveUrn('urn:nbn:dexyz')).toEqual([]);
    // a wrong DNB check digit (5 is right): was given a URL
    expect(resolveUrn('urn:nbn:de:gbv:089-3321752940')).toEqual([]);
    expect(resolveUrn('urn:nbn:de:gbv:089-3321752945')).toHaveLength(1);
    for (const nss of ['de', 'de:', 'd1:x', 'fi_x', 'sexyz', 'de:gbv:089-33217529%45'])
      expect(resolveUrn(`urn:nbn:${nss}`), nss).toEqual([]);
    for (const nss of ['at-1', 'ch:a', 'fi-fe19981001', 'se:uu:diva-3475', 'nl:ui:13-1'])
      expect(resolveUrn(`urn:nbn:${nss}`), nss).toHaveLength(1);
    // the resolver follows nbnNamespace.check on every name it would resolve
    for (const nss of ['de:101:1-2013', 'de:101:1-201305', 'de:x', 'fi-', 'se:a%2F'])
      expect(resolveUrn(`urn:nbn:${nss}`).length, nss).toBe(
        nbnNamespace.check(nss) === undefined ? 1 : 0,
      );
  });
  it('a resolver function gets the NID in lower case and escapes with upper-case hex, as documented', () => {
    const seen: unknown[] = [];
    resolveUrn('URN:ExAmple:AbC%2fd%e9?+R%aa?=Q#F%bb', {
      example: [
        (urn) => {
          seen.push(urn);
          return [];
        },
      ],
    });
    // RFC 8141 §3.1: escape hex case does not matter; nothing is decoded, letters keep their case
    expect(seen).toEqual([
      {
        nid: 'example',
        nss: 'AbC%2Fd%E9',
        rComponent: 'R%aa',
        qComponent: 'Q',
        fComponent: 'F%bb',
      },
    ]);
  });
  it('custom registries: templates, functions, order, no duplicates', () => {
    const registry = {
      example: [
        'https://example.org/{nid}/{nss}',
        'https://resolver.example/?urn={urn}',
        (urn: { nss: string; rComponent?: string }) => [
          `https://example.org/example/${urn.nss}`,
          `r=${urn.rComponent}`,
        ],
      ],
    };
    expect(resolveUrn('URN:EXAMPLE:a%2cb?+x#f', registry)).toEqual([
      'https://example.org/example/a%2Cb',
      'https://resolver.example/?urn=urn:example:a%2Cb',
      'r=x',
    ]);
    expect(resolveUrn('urn:isbn:0-306-40615-2', registry)).toEqual([]);
    expect(resolveUrn('urn:toString:x', registry)).toEqual([]);
    expect(Object.keys(defaultResolvers).sort()).toEqual(['ietf', 'isbn', 'issn', 'nbn', 'oid']);
  });
  it('throws on non-URNs', () => {
    expect(() => resolveUrn('http://example.org/')).toThrow(UrnSyntaxError);
  });
});

describe('resolveUrnWith (network hook)', () => {
  it('hands the normalized URN and the candidates to the resolver', async () => {
    const seen: [string, readonly string[]][] = [];
    const urls = await resolveUrnWith('URN:IETF:rfc:2648#x', async (urn, candidates) => {
      seen.push([urn, candidates]);
      return ['https://mirror.example/rfc2648', ...candidates, 'https://mirror.example/rfc2648'];
    });
    expect(seen).toEqual([
      [
        'urn:ietf:rfc:2648',
        [
          'https://www.rfc-editor.org/rfc/rfc2648',
          'https://datatracker.ietf.org/doc/html/rfc2648',
          'https://www.rfc-editor.org/rfc/rfc2648.txt',
        ],
      ],
    ]);
    expect(urls).toEqual([
      'https://mirror.example/rfc2648',
      'https://www.rfc-editor.org/rfc/rfc2648',
      'https://datatracker.ietf.org/doc/html/rfc2648',
      'https://www.rfc-editor.org/rfc/rfc2648.txt',
    ]);
  });
  it('accepts a synchronous resolver and a custom registry; rejects non-URNs', async () => {
    expect(
      await resolveUrnWith('urn:example:a', (_u, c) => c, { example: ['https://x.example/{nss}'] }),
    ).toEqual(['https://x.example/a']);
    await expect(resolveUrnWith('urn:x', () => [])).rejects.toThrow(UrnSyntaxError);
    await expect(
      resolveUrnWith('urn:example:a', () => {
        throw new Error('offline');
      }),
    ).rejects.toThrow('offline');
  });
});
