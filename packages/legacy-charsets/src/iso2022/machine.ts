// The ISO/IEC 2022 (ECMA-35, 6th edition 1994) code extension machinery: four graphic sets G0-G3
// designated by escape sequences (§13.3), invoked into GL by the locking shifts SI, SO, LS2, LS3
// (§9.3.1) and into GR by LS1R, LS2R, LS3R, or for one character by the single shifts SS2, SS3
// (§9.4), in the 7-bit and the 8-bit forms (§8, §10).
import { type Codec, DecodeError, EncodeError } from '../codec';
import {
  ByteBuffer,
  decodeError,
  type DecoderCore,
  type EncoderFn,
  makeCodec,
  putEncoder,
} from '../engine';
import {
  codeOf,
  findSet,
  type GraphicSet,
  type SetKind,
  SETS_94,
  SETS_96,
  SETS_9494,
  tableOf,
} from './sets';
import { katakana } from '../cjk/tables';

const ESC = 0x1b;
const SO = 0x0e;
const SI = 0x0f;
const SS2_8 = 0x8e;
const SS3_8 = 0x8f;

/** One step of {@link decodeSteps}: a designation, a shift, or text in the current sets. */
export interface Step {
  /** Byte offset of the step. */
  readonly offset: number;
  /** Its bytes. */
  readonly bytes: readonly number[];
  /** What it does: `designate`, `shift`, `text`, `control` or `error`. */
  readonly kind: 'designate' | 'shift' | 'text' | 'control' | 'error';
  /** In words: `G1 = ISO 8859-7 upper half, Greek (ISO-IR 126)`, `GL = G1`, the text… */
  readonly detail: string;
}

/** The intermediate bytes of a designation: the register and the kind of set (ECMA-35 §13.3). */
function designation(inter: number[]): { g: number; kind: SetKind } | undefined {
  if (inter.length === 1) {
    const i = inter[0]!;
    if (i >= 0x28 && i <= 0x2b) return { g: i - 0x28, kind: 94 };
    if (i >= 0x2d && i <= 0x2f) return { g: i - 0x2c, kind: 96 };
    // ESC $ F with F one of @ A B: the 94 × 94 set into G0 (the older form, §13.3.2 note).
    if (i === 0x24) return { g: 0, kind: 9494 };
  } else if (inter.length === 2 && inter[0] === 0x24) {
    const i = inter[1]!;
    if (i >= 0x28 && i <= 0x2b) return { g: i - 0x28, kind: 9494 };
  }
  return undefined;
}

const ASCII = SETS_94[0]!;

/** Decoded text, built from code units in slices. */
class Out {
  parts: string[] = [];
  units: number[] = [];
  push(cp: number): void {
    if (cp > 0xffff) {
      cp -= 0x10000;
      this.units.push(0xd800 + (cp >> 10), 0xdc00 + (cp & 0x3ff));
    } else this.units.push(cp);
    if (this.units.length >= 4096) this.settle();
  }
  settle(): void {
    this.parts.push(String.fromCharCode(...this.units));
    this.units = [];
  }
  toString(): string {
    this.settle();
    return this.parts.join('');
  }
}

/** The state of the machine: the sets in G0-G3 and what GL, GR and a single shift invoke. */
class State {
  g: (GraphicSet | undefined)[];
  gl = 0;
  gr: number;
  ss = 0;
  constructor(
    readonly g1: GraphicSet | undefined,
    readonly eightBit: boolean,
  ) {
    this.g = [ASCII, g1, undefined, undefined];
    this.gr = eightBit ? 1 : -1;
  }
}

/**
 * Decode with the machine, reporting each step to `onStep` if given: the designations and shifts
 * it reads, and the characters. Bytes 0xA0-0xFF are GR (in the 7-bit form there is no GR and they
 * are errors); C1 bytes other than SS2 and SS3 and the C0 controls other than the shifts are
 * controls, passed through. With `segments` (X11 Compound Text), it also reads the extended
 * segments `ESC % / F M L name STX bytes` (Compound Text Encoding §6: M and L are the length,
 * (M - 0x80) * 128 + L - 0x80 bytes of name, STX and text, at most 16,383) through the codec
 * `segments(name)` gives, and the UTF-8 segments `ESC % G` … `ESC % @` (ISO 2022's other coding
 * system, written by XFree86 and later X servers).
 */
