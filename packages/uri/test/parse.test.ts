import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isAbsoluteUri,
  isRelativeReference,
  isUri,
  isUriReference,
  parse,
  parseIri,
  serialize,
  tryParse,
  UriSyntaxError,
} from '../src/index';
import { relativeRef, uri, uriReference } from './arbitraries';

const c = (
  scheme: string | undefined,
  userinfo: string | undefined,
  host: string | undefined,
  port: string | undefined,
  path: string,
  query: string | undefined,
  fragment: string | undefined,
) => ({ scheme, userinfo, host, port, path, query, fragment });

describe('RFC 3986 examples', () => {
  it('§1.1.2 examples', () => {
    expect(parse('ftp://ftp.is.co.za/rfc/rfc1808.txt')).toEqual(
      c('ftp', undefined, 'ftp.is.co.za', undefined, '/rfc/rfc1808.txt', undefined, undefined),
    );
    expect(parse('http://www.ietf.org/rfc/rfc2396.txt')).toEqual(
      c('http', undefined, 'www.ietf.org', undefined, '/rfc/rfc2396.txt', undefined, undefined),
    );
    expect(parse('ldap://[2001:db8::7]/c=GB?objectClass?one')).toEqual(
      c('ldap', undefined, '[2001:db8::7]', undefined, '/c=GB', 'objectClass?one', undefined),
    );
    expect(parse('mailto:John.Doe@example.com')).toEqual(
      c('mailto', undefined, undefined, undefined, 'John.Doe@example.com', undefined, undefined),
    );
    expect(parse('news:comp.infosystems.www.servers.unix')).toEqual(
      c(
        'news',
        undefined,
        undefined,
        undefined,
        'comp.infosystems.www.servers.unix',
        undefined,
        undefined,
      ),
    );
    expect(parse('tel:+1-816-555-1212')).toEqual(
      c('tel', undefined, undefined, undefined, '+1-816-555-1212', undefined, undefined),
    );
    expect(parse('telnet://192.0.2.16:80/')).toEqual(
      c('telnet', undefined, '192.0.2.16', '80', '/', undefined, undefined),
    );
    expect(parse('urn:oasis:names:specification:docbook:dtd:xml:4.1.2')).toEqual(
      c(
        'urn',
        undefined,
        undefined,
        undefined,
        'oasis:names:specification:docbook:dtd:xml:4.1.2',
        undefined,
        undefined,
      ),
    );
  });

  it('§3 example and the TSDoc examples', () => {
    expect(parse('foo://example.com:8042/over/there?name=ferret#nose')).toEqual(
      c('foo', undefined, 'example.com', '8042', '/over/there', 'name=ferret', 'nose'),
    );
    expect(parse('urn:example:animal:ferret:nose')).toEqual(
      c('urn', undefined, undefined, undefined, 'example:animal:ferret:nose', undefined, undefined),
    );
    expect(tryParse('http://a/b').ok).toBe(true);
    expect(tryParse('http://a b').ok).toBe(false);
    expect(isUri('urn:example:animal:ferret:nose')).toBe(true);
    expect(isUri('//example.com/')).toBe(false);
    expect(isUriReference('../a?b')).toBe(true);
    expect(isUriReference('a b')).toBe(false);
    expect(isAbsoluteUri('http://a/b?c')).toBe(true);
    expect(isAbsoluteUri('http://a/b#c')).toBe(false);
    expect(isRelativeReference('//a/b')).toBe(true);
    expect(isRelativeReference('http://a/b')).toBe(false);
    expect(serialize(c('http', undefined, 'a', undefined, '/b', '', undefined))).toBe(
      'http://a/b?',
    );
  });

  it('classic examples', () => {
    expect(parse('mailto:')).toEqual(
      c('mailto', undefined, undefined, undefined, '', undefined, undefined),
    );
    expect(parse('telnet://melvyl.ucop.edu/')).toEqual(
      c('telnet', undefined, 'melvyl.ucop.edu', undefined, '/', undefined, undefined),
    );
    expect(parse('ftp://myname@host.dom/%2Fetc/motd')).toEqual(
      c('ftp', 'myname', 'host.dom', undefined, '/%2Fetc/motd', undefined, undefined),
    );
  });

  it('§3.3 empty path and Appendix C examples', () => {
    // §3.3: "foo://info.example.com?fred" has an empty path
    expect(parse('foo://info.example.com?fred')).toEqual(
      c('foo', undefined, 'info.example.com', undefined, '', 'fred', undefined),
    );
    expect(serialize(parse('foo://info.example.com?fred'))).toBe('foo://info.example.com?fred');
    // Appendix C: URIs delimited in text
    expect(parse('http://www.w3.org/Addressing/')).toEqual(
      c('http', undefined, 'www.w3.org', undefined, '/Addressing/', undefined, undefined),
    );
    expect(parse('http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING')).toEqual(
      c(
        'http',
        undefined,
        'www.ics.uci.edu',
        undefined,
        '/pub/ietf/uri/historical.html',
        undefined,
        'WARNING',
      ),
    );
  });

  it('absent is not empty', () => {
    expect(parse('http://a?').query).toBe('');
    expect(parse('http://a').query).toBeUndefined();
    expect(parse('http://a#').fragment).toBe('');
    expect(parse('http://a:/').port).toBe('');
    expect(parse('http://@a').userinfo).toBe('');
    expect(parse('file:///x').host).toBe('');
    expect(parse('x:/y').host).toBeUndefined();
  });
});

