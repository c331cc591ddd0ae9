// Public entry point of @x/percent: named exports only.
export {
  type DecodeBytesOptions,
  type DecodeMode,
  type DecodeOptions,
  percentDecode,
  percentDecodeBytes,
} from './decode';
export { type EncodeOptions, percentEncode, type TextEncoderFunction } from './encode';
export { PercentDecodeError, type PercentDecodeErrorReason } from './errors';
export {
  type FormPair,
  type FormRecord,
  type FormSeparator,
  formToObject,
  type ParseFormOptions,
  parseForm,
  parseKeywords,
  type SerializeFormOptions,
  serializeForm,
  serializeKeywords,
} from './form';
export { normalizeEscapes } from './normalize';
export { encodeSet } from './encode-set';
export { rfc1738, rfc2396, rfc3986, whatwg } from './sets';
export type { EncodeSet } from './types';
