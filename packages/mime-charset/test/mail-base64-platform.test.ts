// decodeMimePart hands a base64 body with nothing to report to the runtime's decoder (Node's Buffer
// in the node build, Uint8Array.fromBase64 where the runtime has it) and every other body to its
// counting loop. The two paths must give the same part: the same text, the same issues, the same
// bodyIssues, the same error in strict mode. Here every body is decoded both ways, the loop forced
// through the internal seam, in each build (this file runs in both test projects), with the runtime
// as it is and with a real Uint8Array.fromBase64 (V8's own, which Node 24 has behind a flag).
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeMimePart, encodeBase64 } from '../src/index';
import { base64Seam, platformBase64 } from '../src/transfer-encoding';

// V8's Uint8Array.fromBase64, from a context made after its flag is set (Node 24: V8 13.6).
setFlagsFromString('--js-base-64');
const v8FromBase64 = runInNewContext('Uint8Array.fromBase64') as
  | ((s: string, o: object) => Uint8Array)
  | undefined;

/** `f` run with `Uint8Array.fromBase64` as V8 has it (its bytes viewed from this realm). */
function withFromBase64<T>(f: () => T): T {
  if (typeof v8FromBase64 !== 'function')
    throw new Error('this test needs V8 with --js-base-64 (Node 24, as pnpm runs the tests)');
  const u = Uint8Array as { fromBase64?: unknown };
  const saved = u.fromBase64;
  u.fromBase64 = (s: string, o: object) => {
    const r = v8FromBase64(s, o);
    return new Uint8Array(r.buffer, r.byteOffset, r.length);
  };
  try {
    return f();
  } finally {
    u.fromBase64 = saved;
  }
}

const runtimes: [string, <T>(f: () => T) => T][] = [
  ['the runtime as it is', (f) => f()],
  ['Uint8Array.fromBase64', withFromBase64],
];

type Outcome =
  | { text: string; issues: readonly string[]; bodyIssues: readonly object[] }
  | { error: string; index: unknown; reason: unknown };

function part(body: string | Uint8Array, strict: boolean): Outcome {
  try {
    const p = decodeMimePart(
      { contentType: 'text/plain; charset=windows-1252', transferEncoding: 'base64', body },
      { strict },
    );
    return { text: p.text, issues: p.issues, bodyIssues: p.bodyIssues };
  } catch (e) {
    const x = e as { name: string; index?: unknown; reason?: unknown };
    return { error: x.name, index: x.index, reason: x.reason };
  }
}

/** The part decoded by the loop alone. */
function loopPart(body: string | Uint8Array, strict: boolean): Outcome {
  base64Seam.loop = true;
  try {
    return part(body, strict);
  } finally {
    base64Seam.loop = false;
  }
}

/** The body as a string, as UTF-8 bytes, and, if every character is below U+0100, byte for byte. */
function forms(s: string): (string | Uint8Array)[] {
  const out: (string | Uint8Array)[] = [s, new TextEncoder().encode(s)];
  if (!/[^\0-\xff]/.test(s)) out.push(Uint8Array.from(s, (c) => c.charCodeAt(0)));
  return out;
}

function sameBothWays(s: string): void {
  for (const body of forms(s))
    for (const strict of [false, true])
      expect(part(body, strict), `${JSON.stringify(s)} ${typeof body} strict ${strict}`).toEqual(
        loopPart(body, strict),
      );
}

// What encoders write: lines of one length (a multiple of 4, or one line), CRLF or LF, line breaks
// after the data, and sometimes one between the two `=` (the loop takes that too).
const clean = fc
  .record({
    bytes: fc.uint8Array({ maxLength: 160 }),
    lineLength: fc.constantFrom(4, 8, 12, 60, 64, 76, Infinity),
    lf: fc.boolean(),
    trail: fc.constantFrom('', '\r\n', '\n', '\r\n\r\n'),
    splitPad: fc.boolean(),
  })
  .map(({ bytes, lineLength, lf, trail, splitPad }) => {
    let s = encodeBase64(bytes, { lineLength });
    if (lf) s = s.replace(/\r\n/g, '\n');
    if (splitPad) s = s.replace(/==$/, `=${lf ? '\n' : '\r\n'}=`);
    return s + (lf ? trail.replace(/\r\n/g, '\n') : trail);
  });

// Lines cut anywhere: still nothing to report, but not the lines the fast path's guess expects.
const ragged = fc
  .record({ bytes: fc.uint8Array({ maxLength: 120 }), cuts: fc.array(fc.nat(), { maxLength: 6 }) })
  .map(({ bytes, cuts }) => {
    const flat = encodeBase64(bytes, { lineLength: Infinity });
    const at = [...new Set(cuts.map((c) => c % (flat.length + 1)))].sort((a, b) => a - b);
    let s = '';
    let from = 0;
    for (const c of at) {
      s += `${flat.slice(from, c)}\r\n`;
      from = c;
    }
    return s + flat.slice(from);
  });

