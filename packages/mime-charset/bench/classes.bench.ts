// What the platform-compatible classes cost over calling the codec directly, on 1 MiB, and how
// they compare with Node's own TextDecoder / TextDecoderStream.
import { test } from 'vitest';
import type * as Legacy from '@x/legacy-charsets';
import type * as Utf8 from '../../utf8/src/index';
import { loadBundled } from '../../../tooling/bench.ts';
import type * as MimeCharset from '../src/index';

const here = import.meta.dirname;
const ours = loadBundled<typeof MimeCharset>(here);
const utf8 = loadBundled<typeof Utf8>(here, '../../utf8/src/index.ts');

const MiB = 1 << 20;
const CHUNK = 64 * 1024;

/** Text that is about 1 MiB in the charset's repertoire: a mix of ASCII and the charset's own letters. */
function text(encoding: string, codec: Legacy.Codec | undefined): string {
  const own: Record<string, string> = {
    'utf-8': 'Grüße, 日本語のテキスト, 한국어, emoji 😀 ',
    'windows-1252': 'Grüße aus München, ça coûte 5 € — “quoted” ',
    shift_jis: '日本語のテキストとｶﾀｶﾅ、ASCII text mixed in. ',
    gb18030: '中文文本，混合 ASCII 文字。 Grüße 😀 ',
    'utf-16le': 'Grüße, 日本語のテキスト, 한국어, emoji 😀 ',
  };
  const unit = own[encoding]!;
  const unitBytes = codec ? codec.encode(unit).length : utf8.encode(unit).length;
  return unit.repeat(Math.ceil(MiB / unitBytes));
}

/** The bytes, cut in 64 KiB chunks (fresh copies, as a network stream gives them). */
function chunks(bytes: Uint8Array): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += CHUNK) out.push(bytes.slice(i, i + CHUNK));
  return out;
}

async function pipe<I, O>(
  transform: { writable: WritableStream<I>; readable: ReadableStream<O> },
  input: readonly I[],
): Promise<number> {
  const source = new ReadableStream<I>({
    start(controller) {
      for (const chunk of input) controller.enqueue(chunk);
      controller.close();
    },
  });
  let n = 0;
  for await (const chunk of source.pipeThrough(transform))
    n += (chunk as { length: number }).length;
  return n;
}

type Run = () => unknown;

