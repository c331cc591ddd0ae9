import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formToObject,
  PercentDecodeError,
  parseForm,
  parseKeywords,
  serializeForm,
  percentEncode,
  rfc1738,
  rfc2396,
  serializeKeywords,
  type TextEncoderFunction,
} from '../src/index';

// A windows-1253 codec built from the WHATWG index (test/fixtures/SOURCES.md).
const index = new Map<number, number>();
for (const line of readFileSync(
  join(import.meta.dirname, 'fixtures', 'index-windows-1253.txt'),
  'utf8',
).split('\n')) {
  const m = /^\s*(\d+)\s+0x([0-9A-F]+)/.exec(line);
  if (m) index.set(Number.parseInt(m[2] as string, 16), 0x80 + Number(m[1]));
}
const windows1253: TextEncoderFunction = (text) => {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const cp = text.codePointAt(i) as number;
    const b = cp < 0x80 ? cp : index.get(cp);
    if (b === undefined) throw Object.assign(new Error('unencodable'), { index: i, codePoint: cp });
    bytes.push(b);
  }
  return new Uint8Array(bytes);
};
const decode1253 = (bytes: Uint8Array): string => {
  const reverse = new Map([...index].map(([cp, b]) => [b, cp]));
  return String.fromCodePoint(
    ...[...bytes].map((b) => (b < 0x80 ? b : (reverse.get(b) ?? 0xfffd))),
  );
};

const pairs = fc.array(fc.tuple(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' })), {
  maxLength: 6,
});

