// Long components: a clean tail is checked by one sticky one-class regex (or, from 320 characters
// on, a printable-ASCII skip and indexOf searches) and split at its delimiters; anything else takes
// the character loop. These tests compare the scanner, on long components, with an oracle that
// reads one character at a time from the RFC 3986 Appendix A character lists, and count its work on
// inputs that stop the skip often or make the check decline.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseIri, tryParse } from '../src/index';
import { count, work } from './work';

const UNRESERVED = /[A-Za-z0-9\-._~]/;
const SUB_DELIMS = "!$&'()*+,;=";
const HEX = /[0-9A-Fa-f]/;

/** The first index of `s[from..]` that is not `*( <allowed> / pct-encoded )`, or s.length. */
function oracleRun(s: string, from: number, extra: string): number {
  let i = from;
  while (i < s.length) {
    const ch = s[i]!;
    if (UNRESERVED.test(ch) || SUB_DELIMS.includes(ch) || extra.includes(ch)) i++;
    else if (ch === '%' && HEX.test(s[i + 1] ?? '') && HEX.test(s[i + 2] ?? '')) i += 3;
    else return i;
  }
  return i;
}

// Characters weighted toward long valid runs, with escapes (good and bad) and characters that
// stop a component.
const LONG_RUN = fc.constantFrom('a'.repeat(40), 'segment/'.repeat(9), "x!$&'()*+,;=:@".repeat(4));
const piece = fc.oneof(
  { weight: 3, arbitrary: LONG_RUN },
  {
    weight: 4,
    arbitrary: fc.constantFrom('a', 'Z', '9', '/', ':', '@', '-', '%41', '%4', '%g1', '%'),
  },
  { weight: 1, arbitrary: fc.constantFrom(' ', '[', '"', '\u00e9', '\u{1f600}', '\\', '^') },
);
const component = (without: string) =>
  fc
    .array(piece, { maxLength: 12 })
    .map((a) => a.join('').replace(new RegExp(`[${without}]`, 'g'), '/'));

