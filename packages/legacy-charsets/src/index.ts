// Public entry point of @x/legacy-charsets: named exports only.
export type {
  Bytes,
  Codec,
  CodecFamily,
  DecodeOptions,
  EncodeMode,
  EncodeOptions,
  StreamingDecoder,
  StreamingEncoder,
  StreamOptions,
} from './codec';
export { DecodeError, EncodeError } from './codec';
export type { EncodingInfo } from './registry';
export { decode, encode, encodings, getCodec } from './registry';
export type { UnimarcCharsets, UnimarcSet } from './unimarc-100';
export { unimarcCharsets, unimarcDesignation } from './unimarc-100';
