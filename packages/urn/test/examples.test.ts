// Runs the claim of every @example in the TSDoc and of every example in README.md.
import { describe, expect, it } from 'vitest';
import { ietfNamespace, parseIetfNss } from '../src/ietf';
import {
  defaultResolvers,
  formatUrn,
  isUrn,
  namespaceOf,
  normalizeUrn,
  parseUrn,
  resolveUrn,
  resolveUrnWith,
  standardNamespaces,
  UrnSyntaxError,
  urnEquals,
  validateUrn,
} from '../src/index';
import {
  isbn10To13,
  isbn13To10,
  isbnCheckDigit,
  isbnEquals,
  isbnNamespace,
  isIsbn,
} from '../src/isbn';
import { isIssn, issnCheckDigit, issnNamespace } from '../src/issn';
import { nbnCheckDigit, nbnNamespace } from '../src/nbn';
import { isOid, oidNamespace } from '../src/oid';
import { isUuid, parseUuid, uuidNamespace } from '../src/uuid';

describe('TSDoc examples', () => {
  it('UrnSyntaxError', () => {
    try {
      parseUrn('urn:example:a?b');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(UrnSyntaxError);
      expect([(error as UrnSyntaxError).index, (error as UrnSyntaxError).reason]).toEqual([
        13,
        '"?" not followed by "+" or "="',
      ]);
    }
  });
  it('parseUrn, isUrn, formatUrn', () => {
    expect(parseUrn('urn:example:foo-bar-baz-qux?+CCResolve:cc=uk#somepart')).toEqual({
      nid: 'example',
      nss: 'foo-bar-baz-qux',
      rComponent: 'CCResolve:cc=uk',
      fComponent: 'somepart',
    });
    expect(isUrn('urn:isbn:0-486-27557-4')).toBe(true);
    expect(isUrn('urn:a:x')).toBe(false);
    expect(isUrn('urn:a:x', { syntax: 'rfc2141' })).toBe(true);
    expect(formatUrn({ nid: 'example', nss: 'weather', qComponent: 'op=map&lat=39.56' })).toBe(
      'urn:example:weather?=op=map&lat=39.56',
    );
  });
  it('normalizeUrn, urnEquals, standardNamespaces', () => {
    expect(normalizeUrn('URN:EXAMPLE:a123%2cz456?+R?=Q#F')).toBe('urn:example:a123%2Cz456');
    expect(urnEquals('urn:example:a123,z456', 'URN:EXAMPLE:a123,z456#789')).toBe(true);
    expect(urnEquals('urn:example:a123,z456', 'urn:example:A123,z456')).toBe(false);
    expect(
      urnEquals('urn:isbn:0-306-40615-2', 'URN:ISBN:978-0-306-40615-7', {
        namespaces: standardNamespaces,
      }),
    ).toBe(true);
  });
  it('namespaceOf', () => {
    expect(namespaceOf('urn:ISBN:0-486-27557-4')).toEqual({
      nid: 'isbn',
      kind: 'formal',
      references: ['International ISBN Agency'],
    });
    expect(namespaceOf('urn-1').kind).toBe('informal');
    expect(namespaceOf('urn:example:a').kind).toBe('example');
    expect(namespaceOf('urn:inet:cnri.dlib/august98').kind).toBe('unregistered');
  });
  it('validateUrn', () => {
    expect(validateUrn('urn:isbn:0-486-27557-4').valid).toBe(true);
    expect(validateUrn('urn:isbn:0-486-27557-5').problems[0]!.reason).toBe(
      'wrong check digit, expected 4',
    );
    expect(validateUrn('urn:path:/A/B/C/doc.html').valid).toBe(false);
    const legacy = validateUrn('urn:path:/A/B/C/doc.html', { lenient: true });
    expect(legacy.valid).toBe(true);
    expect(legacy.problems.map((p) => p.code)).toEqual(['legacy-syntax', 'unregistered']);
  });
  it('defaultResolvers, resolveUrn, resolveUrnWith', async () => {
    expect(resolveUrn('urn:ietf:rfc:2648', defaultResolvers)).toEqual([
      'https://www.rfc-editor.org/rfc/rfc2648',
      'https://datatracker.ietf.org/doc/html/rfc2648',
      'https://www.rfc-editor.org/rfc/rfc2648.txt',
    ]);
    expect(resolveUrn('urn:isbn:0-306-40615-2')[0]).toBe(
      'https://openlibrary.org/isbn/9780306406157',
    );
    expect(
      resolveUrn('urn:example:thing', { example: ['https://example.org/names/{nss}'] }),
    ).toEqual(['https://example.org/names/thing']);
    expect(resolveUrn('urn:nbn:se:x&admin=1')).toEqual([
      'https://urn.kb.se/resolve?urn=urn:nbn:se:x%26admin%3D1',
    ]);
    expect(resolveUrn('urn:ietf:id:../../admin')).toEqual([]);
    const urls = await resolveUrnWith('urn:ietf:rfc:2648', async (_urn, candidates) =>
      candidates.slice(0, 1),
    );
    expect(urls).toEqual(['https://www.rfc-editor.org/rfc/rfc2648']);
  });
  it('isbn', () => {
    expect(isbnCheckDigit('048627557')).toBe('4');
    expect(isbnCheckDigit('978030640615')).toBe('7');
    expect(isIsbn('0-486-27557-4')).toBe(true);
    expect(isIsbn('0-486-27557-5')).toBe(false);
    expect(isbn10To13('0-306-40615-2')).toBe('9780306406157');
    expect(isbn13To10('978-0-8044-2957-3')).toBe('080442957X');
    expect(isbnEquals('0-306-40615-2', '978-0-306-40615-7')).toBe(true);
    expect(
      urnEquals('urn:isbn:0-306-40615-2', 'urn:isbn:9780306406157', {
        namespaces: [isbnNamespace],
      }),
    ).toBe(true);
  });
  it('issn', () => {
    expect(issnCheckDigit('0378595')).toBe('5');
    expect(isIssn('0259-000X')).toBe(true);
    expect(isIssn('03785955')).toBe(false);
    expect(
      urnEquals('URN:ISSN:0259-000X', 'urn:issn:0259-000x', { namespaces: [issnNamespace] }),
    ).toBe(true);
  });
  it('uuid', () => {
    expect(parseUuid('F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6')).toEqual({
      hex: 'f81d4fae-7dec-11d0-a765-00a0c91e6bf6',
      version: 1,
      variant: 'rfc9562',
    });
    expect(parseUuid('00000000-0000-0000-0000-000000000000')).toStrictEqual({
      hex: '00000000-0000-0000-0000-000000000000',
      version: 0,
      variant: 'ncs',
      special: 'nil',
    });
    expect(isUuid('f81d4fae-7dec-11d0-a765-00a0c91e6bf6')).toBe(true);
    expect(isUuid('{f81d4fae-7dec-11d0-a765-00a0c91e6bf6}')).toBe(false);
    expect(
      normalizeUrn('URN:UUID:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6', {
        namespaces: [uuidNamespace],
      }),
    ).toBe('urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6');
  });
  it('oid, ietf, nbn', () => {
    expect(isOid('1.3.6.1.4.1')).toBe(true);
    expect(isOid('1.03.6')).toBe(false);
    expect(isOid('3.1')).toBe(false);
    expect(isOid('1.40')).toBe(false);
    expect(oidNamespace.check('1..3')).toBe(
      'an OID is dotted decimal without leading zeros, under the roots 0, 1, 2 (X.660)',
    );
    expect(parseIetfNss('rfc:2648')).toEqual({ kind: 'rfc', value: '2648' });
    expect(parseIetfNss('params:xml:ns:netconf:base:1.0')).toEqual({
      kind: 'params',
      value: 'xml:ns:netconf:base:1.0',
    });
    expect(
      urnEquals('urn:ietf:RFC:2648', 'urn:ietf:rfc:2648', { namespaces: [ietfNamespace] }),
    ).toBe(true);
    expect(nbnCheckDigit('urn:nbn:de:gbv:089-332175294')).toBe('5');
    expect(nbnNamespace.check('de:gbv:089-3321752940')).toBe('wrong DNB check digit');
    expect(
      urnEquals('URN:NBN:FI-fe19981001', 'urn:nbn:fi-fe19981001', { namespaces: [nbnNamespace] }),
    ).toBe(true);
  });
});

