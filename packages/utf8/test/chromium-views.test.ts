// Chromium's TextDecoder.decode refuses a view over a SharedArrayBuffer ("The provided
// ArrayBufferView value must not be shared") and any view over a resizable ArrayBuffer ("must not
// be resizable"), and its TextEncoder.encodeInto refuses a resizable destination (checked in
// Chromium 156). Node takes both, so the platform is made to refuse them here, as Chromium does,
// before the module under test makes its decoder and encoder: every public function must give the
// same answer for such memory as for a copy, in both builds.
import { describe, expect, it } from 'vitest';
import { Resizable, refusedMemory, underChromium } from '../../../tooling/chromium-platform.ts';

/** How often the platform refused memory: the test must have reached the platform with it. */
let refusals = 0;
/** The platform's own encoder, taken before the stubs go in. */
const NativeTextEncoder = TextEncoder;
const loaded = underChromium(
  () => import('../src/index'),
  () => refusals++,
);

/** What `f` returns, or the error's name, index and reason. */
const outcome = (f: () => unknown): unknown => {
  try {
    return f();
  } catch (error) {
    const e = error as { name: string; index?: number; reason?: string };
    return { error: e.name, index: e.index, reason: e.reason };
  }
};

const inputs = (): Uint8Array[] => {
  const enc = new NativeTextEncoder();
  const out: Uint8Array[] = [];
  for (const n of [0, 5, 24, 25, 100, 1023, 1024, 1025, 5000, 9000]) {
    out.push(enc.encode('a'.repeat(n)));
    out.push(enc.encode(`\ufeff${'é中😀a'.repeat(n / 4)}`));
    const bad = enc.encode(`${'b'.repeat(n)}€x`);
    bad[n + 1] = 0x41; // E2 41: ill-formed
    out.push(bad, enc.encode(`${'c'.repeat(n)}😀`).subarray(0, n + 2));
  }
  return out;
};

describe('memory that Chromium refuses to decode', () => {
  it('decode and validate give the same for it as for a copy, loose and fatal', () => {
    const api = loaded();
    refusals = 0;
    for (const bytes of inputs()) {
      for (const [kind, input] of refusedMemory(bytes)) {
        for (const fatal of [false, true]) {
          for (const ignoreBOM of [false, true]) {
            expect(
              outcome(() => api.decode(input, { fatal, ignoreBOM })),
              kind,
            ).toEqual(outcome(() => api.decode(bytes.slice(), { fatal, ignoreBOM })));
          }
        }
        expect(api.validate(input), kind).toEqual(api.validate(bytes.slice()));
      }
    }
    // The platform was reached with refused memory (in both builds, from 25 bytes on).
    expect(refusals).toBeGreaterThan(0);
  });

  it('Utf8Decoder and createDecoderStream give the same for chunks of it as for copies', async () => {
    const api = loaded();
    refusals = 0;
    for (const bytes of inputs()) {
      const cut = bytes.length >> 1;
      for (const fatal of [false, true]) {
        const copy = outcome(() => {
          const d = new api.Utf8Decoder({ fatal });
          return d.decode(bytes.slice(0, cut), { stream: true }) + d.decode(bytes.slice(cut));
        });
        for (const [kind, input] of refusedMemory(bytes)) {
          if (!(input instanceof Uint8Array)) continue;
          const got = outcome(() => {
            const d = new api.Utf8Decoder({ fatal });
            return (
              d.decode(input.subarray(0, cut), { stream: true }) + d.decode(input.subarray(cut))
            );
          });
          expect(got, kind).toEqual(copy);
        }
      }
      const [, shared] = refusedMemory(bytes)[0] as [string, Uint8Array];
      let text = '';
      await new Blob([bytes.slice() as Uint8Array<ArrayBuffer>])
        .stream()
        .pipeThrough(
          new TransformStream<Uint8Array, Uint8Array>({
            // The stream's chunks, moved into shared memory.
            transform: (chunk, c) => {
              const view = new Uint8Array(new SharedArrayBuffer(chunk.length));
              view.set(chunk);
              c.enqueue(view);
            },
          }),
        )
        .pipeThrough(api.createDecoderStream())
        .pipeTo(new WritableStream({ write: (chunk) => void (text += chunk) }));
      expect(text).toBe(api.decode(shared.slice()));
    }
    expect(refusals).toBeGreaterThan(0);
  });

  it('encodeInto writes into a resizable destination as into any other, at every length', () => {
    const api = loaded();
    refusals = 0;
    for (const n of [0, 5, 32, 33, 100, 3000]) {
      for (const text of ['a'.repeat(n), `${'é中😀'.repeat(n / 3)}\ud800`]) {
        const want = new Uint8Array(n + 7);
        const result = api.encodeInto(text, want);
        const got = new Uint8Array(new Resizable(n + 7, { maxByteLength: 2 * n + 16 }));
        expect(api.encodeInto(text, got)).toEqual(result);
        expect(got).toEqual(want);
      }
    }
    expect(refusals).toBeGreaterThan(0);
  });
});
