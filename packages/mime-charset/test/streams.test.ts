// TextDecoderStream, TextEncoderStream and CharsetEncoderStream (WHATWG Encoding §7.3, §7.5):
// random chunkings equal one-shot coding, and Node's own stream classes agree where Node follows
// the standard.
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CharsetEncoder,
  CharsetEncoderStream,
  TextDecodeError,
  TextDecoder,
  TextDecoderStream,
  TextEncoderStream,
} from '../src/index';
import { anyText, NODE_DIVERGES, split, WHATWG_ENCODINGS } from './text-coding-helpers';

const NodeTextDecoderStream = globalThis.TextDecoderStream;
const NodeTextEncoderStream = globalThis.TextEncoderStream;
const bytes = (...b: number[]): Uint8Array => new Uint8Array(b);

/** Writes the chunks through a transform and reads everything it gives, or the error it errors with. */
async function pipe<I, O>(
  transform: { writable: WritableStream<I>; readable: ReadableStream<O> },
  chunks: readonly I[],
): Promise<O[]> {
  const source = new ReadableStream<I>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  const out: O[] = [];
  for await (const chunk of source.pipeThrough(transform)) out.push(chunk);
  return out;
}

async function outcome<T>(run: Promise<T>): Promise<T | string> {
  try {
    return await run;
  } catch (error) {
    const e = error as { name: string; index?: number };
    return `${error instanceof TypeError ? 'TypeError ' : ''}${e.name} ${e.index ?? ''}`;
  }
}

const concat = (chunks: Uint8Array[]): number[] => chunks.flatMap((c) => [...c]);

describe('TSDoc examples', () => {
  it('TextDecoderStream: a fetch Response body piped through TextDecoderStream("shift_jis")', async () => {
    const body = new Response(new Uint8Array([0x93, 0xfa, 0x96, 0x7b])).body!;
    let text = '';
    for await (const chunk of body.pipeThrough(new TextDecoderStream('shift_jis'))) text += chunk;
    expect(text).toBe('日本');
  });

  it('TextEncoderStream', async () => {
    const chunks: Uint8Array[] = [];
    await new Blob(['€'])
      .stream()
      .pipeThrough(new TextDecoderStream())
      .pipeThrough(new TextEncoderStream())
      .pipeTo(new WritableStream({ write: (chunk) => void chunks.push(chunk) }));
    expect(chunks).toEqual([bytes(0xe2, 0x82, 0xac)]);
  });

  it('CharsetEncoderStream', async () => {
    const chunks: Uint8Array[] = [];
    await new Blob(['日本'])
      .stream()
      .pipeThrough(new TextDecoderStream())
      .pipeThrough(new CharsetEncoderStream('shift_jis'))
      .pipeTo(new WritableStream({ write: (chunk) => void chunks.push(chunk) }));
    expect(chunks).toEqual([bytes(0x93, 0xfa, 0x96, 0x7b)]);
  });
});

