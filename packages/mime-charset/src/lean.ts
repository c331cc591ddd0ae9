// @x/mime-charset/lean: the API of the main entry with UTF-8 and US-ASCII as the only built-in
// codecs. Other codecs come in through registerCodec (a static import of
// @x/legacy-charsets/<codec>) or through @x/mime-charset/load, so a bundle carries exactly the
// codecs it imports, with or without code splitting. src/index.ts re-exports this list.
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
// `labelToEncoding` with every mode ready: the decoding entries need no `enableIanaLabels` call.
export { labelToEncoding } from './iana-labels';
export { getEncoding, type LabelMode, type LabelOptions } from './label-table';
export type { MailLabelMode } from './mail-labels';
export {
  type DecodedMimePart,
  decodeFlowed,
  decodeMimePart,
  type FlowedOptions,
  type MimeCharsetReason,
  type MimePart,
  type MimePartOptions,
  unfoldHeader,
} from './mail';
export {
  type Base64EncodeOptions,
  decodeBase64,
  decodeQuotedPrintable,
  decodeTransferEncoding,
  encodeBase64,
  encodeQuotedPrintable,
  type QuotedPrintableEncodeOptions,
  type TransferDecodeOptions,
  TransferEncodingError,
} from './transfer-encoding';
export { type CharsetInfo, codecNames, lookup } from './registry';
export {
  type DecodedDocument,
  type DocumentKind,
  type DetectedCandidate,
  type DocumentOptions,
  decodeDocument,
  type EncodingReason,
  type SniffedDocument,
  sniffDocument,
} from './document';
export {
  type BomResult,
  extractMetaCharset,
  type PrescanOptions,
  parseXmlDeclaration,
  prescanHtml,
  sniffBom,
  sniffXml,
  type XmlDeclaration,
  type XmlSniffResult,
} from './sniff';
export {
  type DecodedWords,
  type DecodeWordsOptions,
  decodeEncodedWords,
  type EncodedWordIssue,
  type EncodeWordsOptions,
  encodeEncodedWords,
} from './rfc2047';
export {
  type DecodedParameters,
  type DecodeParametersOptions,
  decodeParameters,
  type EncodeParameterOptions,
  encodeParameter,
  type ParameterIssue,
  type ParameterValue,
} from './rfc2231';
export { CharsetEncoderStream, TextDecoderStream, TextEncoderStream } from './streams';
export {
  CharsetEncoder,
  type CharsetEncoderOptions,
  type EncodeIntoResult,
  TextDecodeError,
  type TextDecodeOptions,
  TextDecoder,
  type TextDecoderOptions,
  TextEncoder,
} from './text-coding';
