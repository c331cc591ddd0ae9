// Differential tests against the grammar oracle of test/grammar.ts (RFC 3986 Appendix A, RFC 6874 §2,
// Appendix B), and RFC 3987 §2.2 built here from the same pieces. The inputs are grammar-built references mutated by
// inserting, deleting and replacing characters from an alphabet of delimiters, so that most of them
// sit right at the edge of the grammar.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isAbsoluteUri,
  isRelativeReference,
  isUri,
  isUriReference,
  parse,
  parseHost,
  parseIri,
  tryParse,
} from '../src/index';
import { uriReference } from './arbitraries';
import {
  ipLiteral,
  ipv4,
  ipv6,
  ipvFuture,
  oracleComponents,
  pct,
  regName,
  rfc3986,
  rfc6874,
  scheme,
  subDelims,
  unreserved,
  zone,
} from './grammar';

// Characters that sit on the edges of the grammar.
const edge = fc.constantFrom(
  ...':/?#[]@%.-+~!$&\'()*,;=_ "<>\\^`{|}aAvVzZ0129fF'.split(''),
  '%2',
  '%25',
  '%zz',
  '::',
  '//',
  '1.2.3.4',
  '256',
  '\u00e9',
  '\u0000',
);
const mutate = (s: string): fc.Arbitrary<string> =>
  fc
    .array(fc.tuple(fc.constantFrom('insert', 'delete', 'replace'), fc.nat(), edge), {
      maxLength: 3,
    })
    .map((edits) => {
      let out = s;
      for (const [op, at, c] of edits) {
        const i = out.length === 0 ? 0 : at % (out.length + 1);
        if (op === 'insert') out = out.slice(0, i) + c + out.slice(i);
        else if (op === 'delete') out = out.slice(0, i) + out.slice(i + 1);
        else out = out.slice(0, i) + c + out.slice(i + 1);
      }
      return out;
    });
const nearReference = uriReference.chain(mutate);
const RUNS = { numRuns: 4000 };

describe('differential: the Appendix A grammar as an oracle', () => {
  it('the four validators and tryParse agree with the grammar (RFC 3986 §3, §4.1–§4.3)', () => {
    fc.assert(
      fc.property(nearReference, (s) => {
        const u = rfc3986.uri.test(s);
        const r = rfc3986.relativeRef.test(s);
        expect(isUri(s), s).toBe(u);
        expect(isRelativeReference(s), s).toBe(r);
        expect(isUriReference(s), s).toBe(u || r);
        expect(isAbsoluteUri(s), s).toBe(rfc3986.absoluteUri.test(s));
        expect(tryParse(s).ok, s).toBe(u || r);
      }),
      RUNS,
    );
  });
  it('with RFC 6874 zone identifiers, the grammar of RFC 6874 §2', () => {
    const zoned = fc
      .tuple(
        fc.constantFrom('http://', '//', 'x://u@'),
        fc.constantFrom('fe80::1', '::', '1:2:3:4:5:6:7:8', '::ffff:1.2.3.4', 'v1.a'),
        fc.constantFrom('%25eth0', '%25', '%25%2541', '%eth0', '%25a%2', '%25-._~', '', '%25e%20'),
        fc.constantFrom(']', ']:80', ']/p?q#f', ''),
      )
      .map((parts) => `${parts[0]}[${parts[1]}${parts[2]}${parts[3]}`)
      .chain(mutate);
    fc.assert(
      fc.property(zoned, (s) => {
        const ok = rfc6874.uri.test(s) || rfc6874.relativeRef.test(s);
        expect(tryParse(s, { zoneId: true }).ok, s).toBe(ok);
        expect(isUriReference(s, { zoneId: true }), s).toBe(ok);
        expect(isUriReference(s), s).toBe(rfc3986.uri.test(s) || rfc3986.relativeRef.test(s));
      }),
      RUNS,
    );
  });
  it('every valid reference splits as Appendix B says', () => {
    fc.assert(
      fc.property(nearReference, (s) => {
        const r = tryParse(s);
        if (r.ok) expect(r.value, s).toEqual(oracleComponents(s));
      }),
      RUNS,
    );
  });
});

