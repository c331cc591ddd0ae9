// The ISO 2022 machinery as ISO/IEC 2022 describes it, for the 7-bit mail charsets browsers map to
// the replacement encoding: ISO-2022-KR (RFC 1557) and ISO-2022-CN (RFC 1922), and HZ-GB-2312
// (RFC 1843). Escape sequences designate a 94x94 set into G1 (ESC $ ) F), G2 (ESC $ * F) or G3
// (ESC $ + F); SO and SI switch between G0 (ASCII) and G1; ESC N (SS2) and ESC O (SS3) take one
// character from G2 and G3.
// https://www.rfc-editor.org/rfc/rfc1557 · https://www.rfc-editor.org/rfc/rfc1922 · https://www.rfc-editor.org/rfc/rfc1843
import type { Codec } from '../codec';
import { type Index, pointerOf } from '../cjk-index';
import {
  type ByteBuffer,
  decodeError,
  type DecoderCore,
  makeCodec,
  putEncoder,
  Units,
} from '../engine';
import { cnsPlane1, cnsPlane2 } from './cns11643';
import { eucKr, gb18030 } from './tables';

/** A 94x94 set: its index and how a 7-bit pair (both bytes 0x21-0x7E) maps to a pointer in it. */
interface Set94 {
  index: () => Index;
  pointer: (lead: number, trail: number) => number;
  /** The 7-bit pair of a pointer, lead << 8 | trail, or -1 if the set holds no such pair. */
  pair: (pointer: number) => number;
}

/** Pointer of a GR-encoded pair in the euc-kr and gb18030 indexes (both 190 trails from 0x41). */
const pointerOfPair = (lead: number, trail: number): number => (lead - 0x81) * 190 + trail - 0x41;

/**
 * A set read through a WHATWG index (euc-kr, gb18030) whose pairs with both bytes | 0x80 lie in
 * rows 0xA1-`lastRow`; the encoder leaves out the 7-bit pairs `skip` names.
 */
const whatwg94 = (
  index: () => Index,
  lastRow: number,
  skip?: (pair: number) => boolean,
): Set94 => ({
  index,
  pointer: (lead, trail) => pointerOfPair(lead | 0x80, trail | 0x80),
  pair(pointer) {
    const lead = Math.floor(pointer / 190) + 0x81;
    const trail = (pointer % 190) + 0x41;
    const pair = ((lead & 0x7f) << 8) | (trail & 0x7f);
    return pointer < 0 || lead < 0xa1 || lead > lastRow || trail < 0xa1 || skip?.(pair) ? -1 : pair;
  },
});
/** A CNS 11643 plane, indexed by (row - 0x21) * 94 + cell - 0x21. */
const cns94 = (index: () => Index): Set94 => ({
  index,
  pointer: (lead, trail) => (lead - 0x21) * 94 + trail - 0x21,
  pair: (pointer) =>
    pointer < 0 ? -1 : ((Math.floor(pointer / 94) + 0x21) << 8) | ((pointer % 94) + 0x21),
});
const KSC5601 = /* @__PURE__ */ whatwg94(eucKr, 0xfe);
/**
 * Whether a 7-bit pair of the GB 2312 area is one of the 46 characters GBK added there, which GB
 * 2312 lacks: small Roman numerals 0x2221-0x222A, the euro 0x2263, vertical forms 0x2659-0x2675
 * and pinyin letters 0x283B-0x2840. GB 2312 proper has rows 0x21-0x77, and the gb18030 index maps
 * its undefined codes (rows 0x2A-0x2F and 0x78-0x7E, empty cells) to private use. So the encoders
 * of every charset that designates GB 2312 (ISO-2022-CN, HZ-GB-2312, the ISO 2022 machinery) write
 * neither these nor private use, and their decoders read private use there as an error and these
 * 46 as the index has them (a lenient reading of text written by GBK software).
 */
export const isGbkAddition = (pair: number): boolean =>
  (pair >= 0x2221 && pair <= 0x222a) ||
  pair === 0x2263 ||
  (pair >= 0x2659 && pair <= 0x2675) ||
  (pair >= 0x283b && pair <= 0x2840);
const GB2312 = /* @__PURE__ */ whatwg94(gb18030, 0xf7, isGbkAddition);
const CNS1 = /* @__PURE__ */ cns94(cnsPlane1);
const CNS2 = /* @__PURE__ */ cns94(cnsPlane2);
/** A set we can name but hold no table for (ISO-IR-165, CNS 11643 planes 3-7): decoding it is an error. */
const UNSUPPORTED: Set94 = /* @__PURE__ */ cns94(() => ({ cp: new Uint32Array(0) }));

