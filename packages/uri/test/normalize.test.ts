import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  defaultSchemes,
  equivalent,
  isUriReference,
  normalize,
  normalizeComponents,
  parse,
  removeDotSegments,
  schemeInfo,
  UriSyntaxError,
} from '../src/index';
import { uriReference } from './arbitraries';
import { removeDotSegmentsLiteral } from './oracles';
import extended from './vectors/normalize-extended.json' with { type: 'json' };
import vectors from './vectors/normalize.json' with { type: 'json' };

const syntaxOnly = { schemeBased: false, canonicalIpv6: false } as const;

describe('normalize.json (§6.2.2 only)', () => {
  it.each(vectors.cases.map((c) => [c.input, c.expected] as const))('%j', (input, expected) => {
    expect(normalize(input, syntaxOnly)).toBe(expected);
    expect(equivalent(input, expected, syntaxOnly)).toBe(true);
  });
});

describe('normalize-extended.json', () => {
  it.each(extended.cases.map((c) => [c.input, c.expected] as const))('%j', (input, expected) => {
    expect(normalize(input)).toBe(expected);
  });
});

describe('RFC 3986 §6.2 examples', () => {
  it('§6.2.2 syntax-based', () => {
    expect(normalize('eXAMPLE://a/./b/../b/%63/%7bfoo%7d')).toBe('example://a/b/c/%7Bfoo%7D');
    expect(normalize('HTTP://www.EXAMPLE.com/')).toBe('http://www.example.com/');
    expect(normalize('http://example.com/%7Esmith/home.html')).toBe(
      'http://example.com/~smith/home.html',
    );
  });
  it('§6.2.3 scheme-based', () => {
    for (const u of [
      'http://example.com',
      'http://example.com/',
      'http://example.com:/',
      'http://example.com:80/',
    ]) {
      expect(normalize(u)).toBe('http://example.com/');
      expect(equivalent(u, 'http://example.com/')).toBe(true);
    }
    expect(normalize('HTTP://www.Example.com:80')).toBe('http://www.example.com/');
    expect(normalize('https://a:443')).toBe('https://a/');
    expect(normalize('https://a:80')).toBe('https://a:80/');
    expect(normalize('ftp://a:21')).toBe('ftp://a');
    expect(normalize('x://a:')).toBe('x://a');
    expect(normalize('http://a:0080/')).toBe('http://a/');
    expect(normalize('x://a:0080/')).toBe('x://a:80/');
    expect(normalize('x://a:000/')).toBe('x://a:0/');
    expect(normalize('x://a:0080/', { schemeBased: false })).toBe('x://a:0080/');
    expect(normalize('http://example.com', { schemeBased: false })).toBe('http://example.com');
    expect(normalize('http://example.com:', { schemeBased: false })).toBe('http://example.com:');
  });
  it('the registry can be extended and is looked up safely', () => {
    expect(
      normalize('myproto://h:7000/', { schemes: { ...defaultSchemes, myproto: { port: '7000' } } }),
    ).toBe('myproto://h/');
    expect(normalize('http://h:80/', { schemes: {} })).toBe('http://h:80/');
    expect(schemeInfo(defaultSchemes, 'HTTPS')?.port).toBe('443');
    expect(schemeInfo(defaultSchemes, 'constructor')).toBeUndefined();
    expect(schemeInfo(defaultSchemes, '__proto__')).toBeUndefined();
    expect(normalize('constructor://a:80')).toBe('constructor://a:80');
    expect(defaultSchemes.ldap?.port).toBe('389');
  });
});

describe('classic examples', () => {
  it('marie-claude', () => {
    expect(
      equivalent(
        'http://info.cern.ch/albert/marie%2Dclaude',
        'http://info.cern.ch/albert/marie-claude',
      ),
    ).toBe(true);
    expect(
      equivalent(
        'http://info.cern.ch/albert%2Fmarie-claude',
        'http://info.cern.ch/albert/marie-claude',
      ),
    ).toBe(false);
  });
  it('ftp %2F', () => {
    expect(equivalent('ftp://myname@host.dom/%2Fetc/motd', 'ftp://myname@host.dom/etc/motd')).toBe(
      false,
    );
    expect(normalize('ftp://myname@host.dom/%2fetc/motd')).toBe(
      'ftp://myname@host.dom/%2Fetc/motd',
    );
  });
  it('equivalent throws on invalid input, even when the strings are equal', () => {
    expect(() => equivalent('a b', 'a b')).toThrow(UriSyntaxError);
    expect(() => equivalent('http://a/', 'a b')).toThrow(UriSyntaxError);
    expect(equivalent('http://a/', 'http://a/')).toBe(true);
  });
});

