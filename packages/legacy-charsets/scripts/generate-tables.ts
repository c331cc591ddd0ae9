// Generates the single-byte tables (src/generated/<name>.ts), the codec entry files (src/<name>.ts),
// the registry (src/generated/registry.ts) and the package.json exports map from data/.
// And, through scripts/generate-runs.ts, the node build's copies of the CJK run loop.
// Run with `pnpm run regenerate`; test/drift.test.ts regenerates in memory and compares.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cjkRuns } from './generate-runs.ts';

type Family =
  | 'iso-8859'
  | 'windows'
  | 'dos'
  | 'mac'
  | 'koi8'
  | 'ebcdic'
  | 'iso-646'
  | 'ascii'
  | 'user-defined';

interface TableSpec {
  name: string;
  family: Family;
  whatwg: boolean;
  /** Data file relative to data/, or a built-in table. */
  source: string;
}

const whatwg = (name: string, family: Family, index = name): TableSpec => ({
  name,
  family,
  whatwg: true,
  source: `whatwg-encoding/index-${index}.txt`,
});
const vendor = (name: string, family: Family, source: string): TableSpec => ({
  name,
  family,
  whatwg: false,
  source,
});
/**
 * Suffix of a source whose IBM table exchanges 0x1A, 0x1C and 0x7F with U+001C, U+007F and U+001A
 * (IBM's PC convention, kept in ICU's ibm-*.ucm): the codec reads those three bytes as the ASCII
 * controls, as glibc's CP1125 and IBM851 charmaps and Microsoft's DOS tables do.
 */
export const ASCII_CONTROLS = '#ascii-controls';

const iso646 = (name: string, file: string): TableSpec =>
  vendor(name, 'iso-646', `icu-ucm/glibc-${file}-2.3.3.ucm`);

/** Every table codec, in listing order. */
export const TABLES: TableSpec[] = [
  whatwg('ibm866', 'dos'),
  ...[2, 3, 4, 5, 6, 7, 8].map((n) => whatwg(`iso-8859-${n}`, 'iso-8859')),
  whatwg('iso-8859-8-i', 'iso-8859', 'iso-8859-8'),
  ...[10, 13, 14, 15, 16].map((n) => whatwg(`iso-8859-${n}`, 'iso-8859')),
  whatwg('koi8-r', 'koi8'),
  whatwg('koi8-u', 'koi8'),
  whatwg('macintosh', 'mac'),
  whatwg('windows-874', 'windows'),
  ...[0, 1, 2, 3, 4, 5, 6, 7, 8].map((n) => whatwg(`windows-125${n}`, 'windows')),
  whatwg('x-mac-cyrillic', 'mac'),
  {
    name: 'x-user-defined',
    family: 'user-defined',
    whatwg: true,
    source: 'builtin:x-user-defined',
  },
  vendor('us-ascii', 'ascii', 'builtin:ascii'),
  vendor('iso-646-irv', 'iso-646', 'builtin:ascii'),
  ...[1, 9, 11].map((n) =>
    vendor(`iso-8859-${n}`, 'iso-8859', `unicode-mappings/ISO8859/8859-${n}.txt`),
  ),
  ...[437, 737, 775, 850, 852, 855, 857, 860, 861, 862, 863, 864, 865, 866, 869].map((n) =>
    vendor(`cp${n}`, 'dos', `unicode-mappings/VENDORS/MICSFT/PC/CP${n}.txt`),
  ),
  ...[0, 1, 2, 3, 4, 5, 6, 7, 8].map((n) =>
    vendor(`cp125${n}`, 'windows', `unicode-mappings/VENDORS/MICSFT/WINDOWS/CP125${n}.txt`),
  ),
  vendor('x-mac-roman', 'mac', 'unicode-mappings/VENDORS/APPLE/ROMAN.txt'),
  vendor('x-mac-greek', 'mac', 'unicode-mappings/VENDORS/APPLE/GREEK.txt'),
  vendor('x-mac-centraleurroman', 'mac', 'unicode-mappings/VENDORS/APPLE/CENTEURO.txt'),
  vendor('x-mac-turkish', 'mac', 'unicode-mappings/VENDORS/APPLE/TURKISH.txt'),
  vendor('x-mac-icelandic', 'mac', 'unicode-mappings/VENDORS/APPLE/ICELAND.txt'),
  vendor('koi8-u-rfc2319', 'koi8', 'unicode-mappings/VENDORS/MISC/KOI8-U.txt'),
  vendor('koi8-ru', 'koi8', 'icu-ucm/ibm-1168_P100-2002.ucm'),
  vendor('koi8-t', 'koi8', 'icu-ucm/glibc-KOI8_T-2.3.3.ucm'),
  ...[37, 500, 875, 1026].map((n) =>
    vendor(
      `cp${String(n).padStart(3, '0')}`,
      'ebcdic',
      `unicode-mappings/VENDORS/MICSFT/EBCDIC/CP${String(n).padStart(3, '0')}.txt`,
    ),
  ),
  vendor('cp1047', 'ebcdic', 'icu-ucm/ibm-1047_P100-1995.ucm'),
  ...[1140, 1141, 1142, 1143, 1144, 1145, 1146, 1147, 1148, 1149].map((n) =>
    vendor(`cp${n}`, 'ebcdic', `icu-ucm/ibm-${n}_P100-1997.ucm`),
  ),
  iso646('bs_4730', 'BS_4730'),
  iso646('csa_z243.4-1985-1', 'CSA_Z243.4_1985_1'),
  iso646('din_66003', 'DIN_66003'),
  iso646('ds_2089', 'DS_2089'),
  iso646('es', 'ES'),
  iso646('es2', 'ES2'),
  iso646('gb_1988-80', 'GB_1988_80'),
  iso646('it', 'IT'),
  iso646('jis_c6220-1969-ro', 'JIS_C6220_1969_RO'),
  iso646('jus_i.b1.002', 'JUS_I.B1.002'),
  iso646('ksc5636', 'KSC5636'),
  iso646('msz_7795.3', 'MSZ_7795.3'),
  iso646('nc_nc00-10', 'NC_NC00_10'),
  iso646('nf_z_62-010', 'NF_Z_62_010'),
  iso646('nf_z_62-010_1973', 'NF_Z_62_010_1973'),
  iso646('ns_4551-1', 'NS_4551_1'),
  iso646('ns_4551-2', 'NS_4551_2'),
  iso646('pt', 'PT'),
  iso646('pt2', 'PT2'),
  iso646('sen_850200_b', 'SEN_850200_B'),
  iso646('sen_850200_c', 'SEN_850200_C'),
  // The code pages added from the shared data set (README "Code pages and their sources").
  vendor('cp720', 'dos', 'icu-ucm/windows-720-2000.ucm'),
  vendor('cp858', 'dos', 'icu-ucm/windows-858-2000.ucm'),
  vendor('cp851', 'dos', `icu-ucm/ibm-851_P100-1995.ucm${ASCII_CONTROLS}`),
  vendor('cp856', 'dos', 'unicode-mappings/VENDORS/MISC/CP856.txt'),
  vendor('cp808', 'dos', `icu-ucm/ibm-808_P100-1999.ucm${ASCII_CONTROLS}`),
  vendor('cp868', 'dos', `icu-ucm/ibm-868_P100-1995.ucm${ASCII_CONTROLS}`),
  // RST 2018-91 (glibc's charmap, as Python and iconv-lite): 0xFA 0xFB are · and √ as in cp866;
  // IBM's CCSID 1125 (ICU's ibm-1125_P100-1997.ucm) has ÷ and ± there (README "cp1125").
  vendor('cp1125', 'dos', 'glibc-charmaps/CP1125'),
  vendor('cp1131', 'dos', `icu-ucm/ibm-1131_P100-1997.ucm${ASCII_CONTROLS}`),
  vendor('windows-708', 'dos', 'icu-ucm/windows-708-2000.ucm'),
  vendor('kz-1048', 'windows', 'unicode-mappings/VENDORS/MISC/KZ1048.txt'),
  ...[273, 277, 278, 280, 284, 285, 297, 838, 870, 871].map((n) =>
    vendor(`cp${n}`, 'ebcdic', `icu-ucm/ibm-${n}_P100-${n === 838 ? 1995 : 1999}.ucm`),
  ),
  vendor('cp424', 'ebcdic', 'unicode-mappings/VENDORS/MISC/CP424.txt'),
  vendor('cp1025', 'ebcdic', 'icu-ucm/ibm-1025_P100-1995.ucm'),
  vendor('x-mac-croatian', 'mac', 'unicode-mappings/VENDORS/APPLE/CROATIAN.txt'),
  vendor('x-mac-romanian', 'mac', 'unicode-mappings/VENDORS/APPLE/ROMANIAN.txt'),
  vendor('x-mac-celtic', 'mac', 'unicode-mappings/VENDORS/APPLE/CELTIC.txt'),
  vendor('x-mac-gaelic', 'mac', 'unicode-mappings/VENDORS/APPLE/GAELIC.txt'),
  vendor('x-mac-inuit', 'mac', 'unicode-mappings/VENDORS/APPLE/INUIT.txt'),
  // IBM Urdu (AIX), HP Roman-8 (IANA hp-roman8) and Kazakh PTCP154 (IANA): README "Code pages
  // and their sources". No family fits HP's printer and HP-UX charset; it is listed with 'dos'.
  vendor('cp1006', 'dos', 'unicode-mappings/VENDORS/MISC/CP1006.txt'),
  vendor('hp-roman8', 'dos', 'glibc-charmaps/HP-ROMAN8'),
  vendor('ptcp154', 'windows', 'glibc-charmaps/PT154'),
];

