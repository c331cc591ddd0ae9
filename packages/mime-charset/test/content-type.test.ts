import fc from 'fast-check';
import { MIMEType } from 'whatwg-mimetype';
import { describe, expect, it } from 'vitest';
import {
  charsetFromContentType,
  formatContentType,
  HeaderSyntaxError,
  labelToEncoding,
  parseContentType,
  sniffDocument,
} from '../src/index';

function strictError(input: string): HeaderSyntaxError {
  try {
    parseContentType(input, { strict: true });
  } catch (error) {
    return error as HeaderSyntaxError;
  }
  throw new Error(`no error for ${input}`);
}

describe('parseContentType (WHATWG)', () => {
  it('parses the seed example', () => {
    const ct = parseContentType('text/html; charset=iso-8859-1');
    // The parameters are a read-only map of their own: compared as a Map of the same entries.
    expect({ ...ct, parameters: new Map(ct?.parameters) }).toEqual({
      type: 'text',
      subtype: 'html',
      essence: 'text/html',
      parameters: new Map([['charset', 'iso-8859-1']]),
    });
    expect(charsetFromContentType('text/html; charset=iso-8859-1')).toBe('windows-1252');
  });

  it('allows no whitespace or comment around the `/` (RFC 9110 §8.3.1), in either mode', () => {
    // Mail's grammar allows them (decodeParameters, test/mail-comments.test.ts); HTTP's does not.
    for (const [header, index] of [
      ['text / html', 4],
      ['text /html', 4],
      ['text/ html', 5],
      ['text(c)/html', 4],
    ] as const) {
      expect(parseContentType(header), header).toBeNull();
      expect(strictError(header).index, header).toBe(index);
    }
  });

  it('lowercases names, keeps value case, unescapes quoted strings', () => {
    const ct = parseContentType(' Text/HTML ;Charset="ut\\"f\\\\8" ; A=B ');
    expect(ct?.essence).toBe('text/html');
    expect([...(ct?.parameters ?? [])]).toEqual([
      ['charset', 'ut"f\\8'],
      ['a', 'B'],
    ]);
  });

  it('keeps the first of duplicate parameters and skips malformed ones', () => {
    const ct = parseContentType('text/plain;charset=a;charset=b;;x;y=;=z;q="1"junk;b@d=1;v=é');
    expect([...(ct?.parameters ?? [])]).toEqual([
      ['charset', 'a'],
      ['q', '1'],
      ['v', 'é'],
    ]);
  });

  it('fails on bad types', () => {
    for (const bad of [
      '',
      'text',
      'text/',
      '/html',
      'te xt/html',
      'text/ht ml',
      'text/html\u0100',
    ]) {
      expect(parseContentType(bad), bad).toBeNull();
    }
  });

  it('handles an unterminated quote and a trailing backslash', () => {
    expect(parseContentType('a/b;x="abc')?.parameters.get('x')).toBe('abc');
    expect(parseContentType('a/b;x="abc\\')?.parameters.get('x')).toBe('abc\\');
    expect(parseContentType('a/b;x=')?.parameters.size).toBe(0);
    expect(parseContentType('a/b;x')?.parameters.size).toBe(0);
    expect(parseContentType('a/b;x="\u0100"')?.parameters.size).toBe(0);
  });
});

describe('parseContentType (strict, RFC 9110)', () => {
  it('accepts the RFC 9110 §8.3.1 equivalent forms', () => {
    for (const form of [
      'text/html;charset=utf-8',
      'Text/HTML;Charset="utf-8"',
      'text/html; charset="utf-8"',
      'text/html;charset=UTF-8',
    ]) {
      const ct = parseContentType(form, { strict: true });
      expect(ct?.essence).toBe('text/html');
      expect(ct?.parameters.get('charset')?.toLowerCase()).toBe('utf-8');
    }
    expect(parseContentType('a/b ; ; c=d ', { strict: true })?.parameters.get('c')).toBe('d');
  });

  it('reports the offending index', () => {
    expect(strictError('text/html; charset').index).toBe(18);
    expect(strictError('text/html; charset').reason).toBe("expected '='");
    expect(strictError('text/plain; charset=us-ascii (Plain text)').index).toBe(29);
    expect(strictError('text/html;a=1;A=2').index).toBe(14);
    expect(strictError('text/html;a=1;A=2').reason).toMatch(/duplicate/);
    expect(strictError('text').index).toBe(4);
    expect(strictError('/x').index).toBe(0);
    expect(strictError('a/b;c="d').reason).toBe('unterminated quoted-string');
    expect(strictError('a/b;c="d\\').reason).toBe('bad quoted-pair');
    expect(strictError('a/b;c="\u0001"').index).toBe(7);
    expect(strictError('a/b;c=').reason).toMatch(/parameter value/);
    expect(strictError('a/b;c= d').index).toBe(6);
  });
});

