// The graphic character sets the ISO/IEC 2022 (ECMA-35) machinery designates, by the final byte of
// their designation (ECMA-35 §13.3; the finals are those of the ISO International Register of Coded
// Character Sets, ISO-IR). Each table is built from the family's own codec of the same repertoire
// on first use, so that the machinery holds no table of its own.
import type { Codec } from '../codec';
import { codec as bs4730 } from '../bs_4730';
import { isGbkAddition } from '../cjk/iso2022';
import { codec as csa } from '../csa_z243.4-1985-1';
import { codec as din } from '../din_66003';
import { codec as es } from '../es';
import { codec as es2 } from '../es2';
import { codec as eucJp } from '../euc-jp';
import { codec as eucKr } from '../euc-kr';
import { codec as gb1988 } from '../gb_1988-80';
import { codec as gbk } from '../gbk';
import { codec as iso2022cn } from '../iso-2022-cn';
import { codec as l1 } from '../iso-8859-1';
import { codec as l2 } from '../iso-8859-2';
import { codec as l3 } from '../iso-8859-3';
import { codec as l4 } from '../iso-8859-4';
import { codec as l5 } from '../iso-8859-5';
import { codec as l6 } from '../iso-8859-6';
import { codec as l7 } from '../iso-8859-7';
import { codec as l8 } from '../iso-8859-8';
import { codec as l9 } from '../iso-8859-9';
import { codec as l10 } from '../iso-8859-10';
import { codec as l11 } from '../iso-8859-11';
import { codec as l13 } from '../iso-8859-13';
import { codec as l14 } from '../iso-8859-14';
import { codec as l15 } from '../iso-8859-15';
import { codec as l16 } from '../iso-8859-16';
import { codec as it } from '../it';
import { codec as jisRoman } from '../jis_c6220-1969-ro';
import { codec as jus } from '../jus_i.b1.002';
import { codec as msz } from '../msz_7795.3';
import { codec as nf } from '../nf_z_62-010';
import { codec as nf1973 } from '../nf_z_62-010_1973';
import { codec as ns1 } from '../ns_4551-1';
import { codec as ns2 } from '../ns_4551-2';
import { codec as pt } from '../pt';
import { codec as pt2 } from '../pt2';
import { codec as senB } from '../sen_850200_b';
import { codec as senC } from '../sen_850200_c';

/** The size of a set: 94 or 96 characters of one byte, or 94 × 94 of two bytes. */
export type SetKind = 94 | 96 | 9494;

/** A graphic set: how it is designated and, once built, its codes. */
export interface GraphicSet {
  readonly kind: SetKind;
  /** The final byte of its designation sequences. */
  readonly final: string;
  /** What it is, with its ISO-IR number. */
  readonly name: string;
  /** Code point of each code (one byte 0x20-0x7F, or (first - 0x21) * 94 + second - 0x21), -1 none. */
  table?: Int32Array;
  /** Code of each code point the set holds (the first code where several have one). */
  codes?: Map<number, number>;
  /** How the table is built. */
  readonly build: () => Int32Array;
  /** Codes of a 94 × 94 set (`row << 8 | cell`) that decode but are never written. */
  readonly readOnly?: ((pair: number) => boolean) | undefined;
}

const one = (codec: Codec, bytes: number[]): number => {
  const s = codec.decode(new Uint8Array(bytes));
  const cp = s.codePointAt(0)!;
  return s.length > 0 && cp !== 0xfffd && s.length === (cp > 0xffff ? 2 : 1) ? cp : -1;
};

/** A 94-set read through an ISO 646 codec (bytes 0x21-0x7E as they are). */
const iso646 = (final: string, name: string, codec: Codec): GraphicSet => ({
  kind: 94,
  final,
  name,
  build: () => {
    const t = new Int32Array(128).fill(-1);
    for (let b = 0x21; b < 0x7f; b++) t[b] = one(codec, [b]);
    return t;
  },
});

