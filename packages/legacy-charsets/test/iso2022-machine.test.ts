// The ISO/IEC 2022 (ECMA-35) machinery (src/iso2022/): every set both ways through designations,
// the seed's Example 1.6, RFC 1554's ISO-2022-JP-2, shifts, errors with offsets, linear work.
import { describe, expect, it } from 'vitest';
import { DecodeError, EncodeError } from '../src/codec';
import { codec as compoundText } from '../src/compound-text';
import { codec as generic, decodeSteps } from '../src/iso-2022';
import { codec as jp2 } from '../src/iso-2022-jp-2';
import { codec as jp } from '../src/iso-2022-jp';
import { SETS_94, SETS_96, SETS_9494, tableOf } from '../src/iso2022/sets';
import { workPerUnit } from './work';

const ESC = 0x1b;
const bytesOf = (...parts: (string | number[])[]): Uint8Array =>
  new Uint8Array(
    parts.flatMap((p) => (typeof p === 'string' ? Array.from(p, (c) => c.charCodeAt(0)) : p)),
  );
const G = ['(', ')', '*', '+'];

describe("the seed's Example 1.6: ESC - F, Greek bytes, ESC ( B", () => {
  const greek = 'Ελληνικά';
  const codes = Array.from(new TextEncoder().encode('')).concat(
    // ISO 8859-7: Ε C5, λ EB, η E7, ν ED, ι E9, κ EA, ά DC.
    [0xc5, 0xeb, 0xeb, 0xe7, 0xed, 0xe9, 0xea, 0xdc],
  );
  const example = new Uint8Array([ESC, 0x2d, 0x46, ...codes, ESC, 0x28, 0x42]);
  it('decodes to Greek', () => {
    expect(generic.decode(example, { fatal: true })).toBe(greek);
  });
  it('encodes back: the designation, the Greek bytes in GR (G0 is ASCII already, so no ESC ( B)', () => {
    expect(Array.from(generic.encode(greek))).toEqual(Array.from(example.subarray(0, -3)));
    expect(generic.decode(generic.encode(greek), { fatal: true })).toBe(greek);
  });
  it('the 7-bit form of the same: SO invokes G1 into GL', () => {
    const seven = bytesOf([ESC], '-F', [0x0e], [0x45, 0x6b], [0x0f], 'ok');
    expect(generic.decode(seven, { fatal: true })).toBe('Ελok');
  });
  it('ESC F is not the Greek switch: an unknown escape, an error at its offset', () => {
    expect(() => generic.decode(bytesOf('ab', [ESC], 'F', [0xc5]), { fatal: true })).toThrow(
      expect.objectContaining({ index: 2 }),
    );
    expect(generic.decode(bytesOf([ESC], 'F', [0x41]))).toBe('\ufffdFA');
  });
  it('reports its steps', () => {
    const steps = decodeSteps(example);
    expect(steps[0]).toMatchObject({ offset: 0, kind: 'designate', bytes: [ESC, 0x2d, 0x46] });
    expect(steps[0]!.detail).toBe('G1 = ISO 8859-7 upper half, Greek (ISO-IR 126)');
    expect(steps[1]).toMatchObject({ offset: 3, kind: 'text', detail: 'Ε', bytes: [0xc5] });
    expect(steps[steps.length - 1]).toMatchObject({
      offset: 11,
      kind: 'designate',
      detail: 'G0 = ASCII (ISO-IR 6)',
    });
  });
});

describe('every set both ways through the generic machinery', () => {
  const sets = [...SETS_94, ...SETS_96, ...SETS_9494];
  it.each(sets.map((s) => [s.name, s] as const))('%s', (_, set) => {
    const table = tableOf(set);
    const mapped = [...table.keys()].filter((k) => table[k]! >= 0);
    expect(mapped.length).toBeGreaterThan(set.kind === 9494 ? 5000 : 40);
    // Each code, designated into each register it may go to, read in GL (G0, or G1 by SO) and GR.
    for (const k of mapped) {
      const cp = String.fromCodePoint(table[k]!);
      const code = set.kind === 9494 ? [((k / 94) | 0) + 0x21, (k % 94) + 0x21] : [k];
      const inter = set.kind === 96 ? ['-', '.', '/'] : G;
      const reg = set.kind === 96 ? 1 : 0;
      const des = (r: number): number[] => [
        ESC,
        ...(set.kind === 9494 ? [0x24] : []),
        inter[r - (set.kind === 96 ? 1 : 0)]!.charCodeAt(0),
        set.final.charCodeAt(0),
      ];
      expect(
        generic.decode(new Uint8Array([...des(1), ...code.map((b) => b | 0x80)]), { fatal: true }),
      ).toBe(cp);
      if (reg === 0)
        expect(generic.decode(new Uint8Array([...des(0), ...code]), { fatal: true })).toBe(cp);
      // G2 and G3 by single shift (7-bit SS2 / SS3 escapes).
      expect(generic.decode(new Uint8Array([...des(2), ESC, 0x4e, ...code]), { fatal: true })).toBe(
        cp,
      );
      expect(generic.decode(new Uint8Array([...des(3), ESC, 0x4f, ...code]), { fatal: true })).toBe(
        cp,
      );
    }
    // Encoding: every character the generic encoder takes from this set comes back (but those it
    // only reads: GBK's additions to GB 2312).
    const text = mapped
      .filter((k) => !set.readOnly?.(((((k / 94) | 0) + 0x21) << 8) | ((k % 94) + 0x21)))
      .map((k) => String.fromCodePoint(table[k]!))
      .join('');
    expect(generic.decode(generic.encode(text), { fatal: true })).toBe(text);
  });
});