function decoder(
  g1: GraphicSet | undefined,
  eightBit: boolean,
  onStep?: (s: Step) => void,
  segments?: (name: string) => Codec | undefined,
  rfc1554 = false,
): () => DecoderCore {
  return () => {
    const st = new State(g1, eightBit);
    // An escape sequence or a multi-byte character under way, and its offset.
    let esc: number[] | undefined;
    let escAt = 0;
    let pending: number[] = [];
    let pendingAt = 0;
    let pendingSet: GraphicSet | undefined;
    // An extended segment under way: its offset, the length bytes read, its bytes (name, STX,
    // text), the offset of the first of them.
    let seg:
      | { at: number; head: number[]; bytes: Uint8Array; got: number; from: number }
      | undefined;
    // In a UTF-8 segment: the bytes a character still needs, its bits so far, the bounds of the
    // next byte, where it started (the WHATWG UTF-8 decoder's state).
    let utf8 = false;
    let need = 0;
    let bits = 0;
    let lower = 0x80;
    let upper = 0xbf;
    let charAt = 0;
    return (bytes, flush, fatal, offset) => {
      // Not the engine's Units: building a set's table mid-decode runs other codecs, which share
      // the engine's scratch buffer.
      const out = new Out();
      const step = onStep;
      const error = (at: number, reason: string, seq: number[]): void => {
        out.push(decodeError(fatal, at, reason));
        step?.({ offset: at, bytes: seq, kind: 'error', detail: reason });
      };
      const control = (name: string, at: number, seq: number[]): void => {
        step?.({ offset: at, bytes: seq, kind: 'shift', detail: name });
      };
      const sequence = (seq: number[], at: number): boolean => {
        // seq: the bytes after ESC, the final byte last.
        const final = seq[seq.length - 1]!;
        if (segments && seq[0] === 0x25) {
          // ESC % / F: an extended segment, F the octets a character (0 variable, 1-4).
          if (seq.length === 3 && seq[1] === 0x2f && final >= 0x30 && final <= 0x34) {
            seg = { at, head: [], bytes: new Uint8Array(0), got: 0, from: 0 };
            return true;
          }
          // ESC % G: UTF-8 until ESC % @.
          if (seq.length === 2 && (final === 0x47 || final === 0x40)) {
            utf8 = final === 0x47;
            step?.({
              offset: at,
              bytes: [ESC, ...seq],
              kind: 'designate',
              detail: utf8 ? 'UTF-8 segment' : 'back to ISO 2022',
            });
            return true;
          }
        }
        if (seq.length === 1) {
          // RFC 1554 §2: ESC N calls one character of G2; with nothing in G2 it is an escape
          // sequence of no meaning, an error of its own (the byte after it is read as text).
          if (rfc1554 && (final !== 0x4e || !st.g[2])) return false;
          const shifts: Record<number, [string, () => void]> = {
            110: ['LS2: GL = G2', () => (st.gl = 2)],
            111: ['LS3: GL = G3', () => (st.gl = 3)],
            126: ['LS1R: GR = G1', () => (st.gr = 1)],
            125: ['LS2R: GR = G2', () => (st.gr = 2)],
            124: ['LS3R: GR = G3', () => (st.gr = 3)],
            78: ['SS2: the next character from G2', () => (st.ss = 2)],
            79: ['SS3: the next character from G3', () => (st.ss = 3)],
          };
          const s = shifts[final];
          if (!s) return false;
          s[1]();
          control(s[0], at, [ESC, ...seq]);
          return true;
        }
        const d = designation(seq.slice(0, -1));
        const set = d && findSet(d.kind, final);
        if (!d || !set) return false;
        st.g[d.g] = set;
        step?.({
          offset: at,
          bytes: [ESC, ...seq],
          kind: 'designate',
          detail: `G${d.g} = ${set.name}`,
        });
        return true;
      };
      const emit = (cp: number, at: number, seq: number[]): void => {
        out.push(cp);
        step?.({ offset: at, bytes: seq, kind: 'text', detail: String.fromCodePoint(cp) });
      };
      const graphic = (b: number, at: number): void => {
        // A byte of GL (0x21-0x7E, and 0x20, 0x7F in a 96-set) or GR (0xA0-0xFF).
        const gr = b >= 0x80;
        const reg = st.ss || (gr ? st.gr : st.gl);
        const set = reg >= 0 ? st.g[reg] : undefined;
        const low = b & 0x7f;
        if (!set || (set.kind !== 96 && (low === 0x20 || low === 0x7f))) {
          if (!gr && (low === 0x20 || low === 0x7f)) {
            st.ss = 0;
            emit(b, at, [b]);
            return;
          }
          st.ss = 0;
          error(at, set ? 'not a code of the set' : 'no set invoked', [b]);
          return;
        }
        if (set.kind === 9494) {
          if (pending.length === 0) {
            pending = [b];
            pendingAt = at;
            pendingSet = set;
            return;
          }
          const first = pending[0]!;
          pending = [];
          st.ss = 0;
          const cp = tableOf(set)[((first & 0x7f) - 0x21) * 94 + low - 0x21]!;
          if (cp < 0) error(pendingAt, 'unmapped code', [first, b]);
          else emit(cp, pendingAt, [first, b]);
          return;
        }
        st.ss = 0;
        const cp = tableOf(set)[low]!;
        if (cp < 0) error(at, 'unmapped code', [b]);
        else emit(cp, at, [b]);
      };
      const endSegment = (): void => {
        const sg = seg!;
        seg = undefined;
        const stx = sg.bytes.indexOf(0x02);
        if (stx < 0) {
          error(sg.at, 'extended segment without STX after its name', []);
          return;
        }
        const name = String.fromCharCode(...sg.bytes.subarray(0, stx));
        const codec = segments!(name.toLowerCase());
        if (!codec) {
          error(sg.at, `extended segment in an unknown charset: ${name}`, []);
          return;
        }
        step?.({
          offset: sg.at,
          bytes: [],
          kind: 'designate',
          detail: `extended segment: ${name}`,
        });
        let text: string;
        try {
          text = codec.decode(sg.bytes.subarray(stx + 1), { fatal });
        } catch (e) {
          if (e instanceof DecodeError)
            throw new DecodeError(sg.from + stx + 1 + e.index, e.reason);
          throw e;
        }
        for (const c of text) emit(c.codePointAt(0)!, sg.at, []);
      };
      const segmentByte = (b: number, at: number): void => {
        const sg = seg!;
        if (sg.head.length < 2) {
          if (b < 0x80) {
            // M and L are 0x80-0xFF; anything else ends the segment, read again as text.
            seg = undefined;
            error(sg.at, 'extended segment length not in 0x80-0xFF', []);
            byte(b, at);
            return;
          }
          sg.head.push(b);
          if (sg.head.length === 2) {
            sg.bytes = new Uint8Array((sg.head[0]! - 0x80) * 128 + sg.head[1]! - 0x80);
            sg.from = at + 1;
            if (sg.bytes.length === 0) endSegment();
          }
          return;
        }
        sg.bytes[sg.got++] = b;
        if (sg.got === sg.bytes.length) endSegment();
      };
      const utf8Byte = (b: number, at: number): void => {
        // https://encoding.spec.whatwg.org/#utf-8-decoder
        if (need === 0) {
          charAt = at;
          if (b < 0x80) emit(b, at, [b]);
          else if (b >= 0xc2 && b <= 0xdf) {
            need = 1;
            bits = b & 0x1f;
          } else if (b >= 0xe0 && b <= 0xef) {
            if (b === 0xe0) lower = 0xa0;
            if (b === 0xed) upper = 0x9f;
            need = 2;
            bits = b & 0xf;
          } else if (b >= 0xf0 && b <= 0xf4) {
            if (b === 0xf0) lower = 0x90;
            if (b === 0xf4) upper = 0x8f;
            need = 3;
            bits = b & 0x7;
          } else error(at, 'malformed UTF-8', [b]);
          return;
        }
        if (b < lower || b > upper) {
          need = 0;
          lower = 0x80;
          upper = 0xbf;
          error(charAt, 'malformed UTF-8', []);
          utf8Byte(b, at);
          return;
        }
        lower = 0x80;
        upper = 0xbf;
        bits = (bits << 6) | (b & 0x3f);
        if (--need === 0) emit(bits, charAt, []);
      };
      const utf8End = (): void => {
        if (need === 0) return;
        need = 0;
        lower = 0x80;
        upper = 0xbf;
        error(charAt, 'truncated UTF-8 sequence', []);
      };
      const byte = (b: number, at: number): void => {
        if (seg) {
          segmentByte(b, at);
          return;
        }
        if (utf8 && !esc) {
          if (b !== ESC) {
            utf8Byte(b, at);
            return;
          }
          utf8End();
        }
        if (esc) {
          esc.push(b);
          if (b >= 0x20 && b <= 0x2f && esc.length < 4) return;
          const seq = esc;
          esc = undefined;
          if (b >= 0x30 && b <= 0x7e && sequence(seq, escAt)) return;
          error(escAt, 'unknown escape sequence', [ESC, ...seq]);
          // The bytes after ESC are read again as text.
          for (const x of seq) byte(x, escAt);
          return;
        }
        if (pending.length > 0) {
          // The second byte of a 94 × 94 character: from the same half as the first.
          const set = pendingSet!;
          if ((b & 0x7f) > 0x20 && (b & 0x7f) < 0x7f && (b & 0x80) === (pending[0]! & 0x80)) {
            graphic(b, at);
            return;
          }
          pending = [];
          st.ss = 0;
          error(pendingAt, `truncated character of ${set.name}`, []);
        }
        if (b === ESC) {
          esc = [];
          escAt = at;
        } else if (rfc1554 && (b === SO || b === SI)) {
          // RFC 1554 has no G1 and no locking shifts: SO and SI are errors, one each, and the
          // text goes on in the sets designated now.
          error(at, 'SO or SI (not in RFC 1554)', [b]);
        } else if (b === SO || b === SI) {
          st.gl = b === SO ? 1 : 0;
          control(b === SO ? 'SO (LS1): GL = G1' : 'SI (LS0): GL = G0', at, [b]);
        } else if (eightBit && (b === SS2_8 || b === SS3_8)) {
          st.ss = b === SS2_8 ? 2 : 3;
          control(
            b === SS2_8 ? 'SS2: the next character from G2' : 'SS3: the next character from G3',
            at,
            [b],
          );
        } else if (b >= 0x80 && !eightBit) {
          // A single shift calls the next character, this one.
          st.ss = 0;
          error(at, 'a byte above 0x7F in the 7-bit form', [b]);
        } else if (b < 0x20 || (b >= 0x80 && b < 0xa0)) {
          out.push(b);
          step?.({
            offset: at,
            bytes: [b],
            kind: 'control',
            detail: `U+${b.toString(16).padStart(4, '0').toUpperCase()}`,
          });
        } else graphic(b, at);
      };
      for (let i = 0; i < bytes.length; i++) byte(bytes[i]!, offset + i);
      if (flush) {
        if (seg) {
          const at = seg.at;
          seg = undefined;
          error(at, 'truncated extended segment', []);
        }
        utf8End();
        utf8 = false;
        if (pending.length > 0) {
          pending = [];
          error(pendingAt, 'truncated character', []);
        }
        if (esc) {
          const seq = esc;
          esc = undefined;
          error(escAt, 'truncated escape sequence', [ESC, ...seq]);
          for (const x of seq) out.push(x);
        }
      }
      return out.toString();
    };
  };
}

