// windows-1252 and iso-8859-7: 1 MiB decode and encode, and short strings, against iconv-lite,
// @exodus/bytes and the runtime's TextDecoder, in the same run. `pnpm run bench`.
import { createSinglebyteDecoder, createSinglebyteEncoder } from '@exodus/bytes/single-byte.js';
import iconv from 'iconv-lite';
import { test } from 'vitest';
import type { Codec } from '../src/codec';
import { join } from 'node:path';
import type * as Charsets from '../src/index';
import { loadBuilt } from '../../../tooling/bench.ts';

// What users run: the published dist/ files (the node build, as Node picks it), ESM and CJS.
const pkgDir = join(import.meta.dirname, '..');
const built = await loadBuilt<typeof Charsets>(pkgDir);
const { getCodec } = built.esm;
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
  // The main entry's codec and the subpath's own, each from its published file.
  const codec = getCodec(name)!;
  const sub = await loadBuilt<{ codec: Codec }>(pkgDir, `./${name}`);
  const own = sub.esm.codec;
  const native = new TextDecoder(name);
  const exDecode = createSinglebyteDecoder(name, true);
  const exEncode = createSinglebyteEncoder(name);
  for (const [label, size] of [
    ['1 MiB', 1 << 20],
    ['24 bytes', 24],
  ] as const) {
    const { bytes, text } = corpus(name, size);
    const buffer = Buffer.from(bytes);
    // Before timing, every contender must give our answer (one that throws or differs would time
    // something else).
    for (const [who, got] of [
      ['subpath', own.decode(bytes)],
      ['subpath (CJS)', sub.cjs.codec.decode(bytes)],
      ['main entry (CJS)', built.cjs.getCodec(name)!.decode(bytes)],
      ['@exodus/bytes', exDecode(bytes)],
      ['iconv-lite', iconv.decode(buffer, name)],
      ['TextDecoder', native.decode(bytes)],
    ] as const)
      if (got !== text) throw new Error(`${name} ${label}: ${who} decodes otherwise`);
    for (const [who, got] of [
      ['subpath', own.encode(text)],
      ['@exodus/bytes', exEncode(text)],
      ['iconv-lite', iconv.encode(text, name)],
    ] as const)
      if (Buffer.compare(Buffer.from(got), buffer) !== 0)
        throw new Error(`${name} ${label}: ${who} encodes otherwise`);
    test(`${name} decode ${label}`, async ({ bench }) => {
      await bench.compare(
        bench('@x/legacy-charsets', () => codec.decode(bytes)),
        bench('@x/legacy-charsets subpath', () => own.decode(bytes)),
        bench('@x/legacy-charsets subpath (CJS)', () => sub.cjs.codec.decode(bytes)),
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
        bench('@x/legacy-charsets subpath (CJS)', () => sub.cjs.codec.encode(text)),
        bench('@exodus/bytes', () => exEncode(text)),
        bench('iconv-lite', () => iconv.encode(text, name)),
        opts,
      );
    });
  }
}