describe('GB 2312 (ESC $ A) is GB 2312, not GBK', () => {
  // Built from the GBK codec: its private use (GB 2312's undefined codes) is no code of the set,
  // and its 46 additions to the area decode but are never written (RFC 1554, ISO-IR 58).
  const gb2312 = SETS_9494.find((s) => s.final === 'A')!;
  it('holds no private use, and reads GBK additions without writing them', () => {
    const table = tableOf(gb2312);
    expect([...table].filter((cp) => cp >= 0xe000 && cp <= 0xf8ff)).toEqual([]);
    expect(table[(0x2a - 0x21) * 94]).toBe(-1);
    expect(table[(0x22 - 0x21) * 94 + 0x63 - 0x21]).toBe(0x20ac);
    for (const codec of [jp2, generic, compoundText])
      for (const ch of ['\ue000', '\ufe10', '\ue5e5'])
        expect(() => codec.encode(ch), `${codec.name} ${ch}`).toThrow(EncodeError);
    // € is a GBK addition: iso-2022-jp-2 writes it from ISO 8859-7's upper half (G2), not GB 2312
    expect([...jp2.encode('€')]).toEqual([ESC, 0x2e, 0x46, ESC, 0x4e, 0x24]);
    expect(
      jp2.decode(new Uint8Array([ESC, 0x24, 0x41, 0x22, 0x63, 0x2a, 0x21, ESC, 0x28, 0x42])),
    ).toBe('€\ufffd');
  });
});

describe('locking shifts and the 8-bit controls', () => {
  it('LS2, LS3 into GL; LS1R, LS2R, LS3R into GR; SS2, SS3 as C1 bytes', () => {
    const des = [ESC, 0x2e, 0x46, ESC, 0x2f, 0x4c]; // G2 Greek, G3 Cyrillic
    expect(generic.decode(bytesOf(des, [ESC], 'n', [0x61], [ESC], 'o', [0x61], [0x0f], 'a'))).toBe(
      'αсa',
    );
    expect(generic.decode(bytesOf(des, [ESC], '}', [0xe1], [ESC], '|', [0xe1]))).toBe('αс');
    expect(generic.decode(bytesOf(des, [0x8e, 0x61, 0x8f, 0xe1, 0x61]))).toBe('αсa');
  });
  it('a GR byte with nothing in G1 and a 94-set code 0xA0 are errors at their offsets', () => {
    expect(() => generic.decode(new Uint8Array([0x41, 0xe1]), { fatal: true })).toThrow(
      expect.objectContaining({ index: 1 }),
    );
    expect(() => generic.decode(bytesOf([ESC], '$)A', [0xa0]), { fatal: true })).toThrow(
      DecodeError,
    );
  });
  it('truncated escapes and characters: errors, never a hang', () => {
    expect(generic.decode(bytesOf([ESC], '$'))).toBe('\ufffd$');
    expect(generic.decode(bytesOf([ESC], '$)A', [0xb0]))).toBe('\ufffd');
    expect(generic.decode(bytesOf([ESC], '$)A', [0xb0, 0x41]))).toBe('\ufffdA');
  });
  it('streams: a designation split across chunks', () => {
    const d = generic.createDecoder({ fatal: true });
    expect(d.decode(new Uint8Array([ESC, 0x2d]), { stream: true })).toBe('');
    expect(d.decode(new Uint8Array([0x46, 0xe1]), { stream: true })).toBe('α');
    expect(d.decode(new Uint8Array([0xe2]))).toBe('β');
  });
  it('the generic encoder stays in the set designated now and refuses what no set holds', () => {
    expect(Array.from(generic.encode('αβ a'))).toEqual([ESC, 0x2d, 0x46, 0xe1, 0xe2, 0x20, 0x61]);
    expect(Array.from(generic.encode('日本'))).toEqual([
      ESC,
      0x24,
      0x29,
      0x42,
      0xc6,
      0xfc,
      0xcb,
      0xdc,
    ]);
    expect(() => generic.encode('😀')).toThrow(EncodeError);
  });
});