describe('TextDecoderStream', () => {
  it('a fetch-like Response with a Shift_JIS body split inside every character', async () => {
    const text = 'ｶﾀｶﾅ、ひらがな、漢字 and ASCII: 日本語のテキスト'.repeat(50);
    const encoded = new CharsetEncoder('shift_jis').encode(text);
    // Odd-sized chunks: most double-byte characters are split between two.
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < encoded.length; i += 7) controller.enqueue(encoded.slice(i, i + 7));
        controller.close();
      },
    });
    const response = new Response(body, {
      headers: { 'content-type': 'text/plain; charset=Shift_JIS' },
    });
    const chunks: string[] = [];
    for await (const chunk of response.body!.pipeThrough(new TextDecoderStream('shift_jis')))
      chunks.push(chunk);
    expect(chunks.length).toBeGreaterThan(100);
    expect(chunks.join('')).toBe(text);
  });

  it('every WHATWG encoding: random chunkings equal one-shot decoding, fatal or not (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...WHATWG_ENCODINGS),
        fc.uint8Array({ maxLength: 100 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        fc.boolean(),
        fc.boolean(),
        async (encoding, input, cuts, fatal, ignoreBOM) => {
          const whole = await outcome(
            Promise.resolve().then(() => [
              new TextDecoder(encoding, { fatal, ignoreBOM }).decode(input),
            ]),
          );
          const streamed = await outcome(
            pipe(new TextDecoderStream(encoding, { fatal, ignoreBOM }), split(input, cuts)).then(
              (c) => [c.join('')],
            ),
          );
          expect(streamed).toEqual(whole);
        },
      ),
      { numRuns: 800 },
    );
  });

  it('random chunkings agree with Node’s TextDecoderStream for every encoding Node decodes as the standard does', async () => {
    // Not GBK and gb18030 either: Node's streaming decoder throws, even when not fatal, once a
    // four-byte sequence started in one chunk breaks in the next (test/text-coding.test.ts).
    const agreeing = WHATWG_ENCODINGS.filter(
      (e) => !NODE_DIVERGES.has(e) && e !== 'gbk' && e !== 'gb18030',
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...agreeing),
        fc.uint8Array({ maxLength: 100 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        fc.boolean(),
        async (encoding, input, cuts, fatal) => {
          const parts = split(input, cuts);
          const ours = await outcome(
            pipe(new TextDecoderStream(encoding, { fatal }), parts).then((c) => c.join('')),
          );
          const node = await outcome(
            pipe(
              new NodeTextDecoderStream(encoding, { fatal }),
              parts.map((p) => p.slice()),
            ).then((c) => c.join('')),
          );
          // Both fail with a TypeError, or both give the same text.
          expect(
            typeof ours === 'string' && ours.startsWith('TypeError') ? 'TypeError' : ours,
          ).toBe(typeof node === 'string' && node.startsWith('TypeError') ? 'TypeError' : node);
        },
      ),
      { numRuns: 600 },
    );
  });

  it('every codec of the family in iana mode: streamed equals one-shot', async () => {
    for (const name of [
      'cp437',
      'utf-7',
      'iso-2022-kr',
      'hz-gb-2312',
      'utf-32be',
      'marc-8',
      'cp1047',
    ]) {
      const input = new CharsetEncoder(name, { mode: 'iana', unencodable: 'replacement' }).encode(
        'Grüße, 日本, 한국어 +-~ text '.repeat(5),
      );
      const whole = new TextDecoder(name, { mode: 'iana' }).decode(input);
      const streamed = await pipe(
        new TextDecoderStream(name, { mode: 'iana' }),
        [...input].map((b) => bytes(b)),
      );
      expect(streamed.join(''), name).toBe(whole);
    }
  });

  it('a fatal stream errors with a TextDecodeError, a TypeError that says where', async () => {
    const stream = new TextDecoderStream('utf-8', { fatal: true });
    expect([stream.encoding, stream.fatal, stream.ignoreBOM]).toEqual(['utf-8', true, false]);
    const truthy = new TextDecoderStream('utf8', { fatal: 'yes' as never, ignoreBOM: 1 as never });
    expect([truthy.encoding, truthy.fatal, truthy.ignoreBOM]).toEqual(['utf-8', true, true]);
    await expect(pipe(stream, [bytes(0x61, 0x62), bytes(0xe2, 0x82)])).rejects.toSatisfy(
      (e) => e instanceof TypeError && e instanceof TextDecodeError && e.index === 2,
    );
    await expect(
      pipe(new TextDecoderStream('shift_jis', { fatal: true }), [bytes(0x41, 0xa0)]),
    ).rejects.toThrow(TypeError);
  });

  it('a chunk that is not a buffer source errors the stream with a TypeError, as Node’s', async () => {
    for (const bad of [undefined, null, 42, 'abc', [0x61], {}]) {
      await expect(pipe(new TextDecoderStream(), [bad as never])).rejects.toThrow(TypeError);
      await expect(pipe(new NodeTextDecoderStream(), [bad as never])).rejects.toThrow(TypeError);
    }
    const u8 = bytes(0x61, 0x62, 0x63, 0x64);
    expect(
      (await pipe(new TextDecoderStream(), [u8.buffer, new DataView(u8.buffer, 1, 2)])).join(''),
    ).toBe('abcdbc');
    // A view over a SharedArrayBuffer too, as the platform's.
    const shared = new Uint8Array(new SharedArrayBuffer(2));
    shared.set([0x68, 0x69]);
    expect((await pipe(new TextDecoderStream('windows-1252'), [shared])).join('')).toBe('hi');
    expect((await pipe(new NodeTextDecoderStream(), [shared as never])).join('')).toBe('hi');
  });

  it('the BOM is stripped once, even split across chunks; ignoreBOM keeps it', async () => {
    const chunks = [bytes(0xef), bytes(0xbb), bytes(0xbf, 0x41, 0xef, 0xbb, 0xbf)];
    expect((await pipe(new TextDecoderStream(), chunks)).join('')).toBe('A\ufeff');
    expect((await pipe(new TextDecoderStream('utf-8', { ignoreBOM: true }), chunks)).join('')).toBe(
      '\ufeffA\ufeff',
    );
    expect(
      (await pipe(new TextDecoderStream('utf-16be'), [bytes(0xfe), bytes(0xff, 0, 0x41)])).join(''),
    ).toBe('A');
  });

  it('empty results are not enqueued', async () => {
    expect(await pipe(new TextDecoderStream(), [bytes(0xe2), bytes(0x82), bytes(0xac)])).toEqual([
      '€',
    ]);
    expect(await pipe(new TextDecoderStream(), [])).toEqual([]);
    expect(await pipe(new TextDecoderStream(), [bytes(0xe2)])).toEqual(['\ufffd']);
  });

  it('labels: RangeError for unknown labels and replacement, as the constructor of TextDecoder', () => {
    expect(() => new TextDecoderStream('utf-7')).toThrow(RangeError);
    expect(() => new TextDecoderStream('iso-2022-kr')).toThrow(RangeError);
    expect(new TextDecoderStream(' SJIS ').encoding).toBe('shift_jis');
  });
});

