// Each test names the attack it stops.
import { describe, expect, it } from 'vitest';
import { decode, encode, Utf8DecodeError, Utf8Decoder, validate } from '../src/index';
import { concat, hex } from './helpers';

const long = (b: Uint8Array) => concat(new Uint8Array(100).fill(0x2e), b);

describe('overlong encodings (path traversal: "..%c0%af..")', () => {
  // A filter that looks for '/' in the bytes would miss these; a decoder that accepted them would
  // hand a '/' to the file system.
  for (const bytes of ['c0 af', 'e0 80 af', 'f0 80 80 af', 'f8 80 80 80 af', 'fc 80 80 80 80 af']) {
    it(`${bytes} never decodes to '/'`, () => {
      for (const input of [hex(bytes), long(hex(bytes))]) {
        expect(decode(input)).not.toContain('/');
        expect(decode(input)).toMatch(/^[.]*\ufffd+$/);
        expect(() => decode(input, { fatal: true })).toThrow(Utf8DecodeError);
        expect(validate(input).valid).toBe(false);
      }
      // Nor when split across stream chunks.
      const decoder = new Utf8Decoder();
      let text = '';
      for (const b of hex(bytes)) text += decoder.decode(new Uint8Array([b]), { stream: true });
      expect(text + decoder.decode()).not.toContain('/');
    });
  }

  it('an overlong NUL (C0 80, "modified UTF-8") never decodes to U+0000', () => {
    expect(decode(hex('c0 80'))).toBe('\ufffd\ufffd');
    expect(decode(hex('e0 80 80'))).toBe('\ufffd\ufffd\ufffd');
  });
});

describe('CESU-8 and encoded surrogates (smuggling lone surrogates into UTF-16 consumers)', () => {
  it('rejects a CESU-8 surrogate pair: six replacement characters, never U+1F600', () => {
    const cesu = hex('ed a0 bd ed b8 80');
    expect(decode(cesu)).toBe('\ufffd'.repeat(6));
    expect(decode(long(cesu))).toBe(`${'.'.repeat(100)}${'\ufffd'.repeat(6)}`);
    expect(() => decode(cesu, { fatal: true })).toThrow(
      expect.objectContaining({ index: 0 }) as unknown as Error,
    );
  });

  it('rejects every encoded surrogate D800-DFFF', () => {
    for (let cp = 0xd800; cp <= 0xdfff; cp++) {
      const bytes = new Uint8Array([
        0xe0 | (cp >> 12),
        0x80 | ((cp >> 6) & 0x3f),
        0x80 | (cp & 0x3f),
      ]);
      expect(validate(bytes)).toEqual({ valid: false, index: 0 });
      expect(decode(bytes)).toBe('\ufffd\ufffd\ufffd');
    }
  });

  it('the encoder never writes a surrogate: a lone one becomes EF BF BD', () => {
    expect(encode('\ud800')).toEqual(hex('ef bf bd'));
    expect(encode('\udc00\ud800')).toEqual(hex('ef bf bd ef bf bd'));
    expect(encode(`${'x'.repeat(100)}\ud800`).subarray(100)).toEqual(hex('ef bf bd'));
  });
});

describe('fatal offsets (error reports that point at the wrong byte)', () => {
  it('gives the offset of the first ill-formed byte, counting a stripped BOM', () => {
    const at = (bytes: Uint8Array) => {
      try {
        decode(bytes, { fatal: true });
      } catch (error) {
        return (error as Utf8DecodeError).index;
      }
      return -1;
    };
    expect(at(hex('ef bb bf 41 ff'))).toBe(4);
    expect(at(hex('41 42 e2 82 41'))).toBe(2);
    expect(at(long(hex('f4 90 80 80')))).toBe(100);
    expect(at(long(hex('c2 a9 80')))).toBe(102);
  });

  it('counts from the start of the stream when streaming', () => {
    const decoder = new Utf8Decoder({ fatal: true });
    expect(decoder.decode(hex('41 42 43'), { stream: true })).toBe('ABC');
    expect(decoder.decode(hex('f0 9f'), { stream: true })).toBe('');
    expect(() => decoder.decode(hex('41'), { stream: true })).toThrow(
      expect.objectContaining({ index: 3, reason: 'invalid-byte' }) as unknown as Error,
    );
  });
});