/** How an encoder writes: the sets it may use, in the order it prefers them. */
interface EncoderPlan {
  /** 8-bit (GR invoked G1) or 7-bit (SO/SI, or single shifts into G2). */
  eightBit: boolean;
  /** The sets tried for a character not in the sets designated now, in order. */
  sets: readonly GraphicSet[];
  /** Where each kind of set goes: 94-sets and 94 × 94 sets, 96-sets. */
  g94: number;
  g9494: number;
  g96: number;
  /** Reset G0 to ASCII and forget G2 before a CR or LF (RFC 1554, RFC 1468: lines start in ASCII). */
  lines: boolean;
  /** The set in G1 at the start, designated again at the end if another replaced it. */
  g1?: GraphicSet;
  /**
   * ISO-2022-JP-2 (RFC 1554): the decoder reads no locking shifts and no `ESC N` without a set in
   * G2; the encoder writes half-width katakana as JIS X 0208's full-width ones.
   */
  rfc1554?: boolean;
}

function designate(set: GraphicSet, g: number, out: ByteBuffer): void {
  out.push(ESC);
  if (set.kind === 9494) {
    out.push(0x24);
    // ESC $ @, ESC $ A, ESC $ B: the short form for G0 (RFC 1468, RFC 1554).
    if (g !== 0 || !'@AB'.includes(set.final)) out.push(0x28 + g);
  } else out.push(set.kind === 94 ? 0x28 + g : 0x2c + g);
  out.push(set.final.charCodeAt(0));
}

