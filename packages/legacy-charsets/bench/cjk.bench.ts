import { createMultibyteDecoder, createMultibyteEncoder } from '@exodus/bytes/multi-byte.js';
import Encoding from 'encoding-japanese';
import iconv from 'iconv-lite';
import { test } from 'vitest';
import { join } from 'node:path';
import type * as Charsets from '../src/index';
import { loadBuilt } from '../../../tooling/bench.ts';
import { twoByteChars } from './cjk-corpus.ts';

// What users run: the published dist/ files (the node build, as Node picks it).
const built = await loadBuilt<typeof Charsets>(join(import.meta.dirname, '..'));
const { getCodec } = built.esm;
const opts = { time: 400, warmupTime: 100 };

/** The text kinds: the bench's mix, ASCII alone, two-byte characters alone, and with tags. */
type Kind = 'mixed' | 'ASCII' | 'two-byte' | 'tagged';

/**
 * Deterministic text of about 1 MiB once encoded. `mixed`: a quarter of the pieces ASCII ("ab "),
 * the rest two-byte characters; `ASCII`: English words; `two-byte`: two-byte characters only;
 * `tagged`: one piece in sixteen an HTML tag of 32 bytes, the rest two-byte characters.
 */
function corpus(name: string, kind: Kind): { bytes: Uint8Array; text: string } {
  const codec = getCodec(name)!;
  const chars = twoByteChars(codec, 0x81, 0xfe, 0x40, 0xfe);
  const words = 'the quick brown fox jumps over a lazy dog, then '.split(' ');
  let seed = 7;
  const parts: string[] = [];
  let size = 0;
  while (size < 1 << 20) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    // The high bits of the generator (its low bits have short periods).
    const char = chars[(seed >>> 8) % chars.length]!;
    let s = char;
    if (kind === 'ASCII') s = `${words[(seed >>> 8) % words.length]} `;
    else if (kind === 'mixed' && seed >>> 30 === 0) s = 'ab ';
    else if (kind === 'tagged' && seed >>> 28 === 0) s = '<a href="https://example.com/x">';
    parts.push(s);
    size += s === char ? 2 : s.length;
  }
  const text = parts.join('');
  return { bytes: codec.encode(text), text };
}

/**
 * Best of seven CPU times (process.cpuUsage, which other processes on a loaded machine disturb
 * much less than wall-clock time) of each function on `bytes`, the seven rounds interleaved.
 */
function cpuTimes(fns: Record<string, (bytes: Uint8Array) => unknown>, bytes: Uint8Array) {
  const best: Record<string, number> = {};
  for (let round = 0; round < 7; round++) {
    for (const [label, fn] of Object.entries(fns)) {
      let n = 1;
      let ms = 0;
      // Enough calls for 30 ms, then the time of one.
      for (;;) {
        const start = process.cpuUsage();
        for (let k = 0; k < n; k++) fn(bytes);
        const used = process.cpuUsage(start);
        ms = (used.user + used.system) / 1000;
        if (ms >= 30) break;
        n *= 2;
      }
      best[label] = Math.min(best[label] ?? Number.POSITIVE_INFINITY, ms / n);
    }
  }
  return best;
}

for (const name of ['shift_jis', 'gbk']) {
  const codec = getCodec(name)!;
  const native = new TextDecoder(name);
  const exDecode = createMultibyteDecoder(name, true);
  const exEncode = createMultibyteEncoder(name);
  for (const kind of ['mixed', 'ASCII', 'two-byte', 'tagged'] as const) {
    const { bytes } = corpus(name, kind);
    const buffer = Buffer.from(bytes);
    const decoders: Record<string, (b: Uint8Array) => unknown> = {
      '@x/legacy-charsets': (b) => codec.decode(b),
      TextDecoder: (b) => native.decode(b),
      '@exodus/bytes': (b) => exDecode(b),
      'iconv-lite': () => iconv.decode(buffer, name),
    };
    if (name === 'shift_jis') {
      decoders['encoding-japanese'] = (b) =>
        Encoding.codeToString(Encoding.convert(b, { to: 'UNICODE', from: 'SJIS' }));
    }
    // Before timing, every anchor must give our answer (an anchor that throws or differs would
    // time something else); the CommonJS build too.
    decoders['@x/legacy-charsets (CJS)'] = (b) => built.cjs.getCodec(name)!.decode(b);
    const want = codec.decode(bytes);
    // iconv-lite's GBK table differs from the WHATWG index in places: such an anchor is left out
    // of the comparison, and said so.
    for (const [label, fn] of Object.entries(decoders)) {
      if (fn(bytes) === want) continue;
      if (label.startsWith('@x/')) throw new Error(`${name} ${kind}: ${label} decodes otherwise`);
      console.log(`${name} ${kind}: ${label} decodes this text otherwise; left out`);
      delete decoders[label];
    }
    test(`${name} decode 1 MiB ${kind}`, async ({ bench }) => {
      await bench.compare(
        ...Object.entries(decoders).map(([label, fn]) => bench(label, () => fn(bytes))),
        opts,
      );
    });
    test(`${name} decode 1 MiB ${kind}, CPU time`, () => {
      const best = cpuTimes(decoders, bytes);
      const ours = best['@x/legacy-charsets']!;
      const ratios = Object.entries(best)
        .filter(([label]) => label !== '@x/legacy-charsets')
        .map(([label, ms]) => `${label} ${(ms / ours).toFixed(2)}x`);
      console.log(`${name} decode 1 MiB ${kind}, CPU time, ours vs: ${ratios.join(', ')}`);
    });
  }
  const { text } = corpus(name, 'mixed');
  const codePoints = name === 'shift_jis' ? Encoding.stringToCode(text) : [];
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
