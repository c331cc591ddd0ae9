// HTML character references in linear time: no input makes the decoder, the encoder or the form
// inverse do more than a constant amount of work per character (denial of service).
import { describe, expect, it } from 'vitest';
import { GROWTH_BOUND, growth as growthOf } from '../../../tooling/growth.ts';
import { decodeFormReferences, decodeHtmlReferences, encodeHtmlReferences } from '../src/html';
import { loadCodec } from '../src/index';

// Linear time: an input of 256 KiB (16n) built to hit a slow path against 16 inputs of n of the same
// shape (tooling/growth.ts): linear is about 1, quadratic 16. No absolute time is asserted.
describe('huge inputs in linear time (denial of service)', () => {
  const growth = (make: (n: number) => string, f: (input: string) => unknown): number =>
    growthOf(make, f, 1 << 14);
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
    expect(growth(make, (s) => decodeHtmlReferences(s))).toBeLessThan(GROWTH_BOUND);
    if (attribute)
      expect(growth(make, (s) => decodeHtmlReferences(s, { context: 'attribute' }))).toBeLessThan(
        GROWTH_BOUND,
      );
  });

  it('encodeHtmlReferences and decodeFormReferences', async () => {
    const greek = await loadCodec('windows-1253');
    const e = (s: string) => encodeHtmlReferences(s, { charset: greek, mode: 'named' });
    expect(growth((n) => '&<"Ä€😀'.repeat(n / 8), e)).toBeLessThan(GROWTH_BOUND);
    expect(growth((n) => '&#'.repeat(n / 2), decodeFormReferences)).toBeLessThan(GROWTH_BOUND);
    expect(growth((n) => `&#${'9'.repeat(n)}`, decodeFormReferences)).toBeLessThan(GROWTH_BOUND);
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
