// MARC-8 (MARC 21 Specifications, Character Sets Part 3) and ANSEL (ANSI/NISO Z39.47): ISO 2022
// designation of the Library of Congress sets into G0/G1, the technique-1 escapes, and combining
// marks, which MARC-8 writes before their base letter and Unicode after it.
// https://www.loc.gov/marc/specifications/speccharmarc8.html
import type { Codec, StreamingDecoder } from './codec';
import {
  type ByteBuffer,
  decodeError,
  type DecoderCore,
  type EncoderCore,
  makeCodec,
  putEncoder,
  Units,
} from './engine';
import { pairs } from './cjk-index';
import { sets as marcSets } from './generated/marc8';
import { sets as unimarcSets } from './generated/unimarc';

const ESC = 0x1b;
/** Final byte of EACC, the East Asian Character Code (ANSI/NISO Z39.64), MARC-8's multi-byte set. */
const EACC = '1';

/** A family of sets: the tables and the sets designated at the start of a field. */
interface Repertoire {
  sets: Record<string, [string, string, number[], boolean]>;
  g0: string;
  g1: string;
  /** Technique-1 escapes (ESC g, b, p, s): MARC-8 only. */
  technique1: boolean;
  /** The sets expanded so far (`expandSet`). */
  cache: Map<string, MarcSet | undefined>;
}
/** MARC 21: ASCII (ESC ( B) in G0, ANSEL (ESC ) ! E) in G1. */
const MARC: Repertoire = { sets: marcSets, g0: 'B', g1: 'E', technique1: true, cache: new Map() };
/** UNIMARC: ISO 646 (ESC ( @) in G0, ISO 5426 (ESC ) P) in G1. */
const UNIMARC: Repertoire = {
  sets: unimarcSets,
  g0: '@',
  g1: 'P',
  technique1: false,
  cache: new Map(),
};

/** A designated set, expanded for lookups by 7-bit code. */
interface MarcSet {
  final: string;
  /** Code point of each 7-bit code, -1 where the set has none. */
  map: Int32Array;
  /** 1 where the code is a combining mark. */
  combining: Uint8Array;
  /** C1 controls: code, code point pairs. */
  c1: number[];
  /** Designated into G1 by default. */
  g1: boolean;
  /** EACC: three bytes a character. */
  multi: boolean;
}

/**
 * The code point of a code that decodes to nothing: ANSEL's ligature and double tilde second halves
 * (EC, FB). MARC 21 Part 3 (code tables, revision of September 2004) maps the first half (EB, FA)
 * to the double diacritic U+0361 / U+0360 that spans both characters, and the second half to no
 * character, as marc4j's AnselToUnicode does.
 */
const SILENT = -2;

const expandSet = (r: Repertoire, final: string): MarcSet | undefined => {
  if (r.cache.has(final)) return r.cache.get(final);
  const s = r.sets[final];
  r.cache.set(final, undefined);
  if (!s) return undefined;
  const map = new Int32Array(128).fill(-1);
  const combining = new Uint8Array(128);
  for (let low = 0x20; low < 0x80; low++) {
    const u = s[0].charCodeAt(low - 0x20);
    // 0xFFFF: a second half (ANSEL EC, FB) that LC maps to no character (scripts/generate-tables.ts).
    if (u === 0xffff) map[low] = SILENT;
    else if (u !== 0xfffd) map[low] = u;
  }
  for (let k = 0; k < s[1].length; k++) combining[s[1].charCodeAt(k)] = 1;
  const set = { final, map, combining, c1: s[2], g1: s[3], multi: false };
  r.cache.set(final, set);
  return set;
};
const EACC_SET: MarcSet = {
  final: EACC,
  map: new Int32Array(0),
  combining: new Uint8Array(0),
  c1: [],
  g1: false,
  multi: true,
};

/** The EACC table, expanded on first use: 24-bit code (three 7-bit bytes) <-> code point. */
interface EaccTable {
  cp: Map<number, number>;
  /** In code order, so that the first code of a code point (the lowest) is its home. */
  codes: number[];
}
function expandEacc(index: string): EaccTable {
  const { pointers, points } = pairs(index);
  const cp = new Map<number, number>();
  const codes: number[] = [];
  for (let k = 0; k < pointers.length; k++) {
    // The inverse of scripts/generate-tables.ts `eaccPointer`.
    const p = pointers[k]!;
    const code =
      (((p / 9025) | 0) + 0x21) * 65536 + ((((p % 9025) / 95) | 0) + 0x20) * 256 + (p % 95) + 0x20;
    cp.set(code, points[k]!);
    codes.push(code);
  }
  return { cp, codes };
}

