// UTF-8, always available: the family's own @x/utf8.
import type { CharsetCodec } from './codecs';

const fatalDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lenientDecoder = new TextDecoder('utf-8', { ignoreBOM: true });
const encoder = new TextEncoder();

/** The UTF-8 codec. */
export const utf8Codec: CharsetCodec = {
  name: 'utf-8',
  decode: (bytes, options) => (options?.fatal ? fatalDecoder : lenientDecoder).decode(bytes),
  encode: (text) => encoder.encode(text),
};