function encoder(plan: EncoderPlan) {
  return () => {
    const g: (GraphicSet | undefined)[] = [ASCII, plan.g1, undefined, undefined];
    let shifted = false;
    const write = (set: GraphicSet, code: number, reg: number, out: ByteBuffer): void => {
      const bytes = set.kind === 9494 ? [((code / 94) | 0) + 0x21, (code % 94) + 0x21] : [code];
      if (reg === 0) {
        if (shifted) {
          out.push(SI);
          shifted = false;
        }
        for (const b of bytes) out.push(b);
      } else if (plan.eightBit && reg === 1) for (const b of bytes) out.push(b | 0x80);
      else if (reg === 2) {
        out.push(ESC);
        out.push(0x4e);
        for (const b of bytes) out.push(b);
      } else {
        if (!shifted) {
          out.push(SO);
          shifted = true;
        }
        for (const b of bytes) out.push(b);
      }
    };
    const toAscii = (out: ByteBuffer): void => {
      if (shifted) {
        out.push(SI);
        shifted = false;
      }
      if (g[0] !== ASCII) {
        designate(ASCII, 0, out);
        g[0] = ASCII;
      }
    };
    return {
      put(cp: number, out: ByteBuffer): boolean {
        // RFC 1554 §3 lists no half-width katakana set (no ESC ( I): they are written as the
        // full-width katakana of JIS X 0208 (index ISO-2022-JP katakana), as the WHATWG
        // iso-2022-jp encoder and ICU's ISO-2022-JP-2 converter do.
        if (plan.rfc1554 && cp >= 0xff61 && cp <= 0xff9f) cp = katakana().cp[cp - 0xff61]!;
        if (cp < 0x21 || cp === 0x7f) {
          if (cp === ESC || cp === SO || cp === SI) return false;
          if (plan.lines && (cp === 0x0a || cp === 0x0d)) {
            toAscii(out);
            g[2] = undefined;
          }
          if (cp === 0x20 && g[0]!.kind === 9494) toAscii(out);
          else if (shifted && cp !== 0x20) {
            out.push(SI);
            shifted = false;
          }
          out.push(cp);
          return true;
        }
        if (cp >= 0x80 && cp < 0xa0) {
          if (!plan.eightBit) return false;
          out.push(cp);
          return true;
        }
        // A set designated now that holds it: no designation (G0 first, then G1-G3).
        for (let reg = 0; reg < 4; reg++) {
          const set = g[reg];
          if (!set) continue;
          const code = codeOf(set, cp);
          if (code >= 0) {
            write(set, code, reg, out);
            return true;
          }
        }
        for (const set of plan.sets) {
          const code = codeOf(set, cp);
          if (code < 0) continue;
          const reg = set.kind === 96 ? plan.g96 : set.kind === 9494 ? plan.g9494 : plan.g94;
          designate(set, reg, out);
          g[reg] = set;
          write(set, code, reg, out);
          return true;
        }
        return false;
      },
      flush(out: ByteBuffer): void {
        toAscii(out);
        if (plan.g1 && g[1] !== plan.g1) {
          designate(plan.g1, 1, out);
          g[1] = plan.g1;
        }
      },
    };
  };
}

