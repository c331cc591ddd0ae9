// Differential test against Python's `email` package (CPython 3.11), through the fixture
// test/vectors/python-email.json that scripts/python-email-fixtures.py writes (CI has no Python;
// the fixture's `command` regenerates it). Headers: `email.header.decode_header` + `make_header`
// ("legacy") and the header parsing of `email.policy.default` ("modern"); bodies:
// `get_payload(decode=True)` and `get_content()`; and bodies our encoders wrote, decoded by Python.
// Every disagreement is one of the rows of the README's table ("Where it reads differently from
// Python's email package"); each row is a predicate on the input and a count, so a new
// disagreement, or one that goes away, fails the test.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  decodeBase64,
  decodeEncodedWords,
  decodeMimePart,
  decodeQuotedPrintable,
  decodeTransferEncoding,
  encode,
  encodeBase64,
  encodeQuotedPrintable,
} from '../src/index';

interface Fixture {
  python: string;
  command: string;
  headers: {
    input: string;
    legacy: string | { error: string };
    modern: string | { error: string };
  }[];
  bodies: {
    transferEncoding: string;
    charset: string;
    body: string;
    bytes: string;
    content: string | { error: string };
  }[];
  roundtrip: {
    charset: string;
    text: string;
    quotedPrintable: string;
    quotedPrintableBytes: string;
    quotedPrintableContent: string;
    base64: string;
    base64Bytes: string;
    base64Content: string;
  }[];
}

const fixture = JSON.parse(
  readFileSync(new URL('./vectors/python-email.json', import.meta.url), 'utf8'),
) as Fixture;

const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');
const fromHex = (s: string): Uint8Array => new Uint8Array(Buffer.from(s, 'hex'));

// The encoded-words of a header: charset, and the bytes of the encoded-text.
const WORD = /=\?([^?\s]+)\?([BbQq])\?([^?\s]*)\?=/g;
function words(header: string): { charset: string; bytes: Uint8Array }[] {
  return [...header.matchAll(WORD)].map((m) => ({
    charset: m[1]!.toLowerCase(),
    bytes:
      m[2]!.toUpperCase() === 'B'
        ? decodeBase64(m[3]!)
        : decodeQuotedPrintable(m[3]!.replace(/_/g, ' ')),
  }));
}

// A word other than the last that RFC 2047 §5 forbids: it ends inside a character.
const ISO2022_ASCII = [0x1b, 0x28, 0x42];
function splitsACharacter(header: string, charsets: readonly string[]): boolean {
  const ws = words(header);
  return ws.slice(0, -1).some(({ charset, bytes }) => {
    if (!charsets.includes(charset)) return false;
    if (charset === 'iso-2022-jp')
      // RFC 1468: a word ends in ASCII (ESC ( B), or holds only ASCII.
      return (
        bytes.includes(0x1b) && hex(bytes.subarray(-3)) !== hex(Uint8Array.from(ISO2022_ASCII))
      );
    try {
      new TextDecoder(charset, { fatal: true }).decode(bytes);
      return false;
    } catch {
      return true;
    }
  });
}

// Our reading compared with Python's: the lenient mode (Python decodes words glued to text, longer
// than 75 characters, with sloppy base64) and the exact IANA reading (Python reads `iso-8859-1` as
// ISO-8859-1, not as windows-1252).
const ours = (h: string): string => decodeEncodedWords(h, { strict: false, mode: 'iana' }).text;

type Row = {
  readonly why: string;
  readonly count: number;
  readonly is: (input: string) => boolean;
};

// Words in GB2312 and KS_C_5601-1987 whose bytes only GBK and Windows-949 map (镕, 裏, 똠).
const SUPERSET = [
  '=?gb2312?B?1tDOxCDpRg==?=',
  '=?gb2312?B?0Vk=?=',
  '=?ks_c_5601-1987?B?x9Gxub7uIIxj?=',
];

