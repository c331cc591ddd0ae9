// Writes src/generated/detect-models.ts: the charset detector's language models, trained on the
// training paragraphs of the UDHR translations of scripts/detect-corpus.ts (data/detect/SOURCES.md).
//   - one character-bigram model per group of languages that share single-byte encodings: the
//     log-probability of each pair of character classes (src/detect-classes.ts) among the pairs
//     that hold a non-ASCII character, in steps of half a nat, as one base-36 digit (0: unseen);
//   - for each CJK multi-byte encoding, the most frequent characters of its language, as their
//     two-byte codes in that encoding, most frequent first (for GBK, merged with the characters of
//     modern written Chinese by their frequency in the Unihan database's kHanyuPinlu field);
//   - the most frequent CJK characters of the four CJK languages together, as Unicode, for
//     UTF-16 without a BOM.
// The UDHR translations have straight quotes and hyphens only, while web pages and mail are full
// of typographic punctuation (“ ” ’ — …, bytes 80-9F in windows-1252): each training paragraph is
// also read once with such punctuation around its words (typographic()).
// Run with `pnpm run build` of @x/legacy-charsets done, then `node scripts/generate-detect.ts`;
// test/detect-generated.test.ts regenerates in memory and compares.
import { readFileSync, writeFileSync } from 'node:fs';
import { decode, encode } from '@x/legacy-charsets';
import { classCount, classOf, INVALID, lower, SPACE } from '../src/detect-classes.ts';
import { LANGUAGES, toEncodable, trainingText } from './detect-corpus.ts';

const LETTER = /^[\p{L}\p{M}]$/u;

/** The encoding that trains each single-byte group (it holds every letter of the group). */
export const GROUP_ENCODING: Record<string, string> = {
  western: 'windows-1252',
  central: 'windows-1250',
  baltic: 'windows-1257',
  turkish: 'windows-1254',
  vietnamese: 'windows-1258',
  cyrillic: 'windows-1251',
  greek: 'windows-1253',
  hebrew: 'windows-1255',
  arabic: 'windows-1256',
  thai: 'windows-874',
};
const LATIN = new Set(['western', 'central', 'baltic', 'turkish', 'vietnamese']);

/** The CJK multi-byte encodings and the language group whose frequent characters they score. */
export const CJK_ENCODING: Record<string, string> = {
  shift_jis: 'ja',
  'euc-jp': 'ja',
  'euc-kr': 'ko',
  big5: 'zh-hant',
  gbk: 'zh-hans',
};

export interface GroupModel {
  readonly name: string;
  readonly latin: boolean;
  readonly alphabet: string;
  readonly matrix: string;
  /** The share of the group's letters that are non-ASCII, in thousandths, within 10-500. */
  readonly rate: number;
}

/**
 * The paragraph with typographic punctuation: curly quotes and apostrophes for straight ones, and
 * deterministically some words quoted (“word”), some followed by a dash ( — ) and the end by an
 * ellipsis, and some by a price in euros, so that the models see such punctuation next to the letters of their script.
 */
export function typographic(p: string): string {
  let n = 0;
  const words = p
    .replace(/"([^"]*)"/g, '\u201c$1\u201d')
    .replace(/'/g, '\u2019')
    .split(' ')
    .map((w) => {
      n++;
      if (w === '') return w;
      if (n % 11 === 0) return `\u201c${w}\u201d`;
      if (n % 13 === 0) return `${w} \u2014`;
      if (n % 17 === 0) return `\u2018${w}\u2019`;
      if (n % 19 === 0) return `${w} 5\u00a0\u20ac`;
      return w;
    });
  return `${words.join(' ')}\u2026`;
}