describe('TextEncoderStream', () => {
  it('agrees with Node’s on any text in random chunkings, surrogate pairs split included (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(anyText(40), fc.array(fc.nat(), { maxLength: 8 }), async (text, cuts) => {
        const parts = split(text, cuts);
        expect(concat(await pipe(new TextEncoderStream(), parts))).toEqual(
          concat(await pipe(new NodeTextEncoderStream(), parts)),
        );
      }),
      { numRuns: 150 },
    );
  });

  it('a pair split between chunks is one character; a lone surrogate at the end is U+FFFD', async () => {
    const stream = new TextEncoderStream();
    expect(stream.encoding).toBe('utf-8');
    expect(await pipe(stream, ['a\ud83d', '\ude00b', '\ud800'])).toEqual([
      bytes(0x61),
      bytes(0xf0, 0x9f, 0x98, 0x80, 0x62),
      bytes(0xef, 0xbf, 0xbd),
    ]);
    expect(await pipe(new TextEncoderStream(), ['\ud83d', '', '\ude00'])).toEqual([
      bytes(0xf0, 0x9f, 0x98, 0x80),
    ]);
  });

  it('chunks are converted to strings; one that cannot be errors the stream with its error', async () => {
    expect(concat(await pipe(new TextEncoderStream(), [42 as never, null as never]))).toEqual([
      0x34, 0x32, 0x6e, 0x75, 0x6c, 0x6c,
    ]);
    await expect(pipe(new TextEncoderStream(), [Symbol('x') as never])).rejects.toThrow(TypeError);
    const bad = {
      toString() {
        throw new RangeError('no string');
      },
    };
    await expect(pipe(new TextEncoderStream(), [bad as never])).rejects.toThrow('no string');
    await expect(pipe(new CharsetEncoderStream('gbk'), [bad as never])).rejects.toThrow(
      'no string',
    );
  });

  it('readable and writable are web streams', () => {
    for (const stream of [
      new TextEncoderStream(),
      new TextDecoderStream(),
      new CharsetEncoderStream('gbk'),
    ]) {
      expect(stream.readable).toBeInstanceOf(ReadableStream);
      expect(stream.writable).toBeInstanceOf(WritableStream);
    }
  });
});

