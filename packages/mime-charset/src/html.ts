// @x/mime-charset/html: HTML character references (`&Auml;`, `&#196;`), HTML's escape for the
// characters a page's charset cannot hold: decode them as a browser does, write them for a charset,
// and read back the ones a browser writes into a form submitted in a legacy charset.
export {
  type DecodeFormReferencesOptions,
  type DecodeHtmlReferencesOptions,
  decodeFormReferences,
  decodeHtmlReferences,
  type EncodeHtmlReferencesOptions,
  encodeHtmlReferences,
  type HtmlEncodeMode,
  type HtmlReferenceContext,
  HtmlReferenceEncodeError,
  type HtmlReferenceErrorCode,
  type HtmlReferenceParseError,
} from './html-references';
