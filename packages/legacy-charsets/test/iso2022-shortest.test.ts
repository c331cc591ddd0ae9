// The ISO 2022 encoders' shortest designation sequence (`iso-2022`, `compound-text`): dynamic
// programming over (position, set in G0, set in G1) instead of designating, greedily, the first set
// that holds a character the designated sets lack. Texts where the greedy choice is longer and the
// optimum is known by hand; properties against the greedy encoder kept as the reference; the work
// per character counted (states examined), n against 4n.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codec as ct } from '../src/compound-text';
import { codec as generic } from '../src/iso-2022';
import { compoundText, generic as genericOf, shortestWork } from '../src/iso2022/machine';
import { codeOf, type GraphicSet, SETS_94, SETS_96, SETS_9494 } from '../src/iso2022/sets';

const greedyGeneric = genericOf('iso-2022', true);
const greedyCt = compoundText('compound-text', true);
const ESC = 0x1b;
/** The states the encoders can be in: a 94-set in G0, a 96- or 94 x 94 set (or none) in G1. */
const STATES = SETS_94.length * (SETS_96.length + SETS_9494.length + 1);
const bytes = (c: { encode(t: string): Uint8Array }, t: string): number[] =>
  Array.from(c.encode(t));

describe('shorter than greedy, the optimum known by hand', () => {
  it('§ then Greek: ISO 8859-7 has § too, so one designation (ESC - F) instead of two', () => {
    // Greedy: ESC - A (Latin-1 holds § first) A7, then ESC - F E1: 8 bytes. Optimum: 5.
    expect(bytes(greedyGeneric, '§α')).toEqual([ESC, 0x2d, 0x41, 0xa7, ESC, 0x2d, 0x46, 0xe1]);
    expect(bytes(generic, '§α')).toEqual([ESC, 0x2d, 0x46, 0xa7, 0xe1]);
  });

  it('× then Hebrew: ISO 8859-8 has × at 0xAA', () => {
    expect(bytes(generic, '×א')).toEqual([ESC, 0x2d, 0x48, 0xaa, 0xe0]);
    expect(bytes(greedyGeneric, '×א')).toHaveLength(8);
  });

  it('§ and Cyrillic: ISO 8859-5 has § (0xFD), so after ü (Latin-1) § stays in Latin-1, and § before ж goes with Cyrillic', () => {
    expect(bytes(generic, 'ü§ж')).toEqual([ESC, 0x2d, 0x41, 0xfc, 0xa7, ESC, 0x2d, 0x4c, 0xd6]);
    // Greedy: ESC - A A7, ESC - L D6, then § and ж from Cyrillic: 10 bytes. Optimum: 7.
    expect(bytes(generic, '§ж§ж')).toEqual([ESC, 0x2d, 0x4c, 0xfd, 0xd6, 0xfd, 0xd6]);
    expect(bytes(greedyGeneric, '§ж§ж')).toHaveLength(10);
  });

  it('compound-text: Latin-1 is in G1 at the start, so § stays there; × between Greek and Hebrew goes with Hebrew', () => {
    expect(bytes(ct, '§')).toEqual([0xa7]);
    // Greedy: ESC - F E1, then × (not Greek) in the first set that has it, Latin-1: ESC - A D7,
    // then ESC - H E0, and ESC - A at the end: 15 bytes. Optimum: × in ISO 8859-8 (0xAA), 12.
    expect(bytes(greedyCt, 'α×א')).toEqual([
      ESC,
      0x2d,
      0x46,
      0xe1,
      ESC,
      0x2d,
      0x41,
      0xd7,
      ESC,
      0x2d,
      0x48,
      0xe0,
      ESC,
      0x2d,
      0x41,
    ]);
    expect(bytes(ct, 'α×א')).toEqual([
      ESC,
      0x2d,
      0x46,
      0xe1,
      ESC,
      0x2d,
      0x48,
      0xaa,
      0xe0,
      ESC,
      0x2d,
      0x41,
    ]);
  });
});

const POOL = [
  'a',
  ' ',
  '\n',
  'ü',
  '×',
  '§',
  'é',
  '£',
  'α',
  'ж',
  'א',
  'ą',
  'ß',
  '日',
  '本',
  'ア',
  '¥',
  '°',
  '\u00a0',
];

describe('properties against the greedy encoder', () => {
  it.each([
    ['iso-2022', generic, greedyGeneric],
    ['compound-text', ct, greedyCt],
  ] as const)('%s: decodes back, never longer than greedy', (_, codec, greedy) => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...POOL), { maxLength: 40 }), (list) => {
        const text = list.join('');
        const out = codec.encode(text);
        expect(codec.decode(out, { fatal: true })).toBe(text);
        expect(out.length).toBeLessThanOrEqual(greedy.encode(text).length);
      }),
    );
  });

  it('streamed in chunks it still decodes back (each chunk chosen on its own)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...POOL), { maxLength: 40 }),
        fc.integer({ min: 1, max: 5 }),
        (list, size) => {
          const text = list.join('');
          const e = generic.createEncoder();
          const parts: number[] = [];
          for (let i = 0; i < text.length; i += size)
            parts.push(...e.encode(text.slice(i, i + size), { stream: true }));
          parts.push(...e.encode());
          expect(generic.decode(Uint8Array.from(parts), { fatal: true })).toBe(text);
        },
      ),
    );
  });

  it('error modes as before: fatal names the index, html and replacement write ASCII', () => {
    expect(() => generic.encode('a😀')).toThrow(/index 1/);
    expect(String.fromCharCode(...generic.encode('§😀α', { mode: 'html' }))).toBe(
      '\x1b-F\xa7&#128512;\xe1',
    );
    expect(String.fromCharCode(...generic.encode('😀', { mode: 'replacement' }))).toBe('?');
  });
});

