// Every length around each threshold the two builds use (short path up to 24 bytes, the encoder's
// 32 units, the native decode routes from 1 KiB, the encodeInto route from 2048 units, the JS
// decoder's 8192-unit chunks), in every kind of memory `decode` takes, against the platform's
// TextDecoder / TextEncoder as the oracle. The suite runs once per build (vitest.config.ts), so both
// builds are held to the same answers, errors included.
import { describe, expect, it, vi } from 'vitest';
import { decodeTranscoded } from '../src/bulk.node';
import { decodeJs } from '../src/decode';
import {
  type Bytes,
  decode,
  encode,
  encodeInto,
  Utf8DecodeError,
  Utf8Decoder,
  validate,
} from '../src/index';
import { expectedError } from './helpers';

const LENGTHS = [
  0, 1, 3, 4, 15, 16, 17, 23, 24, 25, 31, 32, 33, 255, 256, 257, 511, 512, 513, 1023, 1024, 1025,
  2047, 2048, 2049, 8191, 8192, 8193, 16384, 16385,
];

/** Sequences to place at a boundary: well-formed, ill-formed and cut short. */
const PIECES = [
  'c3 a9',
  'e4 b8 ad',
  'f0 9f 98 80',
  'ef bb bf',
  'ed a0 80',
  'c0 af',
  'ff',
  '80',
  'f4 90 80 80',
  'e0 80 80',
  'e2 82',
  'f0 9f 98',
  'c2',
].map((h) => h.split(' ').map((x) => Number.parseInt(x, 16)));

/** `n` ASCII bytes, with `piece` placed to end at `n + tail` (start at 0 when `at` is 'head'). */
const around = (n: number, piece: number[], at: 'head' | 'end' | 'cut'): Uint8Array => {
  const b = new Uint8Array(n + (at === 'cut' ? 0 : piece.length)).fill(0x61);
  if (at === 'head') b.set(piece, 0);
  else if (at === 'end') b.set(piece, n);
  // Cut: the piece's first bytes fill the last bytes, so it is truncated at the end.
  else b.set(piece.slice(0, Math.min(n, piece.length - 1)), Math.max(0, n - piece.length + 1));
  return b;
};

/** `ArrayBuffer` with the ES2024 resizable constructor (the lib of this package is older). */
const Resizable = ArrayBuffer as unknown as new (
  n: number,
  options: { maxByteLength: number },
) => ArrayBuffer;

/** The bytes in every kind of memory `decode` takes (each a fresh copy), offset oddly too. */
const memories = (b: Uint8Array): [string, Bytes][] => {
  const at = (off: number, buffer: ArrayBufferLike): Uint8Array => {
    const view = new Uint8Array(buffer, off, b.length);
    view.set(b);
    return view;
  };
  const out: [string, Bytes][] = [
    ['Uint8Array', b.slice()],
    ['odd offset', at(3, new ArrayBuffer(b.length + 5))],
    ['DataView', new DataView(at(1, new ArrayBuffer(b.length + 1)).buffer, 1)],
    ['pooled Buffer', Buffer.from(b)],
    ['ArrayBuffer', b.slice().buffer],
    ['SharedArrayBuffer view', at(5, new SharedArrayBuffer(b.length + 5))],
    ['resizable ArrayBuffer', at(0, new Resizable(b.length, { maxByteLength: 2 * b.length + 8 }))],
  ];
  if (b.length % 2 === 0)
    out.push(['Uint16Array', new Uint16Array(at(2, new ArrayBuffer(b.length + 2)).buffer, 2)]);
  return out;
};

/** What `f` returns, or 'error'. */
const outcome = (f: () => string): string | 'error' => {
  try {
    return f();
  } catch {
    return 'error';
  }
};

const oracle = (b: Uint8Array, fatal: boolean, ignoreBOM: boolean): string | 'error' => {
  try {
    return new TextDecoder('utf-8', { fatal, ignoreBOM }).decode(b);
  } catch {
    return 'error';
  }
};

const ours = (input: Bytes, fatal: boolean, ignoreBOM: boolean): string | 'error' => {
  try {
    return decode(input, { fatal, ignoreBOM });
  } catch (error) {
    expect(error).toBeInstanceOf(Utf8DecodeError);
    return 'error';
  }
};