/** A codec of the machine: the shortest-output encoder where the plan allows it, else the greedy one. */
function iso2022Codec(
  name: string,
  eightBit: boolean,
  plan: EncoderPlan,
  greedy = false,
  segments?: (name: string) => Codec | undefined,
): Codec {
  return makeCodec({
    name,
    family: 'iso-2022',
    roundTrips: false,
    decoder: decoder(plan.g1, eightBit, undefined, segments, plan.rfc1554),
    encoder: greedy || !shortestFits(plan) ? putEncoder(encoder(plan)) : shortest(plan),
  });
}

// --- The shortest designation sequence -------------------------------------------------------
// For the 8-bit plans with 94-sets in G0 and the 96- and 94 x 94 sets in G1 (GR), the encoder
// chooses its designations by dynamic programming over (position, set in G0, set in G1): the cost
// of a state is the number of bytes written so far; a character costs 1 byte through G0 or a 96-set
// in G1, 2 through a 94 x 94 set in G1; designating costs its escape sequence (ESC ( F, ESC - F: 3
// bytes; ESC $ ) F: 4), and at the end G0 returns to ASCII (3 bytes) and, in Compound Text, G1 to
// the upper half of ISO 8859-1 (3 bytes). A designation is made at a character the new set writes
// (delaying one to the first character that needs it never costs more), and only where the sets
// in place cannot write that character as cheaply. A state is dropped when
// another reaches it for no more (its cost plus the escapes from it to the state is no larger), so
// that few states live at a time: the work is linear in the text, times the states alive (at most
// the number of G0 sets times G1 sets, in practice one to a few).

/** Whether the shortest-output encoder applies: 8-bit, 94-sets into G0, the others into G1, no line rule. */
function shortestFits(plan: EncoderPlan): boolean {
  return plan.eightBit && plan.g94 === 0 && plan.g96 === 1 && plan.g9494 === 1 && !plan.lines;
}

/** A designation on the chosen path: at character index `at`, `set` into G0 (reg 0) or G1 (reg 1). */
interface Step2022 {
  at: number;
  reg: number;
  set: number;
  prev: Step2022 | undefined;
}

/** States examined by the shortest-output encoders, summed over characters (read by the linear-time test). */
export const shortestWork = { states: 0 };

