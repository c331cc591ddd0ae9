// Chromium's TextDecoder.decode refuses views over a SharedArrayBuffer or a resizable ArrayBuffer,
// and its TextEncoder.encodeInto a resizable destination (checked in Chromium 156); Node takes
// them. The platform is made to refuse them here, as Chromium does, before the modules under test
// (this package and @x/utf8, which it reads bytes with) make their decoders: every function that
// takes bytes must give the same answer for such memory as for a copy, in both builds.
import { describe, expect, it } from 'vitest';
import { refusedMemory, underChromium } from '../../../tooling/chromium-platform.ts';

/** The platform's own encoder, taken before the stubs go in. */
const NativeTextEncoder = TextEncoder;
const loaded = underChromium(() => import('../src/index'));

/** What `f` returns, or the error's name, index and reason. */
const outcome = (f: () => unknown): unknown => {
  try {
    return f();
  } catch (error) {
    const e = error as { name: string; index?: number; reason?: string };
    return { error: e.name, index: e.index, reason: e.reason };
  }
};

describe('memory that Chromium refuses to decode', () => {
  it('percentDecodeBytes and percentEncode give the same for it as for a copy', () => {
    const api = loaded();
    const enc = new NativeTextEncoder();
    for (const n of [0, 5, 16, 24, 25, 1024, 1025, 5000]) {
      for (const text of [
        'a'.repeat(n),
        `${'%41é'.repeat(n >> 2)}%C3%A9+`,
        `${'b'.repeat(n)}%zz`,
        `${'%E4%B8%AD'.repeat(n >> 3)}%`,
      ]) {
        const bytes = enc.encode(text);
        bytes[bytes.length >> 1] = (bytes[bytes.length >> 1] ?? 0) ^ 0x80; // and a byte that is not UTF-8
        for (const [, input] of refusedMemory(bytes)) {
          for (const mode of ['strict', 'lenient'] as const)
            expect(outcome(() => api.percentDecodeBytes(input, { mode }))).toEqual(
              outcome(() => api.percentDecodeBytes(bytes.slice(), { mode })),
            );
          expect(api.percentEncode(input, api.rfc3986.component)).toBe(
            api.percentEncode(bytes.slice(), api.rfc3986.component),
          );
        }
      }
    }
  });
});