/**
 * The shortest output length by exhaustive dynamic programming over every (G0, G1) pair, with no
 * pruning and a designation allowed before any character: the sets of the generic plan (ASCII and
 * the ISO 646 variants into G0; the ISO 8859 upper halves and JIS X 0208, GB 2312, KS X 1001,
 * JIS X 0212, CNS 11643 planes 1-2 into G1), G1 at the start `g1`, returned to at the end.
 */
function optimum(text: string, g1?: GraphicSet): number {
  const g0Sets = SETS_94;
  const g1Sets: (GraphicSet | undefined)[] = [
    undefined,
    ...SETS_96,
    ...['B', 'A', 'C', 'D', 'G', 'H'].map((f) => SETS_9494.find((x) => x.final === f)!),
  ];
  const ascii = SETS_94[0]!;
  const key = (a: number, b: number): number => a * g1Sets.length + b;
  let costs = new Map<number, number>([[key(0, g1Sets.indexOf(g1)), 0]]);
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const next = new Map<number, number>();
    const relax = (k: number, c: number): void => {
      if (!next.has(k) || c < next.get(k)!) next.set(k, c);
    };
    for (const [k, c] of costs) {
      const a = Math.floor(k / g1Sets.length);
      const b = k % g1Sets.length;
      if (cp < 0x21 || cp === 0x7f) {
        relax(k, c + 1);
        continue;
      }
      // Any G0 (designated here or not) and any G1, then the character through one of them.
      for (let a2 = 0; a2 < g0Sets.length; a2++)
        for (let b2 = 0; b2 < g1Sets.length; b2++) {
          const set1 = g1Sets[b2];
          let c2 = c + (a2 !== a ? 3 : 0);
          if (b2 !== b) c2 += set1?.kind === 9494 ? 4 : 3;
          if (b2 !== b && !set1) continue;
          if (codeOf(g0Sets[a2]!, cp) >= 0) relax(key(a2, b2), c2 + 1);
          else if (set1 && codeOf(set1, cp) >= 0)
            relax(key(a2, b2), c2 + (set1.kind === 9494 ? 2 : 1));
        }
    }
    costs = next;
  }
  let best = Infinity;
  for (const [k, c] of costs) {
    const a = Math.floor(k / g1Sets.length);
    const b = k % g1Sets.length;
    const end = (g0Sets[a] !== ascii ? 3 : 0) + (g1 && g1Sets[b] !== g1 ? 3 : 0);
    best = Math.min(best, c + end);
  }
  return best;
}

describe('streaming: the bytes of a stream are the one-shot bytes', () => {
  it('ñ in one chunk: the Latin-1 half, not ISO 646-ES and the escape back to ASCII at the end', () => {
    // Found by a property test: a chunk encoded without the end's escapes in its costs chose
    // ESC ( Z | and then had to write ESC ( B at the end (7 bytes, against 4).
    const e = generic.createEncoder({ mode: 'html' });
    expect([...e.encode('ñ', { stream: true }), ...e.encode()]).toEqual([0x1b, 0x2d, 0x41, 0xf1]);
  });
  it('any text in any chunks (iso-2022 and compound-text)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), fc.array(fc.nat(8)), (t, cuts) => {
        for (const c of [generic, ct]) {
          const e = c.createEncoder({ mode: 'html' });
          const out: number[] = [];
          let i = 0;
          for (const k of cuts) {
            const j = Math.min(t.length, i + k);
            out.push(...e.encode(t.slice(i, j), { stream: true }));
            i = j;
          }
          out.push(...e.encode(t.slice(i), { stream: true }), ...e.encode());
          expect(out).toEqual(Array.from(c.encode(t, { mode: 'html' })));
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('the optimum, by exhaustive search', () => {
  const latin1 = SETS_96.find((x) => x.final === 'A')!;
  it.each([
    ['iso-2022', generic, undefined],
    ['compound-text', ct, latin1],
  ] as const)(
    '%s: the output is as short as the exhaustive search finds, on short texts',
    (_, codec, g1) => {
      fc.assert(
        fc.property(
          fc.array(fc.constantFrom(...POOL, '{', '#', '@', 'Ä', 'ø'), { maxLength: 7 }),
          (list) => {
            const text = list.join('');
            expect(codec.encode(text).length).toBe(optimum(text, g1));
          },
        ),
        { numRuns: 60 },
      );
    },
  );
});

describe('linear time: states examined per character, n against 4n', () => {
  const perChar = (text: string): number => {
    generic.encode(text.slice(0, 100));
    shortestWork.states = 0;
    generic.encode(text);
    ct.encode(text);
    return shortestWork.states / text.length;
  };
  it.each([
    ['characters many sets share, alternating with ones few hold', '§×°\u00a0αжאą日ア'],
    ['every pool character', POOL.join('')],
    ['ASCII between Latin-1 and Greek', 'ab§cdαef'],
  ])('%s', (_, unit) => {
    const n = 4096;
    const small = perChar(unit.repeat(Math.ceil(n / unit.length)));
    const large = perChar(unit.repeat(Math.ceil((4 * n) / unit.length)));
    // At most one state per pair of sets (G0 x G1); a quadratic encoder's count would grow 4x.
    expect(large).toBeLessThan(STATES);
    expect(large).toBeLessThan(small * 1.5 + 1);
  });
});
