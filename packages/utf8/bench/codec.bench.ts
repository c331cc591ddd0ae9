// UTF-8 decode and encode, short strings and 1 MiB, against the runtime's TextDecoder/TextEncoder,
// Node's Buffer, @exodus/bytes and iconv-lite, in the same run. `pnpm run bench`.
import { utf8fromStringLoose, utf8toStringLoose } from '@exodus/bytes/utf8.js';
import iconv from 'iconv-lite';
import { test } from 'vitest';
import type * as Utf8 from '../src/index';
import { join } from 'node:path';
import { loadBuilt } from '../../../tooling/bench.ts';

// What users run: the published dist/ files (the node build, as Node picks it), ESM and CJS.
const built = await loadBuilt<typeof Utf8>(join(import.meta.dirname, '..'));
const { decode, encode, Utf8Decoder } = built.esm;
const cjs = built.cjs;
const opts = { time: 600, warmupTime: 150 };
const textDecoder = new TextDecoder();
const textEncoder = new TextEncoder();

// Deterministic corpora. Mixed script: Latin with accents, Greek, Cyrillic, CJK and emoji.
const ALPHABETS = {
  ascii: 'abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ 0123456789.,',
  mixed: 'abc déf ĝĥ αβγ δεζ жзи клм 日本語 中文 한국 😀🚀 ',
};
function text(kind: keyof typeof ALPHABETS, bytes: number, seed: number): string {
  const chars = Array.from(ALPHABETS[kind]);
  let s = '';
  let n = 0;
  for (;;) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    const c = chars[seed % chars.length]!;
    const size = textEncoder.encode(c).length;
    if (n + size > bytes) break;
    s += c;
    n += size;
  }
  // Top up with ASCII to the exact byte count.
  return s + 'x'.repeat(bytes - n);
}

const SHORT = 10_000;
for (const kind of ['ascii', 'mixed'] as const) {
  const strings = Array.from({ length: SHORT }, (_, i) => text(kind, 16, i + 1));
  const arrays = strings.map((s) => textEncoder.encode(s));
  const buffers = arrays.map((b) => Buffer.from(b));
  const big = text(kind, 1 << 20, 7);
  const bigBytes = textEncoder.encode(big);
  const bigBuffer = Buffer.from(bigBytes);

  test(`decode 10k strings of 16 bytes, ${kind}`, async ({ bench }) => {
    const each = (f: (b: Uint8Array, i: number) => string) => () => {
      let n = 0;
      for (let i = 0; i < SHORT; i++) n += f(arrays[i]!, i).length;
      return n;
    };
    await bench.compare(
      bench(
        '@x/utf8',
        each((b) => decode(b)),
      ),
      bench(
        '@x/utf8 (CJS)',
        each((b) => cjs.decode(b)),
      ),
      bench(
        'TextDecoder',
        each((b) => textDecoder.decode(b)),
      ),
      bench(
        'Buffer',
        each((_, i) => buffers[i]!.toString('utf8')),
      ),
      bench(
        '@exodus/bytes',
        each((b) => utf8toStringLoose(b)),
      ),
      bench(
        'iconv-lite',
        each((_, i) => iconv.decode(buffers[i]!, 'utf8')),
      ),
      opts,
    );
  });

  test(`decode 1 MiB, ${kind}`, async ({ bench }) => {
    await bench.compare(
      bench('@x/utf8', () => decode(bigBytes)),
      bench('@x/utf8 (CJS)', () => cjs.decode(bigBytes)),
      bench('TextDecoder', () => textDecoder.decode(bigBytes)),
      bench('Buffer', () => bigBuffer.toString('utf8')),
      bench('@exodus/bytes', () => utf8toStringLoose(bigBytes)),
      bench('iconv-lite', () => iconv.decode(bigBuffer, 'utf8')),
      opts,
    );
  });

  if (kind === 'ascii') {
    // The floor under "decode 1 MiB of ASCII": what the cheapest conceivable ways to get a 1 MiB
    // string from 1 MiB of bytes cost, and what merely copying 1 MiB costs, next to TextDecoder.
    // None of them decodes UTF-8 (latin1 maps each byte to one unit, which equals UTF-8 only for
    // ASCII); they bound from below what any exact decoder can take.
    const target = new Uint8Array(bigBytes.length);
    const latin1 = new TextDecoder('latin1');
    test('floor: 1 MiB of bytes to a string, and a 1 MiB copy', async ({ bench }) => {
      await bench.compare(
        bench('TextDecoder (utf-8)', () => textDecoder.decode(bigBytes)),
        bench('copy 1 MiB into a preallocated array (memcpy)', () => {
          target.set(bigBytes);
          return target;
        }),
        bench('copy 1 MiB into a new array (slice)', () => bigBytes.slice()),
        bench('Buffer latin1 (one copy into a one-byte string)', () =>
          bigBuffer.toString('latin1'),
        ),
        bench('TextDecoder (latin1)', () => latin1.decode(bigBytes)),
        opts,
      );
    });
  }

  test(`encode 10k strings of 16 bytes, ${kind}`, async ({ bench }) => {
    const each = (f: (s: string) => Uint8Array) => () => {
      let n = 0;
      for (let i = 0; i < SHORT; i++) n += f(strings[i]!).length;
      return n;
    };
    await bench.compare(
      bench(
        '@x/utf8',
        each((s) => encode(s)),
      ),
      bench(
        'TextEncoder',
        each((s) => textEncoder.encode(s)),
      ),
      bench(
        'Buffer',
        each((s) => Buffer.from(s, 'utf8')),
      ),
      bench(
        '@exodus/bytes',
        each((s) => utf8fromStringLoose(s)),
      ),
      bench(
        'iconv-lite',
        each((s) => iconv.encode(s, 'utf8')),
      ),
      opts,
    );
  });

  test(`encode 1 MiB, ${kind}`, async ({ bench }) => {
    await bench.compare(
      bench('@x/utf8', () => encode(big)),
      bench('@x/utf8 (CJS)', () => cjs.encode(big)),
      bench('TextEncoder', () => textEncoder.encode(big)),
      bench('Buffer', () => Buffer.from(big, 'utf8')),
      bench('@exodus/bytes', () => utf8fromStringLoose(big)),
      bench('iconv-lite', () => iconv.encode(big, 'utf8')),
      opts,
    );
  });
}

