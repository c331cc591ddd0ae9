// Every parser and encoder of this package does work linear in its input, on the inputs that make
// naive scanners quadratic (denial of service). The work is counted, not timed: while the function
// runs, the string and byte primitives the scanners are made of count what they touch (a
// `charCodeAt` one code unit, an `indexOf` the code units it passes, a `slice` what it copies, a
// regular expression test or a case change the whole string, a byte read through a Proxy one
// byte). Each test compares the work per unit of input on an input eight times larger: about 1 for
// a linear scanner, about 8 for a quadratic one. Deterministic, so the bound (2) is tight yet safe.
import { describe, expect, it } from 'vitest';
import {
  charsetFromContentType,
  decodeDocument,
  decodeEncodedWords,
  decodeParameters,
  encodeEncodedWords,
  encodeParameter,
  extractMetaCharset,
  parseContentType,
  parseXmlDeclaration,
  sniffDocument,
} from '../src/index';
// prescanHtml without its argument check (which refuses the counting proxy): the same scanner.
import { prescan } from '../src/sniff';

const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);

let work = 0;
const S = String.prototype;
const saved = {
  charCodeAt: S.charCodeAt,
  codePointAt: S.codePointAt,
  indexOf: S.indexOf,
  includes: S.includes,
  startsWith: S.startsWith,
  slice: S.slice,
  toLowerCase: S.toLowerCase,
  toUpperCase: S.toUpperCase,
  trim: S.trim,
  split: S.split,
  replace: S.replace,
  fromCharCode: String.fromCharCode,
  bytesIndexOf: Uint8Array.prototype.indexOf,
  test: RegExp.prototype.test,
};

const STRING_METHODS = [
  'charCodeAt',
  'codePointAt',
  'indexOf',
  'includes',
  'startsWith',
  'slice',
  'toLowerCase',
  'toUpperCase',
  'trim',
  'split',
  'replace',
] as const;
type StringMethod = (typeof STRING_METHODS)[number];

/** Runs `run` with the primitives counting; returns the work done. */
function count(run: () => unknown): number {
  work = 0;
  const strings = S as unknown as Record<string, unknown>;
  const patch = (
    name: StringMethod,
    cost: (self: string, args: unknown[], result: unknown) => number,
  ): void => {
    const original = saved[name] as (this: string, ...a: unknown[]) => unknown;
    strings[name] = function (this: string, ...args: unknown[]) {
      const result = original.apply(this, args);
      work += cost(this, args, result);
      return result;
    };
  };
  patch('charCodeAt', () => 1);
  patch('codePointAt', () => 1);
  patch('indexOf', (self, [search, from], r) => {
    const start = Math.max(0, Number(from) || 0);
    return Math.max(
      1,
      (r as number) < 0 ? self.length - start : (r as number) + String(search).length - start,
    );
  });
  patch('includes', (self) => self.length);
  patch('startsWith', (_, [search]) => String(search).length);
  patch('slice', (_, __, r) => (r as string).length + 1);
  patch('toLowerCase', (self) => self.length);
  patch('toUpperCase', (self) => self.length);
  patch('trim', (self) => self.length);
  patch('split', (self) => self.length);
  patch('replace', (self) => self.length);
  String.fromCharCode = (...codes: number[]) => {
    work += codes.length;
    return saved.fromCharCode(...codes);
  };
  Uint8Array.prototype.indexOf = function (this: Uint8Array, value: number, from?: number) {
    const r = saved.bytesIndexOf.call(this, value, from);
    const start = Math.max(0, Number(from) || 0);
    work += Math.max(1, r < 0 ? this.length - start : r + 1 - start);
    return r;
  };
  RegExp.prototype.test = function (this: RegExp, input: string) {
    work += String(input).length;
    return saved.test.call(this, input);
  };
  try {
    run();
  } catch {
    // strict parsers throw on most of these inputs: the work up to the throw is what counts
  } finally {
    for (const name of STRING_METHODS) strings[name] = saved[name];
    String.fromCharCode = saved.fromCharCode;
    Uint8Array.prototype.indexOf = saved.bytesIndexOf;
    RegExp.prototype.test = saved.test;
  }
  return work;
}

