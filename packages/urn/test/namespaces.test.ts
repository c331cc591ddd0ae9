import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ietfNamespace, parseIetfNss } from '../src/ietf';
import { normalizeUrn, UrnSyntaxError, urnEquals, validateUrn } from '../src/index';
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

const digits = (n: number): fc.Arbitrary<string> =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((a) => a.join(''));
const value = (c: string): number => (c === 'X' || c === 'x' ? 10 : Number(c));
// Oracles in the checksum form (ISO 2108 / ISO 3297): a valid number's weighted sum is 0 mod m.
const isbn10Sum = (s: string): number =>
  s.split('').reduce((sum, c, i) => sum + value(c) * (10 - i), 0) % 11;
const isbn13Sum = (s: string): number =>
  s.split('').reduce((sum, c, i) => sum + Number(c) * (i % 2 ? 3 : 1), 0) % 10;
const issnSum = (s: string): number =>
  s.split('').reduce((sum, c, i) => sum + value(c) * (8 - i), 0) % 11;
const checkChars = '0123456789X'.split('');

describe('isbn (RFC 3187)', () => {
  it('RFC 3187 and the seeds examples', () => {
    expect(isIsbn('0-395-36341-1')).toBe(true);
    expect(isIsbn('0-486-27557-4')).toBe(true);
    expect(isIsbn('0-07-112779-8')).toBe(true);
    expect(isbnCheckDigit('048627557')).toBe('4');
    expect(isbnCheckDigit('007112779')).toBe('8');
  });
  it('ISBN-10: the computed check digit is the only valid one (oracle: sum ≡ 0 mod 11)', () => {
    fc.assert(
      fc.property(digits(9), fc.constantFrom(...checkChars), (body, c) => {
        const valid = isIsbn(body + c);
        expect(valid).toBe(isbn10Sum(body + c) === 0);
        expect(valid).toBe(isbnCheckDigit(body) === c);
      }),
      { numRuns: 500 },
    );
  });
  it('ISBN-13: the computed check digit is the only valid one (oracle: sum ≡ 0 mod 10)', () => {
    fc.assert(
      fc.property(fc.constantFrom('978', '979'), digits(9), digits(1), (prefix, body, c) => {
        const s = prefix + body + c;
        expect(isIsbn(s)).toBe(isbn13Sum(s) === 0);
        expect(isbnCheckDigit(prefix + body) === c).toBe(isbn13Sum(s) === 0);
      }),
      { numRuns: 500 },
    );
  });
  it('10 <-> 13 round trip, and both forms are one ISBN', () => {
    fc.assert(
      fc.property(digits(9), (body) => {
        const ten = body + isbnCheckDigit(body);
        const thirteen = isbn10To13(ten);
        expect(thirteen.startsWith('978')).toBe(true);
        expect(isbn13Sum(thirteen)).toBe(0);
        expect(isbn13To10(thirteen)).toBe(ten);
        expect(isbnEquals(ten, thirteen)).toBe(true);
        expect(
          urnEquals(`urn:isbn:${ten}`, `URN:ISBN:${thirteen}`, { namespaces: [isbnNamespace] }),
        ).toBe(true);
      }),
      { numRuns: 200 },
    );
    expect(isbn10To13('0-306-40615-2')).toBe('9780306406157');
    expect(isbn10To13('978-0-306-40615-7')).toBe('9780306406157');
    expect(isbn13To10('978-0-8044-2957-3')).toBe('080442957X');
    expect(isbn13To10('0-8044-2957-x')).toBe('080442957X');
  });
  it('ignores hyphens and the case of X, but not misplaced hyphens', () => {
    expect(isbnEquals('0-8044-2957-X', '080442957x')).toBe(true);
    expect(isbnEquals('0-306-40615-2', '0-306-40615-3')).toBe(false);
    expect(isIsbn('-0306406152')).toBe(false);
    expect(isIsbn('0306406152-')).toBe(false);
    expect(isIsbn('0--306406152')).toBe(false);
    expect(isIsbn('X306406152')).toBe(false);
    expect(isIsbn('978030640615X')).toBe(false);
    expect(isIsbn('9770306406157')).toBe(false);
    expect(isbnNamespace.check('9770306406157')).toBe('ISBN-13 not prefixed 978 or 979');
    expect(isbnNamespace.check('0306406153')).toBe('wrong check digit, expected 2');
    expect(isbnNamespace.check('123456789')).toBe('an ISBN has 10 or 13 digits');
    expect(isbnNamespace.normalize('not-an-isbn')).toBe('not-an-isbn');
  });
  it('throws typed errors', () => {
    expect(() => isbnCheckDigit('12345')).toThrow(UrnSyntaxError);
    expect(() => isbnCheckDigit('12345678a')).toThrow(UrnSyntaxError);
    expect(() => isbn10To13('0306406153')).toThrow(/wrong check digit/);
    expect(() => isbn13To10('979-10-90636-07-1')).toThrow(/no ISBN-10/);
  });
});