describe('errors', () => {
  const at = (input: string, options?: { zoneId?: boolean }) => {
    const r = tryParse(input, options);
    if (r.ok) throw new Error(`${input} parsed`);
    return [r.error.index, r.error.reason];
  };
  it('reports the first offending index and a reason', () => {
    expect(at('http://a b')).toEqual([8, 'invalid character in host']);
    expect(at('http://a/b c')).toEqual([10, 'invalid character in path']);
    expect(at('http://a/?%zz')).toEqual([10, 'malformed percent-encoding']);
    expect(at('http://a/?%4')).toEqual([10, 'malformed percent-encoding']);
    expect(at('http://a:8x')).toEqual([10, 'invalid character in port']);
    // No "@" follows: what comes after the ":" can only be a port (RFC 3986 §3.2, §3.2.3), even
    // where its characters could be a userinfo's (Python's test_urlparse bad ports).
    expect(at('http://h:1 /')).toEqual([10, 'invalid character in port']);
    expect(at('http://www.example.net: 1/')).toEqual([23, 'invalid character in port']);
    expect(at('http://www.example.net:\u096C/')).toEqual([23, 'invalid character in port']);
    expect(at('http://h:1a^/')).toEqual([10, 'invalid character in port']);
    expect(at('http://::12.34.56.78]/')).toEqual([8, 'invalid character in port']);
    // With an "@" after it, the stray character is in a userinfo.
    expect(at('http://h:1 @x/')).toEqual([10, 'invalid character in userinfo']);
    expect(at('http://h:a^b@x/')).toEqual([10, 'invalid character in userinfo']);
    expect(at('http://u@v@a')).toEqual([10, 'invalid character in host']);
    expect(at('http://[::1')).toEqual([11, 'unclosed IP literal']);
    expect(at('http://[::1]x')).toEqual([12, 'unexpected character after IP literal']);
    expect(at('http://[::g]')).toEqual([10, 'invalid IPv6 address']);
    expect(at('http://[::1%25eth0]')).toEqual([11, 'IPv6 zone identifier not allowed']);
    expect(at('http://[::1%eth0]', { zoneId: true })).toEqual([12, 'invalid IPv6 zone identifier']);
    expect(at('http://[::1%25]', { zoneId: true })).toEqual([14, 'invalid IPv6 zone identifier']);
    expect(at('http://[::1%25a/b]', { zoneId: true })).toEqual([15, 'unclosed IP literal']);
    expect(at('http://[::1%25a:b]', { zoneId: true })).toEqual([
      15,
      'invalid character in IPv6 zone identifier',
    ]);
    expect(at('http://[v1]')).toEqual([10, 'invalid IPvFuture']);
    expect(at('http://[v.x]')).toEqual([9, 'invalid IPvFuture']);
    expect(at('http://[v1.]')).toEqual([11, 'invalid IPvFuture']);
    expect(at('http://[v1.a/]')).toEqual([12, 'unclosed IP literal']);
    // the end of the longest prefix some text could still complete
    expect(at('http://[::g/]')).toEqual([10, 'invalid IPv6 address']);
    expect(at('http://[1::2::3]')).toEqual([13, 'invalid IPv6 address']);
    expect(at('http://[1:2:3:4:5:6:7]')).toEqual([21, 'invalid IPv6 address']);
    expect(at('http://[12345::]')).toEqual([12, 'invalid IPv6 address']);
    expect(at('http://[::1.2.3.256]')).toEqual([18, 'invalid IPv6 address']);
    expect(at('http://[::01.2.3.4]')).toEqual([12, 'invalid IPv6 address']);
    expect(at('http://[1:2:3:4:5:6:7:8:9]')).toEqual([23, 'invalid IPv6 address']);
    expect(at('http://[v1.a%]')).toEqual([12, 'invalid character in IPvFuture']);
    // IPvFuture has no pct-encoded (§3.2.2), unlike a reg-name or a zone identifier
    expect(at('http://[v1.a%41]')).toEqual([12, 'invalid character in IPvFuture']);
    expect(at('http://[v1.a%25]', { zoneId: true })).toEqual([
      12,
      'invalid character in IPvFuture',
    ]);
    expect(at('1a:b')).toEqual([2, 'colon in first segment of a relative path']);
    expect(at('a#b#c')).toEqual([3, 'invalid character in fragment']);
    expect(at('a?b\u00e9')).toEqual([3, 'invalid character in query']);
    expect(at('http://us er@a')).toEqual([9, 'invalid character in userinfo']);
  });
  it('UriSyntaxError carries input, index and reason', () => {
    try {
      parse('http://a b');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(UriSyntaxError);
      expect(e).toBeInstanceOf(Error);
      const err = e as UriSyntaxError;
      expect(err.index).toBe(8);
      expect(err.input).toBe('http://a b');
      expect(err.name).toBe('UriSyntaxError');
      expect(err.message).toBe('invalid character in host at index 8');
    }
  });
  it('form checks', () => {
    expect(isUri('a:b#c')).toBe(true);
    expect(isAbsoluteUri('a:b#c')).toBe(false);
    expect(isAbsoluteUri('//a')).toBe(false);
    expect(isRelativeReference('a:b')).toBe(false);
    expect(isRelativeReference('')).toBe(true);
    expect(isUri('')).toBe(false);
    expect(isUriReference(42 as unknown as string)).toBe(false);
    const notString = tryParse({
      toString: () => {
        throw new Error('no');
      },
    } as unknown as string);
    expect(notString.ok).toBe(false);
    expect(() => parse(42 as unknown as string)).toThrow(TypeError);
  });
});

