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
    ['http://a:b:@h/', 'http://a:b:@h/'],
    ['http://@h:8080/x', 'http://h:8080/x'],
  ])('%s is %s', (input, output) => {
    expect(normalize(input, whatwg)).toBe(output);
  });

  it('RFC 3986 keeps them: an empty userinfo is a component of its own (§3.2.1)', () => {
    expect(normalize('http://@h/')).toBe('http://@h/');
    expect(normalize('http://:@h/')).toBe('http://:@h/');
    expect(equivalent('http://@127.0.0.1/x', 'http://127.0.0.1/x')).toBe(false);
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