/** Bytes whose element reads count one each (methods run on the bytes themselves). */
function counting(b: Uint8Array): Uint8Array {
  return new Proxy(b, {
    get(target, key) {
      if (typeof key === 'string' && key !== '' && saved.test.call(/^\d+$/, key)) work++;
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(target)
        : value;
    },
  });
}

const FACTOR = 8;

/** Work per unit of input on `make(8n)` over work per unit on `make(n)`: 1 linear, 8 quadratic. */
function growth<T extends string | Uint8Array>(
  make: (n: number) => T,
  run: (input: T) => unknown,
  n = 1024,
): number {
  const small = make(n);
  const large = make(FACTOR * n);
  const ws = count(() => run(small)) / small.length;
  const wl = count(() => run(large)) / large.length;
  expect(ws).toBeGreaterThan(0); // the counting sees the function work
  return wl / ws;
}

const LINEAR = 2; // 1 when linear, 8 when quadratic

/** A string of `unit` repeated to about `n` characters. */
const repeat = (unit: string) => (n: number) => unit.repeat(Math.ceil(n / unit.length));

describe('Content-Type parsing is linear', () => {
  const cases: [string, (n: number) => string][] = [
    ['many parameters', (n) => `text/plain${repeat(';a=b')(n)}`],
    [
      'many distinct quoted parameters',
      (n) => `text/plain${Array.from({ length: n / 10 }, (_, i) => `;p${i}="v\\"${i}"`).join('')}`,
    ],
    ['many semicolons', (n) => `text/plain;${';'.repeat(n)}`],
    ['a quoted value of backslashes, unterminated', (n) => `text/plain;a="${'\\'.repeat(n)}`],
    [
      'an unterminated quoted value then whitespace',
      (n) => `text/plain;a="${'x'.repeat(n)}${' '.repeat(n)}`,
    ],
    ['leading whitespace', (n) => `${' '.repeat(n)}text/plain`],
    ['a long subtype with whitespace inside', (n) => `text/${'a '.repeat(n / 2)}`],
    ['many malformed charset parameters', (n) => `text/plain${repeat(';charset=a\0')(n)}`],
    [
      'an unterminated quoted charset of backslashes',
      (n) => `text/plain;charset="${'\\'.repeat(n)}`,
    ],
    [
      'an unterminated quoted charset then whitespace',
      (n) => `text/plain;charset="x${' '.repeat(n)}`,
    ],
    // a list of values, as fetch joins repeated fields (each value parsed once)
    ['many commas', (n) => `text/html;charset=gbk${','.repeat(n)}`],
    ['many values', (n) => `${repeat('text/html;charset=gbk, ')(n)}text/html`],
    ['a quoted comma list, unterminated', (n) => `text/html;x="${repeat('a,')(n)}`],
    ['many quoted values with commas', (n) => repeat('*/*;x="a,b",')(n)],
  ];
  for (const [name, make] of cases) {
    it(name, () => {
      expect(growth(make, (h) => parseContentType(h))).toBeLessThan(LINEAR);
      expect(growth(make, (h) => charsetFromContentType(h))).toBeLessThan(LINEAR);
      expect(
        growth(
          make,
          (h) => {
            try {
              parseContentType(h, { strict: true });
            } catch {
              // strict mode throws on most of these; the time to the throw is what counts
            }
          },
          20_000,
        ),
      ).toBeLessThan(LINEAR);
    });
  }
});

