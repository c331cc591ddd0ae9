// CESU-8, Unicode Technical Report #26 (Compatibility Encoding Scheme for UTF-16: 8-Bit): each
// UTF-16 code unit written as UTF-8 writes a BMP code point, so a supplementary character is its
// two surrogates, three bytes each (TR #26 §2). A four-byte UTF-8 sequence is not CESU-8.
import { type Codec, EncodeError } from './codec';
import { decodeError, type DecoderCore, makeCodec, Units } from './engine';

const decoder = (keepBOM: boolean): DecoderCore => {
  // A sequence under way (the WHATWG UTF-8 decoder's state, with ED taking 80-BF: a surrogate is
  // a code unit here), and a high surrogate waiting for its low one.
  let need = 0;
  let bits = 0;
  let lower = 0x80;
  let seqAt = 0;
  let high = -1;
  let highAt = 0;
  let start = !keepBOM;
  return (bytes, flush, fatal, offset) => {
    const out = new Units(bytes.length + 2);
    const lone = (): void => {
      high = -1;
      out.push(decodeError(fatal, highAt, 'lone surrogate'));
    };
    const error = (at: number, reason: string): void => {
      if (high >= 0) lone();
      out.push(decodeError(fatal, at, reason));
    };
    const unit = (u: number, at: number): void => {
      if (start) {
        start = false;
        // A leading byte order mark is dropped, as UTF-8 and UTF-16 decoders drop theirs.
        if (u === 0xfeff) return;
      }
      if (high >= 0) {
        if (u >= 0xdc00 && u <= 0xdfff) {
          out.push(high);
          out.push(u);
          high = -1;
          return;
        }
        lone();
      }
      if (u >= 0xd800 && u <= 0xdbff) {
        high = u;
        highAt = at;
      } else if (u >= 0xdc00 && u <= 0xdfff) out.push(decodeError(fatal, at, 'lone surrogate'));
      else out.push(u);
    };
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i]!;
      if (need === 0) {
        seqAt = offset + i;
        if (b < 0x80) unit(b, seqAt);
        else if (b >= 0xc2 && b <= 0xdf) {
          need = 1;
          bits = b & 0x1f;
        } else if (b >= 0xe0 && b <= 0xef) {
          if (b === 0xe0) lower = 0xa0;
          need = 2;
          bits = b & 0xf;
        } else error(seqAt, b >= 0xf0 ? 'four-byte sequence (not CESU-8)' : 'malformed');
        continue;
      }
      if (b < lower || b > 0xbf) {
        // The maximal subpart so far is one error; the byte starts anew.
        need = 0;
        lower = 0x80;
        error(seqAt, 'malformed');
        i--;
        continue;
      }
      lower = 0x80;
      bits = (bits << 6) | (b & 0x3f);
      if (--need === 0) unit(bits, seqAt);
    }
    if (flush) {
      if (need > 0) {
        need = 0;
        lower = 0x80;
        error(seqAt, 'truncated sequence');
      }
      if (high >= 0) lone();
    }
    return out.toString();
  };
};

/**
 * The cesu-8 codec (Unicode Technical Report #26): UTF-8 of the UTF-16 code units, as Oracle's
 * `UTF8` character set and Java's modified UTF-8 (without its two-byte NUL) write. A supplementary
 * character is two three-byte sequences; a four-byte UTF-8 sequence, a lone surrogate and the
 * sequences UTF-8 forbids decode as errors (each maximal subpart one U+FFFD, as the WHATWG UTF-8
 * decoder). A leading byte order mark is dropped unless `ignoreBOM`. The encoder writes a lone
 * surrogate as U+FFFD, or throws with `fatal`.
 * @example
 * ```ts
 * import { codec } from '@x/legacy-charsets/cesu-8';
 * Array.from(codec.encode('😀')); // [0xed, 0xa0, 0xbd, 0xed, 0xb8, 0x80]
 * codec.decode(new Uint8Array([0xed, 0xa0, 0xbd, 0xed, 0xb8, 0x80])); // '😀'
 * ```
 */
export const codec: Codec = /* @__PURE__ */ makeCodec({
  name: 'cesu-8',
  family: 'unicode',
  roundTrips: true,
  decoder,
  encoder: () => (text, _flush, mode, offset, charset) => {
    const out = new Uint8Array(3 * text.length);
    let n = 0;
    for (let i = 0; i < text.length; i++) {
      let u = text.charCodeAt(i);
      if (u < 0x80) {
        out[n++] = u;
        continue;
      }
      if (u < 0x800) {
        out[n++] = 0xc0 | (u >> 6);
        out[n++] = 0x80 | (u & 0x3f);
        continue;
      }
      if (u >> 11 === 0x1b) {
        // A surrogate pair goes out as its two units (TR #26 §2); a lone one is an error.
        if (u < 0xdc00 && text.charCodeAt(i + 1) >> 10 === 0x37) {
          out[n++] = 0xed;
          out[n++] = 0x80 | ((u >> 6) & 0x3f);
          out[n++] = 0x80 | (u & 0x3f);
          u = text.charCodeAt(++i);
        } else if (mode === 'fatal')
          throw new EncodeError(offset + i, u, 'lone surrogate', charset);
        else u = 0xfffd;
      }
      out[n++] = 0xe0 | (u >> 12);
      out[n++] = 0x80 | ((u >> 6) & 0x3f);
      out[n++] = 0x80 | (u & 0x3f);
    }
    return out.slice(0, n);
  },
});
