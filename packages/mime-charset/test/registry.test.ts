// One codec registry: every codec of @x/legacy-charsets reachable by its labels, with no setup call,
// in every function; label modes; UCS-2/UCS-4; "known, not implemented"; what byte inputs are taken.
import { getCodec, encodings as legacyEncodings } from '@x/legacy-charsets';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WHATWG_LABELS } from '../src/generated/labels';
import { registryRows } from '../src/registry-rows';
import {
  CharsetError,
  codecNames,
  decode,
  decodeDocument,
  decodeEncodedWords,
  decodeParameters,
  encode,
  type LabelMode,
  labelToEncoding,
  loadCodec,
  lookup,
  registerCodec,
  sniffDocument,
} from '../src/index';
import { resolveAnyLabel as resolveLabel } from '../src/iana-labels';

const MODES: LabelMode[] = ['whatwg', 'iana', 'loose'];
const bytes = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0));

/** Every label either registry or the family knows. */
function allLabels(): string[] {
  const labels = new Set<string>(codecNames());
  for (const row of WHATWG_LABELS.split(';')) {
    const [name, list] = row.split(' ');
    labels.add(name!);
    for (const l of list!.split(',')) labels.add(l);
  }
  for (const [name, , preferred, aliases] of registryRows()) {
    labels.add(name);
    if (preferred !== '') labels.add(preferred);
    for (const a of aliases === '' ? [] : aliases.split(',')) labels.add(a);
  }
  return [...labels];
}

/** Codec name -> a label and mode that reach it. */
function reach(): Map<string, { label: string; mode: LabelMode }> {
  const found = new Map<string, { label: string; mode: LabelMode }>();
  for (const label of allLabels())
    for (const mode of MODES) {
      const codec = resolveLabel(label, mode)?.codec;
      if (codec && !found.has(codec)) found.set(codec, { label, mode });
    }
  return found;
}

describe('one registry: @x/legacy-charsets and @x/mime-charset list the same codecs', () => {
  const legacy = legacyEncodings().map((e) => e.name);
  const ours = codecNames();
  // Implemented outside @x/legacy-charsets: UTF-8 by @x/utf8, UCS-2/UCS-4 here (src/ucs.ts).
  const OWN = ['utf-8', 'ucs-2', 'ucs-4'];

  it('every legacy codec is in the family list, and every family codec is a legacy one or our own', () => {
    expect(legacy.length).toBeGreaterThan(120);
    expect(legacy.filter((name) => !ours.includes(name))).toEqual([]);
    expect(ours.filter((name) => !legacy.includes(name) && !OWN.includes(name))).toEqual([]);
  });

  it('every codec has a label that reaches it, and decodes through it with no setup call', () => {
    const reached = reach();
    const sample = Uint8Array.from({ length: 256 }, (_, i) => i);
    for (const name of [...legacy, ...OWN]) {
      const via = reached.get(name);
      expect(via, name).toBeDefined();
      const { label, mode } = via!;
      const text = decode(sample, label, { mode });
      const reference =
        name === 'utf-8' ? new TextDecoder().decode(sample) : getCodec(name)?.decode(sample);
      if (!name.startsWith('ucs-')) expect(text, `${name} via ${label} (${mode})`).toBe(reference);
      // encode goes through the same codec: a character of the text comes back as it was.
      const ch = [...text].find((c) => c !== '\ufffd' && c > ' ' && !/\p{M}/u.test(c));
      if (ch !== undefined && name !== 'replacement') {
        expect(decode(encode(ch, label, { mode }), label, { mode }), name).toBe(ch);
      }
    }
  });

  it('the nine codecs the older registry could not reach decode by label', () => {
    const cases: [string, number[], string][] = [
      ['ISO-2022-KR', [0x1b, 0x24, 0x29, 0x43, 0x0e, 0x30, 0x21, 0x0f], '가'],
      ['ISO-2022-CN', [0x1b, 0x24, 0x29, 0x41, 0x0e, 0x48, 0x4b, 0x0f], '人'],
      ['HZ-GB-2312', [0x7e, 0x7b, 0x48, 0x4b, 0x7e, 0x7d], '人'],
      ['cp932', [0x82, 0xa0], 'あ'],
      ['cp949', [0xb0, 0xa1], '가'],
      ['cp950', [0xa4, 0x48], '人'],
      ['marc-8', [0xe2, 0x65], 'é'],
      ['ansel', [0xe2, 0x65], 'é'],
      ['unimarc', [0xc2, 0x65], 'é'],
    ];
    for (const [label, input, text] of cases) {
      expect(decode(new Uint8Array(input), label, { mode: 'iana' }).normalize(), label).toBe(text);
    }
  });
});

