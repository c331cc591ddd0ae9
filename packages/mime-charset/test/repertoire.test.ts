// Writing under a narrow IANA name (GB2312, EUC-KR, Shift_JIS, EUC-JP, ISO-2022-JP, Big5): only the
// named charset's repertoire, checked against CPython 3.11's codecs (test/vectors/python-repertoires.json,
// PSF License; written by scripts/python-repertoire-fixtures.py), which read those names exactly.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EncodeError } from '@x/legacy-charsets';
import { codecFor } from '../src/codecs';
import {
  decode,
  decodeEncodedWords,
  decodeParameters,
  encode,
  encodeEncodedWords,
  encodeParameter,
} from '../src/index';
import { writerFor } from '../src/repertoire';
import { NARROW_CASES } from './repertoire-cases';

const fixture = JSON.parse(
  readFileSync(join(import.meta.dirname, 'vectors/python-repertoires.json'), 'utf8'),
) as { charsets: Record<string, [string, string][]> };

/** Whether Python's codec decodes the sequence `value`. */
function inPython(charset: string, value: number): boolean {
  return fixture.charsets[charset]!.some(
    ([a, b]) => value >= Number.parseInt(a, 16) && value <= Number.parseInt(b, 16),
  );
}

/** The non-ASCII sequences of `bytes`, each as one number (lead first); ISO-2022-JP: the JIS X 0208 pairs. */
function sequences(charset: string, bytes: Uint8Array): number[] {
  const out: number[] = [];
  if (charset === 'ISO-2022-JP') {
    let double = false;
    for (let i = 0; i < bytes.length; i++) {
      if (bytes[i] === 0x1b) {
        double = bytes[i + 1] === 0x24;
        i += 2;
      } else if (double) out.push((bytes[i]! << 8) | bytes[++i]!);
    }
    return out;
  }
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b < 0x80) continue;
    const single = (charset === 'Shift_JIS' && b >= 0xa1 && b <= 0xdf) || b === 0x80;
    out.push(single ? b : (b << 8) | bytes[++i]!);
  }
  return out;
}

// Where we and Python differ, each for a reason: EUC-KR's A4D4 is KS X 1001's Hangul filler, which
// Python's decoder refuses alone (it starts its eight-byte syllables) and glibc reads as U+3164;
// Python's big5 has ETen's C6A1-C8xx (circled numbers, kana, Cyrillic), which glibc's BIG5 maps to
// private use and cp950 lacks: not the core every Big5 reader shares.
const DIFFERENCES: Record<string, (value: number) => boolean> = {
  'EUC-KR': (v) => v === 0xa4d4,
  Big5: (v) => v >= 0xc6a1 && v <= 0xc8fe,
};

const LABELS = ['GB2312', 'EUC-KR', 'Shift_JIS', 'EUC-JP', 'ISO-2022-JP', 'Big5'];

