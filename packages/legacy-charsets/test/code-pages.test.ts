// The code pages added from the shared data set beyond the WHATWG and Microsoft ones, and ISO 5426,
// ISO 5427 and ISO 5428 as codecs of their own. Every byte of the table code pages both ways is in
// test/tables.test.ts (it reads TABLES); here: the IBM control exchange the generator undoes, the
// README list, and every code of the bibliographic sets both ways against data/marc/unimarc.xml.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { ASCII_CONTROLS, parseMarc, parseTable, TABLES } from '../scripts/generate-tables';
import { DecodeError, decode, EncodeError, encode, encodings, getCodec } from '../src/index';

const packageDir = join(import.meta.dirname, '..');
const dataDir = join(packageDir, 'data');

const ADDED = [
  'cp720',
  'cp858',
  'cp851',
  'cp856',
  'cp808',
  'cp868',
  'cp1125',
  'cp1131',
  'windows-708',
  'kz-1048',
  'cp273',
  'cp277',
  'cp278',
  'cp280',
  'cp284',
  'cp285',
  'cp297',
  'cp838',
  'cp870',
  'cp871',
  'cp424',
  'cp1025',
  'x-mac-croatian',
  'x-mac-romanian',
  'x-mac-celtic',
  'x-mac-gaelic',
  'x-mac-inuit',
  'cp1006',
  'hp-roman8',
  'ptcp154',
];

describe('the added code pages', () => {
  it('are table codecs, listed by encodings() and in the README with their source', () => {
    const readme = readFileSync(join(packageDir, 'README.md'), 'utf8');
    for (const name of ADDED) {
      const spec = TABLES.find((t) => t.name === name);
      expect(spec, name).toBeDefined();
      expect(encodings().some((e) => e.name === name)).toBe(true);
      expect(readme, name).toContain(`\`${name}\``);
      const file = spec!.source.replace(ASCII_CONTROLS, '').split('/').pop()!;
      expect(readme, file).toContain(file);
    }
  });

  it.each(TABLES.filter((t) => t.source.endsWith(ASCII_CONTROLS)))(
    '$name: the IBM table read with 0x1A 0x1C 0x7F as the ASCII controls, nothing else changed',
    ({ name, source }) => {
      const ibm = parseTable(dataDir, source.slice(0, -ASCII_CONTROLS.length));
      const ours = parseTable(dataDir, source);
      const differ = ours.flatMap((u, b) => (u === ibm[b] ? [] : [b]));
      expect(differ).toEqual([0x1a, 0x1c, 0x7f]);
      expect([ibm[0x1a], ibm[0x1c], ibm[0x7f]]).toEqual([0x1c, 0x7f, 0x1a]);
      expect(decode(new Uint8Array([0x1a, 0x1c, 0x7f]), name, { fatal: true })).toBe(
        '\x1a\x1c\x7f',
      );
      for (let b = 0; b < 0x80; b++) expect(ours[b]).toBe(b);
    },
  );

  it('known characters: the euro in cp858, Ukrainian in cp1125, the lira in cp720 is not there', () => {
    expect(decode(new Uint8Array([0xd5]), 'cp858')).toBe('€');
    expect(decode(new Uint8Array([0xd5]), 'cp850')).toBe('ı');
    expect(decode(new Uint8Array([0xf4, 0xf6, 0xf8]), 'cp1125')).toBe('ЄІЇ');
    expect(Array.from(encode('Ґґ', 'cp1125'))).toEqual([0xf2, 0xf3]);
    expect(decode(new Uint8Array([0xaa]), 'kz-1048')).toBe('Ғ');
    expect(decode(new Uint8Array([0x5a]), 'cp273')).toBe('Ü');
    expect(decode(new Uint8Array([0x4a]), 'cp273')).toBe('Ä');
    expect(() => encode('₤', 'cp720')).toThrow(EncodeError);
  });
});

