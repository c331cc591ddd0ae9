// Linear time by work ratios, for every export: see the comments below. test/linear.test.ts runs
// each export on 1 MB of adversarial input and checks the results.
import { describe, expect, it } from 'vitest';
import { GROWTH_BOUND as BOUND, growth } from '../../../tooling/growth.ts';
import { codec as iso2022jp } from '../../legacy-charsets/src/iso-2022-jp';
import {
  encodeSet,
  formToObject,
  normalizeEscapes,
  parseForm,
  parseKeywords,
  percentDecode,
  percentDecodeBytes,
  percentEncode,
  rfc3986,
  serializeForm,
  type TextEncoderFunction,
  whatwg,
} from '../src/index';

const errorOf = (f: () => unknown): unknown => {
  try {
    return f();
  } catch (error) {
    return error;
  }
};

// Work ratios: the time of each export on one input of 16n over its time on 16 inputs of n of the
// same shape (tooling/growth.ts). Linear: about 1; quadratic: about 16.
/** `unit` repeated to about `n` characters. */
const fill = (unit: string, n: number): string => unit.repeat(Math.ceil(n / unit.length));
const lenient = { mode: 'lenient' } as const;
const all = { limit: Number.POSITIVE_INFINITY };
// 'a+': keywords without a `%`, where a search for one per word ran to the end of the query.
const units = [
  '%',
  '%41',
  '%E2%82',
  'a=%41+b&',
  '&;=+',
  'é中😀\ud800',
  '%%4%31',
  'ab€',
  'a+',
  'a+%41',
];

describe('linear time: every export, time on 16n ÷ time on 16 × n', () => {
  it.each(units)('decoders, normalizeEscapes, forms and keywords on %j', (unit) => {
    const make = (n: number): string => fill(unit, n);
    expect(growth(make, (s) => percentDecode(s, lenient))).toBeLessThan(BOUND);
    expect(growth(make, (s) => errorOf(() => percentDecode(s)))).toBeLessThan(BOUND);
    expect(growth(make, (s) => percentDecodeBytes(s, lenient))).toBeLessThan(BOUND);
    expect(
      growth(
        (n) => new TextEncoder().encode(make(n)),
        (b) => percentDecodeBytes(b, lenient),
      ),
    ).toBeLessThan(BOUND);
    expect(growth(make, (s) => normalizeEscapes(s))).toBeLessThan(BOUND);
    expect(growth(make, (s) => parseForm(s, all))).toBeLessThan(BOUND);
    expect(growth(make, (s) => formToObject(s, all))).toBeLessThan(BOUND);
    expect(growth(make, (s) => parseKeywords(s))).toBeLessThan(BOUND);
    expect(
      growth(make, (s) => parseForm(s, { ...all, decoder: (b) => String(b.length) })),
    ).toBeLessThan(BOUND);
    expect(
      growth(make, (s) => percentDecode(s, { ...lenient, decoder: (b) => String(b.length) })),
    ).toBeLessThan(BOUND);
  });

  it.each(units)('encoders, serializeForm and encodeSet on %j', (unit) => {
    const make = (n: number): string => fill(unit, n);
    expect(growth(make, (s) => percentEncode(s, rfc3986.component))).toBeLessThan(BOUND);
    expect(growth(make, (s) => percentEncode(s, whatwg.path))).toBeLessThan(BOUND);
    expect(
      growth(
        (n) => new TextEncoder().encode(make(n)),
        (b) => percentEncode(b, whatwg.form),
      ),
    ).toBeLessThan(BOUND);
    expect(growth(make, (s) => serializeForm([[s, s]]))).toBeLessThan(BOUND);
    // An error per unencodable character costs microseconds: a smaller n.
    expect(
      growth(make, (s) => serializeForm({ a: [s], b: s }, { encoder: latin1(() => {}) }), 256),
    ).toBeLessThan(BOUND);
    expect(
      growth(make, (s) => percentEncode(s, rfc3986.query, { encoder: latin1(() => {}) }), 256),
    ).toBeLessThan(BOUND);
    expect(growth(make, (s) => encodeSet(s))).toBeLessThan(BOUND);
  });
});

