// CharsetEncoder and CharsetEncoderStream under the narrow IANA names (GB2312, EUC-KR, Shift_JIS,
// EUC-JP, ISO-2022-JP, Big5) write what `encode` writes: only the named charset (RFC 1468, RFC 1557,
// RFC 1922), one-shot, streamed in any chunking, and through encodeInto. `encode` itself is checked
// against CPython's codecs in test/repertoire.test.ts; here the classes are checked against it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EncodeError } from '@x/legacy-charsets';
import { codecFor } from '../src/codecs';
import { CharsetEncoder, CharsetEncoderStream, encode } from '../src/index';
import { writerFor } from '../src/repertoire';
import { NARROW_CASES } from './repertoire-cases';
import { split } from './text-coding-helpers';

const LABELS = ['GB2312', 'EUC-KR', 'Shift_JIS', 'EUC-JP', 'ISO-2022-JP', 'Big5'];
const MODES = ['fatal', 'replacement', 'html'] as const;

const CASES = NARROW_CASES;

/** The bytes, as numbers, or the error's name and index. */
function outcome(run: () => Uint8Array | readonly number[]): number[] | string {
  try {
    return [...run()];
  } catch (e) {
    expect(e).toBeInstanceOf(EncodeError);
    return `EncodeError ${(e as EncodeError).index} U+${(e as EncodeError).codePoint.toString(16)}`;
  }
}

/** `chunks` through `encoder` as one stream. */
function streamed(encoder: CharsetEncoder, chunks: readonly string[]): number[] {
  const out: number[] = [];
  for (const chunk of chunks) out.push(...encoder.encode(chunk, { stream: true }));
  out.push(...encoder.encode());
  return out;
}

/** Writes the chunks through a CharsetEncoderStream: the bytes, or the error it errors with. */
async function piped(stream: CharsetEncoderStream, chunks: readonly string[]): Promise<number[]> {
  const source = new ReadableStream<string>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  const out: number[] = [];
  for await (const bytes of source.pipeThrough(stream)) out.push(...bytes);
  return out;
}

// Characters each narrow name holds, ones only its superset has, ones neither has (emoji: a
// surrogate pair the chunkings split), lone surrogates, and ASCII.
const PIECES = [
  'a',
  ' ',
  '?',
  '中',
  '文',
  '한',
  '日',
  '本',
  'あ',
  'ｶ',
  '€',
  'ー',
  '镕',
  '똠',
  '①',
  '\uE000',
  '髙',
  '😀',
  '𠀋',
  '\u{2008a}',
  '\uD800',
  '\uDC00',
  'é',
];
const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 24 }).map((a) => a.join(''));

