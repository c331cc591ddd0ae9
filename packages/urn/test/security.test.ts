// Each case names the attack it stops.
import { describe, expect, it } from 'vitest';
import {
  formatUrn,
  isUrn,
  namespaceOf,
  normalizeUrn,
  parseUrn,
  resolveUrn,
  urnEquals,
  validateUrn,
} from '../src/index';
import { isIsbn } from '../src/isbn';
import { isOid } from '../src/oid';

const MB = 1 << 20;

describe('security', () => {
  it('ReDoS / quadratic blow-up: 1 MB NSS of every shape parses in one linear pass', () => {
    const nss = 'a'.repeat(MB);
    expect(parseUrn(`urn:example:${nss}`).nss.length).toBe(MB);
    expect(isUrn(`urn:example:${'%2F'.repeat(MB / 3)}`)).toBe(true);
    expect(isUrn(`urn:example:a${'/'.repeat(MB)}`)).toBe(true);
    // near-misses that make backtracking parsers retry at every position
    expect(isUrn(`urn:example:${'a'.repeat(MB)}?`)).toBe(false);
    expect(isUrn(`urn:example:${'%2'.repeat(MB / 2)}`)).toBe(false);
    expect(isUrn(`urn:example:a?+r${'?'.repeat(MB)}`)).toBe(true);
    expect(isUrn(`urn:example:a?+${'?='.repeat(MB / 2)}`)).toBe(false);
    expect(isUrn(`urn:example:a?+r?=q${'?='.repeat(MB / 2)}`)).toBe(true);
    expect(isUrn(`urn:example:a?+r${'?+'.repeat(MB / 2)}#${'?'.repeat(MB)}`)).toBe(true);
    expect(isUrn(`urn:example:a#${'#'.repeat(MB)}`)).toBe(false);
  });
  it('quadratic normalization: 1 MB of escapes normalizes in linear time', () => {
    const input = `urn:EXAMPLE:${'%2f'.repeat(MB / 3)}`;
    expect(normalizeUrn(input)).toBe(`urn:example:${'%2F'.repeat(MB / 3)}`);
    expect(urnEquals(input, input.toUpperCase())).toBe(true);
  });
  it('long input through every entry point terminates with a result', () => {
    const long = `urn:isbn:${'1'.repeat(MB)}`;
    expect(validateUrn(long).valid).toBe(false);
    expect(resolveUrn(long)).toEqual([]);
    expect(isIsbn('1-'.repeat(MB / 2))).toBe(false);
    expect(isOid('1.'.repeat(MB / 2))).toBe(false);
    expect(namespaceOf(`urn:isbn:${'x'.repeat(MB)}`).nid).toBe('isbn');
    expect(() => namespaceOf('a'.repeat(MB))).toThrow(/invalid NID/);
  });
  it('NID length bomb: a NID beyond 32 characters is refused', () => {
    expect(() => parseUrn(`urn:${'a'.repeat(MB)}:x`)).toThrow(/NID longer than 32/);
  });
  it('smuggling a component through the NSS: "?" and "#" cannot hide in parts', () => {
    expect(() => formatUrn({ nid: 'example', nss: 'a?=evil' })).toThrow();
    expect(() => formatUrn({ nid: 'example', nss: 'a', rComponent: 'x#evil' })).toThrow();
    expect(() => formatUrn({ nid: 'exa:mple', nss: 'a' })).toThrow();
  });
  it('lookalike and encoded characters: non-ASCII, NUL, CR/LF and bare "%" are refused', () => {
    for (const bad of [
      'urn:example:а', // Cyrillic a
      'urn:ex\u0430mple:a',
      'urn:example:a\u0000',
      'urn:example:a\r\nb',
      'urn:example:100%',
      'urn:example:a\uFF1Ab', // fullwidth colon
      'urn\uFF1Aexample:a',
    ]) {
      expect(isUrn(bad)).toBe(false);
      expect(isUrn(bad, { syntax: 'rfc2141' })).toBe(false);
      expect(urnEquals(bad, bad)).toBe(false);
    }
  });
  it('escaped NUL in RFC 2141 mode: "%00" is refused, at its offset (RFC 2141 §2.4)', () => {
    const legacy = { syntax: 'rfc2141' } as const;
    for (const [urn, index] of [
      ['urn:ab:a%00', 8],
      ['urn:ab:%00', 7],
      ['urn:a:x%41%00%00', 10],
      ['urn:ab:%2f/%00?#', 11],
    ] as const) {
      expect(isUrn(urn, legacy), urn).toBe(false);
      expect(() => parseUrn(urn, legacy), urn).toThrow(
        expect.objectContaining({ index, reason: '"%00" must not be used' }),
      );
      expect(() => normalizeUrn(urn, legacy), urn).toThrow(expect.objectContaining({ index }));
      expect(urnEquals(urn, urn, legacy), urn).toBe(false);
      expect(urnEquals(urn, urn.toUpperCase(), legacy), urn).toBe(false);
    }
    // lenient validation reads RFC 2141 only where RFC 8141 fails (a one-letter NID)
    expect(validateUrn('urn:a:x%41%00%00', { lenient: true }).problems[0]).toMatchObject({
      code: 'syntax',
    });
    expect(validateUrn('urn:a:x%41%00%00', { lenient: true }).valid).toBe(false);
    // other escapes of low octets stay: §2.4 names octet 0 only
    for (const urn of ['urn:ab:a%01', 'urn:ab:%10%0A', 'urn:ab:a%100', 'urn:ab:0%30%30'])
      expect(isUrn(urn, legacy), urn).toBe(true);
    expect(urnEquals('urn:ab:a%0a', 'URN:AB:a%0A', legacy)).toBe(true);
    // RFC 8141 §2 takes pct-encoded from RFC 3986, which allows any octet, and has no §2.4
    expect(isUrn('urn:ab:a%00')).toBe(true);
    expect(urnEquals('urn:ab:a%00', 'URN:AB:a%00')).toBe(true);
  });
  it('case-folding confusion: characters that fold onto NID or hex characters do not compare equal', () => {
    // "\r" | 32 is "-", "\x10" | 32 is "0", "\x1A" | 32 is ":"
    expect(urnEquals('urn:a-b:x', 'urn:a\rb:x')).toBe(false);
    expect(urnEquals('urn:example:%30', 'urn:example:%\x100')).toBe(false);
    expect(urnEquals('urn:example:a', 'urn\x1Aexample:a')).toBe(false);
    expect(urnEquals('urn:example:a', 'urn:example:a?')).toBe(false);
    expect(urnEquals('urn:example:a', 'urn:example:ab')).toBe(false);
    expect(urnEquals('urn:example:ab', 'urn:example:a')).toBe(false);
  });
  it('equivalence confusion: escapes are never decoded, so %2F is not "/" and %41 is not "A"', () => {
    expect(urnEquals('urn:example:a%2Fb', 'urn:example:a/b')).toBe(false);
    expect(urnEquals('urn:example:%41', 'urn:example:A')).toBe(false);
  });
  it('prototype pollution: registry lookups use own properties only', () => {
    expect(namespaceOf('constructor').kind).toBe('unregistered');
    expect(resolveUrn('urn:constructor:x')).toEqual([]);
    expect(resolveUrn('urn:toString:x', {})).toEqual([]);
  });
  it('resolution injection: templates only see the normalized URN, which has no spaces, quotes or "<"', () => {
    expect(() => resolveUrn('urn:nbn:de:"><script>')).toThrow();
    expect(() => resolveUrn('urn:nbn:fi-a#"><script>')).toThrow();
    expect(resolveUrn('urn:nbn:fi-a?+x#y')).toEqual(['https://urn.fi/urn:nbn:fi-a']);
  });
  it('path traversal through a resolver: urn:ietf:id:../../../admin never reaches /admin', () => {
    expect(resolveUrn('urn:ietf:id:../../../admin')).toEqual([]);
    // a draft name of dots is part of the segment "draft-..", which is not a dot segment
    expect(resolveUrn('urn:ietf:id:..')).toEqual(['https://datatracker.ietf.org/doc/draft-..']);
    expect(resolveUrn('urn:nbn:de:a/../../admin')).toEqual([]);
    // a slash in a value is escaped, so the draft name stays one segment
    expect(resolveUrn('urn:ietf:id:a/b')).toEqual(['https://datatracker.ietf.org/doc/draft-a%2Fb']);
  });
  it('path traversal through a template: ., .., %2E%2E and dots behind %2F or %5C give no URL', () => {
    const registry = { example: ['https://example.org/names/{nss}/info'] };
    for (const nss of [
      '.',
      '..',
      '%2E',
      '%2e%2E',
      '.%2E',
      'a%2F..',
      '..%2fa',
      'a%5C..%5Cb',
      'a/..',
      'a/./b',
    ]) {
      expect(resolveUrn(`urn:example:${nss}`, registry)).toEqual([]);
    }
    // dots inside a segment are not dot segments
    expect(resolveUrn('urn:example:...', registry)).toEqual(['https://example.org/names/.../info']);
    expect(resolveUrn('urn:example:a..b', registry)).toEqual([
      'https://example.org/names/a..b/info',
    ]);
    // whatever the URN, the URL stays under the template's path for the URL Standard too
    for (const nss of ['a%2F.b%2F', 'x/y', 'a:b@c', '..a', 'a;b=..']) {
      const [url] = resolveUrn(`urn:example:${nss}`, registry);
      expect(new URL(url as string).pathname).toMatch(/^\/names\/[^/]+\/info$/);
    }
  });
  it('query parameter injection: urn:nbn:se:x&redirect=… cannot add a parameter', () => {
    const [url] = resolveUrn('urn:nbn:se:x&redirect=https://evil.example/;a=1+2');
    expect(url).toBe(
      'https://urn.kb.se/resolve?urn=urn:nbn:se:x%26redirect%3Dhttps://evil.example/%3Ba%3D1%2B2',
    );
    expect([...new URL(url as string).searchParams]).toEqual([
      ['urn', 'urn:nbn:se:x&redirect=https://evil.example/;a=1+2'],
    ]);
  });
  it('host injection: a value in the authority cannot add a userinfo, a port or a path', () => {
    const registry = { example: ['https://{nss}.example.org/'] };
    const [url] = resolveUrn('urn:example:evil.com:80@x/%2E', registry);
    expect(url).toBe('https://evil.com%3A80%40x%2F%252E.example.org/');
    expect(() => new URL(url as string)).toThrow();
  });
  it('fragment and escape smuggling: a value cannot end the path or decode twice', () => {
    const registry = { example: ['https://example.org/{nss}?a={nss}#{nss}'] };
    expect(resolveUrn('urn:example:a%2Fb', registry)).toEqual([
      'https://example.org/a%2Fb?a=a%2Fb#a%2Fb',
    ]);
    expect(resolveUrn("urn:example:a=b&c;d+e!$'()*,:@", registry)).toEqual([
      "https://example.org/a=b&c;d+e!$'()*,:@?a=a%3Db%26c%3Bd%2Be!$'()*,:@#a=b&c;d+e!$'()*,:@",
    ]);
  });
});
