// The ISO 2022 machinery as ISO/IEC 2022 describes it, for the 7-bit mail charsets browsers map to
// the replacement encoding: ISO-2022-KR (RFC 1557) and ISO-2022-CN (RFC 1922), and HZ-GB-2312
// (RFC 1843). Escape sequences designate a 94x94 set into G1 (ESC $ ) F) or G2 (ESC $ * F); SO
// and SI switch between G0 (ASCII) and G1; ESC N (SS2) takes one character from G2.
// https://www.rfc-editor.org/rfc/rfc1557 · https://www.rfc-editor.org/rfc/rfc1922 · https://www.rfc-editor.org/rfc/rfc1843
import type { Codec } from '../codec';
import { type Index, pointerOf } from '../cjk-index';
import { type Bytes, decodeError, type DecoderCore, makeCodec, putEncoder, Units } from '../engine';
import { eucKr, gb18030 } from './tables';

/** A 94x94 set, read through a WHATWG index whose pointer is (lead - 0x81) * 190 + trail - 0x41 with both bytes | 0x80. */
interface Set94 {
  index: () => Index;
}
const KSC5601: Set94 = { index: eucKr };
const GB2312: Set94 = { index: gb18030 };
/** A set we can name but hold no table for (CNS 11643 planes, ISO-IR-165): decoding it is an error. */
const UNSUPPORTED: Set94 = { index: () => ({ cp: new Uint32Array(0) }) };

/** Pointer of a GR-encoded pair in the euc-kr and gb18030 indexes (both 190 trails from 0x41). */
const pointerOfPair = (lead: number, trail: number): number => (lead - 0x81) * 190 + trail - 0x41;

/** G1/G2 designations a codec accepts: the bytes after ESC -> [register, set]. */
type Designations = Record<string, [1 | 2, Set94]>;

const ESC = 0x1b;
const SO = 0x0e;
const SI = 0x0f;

function iso2022Decoder(designations: Designations, resetAtNewline: boolean): () => DecoderCore {
  return () => {
    let g1: Set94 | undefined;
    let g2: Set94 | undefined;
    let shifted = false;
    let single = false;
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
          if (seq === 'N' && g2) {
            single = true;
            continue;
          }
          const d = designations[seq];
          if (d) {
            if (d[0] === 1) g1 = d[1];
            else g2 = d[1];
            continue;
          }
          out.push(decodeError(fatal, escAt, 'unknown escape sequence'));
          queue.unshift(...taken);
          continue;
        }
        if (lead !== 0) {
          const l = lead;
          lead = 0;
          const set = single ? g2 : g1;
          single = false;
          if (b >= 0x21 && b <= 0x7e) {
            const cp = set!.index().cp[pointerOfPair(l | 0x80, b | 0x80)] ?? 0;
            out.push(cp !== 0 ? cp : decodeError(fatal, leadAt, 'unmapped sequence'));
            continue;
          }
          out.push(decodeError(fatal, leadAt, 'truncated sequence'));
        }
        if (b === ESC) {
          esc = [];
          escAt = here;
        } else if (b === SO) {
          if (g1) shifted = true;
          else out.push(decodeError(fatal, here, 'shift out without a designated set'));
        } else if (b === SI) shifted = false;
        else if (b >= 0x80) out.push(decodeError(fatal, here, 'byte above 0x7F'));
        else if ((shifted || single) && b >= 0x21 && b <= 0x7e) {
          lead = b;
          leadAt = here;
        } else {
          if (b === 0x0a || b === 0x0d) {
            shifted = false;
            if (resetAtNewline) g1 = g2 = undefined;
          }
          out.push(b);
        }
      }
      if (flush && (lead !== 0 || esc)) {
        out.push(decodeError(fatal, esc ? escAt : leadAt, 'truncated sequence'));
        if (esc) for (const x of esc) out.push(x);
        lead = 0;
        esc = undefined;
      }
      return out.toString();
    };
  };
}

