// UTF-16LE/BE exactly as the WHATWG Encoding Standard defines them, and UTF-32LE/BE (Unicode §3.10).
// https://encoding.spec.whatwg.org/#shared-utf-16-decoder
import { type Codec, EncodeError } from './codec';
import {
  type ByteBuffer,
  decodeError,
  type DecoderCore,
  makeCodec,
  putEncoder,
  Units,
} from './engine';

// Both halves of every unit alike, so that it reads the same in either byte order: a pair, a lone
// high surrogate before a character, a lone low surrogate, an odd last byte.
const PROBE = /* @__PURE__ */ Uint8Array.of(216, 216, 220, 220, 216, 216, 65, 65, 220, 220, 65);

/** Build a UTF-16 codec; `bigEndian` picks UTF-16BE. */
export function utf16(name: string, bigEndian: boolean): Codec {
  // The runtime's decoders of this name (index: ignoreBOM), each used once it has given what the
  // loop below gives on PROBE, else 0.
  const natives: (TextDecoder | 0 | undefined)[] = [];
  const native = (ignoreBOM: boolean): TextDecoder | 0 => {
    const k = +ignoreBOM;
    if (natives[k] === undefined) {
      natives[k] = 0;
      try {
        const d = new TextDecoder(name, { ignoreBOM });
        if (d.decode(PROBE) === decoder(true)(PROBE, true, false, 0)) natives[k] = d;
      } catch {
        // No such decoder here (or no TextDecoder): the loop does it all.
      }
    }
    return natives[k]!;
  };
  const decoder = (keepBOM: boolean): DecoderCore => {
    let leadByte = -1;
    let leadByteAt = 0;
    let leadSurrogate = -1;
    let leadSurrogateAt = 0;
    let start = !keepBOM;
    return (bytes, flush, fatal, offset) => {
      let text = '';
      // Long input with nothing pending: the runtime's decoder (dropping a byte order mark only
      // at the start) takes all of it but an odd last byte and a high surrogate at the end, which
      // the loop keeps for the next chunk. Where fatal, a U+FFFD in its output may be an error (or
      // the text's own): the loop decides, and gives the error its offset.
      let m = bytes.length & ~1;
      const d = leadByte < 0 && leadSurrogate < 0 && m > 256 && native(!start);
      if (d) {
        const high = bytes[m - 2 + +!bigEndian]!;
        if (high >= 0xd8 && high <= 0xdb) m -= 2;
        try {
          const s = d.decode(bytes.subarray(0, m));
          if (!fatal || s.indexOf('\ufffd') < 0) {
            text = s;
            start = false;
            bytes = bytes.subarray(m);
            offset += m;
          }
        } catch {
          // Input the runtime's decoder does not take: the loop does it.
        }
      }
      const out = new Units((bytes.length >> 1) + 2);
      for (let i = 0; i < bytes.length; i++) {
        const b = bytes[i]!;
        if (leadByte < 0) {
          leadByte = b;
          leadByteAt = offset + i;
          continue;
        }
        const unit = bigEndian ? (leadByte << 8) | b : (b << 8) | leadByte;
        const at = leadByteAt;
        leadByte = -1;
        if (start) {
          start = false;
          // A leading byte order mark is dropped (TextDecoder without ignoreBOM).
          if (unit === 0xfeff) continue;
        }
        if (leadSurrogate >= 0) {
          if (unit >= 0xdc00 && unit <= 0xdfff) {
            out.push(leadSurrogate);
            out.push(unit);
            leadSurrogate = -1;
            continue;
          }
          leadSurrogate = -1;
          out.push(decodeError(fatal, leadSurrogateAt, 'lone surrogate'));
        }
        if (unit >= 0xd800 && unit <= 0xdbff) {
          leadSurrogate = unit;
          leadSurrogateAt = at;
        } else if (unit >= 0xdc00 && unit <= 0xdfff) {
          out.push(decodeError(fatal, at, 'lone surrogate'));
        } else out.push(unit);
      }
      if (flush && (leadByte >= 0 || leadSurrogate >= 0)) {
        const at = leadSurrogate >= 0 ? leadSurrogateAt : leadByteAt;
        leadByte = -1;
        leadSurrogate = -1;
        out.push(decodeError(fatal, at, 'truncated code unit'));
      }
      return text + out.toString();
    };
  };
  return makeCodec({
    name,
    family: 'unicode',
    roundTrips: true,
    decoder,
    // Every code point has its units: only a lone surrogate is an error (fatal mode), else U+FFFD
    // (the USVString conversion). Two bytes a unit, so the output's length is known.
    encoder: () => (text, _flush, mode, offset, charset) => {
      const out = new Uint8Array(2 * text.length);
      const high = +!bigEndian;
      for (let i = 0; i < text.length; i++) {
        let u = text.charCodeAt(i);
        if (u >> 11 === 0x1b) {
          // A high surrogate and a low one after it are a pair: the high one goes out as it is.
          if (u < 0xdc00 && text.charCodeAt(i + 1) >> 10 === 0x37) {
            out[2 * i + high] = u >> 8;
            out[2 * i + 1 - high] = u;
            u = text.charCodeAt(++i);
          } else if (mode === 'fatal')
            throw new EncodeError(offset + i, u, 'lone surrogate', charset);
          else u = 0xfffd;
        }
        out[2 * i + high] = u >> 8;
        out[2 * i + 1 - high] = u;
      }
      return out;
    },
  });
}

/** Build a UTF-32 codec; `bigEndian` picks UTF-32BE. */
export function utf32(name: string, bigEndian: boolean): Codec {
  const decoder = (keepBOM: boolean): DecoderCore => {
    const pending = new Uint8Array(4);
    let have = 0;
    let pendingAt = 0;
    let start = !keepBOM;
    return (bytes, flush, fatal, offset) => {
      const out = new Units((bytes.length >> 2) + 2);
      for (let i = 0; i < bytes.length; i++) {
        if (have === 0) pendingAt = offset + i;
        pending[have++] = bytes[i]!;
        if (have < 4) continue;
        have = 0;
        const [a, b, c, d] = pending as unknown as [number, number, number, number];
        const cp = bigEndian
          ? a * 0x1000000 + (b << 16) + (c << 8) + d
          : d * 0x1000000 + (c << 16) + (b << 8) + a;
        if (start) {
          start = false;
          if (cp === 0xfeff) continue;
        }
        if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) {
          out.push(decodeError(fatal, pendingAt, 'not a Unicode scalar value'));
        } else out.push(cp);
      }
      if (flush && have > 0) {
        have = 0;
        out.push(decodeError(fatal, pendingAt, 'truncated code unit'));
      }
      return out.toString();
    };
  };
  return makeCodec({
    name,
    family: 'unicode',
    roundTrips: true,
    decoder,
    encoder: putEncoder(() => ({
      put(cp: number, out: ByteBuffer): boolean {
        const bytes = [cp >>> 24, (cp >> 16) & 0xff, (cp >> 8) & 0xff, cp & 0xff];
        if (!bigEndian) bytes.reverse();
        for (const b of bytes) out.push(b);
        return true;
      },
    })),
  });
}
