import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { labelToName } from '@exodus/bytes/encoding-lite.js';
import {
  codecNames,
  decode,
  decodeEncodedWords,
  decodeMimePart,
  getEncoding,
  labelToEncoding,
  lookup,
} from '../src/index';
import { find, findExactWhatwg, whatwgLabelTable } from '../src/labels';

const encodings = (
  JSON.parse(readFileSync(join(import.meta.dirname, '../data/encodings.json'), 'utf8')) as {
    encodings: { name: string; labels: string[] }[];
  }[]
).flatMap((g) => g.encodings);
const whatwgOf = new Map(encodings.flatMap((e) => e.labels.map((l) => [l, e.name] as const)));

describe('labelToEncoding, whatwg mode', () => {
  it('resolves all 228 WHATWG labels to their encoding', () => {
    const labels = encodings.flatMap((e) => e.labels.map((l) => [l, e.name] as const));
    expect(labels).toHaveLength(228);
    for (const [label, name] of labels) expect(labelToEncoding(label)).toBe(name);
  });

  it('trims ASCII whitespace and ignores ASCII case', () => {
    expect(labelToEncoding(' Latin1 ')).toBe('windows-1252');
    expect(labelToEncoding('\t\n\f\rUTF-8\r\n')).toBe('UTF-8');
    expect(labelToEncoding('SHIFT_JIS')).toBe('Shift_JIS');
  });

  it('knows the classic traps', () => {
    expect(labelToEncoding('ks_c_5601-1987')).toBe('EUC-KR');
    expect(labelToEncoding('x-sjis')).toBe('Shift_JIS');
    expect(labelToEncoding('utf8')).toBe('UTF-8');
    expect(labelToEncoding('unicode-1-1-utf-8')).toBe('UTF-8');
    expect(labelToEncoding('iso-2022-kr')).toBe('replacement');
    expect(labelToEncoding('latin1')).toBe('windows-1252');
    expect(labelToEncoding('us-ascii')).toBe('windows-1252');
    expect(labelToEncoding('gb2312')).toBe('GBK');
  });

  it('rejects unknown labels, inner whitespace and non-ASCII look-alikes', () => {
    expect(labelToEncoding('utf-7')).toBeNull();
    expect(labelToEncoding('utf -8')).toBeNull();
    expect(labelToEncoding('')).toBeNull();
    expect(labelToEncoding('\u00a0utf-8')).toBeNull(); // NBSP is not ASCII whitespace
    expect(labelToEncoding('\u212aoi8-r')).toBeNull(); // KELVIN SIGN lowercases to k
    expect(labelToEncoding('utf-8\u0000')).toBeNull();
  });

  it('is case- and whitespace-insensitive for every label (property)', () => {
    const all = encodings.flatMap((e) => e.labels.map((l) => [l, e.name] as const));
    fc.assert(
      fc.property(
        fc.constantFrom(...all),
        fc.array(fc.boolean(), { maxLength: 40 }),
        fc.stringMatching(/^[ \t\n\f\r]{0,3}$/),
        fc.stringMatching(/^[ \t\n\f\r]{0,3}$/),
        ([label, name], upper, before, after) => {
          const mixed = [...label].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join('');
          expect(labelToEncoding(before + mixed + after)).toBe(name);
        },
      ),
      { numRuns: 300 },
    );
  });
});

// The IANA registry in its XML form (test/vectors/SOURCES.md), read independently of the CSV export
// the generator uses: name, MIBenum, preferred MIME name and aliases of every record.
interface IanaRecord {
  name: string;
  mib: number;
  preferred: string | undefined;
  aliases: string[];
}
const ianaRecords: IanaRecord[] = (() => {
  const xml = readFileSync(
    join(import.meta.dirname, 'vectors/iana-character-sets.2022-07-14.xml'),
    'utf8',
  );
  const field = (record: string, tag: string): string[] =>
    record
      .split(`<${tag}>`)
      .slice(1)
      .map((part) => part.slice(0, part.indexOf(`</${tag}>`)).trim());
  return xml
    .split(/<record[\s>]/)
    .slice(1)
    .map((record) => record.slice(0, record.indexOf('</record>')))
    .filter((record) => record.includes('<name>'))
    .map((record) => ({
      name: field(record, 'name')[0]!,
      mib: Number(field(record, 'value')[0]),
      preferred: field(record, 'preferred_alias')[0],
      // One alias carries a registry note after it (Amiga-1251): the alias is its first word.
      aliases: field(record, 'alias').map((a) => a.split(/\s/)[0]!),
    }));
})();