// Two bytes where the sources disagree (README "Where the sources disagree").
describe('table disputes', () => {
  it('cp1125 is RST 2018-91: 0xFA 0xFB are · and √ (glibc, Python, iconv-lite), not IBM 1125 ÷ ±', () => {
    expect(decode(new Uint8Array([0xfa, 0xfb]), 'cp1125', { fatal: true })).toBe('·√');
    expect(Array.from(encode('·√', 'cp1125'))).toEqual([0xfa, 0xfb]);
    expect(() => encode('÷', 'cp1125')).toThrow(EncodeError);
    expect(() => encode('±', 'cp1125')).toThrow(EncodeError);
    // The same two bytes as cp866, from which the Ukrainian DOS code page is drawn.
    expect(decode(new Uint8Array([0xfa, 0xfb]), 'cp866')).toBe('·√');
  });
  it("cp1125: glibc's CP1125 differs from ICU's ibm-1125 at 0xFA 0xFB and the three PC controls only", () => {
    const glibc = parseTable(dataDir, 'glibc-charmaps/CP1125');
    const ibm = parseTable(dataDir, 'icu-ucm/ibm-1125_P100-1997.ucm');
    const differ = glibc.flatMap((u, b) => (u === ibm[b] ? [] : [b]));
    expect(differ).toEqual([0x1a, 0x1c, 0x7f, 0xfa, 0xfb]);
    expect([ibm[0xfa], ibm[0xfb]]).toEqual([0xf7, 0xb1]);
  });
  it('cp273 0xBC is U+00AF macron (IBM, ICU, glibc); U+203E overline (Python) does not encode', () => {
    expect(decode(new Uint8Array([0xbc]), 'cp273', { fatal: true })).toBe('\u00af');
    expect(Array.from(encode('\u00af', 'cp273'))).toEqual([0xbc]);
    // ICU lists U+203E -> 0xBC only as a one-way fallback (|1), which the generator leaves out.
    expect(readFileSync(join(dataDir, 'icu-ucm/ibm-273_P100-1999.ucm'), 'utf8')).toMatch(
      /<U203E> \\xBC \|1/,
    );
    expect(() => encode('\u203e', 'cp273')).toThrow(EncodeError);
  });
});

// Differential: iconv-lite's tables (its names: cp1125, hproman8, pt154; it has no cp1006).
describe.each([
  ['cp1125', 'cp1125'],
  ['hp-roman8', 'hproman8'],
  ['ptcp154', 'pt154'],
])('%s against iconv-lite %s', (name, theirs) => {
  const all = Uint8Array.from({ length: 256 }, (_, b) => b);
  it('decodes all 256 bytes as iconv-lite does (U+FFFD for an unmapped byte)', () => {
    expect(decode(all, name)).toBe(iconv.decode(Buffer.from(all), theirs));
  });
  it('encodes every character it decodes to the bytes iconv-lite writes', () => {
    const text = decode(all, name).replace(/\ufffd/g, '');
    expect(Array.from(encode(text, name))).toEqual(Array.from(iconv.encode(text, theirs)));
  });
});

describe('cp1006, hp-roman8, ptcp154', () => {
  it('known characters', () => {
    // CP1006: Urdu letters and Extended Arabic-Indic digits; 0xB1 and 0xB2 are both ALEF FINAL FORM.
    expect(decode(new Uint8Array([0xa1, 0xaa, 0xb1, 0xb2]), 'cp1006', { fatal: true })).toBe(
      '\u06f0\u06f9\ufe8e\ufe8e',
    );
    expect(Array.from(encode('\ufe8e', 'cp1006'))).toEqual([0xb1]);
    expect(getCodec('cp1006')!.roundTrips).toBe(false);
    // HP Roman-8: 0xA1 is À, 0xFC is the black square; 0xFF is unmapped.
    expect(decode(new Uint8Array([0xa1, 0xd0, 0xfc]), 'hp-roman8', { fatal: true })).toBe('ÀÅ■');
    expect(() => decode(new Uint8Array([0xff]), 'hp-roman8', { fatal: true })).toThrow(
      expect.objectContaining({ index: 0 }),
    );
    // PTCP154 Kazakh letters.
    expect(decode(new Uint8Array([0xaa, 0xba, 0xa5, 0xb4]), 'ptcp154', { fatal: true })).toBe(
      'ӘәҘҙ',
    );
  });
  it('ptcp154 and kz-1048 (RK1048) share 0xC0-0xFF and differ in 36 bytes of 0x80-0xBF', () => {
    const pt = parseTable(dataDir, 'glibc-charmaps/PT154');
    const kz = parseTable(dataDir, 'unicode-mappings/VENDORS/MISC/KZ1048.txt');
    const differ = pt.flatMap((u, b) => (u === kz[b] ? [] : [b]));
    expect(differ.length).toBe(36);
    expect(differ.every((b) => b >= 0x80 && b < 0xc0)).toBe(true);
    // Ә: 0xAA in PTCP154, 0xA3 in KZ-1048; PTCP154 has no euro sign.
    expect(Array.from(encode('Ә', 'ptcp154'))).toEqual([0xaa]);
    expect(Array.from(encode('Ә', 'kz-1048'))).toEqual([0xa3]);
    expect(() => encode('€', 'ptcp154')).toThrow(EncodeError);
  });
});

// ISO 5426, 5427, 5428: ISO 646 in GL, the set in GR (8-bit), as UNIMARC designates them into G1.
const SETS = [
  ['iso-5426', 'P'],
  ['iso-5427', 'N'],
  ['iso-5427-ext', 'Q'],
  ['iso-5428', 'S'],
] as const;
const unimarc = parseMarc(dataDir, 'marc/unimarc.xml');

