import { domainToASCII as nodeDomainToAscii } from 'node:url';
import fc from 'fast-check';
import nodePunycode from 'node:punycode';
import { describe, expect, it } from 'vitest';
import {
  decodePunycode,
  domainToAscii,
  domainToUnicode,
  encodePunycode,
  equivalent,
  iriToUri,
  isUriReference,
  parseIri,
  redactUserinfo,
  uriToIri,
  UriSyntaxError,
} from '../src/index';
import { uts46ToAscii } from '../src/uts46';

// RFC 3492 §7.1, all nineteen sample strings (A) to (S), as the RFC lists them: the code points
// ("U+" marks the upper-case letters of the mixed-case annotation, which this package does not
// apply: the ASCII letters keep their case as written) and the Punycode without the ACE prefix.
const samples: [string, string, string][] = [
  [
    '(A) Arabic (Egyptian)',
    'u+0644 u+064A u+0647 u+0645 u+0627 u+0628 u+062A u+0643 u+0644 u+0645 u+0648 u+0634 u+0639 u+0631 u+0628 u+064A u+061F',
    'egbpdaj6bu4bxfgehfvwxn',
  ],
  [
    '(B) Chinese (simplified)',
    'u+4ED6 u+4EEC u+4E3A u+4EC0 u+4E48 u+4E0D u+8BF4 u+4E2D u+6587',
    'ihqwcrb4cv8a8dqg056pqjye',
  ],
  [
    '(C) Chinese (traditional)',
    'u+4ED6 u+5011 u+7232 u+4EC0 u+9EBD u+4E0D u+8AAA u+4E2D u+6587',
    'ihqwctvzc91f659drss3x8bo0yb',
  ],
  [
    '(D) Czech',
    'U+0050 u+0072 u+006F u+010D u+0070 u+0072 u+006F u+0073 u+0074 u+011B u+006E u+0065 u+006D u+006C u+0075 u+0076 u+00ED u+010D u+0065 u+0073 u+006B u+0079',
    'Proprostnemluvesky-uyb24dma41a',
  ],
  [
    '(E) Hebrew',
    'u+05DC u+05DE u+05D4 u+05D4 u+05DD u+05E4 u+05E9 u+05D5 u+05D8 u+05DC u+05D0 u+05DE u+05D3 u+05D1 u+05E8 u+05D9 u+05DD u+05E2 u+05D1 u+05E8 u+05D9 u+05EA',
    '4dbcagdahymbxekheh6e0a7fei0b',
  ],
  [
    '(F) Hindi (Devanagari)',
    'u+092F u+0939 u+0932 u+094B u+0917 u+0939 u+093F u+0928 u+094D u+0926 u+0940 u+0915 u+094D u+092F u+094B u+0902 u+0928 u+0939 u+0940 u+0902 u+092C u+094B u+0932 u+0938 u+0915 u+0924 u+0947 u+0939 u+0948 u+0902',
    'i1baa7eci9glrd9b2ae1bj0hfcgg6iyaf8o0a1dig0cd',
  ],
  [
    '(G) Japanese (kanji and hiragana)',
    'u+306A u+305C u+307F u+3093 u+306A u+65E5 u+672C u+8A9E u+3092 u+8A71 u+3057 u+3066 u+304F u+308C u+306A u+3044 u+306E u+304B',
    'n8jok5ay5dzabd5bym9f0cm5685rrjetr6pdxa',
  ],
  [
    '(H) Korean (Hangul syllables)',
    'u+C138 u+ACC4 u+C758 u+BAA8 u+B4E0 u+C0AC u+B78C u+B4E4 u+C774 u+D55C u+AD6D u+C5B4 u+B97C u+C774 u+D574 u+D55C u+B2E4 u+BA74 u+C5BC u+B9C8 u+B098 u+C88B u+C744 u+AE4C',
    '989aomsvi5e83db1d2a355cv1e0vak1dwrv93d5xbh15a0dt30a5jpsd879ccm6fea98c',
  ],
  [
    '(I) Russian (Cyrillic)',
    'U+043F u+043E u+0447 u+0435 u+043C u+0443 u+0436 u+0435 u+043E u+043D u+0438 u+043D u+0435 u+0433 u+043E u+0432 u+043E u+0440 u+044F u+0442 u+043F u+043E u+0440 u+0443 u+0441 u+0441 u+043A u+0438',
    'b1abfaaepdrnnbgefbadotcwatmq2g4l',
  ],
  [
    '(J) Spanish',
    'U+0050 u+006F u+0072 u+0071 u+0075 u+00E9 u+006E u+006F u+0070 u+0075 u+0065 u+0064 u+0065 u+006E u+0073 u+0069 u+006D u+0070 u+006C u+0065 u+006D u+0065 u+006E u+0074 u+0065 u+0068 u+0061 u+0062 u+006C u+0061 u+0072 u+0065 u+006E U+0045 u+0073 u+0070 u+0061 u+00F1 u+006F u+006C',
    'PorqunopuedensimplementehablarenEspaol-fmd56a',
  ],
  [
    '(K) Vietnamese',
    'U+0054 u+1EA1 u+0069 u+0073 u+0061 u+006F u+0068 u+1ECD u+006B u+0068 u+00F4 u+006E u+0067 u+0074 u+0068 u+1EC3 u+0063 u+0068 u+1EC9 u+006E u+00F3 u+0069 u+0074 u+0069 u+1EBF u+006E u+0067 U+0056 u+0069 u+1EC7 u+0074',
    'TisaohkhngthchnitingVit-kjcr8268qyxafd2f1b9g',
  ],
  [
    '(L) 3<nen>B<gumi><kinpachi><sensei>',
    'u+0033 u+5E74 U+0042 u+7D44 u+91D1 u+516B u+5148 u+751F',
    '3B-ww4c5e180e575a65lsy2b',
  ],
  [
    '(M) <amuro><namie>-with-SUPER-MONKEYS',
    'u+5B89 u+5BA4 u+5948 u+7F8E u+6075 u+002D u+0077 u+0069 u+0074 u+0068 u+002D U+0053 U+0055 U+0050 U+0045 U+0052 u+002D U+004D U+004F U+004E U+004B U+0045 U+0059 U+0053',
    '-with-SUPER-MONKEYS-pc58ag80a8qai00g7n9n',
  ],
  [
    '(N) Hello-Another-Way-<sorezore><no><basho>',
    'U+0048 u+0065 u+006C u+006C u+006F u+002D U+0041 u+006E u+006F u+0074 u+0068 u+0065 u+0072 u+002D U+0057 u+0061 u+0079 u+002D u+305D u+308C u+305E u+308C u+306E u+5834 u+6240',
    'Hello-Another-Way--fc4qua05auwb3674vfr0b',
  ],
  [
    '(O) <hitotsu><yane><no><shita>2',
    'u+3072 u+3068 u+3064 u+5C4B u+6839 u+306E u+4E0B u+0032',
    '2-u9tlzr9756bt3uc0v',
  ],
  [
    '(P) Maji<de>Koi<suru>5<byou><mae>',
    'U+004D u+0061 u+006A u+0069 u+3067 U+004B u+006F u+0069 u+3059 u+308B u+0035 u+79D2 u+524D',
    'MajiKoi5-783gue6qz075azm5e',
  ],
  [
    '(Q) <pafii>de<runba>',
    'u+30D1 u+30D5 u+30A3 u+30FC u+0064 u+0065 u+30EB u+30F3 u+30D0',
    'de-jg4avhby1noc0d',
  ],
  [
    '(R) <sono><supiido><de>',
    'u+305D u+306E u+30B9 u+30D4 u+30FC u+30C9 u+3067',
    'd9juau41awczczp',
  ],
  [
    '(S) -> $1.00 <-',
    'u+002D u+003E u+0020 u+0024 u+0031 u+002E u+0030 u+0030 u+0020 u+003C u+002D',
    '-> $1.00 <--',
  ],
];
const fromCodePoints = (list: string): string =>
  String.fromCodePoint(...list.split(' ').map((u) => Number.parseInt(u.slice(2), 16)));