describe('writing under a narrow IANA name: the charset, not its superset', () => {
  it.each(LABELS)(
    '%s: a character is written iff CPython decodes what the superset writes',
    (label) => {
      const superset = codecFor(label, 'iana');
      const writer = writerFor(superset, label, 'iana');
      const differ: string[] = [];
      let written = 0;
      for (let cp = 0x80; cp < (label === 'Big5' ? 0x30000 : 0x10000); cp++) {
        if ((cp >= 0xd800 && cp < 0xe000) || (cp >= 0x10000 && cp < 0x20000)) continue;
        const ch = String.fromCodePoint(cp);
        let bytes: Uint8Array;
        try {
          bytes = superset.encode(ch, { mode: 'fatal' });
        } catch {
          continue;
        }
        // The superset writes half-width katakana as full-width JIS X 0208, which Python decodes;
        // but Python's iso2022_jp encoder refuses them (RFC 1468 has no JIS X 0201 katakana).
        const python =
          sequences(label, bytes).every((v) => inPython(label, v)) &&
          !(label === 'ISO-2022-JP' && cp >= 0xff61 && cp <= 0xff9f);
        let ours = true;
        try {
          expect(writer.encode(ch, { mode: 'fatal' })).toEqual(bytes);
          written++;
        } catch (e) {
          expect(e).toBeInstanceOf(EncodeError);
          expect((e as EncodeError).codePoint).toBe(cp);
          ours = false;
        }
        if (ours !== python && !sequences(label, bytes).every((v) => DIFFERENCES[label]?.(v)))
          differ.push(cp.toString(16));
      }
      expect(differ).toEqual([]);
      expect(written).toBeGreaterThan(6800);
    },
  );

  it('ISO-2022-JP holds no half-width katakana (RFC 1468); CP50220 and whatwg mode write them full-width', () => {
    expect(() => encodeEncodedWords('ｶﾀｶﾅ', { charset: 'ISO-2022-JP' })).toThrow(EncodeError);
    for (const mode of ['iana', 'loose'] as const) {
      expect(() => encode('ｶﾀｶﾅ', 'ISO-2022-JP', { mode })).toThrow(
        expect.objectContaining({ index: 0, codePoint: 0xff76 }),
      );
      expect(
        decode(encode('aｶﾀ', 'csISO2022JP', { mode, unencodable: 'replacement' }), 'ISO-2022-JP', {
          mode,
        }),
      ).toBe('a??');
      expect(
        decode(encode('ｶ', 'ISO-2022-JP', { mode, unencodable: 'html' }), 'ISO-2022-JP', { mode }),
      ).toBe('&#65398;');
      expect(decode(encode('ｶﾀｶﾅ', 'CP50220', { mode }), 'CP50220', { mode })).toBe('カタカナ');
      // The full-width forms are JIS X 0208: written.
      expect(decode(encode('カタカナ', 'ISO-2022-JP', { mode }), 'ISO-2022-JP', { mode })).toBe(
        'カタカナ',
      );
    }
    expect(decode(encode('ｶﾀｶﾅ', 'iso-2022-jp'), 'iso-2022-jp')).toBe('カタカナ');
  });

  it('the inputs the audit found, through every encoder (RFC 1468, RFC 1557, RFC 1922)', () => {
    const cases = NARROW_CASES;
    for (const [text, charset, index] of cases) {
      for (const write of [
        () => encodeEncodedWords(text, { charset }),
        () => encodeEncodedWords(text, { charset, encoding: 'Q' }),
        () => encodeParameter('filename', text, { charset }),
        () => encode(text, charset, { mode: 'iana' }),
        () => encode(text, charset, { mode: 'loose' }),
      ]) {
        let error: unknown;
        try {
          write();
        } catch (e) {
          error = e;
        }
        expect(error, `${charset} ${text}`).toBeInstanceOf(EncodeError);
        expect((error as EncodeError).index).toBe(index);
        expect((error as EncodeError).charset).toBe(charset);
      }
    }
    // The other error modes write what they write for any other unencodable character.
    expect(encode('a①b', 'shift_jis', { mode: 'iana', unencodable: 'replacement' })).toEqual(
      new Uint8Array([0x61, 0x3f, 0x62]),
    );
    expect(
      new TextDecoder().decode(encode('a①b', 'euc-jp', { mode: 'iana', unencodable: 'html' })),
    ).toBe('a&#9312;b');
    // A character the superset cannot write either fails first where it stands, with the
    // superset's reason but under the name asked for (AUD36 F5: it said gbk for GB2312).
    expect(() => encode('a😀①', 'shift_jis', { mode: 'iana' })).toThrow(/index 1/);
    for (const [text, charset, reason] of [
      ['a게', 'GB2312', 'unencodable'],
      ['게', 'Big5', 'unencodable'],
      ['a\ud800', 'GB2312', 'lone surrogate'],
      ['게', 'ISO-2022-JP', 'unencodable'],
    ] as const)
      for (const f of [
        () => encode(text, charset, { mode: 'iana' }),
        () => encodeEncodedWords(text, { charset }),
      ]) {
        let error: unknown;
        try {
          f();
        } catch (e) {
          error = e;
        }
        expect(error).toBeInstanceOf(EncodeError);
        expect(error).toMatchObject({ charset, reason, index: text.length - 1 });
        expect((error as Error).message).toContain(`in ${charset} (`);
      }
    // The superset names write the superset (honest labels), and the web's encoder is the WHATWG one.
    expect(encodeEncodedWords('€ー镕', { charset: 'GBK' })).toBe('=?GBK?B?gKlg6UY=?=');
    expect(encodeEncodedWords('똠', { charset: 'ks_c_5601-1987' })).toBe(
      '=?ks_c_5601-1987?Q?=8Cc?=',
    );
    expect(encodeEncodedWords('①', { charset: 'Windows-31J' })).toBe('=?Windows-31J?B?h0A=?=');
    expect(encodeEncodedWords('①', { charset: 'CP50220' })).toBe('=?CP50220?B?GyRCLSEbKEI=?=');
    expect(encodeEncodedWords('€', { charset: 'cp950' })).toBe('=?cp950?B?o+E=?=');
    expect(encode('①', 'shift_jis')).toEqual(new Uint8Array([0x87, 0x40]));
    // What the narrow names hold is written as before, and reads back.
    expect(encodeEncodedWords('中文', { charset: 'GB2312' })).toBe('=?GB2312?B?1tDOxA==?=');
    expect(encodeEncodedWords('日本語', { charset: 'ISO-2022-JP' })).toBe(
      '=?ISO-2022-JP?B?GyRCRnxLXDhsGyhC?=',
    );
    expect(encodeParameter('filename', '한국', { charset: 'EUC-KR' })).toBe(
      "filename*=EUC-KR''%C7%D1%B1%B9",
    );
    expect(
      decodeParameters("a; filename*=EUC-KR''%C7%D1%B1%B9").parameters.get('filename'),
    ).toEqual({ value: '한국', charset: 'EUC-KR' });
    // Decoding still reads the supersets (mail readers do).
    expect(decodeEncodedWords('=?GB2312?B?gKlg6UY=?=').text).toBe('€ー镕');
    expect(decode(new Uint8Array([0x87, 0x40]), 'Shift_JIS', { mode: 'iana' })).toBe('①');
  });

  it('what the charset holds round-trips; what it does not is refused whole (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LABELS), fc.string({ unit: 'grapheme' }), (label, text) => {
        let bytes: Uint8Array;
        try {
          bytes = encode(text, label, { mode: 'iana' });
        } catch (e) {
          expect(e).toBeInstanceOf(EncodeError);
          return;
        }
        expect(decode(bytes, label, { mode: 'iana' })).toBe(
          label === 'ISO-2022-JP' ? decode(encode(text, label), label) : text,
        );
      }),
    );
  });
});