describe('normalization policy', () => {
  it('keeps escaped dot segments escaped', () => {
    expect(normalize('http://a/b/%2E%2E/c')).toBe('http://a/b/%2E%2E/c');
    expect(normalize('http://a/b/%2e%2e/c')).toBe('http://a/b/%2E%2E/c');
    expect(normalize('http://a/b/.%2e/c')).toBe('http://a/b/.%2E/c');
    expect(normalize('http://a/b/%2e/c')).toBe('http://a/b/%2E/c');
    expect(normalize('http://a/b/%2e%2e%2e/c')).toBe('http://a/b/.../c');
    expect(normalize('http://a/b/%2ea/c')).toBe('http://a/b/.a/c');
    expect(normalize('http://a/b/../c')).toBe('http://a/c');
  });
  it('keeps reserved escapes and the authority structure', () => {
    expect(normalize('http://a/b%2fc%40d%3ae')).toBe('http://a/b%2Fc%40d%3Ae');
    expect(normalize('http://user%40evil%3Ax@a/')).toBe('http://user%40evil%3Ax@a/');
    expect(normalize('http://a%40b%3A80/')).toBe('http://a%40b%3A80/');
    expect(normalize('http://%31%32%37.0.0.1/')).toBe('http://%31%32%37.0.0.1/');
  });
  it('never makes a path start with "//" without an authority', () => {
    expect(normalize('x:/a/..//b')).toBe('x:/.//b');
    expect(normalize('/a/..//b')).toBe('/.//b');
    expect(normalize(normalize('x:/a/..//b'))).toBe('x:/.//b');
    expect(parse(normalize('x:/a/..//b')).host).toBeUndefined();
  });
  it('leaves relative-path references alone, resolves others', () => {
    expect(normalize('a/./b/../c')).toBe('a/./b/../c');
    expect(normalize('../a')).toBe('../a');
    expect(normalize('/a/./b/../c')).toBe('/a/c');
    expect(normalize('x:a/./b/../c')).toBe('x:a/c');
    expect(normalize('//h/a/../b')).toBe('//h/b');
  });
  it('host forms', () => {
    expect(normalize('http://[2001:DB8::0:1]/')).toBe('http://[2001:db8::1]/');
    expect(normalize('http://[2001:DB8::0:1]/', { canonicalIpv6: false })).toBe(
      'http://[2001:db8::0:1]/',
    );
    expect(normalize('http://[FE80::1%25Eth%2d0]/', { zoneId: true, canonicalIpv6: false })).toBe(
      'http://[fe80::1%25Eth-0]/',
    );
    expect(normalize('http://[FE80::0:1%25Eth%2d0]/', { zoneId: true })).toBe(
      'http://[fe80::1%25Eth-0]/',
    );
    expect(normalize('http://[V7.AbC]/')).toBe('http://[v7.abc]/');
    expect(normalize('http://[V7.AbC]/', { canonicalIpv6: false })).toBe('http://[v7.abc]/');
    expect(normalize('HTTP://User@EXAMPLE.com:8080/?Q#F')).toBe(
      'http://User@example.com:8080/?Q#F',
    );
  });
  it('normalizeComponents', () => {
    expect(normalizeComponents(parse('HTTP://a:80')).path).toBe('/');
  });
});

