// Every length around each threshold the decoders use: escapes 11 or 12 characters apart (the
// sparse and dense decoders), 16 units (where the node build's text builder turns native) and
// 16-character literal stretches, the dense decoder's flush at 0x1fe0 units and the general
// decoder's at 0x1ffe, 0x2000 units, and 0x4000 characters (the most the node build's dense decoder
// copies). The suite runs once per build (vitest.config.ts), so both builds are held to the same
// oracles: decodeURIComponent (strict), the WHATWG percent-decode then TextDecoder (lenient),
// URLSearchParams (forms), and the general decoder's strict error offsets.
import { describe, expect, it } from 'vitest';
import { decodeRange } from '../src/decode';
import { parseForm, percentDecode, percentDecodeBytes } from '../src/index';

/** What `f` returns, or the error it throws as `{ name, index, reason }`. */
const outcome = (f: () => unknown): unknown => {
  try {
    return f();
  } catch (error) {
    const { index, reason, name } = error as { index: number; reason: string; name: string };
    return { name, index, reason };
  }
};

const loose = new TextDecoder('utf-8', { ignoreBOM: true });

/** Lenient oracle: each run of well-formed escapes read as UTF-8 by TextDecoder, literals kept. */
const whatwg = (s: string): string =>
  s.replace(/(?:%[0-9a-f]{2})+/gi, (run) =>
    loose.decode(
      new Uint8Array(
        run
          .slice(1)
          .split('%')
          .map((h) => Number.parseInt(h, 16)),
      ),
    ),
  );

/** Strict oracle: decodeURIComponent's text, or the general decoder's error (index and reason). */
const strict = (s: string): unknown => {
  let platform: string | undefined;
  try {
    platform = decodeURIComponent(s);
  } catch {
    // Refused: the error is compared below.
  }
  const general = outcome(() => decodeRange(s, 0, s.length, false, true));
  if (platform !== undefined) expect(general).toBe(platform);
  else expect(general).toHaveProperty('index');
  return general;
};

const TAILS = [
  '%41',
  '%C3%A9',
  '%E4%B8%AD',
  '%F0%9F%98%80',
  '%EF%BB%BF',
  '%ED%A0%80',
  '%C0%AF',
  '%F4%90%80%80',
  '%E2%82',
  '%F0%9F%98',
  '%FF',
  '%80',
  '%',
  '%4',
  '%zz',
  '%4g',
  'é',
  '中',
  '😀',
];

const check = (s: string, label: string): void => {
  expect(
    outcome(() => percentDecode(s)),
    label,
  ).toEqual(strict(s));
  expect(percentDecode(s, { mode: 'lenient' }), label).toBe(whatwg(s));
};

