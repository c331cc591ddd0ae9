// MARC-8 and ANSEL: every code of the Library of Congress tables in both directions, set switching,
// combining marks (written before the base in MARC-8), streaming.
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseEacc, parseMarc } from '../scripts/generate-tables';
import { codec as noEacc } from '../src/marc-8-no-eacc';
import {
  DecodeError,
  decode,
  EncodeError,
  encode,
  getCodec,
  unimarcCharsets,
  unimarcDesignation,
} from '../src/index';

const sets = parseMarc(join(import.meta.dirname, '..', 'data'));
const ESC = 0x1b;
const bytesOf = (...parts: (string | number[])[]): Uint8Array =>
  new Uint8Array(
    parts.flatMap((p) => (typeof p === 'string' ? Array.from(p, (c) => c.charCodeAt(0)) : p)),
  );
const G1 = new Set(['E', 'Q', '4']);
const designate = (final: string): number[] => {
  if (final === 'g' || final === 'b' || final === 'p') return [ESC, final.charCodeAt(0)];
  if (final === 'E') return [ESC, 0x29, 0x21, 0x45];
  return [ESC, G1.has(final) ? 0x29 : 0x28, final.charCodeAt(0)];
};

describe('combining marks (ANSEL E2 = acute)', () => {
  it('E2 followed by e gives é in NFC, e + U+0301 otherwise', () => {
    expect(decode(new Uint8Array([0xe2, 0x65]), 'ansel', { nfc: true })).toBe('é');
    expect(decode(new Uint8Array([0xe2, 0x65]), 'ansel')).toBe('e\u0301');
    expect(decode(new Uint8Array([0xe2, 0x65]), 'marc-8', { nfc: true })).toBe('é');
  });
  it('the encoder writes marks before their base, precomposed letters decomposed', () => {
    expect(Array.from(encode('é', 'ansel'))).toEqual([0xe2, 0x65]);
    expect(Array.from(encode('e\u0301\u0323x', 'marc-8'))).toEqual([0xe2, 0xf2, 0x65, 0x78]);
  });
});

describe('ligature and double tilde halves (ANSEL EB/EC, FA/FB)', () => {
  // MARC 21 Part 3 code tables (revision of September 2004): the first half is the double
  // diacritic that spans both characters (U+0361, U+0360), written after the first base as Unicode
  // writes it; the second half is no character. marc4j reads them the same way.
  it('EB t EC s is t U+0361 s, and FA n FB g is n U+0360 g, with no error even when fatal', () => {
    for (const name of ['ansel', 'marc-8'] as const) {
      expect(decode(bytesOf([0xeb], 't', [0xec], 's'), name, { fatal: true })).toBe('t\u0361s');
      expect(decode(bytesOf([0xfa], 'n', [0xfb], 'g'), name, { fatal: true })).toBe('n\u0360g');
    }
  });
  it('a second half among other marks leaves them on their base', () => {
    expect(decode(bytesOf([0xeb, 0xe2], 'o', [0xec], 'u'), 'marc-8', { fatal: true })).toBe(
      'o\u0361\u0301u',
    );
  });
  it('the encoder writes the first half before the first base and never a second half', () => {
    const bytes = encode('t\u0361s', 'marc-8');
    expect(Array.from(bytes)).toEqual([0xeb, 0x74, 0x73]);
    expect(decode(bytes, 'marc-8', { fatal: true })).toBe('t\u0361s');
  });
});

describe.each([...sets.keys()])('set %s: every code in both directions', (final) => {
  const codes = sets.get(final)!;
  it('decodes each code after its designation, and encodes it back', () => {
    for (const { code, cp, combining } of codes) {
      if (code < 0x20 || code === 0x20 || code === 0x7f) continue;
      const low = code & 0x7f;
      const byte = code >= 0x80 && code < 0xa0 ? code : G1.has(final) ? low | 0x80 : low;
      const text = decode(new Uint8Array([...designate(final), byte]), 'marc-8', { fatal: true });
      // 0xFFFF: a second half that decodes to no character (see 'ligature halves' below).
      expect(text, `${final} ${code.toString(16)}`).toBe(
        cp === 0xffff ? '' : String.fromCodePoint(cp),
      );
      if (!combining) {
        const back = encode(String.fromCodePoint(cp), 'marc-8');
        expect(decode(back, 'marc-8', { fatal: true })).toBe(String.fromCodePoint(cp));
      }
    }
  });
});

