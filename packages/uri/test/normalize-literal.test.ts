import fc from 'fast-check';
import { normalize as uriJsNormalize } from 'uri-js';
import { describe, expect, it } from 'vitest';
import { equivalent, normalize, parse } from '../src/index';
import { uriReference } from './arbitraries';

const literal = { literal: true } as const;

describe('normalize with literal: true (RFC 3986 §6.2.2 to the letter)', () => {
  it('decodes escaped unreserved characters everywhere, then removes dot segments', () => {
    expect(normalize('http://a/b/%2E%2E/c', literal)).toBe('http://a/c');
    expect(normalize('http://a/b/%2e%2E/c', literal)).toBe('http://a/c');
    expect(normalize('http://a/b/.%2E/c', literal)).toBe('http://a/c');
    expect(normalize('//127.0.0.%31', literal)).toBe('//127.0.0.1');
    expect(normalize('http://%61%42.example/%7Euser', literal)).toBe('http://ab.example/~user');
    // the §6.2.2 example is the same either way
    expect(normalize('eXAMPLE://a/./b/../b/%63/%7bfoo%7d', literal)).toBe(
      'example://a/b/c/%7Bfoo%7D',
    );
  });
  it('the default is unchanged: escaped dots stay, a reg-name stays a reg-name', () => {
    expect(normalize('http://a/b/%2E%2E/c')).toBe('http://a/b/%2E%2E/c');
    expect(normalize('//127.0.0.%31')).toBe('//127.0.0.%31');
    expect(equivalent('http://a/b/%2E%2E/c', 'http://a/c')).toBe(false);
    expect(equivalent('http://a/b/%2E%2E/c', 'http://a/c', literal)).toBe(true);
  });
  it('removes the dot segments of special schemes that the default keeps for WHATWG parsers', () => {
    expect(normalize('http:/h/../x', literal)).toBe('http:/x');
    expect(normalize('file:///C:/../x', literal)).toBe('file:///x');
    expect(normalize('http://h/a/%2e/../b', literal)).toBe('http://h/b');
  });
  it('still keeps reserved escapes, a path that would become an authority, and relative paths', () => {
    expect(normalize('x://a/b%2Fc/%3B', literal)).toBe('x://a/b%2Fc/%3B');
    expect(normalize('x:/a/%2E%2E//b', literal)).toBe('x:/.//b');
    expect(normalize('a/%2E%2E/b', literal)).toBe('a/../b');
  });
  it('is idempotent and keeps the reference valid', () => {
    fc.assert(
      fc.property(uriReference, (s) => {
        const once = normalize(s, literal);
        expect(normalize(once, literal)).toBe(once);
        expect(() => parse(once)).not.toThrow();
      }),
      { numRuns: 2000 },
    );
  });
  it('differential: agrees with uri-js, which reads §6.2.2 literally, on generic URIs', () => {
    // uri-js has its own rules for http, mailto, urn...: a scheme it does not know compares the
    // generic steps only; IP literals and empty ports are left out (uri-js writes them otherwise)
    const seg = fc.constantFrom(
      'a',
      'B',
      '.',
      '..',
      '%2E',
      '%2e%2E',
      '.%2E',
      '%7E',
      '%41b',
      '%2F',
      '%3a',
      '~',
      '',
    );
    const path = fc.array(seg, { maxLength: 6 }).map((a) => a.map((x) => `/${x}`).join(''));
    const host = fc.constantFrom('a', 'EXAMPLE.com', '127.0.0.%31', '%61b', 'x%2Ey');
    const text = fc.constantFrom('', '%41', '%7e', 'a=b', '%2F');
    const input = fc
      .tuple(host, path, fc.option(text, { nil: undefined }), fc.option(text, { nil: undefined }))
      .map(
        ([h, p, q, f]) =>
          `x://${h}${p}${q === undefined ? '' : `?${q}`}${f === undefined ? '' : `#${f}`}`,
      );
    fc.assert(
      fc.property(input, (s) => {
        expect(normalize(s, literal), s).toBe(uriJsNormalize(s));
      }),
      { numRuns: 3000 },
    );
  });
});
