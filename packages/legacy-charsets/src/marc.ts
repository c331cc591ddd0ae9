// MARC-8 (MARC 21 Specifications, Character Sets Part 3) and ANSEL (ANSI/NISO Z39.47): ISO 2022
// designation of the Library of Congress sets into G0/G1, the technique-1 escapes, and combining
// marks, which MARC-8 writes before their base letter and Unicode after it.
// https://www.loc.gov/marc/specifications/speccharmarc8.html
import type { Codec } from './codec';
import {
  type Bytes,
  decodeError,
  type DecoderCore,
  type EncoderCore,
  makeCodec,
  putEncoder,
  Units,
} from './engine';
import { sets as marcSets } from './generated/marc8';
import { sets as unimarcSets } from './generated/unimarc';

const ESC = 0x1b;

/** A family of sets: the tables and the sets designated at the start of a field. */
interface Repertoire {
  sets: Record<string, [string, string, number[], boolean]>;
  g0: string;
  g1: string;
  /** Technique-1 escapes (ESC g, b, p, s): MARC-8 only. */
  technique1: boolean;
}
/** MARC 21: ASCII (ESC ( B) in G0, ANSEL (ESC ) ! E) in G1. */
const MARC: Repertoire = { sets: marcSets, g0: 'B', g1: 'E', technique1: true };
/** UNIMARC: ISO 646 (ESC ( @) in G0, ISO 5426 (ESC ) P) in G1. */
const UNIMARC: Repertoire = { sets: unimarcSets, g0: '@', g1: 'P', technique1: false };

interface MarcSet {
  units: string;
  combining: string;
  c1: number[];
  g1: boolean;
}
/** A set with no table here (EACC): every code is an error. */
const NONE: MarcSet = { units: '', combining: '', c1: [], g1: false };
const getIn = (r: Repertoire, final: string): MarcSet | undefined => {
  const s = r.sets[final];
  return s && { units: s[0], combining: s[1], c1: s[2], g1: s[3] };
};
/** The code point of a 7-bit code in a set, or -1; and whether it is a combining mark. */
const lookup = (set: MarcSet, low: number): number => {
  const u = set.units.charCodeAt(low - 0x20);
  return u === 0xfffd || Number.isNaN(u) ? -1 : u;
};

/** Final bytes of the single-byte sets MARC-8 designates (EACC, "1", has no table here). */
const TECHNIQUE_1: Record<number, string> = { 103: 'g', 98: 'b', 112: 'p', 115: 'B' };

function marcDecoder(
  r: Repertoire,
  escapes: boolean,
  nfc: boolean,
): (keepBOM: boolean) => DecoderCore {
  const get = (final: string): MarcSet | undefined => getIn(r, final);
  return () => {
    let g0 = get(r.g0)!;
    let g1 = get(r.g1)!;
    const ansel = g1;
    let esc: number[] | undefined;
    let escAt = 0;
    let marks: number[] = [];
    return (bytes, flush, fatal, offset) => {
      const out = new Units(bytes.length + 8);
      const emit = (cp: number, combining: boolean): void => {
        if (combining) {
          marks.push(cp);
          return;
        }
        out.push(cp);
        for (const m of marks) out.push(m);
        marks = [];
      };
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
          // Intermediates: ( , ) - $ and '!' (ESC ) ! E), then the final byte.
          if (
            (b === 0x28 || b === 0x2c || b === 0x29 || b === 0x2d || b === 0x24 || b === 0x21) &&
            esc.length < 4
          ) {
            continue;
          }
          const seq = esc;
          esc = undefined;
          const final = String.fromCharCode(b);
          const first = seq[0]!;
          const set = get(final);
          if (seq.length === 1 && r.technique1 && TECHNIQUE_1[b]) g0 = get(TECHNIQUE_1[b]!)!;
          else if (set && (first === 0x28 || first === 0x2c) && seq.length <= 3) g0 = set;
          else if (set && (first === 0x29 || first === 0x2d) && seq.length <= 3) g1 = set;
          else if (first === 0x24) {
            // EACC (ESC $ 1, ESC $ ) 1 …): recognised, no table; its codes decode as errors.
            if (seq[1] === 0x29 || seq[1] === 0x2d) g1 = NONE;
            else g0 = NONE;
            out.push(decodeError(fatal, escAt, 'multi-byte set (EACC) not supported'));
          } else {
            out.push(decodeError(fatal, escAt, 'unknown escape sequence'));
            queue.unshift(...seq);
          }
          continue;
        }
        if (b === ESC && escapes) {
          esc = [];
          escAt = here;
        } else if (b >= 0x21 && b <= 0x7e) {
          const cp = lookup(g0, b);
          if (cp < 0) out.push(decodeError(fatal, here, 'unmapped code'));
          else emit(cp, g0.combining.includes(String.fromCharCode(b)));
        } else if (b >= 0xa1 && b <= 0xfe) {
          const cp = lookup(g1, b & 0x7f);
          if (cp < 0) out.push(decodeError(fatal, here, 'unmapped code'));
          else emit(cp, g1.combining.includes(String.fromCharCode(b & 0x7f)));
        } else if (b >= 0x80 && b < 0xa1) {
          const k = ansel.c1.indexOf(b);
          if (k >= 0 && k % 2 === 0) emit(ansel.c1[k + 1]!, false);
          else out.push(decodeError(fatal, here, 'unmapped code'));
        } else if (b === 0xff) out.push(decodeError(fatal, here, 'unmapped code'));
        else emit(b, false);
      }
      if (flush) {
        if (esc) {
          out.push(decodeError(fatal, escAt, 'truncated escape sequence'));
          for (const x of esc) out.push(x);
          esc = undefined;
        }
        // Marks with no base after them stay, in their order.
        for (const m of marks) out.push(m);
        marks = [];
      }
      const s = out.toString();
      return nfc ? s.normalize('NFC') : s;
    };
  };
}