describe('parseForm (URL Standard §5.1)', () => {
  it('parses ordered pairs, duplicates kept, + as space, escapes as UTF-8', () => {
    expect(parseForm('a=1&b=x+y&a=%E2%9C%93')).toEqual([
      ['a', '1'],
      ['b', 'x y'],
      ['a', '✓'],
    ]);
  });
  it('skips empty sequences, splits at the first =, gives a bare name an empty value', () => {
    expect(parseForm('&&a&=&b==c&')).toEqual([
      ['a', ''],
      ['', ''],
      ['b', '=c'],
    ]);
    expect(parseForm('')).toEqual([]);
    expect(parseForm('%2B+%26=%3D+')).toEqual([['+ &', '= ']]);
  });
  it('is lenient by default and strict on request', () => {
    expect(parseForm('a=100%&b=%FF')).toEqual([
      ['a', '100%'],
      ['b', '\ufffd'],
    ]);
    expect(() => parseForm('a=100%', { mode: 'strict' })).toThrow(PercentDecodeError);
    expect(() => parseForm('a=%FF', { mode: 'strict' })).toThrow(PercentDecodeError);
  });
  it('separator: & by default, ; or both on request (HTML 4.01 §B.2.2)', () => {
    expect(parseForm('a=1;b=2')).toEqual([['a', '1;b=2']]);
    expect(parseForm('a=1;b=2&c=3', { separator: ';' })).toEqual([
      ['a', '1'],
      ['b', '2&c=3'],
    ]);
    expect(parseForm('a=1;b=2&c=3', { separator: 'both' })).toEqual([
      ['a', '1'],
      ['b', '2'],
      ['c', '3'],
    ]);
    expect(parseForm('a=1;b=2', { separator: '&' })).toEqual([['a', '1;b=2']]);
  });
  it('is right where Node 24 URLSearchParams is not: a non-ASCII literal near an ill-formed escape', () => {
    expect(parseForm('%%C3%A9é')).toEqual([['%éé', '']]);
    expect(parseForm('a=😀%80')).toEqual([['a', '😀\ufffd']]);
  });
  it('limit: one pair too many throws too-many-pairs at its start', () => {
    expect(parseForm('a=1&b=2', { limit: 2 })).toHaveLength(2);
    expect(parseForm('a=1&&&', { limit: 1 })).toHaveLength(1);
    let error: unknown;
    try {
      parseForm('a=1&b=2&c=3', { limit: 2 });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(PercentDecodeError);
    expect(error).toMatchObject({ index: 8, reason: 'too-many-pairs' });
  });
  it('decodes another charset through options.decoder', () => {
    expect(parseForm('%C1%E8%DE%ED%E1=+%E1', { decoder: decode1253 })).toEqual([['Αθήνα', ' α']]);
    expect(parseForm('a=b', { decoder: decode1253 })).toEqual([['a', 'b']]);
    // The index counts UTF-16 units of the whole text, across literal non-ASCII characters.
    expect(() => parseForm('a=1&b=é😀%z', { decoder: decode1253, mode: 'strict' })).toThrow(
      expect.objectContaining({ index: 9, reason: 'malformed-escape' }),
    );
    expect(() => parseForm('a=b&c=%z', { decoder: decode1253, mode: 'strict' })).toThrow(
      expect.objectContaining({ index: 6, reason: 'malformed-escape' }),
    );
  });
  it('differential: agrees with URLSearchParams on any form URLSearchParams serializes', () => {
    fc.assert(
      fc.property(pairs, (list) => {
        const text = new URLSearchParams(list).toString();
        expect(parseForm(text)).toEqual([...new URLSearchParams(text)]);
      }),
      { numRuns: 300 },
    );
  });
  it('differential: agrees with URLSearchParams on raw text of separators, escapes and +', () => {
    const raw = fc
      .array(fc.constantFrom('a', '=', '&', '+', '%', '%41', '%C3%A9', '%FF', 'é', '%2', ';'), {
        maxLength: 16,
      })
      .map((p) => p.join(''));
    fc.assert(
      fc.property(raw, (text) => {
        // Through a URL, so that the query Node parses is ASCII: Node 24's URLSearchParams garbles a
        // literal non-ASCII character near an ill-formed escape ('%%C3%A9é' gives '%é\uFFFD').
        expect(parseForm(text)).toEqual([...new URL(`http://h/?${text}`).searchParams]);
      }),
      { numRuns: 1000 },
    );
  });
  it('differential: lone surrogates become U+FFFD, as URLSearchParams makes them (URL Standard §5.1 parses UTF-8)', () => {
    expect(parseForm('\uD800=x')).toEqual([['\ufffd', 'x']]);
    expect(parseForm('a=%41\uDC00+\uD83D\uDE00\uDBFF')).toEqual([['a', 'A\ufffd 😀\ufffd']]);
    expect(formToObject('\uD800=1&\uDFFF=2')).toEqual({ '\ufffd': ['1', '2'] });
    // strict mode keeps it, as decodeURIComponent and strict percentDecode do
    expect(parseForm('\uD800=x', { mode: 'strict' })).toEqual([['\uD800', 'x']]);
    // the same where String#isWellFormed is missing (Node 18): a regular expression finds them
    const isWellFormed = Object.getOwnPropertyDescriptor(String.prototype, 'isWellFormed');
    delete (String.prototype as { isWellFormed?: unknown }).isWellFormed;
    try {
      expect(parseForm('\uD800=\uD83D\uDE00\uDC00&b=%41')).toEqual([
        ['\ufffd', '😀\ufffd'],
        ['b', 'A'],
      ]);
      expect(parseForm('a=\uD83D\uDE00')).toEqual([['a', '😀']]);
    } finally {
      if (isWellFormed) Object.defineProperty(String.prototype, 'isWellFormed', isWellFormed);
    }
    expect(typeof (String.prototype as { isWellFormed?: unknown }).isWellFormed).toBe('function');
    const piece = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 4 }),
      fc.constantFrom(
        '\uD800',
        '\uDBFF',
        '\uDC00',
        '\uDFFF',
        '=',
        '&',
        '+',
        '%',
        '%41',
        '%C3%A9',
        '%FF',
      ),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        // what a URL's query cannot carry as it is: '#' starts the fragment, and the URL parser
        // strips tabs, line breaks and leading or trailing C0 controls and spaces
        const text = pieces.join('').replace(/[#\0-\x20]/g, 'x');
        // Through a URL, so that the query Node parses is ASCII (the note above on Node 24); the URL
        // parser takes a scalar value string, a lone surrogate as U+FFFD
        expect(parseForm(text)).toEqual([...new URL(`http://h/?${text}`).searchParams]);
        // and the string constructor itself where Node 24's is right: no escape near the characters
        if (!text.includes('%')) expect(parseForm(text)).toEqual([...new URLSearchParams(text)]);
      }),
      { numRuns: 1000 },
    );
  });
  it('differential: `;` and `both` separators and the limit, against URLSearchParams on rewritten text', () => {
    // `both` parses as if every `;` were `&`; `;` as if the two were swapped (and swapped back in
    // the result: no escape here decodes to `&` or `;`); a limit keeps the first pairs and throws
    // at the start of the one after.
    const raw = fc
      .array(fc.constantFrom('a', '=', '&', ';', '+', '%', '%41', '%C3%A9', '%2', 'é'), {
        maxLength: 24,
      })
      .map((p) => p.join(''));
    const swap = (s: string) => s.replace(/[&;]/g, (c) => (c === '&' ? ';' : '&'));
    const oracle = (text: string) => [...new URL(`http://h/?${text}`).searchParams];
    fc.assert(
      fc.property(raw, fc.nat(6), (text, limit) => {
        expect(parseForm(text, { separator: 'both' })).toEqual(oracle(text.replace(/;/g, '&')));
        const semi = oracle(swap(text)).map(([n, v]) => [swap(n), swap(v)]);
        expect(parseForm(text, { separator: ';' })).toEqual(semi);
        const all = oracle(text);
        if (all.length <= limit) expect(parseForm(text, { limit })).toEqual(all);
        else {
          // The pair after the limit starts after the limit-th non-empty sequence and its `&`.
          let at = 0;
          for (let kept = 0; ; at++)
            if (text[at] !== '&' && (at === 0 || text[at - 1] === '&') && kept++ === limit) break;
          expect(() => parseForm(text, { limit })).toThrow(
            expect.objectContaining({ reason: 'too-many-pairs', index: at }),
          );
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe('serializeForm (URL Standard §5.2)', () => {
  it('encodes with the form set, a space as +', () => {
    expect(
      serializeForm([
        ['q', 'a b&c'],
        ['lang', 'en'],
      ]),
    ).toBe('q=a+b%26c&lang=en');
    expect(serializeForm([['*-._', "~!'()+"]])).toBe('*-._=%7E%21%27%28%29%2B');
    expect(serializeForm([])).toBe('');
    expect(serializeForm([['', '']])).toBe('=');
  });
  it('converts a name or value that is not a string as URLSearchParams does', () => {
    const forms = [
      [['a', 1]],
      [
        ['a', 'b'],
        [undefined, null],
      ],
      [[true, 1.5]],
    ];
    for (const form of forms) {
      expect(serializeForm(form as never), JSON.stringify(form)).toBe(
        new URLSearchParams(form as never).toString(),
      );
    }
    for (const form of [{ a: 1 }, { a: undefined, b: null }]) {
      expect(serializeForm(form as never), JSON.stringify(form)).toBe(
        new URLSearchParams(form as never).toString(),
      );
    }
    expect(serializeForm({ a: ['x', 2] } as never)).toBe('a=x&a=2');
    expect(() => serializeForm([['a', Symbol('s')]] as never)).toThrow(TypeError);
  });
  it('takes a record, arrays giving one pair per value, and any iterable', () => {
    expect(serializeForm({ a: ['1', '2'], b: '~' })).toBe('a=1&a=2&b=%7E');
    expect(serializeForm(new Map([['x', 'y']]))).toBe('x=y');
    expect(serializeForm(new URLSearchParams('a=1&a=2'))).toBe('a=1&a=2');
  });
  it('differential: byte-identical to URLSearchParams, lone surrogates included', () => {
    fc.assert(
      fc.property(
        pairs,
        fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) }),
        (list, extra) => {
          const all: [string, string][] = [...list, [extra, extra]];
          expect(serializeForm(all)).toBe(new URLSearchParams(all).toString());
        },
      ),
      { numRuns: 300 },
    );
  });
  it('round trip: parseForm(serializeForm(pairs)) gives the pairs back', () => {
    fc.assert(
      fc.property(pairs, (list) => {
        expect(parseForm(serializeForm(list))).toEqual(list);
      }),
      { numRuns: 300 },
    );
  });
  it('a pair that is not two items throws a TypeError naming its index, as URLSearchParams does (URL Standard §6.2)', () => {
    const notPairs: [unknown, number][] = [
      [[['a']], 0],
      [['ab'], 0],
      [
        [
          ['a', 'b'],
          ['a', 'b', 'c'],
        ],
        1,
      ],
      [[['a', 'b'], []], 1],
      [new Set([['a', 'b'], ['x', 'y'], ['z']]), 2],
    ];
    for (const [form, index] of notPairs) {
      expect(() => new URLSearchParams(form as string[][])).toThrow(TypeError);
      expect(() => serializeForm(form as [string, string][])).toThrow(
        new TypeError(`form[${index}]: not a pair`),
      );
    }
    expect(serializeForm([['a', 'b']])).toBe('a=b');
  });
  it('legacy charset: encodes in it, and a character it cannot hold as &#N;', () => {
    // What a browser sends for a windows-1253 page: Greek as single octets, 中 and 😀 as references.
    expect(serializeForm([['q', 'Αθήνα 中😀']], { encoder: windows1253 })).toBe(
      'q=%C1%E8%DE%ED%E1+%26%2320013%3B%26%23128512%3B',
    );
    expect(parseForm('q=%C1%E8%DE%ED%E1+%26%2320013%3B', { decoder: decode1253 })).toEqual([
      ['q', 'Αθήνα &#20013;'],
    ]);
  });
});

describe('formToObject', () => {
  it('collects names into a null-prototype record, arrays for repeated names', () => {
    const record = formToObject('a=1&b=2&a=3&a=4');
    expect(Object.getPrototypeOf(record)).toBe(null);
    expect(record).toEqual({ a: ['1', '3', '4'], b: '2' });
    expect(formToObject([['x', 'y']])).toEqual({ x: 'y' });
    expect(formToObject('a=1;b=2', { separator: ';' })).toEqual({ a: '1', b: '2' });
  });
});

describe('parseKeywords (RFC 3875 §4.4)', () => {
  it('splits on + and decodes each word', () => {
    expect(parseKeywords('Edgar+Allen+Poe')).toEqual(['Edgar', 'Allen', 'Poe']);
    expect(parseKeywords('caf%C3%A9+%2B1')).toEqual(['café', '+1']);
    expect(parseKeywords('++a++')).toEqual(['a']);
    expect(parseKeywords('')).toEqual([]);
  });
  it('lenient: a lone surrogate is U+FFFD, as percentDecode writes it; strict keeps it', () => {
    expect(parseKeywords('a\uD800+%41\uDC00')).toEqual(['a\ufffd', 'A\ufffd']);
    expect(parseKeywords('a\uD800', { mode: 'strict' })).toEqual(['a\uD800']);
  });
  it('is not a keyword query when it holds an unencoded =', () => {
    expect(parseKeywords('q=poe')).toBeUndefined();
    expect(parseKeywords('a%3Db')).toEqual(['a=b']);
  });
  it('is lenient by default and strict on request', () => {
    expect(parseKeywords('100%+x')).toEqual(['100%', 'x']);
    expect(() => parseKeywords('100%+x', { mode: 'strict' })).toThrow(PercentDecodeError);
  });
});

describe('README legacy-charset example', () => {
  it('runs its claims with a windows-1253 codec', () => {
    expect(serializeForm([['q', 'Αθήνα 中']], { encoder: windows1253 })).toBe(
      'q=%C1%E8%DE%ED%E1+%26%2320013%3B',
    );
    expect(parseForm('q=%C1%E8', { decoder: decode1253 })).toEqual([['q', 'Αθ']]);
  });
});

describe('historical encode sets (RFC 1738 §2.2, RFC 2396 §2)', () => {
  // Each set by the lists of its RFC: what stays literal among printable ASCII besides alphanumerics.
  const literal = (set: Parameters<typeof percentEncode>[1]): string => {
    let out = '';
    for (let c = 0x20; c < 0x7f; c++) {
      const ch = String.fromCharCode(c);
      if (!/[A-Za-z0-9]/.test(ch) && percentEncode(ch, set) === ch) out += ch;
    }
    return out;
  };
  it('RFC 1738: safe and extra characters stay, unsafe ones are encoded, reserved ones only in component', () => {
    expect(literal(rfc1738.url)).toBe("!$&'()*+,-./:;=?@_");
    expect(literal(rfc1738.component)).toBe("!$'()*+,-._");
    for (const unsafe of ' <>"#%{}|\\^~[]`')
      expect(percentEncode(unsafe, rfc1738.url)).not.toBe(unsafe);
  });
  it('RFC 2396: uric stays in uric, only unreserved in component; unwise and delims are encoded', () => {
    expect(literal(rfc2396.uric)).toBe("!$&'()*+,-./:;=?@_~");
    expect(literal(rfc2396.component)).toBe("!'()*-._~");
    for (const excluded of ' <>#%"{}|\\^[]`')
      expect(percentEncode(excluded, rfc2396.uric)).not.toBe(excluded);
  });
  it('RFC 2396 component is the set of encodeURIComponent (ECMA-262 uriUnreserved)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (s) => {
        expect(percentEncode(s, rfc2396.component)).toBe(encodeURIComponent(s));
      }),
    );
  });
  it('control characters and non-ASCII are encoded by every historical set', () => {
    for (const set of [rfc1738.url, rfc1738.component, rfc2396.uric, rfc2396.component]) {
      expect(percentEncode('\x00\x1f\x7fé', set)).toBe('%00%1F%7F%C3%A9');
    }
  });
});

