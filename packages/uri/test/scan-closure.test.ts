// The node build's scanner (src/generated/scan-closure.ts, behind src/scan.node.ts) is generated
// from src/scan.ts by scripts/generate-scan-closure.ts: the file must be what the script writes
// today, and both forms must give the same answer, index, reason and components, for every input.
// (The whole suite also runs against each build; this compares the two directly.)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scanClosure } from '../scripts/generate-scan-closure';
import * as closure from '../src/generated/scan-closure';
import * as imported from '../src/scan';
import { Bits } from '../src/chars';
import type { UriComponents } from '../src/types';
import { ucsAt } from '../src/ucs';
import { edgeShapes, longShapes, uriReference } from './arbitraries';

const packageDir = join(import.meta.dirname, '..');
// By a file URL, which neither test project maps to a .node.ts sibling: the portable scanner in
// both.
const portable = (await import(
  /* @vite-ignore */ pathToFileURL(join(packageDir, 'src/scan.ts')).href
)) as typeof imported;

describe('src/generated/scan-closure.ts', () => {
  it('is what scripts/generate-scan-closure.ts generates from src/scan.ts', () => {
    expect(readFileSync(join(packageDir, 'src/generated/scan-closure.ts'), 'utf8')).toBe(
      scanClosure(packageDir),
    );
  });

  it('exports every name src/scan.ts exports', () => {
    expect(Object.keys(closure).sort()).toEqual(Object.keys(portable).sort());
  });

  it('is the scanner of the node build and only of it', () => {
    const node = process.env.X_BUILD === 'node';
    expect(imported.scan === closure.scan).toBe(node);
    expect(portable.scan === closure.scan).toBe(false);
  });
});

/** What a scanner says about `s`: the result, the reason of a failure and the components. */
function answer(m: typeof portable, s: string, form: number, iri: boolean, zone: boolean) {
  const out: UriComponents = m.empty();
  const r = m.scan(s, out, form, iri ? ucsAt : undefined, zone);
  return { r, reason: r >= 0 ? m.lastReason() : '', out };
}

const input = fc.oneof(uriReference, edgeShapes, longShapes, fc.string({ maxLength: 40 }));

describe('the closure form against src/scan.ts', () => {
  it('scan gives the same answer for every form, as URI and as IRI, with and without zones', () => {
    fc.assert(
      fc.property(
        input,
        fc.constantFrom(portable.REFERENCE, portable.URI, portable.ABSOLUTE, portable.RELATIVE),
        fc.boolean(),
        fc.boolean(),
        (s, form, iri, zone) => {
          expect(answer(closure, s, form, iri, zone)).toEqual(answer(portable, s, form, iri, zone));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('run, schemeEnd, check and checkLiteral agree', () => {
    fc.assert(
      fc.property(input, fc.nat(8), fc.boolean(), (s, at, zone) => {
        const i = Math.min(at, s.length);
        for (const mask of [Bits.REG_NAME_MASK, Bits.PATH_MASK, Bits.QUERY_MASK])
          expect(closure.run(s, i, mask, ucsAt)).toBe(portable.run(s, i, mask, ucsAt));
        expect(closure.schemeEnd(s)).toBe(portable.schemeEnd(s));
        const c = closure.check(s, i, s.length, Bits.USERINFO_MASK, 'userinfo');
        expect(c).toBe(portable.check(s, i, s.length, Bits.USERINFO_MASK, 'userinfo'));
        if (c >= 0) expect(closure.lastReason()).toBe(portable.lastReason());
        const l = closure.checkLiteral(s, i, s.length, zone);
        expect(l).toBe(portable.checkLiteral(s, i, s.length, zone));
        if (l >= 0) expect(closure.lastReason()).toBe(portable.lastReason());
      }),
      { numRuns: 1000 },
    );
  });

  it('a failure names the same reason at the same index (a userinfo with a stray character)', () => {
    const s = 'http://us er@host/';
    expect(answer(closure, s, portable.URI, false, false)).toEqual({
      r: 9,
      reason: 'invalid character in userinfo',
      out: { ...portable.empty(), scheme: 'http' },
    });
    expect(answer(portable, s, portable.URI, false, false)).toEqual(
      answer(closure, s, portable.URI, false, false),
    );
  });
});
