// Apple's multi-character tables (src/mac-multi.ts): x-mac-arabic, x-mac-farsi, x-mac-hebrew
// (direction tags, Hebrew ligatures as sequences), x-mac-thai and x-mac-symbol (sequences with
// Apple's transcoding hints). Every byte both ways against the data file, read here with a parser of
// its own; the direction rule of the module comment; longest match; the error modes; round trips
// as properties, one-shot and streamed; linear work on the inputs that hold runs back.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MULTI } from '../scripts/generate-tables';
import { type Codec, DecodeError, EncodeError, encodings, getCodec } from '../src/index';
import { workPerUnit } from './work';

const packageDir = join(import.meta.dirname, '..');
const LRO = '\u202d';
const RLO = '\u202e';
const PDF = '\u202c';

/** The data file, read as Apple's header describes it: byte, then 0xNNNN(+0xNNNN)* with an optional <LR>+/<RL>+ tag. */
function sourceTable(source: string): Map<number, { text: string; tag: string }> {
  const table = new Map<number, { text: string; tag: string }>();
  // "the Mac OS … character set uses the standard control characters at 0x00-0x1F and 0x7F"
  for (let b = 0; b < 0x20; b++) table.set(b, { text: String.fromCharCode(b), tag: '' });
  table.set(0x7f, { text: '\x7f', tag: '' });
  for (const line of readFileSync(join(packageDir, 'data', source), 'utf8').split('\n')) {
    if (!line.startsWith('0x')) continue;
    const [byte, mapping] = line.split('\t');
    let tag = '';
    let rest = mapping!;
    if (rest.startsWith('<')) {
      tag = rest.slice(1, 3);
      rest = rest.slice(5);
    }
    const text = String.fromCharCode(...rest.split('+').map((h) => Number.parseInt(h, 16)));
    table.set(Number.parseInt(byte!, 16), { text, tag });
  }
  return table;
}

const codecs = MULTI.map((spec) => ({
  name: spec.name,
  codec: getCodec(spec.name)!,
  table: sourceTable(spec.source),
}));