describe.each(SETS)('%s (final byte %s in data/marc/unimarc.xml)', (name, final) => {
  const codes = unimarc.get(final)!;
  const codec = getCodec(name)!;
  it('is registered', () => {
    expect(codec.name).toBe(name);
    expect(codec.family).toBe('marc');
  });
  it('decodes every code of the table in GR; combining marks come after their base', () => {
    expect(codes.length).toBeGreaterThan(30);
    for (const { code, cp, combining } of codes) {
      if (code < 0x21 || (code & 0x7f) < 0x21 || (code & 0x7f) > 0x7e) continue;
      const gr = code | 0x80;
      // 0xFFFF: the second half of a ligature or double tilde, no character (see marc.test.ts).
      const ch = cp === 0xffff ? '' : String.fromCodePoint(cp);
      if (combining) {
        expect(
          decode(new Uint8Array([gr, 0x61]), name, { fatal: true }),
          `0x${gr.toString(16)}`,
        ).toBe(`a${ch}`);
      } else {
        expect(decode(new Uint8Array([gr]), name, { fatal: true }), `0x${gr.toString(16)}`).toBe(
          ch,
        );
      }
    }
  });
  it('encodes every character of the table and decodes it back', () => {
    for (const { code, cp, combining } of codes) {
      // A second half (0xFFFF) is no character: the encoder never writes it.
      if ((code & 0x7f) < 0x21 || (code & 0x7f) > 0x7e || cp === 0xffff) continue;
      const text = combining ? `a${String.fromCodePoint(cp)}` : String.fromCodePoint(cp);
      const bytes = encode(text, name);
      expect(decode(bytes, name, { fatal: true })).toBe(text);
      // A character of the set outside ASCII is its GR byte (a mark: before its base).
      if (cp >= 0x80) {
        const gr = bytes[combining ? 0 : bytes.length - 1]!;
        expect(gr).toBeGreaterThanOrEqual(0xa1);
        expect(decode(new Uint8Array(combining ? [gr, 0x61] : [gr]), name)).toBe(text);
      }
    }
  });
  it('ASCII is itself; an unmapped GR byte is an error at its offset; escapes are not read', () => {
    expect(decode(new Uint8Array([0x41, 0x7a]), name, { fatal: true })).toBe('Az');
    const mapped = new Set(codes.map((c) => c.code | 0x80));
    const hole = [...Array(94).keys()].map((k) => 0xa1 + k).find((b) => !mapped.has(b));
    if (hole !== undefined) {
      expect(() => decode(new Uint8Array([0x41, hole]), name, { fatal: true })).toThrow(
        expect.objectContaining({ index: 1 }),
      );
      expect(() => decode(new Uint8Array([hole]), name, { fatal: true })).toThrow(DecodeError);
    }
    expect(decode(new Uint8Array([0x1b, 0x28, 0x42]), name)).toBe('\x1b(B');
  });
});

describe('the bibliographic sets, by example', () => {
  it('Cyrillic in ISO 5427 has the KOI order; Greek in ISO 5428 with its accents', () => {
    expect(decode(new Uint8Array([0xf2, 0xd5, 0xd3, 0xd3, 0xcb, 0xc9, 0xca]), 'iso-5427')).toBe(
      'Русский',
    );
    // The acute (0xA2) before its base letter, after it in Unicode.
    const greek = [0xc6, 0xee, 0xee, 0xa2, 0xe1, 0xe5, 0xe1];
    expect(Array.from(encode('Ελλάδα', 'iso-5428'))).toEqual(greek);
    expect(decode(new Uint8Array(greek), 'iso-5428', { fatal: true, nfc: true })).toBe('Ελλάδα');
    expect(Array.from(encode('Łódź', 'iso-5426'))).toEqual([0xe8, 0xc2, 0x6f, 0x64, 0xc2, 0x7a]);
    expect(Array.from(encode('Ђђ', 'iso-5427-ext'))).toEqual([0xe1, 0xc1]);
    // The extension set has no basic Cyrillic.
    expect(() => encode('л', 'iso-5427-ext')).toThrow(EncodeError);
  });
});

describe('the TSDoc examples of the entries', () => {
  it('run as written', async () => {
    const get = async (n: string) => (await import(`../src/${n}.ts`)).codec as typeof codec5426;
    const codec5426 = getCodec('iso-5426')!;
    expect(
      (await get('iso-5426')).decode(new Uint8Array([0xe8, 0xc2, 0x6f, 0x64, 0xc2, 0x7a]), {
        nfc: true,
      }),
    ).toBe('Łódź');
    expect((await get('iso-5427')).decode(new Uint8Array([0xed, 0xc9, 0xd2]))).toBe('Мир');
    expect((await get('iso-5427-ext')).decode(new Uint8Array([0xe1, 0xc1]))).toBe('Ђђ');
    expect(
      (await get('iso-5428')).decode(new Uint8Array([0xc6, 0xee, 0xee, 0xa2, 0xe1, 0xe5, 0xe1]), {
        nfc: true,
      }),
    ).toBe('Ελλάδα');
  });
});
