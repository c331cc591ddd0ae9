import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeSet, percentDecode, percentEncode, rfc3986, whatwg } from '../src/index';

const sets = [
  ...Object.entries(rfc3986).map(([name, set]) => [`rfc3986.${name}`, set] as const),
  ...Object.entries(whatwg).map(([name, set]) => [`whatwg.${name}`, set] as const),
  ['encodeSet("!*")', encodeSet('!*')] as const,
];

describe('decode(encode(s, set)) === s', () => {
  it.each(sets)('%s', (_, set) => {
    // A set that leaves % literal (the WHATWG URL-parser sets) cannot round-trip a literal %:
    // there the property holds for text without one.
    const keepsPercent = percentEncode('%', set) === '%';
    const text = fc.string({ unit: 'binary' }).map((s) => (keepsPercent ? s.replace(/%/g, '') : s));
    fc.assert(
      fc.property(text, (s) => {
        const encoded = percentEncode(s, set);
        expect(percentDecode(encoded)).toBe(s);
        // Every character left is one the set keeps, or part of an escape.
        expect(encoded).toMatch(/^[\x20-\x7e]*$/);
        for (const ch of encoded.replace(/%[0-9A-F]{2}/g, ''))
          expect(percentEncode(ch, set)).toBe(ch);
      }),
      { numRuns: 150 },
    );
  });
});

describe('encode is idempotent on its own output for sets that encode %... and only escapes', () => {
  it('encoding the output again with a set that keeps % changes nothing', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const once = percentEncode(s, rfc3986.component);
        expect(percentEncode(once, whatwg.path)).toBe(once);
      }),
      { numRuns: 200 },
    );
  });
});
