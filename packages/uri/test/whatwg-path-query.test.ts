// With `hosts: 'whatwg'`, normalize and equivalent read the path and the query of http, https, ws,
// wss and ftp URLs as a WHATWG client requests them (URL Standard §4.4): an escaped dot segment
// ("%2e", ".%2e", "%2e." or "%2e%2e", any case) is a dot segment and is removed, and "'" in the
// query is "%27" (the special-query percent-encode set). So a deny list compared with
// `equivalent(…, { hosts: 'whatwg' })` is not passed by `/a/%2e%2e/admin` for `/admin`.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { equivalent, normalize } from '../src/index';

const whatwg = { hosts: 'whatwg' } as const;

describe("paths and queries with hosts: 'whatwg'", () => {
  it.each([
    ['https://h/admin/%2E/../public', 'https://h/public'],
    ['http://h/a/%2e%2E/b', 'http://h/b'],
    ['http://h/a/.%2e', 'http://h/'],
    ['http://h/a/%2e./b/%2E', 'http://h/b/'],
    ['ws://h/%2e', 'ws://h/'],
    ['http:/h/a/%2e%2e/b', 'http://h/b'],
    // not dot segments: three dots, or a dot with other text
    ['http://h/%2e%2e%2e/x', 'http://h/.../x'],
    ['http://h/a/%2ex/..', 'http://h/a/'],
    ["http://h/p'?a'b#c'", "http://h/p'?a%27b#c'"],
  ])('%s is %s', (input, output) => {
    expect(normalize(input, whatwg)).toBe(output);
    expect(normalize(new URL(input).href, whatwg)).toBe(output);
  });

  it('RFC 3986 mode keeps escaped dots and the quote: there they are no dot segment (§6.2.2.2)', () => {
    expect(normalize('https://h/admin/%2E/../public')).toBe('https://h/admin/%2E/../public');
    expect(normalize("http://h/?a'b")).toBe("http://h/?a'b");
  });

  it('file URLs keep escaped dot segments (a ".." never removes a drive letter there)', () => {
    expect(normalize('file:///C:/%2e%2e/x', whatwg)).toBe('file:///C:/%2E%2E/x');
  });

  it('a deny list is not passed by escaped dot segments', () => {
    expect(equivalent('https://h/a/%2e%2e/admin', 'https://h/admin', whatwg)).toBe(true);
    expect(equivalent('https://h/a/%2e%2e/admin', 'https://h/admin')).toBe(false);
    expect(equivalent("https://h/?q='", 'https://h/?q=%27', whatwg)).toBe(true);
  });

  it('property: a URL and what a WHATWG parser writes for it (new URL(x).href) are equivalent', () => {
    const piece = fc.constantFrom(
      ..."aZ09-._~!$&'()*+,;=:@/".split(''),
      ...['%2e', '%2E', '%41', '%3a', '%2F', '%25', '%7E', '%C3%A9', '.', '..', '.%2e', '%2e.'],
    );
    const part = fc.array(piece, { maxLength: 6 }).map((a) => a.join(''));
    fc.assert(
      fc.property(
        fc.constantFrom('http', 'https', 'ws', 'wss', 'ftp'),
        fc.constantFrom('h', 'H.example', '127.1', 'xn--bcher-kva.de', '[::1]', 'a:b@h'),
        fc.constantFrom('', ':80', ':0443', ':'),
        part,
        fc.option(part, { nil: undefined }),
        fc.option(part, { nil: undefined }),
        (scheme, host, port, path, query, fragment) => {
          const input =
            `${scheme}://${host}${port}/${path}` +
            (query === undefined ? '' : `?${query.replace(/\//g, '')}`) +
            (fragment === undefined ? '' : `#${fragment}`);
          const href = new URL(input).href;
          expect(equivalent(input, href, whatwg)).toBe(true);
          expect(normalize(input, whatwg)).toBe(normalize(href, whatwg));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe("empty paths with hosts: 'whatwg'", () => {
  it.each([
    ['ftp://h', 'ftp://h/'],
    ['ftp://h?q', 'ftp://h/?q'],
    ['ftp:///a', 'ftp://a/'],
    ['file://h', 'file://h/'],
    ['http://h#f', 'http://h/#f'],
  ])('%s is %s, as a WHATWG parser writes it', (input, output) => {
    expect(normalize(input, whatwg)).toBe(output);
    expect(new URL(input).href).toBe(output);
  });

  it('RFC 3986 mode leaves an empty ftp path empty', () => {
    expect(normalize('ftp://h')).toBe('ftp://h');
  });

  it('property: with any host and port, a URL and new URL(x).href are equivalent', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('http', 'https', 'ws', 'wss', 'ftp', 'file'),
        fc.constantFrom(
          '%41.example',
          'EXAMPLE.com.',
          '1.2.3.4.',
          '0x7f.1',
          '0177.0.1',
          '4294967295',
          'a_b',
          "a!b$c&d'e(f)g*h+i,j;k=l",
          '[0:0::1]',
          '[::FFFF:127.0.0.1]',
          '%7e',
          'a%2db',
          'localhost',
          'LOCALHOST',
          '',
        ),
        fc.constantFrom('', ':80', ':00', ':65535', ':21'),
        fc.constantFrom('', '/', '/a', '?', '#', '/?#', '/a/%2e%2e/b'),
        (scheme, host, port, rest) => {
          // file URLs keep escaped dot segments (above)
          if (scheme === 'file' && rest.includes('%2e')) return;
          const input = `${scheme}://${host}${scheme === 'file' ? '' : port}${rest}`;
          let href: string;
          try {
            href = new URL(input).href;
          } catch {
            return; // refused by the URL Standard: normalize refuses it too (whatwg-hosts tests)
          }
          expect(equivalent(input, href, whatwg)).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
