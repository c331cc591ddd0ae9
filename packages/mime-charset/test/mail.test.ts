import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOADERS } from '../src/generated/loaders';
import {
  type CharsetCodec,
  CharsetError,
  codecNames,
  decodeEncodedWords,
  decodeParameters,
  encodeEncodedWords,
  encodeParameter,
  HeaderSyntaxError,
  loadCodec,
  lookup,
} from '../src/index';

// Every codec of the family, with a label that reaches it in iana mode and the characters it holds.
interface Reachable {
  label: string;
  codec: CharsetCodec;
  repertoire: string[] | null; // null: all of Unicode
}
const reachable: Reachable[] = [];
const UNICODE = new Set([
  'utf-8',
  'utf-16le',
  'utf-16be',
  'utf-32le',
  'utf-32be',
  'utf-7',
  'utf-7-imap',
  'ucs-4',
]);
// Unicode, but the Basic Multilingual Plane only.
const BMP = new Set(['ucs-2']);

beforeAll(async () => {
  for (const name of codecNames()) {
    const info = lookup(name);
    const candidates = [name, info?.preferredMimeName, info?.name].filter(
      (l): l is string => l !== undefined,
    );
    for (const label of candidates) {
      const codec = await loadCodec(label, { mode: 'iana' }).catch(() => undefined);
      if (codec?.name !== name) continue;
      let repertoire: string[] | null = null;
      if (!UNICODE.has(name) && !BMP.has(name)) {
        repertoire = [];
        for (let b = 0x20; b < 0x100; b++) {
          const ch = codec.decode(new Uint8Array([b]));
          const back =
            ch.length === 1 && ch !== '\ufffd'
              ? codec.encode(ch, { mode: 'replacement' })
              : undefined;
          // One byte back, or (ISO-2022-KR announces itself first) bytes that decode to it.
          const same = back?.length === 1 ? back[0] === b : back && codec.decode(back) === ch;
          // Combining marks aside: MARC-8, ANSEL and UNIMARC write them before their base letter.
          if (same && ch.charCodeAt(0) >= 0x20 && !/\p{M}/u.test(ch)) repertoire.push(ch);
        }
      }
      reachable.push({ label, codec, repertoire });
      break;
    }
  }
});

// Apple's Arabic, Farsi and Hebrew tables give the neutral characters (space, digits, punctuation)
// a direction: decoding wraps a left-to-right run next to a right-to-left letter in U+202D ...
// U+202C, which encoding drops again (the mapping files' header notes). Text comes back the same
// but for those overrides.
const BIDI = new Set(['x-mac-arabic', 'x-mac-farsi', 'x-mac-hebrew']);
const withoutOverrides = (r: Reachable, s: string): string =>
  BIDI.has(r.codec.name) ? s.replace(/[\u202a-\u202e]/g, '') : s;

const text = (r: Reachable): fc.Arbitrary<string> =>
  r.repertoire === null
    ? fc
        .array(
          fc.oneof(
            fc.integer({ min: 0x20, max: 0x7e }),
            fc.integer({ min: 0xa0, max: 0xd7ff }),
            fc.integer({ min: 0xe000, max: BMP.has(r.codec.name) ? 0xffff : 0x10ffff }),
          ),
          { maxLength: 60 },
        )
        .map((cps) => String.fromCodePoint(...cps))
    : fc.array(fc.constantFrom(...r.repertoire), { maxLength: 60 }).map((cs) => cs.join(''));

