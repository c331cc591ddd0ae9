// Johab, KS C 5601-1992 annex 3 (KS X 1001:2004 annex 3): the 11,172 Hangul syllables and the
// Hangul letters by the jamo bits of a 16-bit code, and KS X 1001's symbols and hanja at codes the
// annex maps from their row and cell. The symbols and hanja come from WHATWG's euc-kr index, whose
// KS X 1001 area (leads and trails 0xA1-0xFE) is KS X 1001. Errors as in the WHATWG two-byte
// decoders (https://encoding.spec.whatwg.org/#euc-kr-decoder): an unmapped pair is one error at
// its lead, and its trail is read again when it is ASCII.
import type { Codec } from './codec';
import { eucKr } from './cjk/tables';
import { pointerOf } from './cjk-index';
import {
  type ByteBuffer,
  decodeError,
  type DecoderCore,
  makeCodec,
  putEncoder,
  Units,
} from './engine';

// Annex 3, table 1: the 5-bit codes of the 21 medial vowels (2 is the fill code), in order.
const MEDIAL = [3, 4, 5, 6, 7, 10, 11, 12, 13, 14, 15, 18, 19, 20, 21, 22, 23, 26, 27, 28, 29];
// The Hangul Compatibility Jamo (U+31xx, low byte) of the 19 initial consonants and 27 finals.
const INITIAL_JAMO = '124789ABCEFGHIJKLMN';
const FINAL_JAMO = '12345679:;<=>?@ABDEFGHJKLMN';
const jamo = (s: string, k: number): number => 0x3100 + s.charCodeAt(k);

/** Initial index 0-18, -1 for the fill code, -2 if none; `code` is 5 bits. */
const initialOf = (code: number): number =>
  code === 1 ? -1 : code >= 2 && code <= 20 ? code - 2 : -2;
const medialOf = (code: number): number =>
  code === 2 ? -1 : MEDIAL.indexOf(code) < 0 ? -2 : MEDIAL.indexOf(code);
/** Final index 1-27, 0 for the fill code (no final), -1 if none. */
const finalOf = (code: number): number =>
  code === 1 ? 0 : code >= 2 && code <= 17 ? code - 1 : code >= 19 && code <= 29 ? code - 2 : -1;

/** The character of a Hangul code (lead 0x84-0xD3), 0 if none. */
function hangul(code: number): number {
  const i = initialOf((code >> 10) & 31);
  const m = medialOf((code >> 5) & 31);
  const f = finalOf(code & 31);
  if (i === -2 || m === -2 || f < 0) return 0;
  if (i >= 0 && m >= 0) return 0xac00 + (i * 21 + m) * 28 + f;
  // With fill codes: one letter alone, or all three filled (annex 3 maps that to U+3000, as
  // Python's johab codec reads it; U+3000 itself encodes as KS X 1001's 0xD931).
  if (i >= 0) return m < 0 && f === 0 ? jamo(INITIAL_JAMO, i) : 0;
  if (m >= 0) return f === 0 ? 0x314f + m : 0;
  return f === 0 ? 0x3000 : jamo(FINAL_JAMO, f - 1);
}

/** The character of a symbol or hanja code (lead 0xD9-0xDE, 0xE0-0xF9), 0 if none. */
function ksx1001(lead: number, trail: number): number {
  if (trail < 0x31 || (trail > 0x7e && trail < 0x91) || trail === 0xff) return 0;
  // 0xDAA1-0xDAD3 would be KS X 1001's row 4 modern letters: Johab has them in the Hangul area.
  if (lead === 0xda && trail >= 0xa1 && trail <= 0xd3) return 0;
  const t = trail < 0x91 ? trail - 0x31 : trail - 0x43;
  const row = (lead < 0xe0 ? 2 * (lead - 0xd9) : 2 * lead - 0x197) + (t < 94 ? 0 : 1);
  return eucKr().cp[(row + 0x20) * 190 + (t % 94) + 0x60] ?? 0;
}

const isLead = (b: number): boolean =>
  (b >= 0x84 && b <= 0xd3) || (b >= 0xd9 && b <= 0xde) || (b >= 0xe0 && b <= 0xf9);

const pair = (lead: number, trail: number): number =>
  lead <= 0xd3 ? hangul((lead << 8) | trail) : ksx1001(lead, trail);

function put(cp: number, out: ByteBuffer): boolean {
  let code: number;
  if (cp < 0x80) {
    out.push(cp);
    return true;
  }
  if (cp >= 0xac00 && cp <= 0xd7a3) {
    const s = cp - 0xac00;
    const f = s % 28;
    code =
      ((((s / 588) | 0) + 2) << 10) |
      (MEDIAL[((s / 28) | 0) % 21]! << 5) |
      (f === 0 ? 1 : f < 17 ? f + 1 : f + 2);
  } else if (cp >= 0x314f && cp <= 0x3163) code = 0x401 | (MEDIAL[cp - 0x314f]! << 5);
  else if (cp >= 0x3131 && cp <= 0x314e) {
    // A consonant that can begin a syllable is written as an initial, the others as a final.
    const low = String.fromCharCode(cp - 0x3100);
    const i = INITIAL_JAMO.indexOf(low);
    const k = FINAL_JAMO.indexOf(low);
    code = i >= 0 ? ((i + 2) << 10) | 0x41 : 0x440 | (k + 2 + (k > 15 ? 1 : 0));
  } else {
    const p = pointerOf(eucKr(), cp);
    const lead = ((p / 190) | 0) + 0x81;
    const trail = (p % 190) + 0x41;
    const row = lead - 0xa1;
    if (p < 0 || trail < 0xa1 || !((row >= 0 && row < 12) || (row >= 0x29 && row < 0x5d)))
      return false;
    if (lead === 0xa4 && trail <= 0xd3) return false;
    const t1 = row + (row < 12 ? 0x1b2 : 0x197);
    const t2 = (t1 & 1 ? 94 : 0) + trail - 0xa1;
    out.push(t1 >> 1);
    out.push(t2 < 0x4e ? t2 + 0x31 : t2 + 0x43);
    return true;
  }
  out.push(0x80 | (code >> 8));
  out.push(code & 0xff);
  return true;
}

/** The johab codec (KS C 5601-1992 annex 3). */
export const codec: Codec = /* @__PURE__ */ makeCodec({
  name: 'johab',
  family: 'cjk',
  roundTrips: false,
  decoder: (): DecoderCore => {
    let lead = 0;
    let leadAt = 0;
    return (bytes, flush, fatal, offset) => {
      const out = new Units(bytes.length + 2);
      for (let i = 0; i < bytes.length; i++) {
        const b = bytes[i]!;
        if (lead !== 0) {
          const cp = pair(lead, b);
          lead = 0;
          if (cp !== 0) out.push(cp);
          else {
            out.push(decodeError(fatal, leadAt, 'unmapped sequence'));
            if (b < 0x80) i--;
          }
        } else if (b < 0x80) out.push(b);
        else if (isLead(b)) {
          lead = b;
          leadAt = offset + i;
        } else out.push(decodeError(fatal, offset + i, 'invalid byte'));
      }
      if (flush && lead !== 0) {
        lead = 0;
        out.push(decodeError(fatal, leadAt, 'truncated sequence'));
      }
      return out.toString();
    };
  },
  encoder: putEncoder(() => ({ put })),
});