describe('switching sets mid-field', () => {
  it('Cyrillic and Greek in one field, back to ASCII at the end', () => {
    const text = 'Tolstoĭ: Война и мир; Greek: αβγ';
    const bytes = encode(text, 'marc-8');
    expect(decode(bytes, 'marc-8', { fatal: true, nfc: true })).toBe(text);
    // The field ends with G0 back to ASCII (ESC ( B).
    expect(Array.from(bytes.slice(-3))).toEqual([ESC, 0x28, 0x42]);
  });
  it('decodes ESC ( N … ESC ( B', () => {
    expect(
      decode(bytesOf([ESC], '(N', 'wOJNA', [ESC], '(B', ' ok'), 'marc-8', { fatal: true }),
    ).toBe(`${decode(bytesOf([ESC], '(N', 'wOJNA'), 'marc-8')} ok`);
  });
  it('technique 1: ESC g (Greek symbols), ESC s back', () => {
    expect(decode(bytesOf('x', [ESC], 'ga', [ESC], 'sa'), 'marc-8', { fatal: true })).toBe('xαa');
    expect(decode(bytesOf([ESC], 'p2', [ESC], 's'), 'marc-8', { fatal: true })).toBe('²');
  });
  it('an escape split across chunks', () => {
    const d = getCodec('marc-8')!.createDecoder();
    const s =
      d.decode(bytesOf('a', [ESC]), { stream: true }) +
      d.decode(bytesOf('('), { stream: true }) +
      d.decode(bytesOf('Nw', [ESC], '(B'));
    expect(s).toBe(decode(bytesOf('a', [ESC], '(Nw', [ESC], '(B'), 'marc-8'));
  });
});

describe('errors', () => {
  it('unencodable: fatal, replacement, or the MARC 21 &#xXXXX; reference', () => {
    expect(() => encode('a☃', 'marc-8')).toThrow(EncodeError);
    expect(String.fromCharCode(...encode('a☃', 'marc-8', { mode: 'html' }))).toBe('a&#x2603;');
    expect(String.fromCharCode(...encode('a☃', 'marc-8', { mode: 'replacement' }))).toBe('a?');
    expect(() => encode('Война', 'ansel')).toThrow(EncodeError);
  });
  it('unknown escapes leave their bytes; unmapped codes are errors', () => {
    expect(decode(bytesOf([ESC], '$1!!!'), 'marc-8')).toBe('\ufffd');
    expect(decode(bytesOf([ESC], 'Zx'), 'marc-8')).toBe('\ufffdZx');
    expect(decode(bytesOf([ESC], '$2x'), 'marc-8')).toBe('\ufffd$2x');
    expect(() => decode(new Uint8Array([0xff]), 'marc-8', { fatal: true })).toThrow(DecodeError);
    expect(decode(bytesOf('a', [ESC]), 'marc-8')).toBe('a\ufffd');
  });
  it('ansel has no escapes: ESC is a control character', () => {
    expect(decode(bytesOf([ESC], '(N'), 'ansel')).toBe('\u001b(N');
  });
});