/** Final bytes of the single-byte sets the technique-1 escapes designate (ESC g, b, p, s). */
const TECHNIQUE_1: Record<number, string> = { 103: 'g', 98: 'b', 112: 'p', 115: 'B' };

function marcDecoder(
  r: Repertoire,
  escapes: boolean,
  eacc: () => EaccTable | undefined,
): (keepBOM: boolean) => DecoderCore {
  // UNIMARC's tables name basic Latin ISO 646 IRV (ESC ( @), but records also designate it as
  // ISO-IR 6 ASCII, ESC ( B (ISO/IEC 2022 registry): the same 94 characters in these tables.
  const get = (final: string): MarcSet | undefined =>
    expandSet(r, final === 'B' && r.sets === unimarcSets ? '@' : final);
  return () => {
    let g0 = get(r.g0)!;
    let g1 = get(r.g1)!;
    const ansel = g1;
    let esc: number[] | undefined;
    let escAt = 0;
    let marks: number[] = [];
    // The bytes read so far of an EACC character, and the offset of its first byte.
    let mb: number[] = [];
    let mbAt = 0;
    let mbHigh = 0;
    return (bytes, flush, fatal, offset) => {
      const out = new Units(bytes.length + marks.length + mb.length + (esc?.length ?? 0) + 8);
      const emit = (cp: number, combining: number): void => {
        if (combining) {
          marks.push(cp);
          return;
        }
        out.push(cp);
        if (marks.length > 0) {
          for (const m of marks) out.push(m);
          marks = [];
        }
      };
      const designate = (seq: number[]): void => {
        // seq: the intermediates and the final byte after ESC.
        const b = seq[seq.length - 1]!;
        const final = String.fromCharCode(b);
        const first = seq[0]!;
        const set = get(final);
        if (seq.length === 1 && r.technique1 && TECHNIQUE_1[b]) g0 = get(TECHNIQUE_1[b]!)!;
        else if (set && (first === 0x28 || first === 0x2c) && seq.length <= 3) g0 = set;
        else if (set && (first === 0x29 || first === 0x2d) && seq.length <= 3) g1 = set;
        else if (first === 0x24 && final === EACC && r.technique1 && seq.length <= 3) {
          // MARC 21 Part 3, multiple-byte sets: ESC $ 1 (or ESC $ , 1) designates EACC as G0,
          // ESC $ ) 1 (or ESC $ - 1) as G1.
          const to = seq[1];
          if (to === 0x29 || to === 0x2d) g1 = EACC_SET;
          else if (seq.length === 2 || to === 0x2c || to === 0x28) g0 = EACC_SET;
          else {
            unknown(seq);
            return;
          }
          if (!eacc())
            out.push(
              decodeError(fatal, escAt, 'EACC table not loaded (@x/legacy-charsets/marc-8 has it)'),
            );
        } else unknown(seq);
      };
      const unknown = (seq: number[]): void => {
        out.push(decodeError(fatal, escAt, 'unknown escape sequence'));
        for (const x of seq) step(x, escAt);
      };
      const multi = (b: number, here: number, start: boolean): void => {
        if (start) mbAt = here;
        mb.push(b & 0x7f);
        if (mb.length < 3) return;
        const code = mb[0]! * 65536 + mb[1]! * 256 + mb[2]!;
        mb = [];
        const cp = eacc()?.cp.get(code);
        if (cp === undefined) out.push(decodeError(fatal, mbAt, 'unmapped code'));
        else emit(cp, 0);
      };
      const step = (b: number, here: number): void => {
        if (esc) {
          esc.push(b);
          // Intermediates: ( , ) - $ and '!' (ESC ) ! E), then the final byte.
          if (
            (b === 0x28 || b === 0x2c || b === 0x29 || b === 0x2d || b === 0x24 || b === 0x21) &&
            esc.length < 4
          ) {
            return;
          }
          const seq = esc;
          esc = undefined;
          designate(seq);
          return;
        }
        if (mb.length > 0) {
          // The second and third bytes of an EACC character: 0x20-0x7E in G0, 0xA0-0xFE in G1.
          const low = b & 0x7f;
          if (low >= 0x20 && low < 0x7f && (b & 0x80) === mbHigh) {
            multi(b, here, false);
            return;
          }
          mb = [];
          out.push(decodeError(fatal, mbAt, 'truncated multi-byte character'));
        }
        if (b === ESC && escapes) {
          esc = [];
          escAt = here;
        } else if (b >= 0x21 && b <= 0x7e) {
          if (g0.multi) {
            mbHigh = 0;
            multi(b, here, true);
            return;
          }
          const cp = g0.map[b]!;
          if (cp === SILENT) return;
          if (cp < 0) out.push(decodeError(fatal, here, 'unmapped code'));
          else emit(cp, g0.combining[b]!);
        } else if (b >= 0xa1 && b <= 0xfe) {
          if (g1.multi) {
            mbHigh = 0x80;
            multi(b, here, true);
            return;
          }
          const cp = g1.map[b & 0x7f]!;
          if (cp === SILENT) return;
          if (cp < 0) out.push(decodeError(fatal, here, 'unmapped code'));
          else emit(cp, g1.combining[b & 0x7f]!);
        } else if (b >= 0x80 && b < 0xa1) {
          const k = ansel.c1.indexOf(b);
          if (k >= 0 && k % 2 === 0) emit(ansel.c1[k + 1]!, 0);
          else out.push(decodeError(fatal, here, 'unmapped code'));
        } else if (b === 0xff) out.push(decodeError(fatal, here, 'unmapped code'));
        else emit(b, 0);
      };
      const n = bytes.length;
      let buf = out.buf;
      for (let i = 0; i < n; i++) {
        const b = bytes[i]!;
        // The common case, a single-byte G0 character with no marks waiting, inline.
        if (b >= 0x21 && b <= 0x7e && !esc && mb.length === 0 && marks.length === 0 && !g0.multi) {
          const cp = g0.map[b]!;
          if (cp >= 0 && !g0.combining[b]) {
            buf[out.len++] = cp;
            continue;
          }
        }
        step(b, offset + i);
        // Room for the inline writes above: one code unit a byte at most.
        out.reserve(n - i);
        buf = out.buf;
      }
      if (flush) {
        if (mb.length > 0) {
          mb = [];
          out.push(decodeError(fatal, mbAt, 'truncated multi-byte character'));
        }
        if (esc) {
          out.push(decodeError(fatal, escAt, 'truncated escape sequence'));
          for (const x of esc) out.push(x);
          esc = undefined;
        }
        // Marks with no base after them stay, in their order.
        for (const m of marks) out.push(m);
        marks = [];
      }
      return out.toString();
    };
  };
}

