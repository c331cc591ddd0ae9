import { iriToUri, parseIri, UriSyntaxError, uriToIri } from '@x/uri';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { relativize, resolve } from '../src/index';

// RFC 3987 §6.5: relative IRI references resolve to IRIs by the algorithm of RFC 3986 §5.2,
// with no conversion to URIs first; §3.1 converts afterwards, on request.
describe('IRI references (RFC 3987)', () => {
  const base = 'http://例え.jp/引き/出し;p?q';
  it('resolves without converting: non-ASCII stays as written (§6.5)', () => {
    expect(resolve(base, 'ü', { iri: true })).toBe('http://例え.jp/引き/ü');
    expect(resolve(base, '../值?ключ=значение#фрагмент', { iri: true })).toBe(
      'http://例え.jp/值?ключ=значение#фрагмент',
    );
    expect(resolve(base, '//bücher.example/x', { iri: true })).toBe('http://bücher.example/x');
    expect(resolve(base, '', { iri: true })).toBe(base);
  });
  it('the §3.1 example: resolving to red%09rosé#red, and its URI on request', () => {
    const b = 'http://www.example.org/white/lily';
    expect(resolve(b, '../red%09rosé#red', { iri: true })).toBe(
      'http://www.example.org/red%09rosé#red',
    );
    expect(resolve(b, '../red%09rosé#red', { iri: true, toUri: true })).toBe(
      'http://www.example.org/red%09ros%C3%A9#red',
    );
  });
  it('iprivate is allowed in the query only (§2.2)', () => {
    expect(resolve('http://a/b', '?\uE000', { iri: true })).toBe('http://a/b?\uE000');
    expect(() => resolve('http://a/b', '\uE000', { iri: true })).toThrow(UriSyntaxError);
  });
  it('without { iri: true } an IRI is a syntax error, as before', () => {
    expect(() => resolve(base, 'x', {})).toThrow(UriSyntaxError);
    expect(() => resolve('http://a/', 'ü')).toThrow(UriSyntaxError);
    expect(resolve('http://a/', 'ü', { iri: true, strict: true })).toBe('http://a/ü');
  });
  it('the base parsed as an IRI is not reused for a URI resolution (or back)', () => {
    expect(resolve('http://a/ü', 'x', { iri: true })).toBe('http://a/x');
    expect(() => resolve('http://a/ü', 'x')).toThrow(UriSyntaxError);
  });
  it('relativize takes IRIs too and round-trips', () => {
    const target = 'http://例え.jp/引き/ü?x';
    const r = relativize(base, target, { iri: true });
    expect(r).toBe('ü?x');
    expect(resolve(base, r, { iri: true })).toBe(target);
  });
  it('property: converting after resolving equals resolving the converted base and reference', () => {
    const ch = fc.constantFrom('a', 'ü', '例', '..', '.', '/', '?', '#', '%C3%BC', ';', 'é');
    const text = fc.array(ch, { maxLength: 8 }).map((a) => a.join(''));
    fc.assert(
      fc.property(text, text, (b, r) => {
        const iriBase = `http://例え.jp/${b.replace(/[?#]/g, '')}`;
        let ref: string;
        try {
          parseIri(r);
          ref = r;
        } catch {
          return;
        }
        const target = resolve(iriBase, ref, { iri: true });
        expect(resolve(iriBase, ref, { iri: true, toUri: true })).toBe(iriToUri(target));
        expect(iriToUri(target)).toBe(resolve(iriToUri(iriBase), iriToUri(ref)));
        expect(resolve(iriBase, relativize(iriBase, target, { iri: true }), { iri: true })).toBe(
          target,
        );
        expect(uriToIri(iriToUri(target))).toBe(target.replace(/%C3%BC/g, 'ü'));
      }),
      { numRuns: 1000 },
    );
  });
});
