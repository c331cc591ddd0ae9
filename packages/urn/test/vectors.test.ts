// Runs every case of test/vectors/urn.json (see test/vectors/SOURCES.md).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ietfNamespace } from '../src/ietf';
import {
  parseUrn as _parse,
  isUrn,
  namespaceOf,
  normalizeUrn,
  resolveUrn,
  urnEquals,
  validateUrn,
} from '../src/index';
import { isbnNamespace, isIsbn } from '../src/isbn';
import { isIssn, issnNamespace } from '../src/issn';
import { nbnCheckDigit, nbnNamespace } from '../src/nbn';
import { isOid } from '../src/oid';
import { parseUuid, uuidNamespace } from '../src/uuid';

interface Vectors {
  syntax: { input: string; valid: boolean; mode: string; source: string }[];
  equivalence: {
    rfc8141: { groups: string[][] };
    rfc2141: { groups: string[][] };
    pairs: { a: string; b: string; equivalent: boolean; source: string }[];
  };
  normalization: { input: string; normalizedAssignedName: string }[];
  nidClassification: { nid: string; formal: boolean; informal: boolean }[];
  namespaces: {
    isbn: { input: string; checkDigitValid: boolean; kind: string }[];
    issn: { input: string; checkDigitValid: boolean; hyphenated: boolean }[];
    uuid: { input: string; valid: boolean; version?: number; equivalentTo?: string }[];
    oid: { input: string; valid: boolean }[];
    ietf: { input: string; valid: boolean; resolvesTo?: string[] }[];
    nbn: { input: string; valid?: boolean; validSyntax?: boolean; checkDigit?: string }[];
  };
}

const vectors = JSON.parse(
  readFileSync(join(import.meta.dirname, 'vectors/urn.json'), 'utf8'),
) as Vectors;
const nssOf = (urn: string): string => _parse(urn).nss;

describe('syntax vectors', () => {
  it.each(vectors.syntax.map((c) => [c.input, c.valid, c.source] as const))(
    '%s -> %s (%s)',
    (input, valid) => {
      expect(isUrn(input)).toBe(valid);
      if (valid) expect(() => _parse(input)).not.toThrow();
      else expect(() => _parse(input)).toThrow(/at index \d+/);
    },
  );
});

describe('equivalence vectors', () => {
  for (const [mode, groups] of [
    ['rfc8141', vectors.equivalence.rfc8141.groups],
    ['rfc2141', vectors.equivalence.rfc2141.groups],
  ] as const) {
    const syntax = mode;
    it(`${mode}: members of a group are equivalent, members of different groups are not`, () => {
      groups.forEach((group, g) => {
        groups.forEach((other, h) => {
          for (const a of group)
            for (const b of other) expect(urnEquals(a, b, { syntax }), `${a} ~ ${b}`).toBe(g === h);
        });
      });
    });
  }
  it.each(vectors.equivalence.pairs.map((p) => [p.a, p.b, p.equivalent, p.source] as const))(
    '%s ~ %s is %s (%s)',
    (a, b, equivalent, source) => {
      expect(urnEquals(a, b)).toBe(equivalent);
      expect(urnEquals(b, a)).toBe(equivalent);
      // RFC 2141 has no r/q/f components: only its own pairs hold under its grammar
      if (source.startsWith('RFC 2141'))
        expect(urnEquals(a, b, { syntax: 'rfc2141' })).toBe(equivalent);
    },
  );
});

describe('normalization vectors', () => {
  it.each(vectors.normalization.map((c) => [c.input, c.normalizedAssignedName] as const))(
    '%s -> %s',
    (input, expected) => expect(normalizeUrn(input)).toBe(expected),
  );
});

describe('NID classification vectors', () => {
  it.each(vectors.nidClassification.map((c) => [c.nid, c.formal, c.informal] as const))(
    '%s formal %s informal %s',
    (nid, formal, informal) => {
      const { kind } = namespaceOf(nid);
      expect(kind === 'formal' || kind === 'example').toBe(formal);
      expect(kind === 'informal').toBe(informal);
    },
  );
});

describe('namespace vectors', () => {
  it.each(vectors.namespaces.isbn.map((c) => [c.input, c.checkDigitValid, c.kind] as const))(
    'isbn %s valid %s (%s)',
    (input, valid, kind) => {
      const nss = nssOf(input);
      expect(isIsbn(nss)).toBe(valid);
      expect(isbnNamespace.check(nss) === undefined).toBe(valid);
      expect(validateUrn(input).valid).toBe(valid);
      const digits = nss.split('-').join('').length;
      if (kind === 'ISBN-10') expect(digits).toBe(10);
      if (kind === 'ISBN-13') expect(digits).toBe(13);
    },
  );
  it.each(vectors.namespaces.issn.map((c) => [c.input, c.checkDigitValid, c.hyphenated] as const))(
    'issn %s valid %s',
    (input, valid, hyphenated) => {
      const nss = nssOf(input);
      expect(isIssn(nss)).toBe(valid);
      expect(issnNamespace.check(nss) === undefined).toBe(valid);
      expect(validateUrn(input).valid).toBe(valid);
      expect(nss.includes('-')).toBe(hyphenated);
    },
  );
  it.each(vectors.namespaces.uuid.map((c) => [c.input, c] as const))('uuid %s', (input, c) => {
    expect(validateUrn(input).valid).toBe(c.valid);
    if (isUrn(input)) expect(uuidNamespace.check(nssOf(input)) === undefined).toBe(c.valid);
    if (c.version !== undefined) expect(parseUuid(nssOf(input)).version).toBe(c.version);
    if (c.equivalentTo !== undefined) {
      expect(urnEquals(input, c.equivalentTo)).toBe(false);
      expect(urnEquals(input, c.equivalentTo, { namespaces: [uuidNamespace] })).toBe(true);
    }
  });
  it.each(vectors.namespaces.oid.map((c) => [c.input, c.valid] as const))(
    'oid %s valid %s',
    (input, valid) => {
      expect(isOid(nssOf(input))).toBe(valid);
      expect(validateUrn(input).valid).toBe(valid);
    },
  );
  it.each(vectors.namespaces.ietf.map((c) => [c.input, c] as const))('ietf %s', (input, c) => {
    expect(validateUrn(input).valid).toBe(c.valid);
    if (isUrn(input)) expect(ietfNamespace.check(nssOf(input)) === undefined).toBe(c.valid);
    // the vector's URLs come first, in its order; the plain text follows
    if (c.resolvesTo) expect(resolveUrn(input).slice(0, c.resolvesTo.length)).toEqual(c.resolvesTo);
  });
  it.each(vectors.namespaces.nbn.map((c) => [c.input, c] as const))('nbn %s', (input, c) => {
    const valid = c.valid ?? c.validSyntax;
    expect(validateUrn(input).valid).toBe(valid);
    expect(nbnNamespace.check(nssOf(input)) === undefined).toBe(valid);
    if (c.checkDigit !== undefined) expect(nbnCheckDigit(input.slice(0, -1))).toBe(c.checkDigit);
  });
});