/**
 * An ISO 2022 encoder with one 94x94 set in G1: `header` designates it (once per text, or once
 * per line when `perLine`), SO/SI switch. ESC, SO and SI in the text are errors.
 */
function iso2022Encoder(set: Set94, header: number[], perLine: boolean) {
  return () => {
    let designated = false;
    let shifted = false;
    return {
      put(cp: number, out: Bytes): boolean {
        // ISO-2022-KR: the designation once, at the start of the text (RFC 1557 §"Description").
        if (!perLine && !designated) {
          for (const x of header) out.push(x);
          designated = true;
        }
        if (cp === ESC || cp === SO || cp === SI) return false;
        if (cp < 0x80) {
          if (shifted) {
            out.push(SI);
            shifted = false;
          }
          if (perLine && (cp === 0x0a || cp === 0x0d)) designated = false;
          out.push(cp);
          return true;
        }
        const pointer = pointerOf(set.index(), cp);
        const lead = Math.floor(pointer / 190) + 0x81;
        const trail = (pointer % 190) + 0x41;
        // Only the 94x94 part (both bytes 0xA1-0xFE) exists in the 7-bit form.
        if (pointer < 0 || lead < 0xa1 || trail < 0xa1 || lead > 0xfe) return false;
        if (!designated) {
          for (const x of header) out.push(x);
          designated = true;
        }
        if (!shifted) {
          out.push(SO);
          shifted = true;
        }
        out.push(lead & 0x7f);
        out.push(trail & 0x7f);
        return true;
      },
      flush(out: Bytes): void {
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
    encoder: putEncoder(iso2022Encoder(KSC5601, [ESC, 0x24, 0x29, 0x43], false)),
  });
}

/**
 * ISO-2022-CN (RFC 1922): GB 2312 (ESC $ ) A) in both directions; CNS 11643 planes 1 and 2
 * (ESC $ ) G, ESC $ * H) and ISO-IR-165 (ESC $ ) E) are recognised but decode as errors (no
 * table). Designations end at each line end.
 */
export function iso2022cn(name: string): Codec {
  return makeCodec({
    name,
    family: 'iso-2022',
    roundTrips: false,
    decoder: iso2022Decoder(
      {
        '$)A': [1, GB2312],
        '$)G': [1, UNSUPPORTED],
        '$)E': [1, UNSUPPORTED],
        '$*H': [2, UNSUPPORTED],
      },
      true,
    ),
    encoder: putEncoder(iso2022Encoder(GB2312, [ESC, 0x24, 0x29, 0x41], true)),
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
            const cp = gb18030().cp[pointerOfPair(l | 0x80, b | 0x80)] ?? 0;
            out.push(cp !== 0 ? cp : decodeError(fatal, leadAt, 'unmapped sequence'));
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
        } else {
          // A line end inside GB mode ends it (RFC 1843 keeps GB mode within a line).
          if (b === 0x0a || b === 0x0d) gb = false;
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
    const leave = (out: Bytes): void => {
      if (gb) {
        out.push(0x7e);
        out.push(0x7d);
        gb = false;
      }
    };
    return {
      put(cp: number, out: Bytes): boolean {
        if (cp < 0x80) {
          leave(out);
          out.push(cp);
          if (cp === 0x7e) out.push(0x7e);
          return true;
        }
        const pointer = pointerOf(gb18030(), cp);
        const lead = Math.floor(pointer / 190) + 0x81;
        const trail = (pointer % 190) + 0x41;
        // The GB 2312 area, rows 0xA1-0xF7 and cells 0xA1-0xFE, of the gb18030 index (which also
        // holds GBK's few additions there, such as € at 0xA2E3).
        if (pointer < 0 || lead < 0xa1 || lead > 0xf7 || trail < 0xa1) return false;
        if (!gb) {
          out.push(0x7e);
          out.push(0x7b);
          gb = true;
        }
        out.push(lead & 0x7f);
        out.push(trail & 0x7f);
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
