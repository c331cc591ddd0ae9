// The platform's TextDecoderStream and TextEncoderStream (WHATWG Encoding §7.3, §7.5) over the
// family's codecs, and CharsetEncoderStream for encoding to any charset of the family.
// https://encoding.spec.whatwg.org/#interface-textdecoderstream
import { type Bytes, toBytes } from '@x/utf8';
import type { UnencodableMode } from './codecs';
import {
  asInterface,
  BRANDS,
  branded,
  CharsetEncoder,
  type CharsetEncoderOptions,
  TextDecoder,
  type TextDecoderOptions,
} from './text-coding';

/** A `TransformStream`, or a clear error on a runtime without web streams. */
function transformStream<I, O>(
  name: string,
  transformer: Transformer<I, O>,
): TransformStream<I, O> {
  if (typeof TransformStream !== 'function') {
    throw new ReferenceError(
      `${name} needs the global TransformStream (web streams), which this runtime does not have`,
    );
  }
  return new TransformStream(transformer);
}

/** A transformer that encodes each string chunk with `encoder`, as `TextEncoderStream` does. */
function encoding(encoder: CharsetEncoder): Transformer<string, Uint8Array> {
  return {
    transform(chunk, controller) {
      // WHATWG Encoding §7.5 "encode and enqueue a chunk": the chunk converted to a string; a high
      // surrogate at its end waits for the next chunk.
      const bytes = encoder.encode(`${chunk}`, { stream: true });
      if (bytes.length > 0) controller.enqueue(bytes);
    },
    flush(controller) {
      const bytes = encoder.encode();
      if (bytes.length > 0) controller.enqueue(bytes);
    },
  };
}

/**
 * A drop-in `TextDecoderStream`: a web stream from bytes to text in any WHATWG encoding (with
 * `{ mode: 'iana' }`, in any charset of the family), with `fatal` and `ignoreBOM`. Chunks may split
 * a character anywhere; the text is the same as decoding all the bytes at once. A malformed input
 * errors a fatal stream with a {@link TextDecodeError}; a chunk that is not a buffer or a view
 * errors it with a `TypeError`.
 * {@link https://encoding.spec.whatwg.org/#interface-textdecoderstream | WHATWG Encoding §7.3 (TextDecoderStream)}.
 *
 * @example
 * ```ts
 * const body = new Response(new Uint8Array([0x93, 0xfa, 0x96, 0x7b])).body!;
 * let text = '';
 * for await (const chunk of body.pipeThrough(new TextDecoderStream('shift_jis'))) text += chunk;
 * text; // '日本'
 * ```
 */
export class TextDecoderStream {
  private readonly decoder: TextDecoder;
  private readonly transform: TransformStream<Bytes, string>;

  /**
   * @param label - An encoding label. Default `utf-8`.
   * @param options - `fatal`, `ignoreBOM`, and `mode` (label registry, not in the standard).
   * @throws `RangeError` for a label that names no encoding, or `replacement`.
   * @throws `ReferenceError` when the runtime has no global `TransformStream`.
   */
  constructor(label = 'utf-8', options?: TextDecoderOptions | null) {
    shapeDecoderStream();
    const decoder = new TextDecoder(label, options);
    this.decoder = decoder;
    this.transform = transformStream('TextDecoderStream', {
      transform(chunk, controller) {
        // WHATWG Encoding §7.3 "decode and enqueue a chunk": the chunk must be a buffer source.
        const text = decoder.decode(toBytes(chunk, 'chunk'), { stream: true });
        if (text) controller.enqueue(text);
      },
      flush(controller) {
        const text = decoder.decode();
        if (text) controller.enqueue(text);
      },
    });
  }

  /** The encoding's name, lowercase. */
  get encoding(): string {
    return this.decoder.encoding;
  }

  /** `'TextDecoderStream'`, as the platform's. */
  declare readonly [Symbol.toStringTag]: string;

  /** Whether malformed input errors the stream. */
  get fatal(): boolean {
    return this.decoder.fatal;
  }

  /** Whether a leading byte order mark is kept. */
  get ignoreBOM(): boolean {
    return this.decoder.ignoreBOM;
  }

  /** The text side. */
  get readable(): ReadableStream<string> {
    return this.transform.readable;
  }

  /** The bytes side. */
  get writable(): WritableStream<Bytes> {
    return this.transform.writable;
  }
}