function shortest(plan: EncoderPlan): () => EncoderFn {
  const setsA = plan.sets.filter((s) => s.kind === 94);
  const setsB = plan.sets.filter((s) => s.kind !== 94);
  const nB = setsB.length;
  const desB = setsB.map((s) => (s.kind === 9494 ? 4 : 3));
  const widthB = setsB.map((s) => (s.kind === 9494 ? 2 : 1));
  const asciiA = setsA.indexOf(ASCII);
  const endB = plan.g1 ? setsB.indexOf(plan.g1) : -1;
  // Which sets hold a code point: bit a of masks[0], bit b of masks[1] (at most 31 sets each).
  const holders = new Map<number, [number, number]>();
  const holdersOf = (cp: number): [number, number] => {
    let h = holders.get(cp);
    if (!h) {
      let ma = 0;
      let mb = 0;
      setsA.forEach((set, a) => {
        if (codeOf(set, cp) >= 0) ma |= 1 << a;
      });
      setsB.forEach((set, b) => {
        if (codeOf(set, cp) >= 0) mb |= 1 << b;
      });
      h = [ma, mb];
      holders.set(cp, h);
    }
    return h;
  };
  // The DP's arrays over every state key, shared by this plan's encoders (encoding is synchronous).
  const nA = setsA.length;
  if (nA > 31 || nB + 1 > 31)
    throw new Error('iso-2022: more sets than the encoder bit masks hold');
  const size = nA * (nB + 1);
  const keyA = new Int16Array(size);
  const keyB = new Int16Array(size);
  for (let key = 0; key < size; key++) {
    keyA[key] = (key / (nB + 1)) | 0;
    keyB[key] = key % (nB + 1);
  }
  const live = new Int32Array(size);
  const next = new Int32Array(size);
  const cost = new Float64Array(size);
  const nextCost = new Float64Array(size);
  const seen = new Float64Array(size);
  const nextFrom = new Int32Array(size);
  const nextReg = new Int8Array(size);
  const nextSet = new Int8Array(size);
  const path: (Step2022 | undefined)[] = new Array(size);
  const nextPath: (Step2022 | undefined)[] = new Array(size);
  const aStamp = new Float64Array(nA);
  const aBest = new Int32Array(nA);
  const a2Stamp = new Float64Array(nA);
  const a2Best = new Int32Array(nA);
  const bStamp = new Float64Array(nB + 1);
  const bBest = new Int32Array(nB + 1);
  let gen = 0;
  const isControl = (cp: number): boolean =>
    (cp < 0x21 && cp !== ESC && cp !== SO && cp !== SI) || (cp >= 0x7f && cp < 0xa0);
  return () => {
    // The sets designated at the end of the previous chunk (nB: none in G1).
    let curA = asciiA;
    let curB = plan.g1 ? setsB.indexOf(plan.g1) : nB;
    // The code points of the chunks before the last: the shortest designations for a stretch
    // depend on what follows it (to the end, whose escapes count too), so a stream writes the
    // whole text at its end, and its output is the one-shot output. Errors are still raised by the
    // chunk that holds them.
    let pending: number[] = [];
    return (text, flush, mode, offset, charset) => {
      // 1. The code points to write, the error mode applied.
      const cps: number[] = pending;
      for (let i = 0; i < text.length; i++) {
        let cp = text.charCodeAt(i);
        const at = i;
        let reason = 'unencodable';
        if (cp >= 0xd800 && cp <= 0xdfff) {
          const next = text.charCodeAt(i + 1);
          if (cp <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
            cp = 0x10000 + ((cp - 0xd800) << 10) + (next - 0xdc00);
            i++;
          } else reason = 'lone surrogate';
        }
        if (reason === 'unencodable' && (isControl(cp) || holdersOf(cp).some((m) => m !== 0))) {
          cps.push(cp);
          continue;
        }
        if (mode === 'fatal') throw new EncodeError(offset + at, cp, reason, charset);
        const sub = mode === 'html' ? `&#${reason === 'lone surrogate' ? 0xfffd : cp};` : '?';
        for (let k = 0; k < sub.length; k++) cps.push(sub.charCodeAt(k));
      }
      if (!flush) return new Uint8Array(0);
      pending = [];
      // 2. The states alive (keys a * (nB + 1) + b: G0 set a, G1 set b), their costs (bytes so
      // far) and the designations on their way.
      let nLive = 1;
      live[0] = curA * (nB + 1) + curB;
      cost[live[0]!] = 0;
      path[live[0]!] = undefined;
      const n = cps.length;
      // The next states (keys, costs, paths) of the character at `pos`.
      let nNext = 0;
      let pos = 0;
      // The designation that leads to a next state is kept as numbers (its source state, register
      // and set); the path object is made only for the states that survive the pruning.
      const relax = (key: number, c: number, from: number, reg: number, set: number): void => {
        if (seen[key] !== gen) {
          seen[key] = gen;
          next[nNext++] = key;
        } else if (c >= nextCost[key]!) return;
        nextCost[key] = c;
        nextFrom[key] = from;
        nextReg[key] = reg;
        nextSet[key] = set;
      };
      // Whether state `t` reaches state `key` for no more than `key` costs.
      const reaches = (t: number, key: number): boolean => {
        if (t === key) return false;
        let c = nextCost[t]!;
        if (keyA[t] !== keyA[key]) c += 3;
        if (keyB[t] !== keyB[key]) {
          if (keyB[key]! >= nB) return false;
          c += desB[keyB[key]!]!;
        }
        return c <= nextCost[key]!;
      };
      for (let i = 0; i < n; i++) {
        const cp = cps[i]!;
        if (isControl(cp)) {
          for (let k = 0; k < nLive; k++) cost[live[k]!]! += 1;
          continue;
        }
        shortestWork.states += nLive;
        const [ma, mb] = holdersOf(cp);
        // Fast path: every state writes it in one byte; a designation cannot pay there.
        let all = true;
        for (let k = 0; k < nLive && all; k++) {
          const a = keyA[live[k]!]!;
          const b = keyB[live[k]!]!;
          all = ((ma >> a) & 1) === 1 || (b < nB && ((mb >> b) & 1) === 1 && widthB[b] === 1);
        }
        if (all) {
          for (let k = 0; k < nLive; k++) cost[live[k]!]! += 1;
          continue;
        }
        gen++;
        nNext = 0;
        pos = i;
        // Writing it with the sets in place. A designation is only made where it pays at once:
        // delaying one past a character the sets in place write as cheaply never costs more. So
        // its source is the best state of each G1 set that cannot write it in one byte (for a G0
        // designation), and of each G0 set that cannot write it in one byte (a 96-set into G1) or
        // at all (a 94 x 94 set).
        for (let k = 0; k < nLive; k++) {
          const key = live[k]!;
          const a = keyA[key]!;
          const b = keyB[key]!;
          const c = cost[key]!;
          let w = 0;
          if ((ma >> a) & 1) w = 1;
          else if (b < nB && (mb >> b) & 1) w = widthB[b]!;
          if (w !== 0) relax(key, c + w, key, -1, 0);
          if (w === 1) continue;
          if (bStamp[b] !== gen || c < cost[bBest[b]!]!) {
            bStamp[b] = gen;
            bBest[b] = key;
          }
          if (aStamp[a] !== gen || c < cost[aBest[a]!]!) {
            aStamp[a] = gen;
            aBest[a] = key;
          }
          if (w === 0 && (a2Stamp[a] !== gen || c < cost[a2Best[a]!]!)) {
            a2Stamp[a] = gen;
            a2Best[a] = key;
          }
        }
        // The G1 sets and G0 sets seen above, each once (a bit each: at most 31 sets).
        let bs = 0;
        let as = 0;
        for (let k = 0; k < nLive; k++) {
          const key = live[k]!;
          if (bStamp[keyB[key]!] === gen) bs |= 1 << keyB[key]!;
          if (aStamp[keyA[key]!] === gen) as |= 1 << keyA[key]!;
        }
        for (; bs; bs &= bs - 1) {
          const b = 31 - Math.clz32(bs & -bs);
          const from = bBest[b]!;
          for (let m = ma; m; m &= m - 1) {
            const a = 31 - Math.clz32(m & -m);
            relax(a * (nB + 1) + b, cost[from]! + 4, from, 0, a);
          }
        }
        for (; as; as &= as - 1) {
          const a = 31 - Math.clz32(as & -as);
          for (let m = mb; m; m &= m - 1) {
            const b = 31 - Math.clz32(m & -m);
            if (widthB[b] === 2 && a2Stamp[a] !== gen) continue;
            const from = widthB[b] === 2 ? a2Best[a]! : aBest[a]!;
            relax(a * (nB + 1) + b, cost[from]! + desB[b]! + widthB[b]!, from, 1, b);
          }
        }
        // Drop the states another reaches for no more (its cost plus the escapes from it):
        // checked against the best state of all, of the same G0 set, of the same G1 set.
        gen++;
        let best = next[0]!;
        for (let k = 0; k < nNext; k++) {
          const key = next[k]!;
          const c = nextCost[key]!;
          if (c < nextCost[best]!) best = key;
          const a = keyA[key]!;
          const b = keyB[key]!;
          if (aStamp[a] !== gen || c < nextCost[aBest[a]!]!) {
            aStamp[a] = gen;
            aBest[a] = key;
          }
          if (bStamp[b] !== gen || c < nextCost[bBest[b]!]!) {
            bStamp[b] = gen;
            bBest[b] = key;
          }
        }
        nLive = 0;
        for (let k = 0; k < nNext; k++) {
          const key = next[k]!;
          if (
            reaches(best, key) ||
            reaches(aBest[keyA[key]!]!, key) ||
            reaches(bBest[keyB[key]!]!, key)
          )
            continue;
          live[nLive++] = key;
          const from = nextFrom[key]!;
          nextPath[key] =
            nextReg[key]! < 0
              ? path[from]
              : { at: pos, reg: nextReg[key]!, set: nextSet[key]!, prev: path[from] };
        }
        for (let k = 0; k < nLive; k++) {
          const key = live[k]!;
          cost[key] = nextCost[key]!;
          path[key] = nextPath[key];
        }
      }
      const keys = Array.from(live.subarray(0, nLive));
      const costs = keys.map((k) => cost[k]!);
      const paths = keys.map((k) => path[k]);
      // 3. The cheapest state, with the escapes the end of the text adds.
      let pick = 0;
      let pickCost = Infinity;
      for (let k = 0; k < keys.length; k++) {
        const a = (keys[k]! / (nB + 1)) | 0;
        const b = keys[k]! % (nB + 1);
        const end = flush ? (a !== asciiA ? 3 : 0) + (endB >= 0 && b !== endB ? 3 : 0) : 0;
        if (costs[k]! + end < pickCost) {
          pick = k;
          pickCost = costs[k]! + end;
        }
      }
      // 4. Write it: the designations in text order, each character through G0 if it holds it.
      const steps: Step2022[] = [];
      for (let p = paths[pick]; p; p = p.prev) steps.push(p);
      steps.reverse();
      const out = new ByteBuffer(pickCost + 8);
      let s = 0;
      for (let i = 0; i < n; i++) {
        for (; s < steps.length && steps[s]!.at === i; s++) {
          const st = steps[s]!;
          if (st.reg === 0) curA = st.set;
          else curB = st.set;
          designate(st.reg === 0 ? setsA[st.set]! : setsB[st.set]!, st.reg, out);
        }
        const cp = cps[i]!;
        if (isControl(cp)) {
          out.push(cp);
          continue;
        }
        const code = codeOf(setsA[curA]!, cp);
        if (code >= 0) {
          out.push(code);
          continue;
        }
        const set = setsB[curB]!;
        const c = codeOf(set, cp);
        if (set.kind === 9494) {
          out.push((((c / 94) | 0) + 0x21) | 0x80);
          out.push(((c % 94) + 0x21) | 0x80);
        } else out.push(c | 0x80);
      }
      if (flush) {
        if (curA !== asciiA) designate(ASCII, 0, out);
        if (endB >= 0 && curB !== endB) designate(setsB[endB]!, 1, out);
        curA = asciiA;
        curB = plan.g1 ? endB : nB;
      }
      return out.result();
    };
  };
}

