// The multi-byte encoders' ASCII shortcut (src/engine.ts, `fastTwoByte`: the ASCII at the start of
// text of 256 units or more goes through the runtime's UTF-8 encoder, in chunks that double)
// against the same encoder fed one code unit at a time, which never takes it: same bytes, same errors at the
// same index, in every mode, on ASCII-heavy text with rare other characters (ones the charset
// holds, ones it lacks, lone surrogates, pairs) anywhere, and around the chunks' edges. The whole
// suite runs against both builds (tooling/vitest.ts), so this compares each build with itself and,
// through the same expectations, the two builds with each other.
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Codec, EncodeError, getCodec } from '../src/index';

const names = [
  'shift_jis',
  'cp932',
  'euc-jp',
  'gbk',
  'gb18030',
  'euc-kr',
  'cp949',
  'big5',
  'cp950',
];
const modes = ['fatal', 'replacement', 'html'] as const;
type Mode = (typeof modes)[number];

/** The bytes, or the error's index, code point and reason. */
function outcome(run: () => Uint8Array): string {
  try {
    return Array.from(run()).join(',');
  } catch (error) {
    if (!(error instanceof EncodeError)) throw error;
    return `${error.index} ${error.codePoint} ${error.reason}`;
  }
}

/** The encoder alone, one code unit a call: no call gets an ASCII run of 64 units. */
function unitByUnit(codec: Codec, text: string, mode: Mode): Uint8Array {
  const encoder = codec.createEncoder({ mode });
  const parts = [
    ...text.split('').map((u) => encoder.encode(u, { stream: true })),
    encoder.encode(),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A character of the charset's own (two bytes), one it lacks (none in gb18030 but U+E5E5), … */
const rare = (name: string): string[] => [
  name === 'big5' || name === 'cp950' ? '中' : 'あ',
  name === 'gb18030' ? '\ue5e5' : '\u0e01',
  '\ud800',
  '\udc00',
  '\u{1f600}',
  'é',
  '\x80',
  '\uff61',
];

const ascii = fc.string({
  unit: fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)),
});

describe.each(names)(
  '%s: the ASCII shortcut agrees with the encoder one unit at a time',
  (name) => {
    const codec = getCodec(name)!;
    const others = rare(name);

    it('ASCII-heavy text: runs of any length (some thousands of units) between rare other characters, every mode', () => {
      fc.assert(
        fc.property(
          fc.array(
            fc.tuple(
              fc.oneof(
                ascii,
                fc.nat(3000).map((n) => 'the <a href="x">news</a>\n'.repeat(n).slice(0, n)),
              ),
              fc.constantFrom(...others, ''),
            ),
            { maxLength: 6 },
          ),
          fc.constantFrom(...modes),
          (pieces, mode) => {
            const text = pieces.map(([run, c]) => run + c).join('');
            expect(outcome(() => codec.encode(text, { mode }))).toBe(
              outcome(() => unitByUnit(codec, text, mode)),
            );
          },
        ),
        { numRuns: 40 },
      );
    });

    it('a rare character at every offset around the edges of the native chunks (256, 768, 1792, 3840 units)', () => {
      const edges = [0, 64, 256, 768, 1792, 3840];
      for (const edge of edges)
        for (let p = Math.max(0, edge - 3); p <= edge + 3; p++)
          for (const c of others)
            for (const mode of modes) {
              const text = `${'x'.repeat(p)}${c}${'y'.repeat(Math.max(70, 260 - p))}${c}`;
              expect(
                outcome(() => codec.encode(text, { mode })),
                `${p} ${mode}`,
              ).toBe(outcome(() => unitByUnit(codec, text, mode)));
            }
    });

    it('all-ASCII text of any length is its own bytes, from 256 units on in the one buffer the encoder starts with', () => {
      for (const n of [0, 63, 64, 65, 320, 321, 5000]) {
        const text = 'abc\n'.repeat(n).slice(0, n);
        const bytes = codec.encode(text);
        expect(Array.from(bytes)).toEqual(Array.from(text, (c) => c.charCodeAt(0)));
        if (n >= 256) expect(bytes.buffer.byteLength).toBe(n + 8);
      }
    });
  },
);

