import { domainToASCII as nodeDomainToAscii } from 'node:url';
import fc from 'fast-check';
import nodePunycode from 'node:punycode';
import { describe, expect, it } from 'vitest';
import {
  decodePunycode,
  domainToAscii,
  domainToUnicode,
  encodePunycode,
  iriToUri,
  isUriReference,
  parseIri,
  redactUserinfo,
  uriToIri,
  UriSyntaxError,
} from '../src/index';

// RFC 3492 §7.1 sample strings (the ASCII parts keep their case, as the RFC shows them)
const samples: [string, string][] = [
  [
    '\u0644\u064a\u0647\u0645\u0627\u0628\u062a\u0643\u0644\u0645\u0648\u0634\u0639\u0631\u0628\u064a\u061f',
    'egbpdaj6bu4bxfgehfvwxn',
  ],
  ['\u4ed6\u4eec\u4e3a\u4ec0\u4e48\u4e0d\u8bf4\u4e2d\u6587', 'ihqwcrb4cv8a8dqg056pqjye'],
  ['Pro\u010dprost\u011bnemluv\u00ed\u010desky', 'Proprostnemluvesky-uyb24dma41a'],
  [
    '\u043f\u043e\u0447\u0435\u043c\u0443\u0436\u0435\u043e\u043d\u0438\u043d\u0435\u0433\u043e\u0432\u043e\u0440\u044f\u0442\u043f\u043e\u0440\u0443\u0441\u0441\u043a\u0438',
    'b1abfaaepdrnnbgefbadotcwatmq2g4l',
  ],
  ['3\u5e74B\u7d44\u91d1\u516b\u5148\u751f', '3B-ww4c5e180e575a65lsy2b'],
  ['\u5b89\u5ba4\u5948\u7f8e\u6075-with-SUPER-MONKEYS', '-with-SUPER-MONKEYS-pc58ag80a8qai00g7n9n'],
  [
    'Hello-Another-Way-\u305d\u308c\u305e\u308c\u306e\u5834\u6240',
    'Hello-Another-Way--fc4qua05auwb3674vfr0b',
  ],
  ['\u3072\u3068\u3064\u5c4b\u6839\u306e\u4e0b2', '2-u9tlzr9756bt3uc0v'],
  ['Maji\u3067Koi\u3059\u308b5\u79d2\u524d', 'MajiKoi5-783gue6qz075azm5e'],
  ['\u30d1\u30d5\u30a3\u30fcde\u30eb\u30f3\u30d0', 'de-jg4avhby1noc0d'],
  ['\u305d\u306e\u30b9\u30d4\u30fc\u30c9\u3067', 'd9juau41awczczp'],
  ['b\u00fccher', 'bcher-kva'],
  ['abc', 'abc-'],
  ['', ''],
];