const s96 = (f: string): GraphicSet => SETS_96.find((s) => s.final === f)!;
const s9494 = (f: string): GraphicSet => SETS_9494.find((s) => s.final === f)!;

/**
 * The generic ISO 2022 codec, 8-bit form: it decodes whatever designations it meets (every set of
 * `SETS_94`, `SETS_96`, `SETS_9494`), 7-bit shifts and 8-bit GR alike. It encodes with ASCII in
 * G0, a 96-set or 94 × 94 set designated into G1 and written in GR, staying in the set designated
 * now while it holds the characters (ISO 8859 upper halves in part order, then JIS X 0208,
 * GB 2312, KS X 1001, JIS X 0212, CNS 11643), and a 94-set (an ISO 646 variant, JIS X 0201) in
 * G0 for a character only such a set has. The sets are chosen so that the output is the shortest
 * correct one (see "The shortest designation sequence" above); `greedy` (for comparison, in tests)
 * instead designates a set only when the sets designated now lack the character, taking the first
 * set in the order above that holds it, and returns G0 to ASCII for the next ASCII character.
 */
export const generic = (name: string, greedy = false): Codec =>
  iso2022Codec(name, true, genericPlan(), greedy);

/** The encoder plan of `generic`, which `compoundText` starts from. */
const genericPlan = (): EncoderPlan => ({
  eightBit: true,
  sets: [ASCII, ...SETS_96, ...['B', 'A', 'C', 'D', 'G', 'H'].map(s9494), ...SETS_94.slice(1)],
  g94: 0,
  g9494: 1,
  g96: 1,
  lines: false,
});