describe('Punycode (RFC 3492)', () => {
  it.each(samples)('§7.1 %s, both ways', (_, codePoints, punycode) => {
    const unicode = fromCodePoints(codePoints);
    expect(encodePunycode(unicode)).toBe(punycode);
    expect(decodePunycode(punycode)).toBe(unicode);
  });
  it('more round trips: no basic code points, only basic ones, astral code points, the empty string', () => {
    for (const [u, p] of [
      ['b\u00fccher', 'bcher-kva'],
      ['abc', 'abc-'],
      ['-', '--'],
      ['', ''],
      ['\u{1f600}x', 'x-iv3s'],
      ['x\u{1f600}', 'x-jv3s'],
      ['\u{10ffff}', 'dn32g'],
    ] as const) {
      expect(encodePunycode(u), u).toBe(p);
      expect(decodePunycode(p), p).toBe(u);
    }
    // digits are case-insensitive (§5); the basic code points keep their case
    expect(decodePunycode('BCHER-KVA')).toBe('B\u00fcCHER');
  });
  it('refuses invalid input (§6.2: bad digit, non-basic code point, truncated integer)', () => {
    for (const bad of ['\u00e9-abc', 'abc-!', '-', 'a-9', 'b', 'x-\u00e9']) {
      expect(() => decodePunycode(bad), bad).toThrow(RangeError);
    }
  });
  it('refuses overflow (§6.4) and code points beyond U+10FFFF', () => {
    // i + digit * w would pass maxint
    for (const bad of ['a-99999999', 'u9999999a', '99999999999']) {
      expect(() => decodePunycode(bad), bad).toThrow('punycode overflow');
    }
    // i = 2^31 - 11 in one integer, so n + i / (length + 1) would pass maxint
    expect(() => decodePunycode('m416146o')).toThrow('punycode overflow');
    // n = 0x110000, one past the last code point ('dn32g' is U+10FFFF)
    expect(() => decodePunycode('en32g')).toThrow('code point out of range');
    expect(() => decodePunycode('9999999a')).toThrow('code point out of range');
  });
  it('caps input at 1024 code units, both ways (the algorithm is quadratic; DNS labels have 63 octets)', () => {
    expect(decodePunycode(`${'a'.repeat(1023)}-`)).toBe('a'.repeat(1023));
    expect(() => decodePunycode(`${'a'.repeat(1024)}-`)).toThrow('input too long');
    expect(encodePunycode('a'.repeat(1024))).toBe(`${'a'.repeat(1024)}-`);
    expect(() => encodePunycode('a'.repeat(1025))).toThrow('input too long');
    // at the cap, the largest deltas still fit in 31 bits: encoding cannot overflow
    const astral = '\u{10ffff}'.repeat(512);
    expect(astral.length).toBe(1024);
    expect(decodePunycode(encodePunycode(astral))).toBe(astral);
    const spread = `\u0080${'\u{10ffff}'.repeat(511)}a`;
    expect(decodePunycode(encodePunycode(spread))).toBe(spread);
    expect(() => encodePunycode('\u00e9'.repeat(1025))).toThrow(RangeError);
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
  it('refuses an xn-- label that holds non-ASCII instead of prefixing it again (RFC 3490 §4.1 step 5)', () => {
    // WPT url/resources/toascii.json "Invalid Punycode (contains non-ASCII character)"
    const reason = 'IDN label maps to non-LDH ASCII or xn--';
    for (const [d, at] of <[string, number][]>[
      ['xn--te\u0161la', 0],
      ['XN--te\u0161la.com', 0],
      ['a.Xn--te\u0161la', 2],
      ['\uff58\uff4e--te\u0161la.com', 0],
    ]) {
      expect(() => domainToAscii(d), d).toThrow(expect.objectContaining({ index: at, reason }));
      expect(() => uts46ToAscii(d), d).toThrow(
        expect.objectContaining({ index: at, reason: 'non-ASCII character in an xn-- label' }),
      );
      expect(() => iriToUri(`http://${d}/`, { idna: true }), d).toThrow(
        expect.objectContaining({ index: at, reason }),
      );
      expect(() => new URL(`http://${d}/`), d).toThrow(TypeError);
    }
    // an ASCII xn-- label is kept as written (not decoded, not prefixed); a non-ASCII label merely
    // containing xn-- elsewhere is encoded
    expect(domainToAscii('xn--bcher-kva.example')).toBe('xn--bcher-kva.example');
    expect(domainToAscii('a-xn--\u00fc')).toBe(`xn--${encodePunycode('a-xn--\u00fc')}`);
  });
  it('refuses delimiters in ASCII labels', () => {
    for (const d of ['evil.example/x', 'a@b.example', 'a:80', 'a b', 'a%41', 'a\tb', '[::1]']) {
      expect(() => domainToAscii(d), d).toThrow('invalid character in domain label');
    }
    expect(domainToAscii('_dmarc.Example.COM')).toBe('_dmarc.example.com');
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
  it('is lower case + NFC + Punycode only: no UTS #46 mapping (README)', () => {
    for (const [label, uts46] of <[string, string][]>[
      ['\ufb01', 'fi'],
      ['\u2460', '1'],
      ['\u216b', 'xii'],
      ['\uff45\uff58', 'ex'],
    ]) {
      const ours = domainToAscii(`${label}.com`);
      expect(ours).toBe(`xn--${encodePunycode(label.toLowerCase().normalize('NFC'))}.com`);
      expect(nodeDomainToAscii(`${label}.com`)).toBe(`${uts46}.com`);
    }
    expect(domainToAscii('\u03a3\u0391\u03a3')).toBe(`xn--${encodePunycode('\u03c3\u03b1\u03c2')}`);
    expect(nodeDomainToAscii('\u03a3\u0391\u03a3')).toBe(
      `xn--${encodePunycode('\u03c3\u03b1\u03c3')}`,
    );
  });
  it('keeps Cherokee capitals and maps the small letters to them, as UTS #46 does (not toLowerCase)', () => {
    // Firefox netwerk/test/unit/test_idn_urls.js; the small letters U+AB70-U+ABBF and U+13F8-U+13FD
    // are DISALLOWED (RFC 5892) and UTS #46 maps them to the capitals U+13A0-U+13F5
    expect(domainToAscii('\u13e3\u13b3\u13a9.com')).toBe('xn--f9dt7l.com');
    expect(domainToAscii('\uabb3\uab83\uab79.com')).toBe('xn--f9dt7l.com');
    expect(iriToUri('http://\u13e3\u13b3\u13a9.com/', { idna: true })).toBe(
      'http://xn--f9dt7l.com/',
    );
    expect(new URL('http://\u13e3\u13b3\u13a9.com/').href).toBe('http://xn--f9dt7l.com/');
    expect(domainToUnicode('xn--f9dt7l.com')).toBe('\u13e3\u13b3\u13a9.com');
    expect(uriToIri('http://xn--f9dt7l.com/', { idna: true })).toBe(
      'http://\u13e3\u13b3\u13a9.com/',
    );
    // the ACE of the small letters is not a valid IDN: it stays ASCII
    expect(domainToUnicode('xn--tz9ata7l.com')).toBe('xn--tz9ata7l.com');
  });
  it('differential: each of the 86 Cherokee capitals and their small letters convert as uts46ToAscii and URL do', () => {
    let n = 0;
    for (let cp = 0x13a0; cp <= 0x13f5; cp++) {
      const small = cp < 0x13f0 ? cp + 0xab70 - 0x13a0 : cp + 8;
      for (const c of [String.fromCodePoint(cp), String.fromCodePoint(small)]) {
        const ours = domainToAscii(`a${c}.com`);
        expect(ours, c).toBe(uts46ToAscii(`a${c}.com`));
        expect(ours, c).toBe(new URL(`http://a${c}.com`).hostname);
        expect(domainToUnicode(ours), c).toBe(`a${String.fromCodePoint(cp)}.com`);
      }
      n++;
    }
    expect(n).toBe(86);
  });
  it('property: labels mixing Cherokee of either case with other letters convert as uts46ToAscii and URL do', () => {
    const cherokee = fc
      .oneof(
        fc.integer({ min: 0x13a0, max: 0x13f5 }),
        fc.integer({ min: 0x13f8, max: 0x13fd }),
        fc.integer({ min: 0xab70, max: 0xabbf }),
      )
      .map((cp) => String.fromCodePoint(cp));
    const char = fc.oneof(cherokee, fc.constantFrom(...'aZ9\u00e9\u00dc\u0416\u4e2d'.split('')));
    fc.assert(
      fc.property(fc.array(char, { minLength: 1, maxLength: 20 }), (chars) => {
        const d = `${chars.join('')}.example`;
        const ours = domainToAscii(d);
        expect(ours).toBe(uts46ToAscii(d));
        expect(ours).toBe(new URL(`http://${d}/`).hostname);
      }),
      { numRuns: 500 },
    );
  });
  it('writes a label that is ASCII once mapped as ASCII, not as Punycode (Kelvin sign; RFC 3490 §4.1)', () => {
    expect(domainToAscii('\u212Aa.example')).toBe('ka.example');
    expect(domainToAscii('\u212A.\u212A\u212A')).toBe('k.kk');
    expect(uts46ToAscii('\u212Aa.example')).toBe('ka.example');
    expect(new URL('http://\u212Aa.example/').hostname).toBe('ka.example');
    expect(iriToUri('http://\u212Aa.example/', { idna: true })).toBe('http://ka.example/');
    // the rules for Unicode labels still apply: only LDH, and no xn-- prefix
    expect(() => domainToAscii('\u212A_.example')).toThrow(
      'IDN label maps to non-LDH ASCII or xn--',
    );
    expect(() => domainToAscii('a\u037e.example')).toThrow(
      'IDN label maps to non-LDH ASCII or xn--',
    );
  });
  it('property: no xn-- label it writes decodes to ASCII only, and a label ASCII once mapped is written as mapped', () => {
    const char = fc.constantFrom(...'aK9-\u212A\u212B\u00c5e\u0301\u00e9\u0130'.split(''));
    fc.assert(
      fc.property(fc.array(char, { minLength: 1, maxLength: 12 }), (chars) => {
        const label = chars.join('');
        let out: string;
        try {
          out = domainToAscii(`${label}.example`);
        } catch (e) {
          expect(e).toBeInstanceOf(UriSyntaxError);
          return;
        }
        const first = out.slice(0, out.indexOf('.'));
        const mapped = label.toLowerCase().normalize('NFC');
        expect(first.startsWith('xn--')).toBe(/[^\x00-\x7f]/.test(mapped));
        if (first.startsWith('xn--')) {
          expect(/[^\x00-\x7f]/.test(decodePunycode(first.slice(4)))).toBe(true);
        } else expect(first).toBe(mapped);
      }),
      { numRuns: 1000 },
    );
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
  it('refuses a label that is not 1-63 octets once converted, as uts46ToAscii does (RFC 5890 §2.3.2.1)', () => {
    const label = (at: number) =>
      expect.objectContaining({ index: at, reason: 'DNS label not 1-63 octets long' });
    // 128 ü would be a 134-character xn-- label, 64 a and one ü a 72-character one
    expect(() => domainToAscii('ü'.repeat(128))).toThrow(label(0));
    expect(() => uts46ToAscii('ü'.repeat(128))).toThrow(label(0));
    expect(() => domainToAscii(`x.${'a'.repeat(64)}ü`)).toThrow(label(2));
    expect(() => domainToAscii(`x.${'a'.repeat(64)}`)).toThrow(label(2));
    expect(domainToAscii('a'.repeat(63))).toBe('a'.repeat(63));
    // the longest ü-only label that fits: 'xn--' + 59 octets
    expect(domainToAscii('ü'.repeat(54)).length).toBeLessThanOrEqual(63);
    // empty labels, but for the root label at the end
    for (const [d, at] of <[string, number][]>[
      ['', 0],
      ['.', 0],
      ['a..b', 2],
      ['.a', 0],
    ]) {
      expect(() => domainToAscii(d), d).toThrow(label(at));
      expect(() => uts46ToAscii(d), d).toThrow(label(at));
    }
    expect(domainToAscii('a.')).toBe('a.');
    expect(domainToAscii('a\u3002')).toBe('a.');
  });
  it('refuses a name over 253 octets, the root dot not counted (RFC 1034 §3.1)', () => {
    const d253 = `${'a'.repeat(62)}.`.repeat(4) + 'a';
    expect(domainToAscii(d253)).toBe(d253);
    expect(domainToAscii(`${d253}.`)).toBe(`${d253}.`);
    for (const d of [`${d253}a`, `${d253}a.`, `${'a'.repeat(62)}.`.repeat(4) + 'ü']) {
      expect(() => domainToAscii(d), d).toThrow(
        expect.objectContaining({ index: 0, reason: 'domain name over 253 octets' }),
      );
      expect(() => uts46ToAscii(d), d).toThrow(
        expect.objectContaining({ index: 0, reason: 'domain name over 253 octets' }),
      );
    }
  });
  it('property: every label it returns is 1-63 octets, and the name at most 253', () => {
    const char = fc.constantFrom(...'ab-0üé中한ж'.split(''), '\u{1f600}');
    const lbl = fc.array(char, { minLength: 0, maxLength: 70 }).map((a) => a.join(''));
    fc.assert(
      fc.property(fc.array(lbl, { minLength: 1, maxLength: 6 }), (labels) => {
        const d = labels.join('.');
        let out: string;
        try {
          out = domainToAscii(d);
        } catch (e) {
          expect(e).toBeInstanceOf(UriSyntaxError);
          return;
        }
        const parts = out.split('.');
        if (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
        for (const p of parts) {
          expect(p.length).toBeGreaterThanOrEqual(1);
          expect(p.length).toBeLessThanOrEqual(63);
        }
        expect(parts.join('.').length).toBeLessThanOrEqual(253);
      }),
      { numRuns: 2000 },
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
  it('RFC 3987 §5.3.2.3 example: the escaped and the unescaped résumé are equivalent', () => {
    const uri = 'http://www.example.org/r%C3%A9sum%C3%A9.html';
    const iri = 'http://www.example.org/résumé.html';
    expect(iriToUri(iri)).toBe(uri);
    expect(uriToIri(uri)).toBe(iri);
    expect(equivalent(iriToUri(iri), uri)).toBe(true);
    expect(iriToUri(uriToIri(uri))).toBe(uri);
    // the Latin-1 escapes of the same word are no UTF-8: another resource, left escaped
    expect(uriToIri('http://www.example.org/r%E9sum%E9.html')).toBe(
      'http://www.example.org/r%E9sum%E9.html',
    );
    expect(equivalent('http://www.example.org/r%E9sum%E9.html', uri)).toBe(false);
  });
  it('RFC 3987 §3.1 example', () => {
    expect(iriToUri('http://www.example.org/red%09ros\u00e9#red')).toBe(
      'http://www.example.org/red%09ros%C3%A9#red',
    );
    expect(iriToUri('http://example.com/\u{10300}\u{10301}\u{10302}')).toBe(
      'http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82',
    );
    // §3.1 (and §1.3's résumé host): the host too becomes UTF-8 escapes, or with IDNA Punycode
    expect(iriToUri('http://r\u00e9sum\u00e9.example.org')).toBe(
      'http://r%C3%A9sum%C3%A9.example.org',
    );
    expect(iriToUri('http://r\u00e9sum\u00e9.example.org', { idna: true })).toBe(
      'http://xn--rsum-bpad.example.org',
    );
    expect(iriToUri('http://www.example.org/D\u00fcrst')).toBe('http://www.example.org/D%C3%BCrst');
    // an escape already in the IRI is kept as it is (§3.1 step 2 converts only non-ASCII characters)
    expect(iriToUri('http://www.example.org/r%E9sum%E9.html')).toBe(
      'http://www.example.org/r%E9sum%E9.html',
    );
    expect(uriToIri('http://www.example.org/r%E9sum%E9.html')).toBe(
      'http://www.example.org/r%E9sum%E9.html',
    );
    expect(iriToUri('x://ü@h?\ue000#ü')).toBe('x://%C3%BC@h?%EE%80%80#%C3%BC');
    expect(iriToUri('x://[::1]/')).toBe('x://[::1]/');
    expect(iriToUri('x://[::1]/', { idna: true })).toBe('x://[::1]/');
    expect(() => iriToUri('x://a b')).toThrow(UriSyntaxError);
  });
  it('with idna, a host too long for DNS is refused as other unconvertible hosts are (Perl iri.t:62 escapes it)', () => {
    const long = 'ü'.repeat(128);
    expect(() => iriToUri(`http://${long}/`, { idna: true })).toThrow(
      expect.objectContaining({ index: 0, reason: 'DNS label not 1-63 octets long' }),
    );
    expect(() => iriToUri(`http://x.${'a'.repeat(64)}ü/`, { idna: true })).toThrow(
      expect.objectContaining({ index: 2, reason: 'DNS label not 1-63 octets long' }),
    );
    // without idna, the host is escaped UTF-8, as Perl's URI writes it (RFC 3987 §3.1 step 2)
    expect(iriToUri(`http://${long}`)).toBe(`http://${'%C3%BC'.repeat(128)}`);
    // an empty host is no domain name and stays empty
    expect(iriToUri('file:///ü', { idna: true })).toBe('file:///%C3%BC');
  });
  it('RFC 3987 §3.2 examples: decodes only what an IRI may show', () => {
    expect(uriToIri('http://www.example.org/D%C3%BCrst')).toBe('http://www.example.org/Dürst');
    expect(uriToIri('http://www.example.org/D%FCrst')).toBe('http://www.example.org/D%FCrst');
    // U+202E (RIGHT-TO-LEFT OVERRIDE) stays encoded; steps 2-4 decode and re-encode its octets, so the
    // escapes come out in upper case
    expect(uriToIri('http://xn--99zt52a.example.org/%e2%80%ae')).toBe(
      'http://xn--99zt52a.example.org/%E2%80%AE',
    );
    expect(uriToIri('http://xn--99zt52a.example.org/%e2%80%ae', { idna: true })).toBe(
      'http://\u7d0d\u8c46.example.org/%E2%80%AE',
    );
    expect(uriToIri('http://www.example.org/D%fcrst')).toBe('http://www.example.org/D%FCrst');
    // ASCII escapes are left as written (step 2 keeps reserved ones; this package keeps all of them)
    expect(uriToIri('http://a/%2f%7e%c3%bc')).toBe('http://a/%2f%7eü');
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

describe('iriToUri with idna: a host written with escapes', () => {
  it.each([
    ['http://a%2Db.com/', 'http://a-b.com/'],
    ['http://b%C3%BCcher.ch/', 'http://xn--bcher-kva.ch/'],
    ['http://b%c3%bccher.ch/', 'http://xn--bcher-kva.ch/'],
    ['http://%62%C3%BCcher.ch:80/p%C3%BC', 'http://xn--bcher-kva.ch:80/p%C3%BC'],
  ])('%s is %s, the host new URL reads', (iri, uri) => {
    expect(iriToUri(iri, { idna: true })).toBe(uri);
    expect(new URL(uri).host).toBe(new URL(iri).host);
  });

  it('an escape of anything but an unreserved character or UTF-8 text is refused', () => {
    for (const iri of [
      'http://a%2Fb.com/',
      'http://a%40b/',
      'http://a%25b/',
      'http://%E2%80%AEx.com/',
      'http://a%C3b/',
    ])
      expect(() => iriToUri(iri, { idna: true }), iri).toThrow(UriSyntaxError);
  });

  it('property: escaping characters of a host changes nothing', () => {
    const label = fc
      .array(fc.constantFrom(...'abz09-ü', 'é', 'ß', '中'), { minLength: 1, maxLength: 8 })
      .map((a) => a.join(''))
      .filter((l) => !l.startsWith('-') && !l.endsWith('-') && l.slice(2, 4) !== '--');
    fc.assert(
      fc.property(
        fc.array(label, { minLength: 1, maxLength: 3 }),
        fc.array(fc.boolean(), { maxLength: 30 }),
        (labels, which) => {
          const host = labels.join('.');
          let escaped = '';
          let k = 0;
          for (const ch of host)
            escaped +=
              ch !== '.' && which[k++ % Math.max(which.length, 1)] === true
                ? encodeURIComponent(ch).replace(
                    /^[^%]$/,
                    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
                  )
                : ch;
          expect(iriToUri(`http://${escaped}/`, { idna: true })).toBe(
            iriToUri(`http://${host}/`, { idna: true }),
          );
        },
      ),
      { numRuns: 300 },
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
