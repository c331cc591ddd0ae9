// JIS X 0213:2004 (7-bit and 8-bit double-byte coded extended KANJI sets for information
// interchange) in its three encodings of the standard's annexes: EUC-JIS-2004 (Annex 3),
// Shift_JIS-2004 (Annex 1) and ISO-2022-JP-2004 (Annex 2). The table is glibc's EUC-JISX0213
// charmap, stored as its difference from index jis0208 (src/generated/jisx0213.ts).
import { type Codec, EncodeError } from '../codec';
import { pairs as entries } from '../cjk-index';
import { ByteBuffer, decodeError, type DecoderCore, type EncoderFn, makeCodec } from '../engine';
import { diff, pairs } from '../generated/jisx0213';
import { jis0208 } from './tables';

/** Pointers: plane 1 at (row - 1) * 94 + cell - 1, plane 2 at PLANE2 + the same. */
const PLANE2 = 8836;
/** A table value of PAIR + k: the code is the k-th two-code-point sequence of `pairs`. */
const PAIR = 0x110000;

interface Tables {
  /** Pointer -> code point (0: none; PAIR + k: a pair). */
  cp: Uint32Array;
  /** Code point -> pointer. */
  single: Map<number, number>;
  /** First code point -> [second code point, pointer] of its pairs. */
  double: Map<number, [number, number][]>;
}

let tables: Tables | undefined;

function build(): Tables {
  if (tables) return tables;
  const cp = new Uint32Array(2 * PLANE2);
  cp.set(jis0208().cp.subarray(0, PLANE2));
  // The pointers the diff lists (code point 0: none in JIS X 0213).
  const d = entries(diff);
  for (let k = 0; k < d.pointers.length; k++) cp[d.pointers[k]!] = d.points[k]!;
  const double = new Map<number, [number, number][]>();
  for (let k = 0; k < pairs.length; k += 3) {
    cp[pairs[k]!] = PAIR + k / 3;
    const list = double.get(pairs[k + 1]!) ?? [];
    list.push([pairs[k + 2]!, pairs[k]!]);
    double.set(pairs[k + 1]!, list);
  }
  const single = new Map<number, number>();
  for (let p = 0; p < cp.length; p++)
    if (cp[p]! > 0 && cp[p]! < PAIR && !single.has(cp[p]!)) single.set(cp[p]!, p);
  tables = { cp, single, double };
  return tables;
}

/** How bytes carry a JIS X 0213 code. */
type Form = 'euc' | 'sjis' | 'iso2022';

// Shift_JIS-2004 (JIS X 0213 Annex 1): plane 2 rows of the lead bytes F0-FC, two rows a byte.
const SJIS_PLANE2_ROWS = [1, 8, 3, 4, 5, 12, 13, 14, 15, 78];

/** Pointer of a Shift_JIS-2004 lead and trail byte pair, or -1. */
export function sjisPointer(lead: number, trail: number): number {
  if (trail < 0x40 || trail === 0x7f || trail > 0xfc) return -1;
  const t = trail - (trail < 0x7f ? 0x40 : 0x41); // 0..187: the cells of two rows
  const second = t >= 94 ? 1 : 0;
  const cell = t - 94 * second;
  if (lead >= 0x81 && lead <= 0x9f) return ((lead - 0x81) * 2 + second) * 94 + cell;
  if (lead >= 0xe0 && lead <= 0xef) return ((lead - 0xc1) * 2 + second) * 94 + cell;
  if (lead >= 0xf0 && lead <= 0xfc) {
    const row =
      lead <= 0xf4
        ? SJIS_PLANE2_ROWS[(lead - 0xf0) * 2 + second]!
        : (lead - 0xf5) * 2 + 79 + second;
    return PLANE2 + (row - 1) * 94 + cell;
  }
  return -1;
}