// The README's rows against email.header (decode_header + make_header).
const LEGACY: readonly Row[] = [
  {
    why: 'ISO-2022-JP word ending outside ASCII: each word is decoded from the initial state (RFC 2047 §5, RFC 1468); Python joins the words bytes',
    count: 12,
    is: (h) => splitsACharacter(h, ['iso-2022-jp']),
  },
  {
    why: 'unknown charset: left as written (RFC 2047 §6.2); Python raises LookupError',
    count: 1,
    is: (h) => h === '=?unknown-charset?Q?abc?=',
  },
  {
    why: 'bytes the charset does not map: U+FFFD; Python raises UnicodeDecodeError',
    count: 3,
    is: (h) => ['=?utf-8?B?w6?=', '=?utf-8?Q?=FF?=', '=?us-ascii?Q?caf=E9?='].includes(h),
  },
  {
    why: 'GB2312 and KS_C_5601-1987 read as GBK and Windows-949 (the registry maps them to their supersets, in iana mode too); Python raises on the bytes only the superset maps',
    count: 3,
    is: (h) => SUPERSET.includes(h),
  },
  {
    why: 'RFC 2231 §5 language suffix: read; Python raises LookupError on `utf-8*en`',
    count: 1,
    is: (h) => h === '=?utf-8*en?Q?hello?=',
  },
  {
    why: 'word glued to text: no space added; Python adds one on each side',
    count: 2,
    is: (h) => h === 'a=?utf-8?Q?b?=c' || h === '"=?utf-8?Q?quoted?="',
  },
  {
    why: 'B text with no base64 character: left as written, malformed (it decodes to nothing; never skipped silently); Python gives an empty string',
    count: 1,
    is: (h) => h === '=?utf-8?B?@@@@?=',
  },
];

// The README's rows against email.policy.default.
const MODERN: readonly Row[] = [
  {
    why: 'ISO-2022-JP word ending outside ASCII: decoded from the initial state; Python leaves the word as written',
    count: 10,
    is: (h) => splitsACharacter(h, ['iso-2022-jp']),
  },
  {
    why: 'Shift_JIS, EUC-JP, GB2312, Big5 character split across words: joined (as libmime and email.header); Python decodes each word alone',
    count: 31,
    is: (h) => splitsACharacter(h, ['shift_jis', 'euc-jp', 'gb2312', 'big5']),
  },
  {
    why: 'GB2312 and KS_C_5601-1987 read as GBK and Windows-949; Python gives U+FFFD for the bytes only the superset maps',
    count: 3,
    is: (h) => SUPERSET.includes(h),
  },
  {
    why: 'unknown charset: left as written (RFC 2047 §6.2); Python decodes it as ASCII',
    count: 1,
    is: (h) => h === '=?unknown-charset?Q?abc?=',
  },
  {
    why: 'B text with no base64 character: left as written, malformed; Python gives an empty string (with InvalidBase64CharactersDefect)',
    count: 1,
    is: (h) => h === '=?utf-8?B?@@@@?=',
  },
];

function checkRows(
  name: 'legacy' | 'modern',
  rows: readonly Row[],
): { input: string; ours: string; theirs: unknown }[] {
  const unlisted: { input: string; ours: string; theirs: unknown }[] = [];
  const counts = rows.map(() => 0);
  for (const h of fixture.headers) {
    const theirs = h[name];
    if (ours(h.input) === theirs) continue;
    const row = rows.findIndex((r) => r.is(h.input));
    if (row < 0) unlisted.push({ input: h.input, ours: ours(h.input), theirs });
    else counts[row]!++;
  }
  expect(counts).toEqual(rows.map((r) => r.count));
  return unlisted;
}

describe("RFC 2047 against Python's email package", () => {
  it('the fixture is the generated one (a few hundred headers, every charset of the brief)', () => {
    expect(fixture.python).toMatch(/^3\.11\./);
    expect(fixture.command).toContain('python-email-fixtures.py');
    expect(fixture.headers.length).toBeGreaterThanOrEqual(280);
    const charsets = new Set(fixture.headers.flatMap((h) => words(h.input).map((w) => w.charset)));
    for (const c of ['utf-8', 'iso-8859-1', 'iso-8859-2', 'iso-8859-7', 'windows-1252', 'koi8-r'])
      expect(charsets).toContain(c);
    for (const c of ['shift_jis', 'euc-jp', 'iso-2022-jp', 'gb2312', 'big5'])
      expect(charsets).toContain(c);
  });

  it('email.header reads every header as we do, but for the listed rows', () => {
    expect(checkRows('legacy', LEGACY)).toEqual([]);
  });

  it('email.policy.default reads every header as we do, but for the listed rows', () => {
    expect(checkRows('modern', MODERN)).toEqual([]);
  });

  it('ISO-2022-JP words that each end in ASCII, as mailers write them, decode alike', () => {
    const whole = fixture.headers.filter(
      (h) =>
        words(h.input).some((w) => w.charset === 'iso-2022-jp') &&
        !splitsACharacter(h.input, ['iso-2022-jp']),
    );
    expect(whole.length).toBeGreaterThanOrEqual(9);
    for (const h of whole) expect([ours(h.input), ours(h.input)]).toEqual([h.legacy, h.modern]);
  });

  it('strict mode differs from lenient only on words RFC 2047 does not allow', () => {
    const differ = fixture.headers
      .map((h) => h.input)
      .filter((h) => decodeEncodedWords(h, { mode: 'iana' }).text !== ours(h));
    const longWord = (h: string): boolean => [...h.matchAll(WORD)].some((m) => m[0].length > 75); // RFC 2047 §2: at most 75 characters
    const malformed = [
      '=?utf-8?B?w6k=?==?utf-8?B?w6k=?=', // §5: words glued together
      '=?utf-8?B?w6?=', // §6.8 base64: not a multiple of 4
      // `=?utf-8?B?@@@@?=` (not base64) decodes to nothing: left as written in either mode
      'a=?utf-8?Q?b?=c', // §5: a word glued to text
      '"=?utf-8?Q?quoted?="', // §5: not inside a quoted-string
    ];
    // Words longer than 75 characters are read in either mode (Thunderbird writes them).
    expect(differ).toEqual(malformed);
    expect(fixture.headers.filter((h) => longWord(h.input)).length).toBe(7);
  });

  it('the default mail mode differs from the IANA reading only where a WHATWG superset shows what was meant', () => {
    const differ = fixture.headers
      .map((h) => h.input)
      .filter((h) => decodeEncodedWords(h, { strict: false }).text !== ours(h));
    expect(Object.fromEntries(differ.map((h) => [h, decodeEncodedWords(h).text]))).toEqual({
      '=?iso-8859-1?Q?Parhelia=99?=': 'Parhelia™',
      '=?iso-8859-1?Q?=80_20?=': '€ 20',
      '=?us-ascii?Q?caf=E9?=': 'café',
      '=?iso-8859-9?Q?=80?=': '€',
      '=?tis-620?B?5LfCgA==?=': 'ไทย€',
    });
    // Python, as the IANA reading: the C1 control U+0099.
    expect(fixture.headers.find((h) => h.input === differ[0])?.legacy).toBe('Parhelia\u0099');
  });
});