/** A 96-set: the upper half (0xA0-0xFF) of an ISO 8859 part, read through its codec. */
const upper = (final: string, name: string, codec: Codec): GraphicSet => ({
  kind: 96,
  final,
  name,
  build: () => {
    const t = new Int32Array(128).fill(-1);
    for (let b = 0x20; b < 0x80; b++) t[b] = one(codec, [b | 0x80]);
    return t;
  },
});

/**
 * A 94 × 94 set read through a codec, given the bytes that carry row and cell there; without the
 * private use code points a codec maps some codes to (GBK's reading of GB 2312's undefined codes:
 * no registered 94 × 94 set holds private use). The codes `readOnly` names decode but are never
 * written.
 */
const double = (
  final: string,
  name: string,
  codec: Codec,
  bytes: (row: number, cell: number) => number[],
  readOnly?: (pair: number) => boolean,
): GraphicSet => ({
  kind: 9494,
  final,
  name,
  readOnly,
  build: () => {
    const t = new Int32Array(94 * 94).fill(-1);
    for (let r = 0x21; r < 0x7f; r++)
      for (let c = 0x21; c < 0x7f; c++) {
        const cp = one(codec, bytes(r, c));
        if (!(cp >= 0xe000 && cp <= 0xf8ff)) t[(r - 0x21) * 94 + c - 0x21] = cp;
      }
    return t;
  },
});

const ESC = 0x1b;

/** The 94-character sets by final byte (ECMA-35 designations `ESC ( F` … `ESC + F`). */
export const SETS_94: readonly GraphicSet[] = [
  {
    kind: 94,
    final: 'B',
    name: 'ASCII (ISO-IR 6)',
    build: () => new Int32Array(128).map((_, b) => (b > 0x20 && b < 0x7f ? b : -1)),
  },
  iso646('A', 'BS 4730, United Kingdom (ISO-IR 4)', bs4730),
  iso646('G', 'SEN 850200 B, Sweden (ISO-IR 10)', senB),
  iso646('H', 'SEN 850200 C, Sweden for names (ISO-IR 11)', senC),
  {
    kind: 94,
    final: 'I',
    name: 'JIS X 0201 Katakana (ISO-IR 13)',
    build: () => new Int32Array(128).map((_, b) => (b > 0x20 && b < 0x60 ? 0xff61 + b - 0x21 : -1)),
  },
  iso646('J', 'JIS X 0201 Roman (ISO-IR 14)', jisRoman),
  iso646('K', 'DIN 66003, Germany (ISO-IR 21)', din),
  iso646('L', 'Portugal (ISO-IR 16)', pt),
  iso646('R', 'NF Z 62-010 (1973), France (ISO-IR 25)', nf1973),
  iso646('T', 'GB 1988-80, China (ISO-IR 57)', gb1988),
  iso646('Y', 'Italy (ISO-IR 15)', it),
  iso646('Z', 'Spain (ISO-IR 17)', es),
  iso646('`', 'NS 4551-1, Norway (ISO-IR 60)', ns1),
  iso646('a', 'NS 4551-2, Norway (ISO-IR 61)', ns2),
  iso646('f', 'NF Z 62-010, France (ISO-IR 69)', nf),
  iso646('g', 'Portugal 2 (ISO-IR 84)', pt2),
  iso646('h', 'Spain 2 (ISO-IR 85)', es2),
  iso646('i', 'MSZ 7795.3, Hungary (ISO-IR 86)', msz),
  iso646('w', 'CSA Z243.4-1985-1, Canada (ISO-IR 121)', csa),
  iso646('z', 'JUS I.B1.002, Yugoslavia (ISO-IR 141)', jus),
];