describe('no setup call: what the issue reported', () => {
  it('decodeDocument decodes a windows-1253 page, the windows-1252 default, and decode takes latin1', () => {
    const page = new Uint8Array([...bytes('<meta charset="windows-1253"><p>'), 0xe1, 0xe2]);
    expect(decodeDocument(page, { kind: 'html' })).toMatchObject({
      encoding: 'windows-1253',
      reason: 'prescan',
      text: '<meta charset="windows-1253"><p>αβ',
    });
    const plain = new Uint8Array([...bytes('<p>'), 0x80]);
    expect(decodeDocument(plain, { kind: 'html' })).toMatchObject({
      encoding: 'windows-1252',
      reason: 'default',
      text: '<p>€',
    });
    expect(decode(new Uint8Array([0xe9]), 'latin1')).toBe('é');
  });

  it('decodeEncodedWords decodes ISO-8859-1 (as mail readers do: windows-1252; IANA one option away)', () => {
    expect(decodeEncodedWords('=?ISO-8859-1?Q?Andr=E9?=')).toEqual({
      text: 'André',
      issues: [],
      languages: [],
    });
    // 0x80 is a C1 control in ISO-8859-1 and the euro sign in windows-1252, which senders mean.
    expect(decodeEncodedWords('=?ISO-8859-1?Q?=80?=').text).toBe('€');
    expect(decodeEncodedWords('=?ISO-8859-1?Q?=80?=', { mode: 'iana' }).text).toBe('\u0080');
  });

  it('plain RFC 2231 continuations report no codec issue (us-ascii is built in)', () => {
    const result = decodeParameters('attachment; filename*0="a b"; filename*1=".txt"');
    expect(result.issues).toEqual([]);
    expect(result.parameters.get('filename')).toMatchObject({ value: 'a b.txt' });
    const extended = decodeParameters("attachment; filename*0*=''a%20; filename*1=b");
    expect(extended.issues).toEqual([]);
    expect(extended.parameters.get('filename')).toMatchObject({ value: 'a b' });
  });
});

describe('label modes: loading needs no knowledge of the mode', () => {
  it('loadCodec gives the codec of its mode, and every mode of the label decodes afterwards', async () => {
    expect((await loadCodec('ISO-8859-1')).name).toBe('windows-1252');
    expect((await loadCodec('ISO-8859-1', { mode: 'iana' })).name).toBe('iso-8859-1');
    expect((await loadCodec('1253', { mode: 'loose' })).name).toBe('windows-1253');
    await expect(loadCodec('no-such-charset')).rejects.toMatchObject({ reason: 'unknown-label' });
    await expect(loadCodec('T.61-8bit', { mode: 'iana' })).rejects.toMatchObject({
      reason: 'not-implemented',
    });
  });

  it('registerCodec is by codec name: every mode that resolves to it uses it', () => {
    const calls: string[] = [];
    const base = getCodec('iso-8859-15')!;
    registerCodec({
      name: 'iso-8859-15',
      decode: (b) => {
        calls.push('decode');
        return base.decode(b);
      },
      encode: (t) => base.encode(t),
    });
    for (const mode of MODES)
      expect(decode(new Uint8Array([0xa4]), 'ISO-8859-15', { mode })).toBe('€');
    expect(calls.length).toBe(3);
    registerCodec(base);
  });
});

