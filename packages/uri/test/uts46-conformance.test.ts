// Unicode's own UTS #46 conformance file, IdnaTestV2.txt (test/vectors/SOURCES.md): every line,
// through ToUnicode, ToASCII (nontransitional) and ToASCII (transitional), all checks on (the
// file's parameters: CheckHyphens, CheckBidi, CheckJoiners, UseSTD3ASCIIRules, VerifyDnsLength).
// Two editions run, the newest available offline: Unicode 15.0.0 (2022) and 13.0.0 (2019), whose
// generated lines are mostly other strings (3,284 of its 6,225 sources are not in the 15.0 file).
// This package follows Unicode 18.0.0. Every difference must come from a change UTS #46 made since
// the file's version, listed below by code point with its reason: any other difference fails, and
// so does a listed reason that no longer explains one.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodePunycode } from '../src/punycode';
import { uts46ToAscii, uts46ToUnicode } from '../src/uts46';

const REV31_STD3 =
  'UTS #46 revision 31 (Unicode 15.1) made it valid: it no longer depends on UseSTD3ASCIIRules (it decomposes to "=", "<" or ">" and U+0338), where 13.0 and 15.0 disallowed it under STD3 rules (P1, V6)';
const GEORGIAN =
  'Georgian capital letter, mapped to its small letter (U+2D00–U+2D25) since Unicode 16.0 (revision 33); disallowed (P1, V6) in 13.0 and 15.0';
const FILLER =
  'Hangul filler, ignored since Unicode 16.0 (revision 33, the fillers were removed from identifiers); disallowed (P1, V6) in 13.0 and 15.0';
const NEW_17 =
  'CJK Unified Ideographs Extension J, assigned in Unicode 17.0 (valid); unassigned, so disallowed (P1, V6), in 13.0 and 15.0';
const NEW_18 =
  'assigned in Unicode 18.0 (U+3D000–U+3FC3F, valid in its IDNA table); unassigned, so disallowed (P1, V6), in 13.0 and 15.0';

/**
 * The code points whose UTS #46 status changed between Unicode 15.0 and 18.0 and that change the
 * answer of a line of the 15.0 file, each with why: all 31 of the 13.0 list but U+18C4E, whose stale
 * entry the 15.0 file corrected. Other changes (U+1E9E ẞ, U+2183 Ↄ, ...) appear in the files only on
 * lines with another error, if at all.
 */
const CHANGED_SINCE_15 = new Map<number, string>([
  [0x2260, `≠: ${REV31_STD3}`],
  [0x226e, `≮: ${REV31_STD3}`],
  [0x226f, `≯: ${REV31_STD3}`],
  ...[
    0x10a0, 0x10a1, 0x10a3, 0x10a9, 0x10ab, 0x10ac, 0x10ad, 0x10ae, 0x10b1, 0x10b5, 0x10b6, 0x10b8,
    0x10ba, 0x10be, 0x10c1, 0x10c5,
  ].map((c): [number, string] => [c, GEORGIAN]),
  [
    0x04c0,
    'Ӏ CYRILLIC LETTER PALOCHKA, mapped to U+04CF since Unicode 16.0; disallowed in 13.0 and 15.0',
  ],
  [0x2132, 'Ⅎ TURNED CAPITAL F, mapped to U+214E since Unicode 16.0; disallowed in 13.0 and 15.0'],
  [0x115f, FILLER],
  [0x1160, FILLER],
  [0x3164, FILLER],
  [0xffa0, FILLER],
  [
    0x17b4,
    'KHMER VOWEL INHERENT AQ, ignored since Unicode 16.0; in 13.0 and 15.0 a nonspacing mark it did not ignore (a label starting with it was a V5 error)',
  ],
  [0x1d175, 'MUSICAL SYMBOL BEGIN BEAM, ignored since Unicode 16.0; disallowed in 13.0 and 15.0'],
  [0x32931, NEW_17],
  [0x32b9a, NEW_17],
  [0x3e8ac, NEW_18],
  [0x3f8cd, NEW_18],
]);

/** The code points whose UTS #46 status changed between Unicode 13.0 and 18.0, each with why. */
const CHANGED_SINCE_13 = new Map<number, string>([
  ...CHANGED_SINCE_15,
  [
    0x18c4e,
    'KHITAN SMALL SCRIPT CHARACTER-18C4E, assigned and valid in Unicode 13.0, but lines 3075 and 3076 of the 13.0 file still give it the status of an unassigned code point (P1, V6): stale data in that file',
  ],
]);
/** Revision 31 (Unicode 15.1) dropped ToUnicode's empty-label error X4_2 (ToASCII keeps A4_2 under VerifyDnsLength). */
const X4_2 = 'X4_2: ToUnicode records no error for an empty label since revision 31 (Unicode 15.1)';

/** A column of the file, its `\uXXXX` and `\x{XXXX}` escapes read. */
const column = (s: string): string =>
  s.replace(/\\u([0-9A-Fa-f]{4})|\\x\{([0-9A-Fa-f]+)\}/g, (_, a, b) =>
    String.fromCodePoint(Number.parseInt(a ?? b, 16)),
  );
