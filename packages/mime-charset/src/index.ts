// Public entry point of @x/mime-charset: named exports only.
export {
  type CharsetCodec,
  type DecodeOptions,
  decode,
  type EncodeOptions,
  encode,
  loadCodec,
  registerCodec,
  type UnencodableMode,
} from './codecs';
export {
  type ContentType,
  charsetFromContentType,
  formatContentType,
  type ParseContentTypeOptions,
  parseContentType,
} from './content-type';
export { CharsetError, HeaderSyntaxError } from './errors';
export { type LabelMode, type LabelOptions, labelToEncoding } from './labels';
export { type CharsetInfo, codecNames, lookup } from './registry';