function trainGroup(name: string): GroupModel {
  const encoding = GROUP_ENCODING[name]!;
  const latin = LATIN.has(name);
  const texts = LANGUAGES.filter((x) => x.group === name).flatMap((x) =>
    trainingText(x.udhr).flatMap((p) => [
      toEncodable(p, encoding).text,
      toEncodable(typographic(p), encoding).text,
    ]),
  );
  const freq = new Map<string, number>();
  for (const t of texts)
    for (const ch of t) {
      if (ch.charCodeAt(0) < 0x80 || !LETTER.test(ch)) continue;
      const l = lower(ch);
      freq.set(l, (freq.get(l) ?? 0) + 1);
    }
  const alphabet = [...freq]
    .filter(([, n]) => n >= 2)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, 90)
    .map(([c]) => c)
    .join('');
  const k = classCount(alphabet, latin);
  const counts = new Float64Array(k * k);
  let total = 0;
  for (const t of texts) {
    let prev = SPACE;
    let prevHigh = false;
    for (const ch of `${t}\n`) {
      const high = ch.charCodeAt(0) >= 0x80;
      let cls = classOf(ch, alphabet, latin);
      if (cls === INVALID) cls = SPACE;
      if (high || prevHigh) {
        counts[prev * k + cls]!++;
        total++;
      }
      prev = cls;
      prevHigh = high;
    }
  }
  let matrix = '';
  for (let i = 0; i < k * k; i++) {
    const n = counts[i]!;
    const v = n === 0 ? 0 : Math.max(1, Math.min(35, Math.round(2 * Math.log(n / total)) + 36));
    matrix += v.toString(36);
  }
  // How many of the letters are non-ASCII: few in Western text, about all in Greek. Kept within
  // 1-50%, as text in any script holds ASCII words (names, markup) and a Latin one never lacks
  // non-ASCII letters for good.
  let letters = 0;
  let high = 0;
  for (const t of texts.filter((_, i) => i % 2 === 0))
    for (const ch of t)
      if (LETTER.test(ch)) {
        letters++;
        if (ch.charCodeAt(0) >= 0x80) high++;
      }
  const rate = Math.max(10, Math.min(500, Math.round((1000 * high) / letters)));
  return { name, latin, alphabet, matrix, rate };
}

/** How many frequent characters each CJK encoding's model keeps. */
const CJK_CHARS = 1000;

/**
 * Characters of modern written Chinese, most frequent first: the kHanyuPinlu field of the Unihan
 * database (data/detect/unihan-khanyupinlu.txt), whose counts are those of the Xiandai Hanyu Pinlu
 * Cidian, summed over a character's readings; equal counts by code point.
 */
export function modernChinese(): string[] {
  const lines = readFileSync(
    new URL('../data/detect/unihan-khanyupinlu.txt', import.meta.url),
    'utf8',
  ).split('\n');
  const counts: [string, number][] = [];
  for (const line of lines) {
    const m = /^U\+([0-9A-F]+)\tkHanyuPinlu\t(.*)$/.exec(line);
    if (m === null) continue;
    let n = 0;
    for (const c of m[2]!.matchAll(/\((\d+)\)/g)) n += Number(c[1]);
    counts.push([String.fromCodePoint(Number.parseInt(m[1]!, 16)), n]);
  }
  return counts
    .sort((a, b) => b[1] - a[1] || a[0].codePointAt(0)! - b[0].codePointAt(0)!)
    .map(([ch]) => ch);
}

/** The two-byte codes of `chars` in `encoding`, in their order (others left out). */
function twoByteCodes(chars: Iterable<string>, encoding: string): string[] {
  const codes: string[] = [];
  for (const ch of chars) {
    let bytes: Uint8Array;
    try {
      bytes = encode(ch, encoding);
    } catch {
      continue;
    }
    if (bytes.length === 2) codes.push(String.fromCharCode((bytes[0]! << 8) | bytes[1]!));
  }
  return codes;
}

function trainCjk(encoding: string): string {
  const group = CJK_ENCODING[encoding]!;
  const freq = new Map<string, number>();
  for (const x of LANGUAGES.filter((y) => y.group === group))
    for (const p of trainingText(x.udhr))
      for (const ch of p) if (ch.charCodeAt(0) >= 0x80) freq.set(ch, (freq.get(ch) ?? 0) + 1);
  const udhr = twoByteCodes(
    [...freq].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([ch]) => ch),
    encoding,
  );
  if (group !== 'zh-hans') return udhr.slice(0, CJK_CHARS).join('');
  // The UDHR's Chinese has some 470 characters, a narrow vocabulary: everyday text (天气, 公园) is
  // mostly others, whose GBK bytes then read better as Hangul in EUC-KR. Each character takes its
  // better rank of the two lists, the UDHR's and modern written Chinese's.
  const best = new Map<string, [rank: number, udhr: number, modern: number]>();
  udhr.forEach((code, i) => {
    best.set(code, [i, i, Infinity]);
  });
  // GB 2312's area only: the list counts traditional characters too (這 and 这), which GBK holds
  // in its extension and simplified text does not use.
  const gb2312 = (code: string) =>
    code.charCodeAt(0) >= 0xa1a1 && (code.charCodeAt(0) & 0xff) >= 0xa1;
  twoByteCodes(modernChinese(), encoding)
    .filter(gb2312)
    .forEach((code, j) => {
      const b = best.get(code);
      if (b === undefined) best.set(code, [j, Infinity, j]);
      else if (j < b[0]) b[0] = j;
    });
  return [...best]
    .sort((a, b) => a[1][0] - b[1][0] || a[1][1] - b[1][1] || a[1][2] - b[1][2])
    .slice(0, CJK_CHARS)
    .map(([code]) => code)
    .join('');
}