/**
 * A latin1 encoder that behaves like a costly legacy one: it allocates its output for the whole text
 * and checks every character before it throws at the first it cannot hold (with that character's
 * index, as `@x/legacy-charsets` does in fatal mode). `count` is told how many characters it read.
 */
const latin1 =
  (count: (read: number) => void): TextEncoderFunction =>
  (text) => {
    const out = new Uint8Array(text.length);
    let bad = -1;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c > 0xff && bad < 0) bad = i;
      out[i] = c;
    }
    count(text.length);
    if (bad >= 0) throw Object.assign(new RangeError('unencodable'), { index: bad });
    return out;
  };

describe('an encoder that costs the length of its input is given at most 4 times the text', () => {
  // Counted, not timed: the characters the encoder reads for a text of n and of 4n. Before, the
  // rest of the text went to the encoder again after every unencodable character: n²/2 for text
  // that is all unencodable. The output is the HTML numeric character references browsers send.
  it.each([
    ['every character unencodable', '€', '%26%238364%3B'],
    ['one in three', 'ab€', 'ab%26%238364%3B'],
    ['pairs and lone surrogates', '😀\ud800x', '%26%23128512%3B%26%2365533%3Bx'],
    ['one in a hundred', `${'a'.repeat(99)}€`, `${'a'.repeat(99)}%26%238364%3B`],
  ])('%s: serializeForm and percentEncode in html mode', (_, unit, encoded) => {
    const work = (n: number): number => {
      const text = fill(unit, n);
      let read = 0;
      const encoder = latin1((r) => {
        read += r;
      });
      const times = text.length / unit.length;
      expect(serializeForm([['q', text]], { encoder })).toBe(`q=${encoded.repeat(times)}`);
      expect(percentEncode(text, whatwg.form, { encoder, spaceAsPlus: true })).toBe(
        encoded.repeat(times),
      );
      expect(read).toBeLessThanOrEqual(2 * 4 * text.length + 2);
      return read;
    };
    const ratio = work(4 * 4096) / work(4096);
    expect(ratio).toBeGreaterThan(3);
    expect(ratio).toBeLessThan(5);
  });
});

describe('ISO-2022-JP: one escape pair per run, and at most 8 times the text in all', () => {
  // Counted, not timed. The calls that find the next unencodable character start at the run's
  // start and double. The worst shape for that is a long run after a short one: the long run's calls
  // double up from 2 (under 4 times it), and the next run's first call is twice the long run. Then
  // the whole text goes to the encoder once more, each unencodable character replaced by a control,
  // so that a run of kanji is one escape pair and the state after the character is the standard's.
  const jp = (text: string): Uint8Array => iso2022jp.encode(text);
  const escaped = (text: string): string => percentEncode(text, whatwg.form, { encoder: jp });
  it.each([
    ['a run of 3 kanji per unencodable character', ['中中中']],
    ['runs of 129 kanji, then an empty one', ['中'.repeat(129), '']],
    ['runs of 65 ASCII, then an empty one', ['a'.repeat(65), '']],
    ['a run of 99 after each', ['a'.repeat(99)]],
  ])('%s', (_, runs) => {
    const unit = runs.map((run) => `é${run}`).join('');
    const encodedUnit = runs.map((run) => `%26%23233%3B${run && escaped(run)}`).join('');
    const work = (n: number): number => {
      const text = fill(unit, n);
      let read = 0;
      const encoder = (t: string): Uint8Array => {
        read += t.length;
        return jp(t);
      };
      expect(percentEncode(text, whatwg.form, { encoder })).toBe(
        encodedUnit.repeat(text.length / unit.length),
      );
      expect(read).toBeLessThanOrEqual(8 * text.length);
      return read;
    };
    const ratio = work(4 * 4096) / work(4096);
    expect(ratio).toBeGreaterThan(3);
    expect(ratio).toBeLessThan(5);
  });
});
