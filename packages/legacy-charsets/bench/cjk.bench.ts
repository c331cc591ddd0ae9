import { createMultibyteDecoder, createMultibyteEncoder } from '@exodus/bytes/multi-byte.js';
import Encoding from 'encoding-japanese';
import iconv from 'iconv-lite';
import { test } from 'vitest';
import type * as Charsets from '../src/index';
import { loadBundled } from '../../../tooling/bench.ts';

const { getCodec } = loadBundled<typeof Charsets>(import.meta.dirname);
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
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    // The high bits of the generator (its low bits have short periods).
    const s = seed >>> 30 === 0 ? 'ab ' : chars[(seed >>> 8) % chars.length]!;
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
