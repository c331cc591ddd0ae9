// windows-1252 and iso-8859-7: 1 MiB decode and encode, and short strings, against iconv-lite,
// @exodus/bytes and the runtime's TextDecoder, in the same run. `pnpm run bench`.
import { createSinglebyteDecoder, createSinglebyteEncoder } from '@exodus/bytes/single-byte.js';
import iconv from 'iconv-lite';
import { test } from 'vitest';
import type { Codec } from '../src/codec';
import type * as Charsets from '../src/index';
import { loadBundled } from '../../../tooling/bench.ts';

const { getCodec } = loadBundled<typeof Charsets>(import.meta.dirname);
const opts = { time: 400, warmupTime: 100 };

/** Deterministic text: half ASCII letters, half the charset's own printable characters. */
function corpus(name: string, size: number): { bytes: Uint8Array; text: string } {
  const codec = getCodec(name)!;
  const mapped: number[] = [];
  for (let b = 0xa0; b < 256; b++) {
    if (codec.decode(new Uint8Array([b])) !== '\ufffd') mapped.push(b);
  }
  let seed = 42;
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    const r = seed >>> 8; // the high bits (the generator's low bits have short periods)
    bytes[i] = i % 2 === 0 ? 0x61 + (r % 26) : mapped[r % mapped.length]!;
  }
  return { bytes, text: codec.decode(bytes) };
}

for (const name of ['windows-1252', 'iso-8859-7']) {
  // The main entry's codec (long input through the runtime's TextDecoder once it has matched the
  // table) and the subpath's own (the table's loop, under 1 KiB).
  const codec = getCodec(name)!;
  const own = loadBundled<{ codec: Codec }>(import.meta.dirname, `../src/${name}.ts`).codec;
  const native = new TextDecoder(name);
  const exDecode = createSinglebyteDecoder(name, true);
  const exEncode = createSinglebyteEncoder(name);
  for (const [label, size] of [
    ['1 MiB', 1 << 20],
    ['24 bytes', 24],
  ] as const) {
    const { bytes, text } = corpus(name, size);
    const buffer = Buffer.from(bytes);
    test(`${name} decode ${label}`, async ({ bench }) => {
      await bench.compare(
        bench('@x/legacy-charsets', () => codec.decode(bytes)),
        bench('@x/legacy-charsets subpath', () => own.decode(bytes)),
        bench('@exodus/bytes', () => exDecode(bytes)),
        bench('iconv-lite', () => iconv.decode(buffer, name)),
        bench('TextDecoder', () => native.decode(bytes)),
        opts,
      );
    });
    test(`${name} encode ${label}`, async ({ bench }) => {
      await bench.compare(
        bench('@x/legacy-charsets', () => codec.encode(text)),
        bench('@x/legacy-charsets subpath', () => own.encode(text)),
        bench('@exodus/bytes', () => exEncode(text)),
        bench('iconv-lite', () => iconv.encode(text, name)),
        opts,
      );
    });
  }
}