describe('serializeKeywords', () => {
  it('joins the words with + and escapes +, = and space inside a word (RFC 3875 §4.4)', () => {
    expect(serializeKeywords(['Edgar', 'Allen', 'Poe'])).toBe('Edgar+Allen+Poe');
    expect(serializeKeywords(['1+1', 'x=y', 'a b', 'é'])).toBe('1%2B1+x%3Dy+a%20b+%C3%A9');
    expect(serializeKeywords([])).toBe('');
    expect(serializeKeywords(['', 'a', ''])).toBe('a');
  });
  it('round-trips through parseKeywords (empty words left out)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme' })), (words) => {
        expect(parseKeywords(serializeKeywords(words), { mode: 'strict' })).toEqual(
          words.filter((w) => w !== ''),
        );
      }),
    );
  });
});

describe('serializeForm options', () => {
  const pairs = fc.array(
    fc.tuple(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' })),
  );
  it('spaceAsPlus: false writes %20 and is otherwise URLSearchParams output', () => {
    fc.assert(
      fc.property(pairs, (form) => {
        const plus = serializeForm(form);
        const twenty = serializeForm(form, { spaceAsPlus: false });
        expect(twenty).toBe(plus.split('+').join('%20'));
        expect(twenty).not.toContain('+');
      }),
    );
  });
  it('round-trips through parseForm with each separator and space writing', () => {
    fc.assert(
      fc.property(
        pairs,
        fc.constantFrom('&' as const, ';' as const),
        fc.boolean(),
        (form, separator, spaceAsPlus) => {
          const text = serializeForm(form, { separator, spaceAsPlus });
          // Every pair writes an `=`, so none is an empty sequence that the parser skips.
          const parsed = parseForm(text, { separator, limit: Infinity, mode: 'strict' });
          expect(parsed).toEqual(form);
          expect(serializeForm(parsed, { separator, spaceAsPlus })).toBe(text);
        },
      ),
    );
  });
  it('a semicolon inside a value is escaped, so separator: ";" keeps it', () => {
    const text = serializeForm(
      [
        ['a', '1;2'],
        ['b', 'x y'],
      ],
      { separator: ';', spaceAsPlus: false },
    );
    expect(text).toBe('a=1%3B2;b=x%20y');
    expect(parseForm(text, { separator: ';' })).toEqual([
      ['a', '1;2'],
      ['b', 'x y'],
    ]);
  });
});