describe("the exact-spelling lookup (charsetFromContentType's first try)", () => {
  it('finds every key of the WHATWG table, each label in every spelling the table holds', () => {
    const table = whatwgLabelTable();
    const keys = Object.keys(table);
    expect(keys.length).toBeGreaterThan(228);
    // Fresh copies, as a label cut from a header is: the same answer as the table's.
    for (const key of keys) expect(findExactWhatwg(`${key} `.slice(0, -1))).toBe(table[key]);
  });

  it('finds nothing the table does not hold as written; find then answers (property)', () => {
    const table = whatwgLabelTable();
    const label = fc.oneof(
      fc
        .constantFrom(...Object.keys(table))
        .chain((key) =>
          fc.constantFrom(
            key,
            ` ${key}`,
            key.toLowerCase(),
            key.toUpperCase(),
            `${key}x`,
            key.slice(1),
          ),
        ),
      fc.string({ maxLength: 12 }),
      fc.constantFrom('', 'utf\u212a', '\u212aoi8-r', 'u', 'constructor', '__proto__'),
    );
    fc.assert(
      fc.property(label, (l) => {
        const exact = findExactWhatwg(l);
        const held = l in table; // a null-prototype object: only its own keys
        expect(exact).toBe(held ? table[l] : undefined);
        expect(exact ?? find(table, l)).toBe(find(table, l));
      }),
      { numRuns: 3000 },
    );
  });
});