/** How many frequent CJK characters the UTF-16 model keeps. */
const UNICODE_CJK = 480;

/**
 * The most frequent CJK characters (kana, hangul, ideographs: U+3040 and above) of the four CJK
 * languages, by their best rank in any of them, most frequent first.
 */
function trainUnicodeCjk(): string {
  const best = new Map<string, number>();
  for (const group of ['ja', 'ko', 'zh-hans', 'zh-hant']) {
    const freq = new Map<string, number>();
    for (const x of LANGUAGES.filter((y) => y.group === group))
      for (const p of trainingText(x.udhr))
        for (const ch of p) {
          const c = ch.charCodeAt(0);
          if (c >= 0x3040 && c < 0xd800) freq.set(ch, (freq.get(ch) ?? 0) + 1);
        }
    [...freq]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .forEach(([ch], i) => {
        best.set(ch, Math.min(best.get(ch) ?? i, i));
      });
  }
  return [...best]
    .sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, UNICODE_CJK)
    .map(([ch]) => ch)
    .join('');
}

/**
 * The EUC-KR two-byte codes (lead 81-FE, trail 41-5A, 61-7A, 81-FE) that its decoder (WHATWG
 * Encoding §14.1) does not map, as runs: two characters per run, its first and last code less
 * 0x8000. Codes with another trail byte (which the detector rules out by range) join the runs.
 */
export function unmappedRuns(encoding: string): string {
  const runs: number[] = [];
  let mappedSince = true; // a mapped code since the last run's end
  for (let lead = 0x81; lead <= 0xfe; lead++)
    for (let trail = 0x41; trail <= 0xfe; trail++) {
      if ((trail > 0x5a && trail < 0x61) || (trail > 0x7a && trail < 0x81)) continue;
      let mapped: boolean;
      try {
        mapped = decode(new Uint8Array([lead, trail]), encoding, { fatal: true }).length > 0;
      } catch {
        mapped = false;
      }
      if (mapped) {
        mappedSince = true;
        continue;
      }
      const code = ((lead << 8) | trail) - 0x8000;
      if (mappedSince) runs.push(code, code);
      else runs[runs.length - 1] = code;
      mappedSince = false;
    }
  return String.fromCharCode(...runs);
}

/** The generated module's source. */
export function generateDetectModels(): string {
  const groups = Object.keys(GROUP_ENCODING).map(trainGroup);
  const cjk = Object.keys(CJK_ENCODING).map((e) => [e, trainCjk(e)] as const);
  let s =
    '// Generated by scripts/generate-detect.ts from the UDHR translations of the `udhr` package\n' +
    "// and Unihan's kHanyuPinlu frequencies (data/detect/SOURCES.md). Do not edit.\n\n" +
    '/**\n * Single-byte language models: name, Latin script, alphabet, class-pair log-probabilities, share\n * of non-ASCII letters (thousandths).\n */\n' +
    'export const GROUPS: readonly (readonly [string, boolean, string, string, number])[] = [\n';
  for (const g of groups)
    s += `  [${JSON.stringify(g.name)}, ${g.latin}, ${JSON.stringify(g.alphabet)}, ${JSON.stringify(g.matrix)}, ${g.rate}],\n`;
  s +=
    '];\n\n/** Frequent characters of CJK encodings, as two-byte codes, most frequent first. */\n' +
    'export const CJK: Readonly<Record<string, string>> = {\n';
  for (const [e, codes] of cjk) s += `  ${JSON.stringify(e)}: ${JSON.stringify(codes)},\n`;
  s +=
    '};\n\n/** Frequent CJK characters of Japanese, Korean and Chinese together, most frequent first. */\n' +
    `export const CJK_UNICODE = ${JSON.stringify(trainUnicodeCjk())};\n`;
  s +=
    '\n/** EUC-KR two-byte codes that its decoder does not map, as runs (scripts/generate-detect.ts). */\n' +
    `export const EUC_KR_UNMAPPED = ${JSON.stringify(unmappedRuns('euc-kr'))};\n`;
  return s;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(
    new URL('../src/generated/detect-models.ts', import.meta.url),
    generateDetectModels(),
  );
}