describe('formatContentType', () => {
  it('quotes what is not a token', () => {
    expect(
      formatContentType({
        type: 'Text',
        subtype: 'Plain',
        parameters: { charset: 'utf-8', name: 'a "b"\\' },
      }),
    ).toBe('text/plain;charset=utf-8;name="a \\"b\\"\\\\"');
    expect(formatContentType({ type: 'a', subtype: 'b', parameters: new Map([['x', '']]) })).toBe(
      'a/b;x=""',
    );
    expect(formatContentType({ type: 'a', subtype: 'b' })).toBe('a/b');
  });

  it('refuses what would break the header', () => {
    expect(() => formatContentType({ type: 'a b', subtype: 'c' })).toThrow(HeaderSyntaxError);
    expect(() => formatContentType({ type: 'a', subtype: 'c/d' })).toThrow(HeaderSyntaxError);
    expect(() =>
      formatContentType({ type: 'a', subtype: 'b', parameters: { 'x y': '1' } }),
    ).toThrow(HeaderSyntaxError);
    expect(() =>
      formatContentType({ type: 'a', subtype: 'b', parameters: { x: 'v\r\nSet-Cookie: a=b' } }),
    ).toThrow(HeaderSyntaxError);
  });

  it('round-trips through parseContentType, both modes (property)', () => {
    const token = fc.stringMatching(/^[a-z0-9!#$%&'*+.^_`|~-]{1,8}$/);
    const value = fc.string({
      unit: fc
        .integer({ min: 0x20, max: 0xfe })
        .map((c) => String.fromCharCode(c < 0x7f ? c : c + 1)),
      maxLength: 12,
    });
    fc.assert(
      fc.property(
        token,
        token,
        fc.uniqueArray(fc.tuple(token, value), { selector: (p) => p[0], maxLength: 5 }),
        (type, subtype, params) => {
          const header = formatContentType({ type, subtype, parameters: new Map(params) });
          for (const strict of [false, true]) {
            const ct = parseContentType(header, { strict });
            expect(ct?.essence).toBe(`${type}/${subtype}`);
            expect([...(ct?.parameters ?? [])]).toEqual(params);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('the parameters of a parsed result', () => {
  /** Every reading method of `actual` against a Map of the same entries. */
  function expectSameMap(actual: ReadonlyMap<string, string>, expected: Map<string, string>) {
    expect(actual.size).toBe(expected.size);
    expect([...actual]).toEqual([...expected]);
    expect([...actual.entries()]).toEqual([...expected.entries()]);
    expect([...actual.keys()]).toEqual([...expected.keys()]);
    expect([...actual.values()]).toEqual([...expected.values()]);
    expect(new Map(actual)).toEqual(expected);
    for (const [name, value] of expected) {
      expect(actual.get(name)).toBe(value);
      expect(actual.has(name)).toBe(true);
    }
    for (const absent of ['', 'absent', 'constructor', '__proto__', 'size', '_list']) {
      if (expected.has(absent)) continue;
      expect(actual.get(absent)).toBeUndefined();
      expect(actual.has(absent)).toBe(false);
    }
    const seen: unknown[] = [];
    const self = {};
    actual.forEach(function (this: unknown, value, name, map) {
      seen.push([value, name, map === actual, this === self]);
    }, self);
    expect(seen).toEqual([...expected].map(([name, value]) => [value, name, true, true]));
    // Each call is a fresh iterator, as a Map's are.
    const it = actual[Symbol.iterator]();
    it.next();
    expect([...actual].length).toBe(expected.size);
  }

  // Names drawn from a small set, so that duplicates (first kept) and uppercase forms are common;
  // up to 20 parameters, past the count where lookups switch to a Map.
  const name = fc.constantFrom('charset', 'Charset', 'a', 'B', 'b', 'x-y', 'size', 'get', 'q');
  const value = fc.stringMatching(/^[a-z0-9.-]{1,6}$/);
  const params = fc.array(fc.tuple(name, value), { maxLength: 20 });
  const bigNames = fc.array(fc.tuple(fc.stringMatching(/^[a-z]{1,3}$/), value), {
    maxLength: 40,
  });

  it('behaves as a Map of the same entries, WHATWG parser (property)', () => {
    fc.assert(
      fc.property(fc.oneof(params, bigNames), (list) => {
        const header = `text/plain${list.map(([n, v]) => `;${n}=${v}`).join('')}`;
        const expected = new Map<string, string>();
        for (const [n, v] of list)
          if (!expected.has(n.toLowerCase())) expected.set(n.toLowerCase(), v);
        const ct = parseContentType(header);
        expect(ct).not.toBeNull();
        expectSameMap(ct!.parameters, expected);
        // The oracle agrees too (whatwg-mimetype returns a Map).
        expect([...ct!.parameters]).toEqual([...(MIMEType.parse(header)?.parameters ?? [])]);
      }),
      { numRuns: 500 },
    );
  });

  it('behaves as a Map of the same entries, strict parser (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(fc.stringMatching(/^[a-z][a-z0-9-]{0,5}$/), value), {
          selector: (p) => p[0],
          maxLength: 24,
        }),
        (list) => {
          const header = `text/plain${list.map(([n, v]) => `; ${n}=${v}`).join('')}`;
          const ct = parseContentType(header, { strict: true });
          expectSameMap(ct!.parameters, new Map(list));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('formats as the Map of the same entries does', () => {
    const ct = parseContentType('Text/Plain; Charset=UTF-8; name="a b"; x=1')!;
    expect(formatContentType(ct)).toBe('text/plain;charset=UTF-8;name="a b";x=1');
    expect(formatContentType(ct)).toBe(
      formatContentType({ ...ct, parameters: new Map(ct.parameters) }),
    );
  });

  it('without parameters: empty', () => {
    expectSameMap(parseContentType('text/plain')!.parameters, new Map());
    expectSameMap(parseContentType('text/plain', { strict: true })!.parameters, new Map());
  });
});

describe('charsetFromContentType', () => {
  it('resolves the charset parameter', () => {
    expect(charsetFromContentType('text/plain')).toBeNull();
    expect(charsetFromContentType('garbage')).toBeNull();
    expect(charsetFromContentType('text/plain;charset=bogus')).toBeNull();
    expect(charsetFromContentType('text/plain;charset=latin1', { mode: 'iana' })).toBe(
      'ISO-8859-1',
    );
  });
});

// Inputs in the spirit of the web-platform-tests MIME type data (mimesniff/mime-types), written
// here: whatwg-mimetype, which implements the same algorithm, gives the expected serialization.
// biome-ignore format: one input a line
const TRICKY = [
  'text/html;charset=gbk', 'TEXT/HTML;CHARSET=GBK', 'text/html;charset=gbk(', 'text/html;x=(;charset=gbk',
  'text/html;charset=gbk;charset=windows-1255', 'text/html;charset=();charset=GBK', 'text/html;charset =gbk',
  'text/html ;charset=gbk', 'text/html; charset=gbk', 'text/html;charset= gbk', 'text/html;charset= "gbk"',
  'text/html;charset=\u000Bgbk', 'text/html;charset=\u000Cgbk', 'text/html;\u000Bcharset=gbk',
  'text/html;\u000Ccharset=gbk', 'text/html;charset="gbk"', 'text/html;charset="gbk', 'text/html;charset=gbk"',
  'text/html;charset=" gbk"', 'text/html;charset="gbk "', 'text/html;charset="\\ gbk"',
  'text/html;charset="\\g\\b\\k"', 'text/html;charset="gbk"x', 'text/html;charset="";charset=GBK',
  'text/html;charset=";charset=GBK', 'text/html;charset={gbk}', 'text/html;a]=bar;b[=bar;c=bar',
  'text/html;in]valid=";asd=foo";foo=bar', 'text/html;valid=";asd=foo";foo=bar',
  "text/html;0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&'*+-.^_`|~=x",
  'text/html;test=\u00FF;charset=gbk', 'x/x;test=\uFFFD;x=x', 'x/x;\u0000=x;bonus=x', 'x/x;x=\u0000;bonus=x',
  'x/x;x="\\', 'x/x;x="\t";y=\t', '\u000B text/html', 'text/html\u000B', 'text/html\u000C', 'text/html;',
  'text/html;;;;charset=gbk', ' text/html;charset=gbk ', '\n\r\t text/html;charset=gbk\n\r\t ',
  'text/html;charset=gbk\n', 'text/"html', 'text/html;;', '/html', 'text/', 'text', '', '   ',
  'text/html;"charset=gbk"', 'text/html;charset=gbk;', 'text/html;charset;charset=gbk', 'text/html;=gbk;a=b',
  'text/html;charset="gbk";charset=x', 'TEXT/HTML;Charset=GBK;CHARSET=x', 'text/html\u0000;charset=gbk',
  'text/html;charset=\u0100', 'text/html;charset="\u0100"', 'text/html;charset=\u212a',
  'text/html;charset="a\r\nb"', 'text/html;charset=a\r\nb', 'text/html;charset=a b', 'text/html;charset=a\tb',
  'text/html;cHaRsEt=gbk', 'text/html;charseT="gbk"', 'text/html; CHARSET=', 'text/html;Charset',
  'text/html;CHARSET;charset=gbk', 'text/html;charsets=gbk', 'text/html;charse=gbk', 'text/html;c@arset=gbk',
  'text/html;charset@=gbk', 'text/html;\u0163harset=gbk', 'text/html;charset =gbk;CHARSET=x',
  'text/html;charset="gbk  \n', 'text/html;charset="gbk\\ \t', ' text/html;x="a\\', '\ttext/plain \t', ' \t',
  '\n', 'text/html;charset=gbk \r\n', 'text/html;charset="gbk" \r\n', 'text/html;charset \t', ' /html',
  'x/x;x=" \t', 'x/x;x="\\ ', 'x/x;x="', 'x/x;x="a\\"b" ;y="c', 'x/x;x="a b\\\tc"',
];

describe('parseContentType against whatwg-mimetype on tricky inputs (differential)', () => {
  it('gives the same serialization as the WHATWG algorithm', () => {
    for (const input of TRICKY) {
      const ours = parseContentType(input);
      const oracle = MIMEType.parse(input);
      expect(ours === null ? null : formatContentType(ours), JSON.stringify(input)).toBe(
        oracle === null ? null : String(oracle),
      );
    }
  });
});

describe('parseContentType against whatwg-mimetype (differential, property)', () => {
  it('gives the same essence and parameters on arbitrary input', () => {
    const alphabet = fc.constantFrom(
      'text',
      '/',
      'html',
      ';',
      '=',
      '"',
      '\\',
      ' ',
      '\t',
      '\r',
      '\n',
      'a',
      'B',
      'charset',
      'Charset=',
      'UTF-8',
      '\u00e9',
      '\u0100',
      '\u212a',
      '(',
      ')',
      ',',
      '@',
      '\u0000',
      '\u007f',
      'x=y',
    );
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 25 }), (parts) => {
        const input = parts.join('');
        const ours = parseContentType(input);
        const oracle = MIMEType.parse(input);
        expect(ours?.essence).toBe(oracle?.essence);
        expect([...(ours?.parameters ?? [])]).toEqual([...(oracle?.parameters ?? [])]);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('charsetFromContentType against whatwg-mimetype (differential)', () => {
  // charsetFromContentType scans for the charset parameter without building the parse result:
  // it must give what reading `charset` from the WHATWG parse and resolving it gives.
  const oracle = (input: string, mode?: 'iana'): string | null => {
    const charset = MIMEType.parse(input)?.parameters.get('charset');
    return charset === undefined ? null : labelToEncoding(charset, mode ? { mode } : undefined);
  };
  it('on the tricky inputs, in both label modes', () => {
    for (const input of TRICKY) {
      expect(charsetFromContentType(input), JSON.stringify(input)).toBe(oracle(input));
      expect(charsetFromContentType(input, { mode: 'iana' }), JSON.stringify(input)).toBe(
        oracle(input, 'iana'),
      );
    }
  });
  it('on generated headers full of parameters, quotes and charset names', () => {
    const part = fc.constantFrom(
      'text/html',
      'text',
      '/',
      ';',
      '; ',
      '=',
      '"',
      '\\',
      ' ',
      '\t',
      '\n',
      'charset=',
      'CharSet=',
      'charset',
      'charset =',
      'x=',
      'name="a;b"',
      'gbk',
      'utf-8',
      'latin1',
      ' koi8-r ',
      '\u00e9',
      '\u0100',
      '\u0000',
      '(',
    );
    fc.assert(
      fc.property(fc.array(part, { maxLength: 20 }), (parts) => {
        const input = parts.join('');
        expect(charsetFromContentType(input), JSON.stringify(input)).toBe(oracle(input));
        expect(charsetFromContentType(`text/plain;${input}`)).toBe(oracle(`text/plain;${input}`));
      }),
      { numRuns: 4000 },
    );
  });
  it('on generated parameter lists (malformed, quoted, duplicate charsets)', () => {
    const name = fc.constantFrom('charset', 'CHARSET', ' charset', 'charset ', 'x', 'a]', '');
    const value = fc.constantFrom(
      'gbk',
      'UTF-8',
      '"koi8-r"',
      '"gb\\k"',
      '',
      '""',
      '"a;b"',
      '"a\\"',
      'a b',
      '\u0100',
      '"\u0100"',
      '\u0000x',
      'latin1 ',
      '"utf-8" junk',
      '"open',
    );
    const parameter = fc.tuple(
      fc.constantFrom(';', '; ', ' ;'),
      name,
      fc.constantFrom('=', ''),
      value,
    );
    fc.assert(
      fc.property(fc.array(parameter, { maxLength: 6 }), (parameters) => {
        const input = `text/html${parameters.map((p) => p.join('')).join('')}`;
        expect(charsetFromContentType(input), JSON.stringify(input)).toBe(oracle(input));
      }),
      { numRuns: 4000 },
    );
  });
});

// Fetch §3.1.7 "extract a MIME type": `headers.get('content-type')` joins repeated fields with
// ", ", and a body's MIME type is read from the joined list value by value. Node's fetch (undici)
// implements it: a Response's blob() type is the extracted MIME type, the oracle here.
describe('charsetFromContentType on a comma-joined header list (Fetch "extract a MIME type")', () => {
  const extracted = async (value: string): Promise<string | null> => {
    const type = (await new Response('x', { headers: { 'content-type': value } }).blob()).type;
    return type === '' ? null : charsetFromContentType(type);
  };
  it('the last value that parses, with the charset its type started with', async () => {
    const cases: [string, string | null][] = [
      ['text/html; charset=koi8-r, text/html', 'KOI8-R'],
      ['text/html;charset=gbk, text/html;charset=koi8-r, text/html', 'GBK'],
      ['text/html;charset=gbk, text/html;charset=koi8-r', 'KOI8-R'],
      ['*/*, text/html; charset=koi8-r', 'KOI8-R'],
      ['text/html; charset=koi8-r, */*', 'KOI8-R'],
      ['text/html; charset=koi8-r, text/plain', null],
      ['text/html; charset=koi8-r, bogus', 'KOI8-R'],
      ['text/html; charset=koi8-r,x', 'KOI8-R'],
      ['text/html; charset="koi8-r", text/html', 'KOI8-R'],
      ['text/html; charset="gb,k", text/html', null],
      ['text/html; x="a,b"; charset=gbk', 'GBK'],
      ['text/html; charset="unterminated, text/html', null],
      [', ,', null],
    ];
    for (const [value, charset] of cases) {
      expect(charsetFromContentType(value), value).toBe(charset);
      expect(await extracted(value), value).toBe(charset);
    }
  });
  it('property: the same charset as the type Node fetch extracts, on generated lists', async () => {
    const value = fc.tuple(
      fc.constantFrom('text/html', 'TEXT/HTML', 'text/plain', '*/*', 'bogus', 'text/html;', ''),
      fc.constantFrom(
        '',
        '; charset=koi8-r',
        ';charset=GBK',
        '; charset="utf-8"',
        '; charset="a,b"',
        '; x="1,2"',
        '; charset=',
        ' ; charset=utf-16le',
      ),
    );
    let withCharset = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(value, { minLength: 1, maxLength: 4 }),
        fc.constantFrom(', ', ',', ' , '),
        async (values, comma) => {
          const header = values.map(([t, p]) => t + p).join(comma);
          const expected = await extracted(header);
          expect(charsetFromContentType(header), header).toBe(expected);
          if (expected !== null) withCharset++;
        },
      ),
      { numRuns: 600 },
    );
    expect(withCharset).toBeGreaterThan(100);
  });
  it('sniffDocument takes the same charset from such a list', () => {
    const html = new TextEncoder().encode('<p>x</p>');
    expect(
      sniffDocument(html, { kind: 'html', contentType: 'text/html; charset=koi8-r, text/html' }),
    ).toEqual({ encoding: 'KOI8-R', reason: 'transport', bom: 0 });
  });
});