describe('removeDotSegments (§5.2.4)', () => {
  it('examples', () => {
    expect(removeDotSegments('/a/b/c/./../../g')).toBe('/a/g');
    expect(removeDotSegments('mid/content=5/../6')).toBe('mid/6');
    const cases: [string, string][] = [
      ['', ''],
      ['.', ''],
      ['..', ''],
      ['./', ''],
      ['../', ''],
      ['/.', '/'],
      ['/..', '/'],
      ['/./', '/'],
      ['/../', '/'],
      ['/a/..', '/'],
      ['/a/.', '/a/'],
      ['/a/./b', '/a/b'],
      ['/a/../../b', '/b'],
      ['a/..', '/'],
      ['a/../..', '/'],
      ['../a', 'a'],
      ['./a', 'a'],
      ['.a/..b/.../', '.a/..b/.../'],
      ['/a/b/..c', '/a/b/..c'],
      ['/a/.b', '/a/.b'],
      ['/a//../b', '/a/b'],
      ['/..//a', '//a'],
    ];
    for (const [input, out] of cases) expect(removeDotSegments(input), input).toBe(out);
  });

  // Paths dense in dots: "a.", ".a", "..." and "%2E" are not dot segments, but look close.
  const dotty = fc
    .array(fc.constantFrom('/', '.', 'a', '%2E', '..', '/.', '.a', 'a.'), { maxLength: 12 })
    .map((parts) => parts.join(''));
  it('property: equals the literal algorithm, with and without its early exit', () => {
    fc.assert(
      fc.property(dotty, (p) => {
        expect(removeDotSegments(p), p).toBe(removeDotSegmentsLiteral(p));
      }),
      { numRuns: 5000 },
    );
  });
  it('property: the early exit is exact: no "." that starts a segment means nothing to remove', () => {
    const noDotSegmentStart = dotty.filter((p) => !p.startsWith('.') && !p.includes('/.'));
    fc.assert(
      fc.property(noDotSegmentStart, (p) => {
        expect(removeDotSegmentsLiteral(p), p).toBe(p);
        expect(removeDotSegments(p), p).toBe(p);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('properties', () => {
  it('normalize is idempotent and yields a valid reference', () => {
    fc.assert(
      fc.property(uriReference, (s) => {
        const n = normalize(s);
        expect(isUriReference(n)).toBe(true);
        expect(normalize(n)).toBe(n);
        expect(equivalent(s, n)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
  it('normalize keeps the equivalence class: re-encoding unreserved characters or changing case of hex and scheme', () => {
    const variant = (s: string, seed: number): string => {
      const c = parse(s);
      let k = seed;
      // RFC 8141 §3: in a URN an escape is not the character it encodes; only the hex case may change
      const urn = c.scheme?.toLowerCase() === 'urn' && c.host === undefined;
      // digits stay as they are in the host: an escaped digit keeps a reg-name from reading as IPv4 (policy)
      const flip = (t: string, digits = true): string =>
        t.replace(
          digits ? /[A-Za-z0-9~_]|%[0-9A-Fa-f]{2}/g : /[A-Za-z~_]|%[0-9A-Fa-f]{2}/g,
          (m) => {
            k = (k * 1103515245 + 12345) & 0x7fffffff;
            if (m.length === 3) return k % 2 ? m.toLowerCase() : m.toUpperCase();
            return k % 3 === 0 && !urn ? `%${m.charCodeAt(0).toString(16)}` : m;
          },
        );
      const scheme = c.scheme === undefined ? '' : `${k % 2 ? c.scheme.toUpperCase() : c.scheme}:`;
      const auth =
        c.host === undefined
          ? ''
          : `//${c.userinfo === undefined ? '' : `${flip(c.userinfo)}@`}${c.host.startsWith('[') ? c.host.toUpperCase() : flip(c.host, false)}${c.port === undefined ? '' : `:${c.port}`}`;
      return `${scheme}${auth}${flip(c.path)}${c.query === undefined ? '' : `?${flip(c.query)}`}${c.fragment === undefined ? '' : `#${flip(c.fragment)}`}`;
    };
    fc.assert(
      fc.property(uriReference, fc.nat(), (s, seed) => {
        const v = variant(s, seed);
        if (!isUriReference(v)) return;
        expect(normalize(v)).toBe(normalize(s));
      }),
      { numRuns: 2000 },
    );
  });
  it('changing a reserved escape to its character changes the class', () => {
    fc.assert(
      fc.property(fc.constantFrom('%2F', '%40', '%3A', '%3F', '%23', '%2E%2E'), (esc) => {
        const decoded = decodeURIComponent(esc);
        const a = `http://h/a/${esc}/b`;
        const b = `http://h/a/${decoded}/b`;
        expect(isUriReference(b)).toBe(true);
        expect(equivalent(a, b)).toBe(false);
      }),
      { numRuns: 50 },
    );
  });
});
