// `scan` reads the scheme and the authority with a plain loop, then checks the rest of the input
// with one sticky one-class skip and a search for each "%" (a long rest: a skip of printable ASCII
// and a search for each printable character a URI cannot hold there); when that tail is clean
// (ASCII, no character a URI cannot hold there, every "%" an escape), a path, query or fragment
// ends at the next delimiter `indexOf` finds. These tests hold that route to the answers of the
// character scanner alone (`scan(..., fast = false)`): the same result, offset, reason and
// components for every form, on inputs at the edge of the grammar.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ABSOLUTE, empty, lastReason, REFERENCE, RELATIVE, scan, URI } from '../src/scan';
import { ucsAt } from '../src/ucs';
import { edgeShapes, longShapes, uriReference } from './arbitraries';

const FORMS = [REFERENCE, URI, ABSOLUTE, RELATIVE];

// delimiters and their neighbours: what decides where a component ends, or whether it is one
const alphabet = fc.constantFrom(
  ...'a1Z:/?#@%[].-+~!=;,9F'.split(''),
  '//',
  '%41',
  '%4',
  ' ',
  '\u00e9',
  '\u{1f600}',
);

/** A grammar-built reference with up to four characters inserted, replaced or deleted. */
const edited = fc
  .tuple(uriReference, fc.array(fc.tuple(fc.nat(), fc.nat(2), alphabet), { maxLength: 4 }))
  .map(([s, edits]) => {
    let t = s;
    for (const [at, how, ch] of edits) {
      const k = t.length === 0 ? 0 : at % (t.length + 1);
      t =
        how === 0
          ? t.slice(0, k) + ch + t.slice(k)
          : how === 1
            ? t.slice(0, k) + ch + t.slice(k + 1)
            : t.slice(0, k) + t.slice(k + 1);
    }
    return t;
  });

const soup = fc.array(alphabet, { maxLength: 16 }).map((a) => a.join(''));

function agree(s: string): void {
  for (const form of FORMS) {
    for (const iri of [false, true]) {
      const a = empty();
      const b = empty();
      const got = scan(s, a, form, iri ? ucsAt : undefined, false);
      const reasonA = lastReason();
      const want = scan(s, b, form, iri ? ucsAt : undefined, false, false);
      expect(got, `${JSON.stringify(s)} form ${form}`).toBe(want);
      if (want < 0) expect(a, JSON.stringify(s)).toEqual(b);
      else expect(reasonA, JSON.stringify(s)).toBe(lastReason());
    }
  }
}