describe("bodies against Python's email package", () => {
  const part = (b: Fixture['bodies'][number], mode?: 'iana') =>
    decodeMimePart(
      {
        contentType: `text/plain; charset="${b.charset}"`,
        transferEncoding: b.transferEncoding,
        body: fromHex(b.body),
      },
      mode ? { mode } : undefined,
    );

  // The README's rows for bodies.
  const BODIES: readonly Row[] = [
    {
      why: 'quoted-printable: whitespace at the end of a line deleted (RFC 2045 §6.7 rule 3); Python keeps it',
      count: 2,
      is: (body) => /[ \t]\r\n/.test(body) && !body.includes('=  '),
    },
    {
      why: 'quoted-printable: `=` then whitespace at the end of a line is a soft line break (rules 3 and 5); Python keeps the `=` and the spaces',
      count: 1,
      is: (body) => body.includes('=  \r\n'),
    },
    {
      why: 'base64: one character is no byte (§6.8): nothing; Python gives back the undecoded body',
      count: 1,
      is: (body) => body === 'S',
    },
    {
      why: 'base64: data after an `=` read on (concatenated base64, as Thunderbird reads it); Python stops at the `=`',
      count: 2,
      is: (body) => /=[\s=]*[A-Za-z0-9+/]/.test(body),
    },
  ];

  it('get_payload(decode=True) and get_content() agree with ours, but for the listed rows', () => {
    expect(fixture.bodies.length).toBeGreaterThanOrEqual(80);
    const counts = BODIES.map(() => 0);
    const unlisted: unknown[] = [];
    for (const b of fixture.bodies) {
      const bytes = decodeTransferEncoding(fromHex(b.body), b.transferEncoding)!;
      const text = part(b, 'iana').text;
      if (hex(bytes) === b.bytes && text === b.content) continue;
      const body = Buffer.from(b.body, 'hex').toString('latin1');
      const row = BODIES.findIndex((r) => r.is(body));
      if (row < 0) unlisted.push({ body, ours: text, theirs: b.content });
      else counts[row]!++;
    }
    expect(unlisted).toEqual([]);
    expect(counts).toEqual(BODIES.map((r) => r.count));
  });

  it('the default mail mode reads these bodies as the IANA reading does', () => {
    for (const b of fixture.bodies) expect(part(b).text).toBe(part(b, 'iana').text);
  });

  it('bodies our encoders write, Python decodes to the bytes and the text we encoded', () => {
    expect(fixture.roundtrip.length).toBeGreaterThanOrEqual(13);
    for (const r of fixture.roundtrip) {
      // The fixture holds what our encoders write today.
      expect(encodeQuotedPrintable(r.text, { charset: r.charset })).toBe(r.quotedPrintable);
      expect(encodeBase64(encode(r.text, r.charset))).toBe(r.base64);
      const bytes = hex(encode(r.text, r.charset));
      expect([r.quotedPrintableBytes, r.base64Bytes]).toEqual([bytes, bytes]);
      expect([r.quotedPrintableContent, r.base64Content]).toEqual([r.text, r.text]);
    }
  });
});
