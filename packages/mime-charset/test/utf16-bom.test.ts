// The IANA charsets UTF-16 and UTF-32 read their byte order from a mark in every decoding path of
// the iana and loose modes: RFC 2781 §3.3/§4.3 (FE FF big-endian, FF FE little-endian, the mark
// removed; big-endian without one) and Unicode §3.10 D99/D101 for the UTF-32 encoding scheme. The
// whatwg mode keeps the Encoding Standard's meaning (`utf-16` is UTF-16LE).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decode,
  decodeEncodedWords,
  encode,
  loadCodec,
  TextDecoder,
  TextDecoderStream,
} from '../src/index';

const b = (...bytes: number[]): Uint8Array<ArrayBuffer> => Uint8Array.from(bytes);
const MODES = ['iana', 'loose'] as const;

// 'a' then 'é' in each form, with and without a mark.
const UTF16 = {
  le: b(0xff, 0xfe, 0x61, 0, 0xe9, 0),
  be: b(0xfe, 0xff, 0, 0x61, 0, 0xe9),
  none: b(0, 0x61, 0, 0xe9),
};
const UTF32 = {
  le: b(0xff, 0xfe, 0, 0, 0x61, 0, 0, 0, 0xe9, 0, 0, 0),
  be: b(0, 0, 0xfe, 0xff, 0, 0, 0, 0x61, 0, 0, 0, 0xe9),
  none: b(0, 0, 0, 0x61, 0, 0, 0, 0xe9),
};

const cases = [
  ...['UTF-16', 'utf-16', 'csUTF16', ' Utf-16 '].map((label) => [label, UTF16] as const),
  ...['UTF-32', 'utf-32', 'csUTF32'].map((label) => [label, UTF32] as const),
];

