// HTML character references in linear time: no input makes the decoder, the encoder or the form
// inverse do more than a constant amount of work per character (denial of service).
import { describe, expect, it } from 'vitest';
import { decodeFormReferences, decodeHtmlReferences, encodeHtmlReferences } from '../src/html';
import { loadCodec } from '../src/index';

// Linear time: an input of 256 KiB (16n) built to hit a slow path against 16 inputs of n of the same
// shape, fastest of several runs each. Linear is about 1, quadratic 16; the bound (5) leaves room
// for the noise of a shared machine. No absolute time is asserted.
describe('huge inputs in linear time (denial of service)', () => {
  const N = 1 << 14;
  const fastest = (f: () => unknown): number => {
    let best = Number.POSITIVE_INFINITY;
    for (let r = 0; r < 2; r++) {
      const start = performance.now();
      f();
      best = Math.min(best, performance.now() - start);
    }
    return best;
  };
  // A shared machine stalls now and then for longer than a run: a linear algorithm gets under the
  // bound in one of three tries, a quadratic one (16) in none.
  const growth = (make: (n: number) => string, f: (input: string) => unknown): number => {
    const small = Array.from({ length: 16 }, () => make(N));
    const large = make(16 * N);
    let best = Number.POSITIVE_INFINITY;
    for (let attempt = 0; attempt < 3 && best >= 5; attempt++) {
      const ratio =
        fastest(() => f(large)) /
        fastest(() => {
          for (const s of small) f(s);
        });
      best = Math.min(best, ratio);
    }
    return best;
  };
  // [shape, input, whether the attribute rule matters to it]
  const shapes: [string, (n: number) => string, boolean][] = [
    ['&', (n) => '&'.repeat(n), false],
    ['&#', (n) => '&#'.repeat(n / 2), false],
    ['&#x', (n) => '&#x'.repeat(n / 3), false],
    ['&a', (n) => '&a'.repeat(n / 2), false],
    ['&notit', (n) => '&notit'.repeat(n / 6), true],
    ['an unterminated name', (n) => `&${'a'.repeat(n)}`, true],
    ['an unterminated decimal reference', (n) => `&#${'9'.repeat(n)}`, false],
  ];

  it.each(shapes)('decodeHtmlReferences on %s', (_, make, attribute) => {
    expect(growth(make, (s) => decodeHtmlReferences(s))).toBeLessThan(5);
    if (attribute)
      expect(growth(make, (s) => decodeHtmlReferences(s, { context: 'attribute' }))).toBeLessThan(
        5,
      );
  });

  it('encodeHtmlReferences and decodeFormReferences', async () => {
    const greek = await loadCodec('windows-1253');
    const e = (s: string) => encodeHtmlReferences(s, { charset: greek, mode: 'named' });
    expect(growth((n) => '&<"Ä€😀'.repeat(n / 8), e)).toBeLessThan(5);
    expect(growth((n) => '&#'.repeat(n / 2), decodeFormReferences)).toBeLessThan(5);
    expect(growth((n) => `&#${'9'.repeat(n)}`, decodeFormReferences)).toBeLessThan(5);
  });

  it('1 MB of each shape, and 1 MB unterminated references, decode in one pass', () => {
    const MB = 1 << 20;
    for (const [name, make] of shapes) {
      const input = make(MB);
      // Only `&notit` (`¬it`, three characters for six) and the decimal reference (U+FFFD, past
      // U+10FFFF) are references here; everything else stays as written.
      const expected =
        name === '&notit'
          ? input.length / 2
          : name.endsWith('decimal reference')
            ? 1
            : input.length;
      expect(decodeHtmlReferences(input).length, name).toBe(expected);
    }
    for (const input of [`&#x${'f'.repeat(MB)}`, `&#${'9'.repeat(MB)};`])
      expect(decodeHtmlReferences(input)).toBe('\ufffd');
  });
});