/**
 * Apple's tables that map some bytes to a sequence of code points or mark a byte's direction
 * (`<LR>+0xNNNN`, `<RL>+0xNNNN`): codecs of src/mac-multi.ts.
 */
export const MULTI: TableSpec[] = [
  vendor('x-mac-arabic', 'mac', 'unicode-mappings/VENDORS/APPLE/ARABIC.txt'),
  vendor('x-mac-hebrew', 'mac', 'unicode-mappings/VENDORS/APPLE/HEBREW.txt'),
  vendor('x-mac-farsi', 'mac', 'unicode-mappings/VENDORS/APPLE/FARSI.txt'),
  vendor('x-mac-thai', 'mac', 'unicode-mappings/VENDORS/APPLE/THAI.txt'),
  vendor('x-mac-symbol', 'mac', 'unicode-mappings/VENDORS/APPLE/SYMBOL.txt'),
];

/** One of Apple's multi-character tables: each byte's code points ([] = unmapped) and tag. */
export interface MultiTable {
  seqs: number[][];
  /** `''`, `'L'` (`<LR>`: left-to-right) or `'R'` (`<RL>`: right-to-left). */
  tags: string[];
}

/** Parse an Apple table whose bytes may map to sequences (`0xNNNN+0xNNNN`) or carry a direction tag. */
export function parseMulti(dataDir: string, source: string): MultiTable {
  const seqs: number[][] = Array.from({ length: 256 }, (_, b) =>
    b < 0x20 || b === 0x7f ? [b] : [],
  );
  const tags: string[] = new Array(256).fill('');
  for (const line of readFileSync(join(dataDir, source), 'utf8').split('\n')) {
    const fields = line.replace(/#.*/, '').trim().split(/\s+/);
    if (fields.length < 2 || !fields[0]!.startsWith('0x')) continue;
    const b = Number.parseInt(fields[0]!, 16);
    const m = /^(?:<(LR|RL)>\+)?(0x[0-9A-F]{4}(?:\+0x[0-9A-F]{4})*)$/.exec(fields[1]!);
    if (!m || b > 255 || seqs[b]!.length > 0) throw new Error(`${source}: bad line ${line}`);
    seqs[b] = m[2]!.split('+').map((h) => Number.parseInt(h, 16));
    if (m[1]) {
      if (seqs[b]!.length !== 1) throw new Error(`${source}: a direction tag on a sequence`);
      tags[b] = m[1] === 'LR' ? 'L' : 'R';
    }
  }
  // src/mac-multi.ts encodes a character by its one untagged-or-<LR> byte, or its one <RL> byte.
  const seen = new Set<string>();
  seqs.forEach((s, b) => {
    if (s.length === 0) return;
    const key = `${tags[b] === 'R' ? 'R' : ''}${String.fromCharCode(...s)}`;
    if (seen.has(key)) throw new Error(`${source}: two bytes for ${key}`);
    seen.add(key);
  });
  return { seqs, tags };
}

/** A right-to-left letter (Unicode bidi class R or AL): a Hebrew or Arabic letter. */
const rtlLetter = (cp: number): boolean =>
  /[\p{Script=Hebrew}\p{Script=Arabic}]/u.test(String.fromCharCode(cp)) &&
  /\p{L}/u.test(String.fromCharCode(cp));

/**
 * Whether text goes through encode and decode unchanged: no direction tags, and no sequence is
 * also the concatenation of other bytes' characters.
 */
function multiRoundTrips({ seqs, tags }: MultiTable): boolean {
  if (tags.some((t) => t !== '')) return false;
  const keys = new Set(seqs.filter((s) => s.length > 0).map((s) => String.fromCharCode(...s)));
  const splits = (s: string, whole: boolean): boolean =>
    (!whole && keys.has(s)) ||
    [...Array(s.length - 1).keys()].some(
      (k) => keys.has(s.slice(0, k + 1)) && splits(s.slice(k + 1), false),
    );
  return ![...keys].some((k) => k.length > 1 && splits(k, true));
}

const escapeUnits = (s: string): string =>
  s.replace(/[^\x20-\x7e]|['\\]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** The JIS X 0213 codecs: their own subpaths, not in the registry (see src/registry.ts). */
export const JISX0213_CODECS: readonly string[] = [
  'euc-jis-2004',
  'shift_jis-2004',
  'iso-2022-jp-2004',
];

/** Hand-written codecs with their own entry files, listed in the registry. */
export const HANDWRITTEN: { name: string; family: string; whatwg: boolean }[] = [
  { name: 'utf-16le', family: 'unicode', whatwg: true },
  { name: 'utf-16be', family: 'unicode', whatwg: true },
  { name: 'utf-32le', family: 'unicode', whatwg: false },
  { name: 'utf-32be', family: 'unicode', whatwg: false },
  { name: 'utf-7', family: 'unicode', whatwg: false },
  { name: 'utf-7-imap', family: 'unicode', whatwg: false },
  { name: 'shift_jis', family: 'cjk', whatwg: true },
  { name: 'euc-jp', family: 'cjk', whatwg: true },
  { name: 'iso-2022-jp', family: 'iso-2022', whatwg: true },
  { name: 'gbk', family: 'cjk', whatwg: true },
  { name: 'gb18030', family: 'cjk', whatwg: true },
  { name: 'big5', family: 'cjk', whatwg: true },
  { name: 'euc-kr', family: 'cjk', whatwg: true },
  { name: 'replacement', family: 'replacement', whatwg: true },
  { name: 'iso-2022-kr', family: 'iso-2022', whatwg: false },
  { name: 'iso-2022-cn', family: 'iso-2022', whatwg: false },
  { name: 'euc-tw', family: 'cjk', whatwg: false },
  { name: 'hz-gb-2312', family: 'iso-2022', whatwg: false },
  { name: 'cp932', family: 'cjk', whatwg: false },
  { name: 'cp949', family: 'cjk', whatwg: false },
  { name: 'cp950', family: 'cjk', whatwg: false },
  { name: 'marc-8', family: 'marc', whatwg: false },
  { name: 'ansel', family: 'marc', whatwg: false },
  { name: 'unimarc', family: 'marc', whatwg: false },
  { name: 'iso-5426', family: 'marc', whatwg: false },
  { name: 'iso-5427', family: 'marc', whatwg: false },
  { name: 'iso-5427-ext', family: 'marc', whatwg: false },
  { name: 'iso-5428', family: 'marc', whatwg: false },
  { name: 'iso-2022', family: 'iso-2022', whatwg: false },
  { name: 'iso-2022-jp-2', family: 'iso-2022', whatwg: false },
  { name: 'compound-text', family: 'iso-2022', whatwg: false },
  { name: 'johab', family: 'cjk', whatwg: false },
  { name: 'cesu-8', family: 'unicode', whatwg: false },
];

const UNMAPPED = 0xfffd;

/** Parse a data file into 256 code units (U+FFFD = unmapped). */
export function parseTable(dataDir: string, source: string): number[] {
  const t: number[] = new Array(256).fill(UNMAPPED);
  if (source === 'builtin:ascii') {
    for (let b = 0; b < 128; b++) t[b] = b;
    return t;
  }
  if (source === 'builtin:x-user-defined') {
    // https://encoding.spec.whatwg.org/#x-user-defined-decoder
    for (let b = 0; b < 256; b++) t[b] = b < 0x80 ? b : 0xf780 + b - 0x80;
    return t;
  }
  if (source.endsWith(ASCII_CONTROLS)) {
    const u = parseTable(dataDir, source.slice(0, -ASCII_CONTROLS.length));
    if (u[0x1a] !== 0x1c || u[0x1c] !== 0x7f || u[0x7f] !== 0x1a)
      throw new Error(`${source}: not the IBM control exchange`);
    u[0x1a] = 0x1a;
    u[0x1c] = 0x1c;
    u[0x7f] = 0x7f;
    return u;
  }
  const text = readFileSync(join(dataDir, source), 'utf8');
  const set = (b: number, cp: number): void => {
    if (b < 0 || b > 255) throw new Error(`${source}: byte ${b} out of range`);
    if (cp > 0xffff || cp === UNMAPPED)
      throw new Error(`${source}: code point ${cp} not a BMP character`);
    if (t[b] === UNMAPPED) t[b] = cp;
  };
  if (source.startsWith('whatwg-encoding/')) {
    for (let b = 0; b < 128; b++) t[b] = b;
    for (const line of text.split('\n')) {
      const m = /^\s*(\d+)\s+0x([0-9A-F]+)/.exec(line);
      if (m) set(128 + Number(m[1]), Number.parseInt(m[2]!, 16));
    }
  } else if (source.startsWith('glibc-charmaps/')) {
    // glibc's charmap format: `<UXXXX> /xNN NAME`, one byte per line, no ranges in these files.
    for (const line of text.split('\n')) {
      if (line.includes('..')) throw new Error(`${source}: a range ${line}`);
      const m = /^<U([0-9A-F]{4,})>\s+\/x([0-9a-f]{2})\s/.exec(line);
      if (m) set(Number.parseInt(m[2]!, 16), Number.parseInt(m[1]!, 16));
    }
  } else if (source.endsWith('.ucm')) {
    // |0 round trip and |3 reverse fallback decode; |1 fallbacks are encode-only and left out.
    for (const line of text.split('\n')) {
      const m = /^<U([0-9A-F]+)>\s+\\x([0-9A-F]{2})\s+\|([03])/.exec(line);
      if (m) set(Number.parseInt(m[2]!, 16), Number.parseInt(m[1]!, 16));
    }
  } else {
    // Apple's tables leave out the controls; their header: "Mac OS Roman character set uses the
    // standard control characters at 0x00-0x1F and 0x7F".
    if (source.includes('/APPLE/')) for (const b of [...Array(32).keys(), 0x7f]) t[b] = b;
    for (const line of text.split('\n')) {
      const fields = line.replace(/#.*/, '').trim().split(/\s+/);
      if (fields.length < 2 || !fields[0]!.startsWith('0x')) continue;
      if (!/^0x[0-9A-Fa-f]+$/.test(fields[1]!)) throw new Error(`${source}: sequence ${fields[1]}`);
      set(Number.parseInt(fields[0]!, 16), Number.parseInt(fields[1]!, 16));
    }
  }
  return t;
}

/** A source as the generated files name it. */
const shown = (source: string): string =>
  source.replace(ASCII_CONTROLS, ', 0x1A 0x1C 0x7F as the ASCII controls');

const HEADER = (source: string): string =>
  `// Generated by scripts/generate-tables.ts from data/${shown(source)}. Do not edit.\n`;

/** The table as the delta-coded string literal that src/single-byte.ts reads. */
function literal(units: number[]): string {
  let s = "'";
  let byte = 256 - units.length;
  for (const unit of units) {
    const u = (unit - byte++ + 0x20) & 0xffff;
    if (u >= 0x20 && u < 0x7f && u !== 0x27 && u !== 0x5c) s += String.fromCharCode(u);
    else s += `\\u${u.toString(16).padStart(4, '0')}`;
  }
  return `${s}'`;
}

function injective(t: number[]): boolean {
  const seen = new Set<number>();
  for (const u of t) {
    if (u === UNMAPPED) continue;
    if (seen.has(u)) return false;
    seen.add(u);
  }
  return true;
}

const ident = (name: string): string => `c_${name.replace(/[^a-z0-9]/g, '_')}`;

/** The WHATWG multi-byte indexes, each compiled to a compact string (see src/cjk-index.ts). */
export const INDEXES: string[] = [
  'jis0208',
  'jis0212',
  'euc-kr',
  'big5',
  'gb18030',
  'iso-2022-jp-katakana',
];

/** Parse a WHATWG index file into (pointer, code point) pairs in pointer order. */
export function parseIndex(dataDir: string, name: string): [number, number][] {
  const out: [number, number][] = [];
  for (const line of readFileSync(join(dataDir, `whatwg-encoding/index-${name}.txt`), 'utf8').split(
    '\n',
  )) {
    const m = /^\s*(\d+)\s+0x([0-9A-F]+)/.exec(line);
    if (m) out.push([Number(m[1]), Number.parseInt(m[2]!, 16)]);
  }
  return out;
}

// The alphabet of the compact index strings: printable ASCII without '"' and '\\' (93 chars),
// so that the string literal stays one byte per char in any bundle.
const ALPHA = Array.from({ length: 95 }, (_, i) => String.fromCharCode(0x20 + i))
  .filter((c) => c !== '"' && c !== '\\')
  .join('');

/**
 * Compile an index to the compact string src/cjk-index.ts reads. Tokens over a running pointer and
 * code point: one char for a code point delta of 1..50 or -1..-30, 80 + 2 chars to skip pointers,
 * 81 + 3 chars for an absolute code point, 82 + 2 chars for a delta within +-4324.
 */
export function compileIndex(entries: [number, number][]): string {
  const B = ALPHA.length;
  const digits = (v: number, n: number): string => {
    let s = '';
    for (let i = 0; i < n; i++) {
      s = ALPHA[v % B]! + s;
      v = Math.floor(v / B);
    }
    if (v !== 0) throw new Error('value out of range');
    return s;
  };
  let s = '';
  let pointer = 0;
  let cp = 0;
  for (const [p, c] of entries) {
    let gap = p - pointer;
    while (gap > 0) {
      const n = Math.min(gap, B * B - 1);
      s += ALPHA[80]! + digits(n, 2);
      gap -= n;
    }
    const d = c - cp;
    if (d >= 1 && d <= 50) s += ALPHA[d - 1];
    else if (d <= -1 && d >= -30) s += ALPHA[50 - d - 1];
    else if (Math.abs(d) <= 4324) s += ALPHA[82]! + digits(d + 4324, 2);
    else s += ALPHA[81]! + digits(c, 3);
    pointer = p + 1;
    cp = c;
  }
  return s;
}

/**
 * JIS X 0213 from glibc's EUC-JISX0213 charmap (JIS X 0213:2004), as differences from index
 * jis0208: plane 1 at pointer (row - 1) * 94 + cell - 1, plane 2 at 8836 + the same. `diff`: the
 * pointers below 8836 where the two differ (code point 0: none in JIS X 0213) and every single
 * code point of plane 2; `pairs`: pointer, first, second code point of the 25 codes that are two.
 */
export function jisx0213(dataDir: string): { diff: [number, number][]; pairs: number[] } {
  const jis0208 = new Map(parseIndex(dataDir, 'jis0208'));
  const table = new Map<number, number[]>();
  for (const line of readFileSync(join(dataDir, 'glibc-charmaps/EUC-JISX0213'), 'latin1').split(
    '\n',
  )) {
    // `<UXXXX> /xNN/xNN NAME`; the two-code-point codes are commented out: `%<UXXXX><UXXXX> …`.
    const m = /^%?((?:<U[0-9A-F]+>)+)\s+((?:\/x[0-9a-f]{2})+)/.exec(line);
    if (!m) continue;
    const cps = [...m[1]!.matchAll(/<U([0-9A-F]+)>/g)].map((x) => Number.parseInt(x[1]!, 16));
    const b = [...m[2]!.matchAll(/\/x([0-9a-f]{2})/g)].map((x) => Number.parseInt(x[1]!, 16));
    let pointer = -1;
    if (b.length === 2 && b[0]! >= 0xa1) pointer = (b[0]! - 0xa1) * 94 + b[1]! - 0xa1;
    else if (b.length === 3 && b[0] === 0x8f) pointer = 8836 + (b[1]! - 0xa1) * 94 + b[2]! - 0xa1;
    if (pointer >= 0 && !table.has(pointer)) table.set(pointer, cps);
  }
  const diff: [number, number][] = [];
  const pairs: number[] = [];
  for (let p = 0; p < 2 * 8836; p++) {
    const cps = table.get(p);
    if (cps && cps.length === 2) pairs.push(p, cps[0]!, cps[1]!);
    const cp = cps?.length === 1 ? cps[0]! : 0;
    if (p < 8836 ? (jis0208.get(p) ?? 0) !== cp : cp !== 0) diff.push([p, cp]);
  }
  return { diff, pairs };
}

/** The gb18030 ranges as a flat list: pointer, code point, pointer, code point ... */
export function rangesList(dataDir: string): number[] {
  return parseIndex(dataDir, 'gb18030-ranges').flat();
}

/** A Microsoft double-byte table: code (byte, or lead << 8 | trail) -> code point. */
export function parseVendorDbcs(dataDir: string, file: string): Map<number, number> {
  const m = new Map<number, number>();
  for (const line of readFileSync(join(dataDir, file), 'utf8').split('\n')) {
    const f = line.replace(/#.*/, '').trim().split(/\s+/);
    if (f.length >= 2 && f[0]!.startsWith('0x') && f[1]!.startsWith('0x')) {
      m.set(Number.parseInt(f[0]!, 16), Number.parseInt(f[1]!, 16));
    }
  }
  return m;
}

/**
 * CP950 against the WHATWG Big5 index: the Big5 pointers CP950 also has (same code point), as
 * [start, end] runs, and the pointers where CP950 has another code point.
 */
export function cp950Runs(dataDir: string): { runs: number[]; overrides: number[] } {
  const cp950 = parseVendorDbcs(dataDir, 'unicode-mappings/VENDORS/MICSFT/WINDOWS/CP950.txt');
  const runs: number[] = [];
  const overrides: number[] = [];
  let start = -1;
  let prev = -2;
  for (const [p, cp] of parseIndex(dataDir, 'big5')) {
    const t = p % 157;
    const code = ((Math.floor(p / 157) + 0x81) << 8) | (t + (t < 0x3f ? 0x40 : 0x62));
    const v = cp950.get(code);
    if (v === undefined) continue;
    if (v !== cp) overrides.push(p, v);
    if (p !== prev + 1) {
      if (start >= 0) runs.push(start, prev);
      start = p;
    }
    prev = p;
  }
  runs.push(start, prev);
  return { runs, overrides };
}

/** The MARC-8 single-byte graphic sets of data/marc/codetables.xml (EACC: `parseEacc`): final byte -> codes. */
export function parseMarc(
  dataDir: string,
  file = 'marc/codetables.xml',
): Map<string, { code: number; cp: number; combining: boolean }[]> {
  const xml = readFileSync(join(dataDir, file), 'utf8');
  const sets = new Map<string, { code: number; cp: number; combining: boolean }[]>();
  const setRe = /<characterSet[^>]*ISOcode="([0-9A-F]+)"[^>]*>([\s\S]*?)<\/characterSet>/g;
  for (let m = setRe.exec(xml); m; m = setRe.exec(xml)) {
    const final = String.fromCharCode(Number.parseInt(m[1]!, 16));
    if (final === '1') continue;
    const codes: { code: number; cp: number; combining: boolean }[] = [];
    const codeRe = /<code>([\s\S]*?)<\/code>/g;
    for (let c = codeRe.exec(m[2]!); c; c = codeRe.exec(m[2]!)) {
      const marc = /<marc>\s*([0-9A-F]+)\s*<\/marc>/.exec(c[1]!);
      const ucs = /<ucs>\s*([0-9A-F]+)\s*<\/ucs>/.exec(c[1]!);
      const combining = /<isCombining>\s*true/.test(c[1]!);
      // The second halves of the ligature (EB/EC) and of the double tilde (FA/FB) have no code
      // point since LC's revision of September 2004: the first half maps to the double diacritic
      // (U+0361, U+0360) that spans both characters, and the second half maps to nothing. They
      // are kept as combining codes with the code point 0xFFFF, which the decoder reads as "no
      // character" (src/marc.ts) and the encoder never writes.
      if (marc && !ucs && combining && /<ucs>\s*<\/ucs>/.test(c[1]!)) {
        codes.push({ code: Number.parseInt(marc[1]!, 16), cp: 0xffff, combining });
        continue;
      }
      if (!marc || !ucs) continue;
      codes.push({
        code: Number.parseInt(marc[1]!, 16),
        cp: Number.parseInt(ucs[1]!, 16),
        combining,
      });
    }
    sets.set(final, codes);
  }
  return sets;
}

/**
 * The EACC pointer of a MARC-8 EACC code (three 7-bit bytes): the first byte 0x21-0x7E, the other
 * two 0x20-0x7E (the table has 0x212320, "ideographic space in some implementations").
 */
export const eaccPointer = (code: number): number =>
  ((code >> 16) - 0x21) * 9025 + (((code >> 8) & 0xff) - 0x20) * 95 + ((code & 0xff) - 0x20);

/** The EACC set (ISOcode 31) of data/marc/codetables.xml: [code, code point] in code order. */
export function parseEacc(dataDir: string): [number, number][] {
  const xml = readFileSync(join(dataDir, 'marc/codetables.xml'), 'utf8');
  const start = xml.indexOf('ISOcode="31"');
  const body = xml.slice(start, xml.indexOf('</characterSet>', start));
  const out: [number, number][] = [];
  const codeRe = /<code>([\s\S]*?)<\/code>/g;
  for (let c = codeRe.exec(body); c; c = codeRe.exec(body)) {
    const marc = /<marc>\s*([0-9A-F]{6})\s*<\/marc>/.exec(c[1]!);
    const ucs = /<ucs>\s*([0-9A-F]+)\s*<\/ucs>/.exec(c[1]!);
    if (!marc || !ucs) throw new Error(`EACC entry without <marc> or <ucs>: ${c[1]}`);
    out.push([Number.parseInt(marc[1]!, 16), Number.parseInt(ucs[1]!, 16)]);
  }
  return out.sort((a, b) => a[0] - b[0]);
}

/** The CNS 11643 planes this package decodes (ISO-2022-CN designates planes 1 and 2, RFC 1922). */
export const CNS_PLANES = [1, 2] as const;

/**
 * The CNS 11643 mapping of data/cns11643/: for each plane, [pointer, code point] in pointer order,
 * the pointer of row/cell (both 0x21-0x7E) being (row - 0x21) * 94 + cell - 0x21. Codes mapped to
 * Plane 15/16 private use (U+F0000 and up, 538 in plane 1: characters Unicode lacks) are left out,
 * so they decode as errors: no other ISO-2022-CN or EUC-TW implementation writes or reads them.
 */
export function parseCns(dataDir: string): Map<number, [number, number][]> {
  const planes = new Map<number, [number, number][]>(CNS_PLANES.map((p) => [p, []]));
  const text = readFileSync(join(dataDir, 'cns11643/cns11643-planes-1-2.txt'), 'utf8');
  for (const line of text.split('\n')) {
    const m = /^([12])-([2-7][0-9A-F])([2-7][0-9A-F])\t([0-9A-F]+)$/.exec(line);
    if (!m) {
      if (line !== '' && !line.startsWith('#')) throw new Error(`cns11643: bad line ${line}`);
      continue;
    }
    const row = Number.parseInt(m[2]!, 16);
    const cell = Number.parseInt(m[3]!, 16);
    const cp = Number.parseInt(m[4]!, 16);
    if (row > 0x7e || cell < 0x21 || cell > 0x7e) throw new Error(`cns11643: bad code ${line}`);
    if (cp >= 0xf0000) continue;
    planes.get(Number(m[1]))!.push([(row - 0x21) * 94 + cell - 0x21, cp]);
  }
  for (const entries of planes.values()) entries.sort((a, b) => a[0] - b[0]);
  return planes;
}

/**
 * A CNS 11643 plane against the WHATWG Big5 index, whose standard part follows the plane's order
 * for long stretches (Big5 was drawn from CNS 11643): runs `[pointer, Big5 pointer, length]` of at
 * least 4 entries whose code points equal the Big5 index's, and the entries left over.
 */
export function cnsRuns(
  entries: [number, number][],
  big5: [number, number][],
): { runs: number[]; rest: [number, number][] } {
  const b5 = new Map(big5);
  // The first Big5 pointer of each code point, in the standard Big5 area (lead 0xA1 and up) if any.
  const pointerOf = new Map<number, number>();
  for (const [p, cp] of big5)
    if (p >= (0xa1 - 0x81) * 157 && !pointerOf.has(cp)) pointerOf.set(cp, p);
  for (const [p, cp] of big5) if (!pointerOf.has(cp)) pointerOf.set(cp, p);
  const all: [number, number, number][] = [];
  let run: [number, number, number] | undefined;
  for (const [p, cp] of entries) {
    if (run && run[0] + run[2] === p && b5.get(run[1] + run[2]) === cp) {
      run[2]++;
      continue;
    }
    const q = pointerOf.get(cp);
    run = q === undefined ? undefined : [p, q, 1];
    if (run) all.push(run);
  }
  const runs: number[] = [];
  const covered = new Set<number>();
  for (const r of all) {
    if (r[2] < 4) continue;
    runs.push(...r);
    for (let k = 0; k < r[2]; k++) covered.add(r[0] + k);
  }
  return { runs, rest: entries.filter(([p]) => !covered.has(p)) };
}

/** Every generated file, path (relative to the package) to contents. */
export function generate(packageDir: string): Map<string, string> {
  const dataDir = join(packageDir, 'data');
  const files = new Map<string, string>();
  for (const spec of TABLES) {
    const t = parseTable(dataDir, spec.source);
    // src/single-byte.ts treats a reverse-table 0 as unmapped unless the code point is U+0000.
    if (t[0] !== 0) throw new Error(`${spec.name}: byte 0x00 is not U+0000`);
    let asciiLow = true;
    for (let b = 0; b < 128; b++) if (t[b] !== b) asciiLow = false;
    const units = asciiLow ? t.slice(128) : t;
    files.set(
      `src/generated/${spec.name}.ts`,
      `${HEADER(spec.source)}\n/** Bytes ${asciiLow ? '0x80' : '0x00'}-0xFF, delta-coded (see src/single-byte.ts); U+FFFD = unmapped. */\nexport const table: string =\n  ${literal(units)};\n`,
    );
    files.set(
      `src/${spec.name}.ts`,
      `${HEADER(spec.source)}import type { Codec } from './codec';
import { table } from './generated/${spec.name}';
import { singleByte } from './single-byte';

const name = '${spec.name}';

/** The ${spec.name} codec (${spec.whatwg ? 'WHATWG Encoding Standard' : `data/${shown(spec.source)}`}). */
export const codec: Codec = /* @__PURE__ */ singleByte(name, '${spec.family}', table, ${injective(t)});
`,
    );
  }
  for (const name of INDEXES) {
    files.set(
      `src/generated/index-${name}.ts`,
      `${HEADER(`whatwg-encoding/index-${name}.txt`)}\n/** The ${name} index, compiled (see src/cjk-index.ts). */\nexport const index: string =\n  ${JSON.stringify(compileIndex(parseIndex(dataDir, name)))};\n`,
    );
  }
  files.set(
    'src/generated/index-gb18030-ranges.ts',
    `${HEADER('whatwg-encoding/index-gb18030-ranges.txt')}\n/** The gb18030 ranges: pointer, code point, pointer, code point ... */\n// biome-ignore format: a table\nexport const ranges: readonly number[] = [${rangesList(dataDir).join(', ')}];\n`,
  );
  const x0213 = jisx0213(dataDir);
  files.set(
    'src/generated/jisx0213.ts',
    `${HEADER('glibc-charmaps/EUC-JISX0213 and whatwg-encoding/index-jis0208.txt')}\n/** JIS X 0213 where it differs from index jis0208 (plane 2 at 8836 +), compiled (see src/cjk-index.ts). */\nexport const diff: string =\n  ${JSON.stringify(compileIndex(x0213.diff))};\n\n/** The codes that are two code points: pointer, first, second. */\n// biome-ignore format: a table\nexport const pairs: readonly number[] = [${x0213.pairs.join(', ')}];\n`,
  );
  const { runs, overrides } = cp950Runs(dataDir);
  files.set(
    'src/generated/cp950.ts',
    `${HEADER('unicode-mappings/VENDORS/MICSFT/WINDOWS/CP950.txt and whatwg-encoding/index-big5.txt')}\n/** Big5 pointers CP950 has, as [start, end] runs. */\n// biome-ignore format: a table\nexport const runs: readonly number[] = [${runs.join(', ')}];\n\n/** Pointers where CP950 differs: pointer, code point. */\nexport const overrides: readonly number[] = [${overrides.join(', ')}];\n`,
  );
  for (const [file, out, label] of [
    ['marc/codetables.xml', 'marc8', 'MARC-8'],
    ['marc/unimarc.xml', 'unimarc', 'UNIMARC'],
  ] as const) {
    const marcLines: string[] = [];
    for (const [final, codes] of parseMarc(dataDir, file)) {
      // 96 code units for codes 0x20-0x7F of the set (G0 or G1 form alike), U+FFFD where none;
      // the combining ones as a string of their 7-bit codes; C1 pairs; whether it is a G1 set.
      const units: number[] = new Array(96).fill(0xfffd);
      let combining = '';
      const c1: number[] = [];
      let high = 0;
      for (const { code, cp, combining: comb } of codes) {
        if (code >= 0x80 && code < 0xa0) {
          c1.push(code, cp);
          continue;
        }
        if (code >= 0xa0) high++;
        const low = code & 0x7f;
        if (low < 0x20 || units[low - 0x20] !== 0xfffd) continue;
        units[low - 0x20] = cp;
        if (comb) combining += String.fromCharCode(low);
      }
      const g1 = high * 2 > codes.length;
      marcLines.push(
        `  ${JSON.stringify(final)}: [${JSON.stringify(String.fromCharCode(...units))}, ${JSON.stringify(combining)}, [${c1.join(', ')}], ${g1}],`,
      );
    }
    files.set(
      `src/generated/${out}.ts`,
      `${HEADER(file)}\n/** ${label} sets by final byte: [code units of 0x20-0x7F, combining codes, C1 code/code point pairs, G1 set]. */\n// biome-ignore format: a table\nexport const sets: Record<string, [string, string, number[], boolean]> = {\n${marcLines.join('\n')}\n};\n`,
    );
  }
  files.set(
    'src/generated/eacc.ts',
    `${HEADER('marc/codetables.xml (EACC, ISOcode 31)')}\n/** The MARC-8 EACC set, compiled as an index over \`eaccPointer\` (see src/marc.ts and src/cjk-index.ts). */\nexport const index: string =\n  ${JSON.stringify(compileIndex(parseEacc(dataDir).map(([code, cp]) => [eaccPointer(code), cp])))};\n`,
  );
  const big5 = parseIndex(dataDir, 'big5');
  const cnsLines: string[] = [];
  for (const [plane, entries] of parseCns(dataDir)) {
    const { runs, rest } = cnsRuns(entries, big5);
    cnsLines.push(
      `/** Plane ${plane}: runs [pointer, Big5 pointer, length] taken from index Big5. */\n// biome-ignore format: a table\nexport const plane${plane}Runs: readonly number[] = [${runs.join(', ')}];\n\n/** Plane ${plane}: the other entries, compiled (see src/cjk-index.ts). */\nexport const plane${plane}: string =\n  ${JSON.stringify(compileIndex(rest))};\n`,
    );
  }
  files.set(
    'src/generated/cns11643.ts',
    `${HEADER('cns11643/cns11643-planes-1-2.txt and whatwg-encoding/index-big5.txt')}\n// CNS 11643 planes 1 and 2 by pointer (row - 0x21) * 94 + cell - 0x21 (see src/cjk/cns11643.ts).\n\n${cnsLines.join('\n')}`,
  );
  for (const spec of MULTI) {
    const table = parseMulti(dataDir, spec.source);
    // Classes (src/mac-multi.ts): '-' unmapped, 'L' and 'R' tagged, 'A' a right-to-left letter.
    const classes = table.seqs
      .map((s, b) => (s.length === 0 ? '-' : table.tags[b] || (s.some(rtlLetter) ? 'A' : ' ')))
      .join('');
    const asciiLow = table.seqs.slice(0, 128).every((s, b) => s.length === 1 && s[0] === b);
    const chars = table.seqs.slice(asciiLow ? 128 : 0).map((s) => String.fromCharCode(...s));
    files.set(
      `src/generated/${spec.name}.ts`,
      `${HEADER(spec.source)}\n/** Each byte's characters, bytes ${asciiLow ? '0x80' : '0x00'}-0xFF ('' = unmapped). */\n// biome-ignore format: a table\nexport const chars: readonly string[] = [${chars.map((c) => `'${escapeUnits(c)}'`).join(', ')}];\n\n/** Each byte's class, bytes 0x00-0xFF (see src/mac-multi.ts). */\nexport const classes: string =\n  '${classes}';\n`,
    );
    files.set(
      `src/${spec.name}.ts`,
      `${HEADER(spec.source)}import type { Codec } from './codec';
import { chars, classes } from './generated/${spec.name}';
import { macMulti } from './mac-multi';

/** The ${spec.name} codec (data/${shown(spec.source)}; bytes to sequences and direction, see src/mac-multi.ts). */
export const codec: Codec = /* @__PURE__ */ macMulti('${spec.name}', chars, classes, ${multiRoundTrips(table)});
`,
    );
  }
  const all = [
    ...TABLES.map((s) => ({ name: s.name, whatwg: s.whatwg })),
    ...MULTI.map((s) => ({ name: s.name, whatwg: s.whatwg })),
    ...HANDWRITTEN.map((s) => ({ name: s.name, whatwg: s.whatwg })),
  ];
  files.set(
    'src/generated/registry.ts',
    `${HEADER('(the codec list in the script)')}import type { Codec } from '../codec';
${all.map((c) => `import { codec as ${ident(c.name)} } from '../${c.name}';`).join('\n')}

/** Every codec, in listing order. */
export const codecs: readonly Codec[] = [
${all.map((c) => `  ${ident(c.name)},`).join('\n')}
];

/** Names of the codecs that follow the WHATWG Encoding Standard. */
export const whatwgNames: readonly string[] = [
${all
  .filter((c) => c.whatwg)
  .map((c) => `  '${c.name}',`)
  .join('\n')}
];
`,
  );
  const pkgPath = join(packageDir, 'package.json');
  const pkg = JSON.parse(readFileSync(pkgPath, 'utf8')) as Record<string, unknown>;
  const exportsMap: Record<string, unknown> = {};
  // The node build (dist/node, tooling/platform.ts) for the `node` condition, as
  // tooling/package-fields.mjs writes it.
  const entry = (name: string): unknown => ({
    node: {
      import: { types: `./dist/${name}.d.ts`, default: `./dist/node/${name}.js` },
      require: { types: `./dist/${name}.d.cts`, default: `./dist/node/${name}.cjs` },
    },
    import: { types: `./dist/${name}.d.ts`, default: `./dist/${name}.js` },
    require: { types: `./dist/${name}.d.cts`, default: `./dist/${name}.cjs` },
  });
  exportsMap['.'] = entry('index');
  for (const c of all) exportsMap[`./${c.name}`] = entry(c.name);
  // Not a codec: every WHATWG multi-byte codec in one entry (src/whatwg-cjk.ts).
  exportsMap['./whatwg-cjk'] = entry('whatwg-cjk');
  // Not a separate codec: MARC-8 without the EACC table (src/marc-8-no-eacc.ts).
  exportsMap['./marc-8-no-eacc'] = entry('marc-8-no-eacc');
  // JIS X 0213, subpaths only (its table is too big for the main entry; registry.ts names them).
  for (const name of JISX0213_CODECS) exportsMap[`./${name}`] = entry(name);
  exportsMap['./package.json'] = './package.json';
  pkg.exports = exportsMap;
  files.set('package.json', `${JSON.stringify(pkg, null, 2)}\n`);
  files.set('src/generated/cjk-runs.ts', cjkRuns(packageDir));
  return files;
}

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const [path, contents] of generate(packageDir))
    writeFileSync(join(packageDir, path), contents);
}