describe('CharsetEncoder under a narrow IANA name writes what encode writes', () => {
  it('the cases of test/repertoire.test.ts, one-shot, streamed and through CharsetEncoderStream, fatal at the same index', async () => {
    for (const [input, charset, index] of CASES) {
      for (const mode of ['iana', 'loose'] as const) {
        const encoder = new CharsetEncoder(charset, { mode });
        const expected = `EncodeError ${index} U+${input.codePointAt(index)!.toString(16)}`;
        expect(outcome(() => encode(input, charset, { mode }))).toBe(expected);
        expect(outcome(() => encoder.encode(input))).toBe(expected);
        // One character a chunk: the error's index counts from the start of the stream.
        expect(outcome(() => streamed(encoder, [...input]))).toBe(expected);
        await expect(
          piped(new CharsetEncoderStream(charset, { mode }), [...input]),
        ).rejects.toMatchObject({
          name: 'EncodeError',
          index,
          charset,
        });
        // The encoder is ready for a new stream after the error.
        expect(encoder.encode('a', { stream: true })).toEqual(new Uint8Array([0x61]));
        expect(encoder.encode()).toEqual(new Uint8Array(0));
        for (const unencodable of ['replacement', 'html'] as const) {
          const written = [...encode(input, charset, { mode, unencodable })];
          expect([...new CharsetEncoder(charset, { mode, unencodable }).encode(input)]).toEqual(
            written,
          );
          expect(
            await piped(new CharsetEncoderStream(charset, { mode, unencodable }), [...input]),
          ).toEqual(written);
        }
      }
    }
    // encodeInto: whole characters; the reference only if it fits; fatal throws where it stops.
    const html = new CharsetEncoder('Shift_JIS', { mode: 'iana', unencodable: 'html' });
    expect(html.encodeInto('a①', new Uint8Array(7))).toEqual({ read: 1, written: 1 });
    expect(html.encodeInto('a①', new Uint8Array(8))).toEqual({ read: 2, written: 8 });
    expect(() =>
      new CharsetEncoder('Shift_JIS', { mode: 'iana' }).encodeInto('a①', new Uint8Array(8)),
    ).toThrow(expect.objectContaining({ name: 'EncodeError', index: 1 }));
    expect(new CharsetEncoder('shift_jis').encodeInto('a①', new Uint8Array(8))).toEqual({
      read: 2,
      written: 3,
    });
    // The first report: GB2312 in iana mode is GB 2312, not GBK's 0x80 euro; the web's GB2312 is GBK.
    expect(() => new CharsetEncoder('GB2312', { mode: 'iana' }).encode('€')).toThrow(EncodeError);
    expect(new CharsetEncoder('GB2312', { mode: 'iana', unencodable: 'html' }).encode('€')).toEqual(
      new TextEncoder().encode('&#8364;'),
    );
    expect(new CharsetEncoder('GB2312').encode('€')).toEqual(new Uint8Array([0x80]));
    expect(new CharsetEncoder('GBK', { mode: 'iana' }).encode('€')).toEqual(new Uint8Array([0x80]));
    expect(new CharsetEncoder('shift_jis').encode('①')).toEqual(new Uint8Array([0x87, 0x40]));
  });

  it.each(LABELS)(
    '%s: every BMP character, in chunks of 7 and through encodeInto, as encode writes it',
    (label) => {
      let all = '';
      for (let cp = 0x80; cp < 0x10000; cp++)
        if (cp < 0xd800 || cp >= 0xe000) all += String.fromCharCode(cp);
      for (const unencodable of ['replacement', 'html'] as const) {
        const options = { mode: 'iana', unencodable } as const;
        const expected = encode(all, label, options);
        const encoder = new CharsetEncoder(label, options);
        const chunks = split(
          all,
          Array.from({ length: all.length / 7 }, (_, i) => i * 7 + 3),
        );
        expect(new Uint8Array(streamed(encoder, chunks))).toEqual(expected);
        // (CharsetEncoder's one-shot encode is the writer `encode` uses: the cases above cover it.)
        if (unencodable === 'html') {
          const destination = new Uint8Array(expected.length);
          expect(encoder.encodeInto(all, destination)).toEqual({
            read: all.length,
            written: expected.length,
          });
          expect(destination).toEqual(expected);
        }
      }
    },
  );

  it('ISO-2022-JP: a chunk that starts in the two-byte set is checked as in the whole text', async () => {
    const options = { mode: 'iana', unencodable: 'replacement' } as const;
    // ESC $ B 日 ESC ( B ? ESC $ B 本 ESC ( B: ① (NEC row 13) is not JIS X 0208.
    const expected = [...encode('日①本', 'ISO-2022-JP', options)];
    expect(expected).toEqual([
      0x1b, 0x24, 0x42, 0x46, 0x7c, 0x1b, 0x28, 0x42, 0x3f, 0x1b, 0x24, 0x42, 0x4b, 0x5c, 0x1b,
      0x28, 0x42,
    ]);
    expect(streamed(new CharsetEncoder('ISO-2022-JP', options), ['日', '①本'])).toEqual(expected);
    expect(streamed(new CharsetEncoder('ISO-2022-JP', options), ['日', '①', '本'])).toEqual(
      expected,
    );
    expect(await piped(new CharsetEncoderStream('ISO-2022-JP', options), ['日', '①本'])).toEqual(
      expected,
    );
    expect(
      outcome(() => streamed(new CharsetEncoder('ISO-2022-JP', { mode: 'iana' }), ['日本', '語①'])),
    ).toBe('EncodeError 3 U+2460');
    // The characters it holds stay in the two-byte set across chunks, as one-shot.
    expect(streamed(new CharsetEncoder('ISO-2022-JP', { mode: 'iana' }), ['日', '本'])).toEqual([
      ...encode('日本', 'ISO-2022-JP', { mode: 'iana' }),
    ]);
  });

  it('a surrogate pair split across chunks is one character: Big5-HKSCS writes U+2008A, Big5 does not', () => {
    for (const unencodable of MODES) {
      const options = { mode: 'iana', unencodable } as const;
      const whole = outcome(() => encode('a\u{2008a}b', 'Big5', options));
      expect(
        outcome(() => streamed(new CharsetEncoder('Big5', options), ['a\uD840', '\uDC8Ab'])),
      ).toEqual(whole);
      expect(
        outcome(() =>
          streamed(new CharsetEncoder('Big5', options), ['a\uD840', '', '\uDC8A', 'b']),
        ),
      ).toEqual(whole);
    }
    expect(outcome(() => encode('a\u{2008a}b', 'Big5', { mode: 'iana' }))).toBe(
      'EncodeError 1 U+2008a',
    );
    expect(encode('a\u{2008a}b', 'Big5-HKSCS', { mode: 'iana' })).toEqual(
      new Uint8Array([0x61, 0xc8, 0x7c, 0x62]),
    );
  });

  it('random chunkings equal one-shot encoding, errors at the same index (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LABELS),
        fc.constantFrom('iana', 'loose') as fc.Arbitrary<'iana' | 'loose'>,
        fc.constantFrom(...MODES),
        text,
        fc.array(fc.nat(), { maxLength: 8 }),
        (label, mode, unencodable, input, cuts) => {
          const options = { mode, unencodable };
          const whole = outcome(() => encode(input, label, options));
          const encoder = new CharsetEncoder(label, options);
          expect(outcome(() => encoder.encode(input))).toEqual(whole);
          expect(outcome(() => streamed(encoder, split(input, cuts)))).toEqual(whole);
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('CharsetEncoderStream: random chunkings equal encode (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...LABELS),
        fc.constantFrom(...MODES),
        text,
        fc.array(fc.nat(), { maxLength: 6 }),
        async (label, unencodable, input, cuts) => {
          const options = { mode: 'iana', unencodable } as const;
          const whole = outcome(() => encode(input, label, options));
          let got: number[] | string;
          try {
            got = await piped(new CharsetEncoderStream(label, options), split(input, cuts));
          } catch (e) {
            got = outcome(() => {
              throw e;
            });
          }
          expect(got).toEqual(whole);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('encodeInto writes the longest whole-character prefix that encode writes and that fits (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LABELS),
        fc.constantFrom(...MODES),
        text,
        fc.nat({ max: 40 }),
        (label, unencodable, input, size) => {
          const options = { mode: 'iana', unencodable } as const;
          const destination = new Uint8Array(size);
          let result: { read: number; written: number };
          try {
            result = new CharsetEncoder(label, options).encodeInto(input, destination);
          } catch (e) {
            // Fatal: it stopped, with room left, at a character the charset cannot hold, which
            // encode reports at the same index.
            expect(e).toBeInstanceOf(EncodeError);
            const at = (e as EncodeError).index;
            expect(outcome(() => encode(input, label, options))).toMatch(
              new RegExp(`^EncodeError ${at} `),
            );
            expect(encode(input.slice(0, at), label, options).length).toBeLessThan(size);
            return;
          }
          const { read, written } = result;
          const prefix = encode(input.slice(0, read), label, options);
          expect(written).toBe(prefix.length);
          expect(destination.subarray(0, written)).toEqual(prefix);
          if (read < input.length) {
            // The next whole character does not fit (or, fatal, cannot be written: it would have thrown).
            const next = outcome(() =>
              encode(
                input.slice(0, read + (input.codePointAt(read)! > 0xffff ? 2 : 1)),
                label,
                options,
              ),
            );
            if (typeof next === 'string') expect(written).toBe(size);
            else expect(next.length).toBeGreaterThan(size);
          }
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('one character outside the charset in a long text costs a few passes over it, not a call per character (work counted)', () => {
    const superset = codecFor('Shift_JIS', 'iana');
    let calls = 0;
    let units = 0;
    const counting = {
      name: superset.name,
      encode(text: string, options?: { mode?: 'fatal' | 'replacement' | 'html' }) {
        calls++;
        units += text.length;
        return superset.encode(text, options);
      },
    };
    const work = (n: number): [number, number] => {
      calls = 0;
      units = 0;
      const text = `${'日本語のテキスト'.repeat(n / 8)}①${'あ'.repeat(n)}`;
      const bytes = writerFor(counting, 'Shift_JIS', 'iana').encode(text, { mode: 'replacement' });
      expect(bytes.length).toBe(4 * n + 1);
      return [calls, units / text.length];
    };
    const [calls1, passes1] = work(4096);
    const [calls4, passes4] = work(16384);
    // Halving: two calls a level (log n levels), the levels' parts summing to about two passes,
    // and the whole text's check and writing: about five passes at any length. A call per
    // character would be 20 000 calls and more.
    expect(calls1).toBeLessThan(100);
    expect(calls4 - calls1).toBeLessThan(16);
    expect(passes1).toBeLessThan(6);
    expect(passes4).toBeLessThan(6);
  });
});