describe('EACC (ESC $ 1): every code in both directions', () => {
  const eacc = parseEacc(join(import.meta.dirname, '..', 'data'));
  const triple = (code: number, high = 0): number[] => [
    (code >> 16) | high,
    ((code >> 8) & 0xff) | high,
    (code & 0xff) | high,
  ];
  const text = eacc.map(([, cp]) => String.fromCodePoint(cp)).join('');
  it('has the LC table: 15739 codes', () => {
    expect(eacc.length).toBe(15739);
    expect(eacc[0]).toEqual([0x212320, 0x3000]);
  });
  it('decodes every code designated as G0 (ESC $ 1) and as G1 (ESC $ ) 1)', () => {
    const g0 = new Uint8Array([ESC, 0x24, 0x31, ...eacc.flatMap(([code]) => triple(code))]);
    expect(decode(g0, 'marc-8', { fatal: true })).toBe(text);
    const g1 = [ESC, 0x24, 0x29, 0x31, ...eacc.flatMap(([code]) => triple(code, 0x80))];
    expect(decode(new Uint8Array(g1), 'marc-8', { fatal: true })).toBe(text);
    // ESC $ ( 1, the ISO 2022 form for G0; an intermediate MARC-8 does not know leaves its bytes.
    expect(decode(bytesOf([ESC], '$(1!0!'), 'marc-8', { fatal: true })).toBe('一');
    expect(decode(bytesOf([ESC], '$!1a'), 'marc-8')).toBe('\ufffd$!1a');
    expect(noEacc.decode(bytesOf([ESC], '$!1a'))).toBe('\ufffd$!1a');
    // The ISO 2022 forms with an intermediate for G0 (ESC $ , 1) and G1 (ESC $ - 1).
    expect(decode(bytesOf([ESC], '$,1!0!'), 'marc-8', { fatal: true })).toBe('一');
    expect(decode(bytesOf([ESC], '$-1', [0xa1, 0xb0, 0xa1]), 'marc-8', { fatal: true })).toBe('一');
  });
  it('encodes every code point to its lowest EACC code, or to a single-byte set that has it', () => {
    const singleByte = new Set([...sets.values()].flatMap((codes) => codes.map((c) => c.cp)));
    const seen = new Set<number>();
    const wrong: string[] = [];
    for (const [code, cp] of eacc) {
      if (seen.has(cp)) continue;
      seen.add(cp);
      const bytes = Array.from(encode(String.fromCodePoint(cp), 'marc-8'));
      const expected = [ESC, 0x24, 0x31, ...triple(code), ESC, 0x28, 0x42];
      const ok = singleByte.has(cp)
        ? decode(new Uint8Array(bytes), 'marc-8') === String.fromCodePoint(cp)
        : bytes.join() === expected.join();
      if (!ok) wrong.push(`${cp.toString(16)}: ${bytes.map((b) => b.toString(16)).join(' ')}`);
    }
    expect(wrong).toEqual([]);
    expect(seen.size).toBe(15513);
  });
  it('a field mixing ASCII, CJK and ANSEL: designations in order, ASCII again at the end', () => {
    const bytes = encode('Li 李白 é', 'marc-8');
    expect(decode(bytes, 'marc-8', { fatal: true, nfc: true })).toBe('Li 李白 é');
    expect(Array.from(bytes.slice(0, 6))).toEqual([0x4c, 0x69, 0x20, ESC, 0x24, 0x31]);
    expect(Array.from(encode('一', 'marc-8'))).toEqual([
      ESC,
      0x24,
      0x31,
      0x21,
      0x30,
      0x21,
      ESC,
      0x28,
      0x42,
    ]);
  });
  it('a space between EACC characters is one byte; 0x212320 is U+3000', () => {
    expect(decode(bytesOf([ESC], '$1!0! !0!!# ', [ESC], '(B'), 'marc-8', { fatal: true })).toBe(
      '一 一\u3000',
    );
  });
  it('a truncated EACC character is one error at its first byte', () => {
    expect(decode(bytesOf([ESC], '$1!0', [ESC], '(Ba'), 'marc-8')).toBe('\ufffda');
    expect(decode(bytesOf([ESC], '$1!0'), 'marc-8')).toBe('\ufffd');
    expect(decode(bytesOf([ESC], '$1!0\u001e'), 'marc-8')).toBe('\ufffd\u001e');
    expect(() => decode(bytesOf('ab', [ESC], '$1!0'), 'marc-8', { fatal: true })).toThrow(
      expect.objectContaining({ index: 5 }),
    );
  });
  it('streaming: an EACC character split across chunks', () => {
    const bytes = encode('中文 text 日本語', 'marc-8');
    const one = decode(bytes, 'marc-8');
    fc.assert(
      fc.property(fc.array(fc.nat(bytes.length), { maxLength: 6 }), (cuts) => {
        const d = getCodec('marc-8')!.createDecoder();
        const at = [0, ...cuts.sort((a, b) => a - b), bytes.length];
        let s = '';
        for (let k = 1; k < at.length; k++) {
          s += d.decode(bytes.subarray(at[k - 1], at[k]), { stream: k < at.length - 1 });
        }
        expect(s).toBe(one);
      }),
    );
    expect(one).toBe('中文 text 日本語');
  });
  it('marc-8-no-eacc: the same codec without the table', () => {
    expect(noEacc.decode(bytesOf('a', [ESC], '$1!0!', [ESC], '(Bb'))).toBe('a\ufffd\ufffdb');
    expect(() => noEacc.decode(bytesOf([ESC], '$1'), { fatal: true })).toThrow(DecodeError);
    expect(String.fromCharCode(...noEacc.encode('a一', { mode: 'html' }))).toBe('a&#x4E00;');
    expect(noEacc.decode(new Uint8Array([0xe2, 0x65]), { nfc: true })).toBe('é');
  });
});