describe('loose mode', () => {
  const loose = { mode: 'loose' } as const;

  it('resolves the labels people write', () => {
    const cases: [string, string][] = [
      // The family's codec name: Microsoft's own table (in iana mode too).
      ['cp-1253', 'cp1253'],
      ['win1253', 'windows-1253'],
      ['WIN-1253', 'windows-1253'],
      ['1253', 'windows-1253'],
      ['ms-greek', 'windows-1253'],
      ['MS-ANSI', 'windows-1252'],
      ['x-cp1250', 'windows-1250'],
      ['874', 'windows-874'],
      ['elot928', 'ISO-8859-7'],
      ['utf8', 'UTF-8'],
      ['UTF 8', 'UTF-8'],
      ['latin-1', 'ISO-8859-1'],
      ['shift-jis', 'Shift_JIS'],
      ['ibm-437', 'IBM437'],
      ['dos-866', 'IBM866'],
      ['437', 'IBM437'],
      // Names no registry lists: GB 2312 in EUC form (Python's and glibc's euc-cn), and
      // Microsoft's CP50221, ISO-2022-JP with ESC ( I katakana.
      ['euc-cn', 'GB2312'],
      ['EUC_CN', 'GB2312'],
      ['cp50221', 'ISO-2022-JP'],
      ['CP50220', 'CP50220'],
      // Java's x-EUC-TW and its alias cns11643, glibc's EUCTW: the family's euc-tw
      ['x-EUC-TW', 'euc-tw'],
      ['cns11643', 'euc-tw'],
      ['EUCTW', 'euc-tw'],
    ];
    for (const [label, name] of cases) expect(labelToEncoding(label, loose), label).toBe(name);
  });

  it('reads euc-cn as GBK and CP50221 as ISO-2022-JP; leaves CP50222, whose SO/SI katakana that would garble', () => {
    // 中文 in CNS 11643 plane 1 (EUC-TW: row and cell | 0x80), by Java's label
    expect(decode(Uint8Array.of(0xc4, 0xe3, 0xc5, 0xc6), 'x-euc-tw', loose)).toBe('中文');
    // 中文 in GB 2312 (EUC form); ESC ( I katakana ｱｲ then ASCII.
    expect(decode(Uint8Array.of(0xd6, 0xd0, 0xce, 0xc4), 'euc-cn', loose)).toBe('中文');
    const katakana = Uint8Array.of(0x1b, 0x28, 0x49, 0x31, 0x32, 0x1b, 0x28, 0x42, 0x41);
    expect(decode(katakana, 'cp50221', loose)).toBe('ｱｲA');
    expect(decodeEncodedWords('=?euc-cn?B?1tDOxA==?=', { mode: 'loose' }).text).toBe('中文');
    for (const mode of ['whatwg', 'iana', 'mail'] as const)
      for (const label of ['euc-cn', 'cp50221'])
        expect(decodeEncodedWords(`=?${label}?Q?a?=`, { mode }).issues[0]?.reason, label).toBe(
          'unknown-charset',
        );
    for (const mode of ['whatwg', 'iana', 'loose'] as const)
      expect(labelToEncoding('cp50222', { mode }), mode).toBeNull();
  });

  it('is iana first, and knows nothing iana does not when nothing matches', () => {
    // Every label iana knows means the same in loose mode.
    for (const label of allLabels()) {
      const iana = labelToEncoding(label, { mode: 'iana' });
      if (iana !== null) expect(labelToEncoding(label, loose), label).toBe(iana);
    }
    for (const label of [
      '',
      '---',
      '99999',
      'cp',
      'win',
      'latin-99',
      'utf-9',
      'x\u212Aoi8-r',
      '1253x',
    ])
      expect(labelToEncoding(label, loose), label).toBeNull();
  });

  it('is never the default: WHATWG and IANA do not know these labels', () => {
    for (const label of ['1253', 'ms-greek', 'win1253', 'latin-1', 'elot928', 'cp-1253']) {
      expect(labelToEncoding(label), label).toBeNull();
      expect(labelToEncoding(label, { mode: 'iana' }), label).toBeNull();
    }
  });

  it('the page <meta content="text/html; charset=1253"> is windows-1253 in loose mode, not in WHATWG mode', () => {
    const page = new Uint8Array([
      ...bytes('<html><head><meta content="text/html; charset=1253"></head><p>'),
      0xe1,
    ]);
    expect(decodeDocument(page, { kind: 'html', mode: 'loose' })).toMatchObject({
      encoding: 'windows-1253',
      reason: 'prescan',
    });
    expect(decodeDocument(page, { kind: 'html', mode: 'loose' }).text.endsWith('α')).toBe(true);
    expect(decodeDocument(page, { kind: 'html' })).toMatchObject({
      encoding: 'windows-1252',
      reason: 'default',
    });
    expect(decodeDocument(page, { kind: 'html' }).text.endsWith('á')).toBe(true);
    // The transport's charset too.
    const plain = new Uint8Array([0xe1]);
    const contentType = 'text/plain; charset=win-1253';
    expect(decodeDocument(plain, { kind: 'text', contentType, mode: 'loose' }).text).toBe('α');
    expect(decodeDocument(plain, { kind: 'text', contentType }).encoding).toBe('UTF-8');
  });

  it('a loose <meta> never switches ASCII bytes to UTF-7 or UTF-16', () => {
    const utf7 = bytes('<meta content="charset=utf-7">+ADw-script+AD4-');
    expect(sniffDocument(utf7, { kind: 'html', mode: 'loose' }).encoding).toBe('windows-1252');
    const utf16 = bytes('<meta content="charset=utf-16le">');
    expect(sniffDocument(utf16, { kind: 'html', mode: 'loose' }).encoding).toBe('UTF-8');
  });

  it('squeezing is linear: a label 4 times longer reads about 4 times as many characters', () => {
    // Characters read (charCodeAt) counted, not timed: a test never asserts a timing.
    const reads = (n: number): number => {
      const charCodeAt = String.prototype.charCodeAt;
      let count = 0;
      String.prototype.charCodeAt = function (this: string, i: number): number {
        count++;
        return charCodeAt.call(this, i);
      };
      try {
        expect(labelToEncoding(`cp-${'-'.repeat(n)}1253`, loose)).toBe('cp1253');
      } finally {
        String.prototype.charCodeAt = charCodeAt;
      }
      return count;
    };
    const small = reads(4000);
    expect(small).toBeGreaterThanOrEqual(4000);
    expect(reads(16_000) / small).toBeLessThan(4.2);
  });

  it('any label: loose mode never throws and answers a name or null (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (label) => {
        const name = labelToEncoding(label, loose);
        expect(name === null || typeof name === 'string').toBe(true);
      }),
    );
  });
});