describe('long components agree with a character-by-character oracle', () => {
  it('tryParse: components and the offset of the first bad character (RFC 3986 §3.3–§3.5)', () => {
    fc.assert(
      fc.property(component('?#'), component('#'), component('#'), (path, query, fragment) => {
        const s = `http://h/${path}?${query}#${fragment}`;
        const p0 = 9;
        const pe = oracleRun(s, p0, ':@/');
        let bad = pe < s.length && s[pe] !== '?' ? pe : -1;
        if (bad < 0) {
          const qe = oracleRun(s, pe + 1, ':@/?');
          if (s[qe] !== '#') bad = qe;
          else {
            const fe = oracleRun(s, qe + 1, ':@/?');
            if (fe < s.length) bad = fe;
          }
        }
        const got = tryParse(s);
        if (bad >= 0) {
          expect(got.ok, s).toBe(false);
          if (!got.ok) expect(got.error.index, s).toBe(bad);
        } else {
          expect(got.ok, s).toBe(true);
          if (got.ok) {
            expect(got.value.path).toBe(`/${path}`);
            expect(got.value.query).toBe(query);
            expect(got.value.fragment).toBe(fragment);
          }
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('parseIri accepts long ASCII runs around ucschar and rejects a space after them', () => {
    const run = 'a'.repeat(100);
    const iri = `http://h/${run}\u00e9${run}\u{1f600}${run}?${run}\u00e9#${run}`;
    expect(parseIri(iri).path).toBe(`/${run}\u00e9${run}\u{1f600}${run}`);
    const at = `http://h/${run}\u00e9${run}`.length;
    expect(() => parseIri(`http://h/${run}\u00e9${run} x`)).toThrow(
      expect.objectContaining({ index: at }),
    );
  });
});

describe('work on long components', () => {
  const cases: [string, (n: number) => string, (s: string) => unknown][] = [
    ['dense escapes', (n) => `http://h/${'%41'.repeat(n)}`, tryParse],
    [
      'an escape every 20 characters',
      (n) => `http://h/${'%41abcdefghijklmnopq'.repeat(n)}`,
      tryParse,
    ],
    [
      'IRI text, non-ASCII every other character',
      (n) => `http://h/${'\u00e9a'.repeat(n)}`,
      parseIri,
    ],
    [
      'a long query and fragment',
      (n) => `http://h/?${'q=1&'.repeat(n)}#${'f'.repeat(n)}`,
      tryParse,
    ],
    [
      'IRI text, then one escape at the end',
      (n) => `http://h/${'\u00e9abc'.repeat(n)}%41`,
      parseIri,
    ],
    [
      'an escape every 40 characters',
      (n) => `http://h/${'%41'.padEnd(40, 'x').repeat(n)}`,
      tryParse,
    ],
    ['a bad escape after a long run', (n) => `http://h/${'a'.repeat(n)}%4g`, (s) => tryParse(s)],
    // the one-pass split (scan.ts `quick`) reads the input, then declines and leaves it to the loop
    ['a second "#" at the end', (n) => `http://h/#${'f/'.repeat(n)}#`, tryParse],
    ['a long userinfo, then a second "@"', (n) => `http://${'u:'.repeat(n)}@h@/`, tryParse],
    ['a long port', (n) => `http://h:${'1'.repeat(n)}x/`, tryParse],
    ['a long first segment with a colon', (n) => `${'a'.repeat(n)}1:/b`.slice(1), tryParse],
    ['a long relative first segment', (n) => `.${'a'.repeat(n)}:b`, tryParse],
    ['many "@" and ":" in a long path', (n) => `http://h/${'@:'.repeat(n)}`, tryParse],
    // the authority's plain loop (scan.ts part) hands a non-ASCII character to the scanner; the
    // clean-tail check (tailClean) reads a long tail, then declines, and the scanner reads it again
    ['a long userinfo, then an IP literal', (n) => `http://${'u'.repeat(n)}@[::1]/`, tryParse],
    ['a long host, then a non-ASCII character', (n) => `http://${'h'.repeat(n)}\u00e9/`, parseIri],
    ['a long clean tail, then a space', (n) => `http://h/${'a/'.repeat(n)}?q#f `, tryParse],
    ['a long escaped tail, then a bad escape', (n) => `http://h/${'%41b'.repeat(n)}%4`, tryParse],
    // IRI text: runs of ASCII between the characters beyond ASCII, short and long
    [
      'IRI text, a run of 16 after each',
      (n) => `http://h/${'\u00e9abcdefghijklmnop'.repeat(n)}`,
      parseIri,
    ],
    ['IRI text, one then a long run', (n) => `http://h/\u00e9${'a'.repeat(16 * n)}%41`, parseIri],
  ];
  it('reads each character a bounded number of times, however often the skip stops', () => {
    for (const [name, make, run] of cases) {
      const n = 1 << 12;
      const s = make(n);
      // bounded per character: the loop reads a character at most twice in each of the (at most
      // six) runs over the components (a look-ahead of "%"), a regex steps over it once in the
      // check of a clean tail; indexOf searches (for "%", the
      // delimiters and, in a long clean tail, each of the 12 excluded printable characters) step
      // over it a bounded number of times
      const { reads, searched } = count(run, s);
      expect(reads / s.length, name).toBeLessThan(8);
      expect(searched / s.length, name).toBeLessThan(20);
      expect(work(run, make(4 * n)) / (reads + searched), name).toBeLessThan(4.1);
    }
  });

  it('reads a short tail without "%" in one skip, with no search for "%"', () => {
    const indexOf = String.prototype.indexOf;
    const test = RegExp.prototype.test;
    let searches = 0;
    let skips = 0;
    String.prototype.indexOf = function (this: string, what: string, from?: number): number {
      if (what === '%') searches++;
      return indexOf.call(this, what, from);
    };
    RegExp.prototype.test = function (this: RegExp, input: string): boolean {
      skips++;
      return test.call(this, input);
    };
    const seen: number[][] = [];
    try {
      for (const s of ['https://www.example.com/a/b?k=v&l=w#f', 'https://h/a%41b?k#f%42']) {
        searches = 0;
        skips = 0;
        tryParse(s);
        seen.push([skips, searches]);
      }
    } finally {
      String.prototype.indexOf = indexOf;
      RegExp.prototype.test = test;
    }
    // without "%": one skip of the tail; with escapes: a second skip from the first "%" on, and
    // a search for each "%" and one that finds none
    expect(seen).toEqual([
      [1, 0],
      [2, 3],
    ]);
  });

  it('reads a URI of the common shape in one skip and the searches for its delimiters', () => {
    const n = 1 << 12;
    const s = `http://user@host.example:8080/${'seg/'.repeat(n)}?${'k=v&'.repeat(n)}#${'f'.repeat(n)}`;
    const { reads, searched } = count(tryParse, s);
    // the skip steps over the path, query and fragment once, the loop reads the scheme and the
    // authority once
    expect(reads / s.length).toBeLessThan(1.1);
    // the searches for the 12 characters, "#" and "?" over the tail, a second "#" over the fragment
    expect(searched / s.length).toBeLessThan(15);
  });
});
