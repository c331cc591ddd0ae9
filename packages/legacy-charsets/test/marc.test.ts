// MARC-8 and ANSEL: every code of the Library of Congress tables in both directions, set switching,
// combining marks (written before the base in MARC-8), streaming.
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseMarc } from '../scripts/generate-tables';
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

describe.each([...sets.keys()])('set %s: every code in both directions', (final) => {
  const codes = sets.get(final)!;
  it('decodes each code after its designation, and encodes it back', () => {
    for (const { code, cp, combining } of codes) {
      if (code < 0x20 || code === 0x20 || code === 0x7f) continue;
      const low = code & 0x7f;
      const byte = code >= 0x80 && code < 0xa0 ? code : G1.has(final) ? low | 0x80 : low;
      const text = decode(new Uint8Array([...designate(final), byte]), 'marc-8', { fatal: true });
      expect(text, `${final} ${code.toString(16)}`).toBe(String.fromCodePoint(cp));
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
    ).toBe(decode(bytesOf([ESC], '(N', 'wOJNA'), 'marc-8') + ' ok');
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
  it('EACC is recognised and refused; unknown escapes leave their bytes', () => {
    expect(decode(bytesOf([ESC], '$1!!!'), 'marc-8')).toBe('\ufffd'.repeat(4));
    expect(decode(bytesOf([ESC], 'Zx'), 'marc-8')).toBe('\ufffdZx');
    expect(() => decode(new Uint8Array([0xff]), 'marc-8', { fatal: true })).toThrow(DecodeError);
    expect(decode(bytesOf('a', [ESC]), 'marc-8')).toBe('a\ufffd');
  });
  it('ansel has no escapes: ESC is a control character', () => {
    expect(decode(bytesOf([ESC], '(N'), 'ansel')).toBe('\u001b(N');
  });
});

describe('round trip', () => {
  const bases =
    'abcdefghijklmnopqrstuvwxyzABCDEZ0123456789 .,;:ŁØĐÞÆŒłøđþæœı£ðßабвгдежзийклмнопрстуфхцчшщъыьэюяαβγδεζηθ'.split(
      '',
    );
  const marks = ['\u0301', '\u0300', '\u0302', '\u0308', '\u0327', '\u0323', '\u030c'];
  it('decode(encode(text)) = text for bases each followed by at most one mark', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...bases), fc.option(fc.constantFrom(...marks))), {
          maxLength: 30,
        }),
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
      expect(text, `${final} ${code.toString(16)}`).toBe(String.fromCodePoint(cp));
      if (!combining) {
        const back = encode(String.fromCodePoint(cp), 'unimarc');
        expect(decode(back, 'unimarc', { fatal: true })).toBe(String.fromCodePoint(cp));
      }
    }
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
