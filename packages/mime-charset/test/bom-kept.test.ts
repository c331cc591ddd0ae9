// Decoding by a label never sniffs a byte order mark (WHATWG Encoding §6 "decode" does, once, and
// that is decodeDocument's job): a leading U+FEFF under UTF-16BE/LE is ZERO WIDTH NO-BREAK SPACE
// (RFC 2781 §3.3), kept as UTF-8 keeps it; UTF-32BE/LE alike (Unicode §3.10 D99/D100). Only the
// IANA charsets UTF-16 and UTF-32 (iana, loose and mail modes) read a mark, for the byte order
// (test/utf16-bom.test.ts); TextDecoder keeps the Encoding Standard's `ignoreBOM`.
import { describe, expect, it } from 'vitest';
import {
  decode,
  decodeDocument,
  decodeEncodedWords,
  decodeMimePart,
  loadCodec,
  TextDecoder,
  TextDecoderStream,
} from '../src/index';

const b = (...bytes: number[]): Uint8Array<ArrayBuffer> => Uint8Array.from(bytes);
const MODES = [undefined, 'whatwg', 'iana', 'loose'] as const;
const opts = (mode: (typeof MODES)[number]) => (mode === undefined ? undefined : { mode });

// 'A' after one mark, in each encoding, by the labels every mode knows.
const MARKED = [
  ['utf-8', b(0xef, 0xbb, 0xbf, 0x41)],
  ['utf-16le', b(0xff, 0xfe, 0x41, 0)],
  ['UTF-16LE', b(0xff, 0xfe, 0x41, 0)],
  ['utf-16be', b(0xfe, 0xff, 0, 0x41)],
  ['UTF-16BE', b(0xfe, 0xff, 0, 0x41)],
] as const;

describe('decodeDocument removes one BOM, not two (WPT encoding/remove-only-one-bom.html)', () => {
  // resources/two-boms-utf-16le.html and -16be.html: two marks, then the text.
  const twoBoms = [
    ['UTF-16LE', b(0xff, 0xfe, 0xff, 0xfe, 0x41, 0)],
    ['UTF-16BE', b(0xfe, 0xff, 0xfe, 0xff, 0, 0x41)],
    ['UTF-8', b(0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf, 0x41)],
  ] as const;

  it('two UTF-16 BOMs: the second is text (U+FEFF), every kind and mode', () => {
    for (const [encoding, bytes] of twoBoms)
      for (const kind of ['html', 'xml', 'text'] as const)
        for (const mode of MODES) {
          const doc = decodeDocument(bytes, { kind, ...opts(mode) });
          expect(doc, `${encoding} ${kind} ${mode}`).toEqual({
            encoding,
            reason: 'bom',
            bom: encoding === 'UTF-8' ? 3 : 2,
            text: '\ufeffA',
          });
        }
  });

  it('one BOM is removed', () => {
    for (const kind of ['html', 'xml', 'text'] as const)
      for (const [, bytes] of MARKED) expect(decodeDocument(bytes, { kind }).text).toBe('A');
  });
});

describe('decode by a label keeps a leading U+FEFF in UTF-16BE/LE, as in UTF-8 (RFC 2781 §3.3)', () => {
  it('decode, in every mode', () => {
    for (const mode of MODES)
      for (const [label, bytes] of MARKED)
        expect(decode(bytes, label, opts(mode)), `${label} ${mode}`).toBe('\ufeffA');
  });

  it('UTF-32BE/LE (Unicode §3.10 D99/D100) and CESU-8 keep it too', () => {
    for (const mode of ['iana', 'loose'] as const) {
      expect(decode(b(0xff, 0xfe, 0, 0, 0x41, 0, 0, 0), 'UTF-32LE', { mode })).toBe('\ufeffA');
      expect(decode(b(0, 0, 0xfe, 0xff, 0, 0, 0, 0x41), 'UTF-32BE', { mode })).toBe('\ufeffA');
      expect(decode(b(0xef, 0xbb, 0xbf, 0x41), 'CESU-8', { mode })).toBe('\ufeffA');
    }
  });

  it('fatal decoding keeps it as well', () => {
    expect(decode(b(0xff, 0xfe, 0x41, 0), 'utf-16le', { fatal: true })).toBe('\ufeffA');
  });

  it("loadCodec's codec keeps it; its streaming decoder follows ignoreBOM", async () => {
    const codec = (await loadCodec('utf-16le')) as Awaited<ReturnType<typeof loadCodec>> & {
      createDecoder(flags: { fatal: boolean; ignoreBOM: boolean }): {
        decode(bytes: Uint8Array): string;
      };
    };
    expect(codec.name).toBe('utf-16le');
    expect(codec.decode(b(0xff, 0xfe, 0x41, 0))).toBe('\ufeffA');
    expect(codec.decode(b(0xff, 0xfe, 0x41, 0), { ignoreBOM: false })).toBe('A');
    const streaming = codec.createDecoder({ fatal: false, ignoreBOM: true });
    expect(streaming.decode(b(0xff, 0xfe, 0x41, 0))).toBe('\ufeffA');
  });

  it('the mail functions: a MIME body after its BOM, an encoded word', () => {
    for (const charset of ['UTF-16LE', 'utf-16le']) {
      const part = decodeMimePart({
        contentType: `text/plain; charset=${charset}`,
        body: b(0xff, 0xfe, 0xff, 0xfe, 0x41, 0),
      });
      expect(part).toMatchObject({ text: '\ufeffA', reason: 'bom' });
    }
    // A body labelled UTF-32LE: its decoder reads one mark, the second is text.
    const utf32 = decodeMimePart({
      contentType: 'text/plain; charset=UTF-32LE',
      body: b(0xff, 0xfe, 0, 0, 0xff, 0xfe, 0, 0, 0x41, 0, 0, 0),
    });
    expect(utf32).toMatchObject({ text: '\ufeffA', reason: 'content-type' });
    // FE FF 00 41 and FF FE 41 00 in base64.
    expect(decodeEncodedWords('=?UTF-16BE?B?/v8AQQ==?=').text).toBe('\ufeffA');
    expect(decodeEncodedWords('=?UTF-16LE?B?//5BAA==?=').text).toBe('\ufeffA');
  });

  it('the IANA UTF-16 and UTF-32 still read one mark for the byte order', () => {
    expect(decode(b(0xff, 0xfe, 0x41, 0), 'UTF-16', { mode: 'iana' })).toBe('A');
    expect(decode(b(0xfe, 0xff, 0, 0x41), 'UTF-16', { mode: 'loose' })).toBe('A');
    expect(decode(b(0xff, 0xfe, 0, 0, 0x41, 0, 0, 0), 'UTF-32', { mode: 'iana' })).toBe('A');
  });

  it('TextDecoder and TextDecoderStream keep the WHATWG ignoreBOM, as Node does', async () => {
    for (const [label, bytes] of MARKED) {
      expect(new TextDecoder(label).decode(bytes)).toBe('A');
      expect(new globalThis.TextDecoder(label).decode(bytes)).toBe('A');
      expect(new TextDecoder(label, { ignoreBOM: true }).decode(bytes)).toBe('\ufeffA');
      const d = new TextDecoder(label);
      expect(d.decode(bytes.subarray(0, 1), { stream: true }) + d.decode(bytes.subarray(1))).toBe(
        'A',
      );
      let text = '';
      for await (const chunk of new Blob([bytes])
        .stream()
        .pipeThrough(new TextDecoderStream(label)))
        text += chunk;
      expect(text).toBe('A');
    }
  });
});
