// Every codec in a runtime without TextDecoder (it is not ECMAScript: Hermes and QuickJS lack it):
// long output is built from String.fromCharCode slices, and must equal what TextDecoder builds.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodings, getCodec } from '../src/index';

const candidates = 'Aé€αжש中あ한ğ¥\u{1f600}';

/** About 40,000 bytes of text the codec can encode: ASCII with each candidate character it holds. */
function sample(name: string): Uint8Array | undefined {
  const codec = getCodec(name)!;
  const held = [...candidates].filter((c) => {
    try {
      return codec.decode(codec.encode(c)) === c;
    } catch {
      return false;
    }
  });
  try {
    return codec.encode(`The quick brown fox ${held.join('')}\r\n`.repeat(1200));
  } catch {
    return undefined;
  }
}

describe('without TextDecoder and TextEncoder', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });
  it('every codec decodes long input as it does with TextDecoder, at once and in a stream', async () => {
    const names = encodings().map((e) => e.name);
    const inputs = names.map(sample);
    const run = (get: typeof getCodec) =>
      names.map((name, k) => {
        const bytes = inputs[k];
        if (!bytes) return undefined;
        const codec = get(name)!;
        const decoder = codec.createDecoder();
        const streamed =
          decoder.decode(bytes.subarray(0, 20_001), { stream: true }) +
          decoder.decode(bytes.subarray(20_001));
        return [codec.decode(bytes), streamed];
      });
    const expected = run(getCodec);
    expect(inputs.filter(Boolean).length).toBeGreaterThan(names.length - 3);
    vi.stubGlobal('TextDecoder', undefined);
    vi.stubGlobal('TextEncoder', undefined);
    vi.resetModules();
    const fresh = await import('../src/index');
    expect(run(fresh.getCodec)).toEqual(expected);
  });
  it('the replacement encoding encodes as UTF-8, lone surrogates as U+FFFD, without TextEncoder', async () => {
    const text = 'a\u00e9\u20ac\u{1f600}\ud800b\udc00';
    const expected = getCodec('replacement')!.encode(text);
    expect(Array.from(expected)).toEqual(Array.from(new TextEncoder().encode(text)));
    vi.stubGlobal('TextEncoder', undefined);
    vi.resetModules();
    const fresh = await import('../src/index');
    expect(fresh.getCodec('replacement')!.encode(text)).toEqual(expected);
  });
  it('a single-byte subpath entry decodes 1 MB', async () => {
    const bytes = Uint8Array.from({ length: 1 << 20 }, (_, k) => k & 0xff);
    const before = (await import('../src/windows-1253')).codec.decode(bytes);
    vi.stubGlobal('TextDecoder', undefined);
    vi.resetModules();
    const { codec } = await import('../src/windows-1253');
    expect(codec.decode(bytes)).toBe(before);
  });
});
