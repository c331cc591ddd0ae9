// Differential tests against WHATWG URL parsers (Node's built-in URL, whatwg-url) on the inputs where
// WHATWG and RFC 3986 agree: simple http(s) URLs with lower-case hosts and unreserved-only paths.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { URL as WhatwgUrl } from 'whatwg-url';
import { formatIpv6, normalize, parse, parseHost } from '../src/index';

const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,8}[a-z0-9])?$/);
const host = fc.array(label, { minLength: 1, maxLength: 4 }).map((l) => `${l.join('.')}.example`);
const pchars = fc
  .stringMatching(/^[A-Za-z0-9._~!$&'()*+,;=:@-]{1,8}$/)
  .filter((s) => s !== '.' && s !== '..');
const path = fc.array(pchars, { maxLength: 5 }).map((s) => s.map((x) => `/${x}`).join(''));
const query = fc.option(fc.stringMatching(/^[A-Za-z0-9._~=&-]{0,12}$/), { nil: undefined });
const port = fc.option(fc.integer({ min: 1, max: 65535 }).map(String), { nil: undefined });
const url = fc
  .tuple(fc.constantFrom('http', 'https'), host, port, path, query)
  .map(([s, h, p, pa, q]) => ({
    text: `${s}://${h}${p === undefined ? '' : `:${p}`}${pa}${q === undefined ? '' : `?${q}`}`,
    scheme: s,
    port: p,
  }));

describe.each([
  ['node URL', URL],
  ['whatwg-url', WhatwgUrl],
])('differential against %s', (_, Impl) => {
  it('host, port, path and query split the same way', () => {
    fc.assert(
      fc.property(url, ({ text, scheme, port }) => {
        const ours = parse(text);
        const theirs = new Impl(text);
        expect(ours.scheme).toBe(theirs.protocol.slice(0, -1));
        expect(ours.host).toBe(theirs.hostname);
        const defaultPort = scheme === 'http' ? '80' : '443';
        expect(port === defaultPort ? '' : (ours.port ?? '')).toBe(theirs.port);
        expect(ours.path === '' ? '/' : ours.path).toBe(theirs.pathname);
        expect(ours.query === undefined || ours.query === '' ? '' : `?${ours.query}`).toBe(
          theirs.search,
        );
        // where WHATWG serialization coincides with RFC 3986 §6 normalization
        expect(normalize(text)).toBe(theirs.href);
      }),
      { numRuns: 500 },
    );
  });
  it('IPv6 text matches WHATWG serialization (RFC 5952 compression) outside IPv4-mapped addresses', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constant(0), fc.constant(1), fc.integer({ min: 0, max: 0xffff })), {
          minLength: 8,
          maxLength: 8,
        }),
        (pieces) => {
          const text = pieces.map((p) => p.toString(16)).join(':');
          const theirs = new Impl(`http://[${text}]/`).hostname;
          const ours = parseHost(`[${text}]`).canonical;
          if (formatIpv6(pieces).includes('.')) {
            expect(ours.startsWith('[::ffff:')).toBe(true);
          } else {
            expect(ours).toBe(theirs);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