const statusOf = (s: string): string[] =>
  s === '' || s === '[]' ? [] : s.slice(1, -1).split(/,\s*/);

/** The code points of `source`, of its NFC form and of its decoded `xn--` labels. */
function codePoints(source: string): Set<number> {
  let text = `${source}${source.normalize('NFC')}`;
  for (const label of source.toLowerCase().split(/[.\u3002\uff0e\uff61]/))
    if (label.startsWith('xn--'))
      try {
        text += decodePunycode(label.slice(4)).normalize('NFC');
      } catch {
        // not Punycode: nothing more to read
      }
  return new Set([...text].map((c) => c.codePointAt(0)!));
}

interface Outcome {
  /** Lines read, checks made (three per line). */
  checks: number;
  /** Differences no listed reason explains. */
  unexplained: string[];
  /** The listed reasons (and X4_2) that explained at least one difference, with how many. */
  used: Map<string, number>;
}

/** Runs every line of `file`, explaining each difference by a code point of `changed` or by X4_2. */
function conformance(file: string, changed: Map<number, string>): Outcome {
  const lines = readFileSync(join(import.meta.dirname, 'vectors', file), 'utf8').split('\n');
  const used = new Map<string, number>();
  const unexplained: string[] = [];
  let checks = 0;
  lines.forEach((line, i) => {
    if (line === '' || line.startsWith('#')) return;
    const [c1, c2, c3, c4, c5, c6, c7] = line
      .split('#')[0]!
      .split(';')
      .map((f) => f.trim());
    const source = column(c1!);
    // the file's FORMAT: a blank column is the column before it
    const toUnicode = c2 === '' ? source : column(c2!);
    const toUnicodeStatus = statusOf(c3!);
    const toAsciiN = c4 === '' ? toUnicode : column(c4!);
    const toAsciiNStatus = c5 === '' ? toUnicodeStatus : statusOf(c5!);
    const toAsciiT = c6 === '' ? toAsciiN : column(c6!);
    const toAsciiTStatus = c7 === '' ? toAsciiNStatus : statusOf(c7!);
    const runs: [string, string, string[], () => string][] = [
      [
        'ToUnicode',
        toUnicode,
        toUnicodeStatus,
        () => {
          const r = uts46ToUnicode(source);
          if (r.error) throw r.error;
          return r.domain;
        },
      ],
      ['ToASCII N', toAsciiN, toAsciiNStatus, () => uts46ToAscii(source)],
      ['ToASCII T', toAsciiT, toAsciiTStatus, () => uts46ToAscii(source, { transitional: true })],
    ];
    for (const [kind, expected, status, run] of runs) {
      checks++;
      let got: string | undefined;
      let failed = false;
      try {
        got = run();
      } catch {
        failed = true;
      }
      // an error where the file has a status, else the file's string
      if (status.length > 0 ? failed : !failed && got === expected) continue;
      const reasons = [...codePoints(source)].flatMap((c) => {
        const why = changed.get(c);
        return why === undefined ? [] : [`U+${c.toString(16).toUpperCase()} ${why}`];
      });
      if (
        reasons.length === 0 &&
        kind === 'ToUnicode' &&
        status.every((s) => s === 'X4_2') &&
        got === expected
      )
        reasons.push(X4_2);
      if (reasons.length === 0)
        unexplained.push(
          `line ${i + 1} ${kind}: ${failed ? 'error' : JSON.stringify(got)}, file: ${status.length > 0 ? status.join(' ') : JSON.stringify(expected)}`,
        );
      for (const r of reasons) used.set(r, (used.get(r) ?? 0) + 1);
    }
  });
  return { checks, unexplained, used };
}

/** The listed code points that explain no difference: stale entries. */
const stale = (changed: Map<number, string>, used: Map<string, number>): string[] =>
  [...changed]
    .map(([c, why]) => `U+${c.toString(16).toUpperCase()} ${why}`)
    .filter((r) => !used.has(r));

describe('IdnaTestV2.txt (Unicode 15.0.0), every line', () => {
  it('agrees but for the code points whose status changed since 15.0, each listed with its reason', () => {
    const { checks, unexplained, used } = conformance('IdnaTestV2-15.0.0.txt', CHANGED_SINCE_15);
    expect(checks).toBe(18705);
    expect(unexplained).toEqual([]);
    // every listed code point still explains a difference: the list holds nothing stale
    expect(stale(CHANGED_SINCE_15, used)).toEqual([]);
    expect(used.has(X4_2)).toBe(true);
  });
});

describe('IdnaTestV2.txt (Unicode 13.0.0), every line', () => {
  // most of its generated lines are not in the 15.0 file (3,284 of its 6,225 sources), so it
  // still adds coverage
  it('agrees but for the code points whose status changed since 13.0, each listed with its reason', () => {
    const { checks, unexplained, used } = conformance('IdnaTestV2-13.0.0.txt', CHANGED_SINCE_13);
    expect(checks).toBe(18675);
    expect(unexplained).toEqual([]);
    expect(stale(CHANGED_SINCE_13, used)).toEqual([]);
    expect(used.has(X4_2)).toBe(true);
  });
});
