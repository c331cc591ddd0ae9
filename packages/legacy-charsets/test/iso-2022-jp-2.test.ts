// iso-2022-jp-2 (RFC 1554) against glibc's own ISO-2022-JP-2 test file and its UTF-8 text
// (test/vectors/iso-2022-jp-2-glibc*.txt, glibc 2.36 iconvdata/testdata, LGPL-2.1; see
// test/vectors/SOURCES.md) and against the ISO-2022-JP-2 cases of ICU's conversion.txt.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DecodeError } from '../src/codec';
import { codec as jp } from '../src/iso-2022-jp';
import { codec as jp2 } from '../src/iso-2022-jp-2';

const vectors = join(import.meta.dirname, 'vectors');
const glibcBytes = new Uint8Array(readFileSync(join(vectors, 'iso-2022-jp-2-glibc.txt')));
const glibcText = readFileSync(join(vectors, 'iso-2022-jp-2-glibc-utf8.txt'), 'utf8');
const hex = (s: string): Uint8Array => new Uint8Array(Buffer.from(s.replace(/\s/g, ''), 'hex'));
const toHex = (b: Uint8Array): string => Buffer.from(b).toString('hex');
const fatalIndex = (bytes: Uint8Array): number | undefined => {
  try {
    jp2.decode(bytes, { fatal: true });
    return undefined;
  } catch (e) {
    expect(e).toBeInstanceOf(DecodeError);
    return (e as DecodeError).index;
  }
};

// The six JIS X 0208 codes where the package's table (the WHATWG index jis0208, as the euc-jp,
// shift_jis and iso-2022-jp codecs read it) gives the Microsoft code point and glibc JIS's own:
// 0x2141 〜, 0x2142 ‖, 0x215D −, 0x2171 ¢, 0x2172 £, 0x224C ¬.
const whatwgOf: Record<string, string> = {
  '\u301c': '\uff5e',
  '\u2016': '\u2225',
  '\u2212': '\uff0d',
  '\u00a2': '\uffe0',
  '\u00a3': '\uffe1',
  '\u00ac': '\uffe2',
};
const fullWidth = (s: string): string =>
  s.replace(/[\uff61-\uff9f]/g, (c) => jp.decode(jp.encode(c), { fatal: true }));

describe("iso-2022-jp-2 and glibc's ISO-2022-JP-2 test file", () => {
  const decoded = jp2.decode(glibcBytes, { fatal: true });
  it('decodes to its UTF-8 text, but for the six codes the WHATWG JIS X 0208 index maps otherwise', () => {
    const A = [...decoded];
    const B = [...glibcText];
    expect(A.length).toBe(B.length);
    const differ = new Set<string>();
    for (let i = 0; i < A.length; i++)
      if (A[i] !== B[i]) {
        expect(whatwgOf[B[i]!], `at ${i}`).toBe(A[i]);
        differ.add(B[i]!);
      }
    expect(differ.size).toBe(6);
    // and glibc's half-width katakana (ESC ( I) are read
    expect(decoded.includes('\uff61') && decoded.includes('\uff9f')).toBe(true);
  });
  it('encodes back: its text decodes again, half-width katakana as full-width (no ESC ( I)', () => {
    const bytes = jp2.encode(decoded);
    expect(String.fromCharCode(...bytes.subarray(0, 2000))).not.toContain('\x1b(I');
    expect(jp2.decode(bytes, { fatal: true })).toBe(fullWidth(decoded));
    // without the half-width katakana, exactly its text
    const noKana = decoded.replace(/[\uff61-\uff9f]/g, '');
    expect(jp2.decode(jp2.encode(noKana), { fatal: true })).toBe(noKana);
  });
  it('a stream split at every 997th byte decodes the same', () => {
    const d = jp2.createDecoder({ fatal: true });
    let s = '';
    for (let i = 0; i < glibcBytes.length; i += 997)
      s += d.decode(glibcBytes.subarray(i, i + 997), { stream: true });
    s += d.decode();
    expect(s).toBe(decoded);
  });
});