/** Where a code point lives: final byte of its set, its code, whether it is a combining mark. */
type Home = [string, number, boolean];

/** Where each code point lives; the first set wins. */
function homesOf(
  r: Repertoire,
  eacc: EaccTable | undefined,
): Map<number, [string, number, boolean]> {
  const homes = new Map<number, [string, number, boolean]>();
  // The default sets first, so that they are preferred; EACC last.
  const order = [r.g0, r.g1, ...Object.keys(r.sets).filter((f) => f !== r.g0 && f !== r.g1)];
  for (const f of order) {
    const set = expandSet(r, f)!;
    for (let low = 0x20; low < 0x80; low++) {
      const u = set.map[low]!;
      if (u >= 0 && !homes.has(u)) homes.set(u, [f, low, set.combining[low] === 1]);
    }
    for (let k = 0; k < set.c1.length; k += 2) {
      if (!homes.has(set.c1[k + 1]!)) homes.set(set.c1[k + 1]!, [f, set.c1[k]!, false]);
    }
  }
  // A code point with several EACC codes (a traditional form and its variants) takes the lowest.
  if (eacc) {
    for (const code of eacc.codes) {
      const u = eacc.cp.get(code)!;
      if (!homes.has(u)) homes.set(u, [EACC, code, false]);
    }
  }
  return homes;
}