/**
 * ISO-2022-JP-2 (RFC 1554): 7-bit; ASCII, JIS X 0201 Roman, JIS C 6226-1978, JIS X 0208,
 * JIS X 0212, GB 2312 and KS C 5601 designated into G0; the upper halves of ISO 8859-1
 * (`ESC . A`) and ISO 8859-7 (`ESC . F`) into G2, one character at a time after `ESC N` (SS2).
 * The encoder keeps to the sets designated now while they hold the text, else designates the
 * first of ASCII, JIS X 0201 Roman (`ESC ( J`: ¥ and ‾), ISO 8859-1, JIS X 0208, ISO 8859-7,
 * JIS X 0212, GB 2312, KS C 5601 that holds the character (ICU's order), writes half-width
 * katakana as full-width (RFC 1554 has no `ESC ( I`; the decoder still reads it), and returns to
 * ASCII before each line end and at the end. SO and SI, which RFC 1554 does not have, decode as
 * errors.
 */
export const iso2022jp2 = (name: string): Codec =>
  iso2022Codec(name, false, {
    eightBit: false,
    sets: [
      ASCII,
      SETS_94[5]!, // JIS X 0201 Roman
      s96('A'),
      s9494('B'),
      s96('F'),
      s9494('D'),
      s9494('A'),
      s9494('C'),
    ],
    g94: 0,
    g9494: 0,
    g96: 2,
    lines: true,
    rfc1554: true,
  });

/** Decode and report the steps (designations, shifts, characters, errors) one by one. */
export function decodeSteps(bytes: Uint8Array, eightBit = true): Step[] {
  const steps: Step[] = [];
  decoder(undefined, eightBit, (s) => steps.push(s))()(bytes, true, false, 0);
  return steps;
}

/**
 * X11 Compound Text (the X Consortium's COMPOUND_TEXT encoding): the 8-bit form with ASCII in G0
 * and the upper half of ISO 8859-1 in G1 (GR) at the start; other 96-character sets and the
 * 94 × 94 sets are designated into G1, 94-character sets into G0. The encoder writes Latin-1 as
 * itself and designates the upper half of ISO 8859-1 again at the end when it left it, choosing
 * the designations for the shortest output as `generic` does (`greedy`: as it did before).
 * With `segments`, the decoder reads extended segments (`ESC % / F M L name STX …`) in the charsets
 * it names and UTF-8 segments (`ESC % G` … `ESC % @`); direction changes (`CSI … ]`) are not read.
 */
export const compoundText = (
  name: string,
  greedy = false,
  segments?: (name: string) => Codec | undefined,
): Codec => iso2022Codec(name, true, { ...genericPlan(), g1: s96('A') }, greedy, segments);
