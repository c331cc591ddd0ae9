// Chromium's TextDecoder refuses a view of a SharedArrayBuffer ("The provided ArrayBufferView value
// must not be shared"; checked in Chromium 156 with SharedArrayBuffer enabled), where Node's reads
// it. The portable build hands long input to the runtime's own decoder where that is proven to give
// the same answer (single-byte tables, ASCII runs of the CJK decoders, UTF-16), so in a
// cross-origin-isolated page a shared view must not reach it unguarded. Here the global TextDecoder
// refuses shared views as Chromium's does (and views of resizable buffers, which Chromium 156
// refuses too), and every codec reads such a view as it reads a copy.
import { beforeAll, describe, expect, it } from 'vitest';
import { chromiumCodecs, Resizable } from '../../../tooling/chromium-platform.ts';

let registry: typeof import('../src/index');
beforeAll(async () => {
  // Before any codec makes its decoder: they make them on first use.
  globalThis.TextDecoder = chromiumCodecs().TextDecoder;
  registry = await import('../src/index');
});

/**
 * The same bytes three times: in a SharedArrayBuffer and in a resizable ArrayBuffer (each at an
 * offset), and in a plain ArrayBuffer.
 */
function both(bytes: number[]): [shared: Uint8Array, resizable: Uint8Array, copy: Uint8Array] {
  const shared = new Uint8Array(new SharedArrayBuffer(bytes.length + 8), 8, bytes.length);
  shared.set(bytes);
  const resizable = new Uint8Array(
    new Resizable(bytes.length + 8, { maxByteLength: 2 * bytes.length + 8 }),
    8,
    bytes.length,
  );
  resizable.set(bytes);
  return [shared, resizable, Uint8Array.from(bytes)];
}

let seed = 2026;
const random = (): number => {
  seed = (seed * 1103515245 + 12345) >>> 0;
  return seed >>> 24;
};

describe('a view of a SharedArrayBuffer, or of a resizable ArrayBuffer, with a TextDecoder that refuses both (as Chromium does)', () => {
  it('the stand-in refuses shared views and reads others', () => {
    const [shared, resizable, copy] = both([0x68, 0x69]);
    expect(() => new TextDecoder().decode(shared)).toThrow(TypeError);
    expect(() => new TextDecoder().decode(resizable)).toThrow(TypeError);
    expect(new TextDecoder().decode(copy)).toBe('hi');
  });

  it('every codec decodes it as it decodes a copy: ASCII, text-like and random bytes, short and long', () => {
    const inputs: number[][] = [];
    for (const n of [40, 300, 5000]) {
      inputs.push(Array.from({ length: n }, (_, i) => 0x41 + (i % 26)));
      inputs.push(
        Array.from({ length: n }, (_, i) => (i % 9 === 8 ? 0xa0 + (i % 90) : 0x61 + (i % 26))),
      );
      inputs.push(Array.from({ length: n }, random));
    }
    const names = registry.encodings().map((e) => e.name);
    expect(names.length).toBeGreaterThan(150);
    for (const name of names) {
      for (const bytes of inputs) {
        const [shared, copy] = both(bytes);
        const expected = registry.decode(copy, name, { fatal: false });
        expect(
          registry.decode(shared, name, { fatal: false }),
          `${name}, ${bytes.length} bytes`,
        ).toBe(expected);
      }
    }
  });
});