describe('RFC 2047 encoded-words', () => {
  it('reaches most of the family by label', () => {
    expect(reachable.length).toBeGreaterThan(60);
    expect(reachable.map((r) => r.codec.name)).toEqual(
      expect.arrayContaining(['iso-8859-1', 'utf-7', 'cp437', 'koi8-r']),
    );
  });

  it('decode(encode(text)) is text in every charset of the family, B and Q (property)', () => {
    // A charset in an encoded-word is an RFC 2047 token: names with '.' (CSA_Z243.4-1985-1) cannot be used.
    for (const r of reachable.filter((x) => !/[()<>@,;:\\"/[\]?.=]/.test(x.label))) {
      fc.assert(
        fc.property(
          text(r),
          fc.constantFrom<'B' | 'Q' | undefined>('B', 'Q', undefined),
          (t, encoding) => {
            const encoded = encodeEncodedWords(
              t,
              encoding === undefined ? { charset: r.label } : { charset: r.label, encoding },
            );
            for (const line of encoded.split('\r\n ')) expect(line.length).toBeLessThanOrEqual(75);
            expect(encoded.replace(/\r\n /g, '')).not.toMatch(/[\r\n]/);
            // The IANA reading is the exact inverse; the mail reading (default) widens a few labels.
            const decoded = decodeEncodedWords(encoded, { mode: 'iana' });
            expect(decoded.issues).toEqual([]);
            expect(withoutOverrides(r, decoded.text)).toBe(t);
          },
        ),
        { numRuns: 15 },
      );
    }
  });

  it('encodes with a language and decodes it back', () => {
    const encoded = encodeEncodedWords('Keith Moore', {
      charset: 'US-ASCII',
      language: 'EN',
      encoding: 'Q',
    });
    expect(encoded).toBe('=?US-ASCII*EN?Q?Keith_Moore?=');
    expect(decodeEncodedWords(encoded)).toEqual({
      text: 'Keith Moore',
      issues: [],
      languages: ['EN'],
    });
    expect(encodeEncodedWords('')).toBe('');
    expect(encodeEncodedWords('a b', { separator: ' ', encoding: 'Q' })).toBe('=?UTF-8?Q?a_b?=');
  });

  it('folds long text at 75 characters without splitting a character', () => {
    const long = '€'.repeat(40);
    const encoded = encodeEncodedWords(long, { encoding: 'B' });
    const words = encoded.split('\r\n ');
    expect(words.length).toBeGreaterThan(1);
    for (const w of words) {
      expect(w.length).toBeLessThanOrEqual(75);
      expect(decodeEncodedWords(w).text).toMatch(/^€+$/);
    }
    expect(encodeEncodedWords('André', { encoding: 'Q' })).toBe('=?UTF-8?Q?Andr=C3=A9?=');
    expect(encodeEncodedWords('aaaa')).toBe('=?UTF-8?Q?aaaa?=');
    expect(encodeEncodedWords('ééé')).toMatch(/^=\?UTF-8\?B\?/);
  });

  it('refuses unknown charsets and charsets too long for a word', () => {
    expect(() => encodeEncodedWords('a', { charset: 'x-nope' })).toThrow(CharsetError);
    expect(() => encodeEncodedWords('a', { charset: 'UTF-8', language: 'x'.repeat(60) })).toThrow(
      HeaderSyntaxError,
    );
    expect(() => encodeEncodedWords('中', { charset: 'ISO-8859-1' })).toThrow();
  });

  it('reports unknown charsets and codecs not loaded, leaving the words as written', () => {
    const input = '=?x-unknown?Q?a?= =?UTF-8?Q?b?=';
    expect(decodeEncodedWords(input)).toEqual({
      text: '=?x-unknown?Q?a?= b',
      issues: [{ index: 0, charset: 'x-unknown', reason: 'unknown-charset' }],
      languages: [],
    });
    // Every codec is built in: ISO-2022-KR (on the web a label of `replacement`) decodes in mail.
    expect(decodeEncodedWords('=?ISO-2022-KR?Q?a?=')).toEqual({
      text: 'a',
      issues: [],
      languages: [],
    });
  });

  it('follows the encoded-word rules of RFC 2047 §2, §4.2, §5 and §6.2', () => {
    // §2: charset and encoding are case-independent.
    expect(decodeEncodedWords('=?utf-8?q?a?=').text).toBe('a');
    expect(decodeEncodedWords('=?UTF-8?b?w6k=?=').text).toBe('é');
    // §4.2 (2): '_' is always 0x20; '=5F' is the underscore itself; hex digits in either case.
    expect(decodeEncodedWords('=?UTF-8?Q?a_b=5Fc=c3=A9?=').text).toBe('a b_cé');
    // §2: at most 75 characters, delimiters included.
    const word75 = `=?UTF-8?Q?${'a'.repeat(75 - 12)}?=`;
    expect(word75).toHaveLength(75);
    expect(decodeEncodedWords(word75).text).toBe('a'.repeat(63));
    const word76 = `=?UTF-8?Q?${'a'.repeat(76 - 12)}?=`;
    expect(decodeEncodedWords(word76).text).toBe(word76);
    expect(decodeEncodedWords(word76, { strict: false }).text).toBe('a'.repeat(64));
    // §2: encoded-text holds no SPACE and no '?': a space ends the attempt.
    expect(decodeEncodedWords('=?UTF-8?Q?a b?=').text).toBe('=?UTF-8?Q?a b?=');
    // §5 (3): not inside a quoted-string (strict); §5 (2): '(' and ')' may touch a word.
    expect(decodeEncodedWords('"=?UTF-8?Q?a?="').text).toBe('"=?UTF-8?Q?a?="');
    expect(decodeEncodedWords('"=?UTF-8?Q?a?="', { strict: false }).text).toBe('"a"');
    expect(decodeEncodedWords('x (=?UTF-8?Q?a?=) y').text).toBe('x (a) y');
    // §6.2: whitespace, folds included, between adjacent words is dropped, and only there.
    expect(decodeEncodedWords('=?UTF-8?Q?a?=\r\n \t=?UTF-8?Q?b?= c =?UTF-8?Q?d?=').text).toBe(
      'ab c d',
    );
    // A word that is not decoded breaks adjacency: the space around it stays.
    expect(decodeEncodedWords('=?UTF-8?Q?a?= =?x-nope?Q?b?= =?UTF-8?Q?c?=').text).toBe(
      'a =?x-nope?Q?b?= c',
    );
    // Adjacent words in different charsets are decoded each in its own.
    expect(decodeEncodedWords('=?ISO-8859-1?Q?=E9?= =?UTF-8?Q?=C3=A9?=').text).toBe('éé');
  });

  it('strict and lenient modes', () => {
    expect(decodeEncodedWords('a=?UTF-8?Q?b?=').text).toBe('a=?UTF-8?Q?b?=');
    expect(decodeEncodedWords('a=?UTF-8?Q?b?=', { strict: false }).text).toBe('ab');
    expect(decodeEncodedWords('=?UTF-8?Q?b?=c').text).toBe('=?UTF-8?Q?b?=c');
    expect(decodeEncodedWords('=?UTF-8?B?w6k?=').issues[0]?.reason).toBe('malformed');
    expect(decodeEncodedWords('=?UTF-8?B?w6k?=', { strict: false }).text).toBe('é');
    expect(decodeEncodedWords('=?UTF-8?B?w6k=?=').text).toBe('é');
    expect(decodeEncodedWords('=?UTF-8?B?w6l=?=').issues[0]?.reason).toBe('malformed'); // non-zero pad bits
    expect(decodeEncodedWords('=?UTF-8?B?w6!k?=', { strict: false }).text).toBe('é');
    expect(decodeEncodedWords('=?UTF-8?Q?a=ZZ?=').issues[0]?.reason).toBe('malformed');
    expect(decodeEncodedWords('=?UTF-8?Q?a=ZZ?=', { strict: false }).text).toBe('a=ZZ');
    expect(decodeEncodedWords('=?UTF-8?Q?a=e9?=', { strict: false }).text).toBe('a\ufffd');
    expect(decodeEncodedWords('=?UTF-8?Q??=').text).toBe('=?UTF-8?Q??=');
    expect(decodeEncodedWords(`=?UTF-8?Q?${'a'.repeat(70)}?=`).text).toMatch(/^=\?/);
    expect(decodeEncodedWords(`=?UTF-8?Q?${'a'.repeat(70)}?=`, { strict: false }).text).toBe(
      'a'.repeat(70),
    );
    expect(decodeEncodedWords('=?UTF-8?X?a?=').text).toBe('=?UTF-8?X?a?=');
    expect(decodeEncodedWords('=??Q?a?=').text).toBe('=??Q?a?=');
    expect(decodeEncodedWords('=?UTF-8*?Q?a?=').text).toBe('=?UTF-8*?Q?a?=');
    expect(decodeEncodedWords('=?UTF-8?Q?a').text).toBe('=?UTF-8?Q?a');
    expect(decodeEncodedWords('=?UTF-8?q?a b?=').text).toBe('=?UTF-8?q?a b?=');
  });

  it('joins a character split across adjacent words, keeps text between words', () => {
    expect(decodeEncodedWords('=?UTF-8?Q?=E2=82?= =?UTF-8?Q?=AC?=').text).toBe('€');
    expect(decodeEncodedWords('=?UTF-8?Q?a?= x =?UTF-8?Q?b?=').text).toBe('a x b');
    expect(decodeEncodedWords('x =?UTF-8?Q?a?=\r\n\t=?ISO-8859-1?Q?=E9?= y').text).toBe('x aé y');
    expect(decodeEncodedWords('=?UTF-8?Q?a?= =?x-nope?Q?b?= =?UTF-8?Q?c?=').text).toBe(
      'a =?x-nope?Q?b?= c',
    );
  });
});

describe('RFC 2231 / RFC 8187 parameters', () => {
  it('the RFC examples', () => {
    expect(
      decodeParameters(
        'message/external-body; access-type=URL;\r\n URL*0="ftp://";\r\n URL*1="cs.utk.edu/pub"',
      ),
    ).toEqual({
      value: 'message/external-body',
      parameters: new Map([
        ['access-type', { value: 'URL' }],
        ['url', { value: 'ftp://cs.utk.edu/pub' }],
      ]),
      issues: [],
    });
    expect(
      decodeParameters("foo; title*=UTF-8'de'n%c3%a4chstes%20Kapitel").parameters.get('title'),
    ).toEqual({
      value: 'nächstes Kapitel',
      charset: 'UTF-8',
      language: 'de',
    });
  });

  it('a UTF-16 value reads its byte order mark (RFC 2781 §4.3), big-endian without one', () => {
    const value = (v: string): string | undefined =>
      decodeParameters(`attachment; filename*=${v}`).parameters.get('filename')?.value;
    expect(value("utf-16''%FF%FEA%00%E9%00")).toBe('Aé');
    expect(value("utf-16''%FE%FF%00A%00%E9")).toBe('Aé');
    expect(value("utf-16''%00A%00%E9")).toBe('Aé');
  });

  it('keeps values undecoded and reports unknown charsets', () => {
    const r = decodeParameters("a; t*=x-nope''%41%42");
    expect(r.parameters.get('t')).toEqual({ value: '%41%42', charset: 'x-nope' });
    expect(r.issues).toEqual([{ name: 't', reason: 'unknown-charset' }]);
    expect(decodeParameters("a; t*=''%41%42").parameters.get('t')).toEqual({ value: 'AB' });
  });

  it('strict syntax errors carry the index; lenient recovers', () => {
    const cases: [string, number][] = [
      ['a; b', 4],
      ['a; =c', 3],
      ['a; b="c', 5],
      ['a; b=', 5],
      ['a; b=c d', 7],
      ['a; b=1; B=2', 8],
      ['a; b*=x', 6],
      ["a; b*=utf-8''%zz", 13],
      ['a; b*x=1', 3],
      ['a; b*0*="x"', 3],
    ];
    for (const [header, index] of cases) {
      let error: HeaderSyntaxError | undefined;
      try {
        decodeParameters(header);
      } catch (e) {
        error = e as HeaderSyntaxError;
      }
      expect(error, header).toBeInstanceOf(HeaderSyntaxError);
      expect(error?.index, header).toBe(index);
      expect(() => decodeParameters(header, { strict: false }), header).not.toThrow();
    }
    const lenient = decodeParameters('a; b=c d; e="f; g=1; b=2; h*=x', {
      strict: false,
    }).parameters;
    expect(lenient.get('b')?.value).toBe('c d');
    expect(lenient.get('e')?.value).toBe('f; g=1; b=2; h*=x');
    expect(
      decodeParameters("a; b*=utf-8''%zz%41", { strict: false }).parameters.get('b')?.value,
    ).toBe('%zzA');
    expect(decodeParameters('a; b*=%41', { strict: false }).parameters.get('b')?.value).toBe('A');
    const outlook = 'attachment; filename="=?UTF-8?B?w6l0w6kucGRm?="';
    expect(decodeParameters(outlook, { strict: false }).parameters.get('filename')?.value).toBe(
      'été.pdf',
    );
    expect(decodeParameters(outlook).parameters.get('filename')?.value).toBe(
      '=?UTF-8?B?w6l0w6kucGRm?=',
    );
    const notDecodable = 'attachment; filename="=?x-nope?B?w6k=?="';
    expect(
      decodeParameters(notDecodable, { strict: false }).parameters.get('filename')?.value,
    ).toBe('=?x-nope?B?w6k=?=');
    const quoted = `a; b*="utf-8''%C3%A9"; c*0*="utf-8''%C3"; c*1*="%A9"`;
    expect(decodeParameters(quoted, { strict: false }).parameters.get('b')?.value).toBe('é');
    expect(decodeParameters(quoted, { strict: false }).parameters.get('c')?.value).toBe('é');
    expect(decodeParameters('a; b*0=x; b*2=z', { strict: false })).toMatchObject({
      issues: [{ name: 'b', reason: 'missing-section' }],
    });
  });

  it("follows RFC 2231 §3-4 and §7: order, charset'language', escapes, comments", () => {
    // §3: sections are put back in numeric order, whatever order they come in (10 after 9).
    const sections = Array.from({ length: 12 }, (_, n) => `t*${n}=${String.fromCharCode(97 + n)}`);
    expect(
      decodeParameters(`a; ${[...sections].reverse().join('; ')}`).parameters.get('t')?.value,
    ).toBe('abcdefghijkl');
    // §4: either field of charset'language' may be empty, the quotes may not.
    expect(decodeParameters("a; t*=utf-8'en'%41").parameters.get('t')).toEqual({
      value: 'A',
      charset: 'utf-8',
      language: 'en',
    });
    expect(decodeParameters("a; t*='en'%41").parameters.get('t')).toEqual({
      value: 'A',
      language: 'en',
    });
    // §4.1: charset'language' only in the first section; a later quote is data, to be escaped.
    expect(() => decodeParameters("a; t*0*=utf-8''a; t*1*=utf-8''b")).toThrow(HeaderSyntaxError);
    expect(
      decodeParameters("a; t*0*=utf-8''a; t*1*=utf-8''b", { strict: false }).parameters.get('t')
        ?.value,
    ).toBe("autf-8''b");
    // §7: attribute-char excludes '*' and "'" in extended values (RFC 8187 attr-char too).
    let error: HeaderSyntaxError | undefined;
    try {
      decodeParameters("a; t*=utf-8''x*y");
    } catch (e) {
      error = e as HeaderSyntaxError;
    }
    expect(error?.index).toBe(14); // the `*`
    // RFC 8187 §3.2.1 / RFC 6266 §4.3: name* wins over name, in either order.
    expect(decodeParameters('a; f*=utf-8\'\'%E2%82%AC; f="EUR"').parameters.get('f')?.value).toBe(
      '€',
    );
    // RFC 2045 §5.1: RFC 822 comments may follow a value (nested, with quoted-pairs).
    const commented = decodeParameters(
      'text/plain; charset=us-ascii (Plain text); format=flowed (see (RFC \\) 3676))',
    );
    expect(commented.parameters.get('charset')?.value).toBe('us-ascii');
    expect(commented.parameters.get('format')?.value).toBe('flowed');
    expect(() => decodeParameters('a; b=c (open')).toThrow(HeaderSyntaxError);
    // RFC 5322 §3.2.4: quoted-pairs in quoted values.
    expect(decodeParameters('a; b="x\\"y\\\\z\\w"').parameters.get('b')?.value).toBe('x"y\\zw');
  });

  it('mixes encoded and plain sections and joins split characters', () => {
    const h = 'a; t*0*=utf-8\'\'%E2%82; t*1*=%AC; t*2=" and more"';
    expect(decodeParameters(h).parameters.get('t')).toEqual({
      value: '€ and more',
      charset: 'utf-8',
    });
  });

  it('encodes tokens, quoted strings and extended values', () => {
    expect(encodeParameter('filename', 'a.txt')).toBe('filename=a.txt');
    expect(encodeParameter('filename', 'a "b".txt')).toBe('filename="a \\"b\\".txt"');
    expect(encodeParameter('filename', '')).toBe('filename=""');
    expect(encodeParameter('filename', '€ rates')).toBe("filename*=UTF-8''%E2%82%AC%20rates");
    expect(
      encodeParameter('title', 'This is ***fun***', { charset: 'us-ascii', language: 'en-us' }),
    ).toBe("title*=us-ascii'en-us'This%20is%20%2A%2A%2Afun%2A%2A%2A");
    expect(() => encodeParameter('file name', 'x')).toThrow(HeaderSyntaxError);
    expect(() => encodeParameter('file*', 'x')).toThrow(HeaderSyntaxError);
    expect(() => encodeParameter('', 'x')).toThrow(HeaderSyntaxError);
    expect(() => encodeParameter('f', 'é', { charset: 'x-nope' })).toThrow(CharsetError);
  });

  it('splits long values into continuations between characters', () => {
    const value = 'ü'.repeat(50);
    const encoded = encodeParameter('filename', value);
    const lines = encoded.split(';\r\n ');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines[0]).toMatch(/^filename\*0\*=UTF-8''/);
    expect(lines[1]).toMatch(/^filename\*1\*=%C3%BC/);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(76);
    expect(decodeParameters(`attachment; ${encoded}`).parameters.get('filename')?.value).toBe(
      value,
    );
    expect(
      encodeParameter('f', 'ü'.repeat(50), { maxLength: Number.POSITIVE_INFINITY }),
    ).not.toContain(';');
    const ascii = 'x'.repeat(100);
    expect(decodeParameters(`a; ${encodeParameter('f', ascii)}`).parameters.get('f')?.value).toBe(
      ascii,
    );
  });

  it('decode(encode(value)) is value in every charset of the family (property)', () => {
    for (const r of reachable) {
      fc.assert(
        fc.property(
          text(r),
          fc.option(fc.constantFrom('en', 'de-CH'), { nil: undefined }),
          (t, language) => {
            const options =
              language === undefined ? { charset: r.label } : { charset: r.label, language };
            const encoded = encodeParameter('title', t, options);
            expect(encoded.replace(/;\r\n /g, '')).not.toMatch(/[\r\n]/);
            const got = decodeParameters(`attachment; ${encoded}`, { mode: 'iana' }).parameters.get(
              'title',
            );
            expect(got === undefined ? undefined : withoutOverrides(r, got.value)).toBe(t);
          },
        ),
        { numRuns: 15 },
      );
    }
  });

  it('has loaders for the whole family (UTF-8 and the UCS wrappers aside)', () => {
    expect(Object.keys(LOADERS).length).toBe(codecNames().length - 3);
  });
});