/** CPU time of this process, in milliseconds (less disturbed than wall time on a loaded machine). */
function cpu(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

function same(a: unknown, b: unknown): boolean {
  if (a instanceof Uint8Array && b instanceof Uint8Array)
    return a.length === b.length && a.every((x, i) => x === b[i]);
  return a === b;
}

/**
 * Runs the direct call and each form one after the other, 40 rounds after 4 of warm-up, rotating
 * which goes first (load drifts on a shared machine; interleaving exposes every form to the same
 * drift), and prints each form's median CPU time over the direct call's: 1.05x means 5% slower
 * than calling the codec directly.
 */
async function overhead(name: string, direct: Run, forms: [string, Run][]): Promise<void> {
  // Each form must compute what the direct call does (a form that throws or answers something
  // else would be timed failing): the same string, the same bytes, or as many units streamed.
  const expected = await direct();
  for (const [n, run] of forms) {
    const got = await run();
    if (!same(got, expected))
      throw new Error(`${name}: ${n} does not give what the direct codec call gives`);
  }
  const all: [string, Run][] = [['direct', direct], ...forms];
  const times = new Map<string, number[]>(all.map(([n]) => [n, []]));
  for (let round = -4; round < 40; round++) {
    for (let k = 0; k < all.length; k++) {
      const [n, run] = all[(k + Math.max(round, 0)) % all.length]!;
      const start = cpu();
      await run();
      if (round >= 0) times.get(n)!.push(cpu() - start);
    }
  }
  const median = (xs: number[]): number =>
    [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const base = median(times.get('direct')!);
  console.log(
    `${name}: direct ${base.toFixed(2)} ms; ${forms.map(([n]) => `${n} ${(median(times.get(n)!) / base).toFixed(3)}x`).join(', ')} (CPU time over the direct codec call, median of 40 rounds; < 1 is faster)`,
  );
}

const ENCODINGS = ['utf-8', 'windows-1252', 'shift_jis', 'gb18030', 'utf-16le'];

/** What a caller without the classes writes: a TransformStream around the codec's streaming decoder. */
function directDecoderStream(decoder: {
  decode(b?: Uint8Array, o?: { stream?: boolean }): string;
}) {
  return new TransformStream<Uint8Array, string>({
    transform(chunk, controller) {
      const text = decoder.decode(chunk, { stream: true });
      if (text) controller.enqueue(text);
    },
    flush(controller) {
      const text = decoder.decode();
      if (text) controller.enqueue(text);
    },
  });
}

function directEncoderStream(encoder: {
  encode(t?: string, o?: { stream?: boolean }): Uint8Array;
}) {
  return new TransformStream<string, Uint8Array>({
    transform(chunk, controller) {
      const bytes = encoder.encode(chunk, { stream: true });
      if (bytes.length) controller.enqueue(bytes);
    },
    flush(controller) {
      const bytes = encoder.encode();
      if (bytes.length) controller.enqueue(bytes);
    },
  });
}

for (const encoding of ENCODINGS) {
  // The very codec object the classes use (the main entry's built-in one); UTF-8 is @x/utf8's.
  const codec =
    encoding === 'utf-8'
      ? undefined
      : ((await ours.loadCodec(encoding)) as unknown as Legacy.Codec);
  const input = text(encoding, codec);
  const bytes = codec ? codec.encode(input) : utf8.encode(input);
  const parts = chunks(bytes);
  const strings: string[] = [];
  for (let i = 0; i < input.length; i += CHUNK) strings.push(input.slice(i, i + CHUNK));

  test(`decode 1 MiB of ${encoding}`, async () => {
    const decoder = new ours.TextDecoder(encoding);
    const node = new globalThis.TextDecoder(encoding);
    await overhead(
      `decode ${encoding}`,
      codec ? () => codec.decode(bytes) : () => utf8.decode(bytes),
      [
        ['TextDecoder', () => decoder.decode(bytes)],
        ['Node TextDecoder', () => node.decode(bytes)],
      ],
    );
  });

  test(`decode 1 MiB of ${encoding} in 64 KiB chunks`, async () => {
    const streaming = () => (codec ? codec.createDecoder() : new utf8.Utf8Decoder());
    await overhead(
      `stream-decode ${encoding}`,
      () => pipe(directDecoderStream(streaming()), parts),
      [
        ['TextDecoderStream', () => pipe(new ours.TextDecoderStream(encoding), parts)],
        [
          'Node TextDecoderStream',
          () => pipe(new globalThis.TextDecoderStream(encoding), parts as BufferSource[]),
        ],
      ],
    );
  });

  test(`encode 1 MiB of ${encoding}`, async () => {
    const encoder = new ours.CharsetEncoder(encoding);
    const forms: [string, Run][] = [['CharsetEncoder', () => encoder.encode(input)]];
    if (encoding === 'utf-8') {
      const te = new ours.TextEncoder();
      const node = new globalThis.TextEncoder();
      forms.push(
        ['TextEncoder', () => te.encode(input)],
        ['Node TextEncoder', () => node.encode(input)],
      );
    }
    await overhead(
      `encode ${encoding}`,
      codec ? () => codec.encode(input) : () => utf8.encode(input),
      forms,
    );
  });

  test(`encode 1 MiB of ${encoding} in 64 Ki-unit chunks`, async () => {
    const forms: [string, Run][] = [
      ['CharsetEncoderStream', () => pipe(new ours.CharsetEncoderStream(encoding), strings)],
    ];
    if (encoding === 'utf-8') {
      forms.push(
        ['TextEncoderStream', () => pipe(new ours.TextEncoderStream(), strings)],
        ['Node TextEncoderStream', () => pipe(new globalThis.TextEncoderStream(), strings)],
      );
    }
    // UTF-8 has no streaming encoder of its own: each chunk whole (the chunks split no pair here).
    const encoder = () => (codec ? codec.createEncoder() : { encode: (t = '') => utf8.encode(t) });
    await overhead(
      `stream-encode ${encoding}`,
      () => pipe(directEncoderStream(encoder()), strings),
      forms,
    );
  });
}