describe.each(names)(
  '%s: text of up to 128 units (the short path) encodes as longer text does',
  (name) => {
    const codec = getCodec(name)!;
    // Characters the charset holds (ASCII, and of these the ones it encodes), most of the text.
    const held = ['a', '<', '\x00', '\x7f'];
    for (const c of ['中', 'あ', '한', '€', 'ｱ', 'é', 'ü'])
      try {
        codec.encode(c);
        held.push(c);
      } catch {}
    it('text the charset holds, with or without one rare character (one it lacks, a surrogate, a pair), every mode, up to 140 units', () => {
      // 200 ASCII units after it take the text to the general encoder, and are 200 bytes at the end.
      const pad = 'z'.repeat(200);
      fc.assert(
        fc.property(
          fc.array(fc.constantFrom(...held), { maxLength: 140, size: 'max' }),
          fc.option(fc.tuple(fc.constantFrom(...rare(name)), fc.nat())),
          fc.constantFrom(...modes),
          (units, rareAt, mode) => {
            if (rareAt) units.splice(rareAt[1] % (units.length + 1), 0, rareAt[0]);
            const text = units.join('');
            expect(outcome(() => codec.encode(text, { mode }))).toBe(
              outcome(() => codec.encode(text + pad, { mode }).subarray(0, -200)),
            );
          },
        ),
        { numRuns: 200, endOnFailure: true },
      );
    });
    it('text that starts and ends with a character above ASCII (written straight into a new array of two bytes a unit): all two-byte, or with a one-byte, ASCII or rare character between, every mode, up to 140 units, each result its own', () => {
      const two = held.filter((c) => c > '\x7f' && codec.encode(c).length === 2);
      const other = held.filter((c) => c <= '\x7f' || codec.encode(c).length === 1);
      const pad = 'z'.repeat(200);
      fc.assert(
        fc.property(
          fc.array(fc.constantFrom(...two), { minLength: 1, maxLength: 140, size: 'max' }),
          fc.option(fc.tuple(fc.constantFrom(...other, ...rare(name)), fc.nat())),
          fc.constantFrom(...modes),
          (units, between, mode) => {
            if (between) units.splice(1 + (between[1] % units.length), 0, between[0], two[0]!);
            const text = units.join('');
            const want = outcome(() => codec.encode(text + pad, { mode }).subarray(0, -200));
            const got = outcome(() => codec.encode(text, { mode }));
            expect(got).toBe(want);
            // The next call leaves this result as it was.
            const first = (() => {
              try {
                return codec.encode(text, { mode });
              } catch {
                return undefined;
              }
            })();
            const copy = first && Array.from(first);
            codec.encode(`${two[two.length - 1]!}${two[0]!}`.repeat(60));
            if (first) expect(Array.from(first)).toEqual(copy);
          },
        ),
        { numRuns: 200, endOnFailure: true },
      );
    });
    it('every ASCII unit, U+0000 among them (its table entry is 0, as for a character the table lacks), between two-byte characters and in ASCII text, short and long, is its own byte', () => {
      const two = held.find((c) => c > '\x7f' && codec.encode(c).length === 2)!;
      const wide = Array.from(codec.encode(two));
      for (let c = 0; c < 0x80; c++) {
        const a = String.fromCharCode(c);
        for (const [text, want] of [
          [`${two}${a}${two}`, [...wide, c, ...wide]],
          [`${a}${two}${a}`, [c, ...wide, c]],
          [
            `${a}${two}`.repeat(100),
            Array(100)
              .fill([c, ...wide])
              .flat(),
          ],
          [
            `${two}${a}`.repeat(100),
            Array(100)
              .fill([...wide, c])
              .flat(),
          ],
        ] as const)
          expect(Array.from(codec.encode(text)), `${c} ${text.length}`).toEqual(want);
      }
    });
  },
);

describe('the ASCII shortcut, work and fallbacks', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('quadratic native copies: ASCII runs of any length, each ended by another character, cost a bounded number of units each', () => {
    // Units handed to the UTF-8 encoder per unit of input: the chunk that finds the end of the
    // run at the start may overshoot it (by less than the run's length and 256), never by the
    // rest of the text.
    const codec = getCodec('gbk')!;
    codec.encode('a'.repeat(100));
    let units = 0;
    const encodeInto = TextEncoder.prototype.encodeInto;
    vi.spyOn(TextEncoder.prototype, 'encodeInto').mockImplementation(function (
      this: TextEncoder,
      s: string,
      d: Uint8Array,
    ) {
      units += s.length;
      return encodeInto.call(this, s, d);
    });
    for (const run of [1, 65, 257, 64 + 256 + 513, 5000]) {
      for (const c of ['中', '\u0e01']) {
        const text = `${'a'.repeat(run)}${c}`.repeat(Math.ceil(200_000 / (run + 1)));
        units = 0;
        codec.encode(text, { mode: 'html' });
        expect(units / text.length).toBeLessThan(6);
        expect(units).toBeGreaterThan(0);
      }
    }
  });

  it('without TextEncoder (not ECMAScript) the loop writes every run, with the same bytes and errors', () => {
    const texts = names.map((name) => {
      const [own, lacked] = rare(name);
      return `${'<p>plain ASCII text</p>\n'.repeat(40)}${own}${'z'.repeat(300)}${lacked}${'q'.repeat(90)}\ud800`;
    });
    const run = () =>
      names.flatMap((name, k) =>
        modes.map((mode) => outcome(() => getCodec(name)!.encode(texts[k]!, { mode }))),
      );
    const expected = run();
    vi.stubGlobal('TextEncoder', undefined);
    expect(run()).toEqual(expected);
  });
});
