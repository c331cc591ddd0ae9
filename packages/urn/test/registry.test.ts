import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderNamespaces } from '../scripts/generate-namespaces';
import { namespaceOf, UrnSyntaxError, validateUrn } from '../src/index';
import { isbnNamespace } from '../src/isbn';

describe('namespaceOf (IANA registry, RFC 8141 §5)', () => {
  it('tells formal, informal, example and unregistered', () => {
    expect(namespaceOf('urn:ISBN:0-486-27557-4')).toEqual({
      nid: 'isbn',
      kind: 'formal',
      references: ['International ISBN Agency'],
    });
    expect(namespaceOf('urn:ietf:rfc:2648')).toEqual({
      nid: 'ietf',
      kind: 'formal',
      references: ['RFC2648'],
    });
    expect(namespaceOf('urn:dvb:x').references).toEqual(['RFC5328', 'RFC7354']);
    expect(namespaceOf('urn-7')).toEqual({
      nid: 'urn-7',
      kind: 'informal',
      references: ['RFC6050'],
    });
    expect(namespaceOf('urn:example:a')).toEqual({
      nid: 'example',
      kind: 'example',
      references: ['RFC6963'],
    });
    expect(namespaceOf('urn:inet:cnri.dlib/august98').kind).toBe('unregistered');
    expect(namespaceOf('urn-99').kind).toBe('unregistered');
    expect(namespaceOf('URN:OASIS').nid).toBe('oasis');
    // Object.prototype names are not namespaces
    expect(namespaceOf('constructor').kind).toBe('unregistered');
    expect(namespaceOf('hasOwnProperty').kind).toBe('unregistered');
  });
  it('refuses what cannot be a NID', () => {
    expect(() => namespaceOf('')).toThrow(UrnSyntaxError);
    expect(() => namespaceOf('urn::x')).toThrow(expect.objectContaining({ index: 4 }));
    expect(() => namespaceOf('-ab')).toThrow(UrnSyntaxError);
    expect(() => namespaceOf('a b')).toThrow(expect.objectContaining({ index: 1 }));
    expect(() => namespaceOf('a'.repeat(33))).toThrow(expect.objectContaining({ index: 32 }));
  });
});

describe('validateUrn: strict and lenient', () => {
  it('accepts the seeds examples', () => {
    for (const urn of [
      'urn:isbn:0-486-27557-4',
      'urn:isbn:0-07-112779-8',
      'urn:oasis:names:specification:docbook:dtd:xml:4.1.2',
    ]) {
      expect(validateUrn(urn)).toMatchObject({ valid: true, problems: [] });
    }
  });
  it('accepts the legacy seeds only when lenient, and says why', () => {
    const path = 'urn:path:/A/B/C/doc.html';
    expect(validateUrn(path).valid).toBe(false);
    const lenientPath = validateUrn(path, { lenient: true });
    expect(lenientPath.valid).toBe(true);
    expect(lenientPath.urn).toEqual({ nid: 'path', nss: '/A/B/C/doc.html' });
    expect(lenientPath.problems).toEqual([
      {
        code: 'legacy-syntax',
        reason: 'not RFC 8141 (NSS starts with "/"), but valid under the obsolete RFC 2141 grammar',
        index: 9,
      },
      {
        code: 'unregistered',
        reason: 'the NID "path" is not in the IANA URN Namespaces registry (RFC 8141 §5)',
      },
    ]);
    const inet = 'urn:inet:cnri.dlib/august98';
    expect(validateUrn(inet)).toMatchObject({ valid: false, problems: [{ code: 'unregistered' }] });
    expect(validateUrn(inet, { lenient: true })).toMatchObject({
      valid: true,
      namespace: { nid: 'inet', kind: 'unregistered' },
      problems: [{ code: 'unregistered' }],
    });
  });
  it('lenient does not excuse syntax errors or namespace rules', () => {
    expect(validateUrn('urn:example:a b', { lenient: true })).toEqual({
      valid: false,
      urn: undefined,
      namespace: undefined,
      problems: [{ code: 'syntax', reason: 'invalid character', index: 13 }],
    });
    expect(validateUrn('urn:isbn:0-486-27557-5', { lenient: true })).toMatchObject({
      valid: false,
      problems: [{ code: 'namespace', reason: 'wrong check digit, expected 4' }],
    });
  });
  it('uses the namespace rules given', () => {
    expect(validateUrn('urn:uuid:nope', { namespaces: [isbnNamespace] }).valid).toBe(true);
    expect(validateUrn('urn:uuid:nope').valid).toBe(false);
    expect(validateUrn('urn:a:x', { lenient: true }).problems.map((p) => p.code)).toEqual([
      'legacy-syntax',
      'unregistered',
    ]);
  });
});

describe('generated registry', () => {
  it('src/generated/namespaces.ts matches what the script writes from data/ (drift)', () => {
    const dir = join(import.meta.dirname, '..');
    const expected = renderNamespaces(
      readFileSync(join(dir, 'data/urn-namespaces-1.csv'), 'utf8'),
      readFileSync(join(dir, 'data/urn-namespaces-2.csv'), 'utf8'),
    );
    expect(readFileSync(join(dir, 'src/generated/namespaces.ts'), 'utf8')).toBe(expected);
  });
  it('holds all 70 formal and 7 informal NIDs of the snapshot', () => {
    const formal = readFileSync(join(import.meta.dirname, '../data/urn-namespaces-1.csv'), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(',')[0]!);
    expect(formal).toHaveLength(70);
    for (const nid of formal) expect(['formal', 'example']).toContain(namespaceOf(nid).kind);
    for (let n = 1; n <= 7; n++) expect(namespaceOf(`urn-${n}`).kind).toBe('informal');
  });
  it('looks up every NID of the IANA snapshot with its references', () => {
    // test/vectors/urn-namespaces.json: the same registry snapshot as data/, as JSON (SOURCES.md)
    type Entry = { nid: string; reference: string[] };
    const json = JSON.parse(
      readFileSync(join(import.meta.dirname, 'vectors/urn-namespaces.json'), 'utf8'),
    ) as {
      count: number;
      formal: Entry[];
      informal: Entry[];
    };
    expect(json.formal).toHaveLength(json.count);
    for (const { nid, reference } of json.formal) {
      const info = namespaceOf(`urn:${nid.toUpperCase()}:x`);
      expect(info).toEqual({
        nid: nid.toLowerCase(),
        kind: nid === 'example' ? 'example' : 'formal',
        references: reference,
      });
    }
    for (const { nid, reference } of json.informal) {
      expect(namespaceOf(nid)).toEqual({ nid, kind: 'informal', references: reference });
    }
  });
  it('parses quoted CSV fields and refuses an unknown header', () => {
    const text = renderNamespaces(
      'URN Namespace,Template,Reference\r\n"a,b",,"[RFC1][Errata ""2""]"\r\n',
      'URN Namespace,Template,Reference\n',
    );
    expect(text).toContain('"a,b": ["RFC1","Errata \\"2\\""]');
    expect(() => renderNamespaces('NID,Ref\n', '')).toThrow(/unexpected CSV header/);
  });
});