/** The 96-character sets by final byte (`ESC - F` … `ESC / F`): the upper halves of ISO 8859. */
export const SETS_96: readonly GraphicSet[] = [
  upper('A', 'ISO 8859-1 upper half (ISO-IR 100)', l1),
  upper('B', 'ISO 8859-2 upper half (ISO-IR 101)', l2),
  upper('C', 'ISO 8859-3 upper half (ISO-IR 109)', l3),
  upper('D', 'ISO 8859-4 upper half (ISO-IR 110)', l4),
  upper('F', 'ISO 8859-7 upper half, Greek (ISO-IR 126)', l7),
  upper('G', 'ISO 8859-6 upper half, Arabic (ISO-IR 127)', l6),
  upper('H', 'ISO 8859-8 upper half, Hebrew (ISO-IR 138)', l8),
  upper('L', 'ISO 8859-5 upper half, Cyrillic (ISO-IR 144)', l5),
  upper('M', 'ISO 8859-9 upper half (ISO-IR 148)', l9),
  upper('T', 'ISO 8859-11 upper half, Thai (ISO-IR 166)', l11),
  upper('V', 'ISO 8859-10 upper half (ISO-IR 157)', l10),
  upper('Y', 'ISO 8859-13 upper half (ISO-IR 179)', l13),
  upper('_', 'ISO 8859-14 upper half (ISO-IR 199)', l14),
  upper('b', 'ISO 8859-15 upper half (ISO-IR 203)', l15),
  upper('f', 'ISO 8859-16 upper half (ISO-IR 226)', l16),
];

/** The 94 × 94 sets by final byte (`ESC $ F`, `ESC $ ( F` … `ESC $ + F`). */
export const SETS_9494: readonly GraphicSet[] = [
  // JIS C 6226-1978 is read with the JIS X 0208 table, as ISO-2022-JP decoders do.
  double('@', 'JIS C 6226-1978 (ISO-IR 42)', eucJp, (r, c) => [r | 0x80, c | 0x80]),
  // GB 2312: GBK's table without private use; its 46 additions decode and are never written
  // (see isGbkAddition)
  double('A', 'GB 2312 (ISO-IR 58)', gbk, (r, c) => [r | 0x80, c | 0x80], isGbkAddition),
  double('B', 'JIS X 0208 (ISO-IR 87)', eucJp, (r, c) => [r | 0x80, c | 0x80]),
  double('C', 'KS X 1001 (ISO-IR 149)', eucKr, (r, c) => [r | 0x80, c | 0x80]),
  double('D', 'JIS X 0212 (ISO-IR 159)', eucJp, (r, c) => [0x8f, r | 0x80, c | 0x80]),
  double('G', 'CNS 11643 plane 1 (ISO-IR 171)', iso2022cn, (r, c) => [
    ESC,
    0x24,
    0x29,
    0x47,
    0x0e,
    r,
    c,
    0x0f,
  ]),
  double('H', 'CNS 11643 plane 2 (ISO-IR 172)', iso2022cn, (r, c) => [
    ESC,
    0x24,
    0x2a,
    0x48,
    ESC,
    0x4e,
    r,
    c,
  ]),
];

/** The set of a kind and final byte, its table built. */
export function findSet(kind: SetKind, final: number): GraphicSet | undefined {
  const list = kind === 94 ? SETS_94 : kind === 96 ? SETS_96 : SETS_9494;
  const f = String.fromCharCode(final);
  const set = list.find((s) => s.final === f);
  if (set) tableOf(set);
  return set;
}

/** The set's table, built on first use. */
export function tableOf(set: GraphicSet): Int32Array {
  set.table ??= set.build();
  return set.table;
}

/** The set's code of a code point, or -1. */
export function codeOf(set: GraphicSet, cp: number): number {
  if (!set.codes) {
    const codes = new Map<number, number>();
    const t = tableOf(set);
    const readOnly = set.readOnly;
    for (let k = 0; k < t.length; k++)
      if (
        t[k]! >= 0 &&
        !codes.has(t[k]!) &&
        !readOnly?.(((k / 94 + 0x21) << 8) | ((k % 94) + 0x21))
      )
        codes.set(t[k]!, k);
    set.codes = codes;
  }
  return set.codes.get(cp) ?? -1;
}