describe('Content-Type parameters are linear to store and to look up', () => {
  // Keeping the first of duplicate names and looking names up compare whole strings, which the
  // counting above does not see: measured in CPU time instead, as the ratio of the time per
  // parameter on 4n distinct parameters to that on n (about 1 when linear, 4 when quadratic),
  // the median of several runs.
  const header = (n: number): string =>
    `text/plain${Array.from({ length: n }, (_, i) => `;p${i}=v`).join('')}`;
  const timePerParameter = (n: number, strict: boolean): number => {
    const h = header(n);
    const start = process.cpuUsage();
    const parameters = parseContentType(h, { strict })!.parameters;
    for (let i = 0; i < n; i++)
      if (!parameters.has(`p${i}`) || parameters.get(`p${i}`) !== 'v') throw new Error('lost');
    const used = process.cpuUsage(start);
    return (used.user + used.system + 1) / n;
  };
  for (const strict of [false, true]) {
    it(`many distinct parameters, each looked up (${strict ? 'strict' : 'WHATWG'})`, () => {
      const n = 3000;
      timePerParameter(4 * n, strict); // warm-up
      const ratios: number[] = [];
      for (let run = 0; run < 7; run++)
        ratios.push(timePerParameter(4 * n, strict) / timePerParameter(n, strict));
      ratios.sort((a, b) => a - b);
      expect(ratios[3]).toBeLessThan(2.5);
    });
  }
});

describe('RFC 2047 decoding and encoding are linear', () => {
  const cases: [string, (n: number) => string][] = [
    ['a chain of encoded-words', repeat('=?UTF-8?Q?a?= ')],
    ['encoded-words glued together', repeat('=?UTF-8?Q?a?=')],
    ['B words in two charsets, alternating', repeat('=?UTF-8?B?w6k=?= =?ISO-8859-1?Q?=E9?= ')],
    ['words with characters outside ASCII', repeat('=?UTF-8?Q?\u012ea\u012f?= ')],
    ['one long word', (n) => `=?UTF-8?Q?${'=C3=A9'.repeat(n / 6)}?=`],
    ['look-alike =?', repeat('=?')],
    ['look-alike =?a?q?', repeat('=?a?q?')],
    ['look-alike =?a?q?=?', repeat('=?a?q?=?')],
    ['look-alike =?a*', repeat('=?a*')],
    ['an unterminated word', (n) => `=?UTF-8?Q?${'a'.repeat(n)}`],
    [
      'many languages',
      (n) => Array.from({ length: n / 16 }, (_, i) => `=?UTF-8*x${i}?Q?a?=`).join(' '),
    ],
  ];
  for (const [name, make] of cases) {
    it(`decoding: ${name}`, () => {
      expect(growth(make, (h) => decodeEncodedWords(h))).toBeLessThan(LINEAR);
      expect(growth(make, (h) => decodeEncodedWords(h, { strict: false }))).toBeLessThan(LINEAR);
    });
  }

  it('encoding: long text, Q and B, ASCII and not', () => {
    for (const text of [repeat('é')(1), repeat('a b')(1), repeat('\u{1f600}')(1)]) {
      for (const encoding of ['Q', 'B'] as const) {
        const make = (n: number): string => text.repeat(n);
        expect(growth(make, (t) => encodeEncodedWords(t, { encoding }))).toBeLessThan(LINEAR);
      }
    }
  });
});

describe('RFC 2231 decoding and encoding are linear', () => {
  const cases: [string, (n: number) => string][] = [
    [
      'continuations in order',
      (n) =>
        `attachment; f*0*=utf-8''%41${Array.from({ length: n / 10 }, (_, i) => `; f*${i + 1}*=%41`).join('')}`,
    ],
    [
      'continuations in reverse order',
      (n) =>
        `attachment${Array.from({ length: n / 10 }, (_, i) => `; f*${n / 10 - 1 - i}=b`).join('')}`,
    ],
    ['many parameters of one name', (n) => `a${repeat('; x=1')(n)}`],
    ['a run of bad escapes', (n) => `a; t*=utf-8''${'%'.repeat(n)}`],
    ['a quoted extended value outside ASCII', (n) => `a; t*="utf-8''${'\u012e%41'.repeat(n / 4)}"`],
    ['unterminated comments after every value', repeat('; b=c (')],
    ['nested comments', (n) => `a; b=c ${'('.repeat(n / 2)}${')'.repeat(n / 2)}; d=e`],
    ['an unterminated quoted value', (n) => `a; b="${'\\"'.repeat(n / 2)}`],
    ['encoded-words in a plain value', (n) => `a; filename="${repeat('=?UTF-8?Q?a?= ')(n)}"`],
  ];
  for (const [name, make] of cases) {
    it(`decoding: ${name}`, () => {
      expect(growth(make, (h) => decodeParameters(h, { strict: false }))).toBeLessThan(LINEAR);
      expect(
        growth(
          make,
          (h) => {
            try {
              decodeParameters(h);
            } catch {
              // the time to the throw is what counts
            }
          },
          20_000,
        ),
      ).toBeLessThan(LINEAR);
    });
  }

  it('encoding: long values, split into sections or not, and a long language tag', () => {
    for (const unit of ['é', 'a b', '"\\', '\r\n']) {
      const make = (n: number): string => unit.repeat(n);
      expect(growth(make, (v) => encodeParameter('f', v))).toBeLessThan(LINEAR);
      expect(growth(make, (v) => encodeParameter('f', v, { maxLength: Infinity }))).toBeLessThan(
        LINEAR,
      );
    }
    const tag = (n: number): string => `en${'-abcde'.repeat(n)}`;
    expect(growth(tag, (language) => encodeParameter('f', 'x', { language }))).toBeLessThan(LINEAR);
  });
});