describe('differential: the host rule of §3.2.2 as an oracle', () => {
  const ipv6Re = new RegExp(`^\\[${ipv6}\\]$`);
  const zonedRe = new RegExp(`^\\[${ipv6}${zone}\\]$`);
  const futureRe = new RegExp(`^\\[${ipvFuture}\\]$`);
  const ipv4Re = new RegExp(`^${ipv4}$`);
  const regNameRe = new RegExp(`^${regName}$`);
  const piece = fc.constantFrom('0', '1', 'ffff', 'FFFF', '12345', 'g', '00000', '');
  const octet = fc.constantFrom('0', '1', '00', '01', '255', '256', '999', '', '1a');
  const v4 = fc.array(octet, { minLength: 1, maxLength: 5 }).map((a) => a.join('.'));
  const v6 = fc
    .array(fc.oneof(piece, fc.constant(''), v4), { minLength: 1, maxLength: 10 })
    .map((a) => a.join(':'));
  const hostText = fc.oneof(
    v4,
    v6.map((v) => `[${v}]`),
    v6.map((v) => `[${v}%25eth0]`),
    fc.constantFrom(
      '[v1.a]',
      '[v.a]',
      '[vz.a]',
      '[v1.]',
      '[V1F.a:b]',
      '[v1.a%41]',
      'a%41',
      'a.b',
      '',
    ),
  );
  it('parseHost classifies exactly as the grammar: IP-literal, IPv4address, reg-name or nothing', () => {
    fc.assert(
      fc.property(hostText.chain(mutate), (h) => {
        let expected = 'invalid';
        if (ipv6Re.test(h)) expected = 'ipv6';
        else if (futureRe.test(h)) expected = 'ipvfuture';
        else if (ipv4Re.test(h)) expected = 'ipv4';
        else if (regNameRe.test(h)) expected = 'reg-name';
        let got = 'invalid';
        try {
          got = parseHost(h).kind;
        } catch {}
        expect(got, h).toBe(expected);
        let zoned = 'invalid';
        try {
          zoned = parseHost(h, { zoneId: true }).kind;
        } catch {}
        expect(zoned, h).toBe(zonedRe.test(h) ? 'ipv6' : expected);
      }),
      { numRuns: 6000 },
    );
  });
});

describe('differential: the first offending index of an IP literal', () => {
  // The index an error reports is the end of the longest prefix that some text could still complete
  // to a valid reference (a malformed escape at its "%"). The oracle tries a set of completions that can finish any viable prefix of
  // an IP literal (a missing digit, pieces, "::", the rest of a dotted quad, a zone, an IPvFuture).
  const rests = [
    '',
    ':',
    '::',
    '.0',
    '.0.0',
    '.0.0.0',
    '::0.0.0.0',
    '%25a',
    '25a',
    '5a',
    'a',
    '1.a',
    '.a',
  ];
  for (let k = 1; k <= 7; k++)
    rests.push(':0'.repeat(k), `${':0'.repeat(k - 1)}:0.0.0.0`, `${':0'.repeat(k - 1)}::`);
  const completions = ['', ...['', '0'].flatMap((c) => rests.map((r) => `${c}${r}]`))];
  const offending = (s: string, g: typeof rfc3986): number => {
    const valid = (x: string): boolean => g.uri.test(x) || g.relativeRef.test(x);
    for (let k = 1; k <= s.length; k++) {
      const prefix = s.slice(0, k);
      if (!completions.some((x) => valid(prefix + x))) {
        // a malformed escape in a zone is reported at its "%" (the first "%" is the zone delimiter)
        const delimiter = s.indexOf('%');
        if (s[k - 2] === '%' && k - 2 > delimiter) return k - 2;
        if (s[k - 3] === '%' && k - 3 > delimiter && /^[0-9A-Fa-f]$/.test(s[k - 2]!)) return k - 3;
        return k - 1;
      }
    }
    // every prefix can be completed, so the input ends too early; an escape cut short by the end of
    // the input is reported at its "%" too (the zone delimiter itself excepted)
    const delimiter = s.indexOf('%');
    const n = s.length;
    if (s[n - 1] === '%' && n - 1 > delimiter) return n - 1;
    if (s[n - 2] === '%' && n - 2 > delimiter && /^[0-9A-Fa-f]$/.test(s[n - 1]!)) return n - 2;
    return n;
  };
  const body = fc
    .array(
      fc.constantFrom(
        '0',
        '1',
        'a',
        'F',
        'g',
        ':',
        '::',
        '.',
        '1.2.3.4',
        '255',
        '256',
        '01',
        '%25',
        '%',
        'e0',
        'v',
        'v1.',
        '12345',
      ),
      { maxLength: 9 },
    )
    .map((parts) => parts.join(''));
  const literal = fc
    .tuple(body, fc.constantFrom(']', ']/p', ']:80', '', '/', ']x', '?'))
    .map(([b, t]) => `http://[${b}${t}`);
  it('is the end of the longest prefix that can still be completed (RFC 3986 and RFC 6874)', () => {
    fc.assert(
      fc.property(literal, fc.boolean(), (s, zoneId) => {
        const r = tryParse(s, { zoneId });
        const g = zoneId ? rfc6874 : rfc3986;
        if (r.ok) expect(g.uri.test(s), s).toBe(true);
        else expect(r.error.index, s).toBe(offending(s, g));
      }),
      { numRuns: 4000 },
    );
  });
});