describe('iso-2022-jp-2 (RFC 1554)', () => {
  it('Latin-1 and Greek through G2 with ESC N, one character at a time', () => {
    // RFC 1554 §2: ESC . A designates ISO 8859-1's upper half to G2, ESC N calls one character.
    const bytes = bytesOf('caf', [ESC], '.A', [ESC], 'N', 'i', ' ', [ESC], '.F', [ESC], 'Na');
    expect(jp2.decode(bytes, { fatal: true })).toBe('café α');
    // The encoder prefers JIS X 0208 to ISO 8859-7 for Greek (ICU's order), ISO 8859-1 to both.
    expect(Array.from(jp2.encode('café α'))).toEqual(
      Array.from(bytesOf('caf', [ESC], '.A', [ESC], 'N', 'i', ' ', [ESC], '$B&A', [ESC], '(B')),
    );
    expect(Array.from(jp2.encode('ς'))).toEqual(Array.from(bytesOf([ESC], '.F', [ESC], 'Nr')));
  });
  it('Japanese in JIS X 0208, JIS X 0212 for what it lacks, Chinese and Korean', () => {
    const text = '日本語 丂 한국어 中国';
    const bytes = jp2.encode(text);
    expect(jp2.decode(bytes, { fatal: true })).toBe(text);
    expect(Array.from(bytes.subarray(0, 3))).toEqual([ESC, 0x24, 0x42]);
    const s = String.fromCharCode(...bytes);
    expect(s).toContain('\x1b$(C'); // KS C 5601 for Hangul
    expect(s.endsWith('\x1b(B')).toBe(true);
  });
  it('ISO-2022-JP text decodes the same as with the WHATWG codec', () => {
    const text = 'テスト、日本語 abc\r\n第二行';
    const bytes = jp.encode(text);
    expect(jp2.decode(bytes, { fatal: true })).toBe(jp.decode(bytes));
  });
  it('lines end in ASCII and G2 is designated again on the next line', () => {
    const s = String.fromCharCode(...jp2.encode('日\né\né'));
    expect(s).toBe('\x1b$BF|\x1b(B\n\x1b.A\x1bNi\n\x1b.A\x1bNi');
  });
});

describe('linear work', () => {
  it('escape floods, truncated sequences and designations: bounded work per byte, n against 4n', () => {
    const shapes = [
      (n: number) => new Uint8Array(n).map((_, i) => [ESC, 0x24, 0x28][i % 3]!),
      (n: number) => new Uint8Array(n).map((_, i) => [ESC, 0x2d, 0x46, 0xe1][i % 4]!),
      (n: number) => new Uint8Array(n).map((_, i) => [ESC, 0x24, 0x29, 0x41, 0xb0][i % 5]!),
      (n: number) => new Uint8Array(n).map((_, i) => [ESC, 0x4e][i % 2]!),
    ];
    generic.decode(shapes[2]!(64));
    for (const shape of shapes) {
      const small = workPerUnit(4096, () => generic.decode(shape(4096)));
      const large = workPerUnit(16384, () => generic.decode(shape(16384)));
      expect(large).toBeLessThan(64);
      expect(large).toBeLessThan(small * 2 + 4);
    }
    const text = 'αβγ日本語abc'.repeat(2000);
    generic.encode(text);
    expect(workPerUnit(text.length, () => generic.encode(text))).toBeLessThan(64);
  });
});

describe('X11 Compound Text', () => {
  it('Latin-1 in GR from the start; other sets designated, Latin-1 designated again at the end', async () => {
    const { codec: ct } = await import('../src/compound-text');
    expect(Array.from(ct.encode('é'))).toEqual([0xe9]);
    expect(ct.decode(new Uint8Array([0x63, 0x61, 0x66, 0xe9]), { fatal: true })).toBe('café');
    const bytes = [0x1b, 0x2d, 0x46, 0xe1, 0x1b, 0x2d, 0x41];
    expect(Array.from(ct.encode('α'))).toEqual(bytes);
    expect(ct.decode(new Uint8Array(bytes), { fatal: true })).toBe('α');
    const mixed = 'é α 日本 ü';
    expect(ct.decode(ct.encode(mixed), { fatal: true })).toBe(mixed);
    expect(String.fromCharCode(...ct.encode('日本'))).toBe('\x1b$)B\xc6\xfc\xcb\xdc\x1b-A');
  });
});