// Every kind of defect: characters outside the alphabet (ASCII, Latin-1, above U+00FF, astral, a
// BOM), base64url digits, whitespace inside a line and at its end, bare CR, breaks doubled, `=`
// anywhere, alphabet characters added (a quantum cut short or grown, pad bits) and characters
// deleted or replaced.
const defect = fc.constantFrom(
  ' ',
  '\t',
  '*',
  '.',
  '-',
  '_',
  '\f',
  '\v',
  '\0',
  '\x7f',
  'é',
  'İ',
  'Ł',
  '😀',
  '\uFEFF',
  '\r',
  '\n',
  '\r\n',
  '\r\r\n',
  '=',
  '==',
  'A',
  'B',
  'Q',
  '/',
  '',
);
const damaged = fc
  .record({
    body: fc.oneof(clean, ragged),
    edits: fc.array(fc.record({ at: fc.nat(), piece: defect, cut: fc.nat({ max: 2 }) }), {
      minLength: 1,
      maxLength: 3,
    }),
  })
  .map(({ body, edits }) => {
    let s = body;
    for (const { at, piece, cut } of edits) {
      const i = at % (s.length + 1);
      s = s.slice(0, i) + piece + s.slice(i + cut);
    }
    return s;
  });

describe('decodeMimePart decodes base64 alike through the platform and through its loop', () => {
  for (const [runtime, within] of runtimes)
    describe(runtime, () => {
      it('clean bodies: the platform decodes them, with nothing to report (property)', () => {
        within(() => {
          // Under Node the portable build has no decoder of its own; the node build has Buffer.
          const decoder =
            process.env.X_BUILD === 'node' ||
            (Uint8Array as { fromBase64?: unknown }).fromBase64 !== undefined;
          fc.assert(
            fc.property(clean, (s) => {
              expect(loopPart(s, false), JSON.stringify(s)).toMatchObject({ bodyIssues: [] });
              for (const body of forms(s))
                expect(platformBase64(body) !== undefined, JSON.stringify(s)).toBe(decoder);
              sameBothWays(s);
            }),
            { numRuns: 600 },
          );
        });
      });

      it('bodies with lines of any length (property)', () => {
        within(() => {
          fc.assert(
            fc.property(ragged, (s) => {
              expect(loopPart(s, false), JSON.stringify(s)).toMatchObject({ bodyIssues: [] });
              sameBothWays(s);
            }),
            { numRuns: 400 },
          );
        });
      });

      it('bodies with every kind of defect: the same text, issues, bodyIssues or error (property)', () => {
        within(() => {
          fc.assert(fc.property(damaged, sameBothWays), { numRuns: 2500 });
        });
      });

      it('the edge cases, one by one', () => {
        within(() => {
          for (const s of [
            '',
            '\r\n',
            '=',
            '==',
            '\r\n=',
            'YQ',
            'YQ=',
            'YQ==',
            'YQ=\r\n=',
            'YQ=\n=\n',
            'YQ===',
            'YR==',
            'YWI=',
            'YWJ=',
            'YWI',
            'YWJj',
            'YWJj=',
            'YWJjZ',
            'YWJjZA',
            'YQ==YQ==',
            'YQ== ',
            ' YQ==',
            'YQ =\r\n=',
            'YW\rJj',
            'YW\r\r\nJj',
            'YW\n\nJj',
            'YWJj\r\nYWJj\r\nYW\r\nJj\r\nYWJj\r\n',
            'YWJj\r\nY\r\nWJj\r\nYWJj',
            'YW-j',
            'YW_j',
            'YWJjİ',
            'YWJjŁŁ==',
            '\uFEFFYWJj',
            'YWJj\f',
            '-_==',
          ])
            sameBothWays(s);
        });
      });
    });

  it('a 256 KiB body of 76-character lines takes the platform path, the same bytes as the loop', () => {
    const bytes = Uint8Array.from({ length: 262_143 }, (_, i) => (i * 2654435761) >>> 24);
    const s = encodeBase64(bytes);
    for (const [, within] of runtimes)
      within(() => {
        if (process.env.X_BUILD === 'node' || within === withFromBase64)
          expect(Buffer.from(platformBase64(s) ?? []).equals(bytes)).toBe(true);
        sameBothWays(s);
        sameBothWays(`${s.slice(0, 1000)}*${s.slice(1000)}`);
      });
  });
});