describe('differential: RFC 3987 §2.2 (IRI-reference) as an oracle', () => {
  // ucschar and iprivate, as RFC 3987 §2.2 lists them
  const ucschar =
    '\\u{A0}-\\u{D7FF}\\u{F900}-\\u{FDCF}\\u{FDF0}-\\u{FFEF}\\u{10000}-\\u{1FFFD}\\u{20000}-\\u{2FFFD}' +
    '\\u{30000}-\\u{3FFFD}\\u{40000}-\\u{4FFFD}\\u{50000}-\\u{5FFFD}\\u{60000}-\\u{6FFFD}\\u{70000}-\\u{7FFFD}' +
    '\\u{80000}-\\u{8FFFD}\\u{90000}-\\u{9FFFD}\\u{A0000}-\\u{AFFFD}\\u{B0000}-\\u{BFFFD}\\u{C0000}-\\u{CFFFD}' +
    '\\u{D0000}-\\u{DFFFD}\\u{E1000}-\\u{EFFFD}';
  const iprivate = '\\u{E000}-\\u{F8FF}\\u{F0000}-\\u{FFFFD}\\u{100000}-\\u{10FFFD}';
  const iu = `${unreserved}${ucschar}`;
  const ipchar = `(?:[${iu}${subDelims}:@]|${pct})`;
  const iseg = `${ipchar}*`;
  const isegNz = `${ipchar}+`;
  const isegNzNc = `(?:[${iu}${subDelims}@]|${pct})+`;
  const iuserinfo = `(?:[${iu}${subDelims}:]|${pct})*`;
  const iregName = `(?:[${iu}${subDelims}]|${pct})*`;
  const ihost = `(?:${ipLiteral(false)}|${ipv4}|${iregName})`;
  const iauth = `(?:${iuserinfo}@)?${ihost}(?::[0-9]*)?`;
  const iabempty = `(?:/${iseg})*`;
  const ihier = `(?://${iauth}${iabempty}|/(?:${isegNz}(?:/${iseg})*)?|${isegNz}(?:/${iseg})*|)`;
  const irel = `(?://${iauth}${iabempty}|/(?:${isegNz}(?:/${iseg})*)?|${isegNzNc}(?:/${iseg})*|)`;
  const iquery = `(?:${ipchar}|[${iprivate}/?])*`;
  const ifragment = `(?:${ipchar}|[/?])*`;
  const itail = `(?:\\?${iquery})?(?:#${ifragment})?`;
  const iriRe = new RegExp(`^(?:${scheme}:${ihier}|${irel})${itail}$`, 'u');
  const wide = fc.constantFrom(
    '\u00a0',
    '\u00e9',
    '\u200e',
    '\ud7ff',
    '\ue000',
    '\uf8ff',
    '\uf900',
    '\ufdd0',
    '\ufdf0',
    '\ufff0',
    '\ufffe',
    '\u{10000}',
    '\u{1fffe}',
    '\u{e0fff}',
    '\u{e1000}',
    '\u{f0000}',
    '\u{10fffd}',
    '\ud800',
    '\udfff',
    '?',
    '#',
  );
  const near = uriReference.chain((s) =>
    fc.array(fc.tuple(fc.nat(), wide), { minLength: 1, maxLength: 3 }).map((ins) =>
      ins.reduce((out, [at, c]) => {
        const i = at % (out.length + 1);
        return out.slice(0, i) + c + out.slice(i);
      }, s),
    ),
  );
  it('parseIri accepts exactly the IRI-reference grammar (ucschar, iprivate only in the query)', () => {
    fc.assert(
      fc.property(near, (s) => {
        let ok = true;
        try {
          parseIri(s);
        } catch {
          ok = false;
        }
        expect(ok, JSON.stringify(s)).toBe(iriRe.test(s));
      }),
      RUNS,
    );
  });
});

describe('the oracle itself', () => {
  // so that a broken oracle cannot make the differential tests vacuous
  it('knows the RFC 3986 §1.1.2 examples and some non-examples', () => {
    for (const s of [
      'ftp://ftp.is.co.za/rfc/rfc1808.txt',
      'http://www.ietf.org/rfc/rfc2396.txt',
      'ldap://[2001:db8::7]/c=GB?objectClass?one',
      'mailto:John.Doe@example.com',
      'news:comp.infosystems.www.servers.unix',
      'tel:+1-816-555-1212',
      'telnet://192.0.2.16:80/',
      'urn:oasis:names:specification:docbook:dtd:xml:4.1.2',
    ]) {
      expect(rfc3986.uri.test(s), s).toBe(true);
      expect(isUri(s), s).toBe(true);
      expect(parse(s)).toEqual(oracleComponents(s));
    }
    for (const s of ['http://a b', 'http://[::1', '1a:b', 'a:b:c/%', 'http://[1::2::3]/']) {
      expect(rfc3986.uri.test(s) || rfc3986.relativeRef.test(s), s).toBe(false);
    }
  });
});