describe('CharsetEncoderStream', () => {
  it('random chunkings equal one-shot encoding for every WHATWG encoding and family codecs, in every mode (fast-check)', async () => {
    const names = [
      ...WHATWG_ENCODINGS.map((n) => [n, 'whatwg'] as const),
      ...['utf-7', 'cp437', 'utf-32le', 'iso-2022-kr', 'hz-gb-2312', 'marc-8'].map(
        (n) => [n, 'iana'] as const,
      ),
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...names),
        anyText(30),
        fc.array(fc.nat(), { maxLength: 6 }),
        fc.constantFrom('fatal', 'replacement', 'html'),
        async ([name, mode], text, cuts, unencodable) => {
          const options = { mode, unencodable } as const;
          const whole = await outcome(
            Promise.resolve().then(() => [...new CharsetEncoder(name, options).encode(text)]),
          );
          const streamed = await outcome(
            pipe(new CharsetEncoderStream(name, options), split(text, cuts)).then(concat),
          );
          expect(streamed).toEqual(whole);
        },
      ),
      { numRuns: 800 },
    );
  });

  it('encodes to legacy charsets, with a BOM when asked, and errors a fatal stream where it fails', async () => {
    const stream = new CharsetEncoderStream('utf-16le', { bom: true });
    expect([stream.encoding, stream.unencodable, stream.bom]).toEqual(['utf-16le', 'fatal', true]);
    expect(concat(await pipe(stream, ['A', '', 'B']))).toEqual([0xff, 0xfe, 0x41, 0, 0x42, 0]);
    expect(
      concat(await pipe(new CharsetEncoderStream('latin2', { unencodable: 'html' }), ['a€', 'b'])),
    ).toEqual([...'a&#8364;b'].map((c) => c.charCodeAt(0)));
    await expect(pipe(new CharsetEncoderStream('latin2'), ['abc', 'd€'])).rejects.toMatchObject({
      name: 'EncodeError',
      index: 4,
      codePoint: 0x20ac,
    });
    // ISO-2022-JP returns to ASCII at the end of the stream.
    expect(concat(await pipe(new CharsetEncoderStream('iso-2022-jp'), ['日', '本']))).toEqual([
      0x1b, 0x24, 0x42, 0x46, 0x7c, 0x4b, 0x5c, 0x1b, 0x28, 0x42,
    ]);
  });

  it('labels: RangeError for unknown labels, replacement, and a BOM where there is none', () => {
    expect(() => new CharsetEncoderStream('no-such')).toThrow(RangeError);
    expect(() => new CharsetEncoderStream('replacement')).toThrow(RangeError);
    expect(() => new CharsetEncoderStream('gbk', { bom: true })).toThrow(RangeError);
  });
});

describe('without web streams (an ES2020 runtime)', () => {
  const saved = globalThis.TransformStream;
  afterEach(() => {
    globalThis.TransformStream = saved;
  });

  it('the stream classes throw a ReferenceError that says what is missing; the others work', () => {
    // @ts-expect-error: removing the global, as on a runtime without it
    delete globalThis.TransformStream;
    expect(() => new TextDecoderStream()).toThrow(
      /TextDecoderStream needs the global TransformStream/,
    );
    expect(() => new TextEncoderStream()).toThrow(ReferenceError);
    expect(() => new CharsetEncoderStream('gbk')).toThrow(ReferenceError);
    expect(new TextDecoder('gbk').decode(bytes(0x81, 0x40))).toBe('丂');
  });
});
