// ISO 10646 UCS-2 and UCS-4 (IANA ISO-10646-UCS-2, ISO-10646-UCS-4), big-endian, as thin wrappers over
// the @x/legacy-charsets UTF-16BE and UTF-32BE codecs. UCS-2 is the Basic Multilingual Plane only
// (ISO/IEC 10646 §14, "UCS-2": one 16-bit unit per character, no surrogate pairs), so a surrogate
// code unit is an error and a character beyond U+FFFF cannot be encoded. UCS-4 within Unicode's
// range is UTF-32 (Unicode §3.10 D99). Neither drops a byte order mark: decodeDocument does that.
import { type Codec, DecodeError, EncodeError, type StreamingDecoder } from '@x/legacy-charsets';
import type { CharsetCodec } from './codecs';

/** A codec of this module: one-shot, and streaming for `TextDecoder` and `CharsetEncoder`. */
type UcsCodec = CharsetCodec & Pick<Codec, 'createDecoder' | 'createEncoder'>;

/** The UCS-2 codec over a UTF-16BE codec. */
export function ucs2(utf16be: Codec): UcsCodec {
  return streaming(2, {
    name: 'ucs-2',
    decode(bytes, options) {
      let input = bytes;
      for (let i = 0; i + 1 < bytes.length; i += 2) {
        const lead = bytes[i]!;
        if (lead < 0xd8 || lead > 0xdf) continue;
        if (options?.fatal) throw new DecodeError(i, 'surrogate code unit (not in UCS-2)');
        // Each surrogate code unit reads as U+FFFD, on a copy: the caller's bytes stay as they are.
        if (input === bytes) input = bytes.slice();
        input[i] = 0xff;
        input[i + 1] = 0xfd;
      }
      return utf16be.decode(input, { fatal: options?.fatal === true, ignoreBOM: true });
    },
    // Lone surrogates are left to the UTF-16BE encoder's own error handling.
    encode: (text, options) => utf16be.encode(beyondBmp(text, options?.mode ?? 'fatal'), options),
  });
}

/** Characters beyond U+FFFF in `text` as UCS-2's error `mode` has them (`fatal` throws). */
function beyondBmp(text: string, mode: string): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0xd800 || c > 0xdfff) continue;
    const next = text.charCodeAt(i + 1);
    if (c > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) {
      // A lone surrogate: the UTF-16BE encoder's error, which comes first in fatal mode.
      if (mode === 'fatal') return text;
      continue;
    }
    const cp = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
    if (mode === 'fatal') throw new EncodeError(i, cp, 'beyond U+FFFF (not in UCS-2)', 'ucs-2');
    out += text.slice(from, i) + (mode === 'html' ? `&#${cp};` : '?');
    from = i + 2;
    i++;
  }
  return from === 0 ? text : out + text.slice(from);
}

/** The bytes of a chunk as `TextDecoder` reads them (a view's own bytes, a buffer's all). */
function toBytes(chunk: NonNullable<Parameters<StreamingDecoder['decode']>[0]>): Uint8Array {
  if (chunk instanceof Uint8Array) return chunk;
  if (ArrayBuffer.isView(chunk))
    return new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return new Uint8Array(chunk as ArrayBuffer);
}

/** The UCS-4 codec over a UTF-32BE codec. */
export function ucs4(utf32be: Codec): UcsCodec {
  return streaming(4, {
    name: 'ucs-4',
    decode: (bytes, options) =>
      utf32be.decode(bytes, { fatal: options?.fatal === true, ignoreBOM: true }),
    encode: (text, options) => utf32be.encode(text, options),
  });
}

/**
 * `codec` with streaming (for `TextDecoder`, `CharsetEncoder` and their streams): a code unit of
 * `unit` bytes decodes on its own, and a character on its own but for a surrogate pair, so each
 * chunk goes through the one-shot decode or encode, the bytes of an incomplete unit, or a high
 * surrogate that ends a chunk, held for the next. Error indexes count from the start of the stream.
 */
function streaming(unit: number, codec: CharsetCodec): UcsCodec {
  return {
    ...codec,
    createDecoder(options) {
      let held = new Uint8Array(0);
      let offset = 0; // bytes before `held`
      return {
        decode(chunk, opts) {
          const bytes = chunk === undefined ? held.subarray(0, 0) : toBytes(chunk);
          let input = bytes;
          if (held.length > 0) {
            input = new Uint8Array(held.length + bytes.length);
            input.set(held);
            input.set(bytes, held.length);
          }
          const start = offset;
          const whole = opts?.stream === true ? input.length - (input.length % unit) : input.length;
          held = input.slice(whole);
          offset += whole;
          if (opts?.stream !== true) offset = 0;
          try {
            return codec.decode(input.subarray(0, whole), options);
          } catch (error) {
            held = held.subarray(0, 0);
            offset = 0;
            if (!(error instanceof DecodeError)) throw error;
            throw new DecodeError(start + error.index, error.reason);
          }
        },
      };
    },
    createEncoder(options) {
      let high = '';
      let offset = 0; // UTF-16 units before `high`
      return {
        encode(text = '', opts) {
          let input = high + text;
          const start = offset;
          high = '';
          const last = input.charCodeAt(input.length - 1);
          if (opts?.stream === true && last >= 0xd800 && last <= 0xdbff) {
            high = input.slice(-1);
            input = input.slice(0, -1);
          }
          offset += input.length;
          if (opts?.stream !== true) offset = 0;
          try {
            return codec.encode(input, options);
          } catch (error) {
            high = '';
            offset = 0;
            if (!(error instanceof EncodeError)) throw error;
            const { index, codePoint, reason, charset } = error;
            throw new EncodeError(start + index, codePoint, reason, charset);
          }
        },
      };
    },
  };
}