describe('serialize', () => {
  it('refuses compositions that would not parse back', () => {
    const base = c(undefined, undefined, undefined, undefined, '', undefined, undefined);
    expect(() => serialize({ ...base, host: 'a', path: 'b' })).toThrow(UriSyntaxError);
    expect(() => serialize({ ...base, port: '80' })).toThrow('userinfo or port without host');
    expect(() => serialize({ ...base, userinfo: 'u' })).toThrow(UriSyntaxError);
    expect(() => serialize({ ...base, scheme: 'x', path: '//a' })).toThrow('path starts with "//"');
    expect(() => serialize({ ...base, path: 'a:b' })).toThrow('colon in first segment');
    expect(serialize({ ...base, path: 'a/b:c' })).toBe('a/b:c');
    expect(serialize({ ...base, scheme: 'x', path: 'a:b' })).toBe('x:a:b');
    expect(serialize({ ...base, host: '', path: '//a' })).toBe('////a');
    expect(serialize(c('s', 'u', 'h', '1', '/p', 'q', 'f'))).toBe('s://u@h:1/p?q#f');
  });
  it('checks every component against its grammar, so the result parses back the same', () => {
    const base = c('http', undefined, 'a', undefined, '/', undefined, undefined);
    const bad: [Partial<ReturnType<typeof c>>, string][] = [
      [{ scheme: '' }, 'empty scheme'],
      [{ scheme: '1a' }, 'invalid character in scheme'],
      [{ scheme: 'a:b' }, 'invalid character in scheme'],
      [{ scheme: 'é' }, 'invalid character in scheme'],
      [{ userinfo: 'a@b' }, 'invalid character in userinfo'],
      [{ host: 'evil.example/x' }, 'invalid character in host'],
      [{ host: 'good@evil' }, 'invalid character in host'],
      [{ host: 'a:80' }, 'invalid character in host'],
      [{ host: '[::1' }, 'invalid IP literal'],
      [{ host: '[' }, 'invalid IP literal'],
      [{ host: '[]' }, 'invalid IP literal'],
      [{ host: '[::g]' }, 'invalid IP literal'],
      [{ port: '8o' }, 'invalid character in port'],
      [{ path: '/a b' }, 'invalid character in path'],
      [{ path: '/a?b' }, 'invalid character in path'],
      [{ path: '/%zz' }, 'invalid character in path'],
      [{ query: 'a#b' }, 'invalid character in query'],
      [{ fragment: 'a#b' }, 'invalid character in fragment'],
    ];
    for (const [patch, reason] of bad) {
      expect(() => serialize({ ...base, ...patch }), JSON.stringify(patch)).toThrow(reason);
    }
    expect(serialize({ ...base, host: '[fe80::1%25eth0]' })).toBe('http://[fe80::1%25eth0]/');
    expect(serialize({ ...base, host: 'ü', path: '/é', query: '\ue000', fragment: 'ß' })).toBe(
      'http://ü/é?\ue000#ß',
    );
    expect(() => serialize({ ...base, fragment: '\ue000' })).toThrow(
      'invalid character in fragment',
    );
    try {
      serialize({ ...base, path: '/a b' });
    } catch (e) {
      expect((e as UriSyntaxError).index).toBe('http://a/a'.length);
    }
  });
});