/** The Shift_JIS-2004 bytes of a pointer (two bytes as lead << 8 | trail). */
function sjisBytes(p: number): number {
  const plane2 = p >= PLANE2;
  const q = plane2 ? p - PLANE2 : p;
  const row = ((q / 94) | 0) + 1;
  const cell = q % 94;
  let lead: number;
  let second: number;
  if (!plane2) {
    lead = ((row - 1) >> 1) + (row <= 62 ? 0x81 : 0xc1);
    second = (row - 1) & 1;
  } else if (row >= 79) {
    lead = ((row - 79) >> 1) + 0xf5;
    second = (row - 79) & 1;
  } else {
    const k = SJIS_PLANE2_ROWS.indexOf(row);
    lead = 0xf0 + (k >> 1);
    second = k & 1;
  }
  const t = second * 94 + cell;
  return (lead << 8) | (t + (t < 0x3f ? 0x40 : 0x41));
}

/** Whether plane 2 has the row (the rows Shift_JIS-2004 can write; EUC and ISO-2022 write them too). */
const plane2Row = (row: number): boolean => SJIS_PLANE2_ROWS.includes(row) || row >= 79;

const ESC = 0x1b;
// ISO-2022-JP-2004 G0 sets.
const ASCII = 0;
const ROMAN = 1; // ESC ( J, read as ASCII is not: ¥ and ‾
const JIS0208 = 2; // ESC $ B (and ESC $ @): the JIS X 0208 codes of plane 1
const PLANE1 = 3; // ESC $ ( Q (2004) and ESC $ ( O (2000)
const PLANE2SET = 4; // ESC $ ( P
const KANA = 5; // ESC ( I

/**
 * Whether a plane 1 pointer is a JIS X 0208 code (JIS X 0213 Annex 2: ESC $ B designates only
 * these): rows 1-8 and 16-84 where index jis0208 has a character (its other rows are NEC's and
 * IBM's).
 */
function inJis0208(p: number): boolean {
  const row = ((p / 94) | 0) + 1;
  return (row <= 8 || (row >= 16 && row <= 84)) && jis0208().cp[p]! !== 0;
}