describe('decode at every threshold, in every kind of memory', () => {
  it('gives what TextDecoder gives, loose and fatal, BOM kept or stripped, with the same error offsets', () => {
    for (const n of LENGTHS) {
      const inputs = [new Uint8Array(n).fill(0x61), around(n, [0xef, 0xbb, 0xbf], 'head')];
      for (const piece of PIECES)
        for (const at of ['head', 'end', 'cut'] as const) inputs.push(around(n, piece, at));
      for (const bytes of inputs) {
        const expected = [false, true].flatMap((fatal) =>
          [false, true].map((bom) => oracle(bytes, fatal, bom)),
        );
        // The index and reason of the first error, from the reference decoder.
        const error = expectedError(bytes);
        for (const [kind, input] of memories(bytes)) {
          const got = [false, true].flatMap((fatal) =>
            [false, true].map((bom) => ours(input, fatal, bom)),
          );
          expect(got, `${kind}, ${n} bytes: ${bytes.slice(-6)}`).toEqual(expected);
          const result = validate(input);
          expect(result).toEqual(error ? { valid: false, index: error.index } : { valid: true });
          if (error)
            expect(() => decode(input, { fatal: true })).toThrow(expect.objectContaining(error));
        }
      }
    }
  });

  it('switches from ASCII to other text exactly at each threshold', () => {
    for (const n of LENGTHS) {
      for (const text of ['é', '中', '😀', '\u0080', '\uffff']) {
        const bytes = new TextEncoder().encode('a'.repeat(n) + text + 'b'.repeat(n % 7));
        expect(decode(bytes)).toBe('a'.repeat(n) + text + 'b'.repeat(n % 7));
        // And the same cut at the threshold, one byte at a time.
        for (let k = 1; k < new TextEncoder().encode(text).length; k++) {
          const cut = bytes.subarray(0, n + k);
          expect(decode(cut)).toBe(oracle(cut, false, false));
          expect(() => decode(cut, { fatal: true })).toThrow(
            expect.objectContaining({ index: n, reason: 'truncated' }),
          );
        }
      }
    }
  });

  it('decode a detached buffer, and views of one, as no bytes', () => {
    for (const n of [24, 25, 1024, 4096]) {
      const buffer = new ArrayBuffer(n);
      const view = new Uint8Array(buffer);
      structuredClone(buffer, { transfer: [buffer] });
      for (const input of [buffer, view, new DataView(new ArrayBuffer(n))]) {
        if (input instanceof DataView) structuredClone(input.buffer, { transfer: [input.buffer] });
        expect(decode(input, { fatal: true })).toBe('');
        expect(validate(input)).toEqual({ valid: true });
      }
    }
  });

  it('transcode route (Node before 24) at every threshold, well-formed or refused', () => {
    for (const n of LENGTHS) {
      for (const piece of PIECES) {
        for (const at of ['head', 'end', 'cut'] as const) {
          const bytes = around(n, piece, at);
          const fatal = oracle(bytes, true, true);
          expect(decodeTranscoded(bytes) ?? 'error').toBe(fatal);
        }
      }
    }
  });
});