describe('Punycode (RFC 3492)', () => {
  it('§7.1 samples, both ways', () => {
    for (const [u, p] of samples) {
      expect(encodePunycode(u), u).toBe(p);
      expect(decodePunycode(p), p).toBe(u);
    }
    expect(encodePunycode('\u{1f600}x')).toBe('x-iv3s');
    expect(decodePunycode('x-jv3s')).toBe('x\u{1f600}');
  });
  it('refuses invalid input', () => {
    for (const bad of ['\u00e9-abc', 'abc-!', 'a-9', '99999999999', 'x'.repeat(2000)]) {
      expect(() => decodePunycode(bad), bad).toThrow(RangeError);
    }
    expect(() => encodePunycode('é'.repeat(2000))).toThrow(RangeError);
  });
  it("differential: agrees with Node's punycode module", () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 30 }), (s) => {
        expect(encodePunycode(s)).toBe(nodePunycode.encode(s));
        const p = nodePunycode.encode(s);
        expect(decodePunycode(p)).toBe(nodePunycode.decode(p));
      }),
      { numRuns: 500 },
    );
  });
  it('property: decode(encode(s)) === s', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (s) => {
        expect(decodePunycode(encodePunycode(s))).toBe(s);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('IDNA', () => {
  it('TSDoc examples', () => {
    expect(domainToAscii('Bücher.example')).toBe('xn--bcher-kva.example');
    expect(domainToUnicode('xn--bcher-kva.example')).toBe('bücher.example');
  });
  it('separators, NFC and case', () => {
    expect(domainToAscii('b\u0075\u0308cher\u3002EXAMPLE\uff0ecom\uff61')).toBe(
      'xn--bcher-kva.example.com.',
    );
    expect(domainToAscii('例え.テスト')).toBe('xn--r8jz45g.xn--zckzah');
    expect(domainToUnicode('XN--R8JZ45G.xn--zckzah')).toBe('例え.テスト');
  });
  it('refuses delimiters in ASCII labels', () => {
    for (const d of ['evil.example/x', 'a@b.example', 'a:80', 'a b', 'a%41', 'a\tb', '[::1]']) {
      expect(() => domainToAscii(d), d).toThrow('invalid character in domain label');
    }
    expect(domainToAscii('_dmarc.Example.COM')).toBe('_dmarc.example.com');
    expect(domainToAscii('')).toBe('');
  });
  it('refuses labels that map to delimiters (host confusion)', () => {
    for (const d of [
      'evil\uff0fexample.com',
      'a\uff20b.com',
      'a\uff1a80.com',
      'ex\u00e4mple\u2024com',
      'ä b.com',
      'ä_b',
    ]) {
      expect(() => domainToAscii(d), d).toThrow(UriSyntaxError);
    }
  });
  it('keeps labels that do not round-trip', () => {
    expect(domainToUnicode('xn--a.com')).toBe('xn--a.com');
    expect(() => domainToAscii('\u0080.com')).toThrow('character not allowed in IDN label');
    expect(() => domainToAscii('a\u200bb.com')).toThrow('character not allowed in IDN label');
    expect(() => domainToAscii('\u{e0001}')).toThrow('character not allowed in IDN label');
    expect(domainToAscii('\u{10300}')).toBe(`xn--${encodePunycode('\u{10300}')}`);
    expect(domainToUnicode('xn--.com')).toBe('xn--.com');
    // DNS labels are case-insensitive: "xn--Bcher-kva" is "bücher"
    expect(domainToUnicode('xn--Bcher-kva')).toBe('bücher');
  });
  it('differential: agrees with Node (UTS #46) on lower-case NFC labels', () => {
    const letters = fc.constantFrom(...'abcxyz09-éüßøñçåжщ中文日本한국'.split(''));
    fc.assert(
      fc.property(fc.array(letters, { minLength: 1, maxLength: 12 }), (chars) => {
        const label = chars.join('');
        fc.pre(
          !label.startsWith('-') &&
            !label.endsWith('-') &&
            label.indexOf('--') !== 2 &&
            label.indexOf('ß') < 0,
        );
        const node = nodeDomainToAscii(`${label}.example`);
        fc.pre(node !== '');
        expect(domainToAscii(`${label}.example`)).toBe(node);
      }),
      { numRuns: 500 },
    );
  });
});

describe('iriToUri / uriToIri (RFC 3987 §3.1, §3.2)', () => {
  it('TSDoc examples', () => {
    expect(iriToUri('http://r\u00e9sum\u00e9.example/\u00e9t\u00e9')).toBe(
      'http://r%C3%A9sum%C3%A9.example/%C3%A9t%C3%A9',
    );
    expect(iriToUri('http://r\u00e9sum\u00e9.example/', { idna: true })).toBe(
      'http://xn--rsum-bpad.example/',
    );
    expect(uriToIri('http://example.com/%C3%A9t%C3%A9%20%2F')).toBe('http://example.com/été%20%2F');
    expect(uriToIri('http://xn--rsum-bpad.example/', { idna: true })).toBe(
      'http://résumé.example/',
    );
  });
  it('RFC 3987 §3.1 example', () => {
    expect(iriToUri('http://www.example.org/red%09ros\u00e9#red')).toBe(
      'http://www.example.org/red%09ros%C3%A9#red',
    );
    expect(iriToUri('http://example.com/\u{10300}\u{10301}\u{10302}')).toBe(
      'http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82',
    );
    expect(iriToUri('x://ü@h?\ue000#ü')).toBe('x://%C3%BC@h?%EE%80%80#%C3%BC');
    expect(iriToUri('x://[::1]/')).toBe('x://[::1]/');
    expect(iriToUri('x://[::1]/', { idna: true })).toBe('x://[::1]/');
    expect(() => iriToUri('x://a b')).toThrow(UriSyntaxError);
  });
  it('RFC 3987 §3.2 examples: decodes only what an IRI may show', () => {
    expect(uriToIri('http://www.example.org/D%C3%BCrst')).toBe('http://www.example.org/Dürst');
    expect(uriToIri('http://www.example.org/D%FCrst')).toBe('http://www.example.org/D%FCrst');
    expect(uriToIri('http://xn--99zt52a.example.org/%e2%80%ae')).toBe(
      'http://xn--99zt52a.example.org/%e2%80%ae',
    );
    expect(uriToIri('http://xn--99zt52a.example.org/', { idna: true })).toBe(
      'http://納豆.example.org/',
    );
  });
  it('keeps ASCII escapes, bad UTF-8, spaces and bidi controls encoded', () => {
    for (const s of [
      '%2E%2E',
      '%41',
      '%C0%AF',
      '%E0%80%AF',
      '%ED%A0%80',
      '%F4%90%80%80',
      '%F5%80%80%80',
      '%C3',
      '%C3%41',
      '%E2%80%8F',
      '%C2%A0',
      '%E3%80%80',
      '%EF%BB%BF',
      '%E2%80%8B',
      '%EF%BF%BE',
      '%EE%80%80',
    ]) {
      expect(uriToIri(`x:/${s}`), s).toBe(`x:/${s}`);
    }
    expect(uriToIri('x:?%EE%80%80')).toBe('x:?\ue000');
    expect(uriToIri('x://%C3%BC@%C3%BC.de/%F0%9F%98%80#%C3%BC')).toBe('x://ü@ü.de/\u{1f600}#ü');
    expect(uriToIri('x://[::1]/%C3%BC')).toBe('x://[::1]/ü');
  });
  it('property: iriToUri(uriToIri(u)) is u up to hex case, and the IRI parses', () => {
    const pct = fc.constantFrom(
      '%C3%BC',
      '%c3%bc',
      '%E2%82%AC',
      '%F0%9F%98%80',
      '%FF',
      '%2F',
      '%41',
      '%E2%80%8F',
      'a',
      '/',
      '%C3',
    );
    fc.assert(
      fc.property(fc.array(pct, { maxLength: 10 }), fc.array(pct, { maxLength: 5 }), (p, q) => {
        const u = `http://h/${p.join('')}?${q.join('')}`;
        const iri = uriToIri(u);
        expect(parseIri(iri).host).toBe('h');
        expect(iriToUri(iri).toUpperCase()).toBe(u.toUpperCase());
        expect(isUriReference(iriToUri(iri))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

describe('redactUserinfo', () => {
  it('hides the password, whatever the input', () => {
    expect(redactUserinfo('ftp://anna:s3cret@host/file')).toBe('ftp://anna:***@host/file');
    expect(redactUserinfo('https://anna@host/')).toBe('https://anna@host/');
    expect(redactUserinfo('https://host/a:b@c')).toBe('https://host/a:b@c');
    expect(redactUserinfo('https://a:b@c@host/')).toBe('https://a:***@host/');
    expect(redactUserinfo('//a:b:c@host')).toBe('//a:***@host');
    expect(redactUserinfo('https://a:p w@host?x#y', '[redacted]')).toBe(
      'https://a:[redacted]@host?x#y',
    );
    expect(redactUserinfo('mailto:a:b@c')).toBe('mailto:a:b@c');
    expect(redactUserinfo('no scheme at all')).toBe('no scheme at all');
    expect(redactUserinfo('https://host:8080/')).toBe('https://host:8080/');
    expect(redactUserinfo('https:')).toBe('https:');
  });
  it('property: the password never appears in the output', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z]{1,5}$/),
        fc.stringMatching(/^[A-Z0-9]{6,12}$/),
        fc.constantFrom('', '/p', '?q', '#f'),
        (user, pass, tail) => {
          const out = redactUserinfo(`https://${user}:${pass}@host${tail}`);
          expect(out).not.toContain(pass);
          expect(out).toBe(`https://${user}:***@host${tail}`);
        },
      ),
      { numRuns: 300 },
    );
  });
});