function decoder(form: Form) {
  return (_keepBOM: boolean): DecoderCore => {
    let lead = 0; // EUC: A1-FE, 0x8E or 0x8F; Shift_JIS: the lead byte; ISO-2022: a pair's first
    let lead2 = 0; // EUC after 0x8F: the row byte
    let leadAt = 0;
    let g0 = ASCII;
    let esc: number[] | undefined;
    let escAt = 0;
    return (bytes, flush, fatal, offset) => {
      const t = build();
      const out: number[] = [];
      const parts: string[] = [];
      const put = (cp: number): void => {
        if (cp >= PAIR) {
          const k = 3 * (cp - PAIR);
          out.push(pairs[k + 1]!, pairs[k + 2]!);
        } else if (cp > 0xffff) {
          cp -= 0x10000;
          out.push(0xd800 + (cp >> 10), 0xdc00 + (cp & 0x3ff));
        } else out.push(cp);
        if (out.length > 4096) {
          parts.push(String.fromCharCode(...out));
          out.length = 0;
        }
      };
      const error = (at: number, reason: string): void => {
        put(decodeError(fatal, at, reason));
      };
      /** Write the code at pointer p (-1: none); false if it is unmapped. */
      const code = (p: number, at: number): boolean => {
        const cp = p >= 0 ? t.cp[p]! : 0;
        if (cp === 0) error(at, 'unmapped code');
        else put(cp);
        return cp !== 0;
      };
      const step = (b: number, at: number): void => {
        if (form === 'euc') {
          if (lead === 0) {
            if (b < 0x80) put(b);
            else if (b === 0x8e || b === 0x8f || (b >= 0xa1 && b <= 0xfe)) {
              lead = b;
              leadAt = at;
            } else error(at, 'not a lead byte');
            return;
          }
          if (b < 0xa1 || b > 0xfe || (lead === 0x8e && b > 0xdf)) {
            lead = 0;
            lead2 = 0;
            error(leadAt, 'truncated character');
            // WHATWG euc-jp: an ASCII byte after a lead byte is read again.
            if (b < 0x80) step(b, at);
            return;
          }
          if (lead === 0x8e) {
            lead = 0;
            put(0xff61 - 0xa1 + b);
          } else if (lead === 0x8f && lead2 === 0) lead2 = b;
          else if (lead === 0x8f) {
            const row = lead2 - 0xa0;
            lead = 0;
            lead2 = 0;
            code(plane2Row(row) ? PLANE2 + (row - 1) * 94 + b - 0xa1 : -1, leadAt);
          } else {
            const p = (lead - 0xa1) * 94 + b - 0xa1;
            lead = 0;
            code(p, leadAt);
          }
          return;
        }
        if (form === 'sjis') {
          if (lead === 0) {
            if (b < 0x80) put(b);
            else if (b >= 0xa1 && b <= 0xdf) put(0xff61 - 0xa1 + b);
            else if ((b >= 0x81 && b <= 0x9f) || (b >= 0xe0 && b <= 0xfc)) {
              lead = b;
              leadAt = at;
            } else error(at, 'not a lead byte');
            return;
          }
          const p = sjisPointer(lead, b);
          lead = 0;
          if (p < 0) error(leadAt, 'truncated character');
          // WHATWG shift_jis: an ASCII trail byte of no character is read again.
          if ((p < 0 || !code(p, leadAt)) && b < 0x80) step(b, at);
          return;
        }
        // ISO-2022-JP-2004 (JIS X 0213 Annex 2).
        if (esc) {
          esc.push(b);
          if (b >= 0x20 && b <= 0x2f && esc.length < 3) return;
          const seq = esc;
          esc = undefined;
          const set = (
            {
              '(B': ASCII,
              '(J': ROMAN,
              '(I': KANA,
              $B: JIS0208,
              '$@': JIS0208,
              '$(Q': PLANE1,
              '$(O': PLANE1,
              '$(P': PLANE2SET,
            } as Record<string, number>
          )[String.fromCharCode(...seq)];
          if (set === undefined) {
            error(escAt, 'unknown escape sequence');
            // Its bytes are text again.
            for (const x of seq) step(x, escAt);
          } else g0 = set;
          return;
        }
        if (lead !== 0) {
          const l = lead;
          lead = 0;
          if (b < 0x21 || b > 0x7e) {
            error(leadAt, 'truncated character');
            step(b, at);
            return;
          }
          const q = (l - 0x21) * 94 + b - 0x21;
          if (g0 === PLANE2SET) code(plane2Row(l - 0x20) ? PLANE2 + q : -1, leadAt);
          else code(g0 === JIS0208 && !inJis0208(q) ? -1 : q, leadAt);
          return;
        }
        if (b === ESC) {
          esc = [];
          escAt = at;
        } else if (b === 0x0e || b === 0x0f || b >= 0x80) error(at, 'not in ISO-2022-JP-2004');
        else if (b < 0x21 || b === 0x7f || g0 === ASCII) put(b);
        else if (g0 === ROMAN) put(b === 0x5c ? 0xa5 : b === 0x7e ? 0x203e : b);
        else if (g0 === KANA) {
          if (b <= 0x5f) put(0xff61 - 0x21 + b);
          else error(at, 'not a katakana code');
        } else {
          lead = b;
          leadAt = at;
        }
      };
      for (let i = 0; i < bytes.length; i++) step(bytes[i]!, offset + i);
      if (flush) {
        const seq = esc;
        if (lead !== 0 || seq) error(seq ? escAt : leadAt, 'truncated');
        lead = 0;
        lead2 = 0;
        esc = undefined;
        g0 = ASCII;
        if (seq) for (const x of seq) step(x, escAt);
      }
      parts.push(String.fromCharCode(...out));
      return parts.join('');
    };
  };
}

