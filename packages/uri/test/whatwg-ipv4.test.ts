import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseHost, UriSyntaxError, whatwgIpv4 } from '../src/index';
import { uts46ToAscii } from '../src/uts46';

describe('whatwgIpv4: the IPv4 address a browser connects to', () => {
  it('reads the forms of the URL Standard IPv4 parser that RFC 3986 calls names', () => {
    for (const h of [
      '127.1',
      '0x7f.1',
      '2130706433',
      '0177.0.0.1',
      '0x7F000001',
      '127.0.1',
      '127.0.0.1.',
      '%31%32%37.0.0.1',
      '0X7f.0.0.1',
    ])
      expect(whatwgIpv4(h), h).toBe('127.0.0.1');
    // RFC 3986 reads each of these as a reg-name
    expect(parseHost('0x7f.1').kind).toBe('reg-name');
    expect(whatwgIpv4('0')).toBe('0.0.0.0');
    expect(whatwgIpv4('10.0x10.1')).toBe('10.16.0.1');
    expect(whatwgIpv4('169.254.169.254')).toBe('169.254.169.254');
  });
  it('names and IP literals are no IPv4 address', () => {
    expect(whatwgIpv4('example.com')).toBeUndefined();
    expect(whatwgIpv4('1.2.3.example')).toBeUndefined();
    expect(whatwgIpv4('')).toBeUndefined();
    expect(whatwgIpv4('[::ffff:127.0.0.1]')).toBeUndefined();
  });
  it('throws where the URL Standard refuses the host', () => {
    for (const h of [
      '1.2.3.256',
      '1.2.3.4.5',
      '256.1',
      '0x100.1',
      '09.1',
      'a%2Fb',
      '%00',
      '%zz',
      '%C0%AE',
    ])
      expect(() => whatwgIpv4(h), h).toThrow(UriSyntaxError);
  });
  it('a host that is not ASCII, raw or escaped, is refused at its index: UTS #46 maps it first', () => {
    const reason = 'non-ASCII host: run UTS #46 first';
    for (const [h, at] of <[string, number][]>[
      ['b\u00fccher.de', 1],
      ['\uff11\uff12\uff17.0.0.1', 0],
      ['127.0.0.\u0661', 8],
      ['a.%C3%BC', 2],
    ])
      expect(() => whatwgIpv4(h), h).toThrow(expect.objectContaining({ index: at, reason }));
    // what the URL Standard does: domain to ASCII, then the IPv4 parser
    expect(new URL('http://\uff11\uff12\uff17.0.0.1/').hostname).toBe('127.0.0.1');
    expect(whatwgIpv4(uts46ToAscii('\uff11\uff12\uff17.0.0.1'))).toBe('127.0.0.1');
    expect(whatwgIpv4(uts46ToAscii('b\u00fccher.de'))).toBeUndefined();
  });
  it("differential: agrees with Node's URL on generated hosts", () => {
    const num = fc.oneof(
      fc.integer({ min: 0, max: 300 }).map(String),
      fc.integer({ min: 0, max: 0xffffffff }).map(String),
      fc.integer({ min: 0, max: 0x1ff }).map((n) => `0x${n.toString(16)}`),
      fc.integer({ min: 0, max: 0x1ff }).map((n) => `0${n.toString(8)}`),
      fc.constantFrom('0x', '08', '0X', 'a', 'x1', '', '%31', '1e2'),
    );
    const host = fc
      .tuple(fc.array(num, { minLength: 1, maxLength: 5 }), fc.boolean())
      .map(([parts, dot]) => parts.join('.') + (dot ? '.' : ''))
      // an empty host is refused by URL as a missing host, not read as a number
      .filter((h) => h !== '');
    let addresses = 0;
    let names = 0;
    let refused = 0;
    fc.assert(
      fc.property(host, (h) => {
        let theirs: string | undefined;
        let ours: string | undefined;
        let theirsOk = true;
        let oursOk = true;
        try {
          theirs = new URL(`http://${h}/`).hostname;
        } catch {
          theirsOk = false;
        }
        try {
          ours = whatwgIpv4(h);
        } catch {
          oursOk = false;
        }
        expect(oursOk, h).toBe(theirsOk);
        if (!theirsOk) {
          refused++;
          return;
        }
        if (ours === undefined) {
          names++;
          expect(/^\d+\.\d+\.\d+\.\d+$/.test(theirs!), h).toBe(false);
        } else {
          addresses++;
          expect(ours, h).toBe(theirs);
        }
      }),
      { numRuns: 3000 },
    );
    expect(Math.min(addresses, names, refused)).toBeGreaterThan(50);
  });
});
