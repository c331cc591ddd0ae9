// UCS-2 and UCS-4 (src/ucs.ts) stream as every other charset of the family does: chunks split
// anywhere give the one-shot result, in every mode, and a fatal error's index counts from the
// start of the stream.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CharsetEncoder, TextDecoder } from '../src/index';

const IANA = { mode: 'iana' } as const;

/** `bytes` cut at `cuts` (sorted offsets; empty chunks too). */
const chunks = (bytes: Uint8Array, cuts: number[]): Uint8Array[] => {
  const out: Uint8Array[] = [];
  let from = 0;
  for (const c of [...cuts].sort((a, b) => a - b)) {
    out.push(bytes.subarray(from, Math.max(from, c)));
    from = Math.max(from, c);
  }
  out.push(bytes.subarray(from));
  return out;
};

const outcome = (f: () => unknown): unknown => {
  try {
    return f();
  } catch (error) {
    const e = error as { name: string; index?: number };
    return { error: e.name, index: e.index };
  }
};

describe('UCS-2 and UCS-4 streaming decode', () => {
  it('examples: a unit split across chunks, a surrogate unit, an odd byte at the end', () => {
    const d = new TextDecoder('ISO-10646-UCS-2', IANA);
    expect(d.decode(new Uint8Array([0, 0x41, 0x30]), { stream: true })).toBe('A');
    expect(d.decode(new Uint8Array([0x42]))).toBe('あ');
    expect(d.decode(new Uint8Array([0xd8]), { stream: true })).toBe('');
    expect(d.decode(new Uint8Array([0x3d, 0, 0x41, 0]))).toBe('\ufffdA\ufffd');
    const fatal = new TextDecoder('ISO-10646-UCS-2', { ...IANA, fatal: true });
    expect(fatal.decode(new Uint8Array([0, 0x41]), { stream: true })).toBe('A');
    expect(outcome(() => fatal.decode(new Uint8Array([0, 0x42, 0xdc, 0])))).toMatchObject({
      index: 4,
    });
    expect(
      new TextDecoder('csUCS4', IANA).decode(new Uint8Array([0, 0, 0]), { stream: true }),
    ).toBe('');
  });
  it('property: any chunking gives the one-shot result, fatal or not', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('ISO-10646-UCS-2', 'ISO-10646-UCS-4', 'csUnicode'),
        fc.uint8Array({ maxLength: 40 }).map((b) =>
          // more surrogate units and zero bytes than chance gives
          b.map((x, i) => (i % 5 === 0 ? 0xd8 + (x & 7) : i % 3 === 0 ? 0 : x)),
        ),
        fc.array(fc.nat(40), { maxLength: 6 }),
        fc.boolean(),
        (label, bytes, cuts, fatal) => {
          const once = outcome(() => new TextDecoder(label, { ...IANA, fatal }).decode(bytes));
          const d = new TextDecoder(label, { ...IANA, fatal });
          const streamed = outcome(() => {
            let text = '';
            for (const c of chunks(bytes, cuts)) text += d.decode(c, { stream: true });
            return text + d.decode();
          });
          expect(streamed).toEqual(once);
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('UCS-2 and UCS-4 streaming encode', () => {
  it('examples: a pair split across chunks, in each mode', () => {
    const html = new CharsetEncoder('ISO-10646-UCS-2', { ...IANA, unencodable: 'html' });
    expect([...html.encode('a\ud83d', { stream: true })]).toEqual([0, 0x61]);
    expect(new TextDecoder('utf-16be').decode(html.encode('\ude00b'))).toBe('&#128512;b');
    const fatal = new CharsetEncoder('ISO-10646-UCS-2', IANA);
    expect([...fatal.encode('ab', { stream: true })]).toEqual([0, 0x61, 0, 0x62]);
    expect(outcome(() => fatal.encode('c😀'))).toMatchObject({ index: 3 });
    expect([...new CharsetEncoder('ISO-10646-UCS-4', IANA).encode('😀', { stream: true })]).toEqual(
      [0, 1, 0xf6, 0],
    );
  });
  it('property: any chunking gives the one-shot result, in each mode', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('ISO-10646-UCS-2', 'ISO-10646-UCS-4'),
        fc.string({
          unit: fc.constantFrom('a', 'é', '語', '😀', '\ud800', '\udc00'),
          maxLength: 12,
        }),
        fc.array(fc.nat(24), { maxLength: 5 }),
        fc.constantFrom('fatal', 'replacement', 'html'),
        (label, text, cuts, unencodable) => {
          const options = { ...IANA, unencodable } as const;
          const once = outcome(() => [...new CharsetEncoder(label, options).encode(text)]);
          const e = new CharsetEncoder(label, options);
          const streamed = outcome(() => {
            const bytes: number[] = [];
            let from = 0;
            for (const c of [...cuts].sort((a, b) => a - b)) {
              const to = Math.min(Math.max(from, c), text.length);
              bytes.push(...e.encode(text.slice(from, to), { stream: true }));
              from = to;
            }
            bytes.push(...e.encode(text.slice(from)));
            return bytes;
          });
          expect(streamed).toEqual(once);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