describe('the clean-tail route agrees with the character scanner (RFC 3986 §3, §4.1–§4.3)', () => {
  it('on grammar-built references, edited', () => {
    fc.assert(
      fc.property(edited, (s) => agree(s)),
      { numRuns: 3000 },
    );
  });

  it('on strings of delimiters', () => {
    fc.assert(
      fc.property(soup, (s) => agree(s)),
      { numRuns: 3000 },
    );
  });

  it('on IP literals, zone ids, IPvFuture, odd "@" and ":", ports with letters, stray "%", whitespace, non-ASCII', () => {
    fc.assert(
      fc.property(edgeShapes, (s) => agree(s)),
      { numRuns: 6000 },
    );
  });

  it('on grammar-built references with an edge shape spliced in', () => {
    fc.assert(
      fc.property(uriReference, edgeShapes, fc.nat(), (s, e, at) => {
        const k = at % (s.length + 1);
        agree(s.slice(0, k) + e + s.slice(k));
      }),
      { numRuns: 3000 },
    );
  });

  it('on long inputs (a piece repeated up to 3000 times between edge shapes)', () => {
    fc.assert(
      fc.property(longShapes, (s) => agree(s)),
      { numRuns: 300 },
    );
  });

  it('on every printable ASCII character in every component', () => {
    for (let c = 32; c < 127; c++) {
      const ch = String.fromCharCode(c);
      for (const s of [
        `${ch}`,
        `h${ch}:x`,
        `h://${ch}@h:1/p?q#f`,
        `h://u@${ch}:1/p?q#f`,
        `h://u@h:${ch}/p?q#f`,
        `h://u@h:1/${ch}?q#f`,
        `h://u@h:1/p?${ch}#f`,
        `h://u@h:1/p?q#${ch}`,
        `h://u@h:1/p?q#f${ch}`,
        `a${ch}b/c`,
        `//${ch}`,
      ])
        agree(s);
    }
  });

  it('on long tails (the printable skip and the searches) and short ones, around the length that picks the check', () => {
    // scan.ts LONG_TAIL: from 320 characters after the authority on, the tail is checked as
    // printable ASCII, then searched for each printable character a URI cannot hold there
    const odd = [...'"<>[\\]^`{|} \t\x7f%#?', '%4', '%g1', '%41', '\u00e9', '\u{1f600}', '\ud800'];
    for (const len of [300, 318, 319, 320, 321, 322, 400]) {
      const body = 'a/b;c=d&e'.repeat(50);
      for (const e of odd) {
        for (const [pre, post] of [
          ['h://h/', ''],
          ['h://h/p?', ''],
          ['h://h/p?q#', ''],
          ['//h/', '#f'],
          ['h:', '?q'],
        ] as const) {
          // the odd character at the start, in the middle and at the end of a tail of about `len`
          const fill = body.slice(0, Math.max(0, len - pre.length + 6 - e.length - post.length));
          for (const k of [0, fill.length >> 1, fill.length])
            agree(`${pre}${fill.slice(0, k)}${e}${fill.slice(k)}${post}`);
        }
      }
    }
  });

  it('on short tails where the skip without "%" stops at an escape, good or bad, with an odd character before or after it', () => {
    // scan.ts tailClean: a short tail is first skipped without "%", and only where that skip stops
    // at a "%" is the rest skipped with it and searched for escapes
    const odd = [...'"<>[\\]^`{|} #?:@', '%4', '%g1', '%41', '\u00e9', ''];
    for (const esc of ['%41', '%4', '%g1', '%', '%%41', '%25', '%41%42'])
      for (const e of odd)
        for (const pre of ['h://h/', 'h://u@h:1/p?', 'h://h/p?q#', '//h/', 'h:', 'a/', ''])
          for (const tail of [`${esc}x${e}y`, `x${e}y${esc}`, `${esc}${e}`, `${e}${esc}z`])
            agree(`${pre}${tail}`);
  });

  it('on escapes, good and bad, and characters the route declines, in every component and after one', () => {
    for (const e of [
      '%41',
      '%4',
      '%g1',
      '%',
      '%25',
      '%%41',
      '\u00e9',
      '[::1]',
      '[v1.x]',
      '#',
      '@',
      ':',
    ]) {
      for (const s of [
        `h${e}:x`,
        `h://${e}@h:1/p?q#f`,
        `h://u${e}u@h:1/p?q#f`,
        `h://u:${e}@h:1/p?q#f`,
        `h://u@${e}:1/p?q#f`,
        `h://u@h${e}/p?q#f`,
        `h://u@h:1${e}/p?q#f`,
        `h://${e}`,
        `h://h${e}`,
        `h://u@h:1/${e}?q#f`,
        `h://u@h:1/p?${e}#f`,
        `h://u@h:1/p?q#${e}`,
        `h://u@h:1/p${e}?q${e}#f${e}`,
        `${e}/a`,
        `a${e}/a`,
        `//${e}/a%41${e}`,
        `h:/a%41%42${e}b`,
      ])
        agree(s);
    }
  });
});

describe('the clean-tail route keeps its ends inside the input (src/scan.ts, the ends of the tail)', () => {
  // A search that finds no "?" or "#" ends its component at the end of the input, never past it,
  // and the character at the end is not read: V8 keeps the scanner on small integers only while
  // no end is 2^32 - 1 and no read gives NaN (bench/RESULTS.md, "Warmed on mixed URIs").
  const ends = [
    'h://h/p',
    'h://h/p?q',
    'h://h/p#f',
    'h://h/p?q#f',
    'h://h/p#f?g',
    'h://h/p?q?r#f#',
    'h://u@h:80/p?q',
    'h://[::1]/p#',
    'h:p',
    'h:?',
    '/p?q',
    'p#f',
    '#',
    '?#',
    'h://h/%41?%42#%43',
  ];

  it('reads no character past the end of a tail that reaches the end', () => {
    const past: string[] = [];
    const charCodeAt = String.prototype.charCodeAt;
    String.prototype.charCodeAt = function (this: string, i: number): number {
      if (i >= this.length) past.push(`${this} at ${i}`);
      return charCodeAt.call(this, i);
    };
    try {
      // every one of them valid but the one with a second "#"
      for (const s of ends) scan(s, empty(), REFERENCE, undefined, false);
    } finally {
      String.prototype.charCodeAt = charCodeAt;
    }
    expect(past).toEqual([]);
  });

  it('gives the components of the character scanner, "?" after "#" in the fragment', () => {
    for (const s of ends) agree(s);
    const out = empty();
    scan('h://h/p#f?g', out, REFERENCE, undefined, false);
    expect([out.path, out.query, out.fragment]).toEqual(['/p', undefined, 'f?g']);
    scan('h://h/p?q?r#f#', out, REFERENCE, undefined, false);
    expect(lastReason()).toBe('invalid character in fragment');
  });
});