describe('values above U+10FFFF and the old 5- and 6-byte forms (out-of-range code points)', () => {
  it('replaces each maximal subpart', () => {
    expect(decode(hex('f4 90 80 80'))).toBe('\ufffd'.repeat(4));
    expect(decode(hex('f8 88 80 80 80'))).toBe('\ufffd'.repeat(5));
    expect(decode(hex('fd bf bf bf bf bf'))).toBe('\ufffd'.repeat(6));
  });
});

describe('type confusion (silent data loss)', () => {
  it('a Uint8Array subclass whose length getter claims more bytes than it has decodes as in the portable build, never a RangeError', () => {
    // The portable build hands such input to TextDecoder, which reads the bytes themselves; the
    // node build's native ASCII route once sliced to the claimed length and threw.
    class Liar extends Uint8Array {
      override get length(): number {
        return 5000;
      }
    }
    for (const n of [10, 30, 2000]) {
      const text = 'a'.repeat(n);
      expect(decode(new Liar(n).fill(0x61))).toBe(text);
      expect(decode(new Liar(n).fill(0x61), { fatal: true })).toBe(text);
    }
  });

  it('rejects a number or an array instead of decoding zeros or a copy', () => {
    expect(() => decode(3 as unknown as Uint8Array)).toThrow(TypeError);
    expect(() => decode([0x41] as unknown as Uint8Array)).toThrow(TypeError);
    expect(() => validate('A' as unknown as Uint8Array)).toThrow(TypeError);
    expect(() => new Utf8Decoder().decode({} as unknown as Uint8Array)).toThrow(TypeError);
  });
});

describe('denial of service (super-linear time on crafted input)', () => {
  const MiB = 1 << 20;
  const repeat = (pattern: string) => {
    const p = hex(pattern);
    const out = new Uint8Array(MiB - (MiB % p.length));
    for (let i = 0; i < out.length; i += p.length) out.set(p, i);
    return out;
  };

  it('1 MiB of truncated 4-byte sequences: one U+FFFD per 3 bytes', () => {
    const bytes = repeat('f0 9f 98');
    expect(decode(bytes).length).toBe(bytes.length / 3);
    expect(validate(bytes)).toEqual({ valid: false, index: 0 });
  });

  it('1 MiB of lone continuation bytes: one U+FFFD per byte', () => {
    const bytes = repeat('80');
    expect(decode(bytes).length).toBe(MiB);
  });

  it('1 MiB of valid text with the only error at the end: fatal finds it', () => {
    const bytes = concat(repeat('e2 89 a0'), hex('ff'));
    expect(validate(bytes)).toEqual({ valid: false, index: bytes.length - 1 });
  });

  it('chunking every sequence apart (one exception or copy per chunk once cost 4x TextDecoder): 1 MiB of CJK and emoji in chunks of 1 and 7 bytes decodes as TextDecoder does', () => {
    const text = '日本語中文한국어😀🚀'.repeat(Math.ceil(MiB / 30));
    const bytes = encode(text);
    for (const size of [1, 7]) {
      for (const fatal of [false, true]) {
        const decoder = new Utf8Decoder({ fatal });
        const parts: string[] = [];
        for (let i = 0; i < bytes.length; i += size) {
          parts.push(decoder.decode(bytes.subarray(i, i + size), { stream: true }));
        }
        parts.push(decoder.decode());
        expect(parts.join('') === new TextDecoder().decode(bytes)).toBe(true);
      }
    }
  });

  it('1 MiB streamed one byte at a time', () => {
    const bytes = repeat('f0 9f 98 80 41');
    const decoder = new Utf8Decoder();
    let n = 0;
    for (let i = 0; i < bytes.length; i += 1)
      n += decoder.decode(bytes.subarray(i, i + 1), { stream: true }).length;
    expect(n + decoder.decode().length).toBe((bytes.length / 5) * 3);
  });
});
