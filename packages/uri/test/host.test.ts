import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatIpv6, parseHost, tryParse, UriSyntaxError } from '../src/index';
import hosts from './vectors/hosts.json' with { type: 'json' };

describe('hosts.json', () => {
  it.each(hosts.cases.map((c) => [c.host, c.type] as const))('%j is %s', (host, type) => {
    if (type === 'invalid') {
      expect(() => parseHost(host, { zoneId: true })).toThrow(UriSyntaxError);
    } else if (type.startsWith('ipv6-zone')) {
      expect(() => parseHost(host)).toThrow('IPv6 zone identifier not allowed');
      const h = parseHost(host, { zoneId: true });
      expect(h.kind).toBe('ipv6');
    } else {
      expect(parseHost(host).kind).toBe(type);
    }
  });
});

describe('parseHost', () => {
  it('TSDoc examples', () => {
    expect(parseHost('[2001:DB8:0:0:0:0:0:1]').canonical).toBe('[2001:db8::1]');
    expect(parseHost('01.0.0.0').kind).toBe('reg-name');
  });
  it('IPv4 by dec-octet', () => {
    expect(parseHost('192.0.2.16')).toEqual({
      kind: 'ipv4',
      text: '192.0.2.16',
      address: 0xc0000210,
      canonical: '192.0.2.16',
    });
    expect(parseHost('255.255.255.255')).toMatchObject({ kind: 'ipv4', address: 0xffffffff });
    expect(parseHost('0.0.0.0')).toMatchObject({ kind: 'ipv4', address: 0 });
    for (const h of [
      '01.0.0.0',
      '256.256.256.256',
      '1.2.3',
      '1.2.3.4.5',
      '1.2.3.',
      '.1.2.3',
      '1..2.3',
      '1.2.3.0400',
      '1.2.3.04',
      '0x1.2.3.4',
      '1.2.3.4a',
    ]) {
      expect(parseHost(h).kind, h).toBe('reg-name');
    }
  });
  it('IPv6 in every RFC 4291 text form, RFC 5952 canonical output', () => {
    const cases: [string, string][] = [
      ['[::]', '[::]'],
      ['[::1]', '[::1]'],
      ['[1::]', '[1::]'],
      ['[1:2:3:4:5:6:7::]', '[1:2:3:4:5:6:7:0]'],
      ['[::2:3:4:5:6:7:8]', '[0:2:3:4:5:6:7:8]'],
      ['[2001:DB8:0:0:8:800:200C:417A]', '[2001:db8::8:800:200c:417a]'],
      ['[FF01:0:0:0:0:0:0:101]', '[ff01::101]'],
      ['[0:0:0:0:0:0:13.1.68.3]', '[::d01:4403]'],
      ['[::13.1.68.3]', '[::d01:4403]'],
      ['[0:0:0:0:0:FFFF:129.144.52.38]', '[::ffff:129.144.52.38]'],
      ['[::ffff:8190:3426]', '[::ffff:129.144.52.38]'],
      ['[2001:db8:0:0:1:0:0:1]', '[2001:db8::1:0:0:1]'],
      ['[2001:0:0:1:0:0:0:1]', '[2001:0:0:1::1]'],
      ['[2001:db8:0:1:1:1:1:1]', '[2001:db8:0:1:1:1:1:1]'],
      ['[0000:0000:0000:0000:0000:0000:0000:0001]', '[::1]'],
      ['[1:2:3:4:5:6:1.2.3.4]', '[1:2:3:4:5:6:102:304]'],
    ];
    for (const [input, canonical] of cases) {
      const h = parseHost(input);
      expect(h.kind, input).toBe('ipv6');
      expect(h.canonical, input).toBe(canonical);
    }
    expect(parseHost('[2001:db8::1]')).toEqual({
      kind: 'ipv6',
      text: '[2001:db8::1]',
      pieces: [0x2001, 0xdb8, 0, 0, 0, 0, 0, 1],
      zone: undefined,
      canonical: '[2001:db8::1]',
    });
  });
  it('rejects malformed IPv6', () => {
    for (const h of [
      '[]',
      '[:]',
      '[:::]',
      '[1:::2]',
      '[1::2::3]',
      '[1:2:3:4:5:6:7:8:9]',
      '[1:2:3:4:5:6:7]',
      '[1:2:3:4:5:6:7:8::]',
      '[::1:2:3:4:5:6:7:8]',
      '[12345::]',
      '[:1::]',
      '[1:]',
      '[::1:]',
      '[g::]',
      '[1.2.3.4]',
      '[::1.2.3]',
      '[::1.2.3.4:5]',
      '[1:2:3:4:5:6:7:1.2.3.4]',
      '[::256.1.1.1]',
      '[::01.1.1.1]',
      '[::a.1.1.1]',
      '[::1',
      '[',
      '[::1]x',
      ' [::1]',
      '[::1] ',
    ]) {
      expect(() => parseHost(h), h).toThrow(UriSyntaxError);
    }
  });
  it('text after the "]" of an IP literal is reported where it starts, as parse reports it', () => {
    const at = (h: string, zoneId = false): [number, string] => {
      try {
        parseHost(h, { zoneId });
      } catch (e) {
        return [(e as UriSyntaxError).index, (e as UriSyntaxError).reason];
      }
      return [-1, 'parsed'];
    };
    const after = 'unexpected character after IP literal';
    expect(at('[::1]x')).toEqual([5, after]);
    expect(at('[::1]:80')).toEqual([5, after]);
    expect(at('[::1]]')).toEqual([5, after]);
    expect(at('[::1]\n')).toEqual([5, after]);
    expect(at('[v1.x]y')).toEqual([6, after]);
    expect(at('[fe80::1%25eth0]x', true)).toEqual([16, after]);
    // a malformed literal is reported inside it first; an unclosed one at the end of the text
    expect(at('[::g]x')).toEqual([3, 'invalid IPv6 address']);
    expect(at('[::1')).toEqual([4, 'unclosed IP literal']);
    expect(at('[')).toEqual([1, 'unclosed IP literal']);
    expect(at('[v1')).toEqual([3, 'unclosed IP literal']);
    // the same index and reason as parse gives for the host of http://<h>/
    for (const h of ['[::1]x', '[::1]]', '[v1.x]y', '[::g]x', '[::1', '[', '[v1', '[]x']) {
      const r = tryParse(`http://${h}/`);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(at(h), h).toEqual([r.error.index - 7, r.error.reason]);
    }
  });
  it('property: a valid IP literal followed by any text fails at the length of the literal', () => {
    const literal = fc.oneof(
      fc.ipV6().map((a) => `[${a}]`),
      fc
        .tuple(
          fc.stringMatching(/^[0-9a-fA-F]{1,3}$/),
          fc.stringMatching(/^[a-z0-9:.~!$&'()*+,;=-]{1,8}$/),
        )
        .map(([v, a]) => `[v${v}.${a}]`),
    );
    fc.assert(
      fc.property(literal, fc.string({ minLength: 1, maxLength: 8 }), (lit, rest) => {
        expect(() => parseHost(lit)).not.toThrow();
        expect(() => parseHost(lit + rest)).toThrow(
          expect.objectContaining({
            index: lit.length,
            reason: 'unexpected character after IP literal',
          }),
        );
      }),
      { numRuns: 1000 },
    );
  });
  it('RFC 6874 zones', () => {
    expect(parseHost('[fe80::1%25eth0]', { zoneId: true })).toEqual({
      kind: 'ipv6',
      text: '[fe80::1%25eth0]',
      pieces: [0xfe80, 0, 0, 0, 0, 0, 0, 1],
      zone: 'eth0',
      canonical: '[fe80::1%25eth0]',
    });
    expect(parseHost('[FE80::0:1%25%2d%41]', { zoneId: true }).canonical).toBe('[fe80::1%25-A]');
    expect(() => parseHost('[fe80::1%eth0]', { zoneId: true })).toThrow(UriSyntaxError);
  });
  it('IPvFuture and reg-names', () => {
    expect(parseHost('[V1F.Ab:c]')).toEqual({
      kind: 'ipvfuture',
      text: '[V1F.Ab:c]',
      version: '1f',
      address: 'Ab:c',
      canonical: '[v1f.ab:c]',
    });
    expect(parseHost('WWW.Example.COM')).toEqual({
      kind: 'reg-name',
      text: 'WWW.Example.COM',
      canonical: 'www.example.com',
    });
    expect(parseHost('').kind).toBe('reg-name');
    expect(parseHost('%6C%6f%63al%2dhost%2a').canonical).toBe('local-host%2A');
    // decoding must never make an IPv4 address out of a reg-name
    expect(parseHost('%31.0.0.1')).toEqual({
      kind: 'reg-name',
      text: '%31.0.0.1',
      canonical: '%31.0.0.1',
    });
    expect(parseHost('%31.0.0.1a').canonical).toBe('1.0.0.1a');
    for (const h of ['a b', 'a:80', 'a/b', 'a@b', '%', '%4', '%zz', 'ü'])
      expect(() => parseHost(h), h).toThrow(UriSyntaxError);
  });
  it('property: canonical IPv6 text parses back to the same pieces and is a fixed point', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 0xffff })), {
          minLength: 8,
          maxLength: 8,
        }),
        (pieces) => {
          const text = formatIpv6(pieces);
          const h = parseHost(`[${text}]`);
          expect(h.kind === 'ipv6' && h.pieces).toEqual(pieces);
          expect(h.canonical).toBe(`[${text}]`);
          // RFC 5952 §4.2.2: "::" never stands for a single zero piece
          const explicit = text
            .split(':')
            .filter((s) => s !== '')
            .reduce((n, s) => n + (s.includes('.') ? 2 : 1), 0);
          if (text.includes('::')) expect(explicit).toBeLessThanOrEqual(6);
          else expect(explicit).toBe(8);
          expect(text.split('::').length).toBeLessThanOrEqual(2);
          const full = pieces.map((p) => p.toString(16)).join(':');
          expect(parseHost(`[${full}]`).canonical).toBe(`[${text}]`);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
