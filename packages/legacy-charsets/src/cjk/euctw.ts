// EUC-TW, the Extended Unix Code of Taiwan: CNS 11643-1992 in the EUC form (ISO/IEC 2022 §8, the
// 8-bit code with single shift 2): ASCII in 0x00-0x7F (G0), plane 1 in G1 as two bytes 0xA1-0xFE,
// and any plane through SS2 (0x8E) as four bytes, 0x8E, 0xA0 + plane, row | 0x80, cell | 0x80.
// Plane 1 written in four bytes (0x8E 0xA1 …) is the same character as in two. This package holds
// planes 1 and 2 (src/cjk/cns11643.ts, the official mapping that iso-2022-cn uses): a well-formed
// code of planes 3-16 decodes as an error, as does a code the planes leave unassigned.
//
// Errors follow the Encoding Standard's multi-byte decoders (https://encoding.spec.whatwg.org/#euc-jp-decoder):
// one U+FFFD per error, at the offset of the sequence's first byte. A two-byte sequence whose
// second byte is not 0xA1-0xFE is an error, and that byte is read again if it is ASCII (else it is
// part of the error), as in EUC-JP and EUC-KR. In the four-byte form the byte that breaks the
// sequence (a plane byte outside 0xA1-0xB0, a row or cell outside 0xA1-0xFE) is always read again,
// as the standard's UTF-8 decoder does (https://encoding.spec.whatwg.org/#utf-8-decoder): the
// error covers 0x8E and the bytes accepted after it, and a lone 0x8E before a plane 1 character
// does not swallow half of it.
import type { Codec } from '../codec';
import { type Index, pointerOf } from '../cjk-index';
import { type ByteBuffer, decodeError, type DecoderCore, makeCodec, Units } from '../engine';
import { fastTwoByte, twoByteEncoder } from '../two-byte-loop';
import { cnsPlane1, cnsPlane2 } from './cns11643';
import { quickText, type RunTables, runEnd, runTables, twoByteRun } from './run';

const between = (b: number, lo: number, hi: number): boolean => b >= lo && b <= hi;

const SS2 = 0x8e;

/** The plane of SS2's second byte 0xA0 + plane: the index this package holds for it, if any. */
function planeIndex(plane: number): Index | undefined {
  if (plane === 1) return cnsPlane1();
  if (plane === 2) return cnsPlane2();
  return undefined;
}

/** The code point of row and cell bytes (both 0xA1-0xFE) in `index`, 0 if none. */
const at = (index: Index | undefined, row: number, cell: number): number =>
  index?.cp[(row - 0xa1) * 94 + cell - 0xa1] ?? 0;

/**
 * EUC-TW (glibc `EUC-TW`, Java `x-EUC-TW`): CNS 11643 planes 1 and 2. The encoder writes plane 1
 * in two bytes and plane 2 as 0x8E 0xA2 and two bytes; a character of both planes takes plane 1.
 */
export function eucTw(name: string): Codec {
  let tables: RunTables | undefined;
  // The plane 1 pair of a lead and trail byte, 0 if none: the full decoder's lookup, which the run
  // tables take too (0x8E and the bytes below 0xA1 lead nothing there).
  const pairOf = (l: number, t: number): number =>
    between(l, 0xa1, 0xfe) && between(t, 0xa1, 0xfe) ? at(cnsPlane1(), l, t) : 0;
  const decoder = (): DecoderCore => {
    // lead: 0, a plane 1 lead byte (0xA1-0xFE) or SS2. After SS2: plane (1-16) once read, then row.
    let lead = 0;
    let plane = 0;
    let row = 0;
    let leadAt = 0;
    return (bytes, flush, fatal, offset) => {
      const ascii = lead ? '' : quickText(bytes, tables);
      if (ascii) return ascii;
      const out = new Units(bytes.length + 8);
      const run = (tables ??= runTables(() => 0, pairOf));
      for (let i = 0; i < bytes.length; i++) {
        if (lead === 0) {
          // twoByteRun writes at most one code unit a byte, with no bounds check.
          out.reserve(bytes.length - i);
          i = twoByteRun(bytes, i, out.buf, out.len, run);
          out.len = runEnd;
          if (i === bytes.length) break;
        }
        const b = bytes[i]!;
        if (lead === SS2) {
          if (plane === 0 ? between(b, 0xa1, 0xb0) : between(b, 0xa1, 0xfe)) {
            if (plane === 0) plane = b - 0xa0;
            else if (row === 0) row = b;
            else {
              const cp = at(planeIndex(plane), row, b);
              lead = plane = row = 0;
              out.push(cp !== 0 ? cp : decodeError(fatal, leadAt, 'unmapped sequence'));
            }
            continue;
          }
          // The byte that breaks the sequence is read again (see the head of this file).
          lead = plane = row = 0;
          out.push(decodeError(fatal, leadAt, 'invalid sequence'));
          i--;
        } else if (lead !== 0) {
          const l = lead;
          lead = 0;
          const cp = pairOf(l, b);
          if (cp !== 0) out.push(cp);
          else {
            out.push(decodeError(fatal, leadAt, 'unmapped sequence'));
            if (b < 0x80) i--;
          }
        } else if (b < 0x80) out.push(b);
        else if (b === SS2 || between(b, 0xa1, 0xfe)) {
          lead = b;
          leadAt = offset + i;
        } else out.push(decodeError(fatal, offset + i, 'invalid byte'));
      }
      if (flush && lead !== 0) {
        lead = plane = row = 0;
        out.push(decodeError(fatal, leadAt, 'truncated sequence'));
      }
      return out.toString();
    };
  };
  const put = (cp: number, out: ByteBuffer): boolean => {
    if (cp < 0x80) {
      out.push(cp);
      return true;
    }
    // Planes 1 and 2 map no code to private use: a private-use character has no pointer.
    let pointer = pointerOf(cnsPlane1(), cp);
    if (pointer < 0) {
      pointer = pointerOf(cnsPlane2(), cp);
      if (pointer < 0) return false;
      out.push(SS2);
      out.push(0xa2);
    }
    out.push(Math.floor(pointer / 94) + 0xa1);
    out.push((pointer % 94) + 0xa1);
    return true;
  };
  const fast = fastTwoByte(put);
  return makeCodec({
    name,
    family: 'cjk',
    roundTrips: false,
    decoder,
    encoder: twoByteEncoder(put, fast),
  });
}