describe('iso-2022-jp-2 writes JIS X 0201 Roman (RFC 1554 §3: ESC ( J)', () => {
  it("ICU conversion.txt: '?@Aäα‾B' (ISO 8859-1 vs JIS X 0201)", () => {
    expect(toHex(jp2.encode('?@A\u00e4\u03b1\u203eB'))).toBe(
      '3f40411b2e411b4e641b244226411b284a7e421b2842',
    );
  });
  it('‾ and ¥ through ESC ( J, back to ASCII for the ASCII that differs and at the end', () => {
    expect(toHex(jp2.encode('‾'))).toBe('1b284a7e1b2842');
    expect(toHex(jp2.encode('¥'))).toBe('1b284a5c1b2842');
    expect(toHex(jp2.encode('a‾b\\~'))).toBe('611b284a7e621b28425c7e');
    for (const t of ['‾¥\n¥‾', 'x¥y\\z~‾', '¥日本‾'])
      expect(jp2.decode(jp2.encode(t), { fatal: true })).toBe(t);
  });
  it('half-width katakana are written as the full-width JIS X 0208 katakana, as ICU and WHATWG do', () => {
    expect(toHex(jp2.encode('\uff61'))).toBe('1b244221231b2842');
    expect(toHex(jp2.encode('ｱｶﾞ'))).toBe(toHex(jp.encode('ｱｶﾞ')));
    for (let cp = 0xff61; cp <= 0xff9f; cp++) {
      const c = String.fromCharCode(cp);
      expect(jp2.decode(jp2.encode(c, { mode: 'fatal' }), { fatal: true })).toBe(fullWidth(c));
    }
    // and the decoder still reads them in glibc's ESC ( I
    expect(jp2.decode(hex('1b2849 21 5f 1b2842'), { fatal: true })).toBe('\uff61\uff9f');
  });
});

describe('iso-2022-jp-2 decoder: SO, SI and ESC N are errors of their own', () => {
  it('SO and SI (not in RFC 1554) are one error each; the text goes on in the current set', () => {
    expect(jp2.decode(hex('0e41420f43'))).toBe('\ufffdAB\ufffdC'); // ICU conversion.txt
    expect(fatalIndex(hex('0e41420f43'))).toBe(0);
    expect(fatalIndex(hex('41420f43'))).toBe(2);
    expect(jp2.decode(hex('1b2442 0e 3021 0f 3021 1b2842'))).toBe('\ufffd亜\ufffd亜');
  });
  it('ESC N with nothing in G2 is an error and the byte after it is text (ICU conversion.txt)', () => {
    const bytes = hex('4e1b4e4e1b2e414e1b4e4e4e1b204e');
    expect(jp2.decode(bytes)).toBe('N\ufffdNNNÎN\ufffd N');
    expect(fatalIndex(bytes)).toBe(1);
    expect(jp2.decode(hex('1b2e41 1b4e 4e 4e'), { fatal: true })).toBe('ÎN');
  });
  it('a byte above 0x7F after ESC N uses up the single shift (ICU conversion.txt)', () => {
    const bytes = hex('0f0ed11b2e41461b244141411b4e411b2e4147451b4ed31b2e4641411b4ed2');
    expect(jp2.decode(bytes)).toBe('\ufffd\ufffd\ufffdF亮Á桥\ufffd亮\ufffd');
    expect(fatalIndex(bytes)).toBe(0);
    expect(fatalIndex(bytes.subarray(2))).toBe(0);
    expect(fatalIndex(bytes.subarray(3, 20))).toBe(undefined);
  });
  it('the same split at every position of a stream', () => {
    const bytes = hex('4e1b4e4e1b2e414e1b4e4e4e1b204e 0e41420f43');
    const whole = jp2.decode(bytes);
    for (let k = 0; k <= bytes.length; k++) {
      const d = jp2.createDecoder();
      expect(
        d.decode(bytes.subarray(0, k), { stream: true }) + d.decode(bytes.subarray(k)),
        `split at ${k}`,
      ).toBe(whole);
    }
  });
});
