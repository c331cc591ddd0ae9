// shift_jis and gbk: 1 MiB decode and encode against @exodus/bytes, iconv-lite, encoding-japanese
// (shift_jis only) and the runtime's TextDecoder, in the same run. `pnpm run bench`.
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMultibyteDecoder, createMultibyteEncoder } from '@exodus/bytes/multi-byte.js';
import { buildSync } from 'esbuild';
import Encoding from 'encoding-japanese';
import iconv from 'iconv-lite';
import { test } from 'vitest';
import type * as Charsets from '../src/index';

// Measure the package as a user runs it: bundled and loaded by Node, not through the test
// runner's module transform.
const bundle = join(mkdtempSync(join(tmpdir(), 'x-legacy-charsets-bench-')), 'index.cjs');
buildSync({
  entryPoints: [join(import.meta.dirname, '../src/index.ts')],
  bundle: true,
  format: 'cjs',
  platform: 'neutral',
  outfile: bundle,
  logLevel: 'error',
});
const { getCodec } = createRequire(import.meta.url)(bundle) as typeof Charsets;
const opts = { time: 400, warmupTime: 100 };

/** Deterministic text of about 1 MiB once encoded: a quarter ASCII, the rest two-byte characters. */
function corpus(name: string): { bytes: Uint8Array; text: string } {
  const codec = getCodec(name)!;
  const chars: string[] = [];
  for (let lead = 0x81; lead <= 0xfe; lead++) {
    for (let trail = 0x40; trail <= 0xfe; trail++) {
      const s = codec.decode(new Uint8Array([lead, trail]));
      if (s.length !== 1 || s === '\ufffd') continue;
      try {
        codec.encode(s);
        chars.push(s);
      } catch {}
    }
  }
  let seed = 7;
  const parts: string[] = [];
  let size = 0;
  while (size < 1 << 20) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    const s = (seed & 3) === 0 ? 'ab ' : chars[seed % chars.length]!;
    parts.push(s);
    size += s.length === 1 ? 2 : s.length;
  }
  const text = parts.join('');
  return { bytes: codec.encode(text), text };
}

for (const name of ['shift_jis', 'gbk']) {
  const codec = getCodec(name)!;
  const { bytes, text } = corpus(name);
  const buffer = Buffer.from(bytes);
  const native = new TextDecoder(name);
  const exDecode = createMultibyteDecoder(name, true);
  const exEncode = createMultibyteEncoder(name);
  const codePoints = name === 'shift_jis' ? Encoding.stringToCode(text) : [];
  test(`${name} decode 1 MiB`, async ({ bench }) => {
    await bench.compare(
      bench('@x/legacy-charsets', () => codec.decode(bytes)),
      bench('TextDecoder', () => native.decode(bytes)),
      bench('@exodus/bytes', () => exDecode(bytes)),
      bench('iconv-lite', () => iconv.decode(buffer, name)),
      ...(name === 'shift_jis'
        ? [
            bench('encoding-japanese', () =>
              Encoding.codeToString(Encoding.convert(bytes, { to: 'UNICODE', from: 'SJIS' })),
            ),
          ]
        : []),
      opts,
    );
  });
  test(`${name} encode 1 MiB`, async ({ bench }) => {
    await bench.compare(
      bench('@x/legacy-charsets', () => codec.encode(text)),
      bench('@exodus/bytes', () => exEncode(text)),
      bench('iconv-lite', () => iconv.encode(text, name)),
      ...(name === 'shift_jis'
        ? [
            bench('encoding-japanese', () =>
              Encoding.convert(codePoints, { to: 'SJIS', from: 'UNICODE' }),
            ),
          ]
        : []),
      opts,
    );
  });
}
