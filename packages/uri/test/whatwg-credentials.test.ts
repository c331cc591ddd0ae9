// normalize, equivalent and origin with `hosts: 'whatwg'` write the credentials a WHATWG parser
// keeps: none when the username and password are both empty, no ":" before an empty password (URL
// Standard §4.5, the URL serializer), so that `http://@127.0.0.1/` compares equal to
// `http://127.0.0.1/` in a deny list, as a browser fetches the same URL for both. And an IPv6 zone
// identifier, which the URL Standard's IPv6 parser refuses (§3.5), throws there, `zoneId` or not.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { equivalent, normalize, UriSyntaxError } from '../src/index';

const whatwg = { hosts: 'whatwg' } as const;

describe("credentials with hosts: 'whatwg'", () => {
  it.each([
    ['http://@h/', 'http://h/'],
    ['http://:@h/', 'http://h/'],
    ['https://user:@h/', 'https://user@h/'],
    ['ws://:pass@h/', 'ws://:pass@h/'],
    ['ftp://user:pass@h/', 'ftp://user:pass@h/'],
    ['http://@h:8080/x', 'http://h:8080/x'],
    // the userinfo percent-encode set (§4.4): ":" after the first, ";" and "="
    ['http://a:b:c@h/', 'http://a:b%3Ac@h/'],
    ['http://a:b:@h/', 'http://a:b%3A@h/'],
    ['http://a;b=c:d;e=f@h/', 'http://a%3Bb%3Dc:d%3Be%3Df@h/'],
    ['http://::@h/', 'http://:%3A@h/'],
    ['http://a%3bb:c%3ad@h/', 'http://a%3Bb:c%3Ad@h/'],
  ])('%s is %s', (input, output) => {
    expect(normalize(input, whatwg)).toBe(output);
  });

  it('RFC 3986 keeps them: an empty userinfo is a component of its own (§3.2.1)', () => {
    expect(normalize('http://@h/')).toBe('http://@h/');
    expect(normalize('http://:@h/')).toBe('http://:@h/');
    expect(equivalent('http://@127.0.0.1/x', 'http://127.0.0.1/x')).toBe(false);
  });

  it('a password with a ":" in it is one password however it is written', () => {
    expect(equivalent('http://a:b:c@h/', 'http://a:b%3Ac@h/', whatwg)).toBe(true);
    expect(equivalent('http://a;b@h/', 'http://a%3Bb@h/', whatwg)).toBe(true);
    expect(equivalent('http://a:b:c@h/', 'http://a:bc@h/', whatwg)).toBe(false);
    // RFC 3986 keeps reserved characters and their escapes apart (§6.2.2.2)
    expect(equivalent('http://a:b:c@h/', 'http://a:b%3Ac@h/')).toBe(false);
  });

  it('property: a URL and what a WHATWG parser writes for it are equivalent (new URL)', () => {
    const piece = fc.constantFrom(
      ..."az09!$&'()*+,;=:-".split(''),
      ...['%3A', '%3a', '%3B', '%3D', '%61', '%25', '%40'],
    );
    const part = fc.array(piece, { maxLength: 5 }).map((a) => a.join(''));
    fc.assert(
      fc.property(
        fc.constantFrom('http', 'https', 'ws', 'wss', 'ftp'),
        part,
        fc.option(part, { nil: undefined }),
        (scheme, user, password) => {
          const input = `${scheme}://${user}${password === undefined ? '' : `:${password}`}@example.com/p`;
          const url = new URL(input);
          expect(equivalent(input, url.href, whatwg)).toBe(true);
          const out = new URL(normalize(input, whatwg));
          // the same credentials; escapes of unreserved characters are decoded (RFC 3986 §6.2.2.2)
          expect([out.username, out.password].map(decodeURIComponent)).toEqual(
            [url.username, url.password].map(decodeURIComponent),
          );
          if (!input.includes('%'))
            expect([out.username, out.password]).toEqual([url.username, url.password]);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('a bare @ does not make another destination for a deny list', () => {
    expect(equivalent('http://@127.0.0.1/x', 'http://127.0.0.1/x', whatwg)).toBe(true);
    expect(equivalent('http://:@0x7f.1/x', 'http://127.0.0.1/x', whatwg)).toBe(true);
  });

  it('property: the credentials of the output are those a WHATWG parser keeps (new URL)', () => {
    const part = fc.stringMatching(/^[a-z0-9!$&'()*+,;=-]{0,3}$/);
    fc.assert(
      fc.property(
        fc.constantFrom('http', 'https', 'ws', 'wss', 'ftp'),
        fc.option(part, { nil: undefined }),
        fc.option(part, { nil: undefined }),
        fc.boolean(),
        (scheme, user, password, at) => {
          const credentials =
            user === undefined && password === undefined
              ? at
                ? '@'
                : ''
              : `${user ?? ''}${password === undefined ? '' : `:${password}`}@`;
          const input = `${scheme}://${credentials}example.com/p`;
          const url = new URL(input);
          const out = new URL(normalize(input, whatwg));
          expect([out.username, out.password]).toEqual([url.username, url.password]);
          // An "@" exactly when there are credentials to write (the parser percent-encodes some
          // characters the RFC leaves literal, `=` in `%3D`, so the texts differ otherwise).
          expect(normalize(input, whatwg).includes('@')).toBe(url.username + url.password !== '');
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("IPv6 zone identifiers with hosts: 'whatwg'", () => {
  it('throw at the %, as the URL Standard fails on them', () => {
    for (const input of ['http://[fe80::1%25eth0]/', 'https://u@[fe80::a%25en1]:81/']) {
      expect(() => new URL(input)).toThrow();
      let error: unknown;
      try {
        normalize(input, { ...whatwg, zoneId: true });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(UriSyntaxError);
      expect((error as UriSyntaxError).index).toBe(input.indexOf('%'));
    }
    // RFC 3986 with RFC 6874 reads them.
    expect(normalize('http://[fe80::1%25eth0]/', { zoneId: true })).toBe(
      'http://[fe80::1%25eth0]/',
    );
  });
});
