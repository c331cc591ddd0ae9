// UTF-8, always available: the family's own @x/utf8.
import { decode, encode } from '@x/utf8';
import type { CharsetCodec } from './codecs';

/** The UTF-8 codec. A BOM is kept as U+FEFF: BOM handling is `decodeDocument`'s job. */
export const utf8Codec: CharsetCodec = {
  name: 'utf-8',
  decode: (bytes, options) => decode(bytes, { fatal: options?.fatal === true, ignoreBOM: true }),
  encode: (text) => encode(text),
};
