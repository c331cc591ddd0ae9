// Attacks on charset detection: a detector that guessed UTF-7, HZ or an EBCDIC page would let
// ASCII-looking bytes mean something else (`+ADw-script+AD4-` is `<script>` in UTF-7), so no input
// may make it name one; and it must stay linear and bounded on hostile input.
import { encode } from '@x/legacy-charsets';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GROWTH_BOUND, growth } from '../../../tooling/growth.ts';
import { createCharsetDetector, detectCharset } from '../src/detect';

// Every name the detector may give. ISO-2022-JP/KR/CN only for 7-bit bytes holding their escapes.
const NAMES = new Set([
  'UTF-8',
  'UTF-16LE',
  'UTF-16BE',
  'UTF-32LE',
  'UTF-32BE',
  'ISO-2022-JP',
  'ISO-2022-KR',
  'ISO-2022-CN',
  'Shift_JIS',
  'EUC-JP',
  'EUC-KR',
  'Big5',
  'GBK',
  'gb18030',
  'windows-1252',
  'ISO-8859-15',
  'windows-1250',
  'ISO-8859-2',
  'windows-1257',
  'ISO-8859-13',
  'windows-1254',
  'ISO-8859-9',
  'windows-1258',
  'windows-1251',
  'KOI8-R',
  'KOI8-U',
  'IBM866',
  'ISO-8859-5',
  'x-mac-cyrillic',
  'IBM855',
  'windows-1253',
  'ISO-8859-7',
  'cp737',
  'IBM869',
  'windows-1255',
  'ISO-8859-8',
  'windows-1256',
  'ISO-8859-6',
  'windows-874',
]);
const ascii = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0));

describe('ASCII-hiding encodings are never detected', () => {
  it('UTF-7 smuggling (+ADw-script+AD4-) gives only UTF-8 and windows-1252', () => {
    const names = detectCharset(ascii('+ADw-script+AD4-alert(1)+ADw-/script+AD4-')).map(
      (c) => c.encoding,
    );
    expect(names).toEqual(['UTF-8', 'windows-1252']);
  });

  it('HZ smuggling (~{ … ~}) gives only UTF-8 and windows-1252', () => {
    const names = detectCharset(ascii('~{<:Ky2;S{#,NR~}<script>')).map((c) => c.encoding);
    expect(names).toEqual(['UTF-8', 'windows-1252']);
  });

  it('random bytes: every candidate is one the detector may name, never UTF-7, HZ or EBCDIC', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const result = detectCharset(bytes);
        expect(result.length).toBeGreaterThan(0);
        for (const c of result) {
          expect(NAMES.has(c.encoding), c.encoding).toBe(true);
          if (c.encoding.startsWith('ISO-2022')) {
            expect(bytes.every((b) => b < 0x80)).toBe(true);
            expect(bytes).toContain(0x1b);
          }
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('random ASCII with escapes, plus and tilde: ASCII answers or ISO 2022 by its escape', () => {
    const unit = fc.constantFrom(...'+-~{}<>ab $()BJ@C\u001b\u000e\u000f'.split(''));
    fc.assert(
      fc.property(fc.string({ unit }), (s) => {
        for (const c of detectCharset(ascii(s)))
          expect(['UTF-8', 'windows-1252', 'ISO-2022-JP', 'ISO-2022-KR', 'ISO-2022-CN']).toContain(
            c.encoding,
          );
      }),
      { numRuns: 1000 },
    );
  });
});

describe('linear time and bounded memory', () => {
  // How the time grows with the input, as tooling/growth.ts measures it: one input of 16n bytes
  // against 16 inputs of n bytes of the same shape, each side the fastest of a few runs, and the
  // smallest of up to three such ratios. Linear is about 1, quadratic about 16 (10 already at
  // n = 1 KiB), and a pause of the machine raises one measurement, not three. Only that upper
  // bound is asserted: no time, and no lower bound, which a loaded machine could break. Each
  // input is fed whole to a detector, which reads it all (detectCharset would stop once certain).
  const feed = (bytes: Uint8Array): void => createCharsetDetector().feed(bytes);
  const repeat = (unit: Uint8Array, n: number): Uint8Array => {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i += unit.length)
      out.set(unit.subarray(0, Math.min(unit.length, n - i)), i);
    return out;
  };

  it('text that keeps many candidates alive grows linearly', () => {
    const unit = encode(
      'Все люди рождаются свободными и равными в своем достоинстве и правах. ',
      'windows-1251',
    );
    expect(growth((n) => repeat(unit, n), feed, 1 << 14)).toBeLessThan(GROWTH_BOUND);
  });

  it('random bytes without NUL (the single-byte pages check every byte) grow linearly too', () => {
    const make = (len: number) => {
      const out = new Uint8Array(len);
      for (let j = 0; j < len; j += 65536) crypto.getRandomValues(out.subarray(j, j + 65536));
      return out.map((b) => b || 1);
    };
    expect(growth(make, feed, 1 << 16)).toBeLessThan(GROWTH_BOUND);
  });

  it('100 MB of random bytes, streamed in 1 MiB chunks, with constant memory', () => {
    const chunk = new Uint8Array(1 << 20);
    const d = createCharsetDetector();
    const before = process.memoryUsage().heapUsed;
    let peak = 0;
    let doneAt = -1;
    for (let i = 0; i < 100; i++) {
      for (let j = 0; j < chunk.length; j += 65536)
        crypto.getRandomValues(chunk.subarray(j, j + 65536));
      d.feed(chunk);
      if (d.done && doneAt < 0) doneAt = i;
      peak = Math.max(peak, process.memoryUsage().heapUsed - before);
    }
    expect(peak).toBeLessThan(32 << 20);
    // Nothing reads random bytes as text: every candidate is ruled out within the first chunk,
    // the detector is done (a crawler stops reading), and the answer is the Western fallback.
    expect(doneAt).toBe(0);
    expect(d.result()).toEqual([{ encoding: 'windows-1252', confidence: 0 }]);
  }, 30_000);

  it('encoded long text is read once: Russian in windows-1251 is settled before its end', () => {
    const bytes = encode(
      'Все люди рождаются свободными и равными в своем достоинстве и правах. '.repeat(400),
      'windows-1251',
    );
    const d = createCharsetDetector();
    let at = 0;
    for (; at < bytes.length && !d.done; at += 1024) d.feed(bytes.subarray(at, at + 1024));
    expect(d.done).toBe(true);
    expect(at).toBeLessThan(bytes.length / 2);
    expect(d.result()[0]!.encoding).toBe('windows-1251');
  });
});
