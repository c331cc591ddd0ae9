import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOADERS } from '../src/generated/loaders';
import {
  type CharsetCodec,
  CharsetError,
  decode,
  codecNames,
  decodeEncodedWords,
  decodeMimePart,
  decodeParameters,
  encode,
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
          // Written as the encoders write under the label (GB2312, Shift_JIS…: the charset's own
          // repertoire, not the superset codec's).
          const back =
            ch.length === 1 && ch !== '\ufffd'
              ? encode(ch, label, { mode: 'iana', unencodable: 'replacement' })
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
    // §2: at most 75 characters, delimiters included: a rule for encoders. Thunderbird writes
    // words of 76 and 77 (test/thunderbird-long-words.test.ts), so either mode reads longer ones.
    const word75 = `=?UTF-8?Q?${'a'.repeat(75 - 12)}?=`;
    expect(word75).toHaveLength(75);
    expect(decodeEncodedWords(word75).text).toBe('a'.repeat(63));
    const word76 = `=?UTF-8?Q?${'a'.repeat(76 - 12)}?=`;
    expect(decodeEncodedWords(word76).text).toBe('a'.repeat(64));
    expect(decodeEncodedWords(word76, { strict: false }).text).toBe('a'.repeat(64));
    // §2: encoded-text holds no SPACE and no '?': a space ends the attempt.
    expect(decodeEncodedWords('=?UTF-8?Q?a b?=').text).toBe('=?UTF-8?Q?a b?=');
    // §5 (3): not inside a quoted-string (strict); §5 (2): '(' and ')' may touch a word.
    expect(decodeEncodedWords('"=?UTF-8?Q?a?="').text).toBe('"=?UTF-8?Q?a?="');
    expect(decodeEncodedWords('"=?UTF-8?Q?a?="', { strict: false }).text).toBe('"a"');
    expect(decodeEncodedWords('x (=?UTF-8?Q?a?=) y').text).toBe('x (a) y');
    // A comment may start right after a word, or end right before one, as the README says
    // (between whitespace, `(`, `)` or the ends): §5 (2)'s comment holds words and nested
    // comments side by side, and RFC 5322 §3.2.2's CFWS touches a phrase's words.
    for (const [header, text] of [
      ['x =?UTF-8?Q?a?=(c)', 'x a(c)'],
      ['x (c)=?UTF-8?Q?a?= y', 'x (c)a y'],
      ['(=?UTF-8?Q?a?=(c))', '(a(c))'],
      ['((c)=?UTF-8?Q?a?=)', '((c)a)'],
      ['Joe =?UTF-8?Q?D=C3=B6e?=(home) <joe@example.org>', 'Joe Döe(home) <joe@example.org>'],
    ] as const)
      expect(decodeEncodedWords(header), header).toEqual({ text, issues: [], languages: [] });
    // Any other character touching a word still makes it malformed (strict).
    for (const header of ['x =?UTF-8?Q?a?=<', 'x "=?UTF-8?Q?a?=', 'x =?UTF-8?Q?a?=.'])
      expect(decodeEncodedWords(header).issues[0]?.reason, header).toBe('malformed');
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
    expect(decodeEncodedWords(`=?UTF-8?Q?${'a'.repeat(70)}?=`).text).toBe('a'.repeat(70));
    expect(decodeEncodedWords(`=?UTF-8?Q?${'a'.repeat(70)}?=`, { strict: false }).text).toBe(
      'a'.repeat(70),
    );
    expect(decodeEncodedWords('=?UTF-8?X?a?=').text).toBe('=?UTF-8?X?a?=');
    expect(decodeEncodedWords('=??Q?a?=').text).toBe('=??Q?a?=');
    expect(decodeEncodedWords('=?UTF-8*?Q?a?=').text).toBe('=?UTF-8*?Q?a?=');
    expect(decodeEncodedWords('=?UTF-8?Q?a').text).toBe('=?UTF-8?Q?a');
    expect(decodeEncodedWords('=?UTF-8?q?a b?=').text).toBe('=?UTF-8?q?a b?=');
  });

  it('leaves no word as written without an issue: strict mode reports what it refuses', () => {
    const refused = [
      'a=?UTF-8?Q?b?=', // glued to text before (§5)
      '=?UTF-8?Q?b?=c', // and after
      '"=?UTF-8?Q?a?="', // inside a quoted-string (§5 (3))
      '=?UTF-8?Q?a b?=', // a space in the encoded-text (§2)
      '=?ANSI_X3.4-1968?Q?hello?=', // `.` is an especial: not a token (§2)
      '=?ISO_8859-1:1987?Q?caf=E9?=', // and `:`
    ];
    for (const header of refused) {
      const index = header.indexOf('=?');
      const charset = header.slice(index + 2, header.indexOf('?', index + 2));
      expect(decodeEncodedWords(header), header).toEqual({
        text: header,
        issues: [{ index, charset, reason: 'malformed' }],
        languages: [],
      });
      // Lenient mode decodes each of them; a literal space in Q text is kept, and reported.
      expect(decodeEncodedWords(header, { strict: false }).issues, header).toEqual(
        header.includes(' ') ? [{ index, charset, reason: 'whitespace' }] : [],
      );
    }
    // An encoding RFC 2047 does not define (§4: B and Q), in either mode.
    for (const strict of [true, false]) {
      expect(decodeEncodedWords('=?UTF-8?X?a?= =?UTF-8?Q?b?=', { strict })).toEqual({
        text: '=?UTF-8?X?a?= b',
        issues: [{ index: 0, charset: 'UTF-8', reason: 'malformed' }],
        languages: [],
      });
    }
    // What has not the form of a word is text, not an issue (an empty charset, language or
    // encoding is a malformed word: test/question-mark.test.ts).
    for (const text of ['=?UTF-8?Q?a', 'a =? b ?= c', '=?UTF-8*en=?Q?a?='])
      expect(decodeEncodedWords(text).issues, text).toEqual([]);
  });

  it('lenient mode reads a charset with `.` or `:`, as IANA names have them', () => {
    const lenient = { strict: false };
    expect(decodeEncodedWords('=?ANSI_X3.4-1968?Q?hello?=', lenient)).toEqual({
      text: 'hello',
      issues: [],
      languages: [],
    });
    expect(decodeEncodedWords('=?ISO_8859-1:1987?Q?caf=E9?=', lenient).text).toBe('café');
    expect(decodeEncodedWords('=?ISO_8859-1:1987?Q?=80?=', { ...lenient, mode: 'iana' }).text).toBe(
      '\u0080',
    );
    expect(decodeEncodedWords('=?JIS_C6220-1969-ro?Q?=5C?= =?US-ASCII?Q?a?=', lenient).text).toBe(
      '¥a',
    );
    // Adjacent to another word, with a language: an ordinary word.
    expect(decodeEncodedWords('=?ANSI_X3.4-1968*en?Q?a?= =?UTF-8?Q?=C3=A9?=', lenient)).toEqual({
      text: 'aé',
      issues: [],
      languages: ['en'],
    });
    // A label no registry knows is reported, as any unknown charset.
    expect(decodeEncodedWords('=?x.y:z?Q?a?=', lenient)).toEqual({
      text: '=?x.y:z?Q?a?=',
      issues: [{ index: 0, charset: 'x.y:z', reason: 'unknown-charset' }],
      languages: [],
    });
  });

  it('UNICODE-1-1-UTF-7 (RFC 1642) and CP50220 decode with the family codecs', () => {
    for (const strict of [true, false])
      for (const mode of ['mail', 'iana', 'loose'] as const) {
        expect(decodeEncodedWords('=?unicode-1-1-utf-7?Q?+AOk-?=', { strict, mode })).toEqual({
          text: 'é',
          issues: [],
          languages: [],
        });
        expect(decodeEncodedWords('=?csUnicode11UTF7?B?K0FPay0=?=', { strict, mode }).text).toBe(
          'é',
        );
        // CP50220: ISO-2022-JP with Microsoft's table (～ is U+FF5E, ① NEC row 13).
        expect(decodeEncodedWords('=?CP50220?B?GyRCISEhQS0hGyhC?=', { strict, mode }).text).toBe(
          '\u3000～①',
        );
      }
    // The web knows neither label.
    expect(decodeEncodedWords('=?unicode-1-1-utf-7?Q?+AOk-?=', { mode: 'whatwg' }).issues).toEqual([
      { index: 0, charset: 'unicode-1-1-utf-7', reason: 'unknown-charset' },
    ]);
    expect(decodeParameters("a; f*=unicode-1-1-utf-7''+AOk-").parameters.get('f')).toEqual({
      value: 'é',
      charset: 'unicode-1-1-utf-7',
    });
    expect(decodeParameters("a; f*=CP50220''%1B%24B%24%22%1B%28B").parameters.get('f')?.value).toBe(
      'あ',
    );
    expect(
      decodeMimePart({ contentType: 'text/plain; charset=UNICODE-1-1-UTF-7', body: 'caf+AOk-' }),
    ).toMatchObject({
      text: 'café',
      charset: 'UNICODE-1-1-UTF-7',
      reason: 'content-type',
      issues: [],
    });
    // A word ends in its initial state, as every UTF-7 word does (RFC 2047 §5).
    expect(encodeEncodedWords('é', { charset: 'UNICODE-1-1-UTF-7' })).toBe(
      '=?UNICODE-1-1-UTF-7?Q?+AOk-?=',
    );
  });

  it('a charset the registry knows and the family does not implement: not-implemented', () => {
    for (const strict of [true, false])
      for (const mode of ['mail', 'iana', 'loose'] as const)
        expect(decodeEncodedWords('=?UNKNOWN-8BIT?Q?caf=E9?=', { strict, mode })).toEqual({
          text: '=?UNKNOWN-8BIT?Q?caf=E9?=',
          issues: [{ index: 0, charset: 'UNKNOWN-8BIT', reason: 'not-implemented' }],
          languages: [],
        });
    // The reason CharsetError gives for the same label.
    expect(() => decode(new Uint8Array([0x61]), 'UNKNOWN-8BIT', { mode: 'iana' })).toThrow(
      expect.objectContaining({ reason: 'not-implemented' }),
    );
    const r = decodeParameters("a; f*=unknown-8bit''caf%E9");
    expect(r.parameters.get('f')).toEqual({ value: 'caf%E9', charset: 'unknown-8bit' });
    expect(r.issues).toEqual([{ name: 'f', reason: 'not-implemented' }]);
    expect(
      decodeMimePart({
        contentType: 'text/plain; charset=UNKNOWN-8BIT',
        body: 'caf=E9',
        transferEncoding: 'quoted-printable',
      }),
    ).toMatchObject({
      text: 'café',
      charset: 'windows-1252',
      reason: 'fallback',
      issues: ['not-implemented'],
    });
    expect(decodeMimePart({ contentType: 'text/plain; charset=x-nope', body: 'a' }).issues).toEqual(
      ['unknown-charset'],
    );
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

  it('a blank charset (RFC 2231 §4 names no default): UTF-8 when it is, else us-ascii, in mail mode', () => {
    const value = (header: string, mode?: 'mail' | 'iana' | 'whatwg' | 'loose'): unknown =>
      decodeParameters(header, mode === undefined ? undefined : { mode }).parameters.get('f');
    // Mail mode (the default): well-formed UTF-8 is UTF-8, as Python's email policy.default reads it.
    expect(value("a; f*=''%C3%A9")).toEqual({ value: 'é' });
    expect(value("a; f*='en'%E2%82%AC%20rates")).toEqual({ value: '€ rates', language: 'en' });
    // Else us-ascii as mail mode reads it: windows-1252, as `us-ascii''` is.
    expect(value("a; f*=''%E9")).toEqual({ value: 'é' });
    expect(value("a; f*=us-ascii''%E9")).toEqual({ value: 'é', charset: 'us-ascii' });
    expect(value("a; f*=''%C3%A9%E9")).toEqual({ value: 'Ã©é' });
    // Sections: UTF-8 only if every run is; a character split across sections is joined.
    expect(value("a; f*0*=''%C3; f*1*=%A9; f*2=x")).toEqual({ value: 'éx' });
    expect(value("a; f*0*=''%C3%A9; f*1=x; f*2*=%E9")).toEqual({ value: 'Ã©xé' });
    // Lenient, without charset'language' at all: a blank charset too.
    expect(decodeParameters('a; f*=%C3%A9', { strict: false }).parameters.get('f')).toEqual({
      value: 'é',
    });
    // Other modes: us-ascii in that mode (iana reads it exactly: U+FFFD for each 8-bit byte).
    expect(value("a; f*=''%C3%A9", 'iana')).toEqual({ value: '\ufffd\ufffd' });
    expect(value("a; f*=''%E9", 'iana')).toEqual({ value: '\ufffd' });
    expect(value("a; f*=''%E9", 'whatwg')).toEqual({ value: 'é' });
    expect(value("a; f*=''%41", 'loose')).toEqual({ value: 'A' });
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
      ['a; b*0*="x"', 8], // an extended value in quotes, at the quote (RFC 2231 §7)
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
    // A word left as written in a plain value is reported, with the reason decodeEncodedWords gives.
    for (const [word, reason] of [
      ['=?x-nope?B?w6k=?=', 'unknown-charset'],
      ['=?UNKNOWN-8BIT?Q?a?=', 'not-implemented'],
      ['=?UTF-8?X?a?=', 'malformed'],
    ]) {
      const header = `attachment; filename="=?UTF-8?Q?a?= ${word}"`;
      expect(decodeParameters(header, { strict: false }), word).toMatchObject({
        parameters: new Map([['filename', { value: `=?UTF-8?Q?a?= ${word}` }]]),
        issues: [{ name: 'filename', reason }],
      });
    }
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
