// UTS #46 against tr46 7.0.0 (the implementation behind whatwg-url and jsdom) on generated domain
// names, under every combination of the parameters; and the generated tables against their data.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import * as tr46 from 'tr46';
import { describe, expect, it } from 'vitest';
import { generate } from '../scripts/generate-uts46';
import { type Uts46Options, uts46ToAscii, uts46ToUnicode } from '../src/uts46';

describe('src/generated/uts46.ts', () => {
  it('is what scripts/generate-uts46.ts writes from data/uts46 (no drift)', () => {
    const committed = readFileSync(
      join(import.meta.dirname, '..', 'src', 'generated', 'uts46.ts'),
      'utf8',
    );
    expect(generate()).toBe(committed);
  });
});

describe('UTS #46 against tr46', () => {
  const piece = fc.oneof(
    fc.constantFrom(
      'a',
      'B',
      '1',
      '-',
      '.',
      '。',
      '．',
      '_',
      'xn--',
      'XN--',
      'bcher-kva',
      'zckzah',
      'a-',
      '--',
      'ü',
      'Ü',
      'ß',
      'ς',
      'Σ',
      'ﬁ',
      '①',
      '⑴',
      '\u00ad',
      '\u200c',
      '\u200d',
      '\u094d',
      'क',
      'ष',
      '\u0628',
      '\u0627',
      '\u064b',
      '\u05d0',
      '\u05e9',
      '\u0660',
      '\u06f0',
      '!',
      '\u0301',
      '\u0300',
      'ǅ',
      '㌀',
      '\u{1d400}',
      '\u{e0100}',
      '\u2488',
      '\u0080',
      '\ufffd',
      '\u{10ffff}',
      '١',
      '\u200f',
      'ا',
      'ـ',
      '\u0644',
      '\u0670',
      'é',
      'e\u0301',
      '\u1e9e',
      'İ',
      'ﬀ',
      '\u0345',
    ),
    fc.string({ unit: 'grapheme', maxLength: 2 }),
  );
  const domain = fc.array(piece, { maxLength: 10 }).map((p) => p.join(''));
  const options = fc.record({
    checkHyphens: fc.boolean(),
    checkBidi: fc.boolean(),
    checkJoiners: fc.boolean(),
    useStd3AsciiRules: fc.boolean(),
    transitional: fc.boolean(),
    verifyDnsLength: fc.boolean(),
    ignoreInvalidPunycode: fc.boolean(),
  });
  const theirs = (o: Required<Uts46Options>): tr46.Tr46Options => ({
    checkHyphens: o.checkHyphens,
    checkBidi: o.checkBidi,
    checkJoiners: o.checkJoiners,
    useSTD3ASCIIRules: o.useStd3AsciiRules,
    transitionalProcessing: o.transitional,
    verifyDNSLength: o.verifyDnsLength,
    ignoreInvalidPunycode: o.ignoreInvalidPunycode,
  });
  it('ToASCII gives the same name, or fails where tr46 fails', () => {
    fc.assert(
      fc.property(domain, options, (d, o) => {
        let ours: string | null;
        try {
          ours = uts46ToAscii(d, o);
        } catch {
          ours = null;
        }
        const expected = tr46.toASCII(d, theirs(o));
        // tr46 counts a final empty (root) label against VerifyDnsLength; UTS #46 §4.2 step 3
        // excludes "the root label and its dot", so example.com. passes here
        if (ours?.endsWith('.') && expected === null && o.verifyDnsLength) {
          expect(ours).toBe(tr46.toASCII(d, { ...theirs(o), verifyDNSLength: false }));
          if (ours.length > 1)
            expect(tr46.toASCII(ours.slice(0, -1), theirs(o))).toBe(ours.slice(0, -1));
          return;
        }
        expect(ours, JSON.stringify([d, o])).toBe(expected);
      }),
      { numRuns: 3000 },
    );
  });
  it('ToUnicode gives the same name and the same verdict', () => {
    fc.assert(
      fc.property(domain, options, (d, o) => {
        const ours = uts46ToUnicode(d, o);
        const t = tr46.toUnicode(d, theirs(o));
        expect([ours.domain, ours.error !== undefined], JSON.stringify([d, o])).toEqual([
          t.domain,
          t.error,
        ]);
      }),
      { numRuns: 3000 },
    );
  });
});
