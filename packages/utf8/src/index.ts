// Public entry point of @x/utf8: named exports only.
export { byteLength } from './byte-length';
export { type Bytes, toBytes } from './bytes';
export {
  type DecodeOptions,
  decode,
  type ValidateResult,
  validate,
} from './decode';
export { type StreamOptions, Utf8Decoder } from './decoder';
export { type EncodeIntoResult, encode, encodeInto } from './encode';
export { Utf8DecodeError, type Utf8DecodeErrorReason } from './errors';
export { createDecoderStream } from './stream';
