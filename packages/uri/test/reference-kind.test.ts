import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAbsoluteUri, isUri, referenceKind, UriSyntaxError } from '../src/index';
import { relativeRef, uri } from './arbitraries';

describe('referenceKind (RFC 3986 §4.2-§4.4)', () => {
  it('names the complete, partial and relative URLs of the examples', () => {
    // a complete URL names the scheme
    expect(referenceKind('http://www.w3.org/pub/WWW/TheProject.html')).toBe('uri');
    expect(referenceKind('urn:example:animal:ferret:nose')).toBe('uri');
    expect(referenceKind('mailto:fred@example.com')).toBe('uri');
    // partial URLs: scheme from the base; scheme and authority from the base
    expect(referenceKind('//g')).toBe('network-path');
    expect(referenceKind('//')).toBe('network-path');
    expect(referenceKind('/g')).toBe('absolute-path');
    expect(referenceKind('/')).toBe('absolute-path');
    // relative URLs (RFC 3986 §5.4.1)
    for (const r of ['g', './g', 'g/', '../g', '../..', '.', 'g;x?y#s', '?y', 'g?y', ';x'])
      expect(referenceKind(r), r).toBe('relative-path');
    // §4.4: the empty reference and a bare fragment refer to the current document
    expect(referenceKind('')).toBe('same-document');
    expect(referenceKind('#s')).toBe('same-document');
    expect(referenceKind('#')).toBe('same-document');
  });
  it('a query alone keeps the base path, so it is a relative-path reference', () => {
    expect(referenceKind('?')).toBe('relative-path');
    expect(referenceKind('?#s')).toBe('relative-path');
  });
  it('a leading "//" is an authority even when empty, a "/" after it is not', () => {
    expect(referenceKind('///g')).toBe('network-path');
    expect(referenceKind('/./g')).toBe('absolute-path');
  });
  it('throws UriSyntaxError on what is no URI reference', () => {
    expect(() => referenceKind('http://a b')).toThrow(UriSyntaxError);
    expect(() => referenceKind('a:b:c/%zz')).toThrow(UriSyntaxError);
    expect(() => referenceKind('\\\\host\\share')).toThrow(UriSyntaxError);
  });
  it('agrees with the grammar: "uri" exactly for URIs, each relative kind by its first characters', () => {
    fc.assert(
      fc.property(uri, (s) => {
        expect(referenceKind(s)).toBe('uri');
        expect(isUri(s)).toBe(true);
        if (!s.includes('#')) expect(isAbsoluteUri(s)).toBe(true);
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(relativeRef, (s) => {
        const kind = referenceKind(s);
        const expected = s.startsWith('//')
          ? 'network-path'
          : s.startsWith('/')
            ? 'absolute-path'
            : s === '' || s.startsWith('#')
              ? 'same-document'
              : 'relative-path';
        expect(kind).toBe(expected);
      }),
      { numRuns: 1000 },
    );
  });
});
