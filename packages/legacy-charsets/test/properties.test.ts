// Property tests: round trips for every codec that round-trips; streaming in random chunkings
// equals one-shot, for decoders and encoders.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Codec, EncodeError, encodings, getCodec } from '../src/index';

const all = encodings().map((e) => getCodec(e.name)!);
const scalar = fc
  .integer({ min: 0, max: 0x10ffff })
  .filter((cp) => cp < 0xd800 || cp > 0xdfff)
  .map((cp) => String.fromCodePoint(cp));
const anyText = fc.array(scalar, { maxLength: 40 }).map((a) => a.join(''));

/** Characters the codec holds: what it decodes from single bytes (single-byte) or anything (Unicode). */
function repertoire(codec: Codec): fc.Arbitrary<string> {
  if (codec.family === 'unicode') return anyText;
  const chars: string[] = [];
  for (let b = 0; b < 256; b++) {
    const c = codec.decode(new Uint8Array([b]));
    if (c !== '\ufffd') chars.push(c);
  }
  return fc.array(fc.constantFrom(...chars), { maxLength: 60 }).map((a) => a.join(''));
}

/** Split an array into chunks at the given cut points. */
function chunks<T extends { slice(a: number, b?: number): T; length: number }>(
  x: T,
  cuts: number[],
): T[] {
  const at = [...new Set(cuts.map((c) => c % (x.length + 1)))].sort((a, b) => a - b);
  const out: T[] = [];
  let prev = 0;
  for (const c of at) {
    out.push(x.slice(prev, c));
    prev = c;
  }
  out.push(x.slice(prev));
  return out;
}

const cutsArb = fc.array(fc.nat(), { maxLength: 6 });

describe.each(all.filter((c) => c.roundTrips).map((c) => [c.name, c] as const))(
  '%s round trip',
  (_, codec) => {
    it('decode(encode(text)) = text', () => {
      fc.assert(
        fc.property(repertoire(codec), (text) => {
          expect(codec.decode(codec.encode(text), { fatal: true })).toBe(text);
        }),
        { numRuns: 30 },
      );
    });
    it('encode(decode(bytes)) = bytes for well-formed bytes', () => {
      fc.assert(
        fc.property(repertoire(codec), (text) => {
          const bytes = codec.encode(text);
          expect(Array.from(codec.encode(codec.decode(bytes, { fatal: true })))).toEqual(
            Array.from(bytes),
          );
        }),
        { numRuns: 20 },
      );
    });
  },
);

describe.each(all.map((c) => [c.name, c] as const))('%s streaming', (_, codec) => {
  it('decoding in random chunks equals one-shot', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), cutsArb, (bytes, cuts) => {
        const d = codec.createDecoder();
        const parts = chunks(bytes, cuts);
        let s = '';
        for (const p of parts) s += d.decode(p, { stream: true });
        s += d.decode();
        expect(s).toBe(codec.decode(bytes));
      }),
      { numRuns: 25 },
    );
  });
  it('encoding in random chunks equals one-shot (html mode, pairs split)', () => {
    fc.assert(
      fc.property(anyText, cutsArb, (text, cuts) => {
        // The bytes, or (where html mode fails as fatal: no `#` in the charset) the error.
        const outcome = (run: () => number[]): number[] | string => {
          try {
            return run();
          } catch (error) {
            expect(error).toBeInstanceOf(EncodeError);
            return (error as EncodeError).message;
          }
        };
        const streamed = outcome(() => {
          const e = codec.createEncoder({ mode: 'html' });
          const out: number[] = [];
          for (const p of chunks(text, cuts)) out.push(...e.encode(p, { stream: true }));
          out.push(...e.encode());
          return out;
        });
        expect(streamed).toEqual(outcome(() => Array.from(codec.encode(text, { mode: 'html' }))));
      }),
      { numRuns: 25 },
    );
  });
});

const cjk = ['shift_jis', 'euc-jp', 'iso-2022-jp', 'euc-kr', 'big5', 'gbk', 'gb18030'];

describe.each(cjk)('%s: decode(encode(decode(bytes))) = decode(bytes)', (name) => {
  const codec = getCodec(name)!;
  // Well-formed input: the bytes of random characters of the index, as the encoder writes them.
  const encodable = (s: string): boolean => {
    try {
      codec.encode(s);
      return true;
    } catch {
      return false;
    }
  };
  const sample = (() => {
    const chars: string[] = [];
    for (let lead = 0x81; lead <= 0xfe; lead += 3) {
      for (let trail = 0x40; trail <= 0xfe; trail += 7) {
        const bytes =
          name === 'iso-2022-jp'
            ? [0x1b, 0x24, 0x42, lead & 0x7f || 0x21, trail & 0x7f || 0x21]
            : [lead, trail];
        const s = codec.decode(new Uint8Array(bytes));
        // Keep what the encoder holds (not Shift_JIS EUDC, not Big5 HKSCS below pointer 5024).
        if (!s.includes('\ufffd') && s.length > 0 && encodable(s)) chars.push(s);
      }
    }
    return chars;
  })();
  it('holds on random well-formed text', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constantFrom(...sample), fc.constantFrom('a', ' ', '~', '\\')), {
          maxLength: 40,
        }),
        (parts) => {
          const text = parts.join('');
          const bytes = codec.encode(text);
          const decoded = codec.decode(bytes, { fatal: true });
          expect(codec.decode(codec.encode(decoded), { fatal: true })).toBe(decoded);
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe.each([
  ['iso-2022-kr', 'euc-kr'],
  ['iso-2022-cn', 'gbk'],
  ['hz-gb-2312', 'gbk'],
])('%s: decode(encode(text)) = text', (name, source) => {
  const codec = getCodec(name)!;
  const from = getCodec(source)!;
  const chars: string[] = [];
  for (let lead = 0xa1; lead <= 0xf7; lead += 2) {
    for (let trail = 0xa1; trail <= 0xfe; trail += 5) {
      const s = from.decode(new Uint8Array([lead, trail]));
      if (s.length !== 1 || s === '\ufffd') continue;
      try {
        codec.encode(s);
        chars.push(s);
      } catch {}
    }
  }
  it('holds on random text of the 94x94 set, ASCII and line ends', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(fc.constantFrom(...chars), fc.constantFrom('a', ' ', '~', '\n', '\r\n')),
          {
            maxLength: 40,
          },
        ),
        (parts) => {
          const text = parts.join('');
          expect(codec.decode(codec.encode(text), { fatal: true })).toBe(text);
        },
      ),
      { numRuns: 100 },
    );
  });
});