describe('percentDecode at every threshold', () => {
  it('escapes 10 to 13 characters apart, then every kind of escape, whole or cut short', () => {
    for (let gap = 7; gap <= 13; gap++) {
      for (const tail of TAILS) {
        const literal = 'x'.repeat(gap - 3);
        check(`%41${literal}${tail}`, `gap ${gap}`);
        check(`a%41${literal}%42${literal}${tail}b`, `gap ${gap}`);
        check(`${tail}${literal}%41`, `gap ${gap}`);
      }
    }
  });

  it('literal stretches and escaped runs of 15 to 17 units around an escape', () => {
    for (let n = 13; n <= 18; n++) {
      for (const tail of TAILS) {
        check(`%41${'b'.repeat(n)}${tail}`, `${n} literals`);
        check(`%41%42${'%43'.repeat(n)}${tail}${'c'.repeat(n)}`, `${n} escapes`);
        check(`%C3%A9${'%E4%B8%AD'.repeat(n)}${tail}`, `${n} three-byte escapes`);
      }
    }
  });

  it('escapes split at the 0x1fe0, 0x1ffe and 0x2000-unit flushes', () => {
    for (const k of [
      0x1fdd, 0x1fde, 0x1fdf, 0x1fe0, 0x1fe1, 0x1ffc, 0x1ffd, 0x1ffe, 0x1fff, 0x2000,
    ]) {
      for (const tail of ['%F0%9F%98%80', '%E4%B8%AD', '%E2%82', '%zz', '%41', '%C0%AF']) {
        // Dense: every unit from an escape.
        check(`${'%41'.repeat(k)}${tail}${'%42'.repeat(20)}`, `${k} escapes`);
        // Dense with literals between.
        check(`${'%41a'.repeat(k >> 1)}${tail}b`, `${k >> 1} escape pairs`);
        // The general decoder's run of multi-byte escapes.
        check(`${'%C3%A9'.repeat(k)}${tail}`, `${k} two-byte escapes`);
      }
    }
  });

  it('text of 0x3fff to 0x4001 characters (the node build copies at most 0x4000), ASCII or not', () => {
    for (const end of [0x3ffd, 0x3ffe, 0x3fff, 0x4000, 0x4001, 0x8000, 0x8001]) {
      for (const tail of ['%41', '%C3%A9', '%E2%82', '%zz', 'é', '😀', '\ud800']) {
        const head = '%41%42';
        const s = head + 'y'.repeat(Math.max(0, end - head.length - tail.length)) + tail;
        if (tail !== '\ud800') check(s, `${s.length} characters`);
        else {
          // A lone surrogate is kept as it is in strict mode (decodeURIComponent keeps it too),
          // U+FFFD in lenient mode (the URL Standard decodes the text's UTF-8).
          expect(percentDecode(s)).toBe(decodeURIComponent(s));
          expect(percentDecode(s, { mode: 'lenient' })).toBe(
            decodeURIComponent(s).replace('\ud800', '\ufffd'),
          );
        }
      }
    }
  });

  it('malformed escapes at the very end, at every length up to 40', () => {
    for (let n = 0; n <= 40; n++) {
      for (const end of ['%', '%4', '%4g', '%E2%82', '%E2%8', '%F0%9F%98%8', '%C3']) {
        check(`${'%41'.repeat(n)}${end}`, `${n} escapes`);
        check(`${'z'.repeat(n)}%41${end}`, `${n} literals`);
      }
    }
  });
});

describe('parseForm and percentDecodeBytes at the thresholds', () => {
  it('parseForm gives what URLSearchParams gives, values around 16 units and the flushes', () => {
    for (const n of [15, 16, 17, 0x1fdf, 0x1fe0, 0x1ffe, 0x2000, 0x4000]) {
      for (const tail of ['%F0%9F%98%80', '%E2%82', '%41', '+', '%2B', 'é']) {
        const form = `a=${'%41'.repeat(n)}${tail}&b=${'c'.repeat(n)}${tail}+x`;
        const want = [...new URLSearchParams(form)];
        expect(parseForm(form, { mode: 'lenient' }), `${n} ${tail}`).toEqual(want);
      }
    }
  });

  it('percentDecodeBytes of a string and of its bytes in shared, resizable or offset memory agree', () => {
    const Resizable = ArrayBuffer as unknown as new (
      n: number,
      options: { maxByteLength: number },
    ) => ArrayBuffer;
    for (const n of [0, 15, 16, 17, 0x2000, 0x4001]) {
      for (const tail of ['%41', '%E2%82', '%', '%4g']) {
        const s = `${'%41'.repeat(n)}x${tail}`;
        const bytes = new TextEncoder().encode(s);
        const shared = new Uint8Array(new SharedArrayBuffer(bytes.length + 3), 3);
        shared.set(bytes);
        const resizable = new Uint8Array(
          new Resizable(bytes.length, { maxByteLength: 2 * bytes.length + 8 }),
        );
        resizable.set(bytes);
        for (const mode of ['strict', 'lenient'] as const) {
          const want = outcome(() => percentDecodeBytes(s, { mode }));
          for (const input of [
            bytes,
            shared,
            resizable,
            resizable.buffer,
            new DataView(shared.buffer, 3),
          ])
            expect(outcome(() => percentDecodeBytes(input, { mode }))).toEqual(want);
        }
      }
    }
  });
});