function marcEncoder(
  r: Repertoire,
  escapes: boolean,
  eacc: () => EaccTable | undefined,
): () => EncoderCore {
  let homes: Map<number, Home> | undefined;
  // Homes of U+0000-U+07FF (Latin, Greek, Cyrillic, Hebrew, Arabic) by index, the rest by Map;
  // precomposed letters by their decomposition, cached.
  const low: (Home | undefined)[] = [];
  const parts = new Map<number, number[] | undefined>();
  const home = (cp: number): Home | undefined => {
    if (!homes) {
      homes = homesOf(r, eacc());
      for (let c = 0; c < 0x800; c++) {
        const h = homes.get(c);
        low.push(h && (escapes || h[0] === r.g0 || h[0] === r.g1) ? h : undefined);
      }
      for (const [c, h] of homes) if (!escapes && h[0] !== r.g0 && h[0] !== r.g1) homes.delete(c);
      for (let c = 0x20; c < 0x7f; c++) {
        const h = low[c];
        plain[c] = h && h[0] === r.g0 && h[1] === c && !h[2] ? 1 : 0;
      }
    }
    return cp < 0x800 ? low[cp] : homes.get(cp);
  };
  // 1 where a code point below 0x80 is itself in the default G0 set (no mark, same code).
  const plain = new Uint8Array(0x80);
  const decompose = (cp: number): number[] | undefined => {
    if (!parts.has(cp)) {
      // A precomposed letter is written as its base and marks (ANSEL has none precomposed).
      const p = Array.from(String.fromCodePoint(cp).normalize('NFD'), (c) => c.codePointAt(0)!);
      parts.set(cp, p.length > 1 && p.every((c) => home(c)) ? p : undefined);
    }
    return parts.get(cp);
  };
  // The G1 designation of the default G1 set: ANSEL's is ESC ) ! E.
  const g1Escape = (f: string): number[] => [
    ESC,
    0x29,
    ...(f === 'E' ? [0x21] : []),
    f.charCodeAt(0),
  ];
  const CONTROL = '';
  return () => {
    let g0 = r.g0;
    let g1 = r.g1;
    // Held until the next base character: the base and the marks that follow it in Unicode
    // (a control as [CONTROL, byte]); written, designations included, in MARC-8 order.
    let base: Home | undefined;
    const pending: Home[] = [];
    const write = (h: Home, out: ByteBuffer): void => {
      const f = h[0];
      const code = h[1];
      if (f === g0 && code < 0x80) out.push(code);
      else if (f === EACC) {
        // EACC goes into G0 by ESC $ 1 (MARC 21 Part 3), three bytes a character.
        if (g0 !== EACC) for (const b of [ESC, 0x24, 0x31]) out.push(b);
        g0 = EACC;
        out.push(code >> 16);
        out.push((code >> 8) & 0x7f);
        out.push(code & 0x7f);
      } else if (code >= 0x80 || code === 0x20 || f === CONTROL) out.push(code);
      else if (f === g1) out.push(code | 0x80);
      else if (expandSet(r, f)!.g1) {
        for (const b of g1Escape(f)) out.push(b);
        g1 = f;
        out.push(code | 0x80);
      } else {
        const seq =
          r.technique1 && (f === 'g' || f === 'b' || f === 'p')
            ? [ESC, f.charCodeAt(0)]
            : [ESC, 0x28, f.charCodeAt(0)];
        for (const b of seq) out.push(b);
        g0 = f;
        out.push(code);
      }
    };
    const release = (out: ByteBuffer): void => {
      // Marks first, then their base: the MARC-8 order.
      for (let k = 0; k < pending.length; k++) write(pending[k]!, out);
      pending.length = 0;
      if (base) write(base, out);
      base = undefined;
    };
    return {
      // In the default G0 set with nothing held, a character of that set followed by another
      // character of it is written at once: no mark can follow it. A loop of its own.
      fast(text: string, i: number, out: ByteBuffer): number {
        if (base || pending.length > 0 || g0 !== r.g0) return i;
        home(0);
        const n = text.length - 1;
        for (; i < n; i++) {
          const c = text.charCodeAt(i);
          const next = text.charCodeAt(i + 1);
          if (c >= 0x80 || next >= 0x80 || !plain[c] || !plain[next]) break;
          out.push(c);
        }
        return i;
      },
      put(cp: number, out: ByteBuffer): boolean {
        if (cp < 0x20 && cp !== ESC) {
          // Controls (field and record terminators) are written as they are.
          release(out);
          base = [CONTROL, cp, false];
          return true;
        }
        const h = home(cp);
        if (!h) {
          const p = decompose(cp);
          if (!p) return false;
          for (const c of p) this.put(c, out);
          return true;
        }
        if (h[2]) {
          pending.push(h);
          return true;
        }
        release(out);
        base = h;
        return true;
      },
      flush(out: ByteBuffer): void {
        release(out);
        // Each field ends in the default state (MARC 21: ASCII in G0, ANSEL in G1).
        const reset = [
          ...(g0 !== r.g0 ? [ESC, 0x28, r.g0.charCodeAt(0)] : []),
          ...(g1 !== r.g1 ? g1Escape(r.g1) : []),
        ];
        for (const b of reset) out.push(b);
        g0 = r.g0;
        g1 = r.g1;
      },
      reference: (cp: number): string => `&#x${cp.toString(16).toUpperCase().padStart(4, '0')};`,
    };
  };
}