describe('issn (RFC 3044, RFC 8254)', () => {
  it('RFC 3044 examples', () => {
    expect(isIssn('0259-000X')).toBe(true);
    expect(isIssn('1560-1560')).toBe(true);
    expect(issnCheckDigit('0378595')).toBe('5');
  });
  it('the computed check digit is the only valid one (oracle: sum ≡ 0 mod 11)', () => {
    fc.assert(
      fc.property(digits(7), fc.constantFrom(...checkChars, 'x'), (body, c) => {
        const issn = `${body.slice(0, 4)}-${body.slice(4)}${c}`;
        expect(isIssn(issn)).toBe(issnSum(body + c) === 0);
        expect(isIssn(body + c)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
  it('equivalence ignores the case of X; errors', () => {
    expect(
      urnEquals('URN:ISSN:0259-000X', 'urn:issn:0259-000x', { namespaces: [issnNamespace] }),
    ).toBe(true);
    expect(urnEquals('URN:ISSN:0259-000X', 'urn:issn:0259-000x')).toBe(false);
    expect(issnNamespace.check('0259-00a0')).toBe('invalid character in ISSN');
    expect(issnNamespace.normalize('bad')).toBe('bad');
    expect(() => issnCheckDigit('123')).toThrow(UrnSyntaxError);
  });
});

describe('uuid (RFC 9562)', () => {
  it('reads version and variant', () => {
    expect(parseUuid('f81d4fae-7dec-11d0-a765-00a0c91e6bf6')).toEqual({
      hex: 'f81d4fae-7dec-11d0-a765-00a0c91e6bf6',
      version: 1,
      variant: 'rfc9562',
    });
    expect(parseUuid('919108f7-52d1-4320-9bac-f847db4148a8').version).toBe(4);
    expect(parseUuid('017F22E2-79B0-7CC3-98C4-DC0C0C07398F')).toEqual({
      hex: '017f22e2-79b0-7cc3-98c4-dc0c0c07398f',
      version: 7,
      variant: 'rfc9562',
    });
    expect(parseUuid('00000000-0000-0000-0000-000000000000')).toMatchObject({
      version: 0,
      variant: 'ncs',
    });
    expect(parseUuid('ffffffff-ffff-ffff-ffff-ffffffffffff')).toMatchObject({
      version: 15,
      variant: 'future',
    });
    expect(parseUuid('00000000-0000-0000-c000-000000000000').variant).toBe('microsoft');
  });
  it('RFC 9562 Appendix A and B examples: versions 1 to 8, variant 10xx', () => {
    // [version, example] from RFC 9562 Appendices A.1-A.6 and B.1-B.2
    const examples: [number, string][] = [
      [1, 'C232AB00-9414-11EC-B3C8-9F6BDECED846'],
      [3, '5df41881-3aed-3515-88a7-2f4a814cf09e'],
      [4, '919108f7-52d1-4320-9bac-f847db4148a8'],
      [5, '2ed6657d-e927-568b-95e1-2665a8aea6a2'],
      [6, '1EC9414C-232A-6B00-B3C8-9F6BDECED846'],
      [7, '017F22E2-79B0-7CC3-98C4-DC0C0C07398F'],
      [8, '2489E9AD-2EE2-8E00-8EC9-32D5F69181C0'],
      [8, '5c146b14-3c52-8afd-938a-375d0df1fbf6'],
    ];
    for (const [version, uuid] of examples) {
      expect(parseUuid(uuid)).toStrictEqual({
        hex: uuid.toLowerCase(),
        version,
        variant: 'rfc9562',
      });
      expect(validateUrn(`urn:uuid:${uuid}`).valid).toBe(true);
    }
  });
  it('Nil and Max UUIDs (RFC 9562 §5.9, §5.10), and any variant, are UUIDs', () => {
    expect(parseUuid('00000000-0000-0000-0000-000000000000').special).toBe('nil');
    expect(parseUuid('FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF')).toStrictEqual({
      hex: 'ffffffff-ffff-ffff-ffff-ffffffffffff',
      version: 15,
      variant: 'future',
      special: 'max',
    });
    expect('special' in parseUuid('00000000-0000-0000-0000-000000000001')).toBe(false);
    expect('special' in parseUuid('ffffffff-ffff-ffff-ffff-fffffffffffe')).toBe(false);
    // the variant table of §4.1, one value of each top nibble of octet 8
    const variants = ['ncs', 'ncs', 'ncs', 'ncs', 'ncs', 'ncs', 'ncs', 'ncs'];
    variants.push('rfc9562', 'rfc9562', 'rfc9562', 'rfc9562', 'microsoft', 'microsoft');
    variants.push('future', 'future');
    for (let nibble = 0; nibble < 16; nibble++) {
      const uuid = `f81d4fae-7dec-01d0-${nibble.toString(16)}765-00a0c91e6bf6`;
      expect(parseUuid(uuid).variant).toBe(variants[nibble]);
      expect(parseUuid(uuid).version).toBe(0);
      expect(uuidNamespace.check(uuid)).toBeUndefined();
    }
    for (let version = 0; version < 16; version++) {
      expect(parseUuid(`f81d4fae-7dec-${version.toString(16)}1d0-a765-00a0c91e6bf6`).version).toBe(
        version,
      );
    }
  });
  it('refuses other forms, with the index', () => {
    expect(isUuid('f81d4fae7dec11d0a76500a0c91e6bf6')).toBe(false);
    expect(isUuid('f81d4fae-7dec-11d0-a765-00a0c91e6bf6x')).toBe(false);
    expect(isUuid('g81d4fae-7dec-11d0-a765-00a0c91e6bf6')).toBe(false);
    expect(() => parseUuid('f81d4fae-7dec-11d0-a765_00a0c91e6bf6')).toThrow(
      expect.objectContaining({ index: 23 }),
    );
    expect(uuidNamespace.check('x')).toBe('a UUID is 8-4-4-4-12 hex digits');
    expect(uuidNamespace.normalize('X')).toBe('X');
  });
  it('any UUID: case-insensitive equivalence', () => {
    fc.assert(
      fc.property(fc.uuid(), (u) => {
        expect(isUuid(u.toUpperCase())).toBe(true);
        expect(normalizeUrn(`urn:uuid:${u.toUpperCase()}`, { namespaces: [uuidNamespace] })).toBe(
          `urn:uuid:${u.toLowerCase()}`,
        );
      }),
      { numRuns: 200 },
    );
  });
});

describe('oid (RFC 3061)', () => {
  it('dotted decimal without leading zeros', () => {
    expect(isOid('0')).toBe(true);
    expect(isOid('0.9.2342.19200300.100.4')).toBe(true);
    expect(isOid('1.3.6.1.10')).toBe(true);
    for (const bad of ['', '.', '1.', '.1', '1..3', '01', '1.03.6', '1.3a', '1.-3', '00.1'])
      expect(isOid(bad)).toBe(false);
    expect(oidNamespace.check('1.3')).toBeUndefined();
    expect(oidNamespace.check('1.03')).toBe(
      'an OID is dotted decimal without leading zeros, under the roots 0, 1, 2 (X.660)',
    );
    expect(oidNamespace.normalize('1.3.6')).toBe('1.3.6');
  });
  it('X.660 roots: 0, 1 or 2, and arcs 0-39 under 0 and 1', () => {
    for (const good of ['1', '2', '0.0', '1.39', '0.39.7', '2.40', '2.999.1', '2.25.1234567890123'])
      expect(isOid(good)).toBe(true);
    for (const bad of ['3', '3.1', '9.0', '10.1', '1.40', '0.40', '1.100', '0.1000.1', '123'])
      expect(isOid(bad)).toBe(false);
    expect(validateUrn('urn:oid:3.1').problems.map((p) => p.code)).toEqual(['namespace']);
  });
  it('agrees with an oracle on generated arcs', () => {
    const oracle = (arcs: number[]): boolean =>
      arcs[0]! <= 2 && (arcs[0] === 2 || arcs.length < 2 || arcs[1]! < 40);
    fc.assert(
      fc.property(
        fc.nat({ max: 4 }),
        fc.array(fc.nat({ max: 100000 }), { maxLength: 8 }),
        (root, rest) => {
          const arcs = [root, ...rest];
          expect(isOid(arcs.join('.'))).toBe(oracle(arcs));
          expect(isOid(`${arcs.join('.')}.0${root}`)).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('ietf (RFC 2648)', () => {
  it('reads each class', () => {
    expect(parseIetfNss('rfc:2648')).toEqual({ kind: 'rfc', value: '2648' });
    expect(parseIetfNss('RFC:02648')).toEqual({ kind: 'rfc', value: '2648' });
    expect(parseIetfNss('rfc:0')).toEqual({ kind: 'rfc', value: '0' });
    expect(parseIetfNss('bcp:000')).toEqual({ kind: 'bcp', value: '0' });
    // a number is digits, not a float: no rounding however long
    expect(parseIetfNss(`std:00${'9'.repeat(30)}`).value).toBe('9'.repeat(30));
    expect(parseIetfNss('std:50')).toEqual({ kind: 'std', value: '50' });
    expect(parseIetfNss('bcp:66')).toEqual({ kind: 'bcp', value: '66' });
    expect(parseIetfNss('fyi:36')).toEqual({ kind: 'fyi', value: '36' });
    expect(parseIetfNss('id:ietf-urn-ietf-06')).toEqual({ kind: 'id', value: 'ietf-urn-ietf-06' });
    expect(parseIetfNss('mtg:41-urn')).toEqual({ kind: 'mtg', value: '41-urn' });
    expect(parseIetfNss('params:xml:ns:netconf:base:1.0').kind).toBe('params');
  });
  it('refuses malformed names with the reason', () => {
    expect(() => parseIetfNss('rfc:')).toThrow(/rfc needs a document number/);
    expect(() => parseIetfNss('rfc:12a')).toThrow(UrnSyntaxError);
    expect(() => parseIetfNss('mtg:urn')).toThrow(/mtg needs/);
    expect(() => parseIetfNss('mtg:41-')).toThrow(/mtg needs/);
    expect(() => parseIetfNss('id')).toThrow(/id needs a name/);
    expect(() => parseIetfNss('params:')).toThrow(/params needs <class>:<name>/);
    // RFC 3553: a protocol-parameter class and a class-specific string, both non-empty
    for (const bad of ['params', 'params:xml', 'params:xml:', 'params::ns'])
      expect(ietfNamespace.check(bad)).toBe('params needs <class>:<name>');
    expect(() => parseIetfNss('params:xml')).toThrow(expect.objectContaining({ index: 7 }));
    expect(() => parseIetfNss('params')).toThrow(expect.objectContaining({ index: 6 }));
    for (const good of [
      'params:oauth:grant-type:jwt-bearer',
      'params:rtp-hdrext:toffset',
      'params:acme:error:badNonce',
      'params:scim:schemas:core:2.0:User',
    ])
      expect(ietfNamespace.check(good)).toBeUndefined();
    expect(() => parseIetfNss('foo:1')).toThrow(/unknown class/);
    expect(ietfNamespace.check('foo:1')).toMatch(/unknown class/);
    expect(ietfNamespace.check('rfc:1')).toBeUndefined();
  });
  it('mtg: refuses a meeting without a number, a "-" or a group name, at the offset', () => {
    // RFC 2648 §2: mtg:<meeting number>-<group acronym>
    const cases: [nss: string, index: number][] = [
      ['mtg', 3], // no value at all
      ['mtg:', 4], // empty number
      ['mtg:41', 4], // no dash, no name: was { kind: 'mtg', value: '41' }
      ['mtg:4a', 4], // non-digit number: was accepted
      ['mtg:4a-urn', 4],
      ['mtg:-urn', 4], // leading dash, empty number
      ['mtg:41-', 7], // empty name
      ['mtg:41--urn', 7], // name starting with "-"
      ['mtg:41-urn-', 10], // trailing dash
      ['mtg:urn', 4],
    ];
    for (const [nss, index] of cases) {
      expect(() => parseIetfNss(nss), nss).toThrow(
        expect.objectContaining({ index, reason: 'mtg needs <meeting number>-<name>' }),
      );
      expect(ietfNamespace.check(nss), nss).toBe('mtg needs <meeting number>-<name>');
      expect(validateUrn(`urn:ietf:${nss}`).valid, nss).toBe(false);
    }
    expect(validateUrn('urn:ietf:mtg:41').problems[0]?.reason).toBe(
      'mtg needs <meeting number>-<name>',
    );
    for (const good of ['mtg:41-urn', 'MTG:0-x', 'mtg:100-v6ops', 'mtg:41-a-b'])
      expect(parseIetfNss(good).kind, good).toBe('mtg');
    expect(validateUrn('urn:ietf:mtg:41-urn').valid).toBe(true);
  });
  it('is case-insensitive but keeps escapes upper case', () => {
    expect(normalizeUrn('urn:ietf:PARAMS:a%3ab', { namespaces: [ietfNamespace] })).toBe(
      'urn:ietf:params:a%3Ab',
    );
  });
});

describe('nbn (RFC 8458)', () => {
  it('DNB check digit for de', () => {
    expect(nbnCheckDigit('urn:nbn:de:gbv:089-332175294')).toBe('5');
    expect(nbnCheckDigit('URN:NBN:DE:GBV:089-332175294')).toBe('5');
    expect(nbnNamespace.check('de:gbv:089-3321752945')).toBeUndefined();
    expect(nbnNamespace.check('de:gbv:089-3321752940')).toBe('wrong DNB check digit');
    expect(nbnNamespace.check('de:gbv:089-33217529%45')).toBe('wrong DNB check digit');
    expect(() => nbnCheckDigit('urn:nbn:de:a%20')).toThrow(UrnSyntaxError);
    expect(() => nbnCheckDigit('')).toThrow(UrnSyntaxError);
  });
  it('accepts NBNs that German libraries assigned (LMU Munich, DNB, ULB Münster)', () => {
    for (const nss of ['de:bvb:19-146642', 'de:101:1-201102033592', 'de:hbz:6-85659524771']) {
      expect(nbnNamespace.check(nss), nss).toBeUndefined();
      expect(nbnCheckDigit(`urn:nbn:${nss.slice(0, -1)}`)).toBe(nss.slice(-1));
    }
  });
  it('every de NBN with its computed check digit is valid, with any other digit invalid', () => {
    fc.assert(
      fc.property(digits(8), digits(1), (serial, other) => {
        const body = `urn:nbn:de:101:1-${serial}`;
        const check = nbnCheckDigit(body);
        expect(nbnNamespace.check(`de:101:1-${serial}${check}`)).toBeUndefined();
        if (other !== check)
          expect(nbnNamespace.check(`de:101:1-${serial}${other}`)).toBe('wrong DNB check digit');
      }),
      { numRuns: 200 },
    );
  });
  it('country prefix; case of the prefix ignored', () => {
    expect(nbnNamespace.check('fi-fe19981001')).toBeUndefined();
    expect(nbnNamespace.check('1i-fe')).toMatch(/country code/);
    expect(nbnNamespace.check('fi')).toMatch(/country code/);
    expect(nbnNamespace.check('fi_x')).toMatch(/country code/);
    expect(
      urnEquals('URN:NBN:FI-fe19981001', 'urn:nbn:fi-fe19981001', { namespaces: [nbnNamespace] }),
    ).toBe(true);
    expect(
      urnEquals('urn:nbn:fi-FE19981001', 'urn:nbn:fi-fe19981001', { namespaces: [nbnNamespace] }),
    ).toBe(false);
    expect(nbnNamespace.normalize('SE:UU:diva-3475')).toBe('se:uu:diva-3475');
    expect(nbnNamespace.normalize('SE:x')).toBe('se:x');
    expect(nbnNamespace.normalize('?')).toBe('?');
  });
});
