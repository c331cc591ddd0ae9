import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  createDecoderStream,
  decode,
  encode,
  encodeInto,
  byteLength,
  Utf8DecodeError,
  Utf8Decoder,
  validate,
} from '../src/index';
import { concat, expectedError, hex, toHex } from './helpers';

interface Vectors {
  cases: {
    name: string;
    bytes: string;
    text: string;
    replacements: number;
    fatal: 'ok' | 'error';
  }[];
  stream: { name: string; chunks: string[]; text: string; fatal: 'ok' | 'error' }[];
  bom: { name: string; bytes?: string; chunks?: string[]; ignoreBOM: boolean; text: string }[];
  encode: { name: string; text: string; bytes: string }[];
}
// Read rather than imported: the bundler's JSON loader rejects the lone-surrogate escapes.
const vectors: Vectors = JSON.parse(
  readFileSync(new URL('./vectors/utf8-decode.json', import.meta.url), 'utf8'),
);

// 100 ASCII bytes in front push a vector past the short-input threshold, onto the platform-codec path.
const PAD = 100;
const pad = (b: Uint8Array): Uint8Array => concat(new Uint8Array(PAD).fill(0x61), b);
const padText = 'a'.repeat(PAD);

const thrown = (f: () => unknown): unknown => {
  try {
    f();
  } catch (error) {
    return error;
  }
  throw new Error('did not throw');
};

describe('utf8-decode.json: cases', () => {
  it('has the 70 cases the source lists', () => {
    expect(vectors.cases).toHaveLength(70);
  });
  for (const v of vectors.cases) {
    describe(v.name, () => {
      const bytes = hex(v.bytes);
      it('replacement mode, short and long paths', () => {
        expect(decode(bytes, { ignoreBOM: true })).toBe(v.text);
        expect(decode(pad(bytes), { ignoreBOM: true })).toBe(padText + v.text);
        expect(new Utf8Decoder({ ignoreBOM: true }).decode(bytes)).toBe(v.text);
      });
      it(`fatal mode: ${v.fatal}`, () => {
        if (v.fatal === 'ok') {
          expect(decode(bytes, { fatal: true, ignoreBOM: true })).toBe(v.text);
          expect(decode(pad(bytes), { fatal: true, ignoreBOM: true })).toBe(padText + v.text);
          expect(validate(bytes)).toEqual({ valid: true });
          return;
        }
        const want = expectedError(bytes);
        expect(want).toBeDefined();
        for (const [input, offset] of [
          [bytes, 0],
          [pad(bytes), PAD],
        ] as const) {
          const error = thrown(() => decode(input, { fatal: true }));
          expect(error).toBeInstanceOf(Utf8DecodeError);
          expect(error).toBeInstanceOf(TypeError);
          expect(error).toMatchObject({ index: want!.index + offset, reason: want!.reason });
          expect(validate(input)).toEqual({ valid: false, index: want!.index + offset });
        }
      });
      it('replacement count', () => {
        const count = Array.from(decode(bytes), (c) => c === '\ufffd').filter(Boolean).length;
        const literal = v.name.startsWith('valid') && v.text.includes('\ufffd') ? 1 : 0;
        expect(count - literal).toBe(v.replacements);
      });
    });
  }
});

describe('utf8-decode.json: stream', () => {
  for (const v of vectors.stream) {
    it(v.name, async () => {
      const chunks = v.chunks.map(hex);
      const decoder = new Utf8Decoder({ ignoreBOM: true });
      let text = '';
      for (const c of chunks) text += decoder.decode(c, { stream: true });
      text += decoder.decode();
      expect(text).toBe(v.text);

      const fatal = new Utf8Decoder({ fatal: true, ignoreBOM: true });
      const run = () => {
        let out = '';
        for (const c of chunks) out += fatal.decode(c, { stream: true });
        return out + fatal.decode();
      };
      if (v.fatal === 'ok') expect(run()).toBe(v.text);
      else expect(thrown(run)).toMatchObject({ index: expectedError(concat(...chunks))!.index });

      const parts: string[] = [];
      await new ReadableStream<Uint8Array>({
        start(controller) {
          for (const c of chunks) controller.enqueue(c);
          controller.close();
        },
      })
        .pipeThrough(createDecoderStream({ ignoreBOM: true }))
        .pipeTo(new WritableStream({ write: (s) => void parts.push(s) }));
      expect(parts.join('')).toBe(v.text);
    });
  }
});

describe('utf8-decode.json: bom', () => {
  for (const v of vectors.bom) {
    it(v.name, () => {
      const chunks = v.chunks ? v.chunks.map(hex) : [hex(v.bytes!)];
      const bytes = concat(...chunks);
      expect(decode(bytes, { ignoreBOM: v.ignoreBOM })).toBe(v.text);
      // Long path: padded after, so that the BOM stays leading.
      const long = concat(bytes, new Uint8Array(PAD).fill(0x61));
      expect(decode(long, { ignoreBOM: v.ignoreBOM })).toBe(v.text + padText);
      // In the given chunks, then byte by byte: the BOM is recognised across chunk boundaries, and
      // only at the start.
      for (const parts of [chunks, Array.from(bytes, (b) => new Uint8Array([b]))]) {
        const decoder = new Utf8Decoder({ ignoreBOM: v.ignoreBOM });
        let text = '';
        for (const p of parts) text += decoder.decode(p, { stream: true });
        expect(text + decoder.decode()).toBe(v.text);
      }
    });
  }
});

describe('utf8-decode.json: encode', () => {
  for (const v of vectors.encode) {
    it(v.name, () => {
      expect(toHex(encode(v.text))).toBe(v.bytes);
      expect(byteLength(v.text)).toBe(hex(v.bytes).length);
      const dest = new Uint8Array(hex(v.bytes).length);
      expect(encodeInto(v.text, dest)).toEqual({ read: v.text.length, written: dest.length });
      expect(toHex(dest)).toBe(v.bytes);
      // Long path (platform encoder), same bytes.
      const long = 'a'.repeat(PAD) + v.text;
      expect(toHex(encode(long).subarray(PAD))).toBe(v.bytes);
    });
  }
});