describe('properties', () => {
  it('serialize(parse(s)) === s for generated URI references', () => {
    fc.assert(
      fc.property(uriReference, (s) => {
        expect(serialize(parse(s))).toBe(s);
        expect(isUriReference(s)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
  it('the validators agree with the grammar of each form', () => {
    fc.assert(
      fc.property(uri, (s) => {
        expect(isUri(s)).toBe(true);
        expect(isRelativeReference(s)).toBe(false);
        expect(isAbsoluteUri(s)).toBe(parse(s).fragment === undefined);
      }),
      { numRuns: 1000 },
    );
    fc.assert(
      fc.property(relativeRef, (s) => {
        expect(isRelativeReference(s)).toBe(true);
        expect(isUri(s)).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });
  it('tryParse never throws, and agrees with parse', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string({ unit: 'binary' }),
          uriReference.map((s) => s.replace(/[a0]/, ' ')),
        ),
        (s) => {
          const r = tryParse(s);
          if (r.ok) {
            expect(serialize(r.value)).toBe(s);
            expect(parse(s)).toEqual(r.value);
          } else {
            expect(() => parse(s)).toThrow(UriSyntaxError);
            expect(r.error.index).toBeLessThanOrEqual(s.length);
          }
        },
      ),
      { numRuns: 3000 },
    );
  });
  it('serialize either refuses arbitrary components or writes exactly what parses back to them', () => {
    const part = fc.oneof(
      fc.constant(undefined),
      fc.string({ maxLength: 6 }),
      fc.constantFrom(
        '',
        'a',
        '%41',
        '[::1]',
        '80',
        '/x',
        'a:b',
        '//h',
        '?',
        '#',
        '@',
        'é',
        '\ue000',
      ),
    );
    fc.assert(
      fc.property(
        part,
        part,
        part,
        part,
        part,
        part,
        part,
        (scheme, userinfo, host, port, path, query, fragment) => {
          const components = { scheme, userinfo, host, port, path: path ?? '', query, fragment };
          let text: string;
          try {
            text = serialize(components);
          } catch (e) {
            expect(e).toBeInstanceOf(UriSyntaxError);
            return;
          }
          expect(parseIri(text, { zoneId: true })).toEqual(components);
        },
      ),
      { numRuns: 3000 },
    );
  });
  it('serialize then parse gives back the components', () => {
    fc.assert(
      fc.property(uriReference, (s) => {
        const parts = parse(s);
        expect(parse(serialize(parts))).toEqual(parts);
      }),
      { numRuns: 500 },
    );
  });
});
