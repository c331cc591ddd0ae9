import type { Bytes } from './bytes';
import type { DecodeOptions } from './decode';
import { Utf8Decoder } from './decoder';

/**
 * A web-streams `TransformStream` from UTF-8 bytes to text: the
 * {@link https://encoding.spec.whatwg.org/#interface-textdecoderstream | WHATWG `TextDecoderStream`}
 * for UTF-8, with fatal errors that say where.
 *
 * @param options - `fatal` to error the stream instead of replacing; `ignoreBOM` to keep a leading BOM.
 * @returns A stream that takes byte chunks and gives text chunks (empty chunks are not emitted).
 * @throws `ReferenceError` when the runtime has no `TransformStream`. The stream errors with
 * {@link Utf8DecodeError} when fatal and the bytes are ill-formed, and with a `TypeError` for a chunk
 * that is not bytes (`undefined` included, as in `TextDecoderStream`).
 * @example
 * ```ts
 * let text = '';
 * await new Blob([new Uint8Array([0xe2, 0x89]), new Uint8Array([0xa0])])
 *   .stream()
 *   .pipeThrough(createDecoderStream())
 *   .pipeTo(new WritableStream({ write: (chunk) => void (text += chunk) }));
 * text; // '≠'
 * ```
 */
export function createDecoderStream(options?: DecodeOptions): TransformStream<Bytes, string> {
  const decoder = new Utf8Decoder(options);
  const push = (
    controller: TransformStreamDefaultController<string>,
    chunk?: Bytes,
    stream = false,
  ): void => {
    const text = decoder.decode(chunk, { stream });
    if (text) controller.enqueue(text);
  };
  return new TransformStream({
    // A chunk must be bytes, `undefined` too (Encoding §5.3 "decode and enqueue a chunk", step 1:
    // the conversion to a BufferSource throws): null reaches the decoder's check, which throws.
    transform: (chunk, controller) => push(controller, chunk ?? null!, true),
    // With no chunk and no `stream`: the final call, which flushes.
    flush: push,
  });
}