describe('the IANA registry in iana mode', () => {
  it('reads the whole registry', () => {
    expect(ianaRecords).toHaveLength(258);
    expect(ianaRecords.flatMap((r) => r.aliases).filter((a) => a.startsWith('cs'))).toHaveLength(
      265,
    );
  });

  it('resolves every name and alias of every record, cs… aliases included, to that record', () => {
    let checked = 0;
    for (const record of ianaRecords) {
      const expected = record.preferred ?? record.name;
      for (const label of [record.name, ...record.aliases]) {
        for (const spelling of [label, label.toLowerCase(), label.toUpperCase(), ` ${label}\t`]) {
          expect(labelToEncoding(spelling, { mode: 'iana' }), `${record.name}: ${spelling}`).toBe(
            expected,
          );
        }
        const info = lookup(label);
        expect(info?.mibEnum, label).toBe(record.mib);
        expect(info?.name, label).toBe(record.name);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(850);
  });

  it('gives none of them a meaning in whatwg mode unless the Encoding Standard lists it', () => {
    for (const record of ianaRecords) {
      for (const label of [record.name, ...record.aliases]) {
        // The Encoding Standard's own table, and @exodus/bytes' labelToName as a second opinion.
        const web = whatwgOf.get(label.toLowerCase()) ?? null;
        expect(labelToEncoding(label), label).toBe(web);
        expect(getEncoding(label), label).toBe(web);
        expect(labelToName(label), label).toBe(web);
      }
    }
  });
});

describe('getEncoding', () => {
  it('is labelToEncoding in whatwg mode', () => {
    for (const e of encodings) {
      for (const label of e.labels) expect(getEncoding(` ${label.toUpperCase()}\n`)).toBe(e.name);
    }
    expect(getEncoding('csUTF8')).toBeNull();
    expect(getEncoding('latin1')).toBe('windows-1252');
    expect(getEncoding('')).toBeNull();
  });
});

describe('labelToEncoding, iana mode', () => {
  it('gives mail meanings to IANA names', () => {
    expect(labelToEncoding('latin1', { mode: 'iana' })).toBe('ISO-8859-1');
    expect(labelToEncoding('ISO-8859-1', { mode: 'iana' })).toBe('ISO-8859-1');
    expect(labelToEncoding('us-ascii', { mode: 'iana' })).toBe('US-ASCII');
    expect(labelToEncoding('latin5', { mode: 'iana' })).toBe('ISO-8859-9');
    expect(labelToEncoding('ks_c_5601-1987', { mode: 'iana' })).toBe('KS_C_5601-1987');
    expect(labelToEncoding('Windows-31J', { mode: 'iana' })).toBe('Windows-31J');
    expect(labelToEncoding('csISOLatin1', { mode: 'iana' })).toBe('ISO-8859-1'); // also a WHATWG label
    expect(labelToEncoding('csIBM037', { mode: 'iana' })).toBe('IBM037');
    expect(labelToEncoding('csShiftJIS', { mode: 'iana' })).toBe('Shift_JIS');
    expect(labelToEncoding('csUTF8', { mode: 'iana' })).toBe('UTF-8');
    expect(labelToEncoding('UTF-7-IMAP', { mode: 'iana' })).toBe('UTF-7-IMAP');
    // A charset the family has no codec for still has its IANA name (decoding reports it).
    expect(labelToEncoding('csHPRoman8', { mode: 'iana' })).toBe('hp-roman8');
    expect(labelToEncoding('IBM037', { mode: 'iana' })).toBe('IBM037');
    expect(labelToEncoding('utf-7', { mode: 'iana' })).toBe('UTF-7');
  });

  it('falls back to the WHATWG labels IANA does not know', () => {
    expect(labelToEncoding('utf8', { mode: 'iana' })).toBe('UTF-8');
    // The family's codec name (Microsoft's table) outranks the WHATWG label of windows-1252.
    expect(labelToEncoding('cp1252', { mode: 'iana' })).toBe('cp1252');
    expect(labelToEncoding('x-sjis', { mode: 'iana' })).toBe('Shift_JIS');
    // WHATWG's `replacement` labels are IANA charsets in mail, not U+FFFD.
    expect(labelToEncoding('iso-2022-kr', { mode: 'iana' })).toBe('ISO-2022-KR');
    expect(labelToEncoding('hz-gb-2312', { mode: 'iana' })).toBe('HZ-GB-2312');
    expect(labelToEncoding('replacement', { mode: 'iana' })).toBeNull();
    expect(labelToEncoding('no-such', { mode: 'iana' })).toBeNull();
  });
});

describe('lookup', () => {
  it('joins IANA, WHATWG and the family codec', () => {
    expect(lookup('latin1')).toEqual({
      name: 'ISO_8859-1:1987',
      mibEnum: 4,
      preferredMimeName: 'ISO-8859-1',
      aliases: [
        'iso-ir-100',
        'ISO_8859-1',
        'ISO-8859-1',
        'latin1',
        'l1',
        'IBM819',
        'CP819',
        'csISOLatin1',
      ],
      whatwgName: 'windows-1252',
      codec: 'iso-8859-1',
      implemented: true,
    });
  });

  it('finds the IANA record of a WHATWG-only label', () => {
    expect(lookup('utf8')).toMatchObject({
      name: 'UTF-8',
      mibEnum: 106,
      whatwgName: 'UTF-8',
      codec: 'utf-8',
    });
    expect(lookup('cp1252')).toMatchObject({
      name: 'windows-1252',
      mibEnum: 2252,
      codec: 'windows-1252',
    });
    expect(lookup('x-sjis')).toMatchObject({
      name: 'Shift_JIS',
      mibEnum: 17,
      whatwgName: 'Shift_JIS',
    });
  });

  it('lists WHATWG encodings IANA does not register', () => {
    expect(lookup('x-user-defined')).toEqual({
      name: 'x-user-defined',
      aliases: [],
      whatwgName: 'x-user-defined',
      codec: 'x-user-defined',
      implemented: true,
    });
    expect(lookup('x-mac-cyrillic')?.mibEnum).toBeUndefined();
  });

  it('reports IANA charsets the family does not implement, without a codec', () => {
    const info = lookup(' csISO2022KR ');
    expect(info).toMatchObject({ name: 'ISO-2022-KR', mibEnum: 37, whatwgName: 'replacement' });
    expect(info).toMatchObject({ codec: 'iso-2022-kr', implemented: true });
    const t61 = lookup('T.61-8bit');
    expect(t61).toMatchObject({ name: 'T.61-8bit', mibEnum: 76, implemented: false });
    expect(t61?.codec).toBeUndefined();
    // The bibliographic sets and more IBM code pages have codecs of their own.
    expect(lookup('csISO5428Greek')).toMatchObject({
      mibEnum: 55,
      codec: 'iso-5428',
      implemented: true,
    });
    expect(lookup('iso-ir-37')).toMatchObject({ name: 'ISO_5427', codec: 'iso-5427' });
    expect(lookup('ISO5427Cyrillic1981')).toMatchObject({ mibEnum: 54, codec: 'iso-5427-ext' });
    expect(lookup('CP00858')).toMatchObject({ name: 'IBM00858', codec: 'cp858' });
    expect(lookup('ebcdic-cp-he')).toMatchObject({ name: 'IBM424', codec: 'cp424' });
    expect(lookup('IBM037')).toMatchObject({
      mibEnum: 2028,
      aliases: expect.arrayContaining(['cp037']),
    });
    expect(lookup('IBM037')?.whatwgName).toBeUndefined();
  });

  it('hands out entries no caller can change', () => {
    const entry = lookup('latin1')!;
    expect(() => {
      (entry.aliases as string[]).push('mine');
    }).toThrow(TypeError);
    expect(Object.isFrozen(lookup('IBM037'))).toBe(true);
  });

  it('returns null for unknown labels and non-ASCII look-alikes', () => {
    expect(lookup('no-such-charset')).toBeNull();
    expect(lookup('\u212aoi8-r')).toBeNull();
  });

  it('every codec is known to the registry or reachable by its own name in iana mode', () => {
    const names = codecNames();
    expect(names).toContain('windows-1252');
    for (const name of names) {
      const viaIana = labelToEncoding(name, { mode: 'iana' });
      expect(lookup(name) !== null || viaIana === name, name).toBe(true);
    }
    expect(labelToEncoding('x-mac-greek', { mode: 'iana' })).toBe('x-mac-greek');
    expect(labelToEncoding('x-mac-greek')).toBeNull();
  });
});

describe('spellings of ISO 8859 and ASCII names, and Python names (audit against Python 3.11)', () => {
  it('iana mode reads a WHATWG-only spelling of an IANA name as that exact charset', () => {
    for (const [label, name] of [
      ['iso8859-1', 'ISO-8859-1'],
      ['ISO88591', 'ISO-8859-1'],
      ['iso-8859-1', 'ISO-8859-1'],
      ['ascii', 'US-ASCII'],
      ['us-ascii', 'US-ASCII'],
      ['ansi_x3.4-1968', 'US-ASCII'],
      ['iso8859-9', 'ISO-8859-9'],
      ['iso88599', 'ISO-8859-9'],
      ['iso8859-11', 'TIS-620'],
    ] as const) {
      expect(labelToEncoding(label, { mode: 'iana' }), label).toBe(name);
      expect(labelToEncoding(label, { mode: 'loose' }), label).toBe(name);
    }
    // test_email.py:5545 and 5555: Python decodes 0x80 in ASCII as U+FFFD.
    expect(decode(new Uint8Array([0x80]), 'ascii', { mode: 'iana' })).toBe('\uFFFD');
    expect(decode(new Uint8Array([0x80]), 'iso8859-1', { mode: 'iana' })).toBe('\u0080');
    // The web reading is unchanged.
    expect(labelToEncoding('ascii')).toBe('windows-1252');
    expect(labelToEncoding('iso8859-9')).toBe('windows-1254');
    // Mail mode keeps reading them as mail readers do: the WHATWG superset.
    for (const label of ['iso8859-1', 'ascii', 'us-ascii', 'iso8859-9'])
      expect(decodeEncodedWords(`=?${label}?q?=80?=`).text, label).toBe('€');
    expect(decodeEncodedWords('=?iso8859-1?q?=80?=', { mode: 'iana' }).text).toBe('\u0080');
    // A label of another spelling that is no WHATWG label stays unknown in iana mode.
    expect(labelToEncoding('latin-1', { mode: 'iana' })).toBeNull();
  });

  it('mail mode reads latin-1, ansi-x3.4-1968 and mac-iceland as the names they spell', () => {
    // test__encoded_words.py:84 (latin-1); mutt's ANSI-X3.4-1968 (test_email/data/msg_32.txt).
    expect(decodeEncodedWords('=?latin-1?q?caf=E9?=').text).toBe('café');
    // Read as us-ascii is in mail mode: windows-1252 for 8-bit bytes.
    expect(decodeEncodedWords('=?ansi-x3.4-1968?q?=80?=', { strict: false }).text).toBe('€');
    expect(decodeEncodedWords('=?latin-1?q?=80?=', { mode: 'iana' }).issues[0]?.reason).toBe(
      'unknown-charset',
    );
    expect(decodeEncodedWords('=?mac-iceland?q?=DE?=').text).toBe('Þ');
    expect(
      decodeMimePart({ contentType: 'text/plain; charset=latin-1', body: new Uint8Array([0xe9]) })
        .text,
    ).toBe('é');
    // The rule stays: cp50221 is no IANA or WHATWG name (loose mode reads it).
    expect(decodeEncodedWords('=?cp50221?q?a?=').issues[0]?.reason).toBe('unknown-charset');
  });

  it("loose and mail modes read Python's names of the Mac charsets as the family's x-mac codecs", () => {
    for (const [label, name] of [
      ['mac-roman', 'x-mac-roman'],
      ['macroman', 'x-mac-roman'],
      ['mac_cyrillic', 'x-mac-cyrillic'],
      ['mac_greek', 'x-mac-greek'],
      ['mac_iceland', 'x-mac-icelandic'],
      ['mac-iceland', 'x-mac-icelandic'],
      ['mac_latin2', 'x-mac-centraleurroman'],
      ['maccentraleurope', 'x-mac-centraleurroman'],
      ['mac_centeuro', 'x-mac-centraleurroman'],
      ['mac_turkish', 'x-mac-turkish'],
      ['mac_croatian', 'x-mac-croatian'],
      ['mac_romanian', 'x-mac-romanian'],
      ['mac_arabic', 'x-mac-arabic'],
      ['mac_farsi', 'x-mac-farsi'],
    ] as const) {
      expect(labelToEncoding(label, { mode: 'loose' }), label).toBe(name);
      expect(labelToEncoding(label, { mode: 'iana' }), label).toBeNull();
      expect(decodeEncodedWords(`=?${label}?Q?a?=`, { strict: false }).issues, label).toEqual([]);
    }
    expect(decode(new Uint8Array([0xde]), 'mac_iceland', { mode: 'loose' })).toBe('Þ');
  });
});

describe('every spelling of a label has one meaning, in every mode (README: ASCII case-insensitive)', () => {
  // Every label some table holds: the WHATWG labels and names, every IANA name and alias, the
  // family's codec names, and loose mode's own names.
  const labels = [
    ...new Set([
      ...encodings.flatMap((e) => [e.name, ...e.labels]),
      ...ianaRecords.flatMap((r) => [r.name, ...(r.preferred ? [r.preferred] : []), ...r.aliases]),
      ...codecNames(),
      ...['ms-ee', 'winbaltrim', 'euc-cn', 'cp50221', 'x-EUC-TW', 'cns11643', 'mac_iceland'],
      ...['cp65001', 'ucs4le', 'ucs-4le', 'x-euc-cn', 'ujis', 'latin-1', 'win1253', 'dos-866'],
    ]),
  ];
  const modes = ['whatwg', 'iana', 'loose'] as const;

  it('UCS-2, KOI8-RU, CP1250-CP1258 and X-MAC-ROMAN mean in upper case what they mean in lower case', () => {
    // iana and loose: the family's codec of that name (big-endian UCS-2, IBM 1168, Microsoft's
    // tables, Apple's Mac OS Roman), as the lowercase spellings always did.
    for (const mode of ['iana', 'loose'] as const) {
      expect(labelToEncoding('UCS-2', { mode })).toBe('ucs-2');
      expect(labelToEncoding('KOI8-RU', { mode })).toBe('koi8-ru');
      expect(labelToEncoding('X-MAC-ROMAN', { mode })).toBe('x-mac-roman');
      for (let n = 1250; n <= 1258; n++) {
        expect(labelToEncoding(`CP${n}`, { mode })).toBe(`cp${n}`);
        expect(labelToEncoding(`Cp${n}`, { mode })).toBe(`cp${n}`);
      }
      expect(decode(Uint8Array.of(0, 0x41), 'UCS-2', { mode })).toBe('A');
      expect(decode(Uint8Array.of(0, 0x41), 'Ucs-2', { mode })).toBe('A');
    }
    // whatwg: the Encoding Standard's labels, in any case.
    expect(labelToEncoding('UCS-2')).toBe('UTF-16LE');
    expect(labelToEncoding('KOI8-RU')).toBe('KOI8-U');
    expect(labelToEncoding('CP1250')).toBe('windows-1250');
    expect(labelToEncoding('X-MAC-ROMAN')).toBe('macintosh');
  });

  it('every label of every table gives the same answer lowercased, uppercased and as written', () => {
    for (const mode of modes)
      for (const label of labels) {
        const answer = labelToEncoding(label.toLowerCase(), { mode });
        expect(labelToEncoding(label, { mode }), `${mode} ${label}`).toBe(answer);
        expect(labelToEncoding(label.toUpperCase(), { mode }), `${mode} ${label}`).toBe(answer);
      }
  });

  it('any ASCII case change of any label gives the same encoding (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...labels),
        fc.constantFrom(...modes),
        fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }),
        (label, mode, upper) => {
          const mixed = [...label]
            .map((c, i) => (upper[i] ? c.toUpperCase() : c.toLowerCase()))
            .join('');
          expect(labelToEncoding(mixed, { mode })).toBe(labelToEncoding(label, { mode }));
          expect(lookup(mixed)).toEqual(lookup(label));
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('loose mode: labels real data carries that no registry lists', () => {
  it('cp65001, ucs-4le, x-euc-cn, ujis and CESU-8', () => {
    for (const [label, name] of [
      ['cp65001', 'UTF-8'],
      ['CP65001', 'UTF-8'],
      ['windows-65001', 'UTF-8'],
      ['65001', 'UTF-8'],
      ['ucs4le', 'UTF-32LE'],
      ['ucs-4le', 'UTF-32LE'],
      ['UCS-4LE', 'UTF-32LE'],
      ['x-euc-cn', 'GB2312'],
      ['X-EUC-CN', 'GB2312'],
      ['ujis', 'EUC-JP'],
      ['UJIS', 'EUC-JP'],
      ['cesu8', 'CESU-8'],
    ] as const) {
      expect(labelToEncoding(label, { mode: 'loose' }), label).toBe(name);
      // None is an IANA name or alias, nor a WHATWG label.
      expect(labelToEncoding(label, { mode: 'iana' }), label).toBeNull();
      expect(labelToEncoding(label), label).toBeNull();
    }
    expect(decode(Uint8Array.of(0xe2, 0x82, 0xac), 'cp65001', { mode: 'loose' })).toBe('€');
    expect(decode(Uint8Array.of(0xac, 0x20, 0, 0), 'ucs-4le', { mode: 'loose' })).toBe('€');
    expect(decode(Uint8Array.of(0xc4, 0xe3), 'x-euc-cn', { mode: 'loose' })).toBe('你');
    expect(decode(Uint8Array.of(0xa4, 0xa2), 'ujis', { mode: 'loose' })).toBe('あ');
  });

  it('CESU-8 is an IANA name (MIBenum 1016) with its aliases, in iana mode too', () => {
    for (const label of ['CESU-8', 'csCESU8', 'csCESU-8', 'cesu-8'])
      expect(labelToEncoding(label, { mode: 'iana' }), label).toBe('CESU-8');
    expect(lookup('csCESU8')).toMatchObject({ name: 'CESU-8', mibEnum: 1016, codec: 'cesu-8' });
    expect(
      decode(Uint8Array.of(0xed, 0xa0, 0xbd, 0xed, 0xb8, 0x80), 'CESU-8', { mode: 'iana' }),
    ).toBe('😀');
    expect(labelToEncoding('cesu-8')).toBeNull();
  });
});
