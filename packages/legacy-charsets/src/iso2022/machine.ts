// The ISO/IEC 2022 (ECMA-35, 6th edition 1994) code extension machinery: four graphic sets G0-G3
// designated by escape sequences (§13.3), invoked into GL by the locking shifts SI, SO, LS2, LS3
// (§9.3.1) and into GR by LS1R, LS2R, LS3R, or for one character by the single shifts SS2, SS3
// (§9.4), in the 7-bit and the 8-bit forms (§8, §10).
import type { Codec } from '../codec';
import { type ByteBuffer, decodeError, type DecoderCore, makeCodec, putEncoder } from '../engine';
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
 * controls, passed through.
 */
function decoder(
  g1: GraphicSet | undefined,
  eightBit: boolean,
  onStep?: (s: Step) => void,
): () => DecoderCore {
  return () => {
    const st = new State(g1, eightBit);
    // An escape sequence or a multi-byte character under way, and its offset.
    let esc: number[] | undefined;
    let escAt = 0;
    let pending: number[] = [];
    let pendingAt = 0;
    let pendingSet: GraphicSet | undefined;
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
        if (seq.length === 1) {
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
      const byte = (b: number, at: number): void => {
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
        } else if (b < 0x20 || (b >= 0x80 && b < 0xa0)) {
          if (b >= 0x80 && !eightBit) {
            error(at, 'a byte above 0x7F in the 7-bit form', [b]);
            return;
          }
          out.push(b);
          step?.({
            offset: at,
            bytes: [b],
            kind: 'control',
            detail: `U+${b.toString(16).padStart(4, '0').toUpperCase()}`,
          });
        } else if (b >= 0x80 && !eightBit) error(at, 'a byte above 0x7F in the 7-bit form', [b]);
        else graphic(b, at);
      };
      for (let i = 0; i < bytes.length; i++) byte(bytes[i]!, offset + i);
      if (flush) {
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

/** A codec of the machine. */
function iso2022Codec(name: string, eightBit: boolean, plan: EncoderPlan): Codec {
  return makeCodec({
    name,
    family: 'iso-2022',
    roundTrips: false,
    decoder: decoder(plan.g1, eightBit),
    encoder: putEncoder(encoder(plan)),
  });
}

const s96 = (f: string): GraphicSet => SETS_96.find((s) => s.final === f)!;
const s9494 = (f: string): GraphicSet => SETS_9494.find((s) => s.final === f)!;

/**
 * The generic ISO 2022 codec, 8-bit form: it decodes whatever designations it meets (every set of
 * `SETS_94`, `SETS_96`, `SETS_9494`), 7-bit shifts and 8-bit GR alike. It encodes with ASCII in
 * G0, a 96-set or 94 × 94 set designated into G1 and written in GR, staying in the set designated
 * now while it holds the characters (ISO 8859 upper halves in part order, then JIS X 0208,
 * GB 2312, KS X 1001, JIS X 0212, CNS 11643), and a 94-set (an ISO 646 variant, JIS X 0201) in
 * G0 for a character only such a set has, back to ASCII for the next ASCII character.
 */
export const generic = (name: string): Codec =>
  iso2022Codec(name, true, {
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
 * The encoder prefers JIS X 0208, then JIS X 0212, GB 2312, KS C 5601, and returns to ASCII
 * before each line end and at the end.
 */
export const iso2022jp2 = (name: string): Codec => {
  const codec = iso2022Codec(name, false, {
    eightBit: false,
    sets: [ASCII, s96('A'), s96('F'), s9494('B'), s9494('D'), s9494('A'), s9494('C')],
    g94: 0,
    g9494: 0,
    g96: 2,
    lines: true,
  });
  return codec;
};

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
 * itself and designates the upper half of ISO 8859-1 again at the end when it left it.
 * Extended segments (`ESC % / …`) and direction changes (`CSI … ]`) are not read: an error each.
 */
export const compoundText = (name: string): Codec =>
  iso2022Codec(name, true, {
    eightBit: true,
    sets: [ASCII, ...SETS_96, ...['B', 'A', 'C', 'D', 'G', 'H'].map(s9494), ...SETS_94.slice(1)],
    g94: 0,
    g9494: 1,
    g96: 1,
    lines: false,
    g1: s96('A'),
  });