describe('UTF-16 and UTF-32 read their byte order mark (RFC 2781 §4.3, Unicode §3.10 D99/D101)', () => {
  it('decode: FF FE little-endian, FE FF big-endian, big-endian without a mark; the mark removed', () => {
    for (const mode of MODES)
      for (const [label, forms] of cases) {
        expect(decode(forms.le, label, { mode }), `${mode} ${label}`).toBe('aé');
        expect(decode(forms.be, label, { mode }), `${mode} ${label}`).toBe('aé');
        expect(decode(forms.none, label, { mode }), `${mode} ${label}`).toBe('aé');
      }
    // The audit's case: FF FE 61 00 was '\uFFFE愀'.
    expect(decode(b(0xff, 0xfe, 0x61, 0), 'UTF-16', { mode: 'iana' })).toBe('a');
  });

  it('TextDecoder, one-shot: the same, and its encoding is the charset', () => {
    for (const mode of MODES)
      for (const [label, forms] of cases) {
        const decoder = new TextDecoder(label, { mode });
        expect(decoder.encoding).toBe(forms === UTF16 ? 'utf-16' : 'utf-32');
        for (const bytes of Object.values(forms)) expect(decoder.decode(bytes)).toBe('aé');
      }
  });

  it('only the first mark is removed; ignoreBOM keeps it as U+FEFF, in the order it set', () => {
    expect(decode(b(0xff, 0xfe, 0xff, 0xfe, 0x61, 0), 'UTF-16', { mode: 'iana' })).toBe('\ufeffa');
    expect(
      new TextDecoder('UTF-16', { mode: 'iana', ignoreBOM: true }).decode(b(0xff, 0xfe, 0x61, 0)),
    ).toBe('\ufeffa');
    expect(new TextDecoder('UTF-32', { mode: 'iana', ignoreBOM: true }).decode(UTF32.be)).toBe(
      '\ufeffaé',
    );
    // Mail reads the mark the same way.
    expect(decodeEncodedWords('=?UTF-16?B?//7//mEA?=').text).toBe('\ufeffa');
  });

  it('a fatal error counts its offset from the first byte, mark included', () => {
    for (const mode of MODES) {
      const bytes = b(0xff, 0xfe, 0x61, 0, 0x00, 0xdc);
      expect(() => decode(bytes, 'UTF-16', { mode, fatal: true })).toThrow(
        expect.objectContaining({ index: 4 }),
      );
      const decoder = new TextDecoder('UTF-16', { mode, fatal: true });
      expect(() => decoder.decode(bytes)).toThrow(expect.objectContaining({ index: 4 }));
    }
  });

  it('streaming: a mark split across chunks, at every position', () => {
    for (const mode of MODES)
      for (const [label, forms] of cases)
        for (const bytes of Object.values(forms))
          for (let i = 0; i <= bytes.length; i++)
            for (let j = i; j <= bytes.length; j++) {
              const d = new TextDecoder(label, { mode });
              const text =
                d.decode(bytes.subarray(0, i), { stream: true }) +
                d.decode(bytes.subarray(i, j), { stream: true }) +
                d.decode(bytes.subarray(j));
              expect(text, `${label} ${i} ${j}`).toBe('aé');
            }
  });

  it('streaming: a decoder reads the next stream afresh, and a short input is big-endian', () => {
    const d = new TextDecoder('UTF-32', { mode: 'iana' });
    expect(d.decode(UTF32.le)).toBe('aé');
    expect(d.decode(UTF32.none.subarray(0, 4), { stream: true })).toBe('a');
    // A mark in the middle of a stream is no mark: big-endian, as the stream began (both units
    // are beyond U+10FFFF).
    expect(d.decode(b(0xff, 0xfe, 0, 0, 0x61, 0, 0, 0))).toBe('\ufffd\ufffd');
    expect(d.decode(UTF32.le)).toBe('aé');
    // FF FE then the end: no mark (it would need 00 00), read as UTF-32BE, an incomplete unit.
    const e = new TextDecoder('UTF-32', { mode: 'iana' });
    expect(e.decode(b(0xff, 0xfe), { stream: true })).toBe('');
    expect(e.decode()).toBe('\ufffd');
  });

  it('TextDecoderStream reads the mark', async () => {
    const body = new Blob([b(0xff), b(0xfe, 0x61), b(0, 0xe9, 0)]).stream();
    let text = '';
    for await (const chunk of body.pipeThrough(new TextDecoderStream('UTF-16', { mode: 'iana' })))
      text += chunk;
    expect(text).toBe('aé');
  });

  it('loadCodec hands out the mark-reading decoder; encoding stays big-endian without a mark', async () => {
    const codec = await loadCodec('UTF-16', { mode: 'iana' });
    expect(codec.decode(UTF16.le)).toBe('aé');
    expect([...encode('a', 'UTF-16', { mode: 'iana' })]).toEqual([0, 0x61]);
    expect([...encode('a', 'UTF-32', { mode: 'iana' })]).toEqual([0, 0, 0, 0x61]);
    expect([...codec.encode('a')]).toEqual([0, 0x61]);
  });

  it('UCS-2, UCS-4, UTF-16BE/LE and UTF-32BE/LE read no mark as a byte order', () => {
    for (const mode of MODES) {
      expect(decode(b(0xff, 0xfe, 0x61, 0), 'ISO-10646-UCS-2', { mode })).toBe('\ufffe\u6100');
      expect(decode(b(0xff, 0xfe, 0x61, 0), 'csUnicode', { mode })).toBe('\ufffe\u6100');
      expect(decode(b(0xff, 0xfe, 0x61, 0), 'UTF-16BE', { mode })).toBe('\ufffe\u6100');
      expect(decode(b(0xfe, 0xff, 0, 0x61), 'UTF-16LE', { mode })).toBe('\ufffe\u6100');
      expect(decode(b(0xff, 0xfe, 0, 0, 0, 0, 0, 0x61), 'UTF-32BE', { mode })).toBe('\ufffd\u0061');
    }
  });

  it('whatwg mode is unchanged: utf-16 is UTF-16LE', () => {
    expect(decode(b(0x61, 0), 'utf-16')).toBe('a');
    expect(new TextDecoder('utf-16').encoding).toBe('utf-16le');
    expect(new TextDecoder('utf-16').decode(b(0xfe, 0xff, 0, 0x61))).toBe('\ufffe\u6100');
  });

  it('any text, any form, any chunking decodes to the text (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 20 }),
        fc.constantFrom('UTF-16', 'UTF-32'),
        fc.constantFrom('le', 'be', 'none'),
        fc.constantFrom(...MODES),
        fc.array(fc.nat(), { maxLength: 4 }),
        (text, label, form, mode, cuts) => {
          const be = encode(text, label, { mode });
          const wide = label === 'UTF-32';
          let bytes: Uint8Array;
          if (form === 'none') bytes = be;
          else if (form === 'be')
            bytes = Uint8Array.from([...(wide ? [0, 0, 0xfe, 0xff] : [0xfe, 0xff]), ...be]);
          else {
            const le = encode(text, `${label}LE`, { mode });
            bytes = Uint8Array.from([...(wide ? [0xff, 0xfe, 0, 0] : [0xff, 0xfe]), ...le]);
          }
          expect(decode(bytes, label, { mode })).toBe(text);
          const d = new TextDecoder(label, { mode });
          let out = '';
          let from = 0;
          for (const c of cuts.map((n) => n % (bytes.length + 1)).sort((x, y) => x - y)) {
            out += d.decode(bytes.subarray(from, Math.max(from, c)), { stream: true });
            from = Math.max(from, c);
          }
          expect(out + d.decode(bytes.subarray(from))).toBe(text);
        },
      ),
      { numRuns: 500 },
    );
  });
});