/**
 * Build MARC-8 (`escapes`: ISO 2022 switching between the LC sets), ANSEL alone, or with
 * `unimarc` the UNIMARC sets (ISO 646, ISO 5426, 5427, 5428, 6438); with `g1` the final byte of
 * one UNIMARC set, that set in GR over ISO 646 (ISO 5426, 5427, 5428 as 8-bit codes of their own). `eacc` is the compiled EACC
 * table (src/generated/eacc.ts): only the entries that pass it bundle it.
 */
export function marc(
  name: string,
  escapes: boolean,
  unimarc = false,
  eacc?: string,
  g1?: string,
): Codec {
  // `g1`: one UNIMARC set in G1 (GR) beside ISO 646 in G0, no escapes: ISO 5426, 5427, 5428 alone.
  const r: Repertoire = g1
    ? { sets: unimarcSets, g0: '@', g1, technique1: false, cache: new Map() }
    : unimarc
      ? UNIMARC
      : MARC;
  let table: EaccTable | undefined;
  const getEacc = (): EaccTable | undefined => {
    if (eacc !== undefined) table ??= expandEacc(eacc);
    return table;
  };
  const codec = makeCodec({
    name,
    family: 'marc',
    roundTrips: false,
    decoder: marcDecoder(r, escapes, getEacc),
    encoder: putEncoder(marcEncoder(r, escapes, getEacc)),
  });
  return {
    ...codec,
    decode(bytes, options) {
      const s = codec.decode(bytes, options);
      return options?.nfc ? s.normalize('NFC') : s;
    },
    createDecoder(options) {
      const d = codec.createDecoder(options);
      return options?.nfc ? nfcStream(d) : d;
    },
  };
}

/**
 * What can compose with the character before it, or be reordered by NFC: combining marks, and
 * the starters with NFC_Quick_Check=Maybe that are not marks (Hangul vowel and final jamo,
 * U+1161-U+11FF here, a few more than compose: that only makes them wait). Any other character
 * begins a stretch that NFC treats on its own: NFC(a + b) = NFC(a) + NFC(b) when b begins with
 * one. Tested one code unit at a time: these decoders write no astral mark (EACC's astral
 * characters are ideographs), so a low surrogate joins its high one and a pair is a start.
 * {@link https://www.unicode.org/reports/tr15/#Stable_Code_Points | UAX #15 §9.1 (stable code points)}
 */
const JOINS_BACK = /[\p{M}\u1161-\u11ff\udc00-\udfff]/u;

/**
 * NFC for a stream, equal to NFC of the whole text however it is cut: each chunk's text, after
 * what was held back, is normalized up to its last character that begins a stretch of its own;
 * from there on it waits for the next chunk, or the end. Each character is scanned once and
 * normalized once: linear.
 */
function nfcStream(d: StreamingDecoder): StreamingDecoder {
  let held = '';
  return {
    decode(chunk, options) {
      const t = held;
      held = '';
      const s = d.decode(chunk, options);
      let k = s.length;
      if (options?.stream) {
        // Back to the last character that begins a stretch; it and what follows wait. Without
        // one, all of this chunk's text waits, with what waited before.
        while (--k >= 0 && JOINS_BACK.test(s[k]!));
        if (k < 0) {
          held = t + s;
          return '';
        }
        held = s.slice(k);
      }
      return (t + s.slice(0, k)).normalize('NFC');
    },
  };
}