describe('README examples', () => {
  it('Use', async () => {
    expect(urnEquals('urn:isbn:0-306-40615-2', 'urn:isbn:9780306406157')).toBe(false);
    expect(
      urnEquals('urn:isbn:0-306-40615-2', 'urn:isbn:9780306406157', {
        namespaces: [isbnNamespace],
      }),
    ).toBe(true);
    expect(() => parseUrn('urn:example:a?b')).toThrow('"?" not followed by "+" or "=" at index 13');
    expect(
      validateUrn('urn:path:/A/B/C/doc.html', { lenient: true }).problems.map((p) => p.reason),
    ).toEqual([
      'not RFC 8141 (NSS starts with "/"), but valid under the obsolete RFC 2141 grammar',
      'the NID "path" is not in the IANA URN Namespaces registry (RFC 8141 §5)',
    ]);
    expect(validateUrn('urn:inet:cnri.dlib/august98', { lenient: true }).valid).toBe(true);
    expect(resolveUrn('urn:isbn:0-306-40615-2')).toEqual([
      'https://openlibrary.org/isbn/9780306406157',
      'https://search.worldcat.org/isbn/9780306406157',
    ]);
    expect(resolveUrn('urn:ietf:rfc:2648')[0]).toBe('https://www.rfc-editor.org/rfc/rfc2648');
  });
  it('Compatibility: formatUrn writes "urn:" in lower case', () => {
    expect(formatUrn(parseUrn('URN:Example:a'))).toBe('urn:Example:a');
  });
});