function encoder(form: Form): () => EncoderFn {
  return () => {
    // A character that may be the first of a pair, held at the end of a chunk.
    let held = '';
    let g0 = ASCII;
    return (text, flush, mode, offset, charset) => {
      const t = build();
      const input = held + text;
      const base = offset - held.length;
      held = '';
      const out = new ByteBuffer(input.length * 2 + 8);
      const designate = (set: number): void => {
        if (g0 === set) return;
        g0 = set;
        const seq = ['(B', '(J', '$B', '$(Q', '$(P', '(I'][set]!;
        out.push(ESC);
        for (let k = 0; k < seq.length; k++) out.push(seq.charCodeAt(k));
      };
      const ascii = (b: number): void => {
        if (form === 'iso2022') designate(ASCII);
        out.push(b);
      };
      const write = (p: number): void => {
        if (form === 'sjis') {
          const v = sjisBytes(p);
          out.push(v >> 8);
          out.push(v & 0xff);
          return;
        }
        const plane2 = p >= PLANE2;
        const q = plane2 ? p - PLANE2 : p;
        if (form === 'euc') {
          if (plane2) out.push(0x8f);
          out.push(((q / 94) | 0) + 0xa1);
          out.push((q % 94) + 0xa1);
          return;
        }
        // JIS X 0213 Annex 2: JIS X 0208 codes through ESC $ B, the others through ESC $ ( Q.
        designate(plane2 ? PLANE2SET : inJis0208(q) && g0 !== PLANE1 ? JIS0208 : PLANE1);
        out.push(((q / 94) | 0) + 0x21);
        out.push((q % 94) + 0x21);
      };
      for (let i = 0; i < input.length; i++) {
        let cp = input.charCodeAt(i);
        const at = i;
        let reason = 'unencodable';
        if (cp >= 0xd800 && cp <= 0xdfff) {
          const next = input.charCodeAt(i + 1);
          if (cp <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
            cp = 0x10000 + ((cp - 0xd800) << 10) + (next - 0xdc00);
            i++;
          } else reason = 'lone surrogate';
        }
        if (reason === 'unencodable') {
          if (cp < 0x80 && !(form === 'iso2022' && (cp === ESC || cp === 0x0e || cp === 0x0f))) {
            if (form === 'iso2022' && (cp === 0x0a || cp === 0x0d)) designate(ASCII);
            ascii(cp);
            continue;
          }
          // Longest match: a pair first (JIS X 0213's two-code-point characters).
          const list = t.double.get(cp);
          if (list) {
            if (i + 1 >= input.length && !flush) {
              held = input.slice(i);
              break;
            }
            const second = list.find(([s]) => s === input.charCodeAt(i + 1));
            if (second) {
              write(second[1]);
              i++;
              continue;
            }
          }
          const p = t.single.get(cp);
          if (p !== undefined) {
            write(p);
            continue;
          }
          if (cp >= 0xff61 && cp <= 0xff9f && form !== 'iso2022') {
            if (form === 'euc') out.push(0x8e);
            out.push(cp - 0xff61 + 0xa1);
            continue;
          }
        }
        if (mode === 'fatal') throw new EncodeError(base + at, cp, reason, charset);
        const sub = mode === 'html' ? `&#${reason === 'lone surrogate' ? 0xfffd : cp};` : '?';
        for (let k = 0; k < sub.length; k++) ascii(sub.charCodeAt(k));
      }
      if (flush && form === 'iso2022') designate(ASCII);
      return out.result();
    };
  };
}

/** A JIS X 0213 codec. */
export const jisx0213Codec = (name: string, form: Form): Codec =>
  makeCodec({
    name,
    family: 'cjk',
    // Not both ways: a character and a combining mark of their own codes encode as their pair's code.
    roundTrips: false,
    decoder: decoder(form),
    encoder: encoder(form),
  });
