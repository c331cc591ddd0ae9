// UTF-7 (RFC 2152) and the modified UTF-7 of IMAP mailbox names (RFC 3501 §5.1.3).
// https://www.rfc-editor.org/rfc/rfc2152
import type { Codec } from './codec';
import {
  type ByteBuffer,
  decodeError,
  type DecoderCore,
  makeCodec,
  putEncoder,
  Units,
} from './engine';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * Characters written as themselves: RFC 2152 Set D, space, TAB, CR, LF and the Set O characters
 * that carry no meaning in HTML or mail headers (`" & < > \` ~ \\` always go through base64).
 */
const DIRECT =
  "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'(),-./:? \t\r\n!#$%*;=@[]^_{|}";

/**
 * Build a UTF-7 codec; `imap` selects RFC 3501 modified UTF-7 (`&` shift, `,` for `/`, always `-`).
 * Text round-trips (decode(encode(text)) is text, for any text). In UTF-7 bytes do not: a text has
 * many spellings (`a` or `+AGE-`; where a base64 run ends), the encoder writes one of them, so
 * `roundTrips` is false. Modified UTF-7 gives a name one spelling (RFC 3501 §5.1.3), the encoder
 * writes it and the decoder refuses every other, so there `roundTrips` is true.
 */
export function utf7(name: string, imap: boolean): Codec {
  const shift = imap ? 0x26 : 0x2b;
  const values = new Int8Array(128).fill(-1);
  for (let i = 0; i < 64; i++) values[ALPHABET.charCodeAt(i)] = i;
  if (imap) {
    values[0x2f] = -1;
    values[0x2c] = 63;
  }
  const digit = (v: number): number => (v === 63 && imap ? 0x2c : ALPHABET.charCodeAt(v));
  const direct = new Uint8Array(128);
  if (imap) for (let c = 0x20; c < 0x7f; c++) direct[c] = 1;
  else for (let i = 0; i < DIRECT.length; i++) direct[DIRECT.charCodeAt(i)] = 1;
  direct[shift] = 0;

  const decoder = (): DecoderCore => {
    let inBase64 = false;
    let justShifted = false;
    let bits = 0;
    let nbits = 0;
    let high = -1;
    let shiftAt = 0;
    // Where the `-` that closed the last run is (IMAP's null shift is a run opened right after).
    let closedAt = -2;
    return (bytes, flush, fatal, offset) => {
      const out = new Units(bytes.length + 2);
      const unit = (u: number, at: number): void => {
        if (high >= 0) {
          if (u >= 0xdc00 && u <= 0xdfff) {
            out.push(high);
            out.push(u);
            high = -1;
            return;
          }
          high = -1;
          out.push(decodeError(fatal, at, 'lone surrogate'));
        }
        if (u >= 0xd800 && u <= 0xdbff) high = u;
        else if (u >= 0xdc00 && u <= 0xdfff) out.push(decodeError(fatal, at, 'lone surrogate'));
        // RFC 3501 §5.1.3: base64 "MUST NOT be used to represent any printing US-ASCII character
        // which can represent itself" (`&ACY-` for `&` too, which is `&-`): a name has one spelling.
        else if (imap && u >= 0x20 && u < 0x7f)
          out.push(decodeError(fatal, at, 'printable ASCII in base64'));
        else out.push(u);
      };
      // Leaving base64: the leftover bits must be fewer than six and zero (RFC 2152, rule 2).
      const close = (at: number): void => {
        inBase64 = false;
        if (nbits >= 6 || bits !== 0) out.push(decodeError(fatal, at, 'bad base64 padding'));
        if (high >= 0) {
          high = -1;
          out.push(decodeError(fatal, at, 'lone surrogate'));
        }
        bits = 0;
        nbits = 0;
      };
      for (let i = 0; i < bytes.length; i++) {
        const b = bytes[i]!;
        const at = offset + i;
        if (inBase64) {
          const v = b < 128 ? values[b]! : -1;
          if (v >= 0) {
            // RFC 3501 §5.1.3: "null shifts ("-&" while in BASE64 ...) are not permitted": one
            // run per stretch, so a name has one spelling. `&-` after a run is `&`, and allowed.
            if (justShifted && imap && shiftAt === closedAt + 1)
              out.push(decodeError(fatal, shiftAt, 'null shift'));
            justShifted = false;
            bits = (bits << 6) | v;
            nbits += 6;
            if (nbits >= 16) {
              nbits -= 16;
              const u = bits >> nbits;
              bits &= (1 << nbits) - 1;
              unit(u, at);
            }
            continue;
          }
          if (justShifted) {
            justShifted = false;
            inBase64 = false;
            if (b === 0x2d) {
              out.push(shift);
              continue;
            }
            out.push(decodeError(fatal, shiftAt, 'empty shift sequence'));
          } else {
            close(at);
            if (b === 0x2d) {
              closedAt = at;
              continue;
            }
            if (imap) out.push(decodeError(fatal, at, 'base64 not closed by -'));
          }
        }
        if (b === shift) {
          inBase64 = true;
          justShifted = true;
          shiftAt = at;
        } else if (b < 0x80 && (!imap || (b >= 0x20 && b < 0x7f))) out.push(b);
        else out.push(decodeError(fatal, at, 'byte not allowed'));
      }
      if (flush && inBase64) {
        if (justShifted) {
          inBase64 = false;
          justShifted = false;
          out.push(decodeError(fatal, shiftAt, 'empty shift sequence'));
        } else {
          close(offset + bytes.length);
          if (imap) out.push(decodeError(fatal, offset + bytes.length, 'base64 not closed by -'));
        }
      }
      return out.toString();
    };
  };

  const encoder = () => {
    let inBase64 = false;
    let bits = 0;
    let nbits = 0;
    const closeRun = (out: ByteBuffer, next: number): void => {
      if (nbits > 0) out.push(digit((bits << (6 - nbits)) & 63));
      bits = 0;
      nbits = 0;
      inBase64 = false;
      // The terminating '-' is needed before a base64 digit or '-' (RFC 2152), always in IMAP.
      if (imap || next < 0 || next === 0x2d || (next < 128 && values[next]! >= 0)) out.push(0x2d);
    };
    const putUnit = (u: number, out: ByteBuffer): void => {
      bits = (bits << 16) | u;
      nbits += 16;
      while (nbits >= 6) {
        nbits -= 6;
        out.push(digit((bits >> nbits) & 63));
      }
      bits &= (1 << nbits) - 1;
    };
    return {
      put(cp: number, out: ByteBuffer): boolean {
        if (cp < 128 && (direct[cp] === 1 || cp === shift)) {
          if (inBase64) closeRun(out, cp);
          out.push(cp);
          if (cp === shift) out.push(0x2d);
          return true;
        }
        if (!inBase64) {
          out.push(shift);
          inBase64 = true;
        }
        if (cp > 0xffff) {
          putUnit(0xd800 + ((cp - 0x10000) >> 10), out);
          putUnit(0xdc00 + ((cp - 0x10000) & 0x3ff), out);
        } else putUnit(cp, out);
        return true;
      },
      flush(out: ByteBuffer): void {
        if (inBase64) closeRun(out, -1);
      },
    };
  };
  return makeCodec({
    name,
    family: 'unicode',
    roundTrips: imap,
    decoder,
    encoder: putEncoder(encoder),
  });
}