/** Whether `cp` is in the Basic Multilingual Plane's private use area, U+E000-U+F8FF. */
const isPrivateUse = (cp: number): boolean => cp >= 0xe000 && cp <= 0xf8ff;

/** The 7-bit pair of `cp` in `set`, or -1. Private use code points are never written (RFC 1922 sets have none). */
function pairOf(set: Set94, cp: number): number {
  return isPrivateUse(cp) ? -1 : set.pair(pointerOf(set.index(), cp));
}

/** G1/G2/G3 designations a codec accepts: the bytes after ESC -> [register, set]. */
type Designations = Record<string, [1 | 2 | 3, Set94]>;

const ESC = 0x1b;
const SO = 0x0e;
const SI = 0x0f;
/** ESC N and ESC O, the single shifts SS2 and SS3 in their 7-bit form (ISO/IEC 2022 §7.3.2). */
const SS2 = 0x4e;

function iso2022Decoder(designations: Designations, resetAtNewline: boolean): () => DecoderCore {
  // Whether the codec has single shifts at all: ISO-2022-KR has no G2 and reads ESC N as unknown.
  const singleShifts = Object.values(designations).some(([g]) => g !== 1);
  return () => {
    let g1: Set94 | undefined;
    let g2: Set94 | undefined;
    let g3: Set94 | undefined;
    let shifted = false;
    // The set a single shift (ESC N: G2, ESC O: G3) takes the next character from, and where it was.
    let single: Set94 | undefined;
    let singleAt = 0;
    let singleSet: Set94 | undefined;
    let lead = 0;
    let leadAt = 0;
    let esc: number[] | undefined;
    let escAt = 0;
    return (bytes, flush, fatal, offset) => {
      const out = new Units(bytes.length + 8);
      const queue: number[] = [];
      let i = 0;
      for (;;) {
        let b: number;
        let here: number;
        if (queue.length > 0) {
          b = queue.shift()!;
          here = escAt;
        } else if (i < bytes.length) {
          here = offset + i;
          b = bytes[i++]!;
        } else break;
        if (esc) {
          esc.push(b);
          // Intermediate bytes 0x20-0x2F, then one final byte 0x30-0x7E.
          if (b >= 0x20 && b <= 0x2f && esc.length < 3) continue;
          const seq = String.fromCharCode(...esc);
          const taken = esc;
          esc = undefined;
          if (singleShifts && (seq === 'N' || seq === 'O')) {
            // RFC 1922: SS2/SS3 need an SS2/SS3 designation earlier on the line.
            const set = seq === 'N' ? g2 : g3;
            if (set) {
              single = set;
              singleAt = escAt;
            } else out.push(decodeError(fatal, escAt, 'single shift without a designated set'));
            continue;
          }
          const d = designations[seq];
          if (d) {
            if (d[0] === 1) g1 = d[1];
            else if (d[0] === 2) g2 = d[1];
            else g3 = d[1];
            continue;
          }
          out.push(decodeError(fatal, escAt, 'unknown escape sequence'));
          queue.unshift(...taken);
          continue;
        }
        if (lead !== 0) {
          const l = lead;
          const set = singleSet ?? g1!;
          lead = 0;
          singleSet = undefined;
          if (b >= 0x21 && b <= 0x7e) {
            // The sets of RFC 1557 and RFC 1922 hold no private use: where an index maps a code
            // there (GB 2312's undefined codes in the gb18030 index), the code is unmapped.
            const cp = set.index().cp[set.pointer(l, b)] ?? 0;
            out.push(
              cp !== 0 && !isPrivateUse(cp) ? cp : decodeError(fatal, leadAt, 'unmapped sequence'),
            );
            continue;
          }
          out.push(decodeError(fatal, leadAt, 'truncated sequence'));
        }
        if (single) {
          // A single shift applies to the one character, two bytes, right after it (ISO/IEC
          // 2022 §7.3.2, RFC 1922 "SS2"); anything else there is an error and is read afresh.
          const set = single;
          single = undefined;
          if (b >= 0x21 && b <= 0x7e) {
            singleSet = set;
            lead = b;
            leadAt = singleAt;
            continue;
          }
          out.push(decodeError(fatal, singleAt, 'single shift without a character'));
        }
        if (b === ESC) {
          esc = [];
          escAt = here;
        } else if (b === SO) {
          if (g1) shifted = true;
          else out.push(decodeError(fatal, here, 'shift out without a designated set'));
        } else if (b === SI) shifted = false;
        else if (b >= 0x80) out.push(decodeError(fatal, here, 'byte above 0x7F'));
        else if (shifted && b >= 0x21 && b <= 0x7e) {
          lead = b;
          leadAt = here;
        } else {
          // A line end returns to ASCII; in ISO-2022-CN it also ends every designation, which
          // RFC 1922 has writers repeat on each line that uses the set. (A writer should have
          // sent SI first; a missing one is forgiven here rather than reported.)
          if (b === 0x0a || b === 0x0d) {
            shifted = false;
            if (resetAtNewline) g1 = g2 = g3 = undefined;
          }
          out.push(b);
        }
      }
      if (flush && (lead !== 0 || esc || single)) {
        out.push(
          decodeError(fatal, esc ? escAt : lead !== 0 ? leadAt : singleAt, 'truncated sequence'),
        );
        if (esc) for (const x of esc) out.push(x);
        lead = 0;
        esc = undefined;
        single = singleSet = undefined;
      }
      return out.toString();
    };
  };
}