describe.each(codecs)('$name', ({ name, codec, table }) => {
  it('is listed, a Mac codec, in the README', () => {
    expect(encodings().find((e) => e.name === name)?.family).toBe('mac');
    const readme = readFileSync(join(packageDir, 'README.md'), 'utf8');
    expect(readme).toContain(`\`${name}\``);
  });

  it('every byte both ways against the table (sequences and direction tags included)', () => {
    for (let b = 0; b < 256; b++) {
      const entry = table.get(b);
      const bytes = new Uint8Array([b]);
      if (!entry) {
        expect(() => codec.decode(bytes, { fatal: true }), `0x${b.toString(16)}`).toThrow(
          DecodeError,
        );
        expect(codec.decode(bytes)).toBe('\ufffd');
        continue;
      }
      // Alone, an <RL> byte is wrapped in RIGHT-TO-LEFT OVERRIDE … POP DIRECTIONAL FORMATTING; an
      // <LR> byte needs no override when no right-to-left letter is next to it.
      const expected = entry.tag === 'RL' ? `${RLO}${entry.text}${PDF}` : entry.text;
      expect(codec.decode(bytes, { fatal: true }), `0x${b.toString(16)}`).toBe(expected);
      expect(Array.from(codec.encode(expected)), `0x${b.toString(16)}`).toEqual([b]);
      // A character with one byte only is that byte without the override too.
      if (
        entry.tag === 'RL' &&
        ![...table.values()].some((e) => e.text === entry.text && e !== entry)
      )
        expect(Array.from(codec.encode(entry.text))).toEqual([b]);
    }
  });

  it('property: encode(decode(bytes)) gives the bytes back, at once and streamed in chunks', () => {
    const mapped = [...table.keys()];
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...mapped), { maxLength: 60 }),
        fc.integer({ min: 1, max: 7 }),
        (list, size) => {
          const bytes = Uint8Array.from(list);
          const text = codec.decode(bytes, { fatal: true });
          expect(Array.from(codec.encode(text))).toEqual(list);
          // The decoder holds a run back across chunks; the encoder a possible sequence start.
          const decoder = codec.createDecoder({ fatal: true });
          let streamed = '';
          for (let i = 0; i < bytes.length; i += size)
            streamed += decoder.decode(bytes.subarray(i, i + size), { stream: true });
          streamed += decoder.decode();
          expect(streamed).toBe(text);
          const encoder = codec.createEncoder();
          const parts: number[] = [];
          for (let i = 0; i < text.length; i += size)
            parts.push(...encoder.encode(text.slice(i, i + size), { stream: true }));
          parts.push(...encoder.encode());
          expect(parts).toEqual(list);
        },
      ),
    );
  });

  it("property: text of the table's characters encodes, and decoding gives text that encodes to the same bytes", () => {
    const pieces = [...new Set([...table.values()].map((e) => e.text))];
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...pieces, LRO, RLO, PDF), { maxLength: 40 }),
        (list) => {
          const text = list.join('');
          const bytes = codec.encode(text);
          const back = codec.decode(bytes, { fatal: true });
          expect(codec.encode(back)).toEqual(bytes);
          if (codec.roundTrips) expect(back).toBe(text.replace(/[\u202a-\u202e]/g, ''));
        },
      ),
    );
  });

  it('error modes: fatal names the index, replacement writes ?, html a reference in ASCII bytes', () => {
    const foreign = '\u4e00';
    try {
      codec.encode(`12${foreign}`);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(EncodeError);
      expect((e as EncodeError).index).toBe(2);
      expect((e as EncodeError).codePoint).toBe(0x4e00);
      expect((e as EncodeError).charset).toBe(name);
    }
    expect(() => codec.encode('1\ud800')).toThrow(/lone surrogate/);
    const ascii = (b: Uint8Array): string => String.fromCharCode(...b);
    expect(codec.decode(codec.encode(foreign, { mode: 'replacement' }))).toBe('?');
    const html = codec.encode(`${RLO}${foreign}\u{1f600}\udc00${PDF}`, { mode: 'html' });
    expect(ascii(html)).toBe('&#19968;&#128512;&#65533;');
  });

  it('linear work: long runs of tagged bytes held back, sequence starts, overrides, in 7-byte chunks', () => {
    const mapped = [...table.keys()];
    const pick = (want: string): number => mapped.find((b) => table.get(b)!.tag === want) ?? 0x41;
    const patterns = [[pick('LR')], [pick('RL')], [pick('LR'), pick('RL')], mapped];
    const perUnit = (n: number, pattern: number[]): number => {
      const bytes = Uint8Array.from({ length: n }, (_, i) => pattern[i % pattern.length]!);
      const text = codec.decode(bytes);
      return Math.max(
        workPerUnit(n, () => codec.decode(bytes)),
        workPerUnit(n, () => {
          const d = codec.createDecoder();
          for (let i = 0; i < n; i += 7) d.decode(bytes.subarray(i, i + 7), { stream: true });
          d.decode();
        }),
        workPerUnit(text.length, () => codec.encode(text)),
        workPerUnit(text.length, () => {
          const e = codec.createEncoder();
          for (let i = 0; i < text.length; i += 7) e.encode(text.slice(i, i + 7), { stream: true });
          e.encode();
        }),
      );
    };
    codec.decode(new Uint8Array(mapped));
    for (const pattern of patterns) {
      const small = perUnit(4096, pattern);
      const large = perUnit(4 * 4096, pattern);
      expect(large).toBeLessThan(64);
      expect(large).toBeLessThan(small * 2 + 8);
    }
    const nested = RLO.repeat(1 << 14) + '+'.repeat(1 << 14) + PDF.repeat(1 << 14);
    expect(
      workPerUnit(nested.length, () => codec.encode(nested, { mode: 'replacement' })),
    ).toBeLessThan(64);
  });
});

const arabic = getCodec('x-mac-arabic') as Codec;
const hebrew = getCodec('x-mac-hebrew') as Codec;
const farsi = getCodec('x-mac-farsi') as Codec;
const thai = getCodec('x-mac-thai') as Codec;
const symbol = getCodec('x-mac-symbol') as Codec;
const b = (...x: number[]): Uint8Array => Uint8Array.from(x);