describe('round trip', () => {
  const bases =
    'abcdefghijklmnopqrstuvwxyzABCDEZ0123456789 .,;:ŁØĐÞÆŒłøđþæœı£ðßабвгдежзийклмнопрстуфхцчшщъыьэюяαβγδεζηθ'.split(
      '',
    );
  const marks = ['\u0301', '\u0300', '\u0302', '\u0308', '\u0327', '\u0323', '\u030c'];
  const cjk = '一丁七三下中文日本語李白國學\u3000'.split('');
  it('decode(encode(text)) = text for bases each followed by at most one mark', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.constantFrom(...bases, ...cjk), fc.option(fc.constantFrom(...marks))),
          {
            maxLength: 30,
          },
        ),
        (pairs) => {
          const text = pairs.map(([b, m]) => b + (m ?? '')).join('');
          expect(decode(encode(text, 'marc-8'), 'marc-8', { fatal: true })).toBe(text);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('UNIMARC', () => {
  const unimarcSets = parseMarc(join(import.meta.dirname, '..', 'data'), 'marc/unimarc.xml');
  const G1U = new Set(['P', 'Q']);
  it.each([...unimarcSets.keys()])('set %s: every code in both directions', (final) => {
    for (const { code, cp, combining } of unimarcSets.get(final)!) {
      if (code <= 0x20 || code === 0x7f) continue;
      const low = code & 0x7f;
      const byte = code >= 0x80 && code < 0xa0 ? code : G1U.has(final) ? low | 0x80 : low;
      const designation = [ESC, G1U.has(final) ? 0x29 : 0x28, final.charCodeAt(0)];
      const text = decode(new Uint8Array([...designation, byte]), 'unimarc', { fatal: true });
      // 0xFFFF: a second half that decodes to no character (see 'ligature halves' below).
      expect(text, `${final} ${code.toString(16)}`).toBe(
        cp === 0xffff ? '' : String.fromCodePoint(cp),
      );
      if (!combining) {
        const back = encode(String.fromCodePoint(cp), 'unimarc');
        expect(decode(back, 'unimarc', { fatal: true })).toBe(String.fromCodePoint(cp));
      }
    }
  });
  it('runs of basic Latin round-trip, with marks and other sets between them', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.constantFrom(...'abc XYZ 0189 $#@[]{}|~^_`'.split(''), 'é', 'ü', 'Ω', '\u0301'),
          {
            maxLength: 40,
          },
        ),
        (chars) => {
          const text = chars
            .join('')
            .normalize('NFC')
            .replace(/^\u0301+/, '');
          for (const name of ['unimarc', 'marc-8']) {
            expect(decode(encode(text, name), name, { nfc: true })).toBe(text);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
  it('basic Latin may also be designated as ASCII (ESC ( B), into G0 or G1', () => {
    const greekThenAscii = [ESC, 0x28, 0x53, 0x41, 0x61, ESC, 0x28, 0x42, 0x41, 0x61];
    expect(decode(new Uint8Array(greekThenAscii), 'unimarc', { fatal: true })).toBe('ΑαAa');
    const g1 = [ESC, 0x29, 0x42, 0xc1, 0x7e];
    expect(decode(new Uint8Array(g1), 'unimarc', { fatal: true })).toBe('A~');
  });
  it('ISO 5426 diacritics precede their base; Latin and Greek in one field', () => {
    const text = 'Café Ὅμηρος';
    const bytes = encode(text, 'unimarc');
    expect(decode(bytes, 'unimarc', { fatal: true, nfc: true })).toBe(text);
  });
  it('field 100: 010305 is basic Latin, extended Latin, Greek, and the Greek designation', () => {
    const sets = unimarcCharsets('010305  ');
    expect(sets.g0?.name).toBe('ISO 646 IRV (basic Latin)');
    expect(sets.g1?.name).toBe('ISO 5426 (extended Latin)');
    expect(sets.additional.map((s) => s.name)).toEqual(['ISO 5428 (Greek)']);
    expect(sets.unicode).toBe(false);
    expect(Array.from(unimarcDesignation(sets.additional[0]!, 'G1'))).toEqual([ESC, 0x29, 0x53]);
    // The whole field 100 $a: positions 26-33.
    const field = `${'20240101d2024    u  y0frey0103    ba'.slice(0, 26)}50      `;
    expect(unimarcCharsets(field).unicode).toBe(true);
    expect(unimarcCharsets('0799    ').g1?.name).toBe('unknown code');
    expect(() => unimarcDesignation(unimarcCharsets('07      ').g0!, 'G0')).toThrow(RangeError);
  });
});
