import { describe, expect, it } from 'vitest';
import { createDecoderStream, Utf8DecodeError } from '../src/index';
import { hex } from './helpers';

const run = async (chunks: Uint8Array[], options?: Parameters<typeof createDecoderStream>[0]) => {
  const out: string[] = [];
  await new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(c);
      controller.close();
    },
  })
    .pipeThrough(createDecoderStream(options))
    .pipeTo(new WritableStream({ write: (s) => void out.push(s) }));
  return out;
};

describe('createDecoderStream', () => {
  it('emits text as sequences complete, and no empty chunks', async () => {
    expect(await run([hex('41 e2'), hex('89'), hex('a0 42')])).toEqual(['A', '≠B']);
  });

  it('flushes an unfinished sequence as U+FFFD', async () => {
    expect(await run([hex('41 f0 9f')])).toEqual(['A', '\ufffd']);
  });

  it('strips a BOM split across chunks, keeps it with ignoreBOM', async () => {
    expect(await run([hex('ef'), hex('bb bf 41')])).toEqual(['A']);
    expect(await run([hex('ef'), hex('bb bf 41')], { ignoreBOM: true })).toEqual(['\ufeffA']);
  });

  it('errors the stream with Utf8DecodeError when fatal', async () => {
    const error = await run([hex('41 42'), hex('c0 af')], { fatal: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Utf8DecodeError);
    expect(error).toMatchObject({ index: 2, reason: 'invalid-byte' });
    const truncated = await run([hex('41 e2 89')], { fatal: true }).catch((e: unknown) => e);
    expect(truncated).toMatchObject({ index: 1, reason: 'truncated' });
  });

  it('accepts ArrayBuffer and other views as chunks', async () => {
    const bytes = hex('e2 89 a0 41');
    expect(
      await run([
        bytes.buffer as unknown as Uint8Array,
        new DataView(bytes.buffer, 3) as unknown as Uint8Array,
      ]),
    ).toEqual(['≠A', 'A']);
  });

  // WPT encoding/streams/decode-bad-chunks.any.js: undefined, null, numbers, strings and arrays
  // of numbers are not bytes; each errors the stream with a TypeError, as TextDecoderStream does.
  it('errors the stream with a TypeError for a chunk that is not bytes, undefined included', async () => {
    for (const bad of [undefined, null, 0, 'abc', [0x41], {}]) {
      const ours = await run([bad as unknown as Uint8Array]).catch((e: unknown) => e);
      const native = await new ReadableStream({
        start(c) {
          c.enqueue(bad);
          c.close();
        },
      })
        .pipeThrough(new TextDecoderStream())
        .pipeTo(new WritableStream())
        .catch((e: unknown) => e);
      expect(native).toBeInstanceOf(TypeError);
      expect(ours).toBeInstanceOf(TypeError);
      expect(ours).not.toBeInstanceOf(Utf8DecodeError);
    }
  });
});
