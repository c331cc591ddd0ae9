// X11 Compound Text extended segments (X Consortium, Compound Text Encoding §6: ESC % / F M L,
// then the charset's name, STX and the text, (M - 0x80) * 128 + L - 0x80 bytes of name, STX and
// text) and the UTF-8 segments ESC % G … ESC % @ that XFree86 and later X write. Every name read,
// state around a segment, errors with their offsets, streaming, bounded lengths and linear work.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codec as ct, segmentCharsets } from '../src/compound-text';
import { DecodeError, getCodec } from '../src/index';
import { workPerUnit } from './work';

const ESC = 0x1b;
const ascii = (s: string): number[] => Array.from(s, (c) => c.charCodeAt(0));
/** An extended segment: ESC % / F, the length in two bytes, name, STX, the text's bytes. */
const segment = (name: string, text: number[], octets = 0x31): number[] => {
  const n = name.length + 1 + text.length;
  return [
    ESC,
    0x25,
    0x2f,
    octets,
    0x80 + (n >> 7),
    0x80 + (n & 0x7f),
    ...ascii(name),
    0x02,
    ...text,
  ];
};
const utf8 = (s: string): number[] => [
  ESC,
  0x25,
  0x47,
  ...new TextEncoder().encode(s),
  ESC,
  0x25,
  0x40,
];
const dec = (bytes: number[], fatal = true): string => ct.decode(Uint8Array.from(bytes), { fatal });
const SAMPLES = ['€', 'ж', 'α', 'ש', 'ก', 'ą', 'ş', 'ŵ', 'ș', '中', '文', 'é', 'Ł', 'ā', 'ž'];
/** The codec each name is read with. */
const CODEC: Record<string, string> = {
  'koi8-u': 'koi8-u-rfc2319',
  'big5-0': 'big5',
  'big5hkscs-0': 'big5',
  'gbk-0': 'gbk',
  'gb18030-0': 'gb18030',
  'iso10646-1': 'utf-16be',
};
const codecOf = (name: string): string =>
  CODEC[name] ?? name.replace(/^iso8859-/, 'iso-8859-').replace(/^microsoft-cp/, 'windows-');

describe('extended segments', () => {
  it.each(segmentCharsets)('%s: its text decoded with its codec, between ISO 2022 text', (name) => {
    const codec = getCodec(codecOf(name))!;
    const text = `A${SAMPLES.filter((c) => {
      try {
        codec.encode(c);
        return true;
      } catch {
        return false;
      }
    }).join('')}`;
    const bytes = Array.from(codec.encode(text));
    // Greek in G1 before the segment stays there after it (§6: the segment changes no state).
    const all = [ESC, 0x2d, 0x46, 0xe1, ...segment(name, bytes), 0xe2, 0x62];
    expect(dec(all)).toBe(`α${text}βb`);
    // The name is matched without regard to case, as X writes it in capitals.
    expect(dec(segment(name.toUpperCase(), bytes))).toBe(text);
  });

  it('the names read are listed in the README', async () => {
    const { readFileSync } = await import('node:fs');
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    for (const name of segmentCharsets) expect(readme).toContain(`\`${name}\``);
  });

  it('an unknown name: a DecodeError at the segment, or one U+FFFD and the segment skipped', () => {
    const bytes = [0x61, ...segment('tcvn-5712', [0x41, 0xb8, 0x42]), 0x62];
    expect(dec(bytes, false)).toBe('a\ufffdb');
    try {
      dec(bytes);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(DecodeError);
      expect((e as DecodeError).index).toBe(1);
      expect((e as DecodeError).reason).toMatch(/tcvn-5712/);
    }
  });

  it('a bad byte in the text: the error at its own offset', () => {
    // 0x80 is not a Big5 lead byte; the segment's text starts at 1 + 6 + 6 + 1 = 14.
    const bytes = [0x61, ...segment('big5-0', [0xa4, 0xa4, 0x80])];
    expect(() => dec(bytes)).toThrow(DecodeError);
    try {
      dec(bytes);
    } catch (e) {
      expect((e as DecodeError).index).toBe(16);
    }
    expect(dec(bytes, false)).toBe('a中\ufffd');
  });

  it('malformed: length bytes below 0x80, no STX, cut short: errors at the segment, never a hang', () => {
    expect(() => dec([ESC, 0x25, 0x2f, 0x31, 0x41, 0x80])).toThrow(/length/);
    expect(dec([ESC, 0x25, 0x2f, 0x31, 0x41], false)).toBe('\ufffdA');
    expect(() => dec([ESC, 0x25, 0x2f, 0x31, 0x80, 0x83, 0x61, 0x62, 0x63])).toThrow(/STX/);
    expect(dec([0x61, ESC, 0x25, 0x2f, 0x31, 0x80, 0x83, 0x61, 0x62, 0x63, 0x64], false)).toBe(
      'a\ufffdd',
    );
    // The longest length two bytes give (16,383) with 3 bytes there: truncated, at the segment.
    const cut = [0x61, ESC, 0x25, 0x2f, 0x31, 0xff, 0xff, 0x61, 0x62, 0x63];
    try {
      dec(cut);
      expect.unreachable();
    } catch (e) {
      expect((e as DecodeError).reason).toMatch(/truncated extended segment/);
      expect((e as DecodeError).index).toBe(1);
    }
    // F other than 0-4 is not an extended segment.
    expect(() => dec([ESC, 0x25, 0x2f, 0x35, 0x80, 0x80])).toThrow(/unknown escape/);
    // The generic iso-2022 codec does not read them.
    expect(() =>
      getCodec('iso-2022')!.decode(Uint8Array.from(segment('koi8-r', [0xc1])), { fatal: true }),
    ).toThrow(DecodeError);
  });

  it('property: any cut of the input into chunks decodes the same', () => {
    const bytes = Uint8Array.from([
      0x61,
      ...segment('iso8859-15', [0xa4, 0xbc]),
      ESC,
      0x2d,
      0x46,
      0xe1,
      ...utf8('€ж'),
      ...segment('big5-0', [0xa4, 0xa4, 0xa4, 0xe5]),
      0xe2,
    ]);
    const whole = ct.decode(bytes, { fatal: true });
    expect(whole).toBe('a€Œα€ж中文β');
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: bytes.length }), { maxLength: 6 }), (cuts) => {
        const at = [0, ...cuts.sort((x, y) => x - y), bytes.length];
        const d = ct.createDecoder({ fatal: true });
        let s = '';
        for (let k = 1; k < at.length; k++)
          s += d.decode(bytes.subarray(at[k - 1], at[k]), { stream: true });
        expect(s + d.decode()).toBe(whole);
      }),
    );
  });
});