/** A set an encoder may write: the bytes after ESC that designate it, and its register. */
interface Designation {
  set: Set94;
  seq: number[];
  /** 1: invoked by SO (locking shift); 2: each character after ESC N (single shift). */
  g: 1 | 2;
}

/**
 * An ISO 2022 encoder over 94x94 sets: each character goes to the G1 set in use if it has it,
 * else to the first set of `sets` that does; a G1 set is designated when it changes and invoked
 * with SO, a G2 set is designated once and each of its characters follows ESC N. Designations
 * are written once per text (ISO-2022-KR, which designates before anything else) or once per
 * line (`perLine`, ISO-2022-CN). ESC, SO and SI in the text are errors.
 */
function iso2022Encoder(sets: Designation[], perLine: boolean) {
  return () => {
    let started = false;
    let g1: Designation | undefined;
    let g2: Designation | undefined;
    let shifted = false;
    const designate = (d: Designation, out: ByteBuffer): void => {
      out.push(ESC);
      for (const x of d.seq) out.push(x);
      if (d.g === 1) g1 = d;
      else g2 = d;
    };
    return {
      put(cp: number, out: ByteBuffer): boolean {
        // ISO-2022-KR: the designation once, at the start of the text (RFC 1557 §"Description").
        if (!perLine && !started) designate(sets[0]!, out);
        started = true;
        if (cp === ESC || cp === SO || cp === SI) return false;
        if (cp < 0x80) {
          if (shifted) {
            out.push(SI);
            shifted = false;
          }
          // RFC 1922: designations are repeated on every line that needs them.
          if (perLine && (cp === 0x0a || cp === 0x0d)) g1 = g2 = undefined;
          out.push(cp);
          return true;
        }
        let d = g1;
        let pair = d ? pairOf(d.set, cp) : -1;
        for (let k = 0; pair < 0 && k < sets.length; k++) {
          d = sets[k]!;
          pair = pairOf(d.set, cp);
        }
        if (pair < 0) return false;
        if (d!.g === 1) {
          if (g1 !== d) {
            designate(d!, out);
            // SO again after a new designation, even if already shifted out: ISO 2022 has the
            // new set take over G1 at once, but glibc reads it only from the next SO on.
            shifted = false;
          }
          if (!shifted) {
            out.push(SO);
            shifted = true;
          }
        } else {
          if (g2 !== d) designate(d!, out);
          out.push(ESC);
          out.push(SS2);
        }
        out.push(pair >> 8);
        out.push(pair & 0xff);
        return true;
      },
      flush(out: ByteBuffer): void {
        if (shifted) out.push(SI);
      },
    };
  };
}

/** ISO-2022-KR (RFC 1557): KS X 1001 designated by ESC $ ) C, SO/SI. */
export function iso2022kr(name: string): Codec {
  return makeCodec({
    name,
    family: 'iso-2022',
    roundTrips: false,
    decoder: iso2022Decoder({ '$)C': [1, KSC5601] }, false),
    encoder: putEncoder(iso2022Encoder([{ set: KSC5601, seq: [0x24, 0x29, 0x43], g: 1 }], false)),
  });
}

/**
 * ISO-2022-CN (RFC 1922): GB 2312 (ESC $ ) A) and CNS 11643 plane 1 (ESC $ ) G) invoked by SO,
 * CNS 11643 plane 2 (ESC $ * H) by the single shift ESC N, in both directions. ISO-IR-165
 * (ESC $ ) E) and the ISO-2022-CN-EXT planes 3-7 (ESC $ + I … M, ESC O) are recognised but decode
 * as errors (no table). Designations end at each line end. The encoder prefers GB 2312, then
 * plane 1, then plane 2, and keeps the G1 set in use while it has the characters.
 */