/**
 * A drop-in `TextEncoderStream`: a web stream from text to UTF-8 bytes. A surrogate pair split
 * between chunks is joined; a lone surrogate becomes U+FFFD.
 * {@link https://encoding.spec.whatwg.org/#interface-textencoderstream | WHATWG Encoding §7.5 (TextEncoderStream)}.
 *
 * @example
 * ```ts
 * const chunks: Uint8Array[] = [];
 * await new Blob(['€']).stream()
 *   .pipeThrough(new TextDecoderStream())
 *   .pipeThrough(new TextEncoderStream())
 *   .pipeTo(new WritableStream({ write: (chunk) => void chunks.push(chunk) }));
 * chunks; // [Uint8Array [0xe2, 0x82, 0xac]]
 * ```
 */
export class TextEncoderStream {
  private readonly transform: TransformStream<string, Uint8Array>;

  /** @throws `ReferenceError` when the runtime has no global `TransformStream`. */
  constructor() {
    shapeEncoderStream();
    this.transform = transformStream('TextEncoderStream', encoding(new CharsetEncoder('utf-8')));
    BRANDS.set(this, 'TextEncoderStream');
  }

  /** Always `utf-8`. */
  get encoding(): 'utf-8' {
    branded(this, 'TextEncoderStream');
    return 'utf-8';
  }

  /** `'TextEncoderStream'`, as the platform's. */
  declare readonly [Symbol.toStringTag]: string;

  /** The text side. */
  get writable(): WritableStream<string> {
    branded(this, 'TextEncoderStream');
    return this.transform.writable;
  }

  /** The bytes side. */
  get readable(): ReadableStream<Uint8Array> {
    branded(this, 'TextEncoderStream');
    return this.transform.readable;
  }
}

/**
 * A web stream from text to bytes in any charset of the family: the streaming form of
 * {@link CharsetEncoder}, with its `fatal`, `replacement` and `html` modes and optional BOM. A
 * character the charset cannot hold errors a `fatal` stream with the codec's `EncodeError`
 * (`index` from the start of the stream). A stateful charset (ISO-2022-JP, UTF-7) returns to its
 * initial state at the end. In the `iana` and `loose` modes, GB2312, EUC-KR, Shift_JIS, EUC-JP,
 * ISO-2022-JP and Big5 write only the named charset, as `CharsetEncoder` does.
 * {@link https://encoding.spec.whatwg.org/#encode | WHATWG Encoding §6 (encode)}.
 *
 * @example
 * ```ts
 * const chunks: Uint8Array[] = [];
 * await new Blob(['日本']).stream()
 *   .pipeThrough(new TextDecoderStream())
 *   .pipeThrough(new CharsetEncoderStream('shift_jis'))
 *   .pipeTo(new WritableStream({ write: (chunk) => void chunks.push(chunk) }));
 * chunks; // [Uint8Array [0x93, 0xfa, 0x96, 0x7b]]
 * ```
 */
export class CharsetEncoderStream {
  private readonly encoder: CharsetEncoder;
  private readonly transform: TransformStream<string, Uint8Array>;

  /**
   * @param label - A charset label.
   * @param options - `mode` (label registry), `unencodable` (error mode), `bom`.
   * @throws `RangeError` for a label that names no charset, `replacement`, or `bom` on a charset
   * that has none.
   * @throws `ReferenceError` when the runtime has no global `TransformStream`.
   */
  constructor(label: string, options?: CharsetEncoderOptions | null) {
    this.encoder = new CharsetEncoder(label, options);
    this.transform = transformStream('CharsetEncoderStream', encoding(this.encoder));
  }

  /** The charset's codec name, lowercase. */
  get encoding(): string {
    return this.encoder.encoding;
  }

  /** What happens to a character the charset cannot hold. */
  get unencodable(): UnencodableMode {
    return this.encoder.unencodable;
  }

  /** Whether the output starts with a byte order mark. */
  get bom(): boolean {
    return this.encoder.bom;
  }

  /** The text side. */
  get writable(): WritableStream<string> {
    return this.transform.writable;
  }

  /** The bytes side. */
  get readable(): ReadableStream<Uint8Array> {
    return this.transform.readable;
  }
}

// For the constructors: a class named inside its own body is renamed by a bundler (see
// text-coding.ts).
const shapeDecoderStream = (): void => asInterface(TextDecoderStream, 'TextDecoderStream');
const shapeEncoderStream = (): void => asInterface(TextEncoderStream, 'TextEncoderStream');