describe('UCS-2 and UCS-4 (ISO 10646, big-endian)', () => {
  it('UCS-2 is the BMP: a surrogate code unit is U+FFFD or an error, a supplementary character unencodable', () => {
    expect(
      decode(new Uint8Array([0x00, 0x41, 0x03, 0xb1]), 'ISO-10646-UCS-2', { mode: 'iana' }),
    ).toBe('Aα');
    const pair = new Uint8Array([0xd8, 0x3d, 0xde, 0x00, 0x00, 0x41]);
    expect(decode(pair, 'csUnicode', { mode: 'iana' })).toBe('\ufffd\ufffdA');
    expect(pair[0]).toBe(0xd8); // the caller's bytes are left as they were
    expect(() => decode(pair, 'csUnicode', { mode: 'iana', fatal: true })).toThrow(
      expect.objectContaining({ index: 0 }),
    );
    expect([...encode('Aα', 'ISO-10646-UCS-2', { mode: 'iana' })]).toEqual([0, 0x41, 0x03, 0xb1]);
    expect(() => encode('a😀', 'ISO-10646-UCS-2', { mode: 'iana' })).toThrow(
      expect.objectContaining({ index: 1, codePoint: 0x1f600 }),
    );
    expect([
      ...encode('😀', 'ISO-10646-UCS-2', { mode: 'iana', unencodable: 'replacement' }),
    ]).toEqual([0, 0x3f]);
    expect(
      decode(
        encode('😀', 'ISO-10646-UCS-2', { mode: 'iana', unencodable: 'html' }),
        'ISO-10646-UCS-2',
        { mode: 'iana' },
      ),
    ).toBe('&#128512;');
    // On the web, `ucs-2` and `csunicode` are labels of UTF-16LE: unchanged.
    expect(labelToEncoding('csunicode')).toBe('UTF-16LE');
  });

  it('UCS-4 is UTF-32BE within Unicode', () => {
    const text = 'A😀';
    const encoded = encode(text, 'ISO-10646-UCS-4', { mode: 'iana' });
    expect([...encoded]).toEqual([0, 0, 0, 0x41, 0, 1, 0xf6, 0]);
    expect(decode(encoded, 'csUCS4', { mode: 'iana' })).toBe(text);
    expect(decode(new Uint8Array([0x7f, 0, 0, 0]), 'csUCS4', { mode: 'iana' })).toBe('\ufffd');
  });

  it('round trip on any BMP text (UCS-2) and any text (UCS-4) (property)', () => {
    const scalar = fc.oneof(
      fc.integer({ min: 0, max: 0xd7ff }),
      fc.integer({ min: 0xe000, max: 0x10ffff }),
    );
    const iana = { mode: 'iana' } as const;
    fc.assert(
      fc.property(fc.array(scalar, { maxLength: 40 }), (cps) => {
        const text = String.fromCodePoint(...cps);
        const bmp = String.fromCodePoint(...cps.filter((c) => c <= 0xffff));
        expect(decode(encode(bmp, 'csUnicode', iana), 'csUnicode', iana)).toBe(bmp);
        expect(decode(encode(text, 'csUCS4', iana), 'csUCS4', iana)).toBe(text);
      }),
    );
  });
});