export function iso2022cn(name: string): Codec {
  const unsupported: Designations = {};
  for (const f of 'IJKLM') unsupported[`$+${f}`] = [3, UNSUPPORTED];
  return makeCodec({
    name,
    family: 'iso-2022',
    roundTrips: false,
    decoder: iso2022Decoder(
      {
        '$)A': [1, GB2312],
        '$)G': [1, CNS1],
        '$)E': [1, UNSUPPORTED],
        '$*H': [2, CNS2],
        ...unsupported,
      },
      true,
    ),
    encoder: putEncoder(
      iso2022Encoder(
        [
          { set: GB2312, seq: [0x24, 0x29, 0x41], g: 1 },
          { set: CNS1, seq: [0x24, 0x29, 0x47], g: 1 },
          { set: CNS2, seq: [0x24, 0x2a, 0x48], g: 2 },
        ],
        true,
      ),
    ),
  });
}

/** HZ-GB-2312 (RFC 1843): `~{` enters GB 2312, `~}` leaves, `~~` is `~`, `~` + newline is nothing. */
export function hz(name: string): Codec {
  const decoder = (): DecoderCore => {
    let gb = false;
    let tilde = false;
    let lead = 0;
    let leadAt = 0;
    let tildeAt = 0;
    return (bytes, flush, fatal, offset) => {
      const out = new Units(bytes.length + 8);
      for (let i = 0; i < bytes.length; i++) {
        const b = bytes[i]!;
        const here = offset + i;
        if (tilde) {
          tilde = false;
          if (b === 0x7b && !gb) gb = true;
          else if (b === 0x7d && gb) gb = false;
          else if (b === 0x7e && !gb) out.push(0x7e);
          else if (b !== 0x0a || gb) {
            out.push(decodeError(fatal, tildeAt, 'invalid ~ sequence'));
            i--;
          }
          continue;
        }
        if (lead !== 0) {
          const l = lead;
          lead = 0;
          if (b >= 0x21 && b <= 0x7e) {
            // GB 2312 (see isGbkAddition): private use in the gb18030 index is unmapped here.
            const cp = gb18030().cp[pointerOfPair(l | 0x80, b | 0x80)] ?? 0;
            out.push(
              cp !== 0 && !isPrivateUse(cp) ? cp : decodeError(fatal, leadAt, 'unmapped sequence'),
            );
            continue;
          }
          out.push(decodeError(fatal, leadAt, 'truncated sequence'));
        }
        if (b === 0x7e) {
          tilde = true;
          tildeAt = here;
        } else if (b >= 0x80) out.push(decodeError(fatal, here, 'byte above 0x7F'));
        else if (gb && b >= 0x21 && b <= 0x7d) {
          lead = b;
          leadAt = here;
        } else if (gb && b !== 0x0a && b !== 0x0d) {
          // RFC 1843: GB mode is read "two bytes at a time as (pure) GB codes"; a control, space
          // or DEL starts none (the error takes the byte, as Python's and PHP's HZ decoders do).
          out.push(decodeError(fatal, here, 'byte not allowed in GB mode'));
        } else {
          // A byte of ASCII mode, or a line end, which ends GB mode (RFC 1843 keeps GB mode within
          // a line).
          gb = false;
          out.push(b);
        }
      }
      if (flush && (tilde || lead !== 0)) {
        out.push(decodeError(fatal, tilde ? tildeAt : leadAt, 'truncated sequence'));
        tilde = false;
        lead = 0;
      }
      return out.toString();
    };
  };
  const encoder = () => {
    let gb = false;
    const leave = (out: ByteBuffer): void => {
      if (gb) {
        out.push(0x7e);
        out.push(0x7d);
        gb = false;
      }
    };
    return {
      put(cp: number, out: ByteBuffer): boolean {
        if (cp < 0x80) {
          leave(out);
          out.push(cp);
          if (cp === 0x7e) out.push(0x7e);
          return true;
        }
        // GB 2312 proper (RFC 1843): no private use, none of GBK's additions (see isGbkAddition)
        const pair = pairOf(GB2312, cp);
        if (pair < 0) return false;
        if (!gb) {
          out.push(0x7e);
          out.push(0x7b);
          gb = true;
        }
        out.push(pair >> 8);
        out.push(pair & 0xff);
        return true;
      },
      flush: leave,
    };
  };
  return makeCodec({
    name,
    family: 'iso-2022',
    roundTrips: false,
    decoder,
    encoder: putEncoder(encoder),
  });
}
