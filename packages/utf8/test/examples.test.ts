// The worked examples of the bit layout, and every claim the README and the TSDoc examples make.
import { describe, expect, it } from 'vitest';
import {
  byteLength,
  createDecoderStream,
  decode,
  encode,
  encodeInto,
  Utf8DecodeError,
  toBytes,
  Utf8Decoder,
  validate,
} from '../src/index';
import { hex, toHex } from './helpers';

describe('bit layout (RFC 3629 §3), one of each length class', () => {
  const cases: [string, string, string][] = [
    // [text, bytes, layout]
    ['A', '41', 'U+0041 = 1000001 -> 0xxxxxxx'],
    ['\u00a9', 'c2 a9', 'U+00A9 = 00010 101001 -> 110xxxxx 10xxxxxx'],
    ['\u2260', 'e2 89 a0', 'U+2260 = 0010 001001 100000 -> 1110xxxx 10xxxxxx 10xxxxxx'],
    ['\ud83d\ude00', 'f0 9f 98 80', 'U+1F600 = 000 011111 011000 000000 -> 11110xxx 10xxxxxx x3'],
  ];
  for (const [text, bytes, layout] of cases) {
    it(layout, () => {
      expect(toHex(encode(text))).toBe(bytes);
      expect(decode(hex(bytes))).toBe(text);
      expect(byteLength(text)).toBe(hex(bytes).length);
    });
  }
});

describe('README and TSDoc examples', () => {
  it('byteLength', () => {
    expect(byteLength('a©≠😀')).toBe(10);
    expect(byteLength('\ud800')).toBe(3);
    expect(byteLength('\udc00x')).toBe(4);
    expect(byteLength('\ud800\ud800')).toBe(6);
    expect(byteLength('')).toBe(0);
  });

  it('encode', () => {
    expect(toHex(encode('a©≠😀'))).toBe('61 c2 a9 e2 89 a0 f0 9f 98 80');
    expect(toHex(encode('\ud800'))).toBe('ef bf bd');
    expect(encode('')).toEqual(new Uint8Array(0));
  });

  it('encodeInto', () => {
    const dest = new Uint8Array(5);
    expect(encodeInto('a😀b', dest)).toEqual({ read: 3, written: 5 });
    expect(toHex(dest)).toBe('61 f0 9f 98 80');
    expect(encodeInto('ab😀', dest.subarray(0, 4))).toEqual({ read: 2, written: 2 });
  });

  it('encodeInto stops before a code point of each length class that does not fit', () => {
    for (const [text, bytes] of [
      ['a', 1],
      ['©', 2],
      ['≠', 3],
      ['\ud800', 3],
      ['😀', 4],
    ] as const) {
      expect(encodeInto(`x${text}y`, new Uint8Array(bytes))).toEqual({ read: 1, written: 1 });
      expect(encodeInto(`x${text}y`, new Uint8Array(bytes + 1))).toEqual({
        read: 1 + text.length,
        written: 1 + bytes,
      });
    }
  });

  it('decode', () => {
    expect(decode(new Uint8Array([0xe2, 0x89, 0xa0]))).toBe('≠');
    expect(decode(new Uint8Array([0xc0, 0xaf]))).toBe('\ufffd\ufffd');
    expect(decode(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]))).toBe('A');
    expect(decode(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]), { ignoreBOM: true })).toBe('\ufeffA');
  });

  it('decode accepts ArrayBuffer and any ArrayBufferView', () => {
    const bytes = new Uint8Array([0x00, 0xe2, 0x89, 0xa0, 0x41, 0x00]);
    expect(decode(bytes.buffer)).toBe('\0≠A\0');
    expect(decode(new DataView(bytes.buffer, 1, 4))).toBe('≠A');
    expect(decode(new Uint16Array(bytes.buffer, 2, 2))).toBe('\ufffd\ufffdA\0');
    expect(decode(new Uint8ClampedArray(bytes.buffer))).toBe('\0≠A\0');
    expect(decode(new SharedArrayBuffer(2))).toBe('\0\0');
  });

  it('toBytes', () => {
    const buffer = new Uint8Array([0x61, 0x62, 0x63]).buffer;
    const view = toBytes(new DataView(buffer, 1));
    expect(view).toEqual(new Uint8Array([0x62, 0x63]));
    expect(view.buffer).toBe(buffer);
    const bytes = new Uint8Array(1);
    expect(toBytes(bytes)).toBe(bytes);
    expect(() => toBytes([0x41] as unknown as Uint8Array, 'bytes')).toThrow(
      new TypeError('"bytes" must be an ArrayBuffer, SharedArrayBuffer or ArrayBufferView'),
    );
    expect(() => toBytes(3 as unknown as Uint8Array)).toThrow(/^"input" must be/);
  });

  it('Utf8DecodeError', () => {
    let caught: unknown;
    try {
      decode(new Uint8Array([0x61, 0xc0, 0xaf]), { fatal: true });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(Utf8DecodeError);
    expect(caught).toMatchObject({ name: 'Utf8DecodeError', index: 1, reason: 'invalid-byte' });
    expect((caught as Error).message).toBe('Invalid UTF-8 at byte 1');
  });

  it('validate', () => {
    expect(validate(new Uint8Array([0x61, 0xed, 0xa0, 0x80]))).toEqual({ valid: false, index: 1 });
    expect(validate(new Uint8Array([0x61, 0xe2, 0x89, 0xa0]))).toEqual({ valid: true });
    expect(validate(new Uint8Array([0x61, 0xe2, 0x89]))).toEqual({ valid: false, index: 1 });
  });

  it('Utf8Decoder', () => {
    const decoder = new Utf8Decoder();
    expect(decoder.fatal).toBe(false);
    expect(decoder.ignoreBOM).toBe(false);
    expect(decoder.decode(new Uint8Array([0xf0, 0x9f]), { stream: true })).toBe('');
    expect(decoder.decode(new Uint8Array([0x98, 0x80]))).toBe('😀');

    const fatal = new Utf8Decoder({ fatal: true });
    expect(fatal.fatal).toBe(true);
    expect(fatal.decode(new Uint8Array([0x61, 0xe2]), { stream: true })).toBe('a');
    expect(() => fatal.decode()).toThrow(
      expect.objectContaining({ index: 1, reason: 'truncated' }) as unknown as Error,
    );
  });

  it('createDecoderStream', async () => {
    let text = '';
    await new Blob([new Uint8Array([0xe2, 0x89]), new Uint8Array([0xa0])])
      .stream()
      .pipeThrough(createDecoderStream())
      .pipeTo(new WritableStream({ write: (chunk) => void (text += chunk) }));
    expect(text).toBe('≠');
  });
});