describe('known, not implemented', () => {
  it('every IANA charset either decodes or is reported not-implemented by lookup and at once by decode', () => {
    let missing = 0;
    for (const [name, mib] of registryRows()) {
      if (mib === '') continue;
      const info = lookup(name)!;
      expect(info.name, name).toBe(name);
      if (info.implemented) {
        expect(() => decode(bytes('A'), name, { mode: 'iana' }), name).not.toThrow();
        continue;
      }
      missing++;
      let error: unknown;
      try {
        decode(bytes('A'), name, { mode: 'iana' });
      } catch (e) {
        error = e;
      }
      expect(error, name).toBeInstanceOf(CharsetError);
      expect((error as CharsetError).reason, name).toBe('not-implemented');
    }
    expect(missing).toBeGreaterThan(50);
    expect(lookup('T.61-8bit')?.implemented).toBe(false);
    expect(lookup('UNKNOWN-8BIT')?.implemented).toBe(false);
    // RFC 1642's UTF-7, which RFC 2152 obsoletes and reads alike; Microsoft's ISO-2022-JP.
    expect(lookup('csUnicode11UTF7')).toMatchObject({
      name: 'UNICODE-1-1-UTF-7',
      codec: 'utf-7',
      implemented: true,
    });
    expect(lookup('CP50220')).toMatchObject({ codec: 'iso-2022-jp', implemented: true });
    expect(lookup('ISO-10646-UCS-2')).toMatchObject({ codec: 'ucs-2', implemented: true });
    expect(lookup('ISO-10646-UCS-4')).toMatchObject({ codec: 'ucs-4', implemented: true });
  });
});

describe('byte inputs: what TextDecoder.decode takes', () => {
  const source = [0x3c, 0x70, 0x3e, 0xe9];
  const kinds = (): [string, unknown][] => {
    const buffer = new Uint8Array([0xff, ...source, 0xff]).buffer;
    const shared = new SharedArrayBuffer(source.length);
    new Uint8Array(shared).set(source);
    return [
      ['Uint8Array', new Uint8Array(source)],
      ['Buffer', Buffer.from(source)],
      ['Uint8Array view at an offset', new Uint8Array(buffer, 1, source.length)],
      ['DataView', new DataView(buffer, 1, source.length)],
      ['Uint16Array', new Uint16Array(new Uint8Array(source).buffer)],
      ['ArrayBuffer', new Uint8Array(source).buffer],
      ['SharedArrayBuffer', shared],
    ];
  };
  const refused: [string, unknown][] = [
    ['array of numbers', source],
    ['string', '<p>'],
    ['number', 4],
    ['null', null],
    ['plain object', { length: 4, 0: 0x3c }],
  ];
  const exports: [string, (input: never) => unknown][] = [
    ['decode', (input) => decode(input, 'latin1')],
    ['decodeDocument', (input) => decodeDocument(input, { kind: 'html' }).text],
    ['sniffDocument', (input) => sniffDocument(input, { kind: 'html' }).encoding],
  ];

  it('every byte-taking export takes every kind of bytes, the same as a Uint8Array', () => {
    for (const [name, run] of exports) {
      const expected = run(new Uint8Array(source) as never);
      for (const [kind, input] of kinds())
        expect(run(input as never), `${name}(${kind})`).toEqual(expected);
    }
    expect(decode(new Uint8Array(source).buffer, 'latin1')).toBe('<p>é');
  });

  it('and throws a TypeError naming the argument for anything else', () => {
    for (const [name, run] of exports)
      for (const [kind, input] of refused)
        expect(() => run(input as never), `${name}(${kind})`).toThrow(
          new TypeError('"bytes" must be an ArrayBuffer, SharedArrayBuffer or ArrayBufferView'),
        );
  });
});