describe('UTF-8 segments', () => {
  it('ESC % G … ESC % @: UTF-8, then ISO 2022 as before', () => {
    expect(dec([ESC, 0x2d, 0x46, 0xe1, ...utf8('€😀 ж'), 0xe2])).toBe('α€😀 жβ');
  });

  it('malformed UTF-8: U+FFFD at the byte (WHATWG), or a DecodeError with its offset', () => {
    const bytes = [0x61, ESC, 0x25, 0x47, 0xe2, 0x82, 0x41, 0xff, ESC, 0x25, 0x40];
    expect(dec(bytes, false)).toBe('a\ufffdA\ufffd');
    try {
      dec(bytes);
      expect.unreachable();
    } catch (e) {
      expect((e as DecodeError).index).toBe(4);
    }
    // A sequence cut by ESC % @, and input that ends inside a segment.
    expect(dec([ESC, 0x25, 0x47, 0xe2, ESC, 0x25, 0x40, 0x61], false)).toBe('\ufffda');
    expect(dec([ESC, 0x25, 0x47, 0xe2, 0x82], false)).toBe('\ufffd');
  });
});

describe('linear work', () => {
  const perUnit = (bytes: Uint8Array): number =>
    Math.max(
      workPerUnit(bytes.length, () => ct.decode(bytes)),
      workPerUnit(bytes.length, () => {
        const d = ct.createDecoder();
        for (let i = 0; i < bytes.length; i += 7)
          d.decode(bytes.subarray(i, i + 7), { stream: true });
        d.decode();
      }),
    );
  const repeated = (unit: number[], n: number): Uint8Array =>
    Uint8Array.from({ length: n }, (_, i) => unit[i % unit.length]!);
  it.each([
    ['short segments', segment('koi8-r', [0xc1, 0xc2])],
    ['unknown names', segment('nope-0', [0x41])],
    ['the longest length, cut by the next segment header', [ESC, 0x25, 0x2f, 0x31, 0xff, 0xff]],
    ['UTF-8 segments', utf8('€ж')],
  ])('%s: n against 4n', (_, unit) => {
    ct.decode(Uint8Array.from(unit));
    const small = perUnit(repeated(unit, 1 << 14));
    const large = perUnit(repeated(unit, 1 << 16));
    expect(large).toBeLessThan(64);
    expect(large).toBeLessThan(small * 2 + 4);
  });
});