describe('sniffing is linear', () => {
  const units = [
    '<!--',
    '<!-',
    '<a ',
    '<meta ',
    '<meta',
    '<a b="',
    '</',
    '<meta a=b ',
    '<meta charset ',
    '<meta content="charset ',
    '<meta http-equiv=content-type content=',
    '<?x',
  ];
  for (const unit of units) {
    it(`the prescan and sniffDocument: ${JSON.stringify(unit)} repeated`, () => {
      const make = (n: number): Uint8Array => bytes(repeat(unit)(n));
      expect(growth(make, (b) => prescan(counting(b), { maxBytes: b.length }))).toBeLessThan(
        LINEAR,
      );
      expect(
        growth(make, (b) => sniffDocument(b, { kind: 'html', maxBytes: b.length })),
      ).toBeLessThan(LINEAR);
    });
  }

  it('long attribute values and a <meta> without an end', () => {
    const cases: ((n: number) => string)[] = [
      (n) => `<meta content="${'x'.repeat(n)}`,
      (n) => `<meta charset=${'x'.repeat(n)}`,
      (n) => `<meta ${'a'.repeat(n)}`,
      (n) => `<meta a=b${' c=d'.repeat(n / 4)}>`,
      (n) => `<!--${'-'.repeat(n)}`,
    ];
    for (const make of cases) {
      const b = (n: number): Uint8Array => bytes(make(n));
      expect(growth(b, (x) => prescan(counting(x), { maxBytes: x.length }))).toBeLessThan(LINEAR);
    }
  });

  it('XML declarations: long, unterminated, in EBCDIC', () => {
    const cases: ((n: number) => Uint8Array)[] = [
      (n) => bytes(`<?xml version="1.0"${' '.repeat(n)}encoding="utf-8"?>`),
      (n) => bytes(`<?xml version="1.0" encoding="${'a'.repeat(n)}`),
      (n) => bytes(`<?xml version='${'1'.repeat(n)}`),
      (n) => bytes(`<?xml${' encoding'.repeat(n / 9)}`),
      (n) => new Uint8Array([0x4c, 0x6f, 0xa7, 0x94, ...new Uint8Array(n).fill(0x40)]),
    ];
    for (const make of cases) {
      for (const kind of ['xml', 'html'] as const) {
        expect(growth(make, (b) => sniffDocument(b, { kind, maxBytes: b.length }))).toBeLessThan(
          LINEAR,
        );
      }
      expect(
        growth(make, (b) => decodeDocument(b, { kind: 'xml', maxBytes: b.length })),
      ).toBeLessThan(LINEAR * 1);
    }
    const text = (n: number): string => `<?xml${' '.repeat(n)}version="1.0"?>`;
    expect(growth(text, (t) => parseXmlDeclaration(t))).toBeLessThan(LINEAR);
  });

  it('the meta charset extraction', () => {
    for (const unit of ['charset ', 'charset=', 'charset="', 'charsetcharset']) {
      expect(growth(repeat(unit), (c) => extractMetaCharset(c))).toBeLessThan(LINEAR);
    }
  });
});