/** Where each code point lives: final byte of its set, its code, whether combining; the first set wins. */
function homesOf(r: Repertoire): Map<number, [string, number, boolean]> {
  const homes = new Map<number, [string, number, boolean]>();
  // The default sets first, so that they are preferred.
  const order = [r.g0, r.g1, ...Object.keys(r.sets).filter((f) => f !== r.g0 && f !== r.g1)];
  for (const f of order) {
    const set = getIn(r, f)!;
    for (let low = 0x20; low < 0x80; low++) {
      const u = lookup(set, low);
      if (u >= 0 && !homes.has(u)) {
        homes.set(u, [f, low, set.combining.includes(String.fromCharCode(low))]);
      }
    }
    for (let k = 0; k < set.c1.length; k += 2) {
      if (!homes.has(set.c1[k + 1]!)) homes.set(set.c1[k + 1]!, [f, set.c1[k]!, false]);
    }
  }
  return homes;
}

function marcEncoder(r: Repertoire, escapes: boolean): () => EncoderCore {
  let homes: Map<number, [string, number, boolean]> | undefined;
  const home = (cp: number): [string, number, boolean] | undefined => {
    homes ??= homesOf(r);
    return homes.get(cp);
  };
  const holds = (h: [string, number, boolean] | undefined): h is [string, number, boolean] =>
    h !== undefined && (escapes || h[0] === r.g0 || h[0] === r.g1);
  // The G1 designation of the default G1 set: ANSEL's is ESC ) ! E.
  const g1Escape = (f: string): number[] => [
    ESC,
    0x29,
    ...(f === 'E' ? [0x21] : []),
    f.charCodeAt(0),
  ];
  return () => {
    let g0 = r.g0;
    let g1 = r.g1;
    // Held until the next base character: the base and the marks that follow it in Unicode, as
    // [set, code] (a control as ['', byte]); written, designations included, in MARC-8 order.
    let base: [string, number, boolean] | undefined;
    let pending: [string, number, boolean][] = [];
    const write = (h: [string, number, boolean], out: number[]): void => {
      const [f, low] = h;
      if (low >= 0x80) {
        out.push(low);
        return;
      }
      if (low === 0x20) {
        out.push(0x20);
        return;
      }
      if (f === g0) out.push(low);
      else if (f === g1) out.push(low | 0x80);
      else if (getIn(r, f)!.g1) {
        out.push(...g1Escape(f));
        g1 = f;
        out.push(low | 0x80);
      } else {
        if (r.technique1 && (f === 'g' || f === 'b' || f === 'p')) out.push(ESC, f.charCodeAt(0));
        else out.push(ESC, 0x28, f.charCodeAt(0));
        g0 = f;
        out.push(low);
      }
    };
    const release = (out: Bytes): void => {
      // Marks first, then their base: the MARC-8 order.
      const bytes: number[] = [];
      for (const h of pending) write(h, bytes);
      if (base) {
        if (base[0] === '') bytes.push(base[1]);
        else write(base, bytes);
      }
      for (const b of bytes) out.push(b);
      pending = [];
      base = undefined;
    };
    return {
      put(cp: number, out: Bytes): boolean {
        if (cp < 0x20 && cp !== ESC) {
          // Controls (field and record terminators) are written as they are.
          release(out);
          base = ['', cp, false];
          return true;
        }
        const h = home(cp);
        if (!holds(h)) {
          // A precomposed letter is written as its base and marks (ANSEL has none precomposed).
          const parts = Array.from(
            String.fromCodePoint(cp).normalize('NFD'),
            (c) => c.codePointAt(0)!,
          );
          if (parts.length < 2 || !parts.every((p) => holds(home(p)))) return false;
          for (const p of parts) if (!this.put(p, out)) return false;
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
      flush(out: Bytes): void {
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
 * `unimarc` the UNIMARC sets (ISO 646, ISO 5426, 5427, 5428, 6438).
 */
export function marc(name: string, escapes: boolean, unimarc = false): Codec {
  const r = unimarc ? UNIMARC : MARC;
  const encoder = putEncoder(marcEncoder(r, escapes));
  const codec = makeCodec({
    name,
    family: 'marc',
    roundTrips: false,
    decoder: marcDecoder(r, escapes, false),
    encoder,
  });
  const nfc = makeCodec({
    name,
    family: 'marc',
    roundTrips: false,
    decoder: marcDecoder(r, escapes, true),
    encoder,
  });
  return {
    ...codec,
    decode: (bytes, options) => (options?.nfc ? nfc : codec).decode(bytes, options),
    createDecoder: (options) => (options?.nfc ? nfc : codec).createDecoder(options),
  };
}