// Streaming where every chunk boundary splits a sequence: 1 MiB of CJK and emoji (3- and 4-byte
// sequences) cut into chunks of about 1, 7, 64 and 4096 bytes, each cut moved forward to the next
// continuation byte, so that every chunk but the last ends inside a sequence. Against TextDecoder
// with `{ stream: true }` over the same chunks, in the same run.
{
  const chars = Array.from('日本語中文漢字한국어ひらがなカタカナ😀🚀🎉👍🌍');
  let s = '';
  for (let seed = 11, n = 0; n < 1 << 20; ) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    const c = chars[seed % chars.length]!;
    s += c;
    n += c.length === 2 ? 4 : 3;
  }
  const bytes = textEncoder.encode(s);
  for (const size of [1, 7, 64, 4096]) {
    const chunks: Uint8Array[] = [];
    for (let at = 0; at < bytes.length; ) {
      let cut = Math.min(at + size, bytes.length);
      // Chunks of 1 byte split every sequence already; larger cuts move onto a continuation byte.
      while (size > 1 && cut < bytes.length && bytes[cut]! >> 6 !== 2) cut++;
      chunks.push(bytes.subarray(at, cut));
      at = cut;
    }
    const expected = s.length;
    const run = (decoder: { decode(b?: Uint8Array, o?: { stream?: boolean }): string }) => () => {
      let n = 0;
      for (const chunk of chunks) n += decoder.decode(chunk, { stream: true }).length;
      n += decoder.decode().length;
      if (n !== expected) throw new Error(`decoded ${n} units, expected ${expected}`);
      return n;
    };
    test(`stream 1 MiB of CJK and emoji, chunks of ${size} B, every boundary inside a sequence`, async ({
      bench,
    }) => {
      await bench.compare(
        bench('@x/utf8 Utf8Decoder', run(new Utf8Decoder())),
        bench('@x/utf8 Utf8Decoder (fatal)', run(new Utf8Decoder({ fatal: true }))),
        bench('TextDecoder stream', run(new TextDecoder())),
        bench('TextDecoder stream (fatal)', run(new TextDecoder('utf-8', { fatal: true }))),
        bench('@x/utf8 decode (one shot, same bytes)', () => decode(bytes).length),
        // TextDecoder takes most of a second per pass over 1-byte chunks: a few passes suffice.
        { ...opts, iterations: 5, warmupIterations: 1 },
      );
    });
  }
}