describe('direction (Apple: "Unicode mapping issues and notes", 1)', () => {
  it('the twins of + decode with the override of their direction and encode back by it', () => {
    // 0x2B is <LR>+0x002B, 0xAB is <RL>+0x002B.
    expect(arabic.decode(b(0x31, 0x2b, 0x31))).toBe('1+1');
    expect(arabic.decode(b(0xb1, 0xab, 0xb1))).toBe(`${RLO}\u0661+\u0661${PDF}`);
    expect(Array.from(arabic.encode('1+1'))).toEqual([0x31, 0x2b, 0x31]);
    expect(Array.from(arabic.encode(`${RLO}+${PDF}+`))).toEqual([0xab, 0x2b]);
    expect(Array.from(arabic.encode(`${RLO}${LRO}+${PDF}+${PDF}`))).toEqual([0x2b, 0xab]);
  });

  it("Apple's run example: 0x24 0x20 0x28 0x29 after an Arabic letter is one LRO … PDF pair", () => {
    expect(arabic.decode(b(0xc7, 0x24, 0x20, 0x28, 0x29))).toBe(`\u0627${LRO}$ ()${PDF}`);
    expect(arabic.decode(b(0x24, 0x20, 0x28, 0x29, 0xc7))).toBe(`${LRO}$ ()${PDF}\u0627`);
    // Between Latin letters a left-to-right neutral needs no override.
    expect(arabic.decode(b(0x61, 0x20, 0x62))).toBe('a b');
  });

  it('the right-left digits always take an override (Arabic-Indic in Arabic, Extended in Farsi, ASCII in Hebrew)', () => {
    expect(arabic.decode(b(0xb0))).toBe(`${RLO}\u0660${PDF}`);
    expect(farsi.decode(b(0xb0))).toBe(`${RLO}\u06f0${PDF}`);
    expect(hebrew.decode(b(0xb0))).toBe(`${RLO}0${PDF}`);
    expect(Array.from(hebrew.encode('0'))).toEqual([0x30]);
    expect(Array.from(hebrew.encode(`${RLO}0${PDF}`))).toEqual([0xb0]);
  });

  it('a line end closes every override', () => {
    expect(Array.from(arabic.encode(`${RLO}+\n+`))).toEqual([0xab, 0x0a, 0x2b]);
  });

  it('roundTrips is false where decoding adds overrides, true for Thai and Symbol', () => {
    expect([arabic, farsi, hebrew].map((c) => c.roundTrips)).toEqual([false, false, false]);
    expect([thai, symbol].map((c) => c.roundTrips)).toEqual([true, true]);
    expect(arabic.decode(arabic.encode('\u0627+'))).toBe(`\u0627${LRO}+${PDF}`);
  });
});

describe('sequences and longest match', () => {
  it('Hebrew: the lamed holam ligature 0xC0, qamats qatan 0xDE, yod yod patah 0x81', () => {
    expect(hebrew.decode(b(0xc0, 0xec, 0xdd))).toBe('\uf86a\u05dc\u05b9\u05dc\u05b9');
    expect(Array.from(hebrew.encode('\uf86a\u05dc\u05b9\u05dc\u05b9'))).toEqual([0xc0, 0xec, 0xdd]);
    expect(Array.from(hebrew.encode('\u05b8\uf87f\u05b8'))).toEqual([0xde, 0xcb]);
    expect(Array.from(hebrew.encode('\u05f2\u05b7'))).toEqual([0x81]);
    // U+05F2 has no byte of its own, U+F86A only starts the ligature.
    expect(() => hebrew.encode('\u05f2')).toThrow(EncodeError);
    expect(() => hebrew.encode('\uf86a\u05dc')).toThrow(EncodeError);
  });

  it('Thai: the positional variants of the tone marks (0x83 low left, 0x88 low, 0x98 left) and the plain mark 0xE8', () => {
    expect(thai.decode(b(0x83, 0x88, 0x98, 0xe8))).toBe(
      '\u0e48\uf875\u0e48\uf873\u0e48\uf874\u0e48',
    );
    expect(Array.from(thai.encode('\u0e48\uf875\u0e48\uf873\u0e48\uf874\u0e48'))).toEqual([
      0x83, 0x88, 0x98, 0xe8,
    ]);
  });

  it('Symbol: the sans-serif ® © ™ (0xE2-0xE4) beside the serif ones (0xD2-0xD4), the Apple logo, Greek in GL', () => {
    expect(symbol.decode(b(0xe2, 0xd2, 0xf0, 0x61))).toBe('\u00ae\uf87f\u00ae\uf8ff\u03b1');
    expect(Array.from(symbol.encode('®\uf87f®\uf8ffα'))).toEqual([0xe2, 0xd2, 0xf0, 0x61]);
  });

  it('a sequence cut across streamed chunks is still one byte', () => {
    const e = hebrew.createEncoder();
    const out = [
      ...e.encode('\u05b8', { stream: true }),
      ...e.encode('\uf87f\uf86a', { stream: true }),
      ...e.encode('\u05dc', { stream: true }),
      ...e.encode('\u05b9'),
    ];
    expect(out).toEqual([0xde, 0xc0]);
    const d = arabic.createDecoder();
    expect(d.decode(b(0xc7, 0x2b), { stream: true }) + d.decode(b(0x2b, 0xc8))).toBe(
      `\u0627${LRO}++${PDF}\u0628`,
    );
  });
});