describe('the stream decoder against decode of the whole stream', () => {
  it('reports a sequence cut short by a held lead byte as decode does (invalid-byte, not truncated)', () => {
    // E2 82 then C3, held at the end of the chunk: in the whole stream C3 breaks E2 82.
    const bytes = new Uint8Array([0xe2, 0x82, 0xc3, 0xa9, 0x68]);
    const whole = (() => {
      try {
        return decode(bytes, { fatal: true });
      } catch (error) {
        return error;
      }
    })();
    expect(whole).toMatchObject({ index: 0, reason: 'invalid-byte' });
    const decoder = new Utf8Decoder({ fatal: true });
    expect(() => decoder.decode(bytes.subarray(0, 3), { stream: true })).toThrow(
      expect.objectContaining({ index: 0, reason: 'invalid-byte' }),
    );
    // Truncated at the true end is still 'truncated'.
    expect(() => new Utf8Decoder({ fatal: true }).decode(bytes.subarray(0, 2))).toThrow(
      expect.objectContaining({ index: 0, reason: 'truncated' }),
    );
  });

  it('gives the same text and the same error (index and reason) for every split of threshold-sized input', () => {
    for (const n of [23, 24, 25, 1023, 1024, 1025]) {
      for (const piece of PIECES) {
        const bytes = new Uint8Array([...around(n, piece, 'end'), ...PIECES[1]!, 0x62]);
        let whole: unknown;
        try {
          whole = decode(bytes, { fatal: true });
        } catch (error) {
          whole = {
            index: (error as Utf8DecodeError).index,
            reason: (error as Utf8DecodeError).reason,
          };
        }
        for (const cut of [n - 1, n, n + 1, n + 2, n + 3]) {
          const decoder = new Utf8Decoder({ fatal: true });
          let streamed: unknown;
          try {
            streamed =
              decoder.decode(bytes.subarray(0, cut), { stream: true }) +
              decoder.decode(bytes.subarray(cut));
          } catch (error) {
            streamed = {
              index: (error as Utf8DecodeError).index,
              reason: (error as Utf8DecodeError).reason,
            };
          }
          expect(streamed, `${n} bytes + ${piece}, cut at ${cut}`).toEqual(whole);
        }
      }
    }
  });
});

describe('encode and encodeInto at every threshold', () => {
  it('give what TextEncoder gives: ASCII, then a pair, a lone surrogate or a letter at the boundary', () => {
    const encoder = new TextEncoder();
    for (const n of LENGTHS) {
      for (const tail of ['', '😀', '\ud800', '\udc00', 'é', '中', '\ud800\ud800']) {
        for (const text of [
          'a'.repeat(n) + tail,
          tail + 'a'.repeat(n),
          'a'.repeat(33) + tail + 'a'.repeat(n),
        ]) {
          expect(encode(text)).toEqual(encoder.encode(text));
          for (const room of [0, n, n + 1, n + 2, n + 3, 3 * text.length]) {
            const a = new Uint8Array(room);
            const b = new Uint8Array(room);
            const got = encodeInto(text, a);
            const want = encoder.encodeInto(text, b);
            expect(got).toEqual({ read: want.read, written: want.written });
            expect(a).toEqual(b);
          }
        }
      }
    }
  });
});

describe('the node build as it runs under Node before 24 (transcode route), at every threshold', () => {
  it('decodeBulk gives what the reference decoder gives, loose and fatal (undefined when ill-formed)', async () => {
    vi.resetModules();
    vi.doMock('node:process', async (original) => {
      const real = await original<typeof import('node:process')>();
      return { ...real, versions: { ...real.versions, node: '22.23.0' } };
    });
    // Count the calls of `transcode`, to prove the route is taken.
    let calls = 0;
    vi.doMock('node:buffer', async (original) => {
      const real = await original<typeof import('node:buffer')>();
      const transcode: typeof real.transcode = (...args) => {
        calls++;
        return real.transcode(...args);
      };
      return { ...real, transcode };
    });
    const node22 = await import('../src/bulk.node');
    vi.doUnmock('node:process');
    vi.doUnmock('node:buffer');
    vi.resetModules();
    let transcoded = 0;
    for (const n of LENGTHS) {
      for (const piece of PIECES) {
        for (const at of ['head', 'end', 'cut'] as const) {
          const bytes = around(n, piece, at);
          if (
            bytes.length >= 1024 &&
            decodeTranscoded(bytes) !== undefined &&
            !bytes.every((c) => c < 0x80)
          )
            transcoded++;
          // The reference decoder, the same module in both builds.
          const strict = outcome(() => decodeJs(bytes, true, 0));
          expect(node22.decodeBulk(bytes, false), `${n} ${piece} ${at}`).toBe(
            decodeJs(bytes, false, 0),
          );
          expect(node22.decodeBulk(bytes, true)).toBe(strict === 'error' ? undefined : strict);
        }
      }
    }
    // The route was taken, for each well-formed non-ASCII input from 1 KiB (loose and fatal).
    expect(transcoded).toBeGreaterThan(0);
    expect(calls).toBe(2 * transcoded);
  });
});
