// UTF-16LE/BE exactly as the WHATWG Encoding Standard defines them, and UTF-32LE/BE (Unicode §3.10).
// https://encoding.spec.whatwg.org/#shared-utf-16-decoder
import type { Codec } from './codec';
import {
  type ByteBuffer,
  decodeError,
  type DecoderCore,
  makeCodec,
  putEncoder,
  Units,
} from './engine';

/** Build a UTF-16 codec; `bigEndian` picks UTF-16BE. */
export function utf16(name: string, bigEndian: boolean): Codec {
  const decoder = (keepBOM: boolean): DecoderCore => {
    let leadByte = -1;
    let leadByteAt = 0;
    let leadSurrogate = -1;
    let leadSurrogateAt = 0;
    let start = !keepBOM;
    return (bytes, flush, fatal, offset) => {
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
        if (cp > 0xffff) {
          cp -= 0x10000;
          putUnit(0xd800 + (cp >> 10), out);
          putUnit(0xdc00 + (cp & 0x3ff), out);
        } else putUnit(cp, out);
        return true;
      },
    })),
  });
  function putUnit(u: number, out: ByteBuffer): void {
    if (bigEndian) {
      out.push(u >> 8);
      out.push(u & 0xff);
    } else {
      out.push(u & 0xff);
      out.push(u >> 8);
    }
  }
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
