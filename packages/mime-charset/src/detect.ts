// Charset detection for bytes that declare nothing: the optional step of the HTML Standard's
// encoding sniffing ("the user agent may attempt to autodetect the character encoding from
// applying frequency analysis or other algorithms to the data stream", WHATWG HTML §13.2.3.2
// step 9), for plain text and mail parts without a charset too.
//
// Each candidate encoding reads the bytes as they come, in one pass, with constant state:
// - a byte sequence the encoding cannot hold rules it out (a control or unmapped byte in a
//   single-byte code page; a malformed multi-byte sequence in the first 64 bytes or in a short
//   text); a rare one in a long multi-byte text (a stray byte) costs instead (STRAY_COST);
// - single-byte code pages score each pair of characters that holds a non-ASCII one with the
//   character-bigram model of their languages (src/generated/detect-models.ts, trained on the
//   UDHR with and without typographic punctuation: scripts/generate-detect.ts), an uppercase
//   letter right after a lowercase one costs, and the share of high bytes among the letters is
//   weighed by the language's share of non-ASCII letters;
// - CJK multi-byte encodings score each character by its rank among the language's frequent ones;
// - UTF-8 wins when it is valid and non-ASCII; BOMs and ISO 2022 escapes settle it; UTF-16 and
//   UTF-32 without a BOM are recognised by their code units, CJK ones by the same frequent
//   characters;
// - the confidences are the readings' scores, their differences halved (CONFIDENCE_TEMPERATURE),
//   scaled by how well the best reading fits its model (and, in a non-Latin script, by the share
//   of its non-ASCII characters that are letters).
// Never UTF-7, HZ or any encoding in which ASCII bytes may mean something else than ASCII (except
// ISO-2022-JP/KR/CN, recognised only by their escapes).
import { codec as cp737 } from '@x/legacy-charsets/cp737';
import { codec as cp855 } from '@x/legacy-charsets/cp855';
import { codec as cp869 } from '@x/legacy-charsets/cp869';
import { codec as ibm866 } from '@x/legacy-charsets/ibm866';
import { codec as iso88592 } from '@x/legacy-charsets/iso-8859-2';
import { codec as iso88595 } from '@x/legacy-charsets/iso-8859-5';
import { codec as iso88596 } from '@x/legacy-charsets/iso-8859-6';
import { codec as iso88597 } from '@x/legacy-charsets/iso-8859-7';
import { codec as iso88598 } from '@x/legacy-charsets/iso-8859-8';
import { codec as iso88599 } from '@x/legacy-charsets/iso-8859-9';
import { codec as iso885915 } from '@x/legacy-charsets/iso-8859-15';
import { codec as iso885913 } from '@x/legacy-charsets/iso-8859-13';
import { codec as koi8r } from '@x/legacy-charsets/koi8-r';
import { codec as koi8u } from '@x/legacy-charsets/koi8-u';
import { codec as windows874 } from '@x/legacy-charsets/windows-874';
import { codec as windows1250 } from '@x/legacy-charsets/windows-1250';
import { codec as windows1251 } from '@x/legacy-charsets/windows-1251';
import { codec as windows1252 } from '@x/legacy-charsets/windows-1252';
import { codec as windows1253 } from '@x/legacy-charsets/windows-1253';
import { codec as windows1254 } from '@x/legacy-charsets/windows-1254';
import { codec as windows1255 } from '@x/legacy-charsets/windows-1255';
import { codec as windows1256 } from '@x/legacy-charsets/windows-1256';
import { codec as windows1257 } from '@x/legacy-charsets/windows-1257';
import { codec as windows1258 } from '@x/legacy-charsets/windows-1258';
import { codec as xMacCyrillic } from '@x/legacy-charsets/x-mac-cyrillic';
import { type Bytes, toBytes } from '@x/utf8';
import { ASCII_LETTER, classCount, classOf, FOREIGN, INVALID, RARE } from './detect-classes';
import { CJK, CJK_UNICODE, EUC_KR_UNMAPPED, GROUPS } from './generated/detect-models';

/** A family of encodings, for {@link DetectHints.family}. */
export type DetectFamily =
  | 'unicode'
  | 'western'
  | 'central'
  | 'baltic'
  | 'turkish'
  | 'vietnamese'
  | 'cyrillic'
  | 'greek'
  | 'hebrew'
  | 'arabic'
  | 'thai'
  | 'japanese'
  | 'korean'
  | 'chinese';

/** What the caller knows besides the bytes. */
export interface DetectHints {
  /**
   * The top-level domain the document came from (`ru`, `jp`, `com`…): favours its encodings, and
   * for Chinese its script's (`cn`: GBK; `tw`, `hk`, `mo`: Big5).
   */
  tld?: string;
  /**
   * The document's language, a BCP 47 tag (`el`, `zh-Hant`…): favours its encodings, and for
   * Chinese those of its script or region (`zh-Hans`, `zh-CN`: GBK; `zh-Hant`, `zh-TW`: Big5).
   */
  language?: string;
  /** Only encodings of this family (Unicode encodings stay candidates with a BOM). */
  family?: DetectFamily;
  /** Whether UTF-8 may be the answer (default true; chardetng's `allow_utf8`). */
  allowUtf8?: boolean;
}

/** Options of {@link detectCharset} and {@link createCharsetDetector}. */
export interface DetectOptions {
  /** What is known besides the bytes. */
  hints?: DetectHints;
}

/** One candidate encoding. */
export interface CharsetCandidate {
  /** The encoding's name: the WHATWG name where it has one (`windows-1251`, `Shift_JIS`), else the IANA or family name (`IBM855`, `cp737`, `UTF-32LE`). */
  readonly encoding: string;
  /**
   * How likely it is, between 0 and 1; the candidates' confidences add up to at most 1, and to
   * less when even the best reading fits its language model badly (text in an encoding the
   * detector does not know, such as IBM852 or ISO-8859-16).
   */
  readonly confidence: number;
  /** The language the scores point to, a BCP 47 tag, where the encoding's models tell one. */
  readonly language?: string;
}

/** A detector fed the bytes in chunks (a crawler's stream): see {@link createCharsetDetector}. */
export interface CharsetDetector {
  /** Reads the next chunk; ignored once {@link CharsetDetector.done} is true. */
  feed(chunk: Bytes): void;
  /** The candidates so far, best first (what {@link detectCharset} returns for the bytes fed). */
  result(): CharsetCandidate[];
  /**
   * True once the answer is certain: a BOM, or every other candidate far behind, so that no
   * further bytes can change the answer much. Never while another encoding reads every byte so
   * far as the leader does (KOI8-U for Russian KOI8-R, ISO-8859-7 for Greek windows-1253 before
   * its first Ά): a later byte could decide between them.
   */
  readonly done: boolean;
}

const UNSEEN = -12; // nats, a character pair the model never saw
const CERTAIN = 200; // nats of lead over the runner-up after which more bytes change nothing

interface SingleByte {
  readonly name: string;
  readonly group: string;
  readonly decode: (b: Uint8Array) => string;
  readonly visual?: boolean | undefined;
  readonly language?: string | undefined;
}

const sb = (
  name: string,
  group: string,
  codec: { decode(b: Uint8Array): string },
  language?: string,
  visual?: boolean,
): SingleByte => ({ name, group, decode: (b) => codec.decode(b), language, visual });

const SINGLE_BYTE: readonly SingleByte[] = [
  sb('windows-1252', 'western', windows1252),
  // ISO-8859-15: ISO-8859-1 with € Š š Ž ž Œ œ Ÿ for ¤ ¦ ¨ ´ ¸ ¼ ½ ¾ (A4-BE), which windows-1252
  // has at 80-9F; text without those bytes reads as windows-1252 does, and the prior says that.
  sb('ISO-8859-15', 'western', iso885915),
  sb('ISO-8859-15', 'baltic', iso885915, 'et'),
  sb('windows-1250', 'central', windows1250),
  sb('ISO-8859-2', 'central', iso88592),
  sb('windows-1257', 'baltic', windows1257),
  sb('ISO-8859-13', 'baltic', iso885913),
  // ISO-8859-13 holds Polish and most Croatian letters too (Polish and Croatian texts in it were
  // answered windows-1250): it is also read with the Central European model.
  sb('ISO-8859-13', 'central', iso885913),
  sb('windows-1254', 'turkish', windows1254, 'tr'),
  sb('ISO-8859-9', 'turkish', iso88599, 'tr'),
  sb('windows-1258', 'vietnamese', windows1258, 'vi'),
  sb('windows-1251', 'cyrillic', windows1251),
  sb('KOI8-R', 'cyrillic', koi8r),
  sb('KOI8-U', 'cyrillic', koi8u),
  sb('IBM866', 'cyrillic', ibm866),
  sb('ISO-8859-5', 'cyrillic', iso88595),
  sb('x-mac-cyrillic', 'cyrillic', xMacCyrillic),
  sb('IBM855', 'cyrillic', cp855),
  sb('windows-1253', 'greek', windows1253, 'el'),
  sb('ISO-8859-7', 'greek', iso88597, 'el'),
  sb('cp737', 'greek', cp737, 'el'),
  sb('IBM869', 'greek', cp869, 'el'),
  sb('windows-1255', 'hebrew', windows1255, 'he'),
  sb('ISO-8859-8', 'hebrew', iso88598, 'he', true),
  sb('windows-1256', 'arabic', windows1256),
  sb('ISO-8859-6', 'arabic', iso88596, 'ar'),
  sb('windows-874', 'thai', windows874, 'th'),
];

const FAMILY_OF: Readonly<Record<string, DetectFamily>> = {
  western: 'western',
  central: 'central',
  baltic: 'baltic',
  turkish: 'turkish',
  vietnamese: 'vietnamese',
  cyrillic: 'cyrillic',
  greek: 'greek',
  hebrew: 'hebrew',
  arabic: 'arabic',
  thai: 'thai',
  Shift_JIS: 'japanese',
  'EUC-JP': 'japanese',
  'ISO-2022-JP': 'japanese',
  'EUC-KR': 'korean',
  'ISO-2022-KR': 'korean',
  Big5: 'chinese',
  GBK: 'chinese',
  gb18030: 'chinese',
  'ISO-2022-CN': 'chinese',
};

// Languages to families, for the `language` hint.
const LANGUAGE_FAMILY: Readonly<Record<string, DetectFamily>> = {
  ...Object.fromEntries(
    'en fr de es pt it nl sv da nb nn no fi is ca ga eu gl af sq'
      .split(' ')
      .map((l) => [l, 'western']),
  ),
  ...Object.fromEntries('pl cs sk hu sl hr ro bs'.split(' ').map((l) => [l, 'central'])),
  ...Object.fromEntries('lt lv et'.split(' ').map((l) => [l, 'baltic'])),
  ...Object.fromEntries('ru uk be bg sr mk kk'.split(' ').map((l) => [l, 'cyrillic'])),
  tr: 'turkish',
  az: 'turkish',
  vi: 'vietnamese',
  el: 'greek',
  he: 'hebrew',
  yi: 'hebrew',
  ar: 'arabic',
  fa: 'arabic',
  ur: 'arabic',
  th: 'thai',
  ja: 'japanese',
  ko: 'korean',
  zh: 'chinese',
};

// Top-level domains to families (a country's language); generic ones say nothing.
const TLD_FAMILY: Readonly<Record<string, DetectFamily>> = {
  ...Object.fromEntries(
    'uk ie fr de at ch es pt br it nl be se dk no fi is ca us au nz mx ar'
      .split(' ')
      .map((t) => [t, 'western']),
  ),
  ...Object.fromEntries('pl cz sk hu si hr ro ba'.split(' ').map((t) => [t, 'central'])),
  ...Object.fromEntries('lt lv ee'.split(' ').map((t) => [t, 'baltic'])),
  ...Object.fromEntries('ru su ua by bg rs mk kz'.split(' ').map((t) => [t, 'cyrillic'])),
  tr: 'turkish',
  vn: 'vietnamese',
  gr: 'greek',
  cy: 'greek',
  il: 'hebrew',
  ...Object.fromEntries('sa eg ae iq ir pk jo sy dz ma tn'.split(' ').map((t) => [t, 'arabic'])),
  th: 'thai',
  jp: 'japanese',
  kr: 'korean',
  cn: 'chinese',
  tw: 'chinese',
  hk: 'chinese',
  mo: 'chinese',
};

/**
 * Which Chinese encoding a hint points to, beside the family: simplified (GBK, gb18030) for `.cn`
 * and `zh-Hans`, `zh-CN` or `zh-SG`; traditional (Big5) for `.tw`, `.hk`, `.mo` and `zh-Hant`,
 * `zh-TW`, `zh-HK` or `zh-MO` (the HTML Standard's locale defaults, §13.2.3.2: zh-CN GB18030,
 * zh-TW Big5). A script subtag decides before a region (`zh-Hant-CN` is traditional).
 */
function chineseScript(tld: string | undefined, tags: readonly string[]): string | undefined {
  if (tags[0] === 'zh') {
    for (const t of tags) if (t === 'hans' || t === 'hant') return t;
    for (const t of tags)
      if (t === 'cn' || t === 'sg') return 'hans';
      else if (t === 'tw' || t === 'hk' || t === 'mo') return 'hant';
  }
  return tld === 'cn' ? 'hans' : tld === 'tw' || tld === 'hk' || tld === 'mo' ? 'hant' : undefined;
}

/** Nats that a non-Latin reading costs with one non-ASCII byte, falling to 0 at FEW_HIGH_BYTES. */
const FEW_HIGH_COST = 12;
const LATIN_FAMILIES: ReadonlySet<string> = new Set([
  'unicode',
  'western',
  'central',
  'baltic',
  'turkish',
  'vietnamese',
]);
const FEW_HIGH_BYTES = 6;
/**
 * What a non-Latin reading with `chars` non-ASCII characters costs: FEW_HIGH_COST for one, falling
 * to 0 at FEW_HIGH_BYTES. Counted in the reading's characters, so that two CJK characters (four
 * bytes: `Żółć` in windows-1250 is Big5 `草單`) say as little as two Cyrillic letters.
 */
const fewChars = (chars: number): number =>
  -FEW_HIGH_COST * Math.max(0, 1 - chars / FEW_HIGH_BYTES);
/** Nats that windows-1252 gains over the other Latin readings with one non-ASCII byte, falling to 0 at FEW_HIGH_WESTERN_BYTES. */
const FEW_HIGH_WESTERN = 4;
const FEW_HIGH_WESTERN_BYTES = 3;
/** Bonus, in nats, for an encoding of the family the hints name, and for the web's defaults. */
const HINT_BONUS = 6;
const PRIOR: Readonly<Record<string, number>> = {
  'windows-1252': 1.5,
  'windows-1251': 1,
  'windows-1250': 0.5,
  'windows-1253': 0.5,
  'windows-1254': 0.5,
  'windows-1255': 0.5,
  'windows-1256': 0.5,
  'windows-1257': 0.5,
  'KOI8-R': 0.5,
  GBK: 0.5,
  Shift_JIS: 0.5,
};

interface Model {
  readonly k: number;
  /** Log-probabilities that a letter is non-ASCII, and ASCII. */
  readonly high: number;
  readonly ascii: number;
  readonly weights: Float32Array;
  readonly alphabet: string;
  readonly latin: boolean;
}

let models: Map<string, Model> | undefined;
function model(group: string, visual: boolean): Model {
  if (!models) {
    models = new Map();
    for (const [name, latin, alphabet, matrix, rate] of GROUPS) {
      const high = Math.log(rate / 1000);
      const ascii = Math.log(1 - rate / 1000);
      const k = classCount(alphabet, latin);
      const logical = new Float32Array(k * k);
      const reversed = new Float32Array(k * k);
      for (let i = 0; i < k; i++)
        for (let j = 0; j < k; j++) {
          const v = Number.parseInt(matrix[i * k + j]!, 36);
          const w = v === 0 ? UNSEEN : (v - 36) / 2;
          logical[i * k + j] = w;
          // Visual order (ISO-8859-8): the text reversed, so each pair reversed.
          reversed[j * k + i] = w;
        }
      models.set(name, { k, high, ascii, weights: logical, alphabet, latin });
      models.set(`${name}/visual`, { k, high, ascii, weights: reversed, alphabet, latin });
    }
  }
  return models.get(visual ? `${group}/visual` : group)!;
}

/** Per encoding: its pair table, and 1 for each byte 80-FF whose character is a letter. */
const pairTables = new Map<string, [Int16Array, Uint8Array]>();
const LOG_HALF = Math.log(0.5);
/** Nats that an uppercase letter right after a lowercase one costs. */
const CASE_SHIFT = 4;
/**
 * Nats that a symbol next to a letter costs (`c½ur`, what windows-1252 makes of ISO-8859-15's
 * `cœur`; `ksi±¿niczka`, windows-1250's reading of ISO-8859-2 Polish), on each side.
 */
const SYMBOL_IN_WORD = 2;
const letter = (c: number): boolean => c === FOREIGN || (c >= ASCII_LETTER && c !== INVALID);
/** Half-nats that mark a pair whose second byte rules the encoding out. */
const RULED_OUT = -32768;

/**
 * The score of every pair of bytes in a single-byte encoding, in half-nats: the model's weight of
 * the pair of their characters' classes when either byte is non-ASCII, 0 for two ASCII bytes,
 * {@link RULED_OUT} when the second byte is one no text holds (a control, or unmapped). 128 KiB
 * per encoding, made once, so that reading a byte is one lookup.
 */
function pairTable(e: SingleByte, m: Model): [Int16Array, Uint8Array] {
  const key = `${e.name}/${e.group}`;
  let tables = pairTables.get(key);
  if (!tables) {
    const cls = new Uint8Array(256);
    const all = e.decode(new Uint8Array(256).map((_, i) => i));
    for (let b = 0; b < 256; b++) {
      // NUL and the C0 controls other than TAB, LF, FF, CR do not occur in text.
      cls[b] =
        b < 0x20 && b !== 9 && b !== 10 && b !== 12 && b !== 13
          ? INVALID
          : classOf(all[b]!, m.alphabet, m.latin);
    }
    // The models fold case; an uppercase letter right after a lowercase one (`рождаютсЯ`, what
    // windows-1251 makes of x-mac-cyrillic's я) is rare in text and costs CASE_SHIFT.
    const lowerCase = new Uint8Array(256);
    const upperCase = new Uint8Array(256);
    for (let b = 0; b < 256; b++) {
      const ch = all[b]!;
      lowerCase[b] = ch !== ch.toUpperCase() && ch === ch.toLowerCase() ? 1 : 0;
      upperCase[b] = ch !== ch.toLowerCase() && ch === ch.toUpperCase() ? 1 : 0;
    }
    const t = new Int16Array(0x10000);
    for (let a = 0; a < 256; a++)
      for (let b = 0; b < 256; b++) {
        const at = (a << 8) | b;
        if (cls[b] === INVALID) t[at] = RULED_OUT;
        else if (cls[a] !== INVALID && (a >= 0x80 || b >= 0x80))
          t[at] =
            Math.round(2 * m.weights[cls[a]! * m.k + cls[b]!]!) -
            (lowerCase[a] === 1 && upperCase[b] === 1 ? 2 * CASE_SHIFT : 0) -
            ((letter(cls[a]!) && cls[b] === RARE) || (cls[a] === RARE && letter(cls[b]!))
              ? 2 * SYMBOL_IN_WORD
              : 0);
      }
    tables = [t, cls.subarray(0x80).map((c) => (letter(c) ? 1 : 0))];
    pairTables.set(key, tables);
  }
  return tables;
}

// --- CJK multi-byte encodings -------------------------------------------------------------------

type CjkKind = 'Shift_JIS' | 'EUC-JP' | 'EUC-KR' | 'Big5' | 'GBK';
const CJK_DATA: Readonly<Record<CjkKind, string>> = {
  Shift_JIS: 'shift_jis',
  'EUC-JP': 'euc-jp',
  'EUC-KR': 'euc-kr',
  Big5: 'big5',
  GBK: 'gbk',
};
const CJK_LANGUAGE: Readonly<Record<CjkKind, string>> = {
  Shift_JIS: 'ja',
  'EUC-JP': 'ja',
  'EUC-KR': 'ko',
  Big5: 'zh-Hant',
  GBK: 'zh-Hans',
};
const ranks = new Map<CjkKind, Uint16Array>();
function rankTable(kind: CjkKind): Uint16Array {
  let t = ranks.get(kind);
  if (!t) {
    t = new Uint16Array(0x10000);
    const codes = CJK[CJK_DATA[kind]]!;
    for (let i = 0; i < codes.length; i++) t[codes.charCodeAt(i)] = i + 1;
    ranks.set(kind, t);
  }
  return t;
}

const RARE_CHAR = -16; // a valid character outside the frequent ones
/**
 * A Big5 character of the frequently used set (常用字, A440-C67E) outside the frequent ones: the
 * UDHR's 1000 most frequent characters are a narrow vocabulary, and text on any other subject
 * (`這是一個字符編碼測試`) is mostly characters of that set. The same for a Hangul syllable of KS X
 * 1001 outside the frequent ones (a Korean text's syllables are mostly among them).
 */
const FREQUENT_AREA = -10;

/**
 * The cost of the first bytes of a character that the input ends before: what an average
 * character of the reading so far costs, and more (a rare character before the first one; an odd
 * one for the start of a four-byte gb18030 sequence), so that a cut costs true CJK text little
 * and a single-byte text misread as CJK much.
 */
function unfinished(s: CjkState): number {
  if (s.kind === 'GBK' && s.pending > 1) return ODD_CHAR - 4;
  const done = s.chars - 1;
  return done > 0 ? Math.min(RARE_CHAR / 2, (6 * s.score) / done) - 4 : RARE_CHAR;
}
/**
 * Nats that UTF-16 costs when the whole input has an odd number of bytes: text in it has an even
 * one, so a stray last byte is a cut or an error; a short odd input is rather another encoding's.
 */
const ODD_LENGTH = 30;
const ODD_CHAR = -18; // half-width katakana, user-defined or extension areas

// Stray bytes. Real pages and mail are not clean: one Latin-1 letter pasted into a Korean page, a
// text cut inside a character and joined to another, a byte lost at a buffer's end. A decoder
// (WHATWG Encoding §4.1, "error mode" replacement) turns each such sequence into one U+FFFD and
// reads on, so a multi-byte reading with rare errors loses a character per error, where any other
// reading of multi-byte text garbles every character. An error in a multi-byte reading (CJK or
// UTF-8) is therefore a cost, not a verdict, while it is rare:
// - none in the first STRAY_FREE_BYTES bytes (there an error says another encoding, not a stray);
// - at most one per STRAY_PER_CHARS characters read (ASCII included), so that a short input with
//   an error is ruled out;
// - at least STRAY_VALID valid multi-byte characters per error (the reading keeps more than it
//   loses);
// each error costs STRAY_COST nats (more than the rarest character). A reading whose errors pass
// STRAY_BURST plus one per STRAY_PER_CHARS characters when it meets one is ruled out for good; one
// that breaks the other bounds only for now is left out of the answer, but not out of the race
// (more text may bring it back), and the stream is not done while it could lead.
// Single-byte code pages stay strict: their unmapped bytes and controls are what tells apart
// the pages of a script.
// Why none in the first 64 bytes, when a rule relative to the characters read so far (as
// STRAY_PER_CHARS is) would tolerate an early one too: a reading with an error stays out of the
// answer until it has read 64 characters per error anyway (standing), so tolerance there could
// only change the answer of texts past 64 characters whose start is invalid; such a start says
// another encoding more often than a stray (chardetng rules an encoding out at its first error,
// lib.rs:3647 test_not_euc_kr: C9 A0 before Korean is not EUC-KR, test/detect-stray.test.ts), and
// a chunk cut inside a character, the one common invalid start, is tolerated for UTF-8
// (UTF8_CUT). The streaming rule stays sound either way: not done while a hidden reading leads.
const STRAY_FREE_BYTES = 64;
const STRAY_PER_CHARS = 64;
const STRAY_VALID = 4;
/**
 * Errors that one stray byte may cause: in a two-byte encoding, one where it falls (it ends the
 * character it cuts, or starts one with a wrong trail byte) and one where the pairs it shifted
 * meet the next ASCII byte; in UTF-8, one where it cuts a character and one where the rest of
 * that character is read.
 */
const STRAY_BURST = 2;
/**
 * The C0 controls that no text holds, as bits: all but TAB, LF, FF, CR, and SO, SI and ESC (which
 * ISO 2022 text holds, and terminal output ESC).
 */
const CONTROLS =
  0xffffffff &
  ~((1 << 0) | (1 << 9) | (1 << 10) | (1 << 12) | (1 << 13) | (1 << 14) | (1 << 15) | (1 << 27));
/** Nats that one invalid byte sequence costs a multi-byte reading that reads past it. */
const STRAY_COST = -24;
/**
 * Nats that UTF-8 costs when the input starts inside a character (1-3 continuation bytes, then
 * the text): what a stray costs, as a decoder shows the cut character as one U+FFFD too, but not
 * an error that rules UTF-8 out in the first 64 bytes, as a chunk of a stream may start anywhere.
 * Only at the start: the same bytes later are an error. (At -4, short Cyrillic and Greek words in
 * IBM866, IBM855 and cp737 whose first byte is 80-BF read as UTF-8; at this cost none of 6,605
 * held-out short inputs changes its answer, and all 1,177 cut UTF-8 documents are UTF-8.)
 */
const UTF8_CUT = STRAY_COST;

/** A multi-byte reading's score and its stray errors. */
interface Strays {
  /** Nats, the errors' cost included. */
  score: number;
  errors: number;
  /** Where the last error began, and the characters read before it. */
  errorAt: number;
  errorMark: number;
}

/** Counts an error at byte `at`, after `done` characters: false when it rules the reading out. */
function readPast(s: Strays, at: number, done: number): boolean {
  // One stray byte can make a decoder emit up to four U+FFFD in a row (it cuts the character it
  // falls in, whose rest is then read alone): an error with no character since the last one and
  // within 4 bytes of it (the longest UTF-8 sequence) is the same stray.
  if (done === s.errorMark && at - s.errorAt < 4) return true;
  if (at < STRAY_FREE_BYTES || s.errors >= STRAY_BURST - 1 + done / STRAY_PER_CHARS) return false;
  s.errors++;
  s.score += STRAY_COST;
  s.errorAt = at;
  s.errorMark = done;
  return true;
}

/**
 * Whether a reading with stray errors, `chars` characters and `valid` multi-byte ones is in the
 * answer.
 */
const standing = (s: Strays, chars: number, valid: number): boolean =>
  s.errors * STRAY_PER_CHARS <= chars && s.errors * STRAY_VALID <= valid;

/** Score of one two-byte character of a CJK encoding. */
function cjkScore(kind: CjkKind, rank: Uint16Array, lead: number, trail: number): number {
  const r = rank[(lead << 8) | trail]!;
  if (r !== 0) return -2.5 - r / 200;
  // Shift_JIS kana and punctuation (JIS X 0208 rows 1, 4, 5): katakana ァ to ミ have a trail byte
  // in 40-7E, as ASCII.
  if (kind === 'Shift_JIS' && lead >= 0x81 && lead <= 0x83) return -6;
  // An ASCII trail byte outside the frequent characters: more likely a letter of a single-byte
  // code page followed by an ASCII letter, where such trails are an extension (GBK's, UHC's).
  // Big5 and Shift_JIS give half of their own table trail bytes 40-7E (Big5's first 63 cells of
  // each lead; the odd JIS X 0208 rows): there it says nothing, and a CJK character glued to an
  // ASCII letter costs already (LATIN_ADJACENT).
  if (trail < 0x80 && kind !== 'Big5' && kind !== 'Shift_JIS') return ODD_CHAR - 4;
  switch (kind) {
    case 'Shift_JIS': // JIS X 0208 row 4-5 (kana), row 1 (punctuation)
      return lead === 0x82 || lead === 0x83 || lead === 0x81 ? -6 : lead >= 0x88 ? RARE_CHAR : -9;
    case 'EUC-JP':
      return lead === 0xa4 || lead === 0xa5 || lead === 0xa1 ? -6 : lead >= 0xb0 ? RARE_CHAR : -9;
    case 'EUC-KR': // KS X 1001 Hangul (rows 16-40); the UHC extension is rare in text
      return lead >= 0xb0 && lead <= 0xc8 && trail >= 0xa1
        ? FREQUENT_AREA
        : lead >= 0xa1 && trail >= 0xa1
          ? RARE_CHAR
          : ODD_CHAR;
    case 'Big5': // symbols (A1-A3), frequently used characters (A4-C6), less used (C9-F9)
      return lead < 0xa4 ? -9 : lead <= 0xc6 ? FREQUENT_AREA : lead <= 0xf9 ? RARE_CHAR : ODD_CHAR;
    // GBK: GB 2312 area (lead and trail A1-FE) or the GBK extension. Not GB 2312's level 1 as
    // Big5's frequent set: the bytes of Cyrillic, Arabic and Thai pages fall in its rows (measured:
    // short texts of those pages then read as GBK); GBK's frequent characters are the UDHR's and
    // those of modern written Chinese instead (scripts/generate-detect.ts).
    default:
      return lead >= 0xa1 && trail >= 0xa1 ? RARE_CHAR : ODD_CHAR;
  }
}

interface CjkState extends Strays {
  readonly kind: CjkKind;
  readonly rank: Uint16Array;
  alive: boolean;
  /** How many bytes of an unfinished character are pending (0-3), and the first of them. */
  pending: number;
  lead: number;
  /** The second byte of a three-byte EUC-JP character (8F, row, cell). */
  mid: number;
  fourByte: boolean;
  /** Characters begun (non-ASCII). */
  chars: number;
  /** ASCII characters read. */
  ascii: number;
  /** Whether the last character was a half-width katakana (then `lead` is its byte). */
  kana: boolean;
  /** What the last character was: NEXT_TO_OTHER, NEXT_TO_LATIN (an ASCII letter) or NEXT_TO_CJK. */
  next: number;
}

// EUC-KR two-byte codes that its decoder leaves unmapped (src/generated/detect-models.ts), read
// once into a 64 KiB array.
let eucKrUnmapped: Uint8Array | undefined;
function unmappedInEucKr(code: number): boolean {
  if (!eucKrUnmapped) {
    eucKrUnmapped = new Uint8Array(0x10000);
    const runs = EUC_KR_UNMAPPED;
    for (let i = 0; i < runs.length; i += 2)
      eucKrUnmapped.fill(1, runs.charCodeAt(i) + 0x8000, runs.charCodeAt(i + 1) + 0x8001);
  }
  return eucKrUnmapped[code] === 1;
}

/**
 * Whether a JIS X 0208 row and cell is empty in JIS X 0213 plane 1 too (JIS X 0213:2004, whose
 * Shift_JIS-2004 and EUC-JIS-2004 fill most cells that JIS X 0208 leaves empty): then no text
 * holds the pair. The cells: row 4, 92-94; row 8, 63-70 and 93-94; row 12, 84-92; row 13, 56-62
 * (chardetng's lib.rs names the same cells as Shift_JIS bytes).
 */
function x0213Gap(row: number, cell: number): boolean {
  return (
    (row === 4 && cell >= 92) ||
    (row === 8 && ((cell >= 63 && cell <= 70) || cell >= 93)) ||
    (row === 12 && cell >= 84 && cell <= 92) ||
    (row === 13 && cell >= 56 && cell <= 62)
  );
}

/**
 * Nats that a CJK character right before or after an ASCII letter costs: Ääni in windows-1252
 * reads as a Hangul syllable before `ni` in EUC-KR, `Rock ’n Roll` as a kanji between `k` and
 * `n` in Shift_JIS; CJK text seldom glues its characters to Latin words.
 */
const LATIN_ADJACENT = -8;
const NEXT_TO_OTHER = 0;
const NEXT_TO_LATIN = 1;
const NEXT_TO_CJK = 2;

/** Nats of a half-width katakana right after another. */
const HALF_KANA = -7;
/** Nats of a voicing or prolonged-sound mark (ﾞ ﾟ ｰ) that fits the half-width katakana before it. */
const HALF_KANA_MARK = -1;

/**
 * Whether a half-width katakana may follow another (Shift_JIS bytes): a dakuten (DE) only after
 * ｳ and ｶ to ﾄ, ﾊ to ﾎ; a handakuten (DF) only after ﾊ to ﾎ.
 */
function voicingFits(prev: number, b: number): boolean {
  if (b === 0xde)
    return prev === 0xb3 || (prev >= 0xb6 && prev <= 0xc4) || (prev >= 0xca && prev <= 0xce);
  if (b === 0xdf) return prev >= 0xca && prev <= 0xce;
  return true;
}

/** Feeds one byte to a CJK candidate: returns false when the byte rules it out. */
function cjkByte(s: CjkState, b: number): boolean {
  if (s.pending === 0 && b < 0x80) {
    s.kana = false;
    s.ascii++;
    if ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x7a) {
      if (s.next === NEXT_TO_CJK) s.score += LATIN_ADJACENT;
      s.next = NEXT_TO_LATIN;
    } else s.next = NEXT_TO_OTHER;
    return b >= 0x20 || b === 9 || b === 10 || b === 12 || b === 13;
  }
  const single = s.pending === 0;
  if (!cjkStep(s, b)) return false;
  if (!single) s.kana = false;
  if (s.pending === 0) {
    if (s.next === NEXT_TO_LATIN) s.score += LATIN_ADJACENT;
    s.next = NEXT_TO_CJK;
  }
  return true;
}

/**
 * Reads past a byte that {@link cjkByte} refused, at offset `at` of the input, as a decoder does
 * (the sequence so far is one error; an ASCII byte that ends it is read again on its own): false
 * when the error rules the candidate out (see {@link STRAY_COST}). A control character is never a
 * stray: no text holds it.
 */
function cjkStray(s: CjkState, b: number, at: number): boolean {
  const trail = s.pending !== 0;
  if ((!trail && b < 0x80) || !readPast(s, at, s.chars + s.ascii - (trail ? 1 : 0))) return false;
  s.pending = 0;
  s.kana = false;
  s.next = NEXT_TO_OTHER;
  return !trail || b >= 0x80 || cjkByte(s, b);
}

/** Reads one non-ASCII byte, or a byte after a lead, of a CJK candidate: false when it rules it out. */
function cjkStep(s: CjkState, b: number): boolean {
  if (s.pending === 0) {
    let lead = false;
    switch (s.kind) {
      case 'Shift_JIS':
        if (b >= 0xa1 && b <= 0xdf) {
          // Half-width katakana (JIS X 0201): odd alone, common in a run (ﾊｰﾄﾞｳｪｱ), where a
          // voicing mark follows only a kana that takes it.
          s.chars++;
          s.score += !s.kana
            ? ODD_CHAR
            : !voicingFits(s.lead, b)
              ? ODD_CHAR
              : b >= 0xde || b === 0xb0
                ? HALF_KANA_MARK
                : HALF_KANA;
          s.lead = b;
          s.kana = true;
          return true;
        }
        // JIS X 0208 leads (rows 1-94); the IBM and NEC extension rows are not text.
        lead = (b >= 0x81 && b <= 0x9f) || (b >= 0xe0 && b <= 0xea);
        break;
      case 'EUC-JP':
        lead = b === 0x8e || b === 0x8f || (b >= 0xa1 && b <= 0xfe);
        break;
      case 'Big5':
        // Big5 proper (A1-F9); the HKSCS and user-defined leads are not in plain text.
        lead = b >= 0xa1 && b <= 0xf9;
        break;
      default:
        lead = b >= 0x81 && b <= 0xfe;
    }
    if (!lead) return false;
    s.lead = b;
    s.pending = 1;
    s.chars++;
    return true;
  }
  const lead = s.lead;
  switch (s.kind) {
    case 'Shift_JIS':
      if (!((b >= 0x40 && b <= 0x7e) || (b >= 0x80 && b <= 0xfc))) return false;
      // The JIS X 0208 row and cell: each lead byte holds two rows.
      if (
        x0213Gap(
          (lead - (lead >= 0xe0 ? 0xc1 : 0x81)) * 2 + (b >= 0x9f ? 2 : 1),
          b >= 0x9f ? b - 0x9e : b - (b >= 0x80 ? 0x40 : 0x3f),
        )
      )
        return false;
      break;
    case 'EUC-JP':
      if (b < 0xa1 || b > 0xfe) return false;
      if (lead === 0x8e) {
        if (b > 0xdf) return false;
        s.score += ODD_CHAR; // half-width katakana
        s.pending = 0;
        return true;
      }
      if (lead === 0x8f) {
        if (s.pending === 1) {
          s.mid = b;
          s.pending = 2;
          return true;
        }
        // JIS X 0212, or JIS X 0213 plane 2 (EUC-JIS-2004) in the rows that JIS X 0212 leaves
        // empty: row 94 of plane 2 ends at cell 86, and no text holds its cells 87-94.
        if (s.mid === 0xfe && b > 0xa0 + 86) return false;
        s.score += ODD_CHAR;
        s.pending = 0;
        return true;
      }
      if (x0213Gap(lead - 0xa0, b - 0xa0)) return false;
      break;
    case 'EUC-KR':
      if (b < 0x41 || b > 0xfe || (b > 0x5a && b < 0x61) || (b > 0x7a && b < 0x81)) return false;
      // KS X 1001's user-defined rows (41 and 94: leads C9 and FE) hold private characters; any
      // other pair the decoder leaves unmapped is no text.
      if (unmappedInEucKr((lead << 8) | b) && !((lead === 0xc9 || lead === 0xfe) && b >= 0xa1))
        return false;
      break;
    case 'Big5':
      if ((b >= 0x40 && b <= 0x7e) || (b >= 0xa1 && b <= 0xfe)) break;
      return false;
    default:
      // GBK / gb18030: two bytes, or four (lead, 30-39, 81-FE, 30-39).
      if (s.pending === 1) {
        if (b >= 0x30 && b <= 0x39) {
          s.pending = 2;
          return true;
        }
        if (b < 0x40 || b > 0xfe || b === 0x7f) return false;
        break;
      }
      if (s.pending === 2) {
        if (b < 0x81 || b > 0xfe) return false;
        s.pending = 3;
        return true;
      }
      if (b < 0x30 || b > 0x39) return false;
      s.fourByte = true;
      s.score += ODD_CHAR;
      s.pending = 0;
      return true;
  }
  s.score += cjkScore(s.kind, s.rank, lead, b);
  s.pending = 0;
  return true;
}

// --- Unicode ------------------------------------------------------------------------------------

/** Whether a BMP or supplementary code point is plausible in text (no controls, no noncharacters). */
function plausible(c: number): boolean {
  if (c < 0x20) return c === 9 || c === 10 || c === 13;
  if (c < 0x7f) return true;
  if (c < 0xa0) return false;
  if (c >= 0xd800 && c <= 0xdfff) return false;
  if (c >= 0xe000 && c <= 0xf8ff) return false;
  if (c === 0xfffe || c === 0xffff || c === 0xfeff) return false;
  return c <= 0x10ffff;
}

let unicodeRanks: Uint16Array | undefined;

/**
 * A code unit of UTF-16 without a BOM, in nats: a script's letters, common punctuation, CJK. A
 * CJK character scores as in the legacy CJK encodings (by its rank among the frequent characters
 * of Japanese, Korean and Chinese, {@link CJK_UNICODE}), so that bytes of Shift_JIS or GBK, whose
 * pairs all read as ideographs, are not taken for UTF-16 unless those ideographs are common ones.
 * Positive: the unit rules UTF-16 out.
 */
function plausible16(c: number): number {
  if (c < 0x80) return c >= 0x20 || c === 9 || c === 10 || c === 13 ? -1 : 1;
  if (c >= 0xa0 && c <= 0x24f) return -3;
  if (c >= 0x370 && c <= 0x6ff) return -3;
  if ((c >= 0xe00 && c <= 0xe7f) || (c >= 0x1e00 && c <= 0x1eff)) return -3;
  if (c >= 0x2010 && c <= 0x2027) return -3;
  if (c >= 0x3000 && c <= 0x303f) return -4; // CJK punctuation
  if (
    (c >= 0x3040 && c <= 0x30ff) ||
    (c >= 0x4e00 && c <= 0x9fff) ||
    (c >= 0xac00 && c <= 0xd7a3)
  ) {
    if (!unicodeRanks) {
      unicodeRanks = new Uint16Array(0x10000);
      for (let i = 0; i < CJK_UNICODE.length; i++) unicodeRanks[CJK_UNICODE.charCodeAt(i)] = i + 1;
    }
    const r = unicodeRanks[c]!;
    if (r !== 0) return -2.5 - r / 200;
    return c < 0x3100 ? -6 : c >= 0xac00 ? -8 : RARE_CHAR;
  }
  if (c >= 0xff01 && c <= 0xff5e) return -6;
  if (c >= 0xd800 && c <= 0xdfff) return 0; // a surrogate, checked as a pair by the caller
  return 1;
}

/**
 * A multi-byte UTF-8 character, in nats: as a UTF-16 code unit without a BOM
 * ({@link plausible16}: a script's letter 3, a CJK character by its rank), and as a rare CJK
 * character where UTF-16 would rule the unit out (a symbol, an astral character), which text in
 * UTF-8 may hold. A few valid UTF-8 characters are not free: `тем` in IBM866 (E2 A5 AC) is one
 * valid character, the arrow U+296C, which tells little against a Cyrillic reading.
 */
function unicodeChar(c: number): number {
  const p = c > 0xffff ? 1 : plausible16(c);
  return p < 0 ? p : RARE_CHAR;
}

interface Utf16State {
  readonly le: boolean;
  alive: boolean;
  score: number;
  odd: number; // a pending first byte, or -1
  high: number; // a pending high surrogate, or 0
  units: number;
}

function utf16Unit(s: Utf16State, u: number): void {
  if (s.high !== 0) {
    if (u < 0xdc00 || u > 0xdfff) s.alive = false;
    s.high = 0;
    s.score -= 6;
    return;
  }
  const p = plausible16(u);
  if (p > 0) s.alive = false;
  else if (p === 0) {
    if (u > 0xdbff) s.alive = false;
    else s.high = u;
  } else s.score += p;
  s.units++;
}

// --- The detector -------------------------------------------------------------------------------

/** A candidate: its score (nats), how well the text fits its model (0-1), its language. */
interface Ranked {
  encoding: string;
  score: number;
  fit: number;
  language?: string;
  /** A single-byte reading, whose fit {@link Detector.letterShare} scales in a non-Latin script. */
  sb?: SbState;
  /** Left out of the answer for now: its stray errors are too many for the text read so far. */
  hidden?: boolean;
}

// How well a text fits the best reading's model, from its score per high byte: measured on
// uchardet's test texts (bench/detect-real-text.bench.ts), right single-byte readings score -12 to -15
// nats per high byte and wrong ones (unknown encodings read by a known one) -15.5 to -23; right
// CJK readings -1.8 to -4.8 per byte, a wrong one -6.1. The fit is a sigmoid around the middle.
const SB_FIT_CENTER = -16.5;
const SB_FIT_SLOPE = 1.5;
const FIT_PRIOR_BYTES = 2;
const CJK_FIT_CENTER = -5.75;
const CJK_FIT_SLOPE = 3;
const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));
/**
 * What the score differences are divided by before they become confidences (the ranking does not
 * change). The single-byte scores add the log-probabilities of overlapping pairs, so that each
 * character counts twice, and the CJK ones score characters more generously than their frequency
 * says: the differences overstate the evidence. The mean log-loss of the right reading (the sum of
 * the confidences of the candidates that decode the bytes as their encoding does), 1 -> 2: held-out
 * UDHR documents of 16 B to 1 KiB (5 starts) 0.070 -> 0.051; 20-character windows of chardetng's
 * test sentences 0.73 -> 0.62; uchardet's test files whole and cut to 1000, 200 and 64 bytes
 * 0.1355 -> 0.1306 (0.1362 at 3).
 */
const CONFIDENCE_TEMPERATURE = 2;
/** The fit of a CJK reading that scored `score` on `bytes` bytes, shrunk as the single-byte one. */
const cjkFit = (score: number, bytes: number): number =>
  sigmoid(
    CJK_FIT_SLOPE *
      ((score + CJK_FIT_CENTER * FIT_PRIOR_BYTES) / (bytes + FIT_PRIOR_BYTES) - CJK_FIT_CENTER),
  );

interface SbState {
  readonly e: SingleByte;
  readonly pairs: Int16Array;
  /** 1 for each byte 80-FF that reads as a letter. */
  readonly letters: Uint8Array;
  readonly model: Model;
  alive: boolean;
  /** Half-nats. */
  score: number;
  /** The previous byte (a space before the first). */
  prev: number;
}

class Detector implements CharsetDetector {
  private readonly hints: DetectHints;
  /** The families the `tld` and `language` hints name (read once: `rank` asks per candidate). */
  private readonly hintedFamilies: readonly (DetectFamily | undefined)[];
  /** `hans` or `hant` when the hints name a Chinese script ({@link chineseScript}). */
  private readonly script: string | undefined;
  private readonly sb: SbState[];
  private readonly cjk: CjkState[];
  private readonly utf16: Utf16State[];
  private bomChecked = false;
  private bom: string | null = null;
  private head: number[] = []; // the first bytes, until the BOM is settled
  private total = 0;
  private high = 0; // bytes >= 0x80
  private seen = new Uint32Array(128); // how many of each byte 80-FF
  private letters = 0; // ASCII letters
  private nul = 0;
  private ctl = 0; // C0 controls that no text holds (see CONTROLS)
  private escState = 0; // bytes of an escape sequence seen so far
  private escBytes: number[] = [];
  private iso2022: string | null = null;
  private utf8Alive = true;
  private utf8Need = 0;
  private utf8Lower = 0x80;
  private utf8Upper = 0xbf;
  private utf8Chars = 0; // multi-byte characters
  private utf8Ascii = 0;
  private utf8Cp = 0; // the code point so far of an unfinished character
  /** Continuation bytes that the input starts with (a cut inside its first character), 0-3. */
  private utf8Cut = 0;
  private utf8: Strays = { score: 0, errors: 0, errorAt: 0, errorMark: -1 };
  private utf32 = [true, true]; // LE, BE
  private utf32Units = 0;
  private utf32Buf = [0, 0, 0, 0];
  private certain = false;
  /** The whole input is known to have an odd length (set by {@link detectCharset}). */
  oddEnd = false;

  constructor(options?: DetectOptions) {
    this.hints = options?.hints ?? {};
    const tld = this.hints.tld?.toLowerCase().replace(/^\./, '');
    const tags = this.hints.language?.toLowerCase().split(/[-_]/) ?? [];
    this.hintedFamilies = [
      tld === undefined ? undefined : TLD_FAMILY[tld],
      tags[0] === undefined ? undefined : LANGUAGE_FAMILY[tags[0]],
    ];
    this.script = chineseScript(tld, tags);
    this.sb = SINGLE_BYTE.map((e) => {
      const m = model(e.group, e.visual === true);
      const [pairs, letters] = pairTable(e, m);
      return { e, pairs, letters, model: m, alive: true, score: 0, prev: 0x20 };
    });
    this.cjk = (Object.keys(CJK_DATA) as CjkKind[]).map((kind) => ({
      kind,
      rank: rankTable(kind),
      alive: true,
      score: 0,
      pending: 0,
      lead: 0,
      mid: 0,
      fourByte: false,
      chars: 0,
      ascii: 0,
      errors: 0,
      errorAt: 0,
      errorMark: -1,
      next: 0,
      kana: false,
    }));
    this.utf16 = [true, false].map((le) => ({
      le,
      alive: true,
      score: 0,
      odd: -1,
      high: 0,
      units: 0,
    }));
  }

  get done(): boolean {
    return this.certain;
  }

  feed(chunk: Bytes): void {
    if (this.certain) return;
    const bytes = toBytes(chunk, 'chunk');
    let start = 0;
    if (!this.bomChecked) {
      while (this.head.length < 4 && start < bytes.length) this.head.push(bytes[start++]!);
      if (this.head.length < 4) return;
      this.settleHead();
      if (this.certain) return;
    }
    if (start < bytes.length) this.scan(start === 0 ? bytes : bytes.subarray(start));
    this.checkCertain();
  }

  /** Checks the BOM in the first bytes and reads them (at 4 bytes, or when asked for a result). */
  private settleHead(): void {
    if (this.bomChecked) return;
    this.checkBom();
    if (!this.certain) this.scan(Uint8Array.from(this.head));
  }

  private checkBom(): void {
    this.bomChecked = true;
    const [a, b, c, d] = this.head;
    if (a === 0xff && b === 0xfe && c === 0 && d === 0) this.bom = 'UTF-32LE';
    else if (a === 0 && b === 0 && c === 0xfe && d === 0xff) this.bom = 'UTF-32BE';
    else if (a === 0xef && b === 0xbb && c === 0xbf) this.bom = 'UTF-8';
    else if (a === 0xff && b === 0xfe) this.bom = 'UTF-16LE';
    else if (a === 0xfe && b === 0xff) this.bom = 'UTF-16BE';
    if (this.bom !== null) this.certain = true;
  }

  private scan(bytes: Uint8Array): void {
    const n = bytes.length;
    this.total += n;
    let high = 0;
    let nul = 0;
    let ctl = 0;
    let letters = 0;
    const seen = this.seen;
    for (let i = 0; i < n; i++) {
      const b = bytes[i]!;
      if (b >= 0x80) {
        high++;
        seen[b - 0x80]!++;
      } else {
        if (b === 0) nul++;
        else if (b < 0x20 && ((CONTROLS >> b) & 1) === 1) ctl++;
        if (b === 0x1b || this.escState > 0) this.escape(b);
        if ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x7a) letters++;
      }
    }
    this.high += high;
    this.nul += nul;
    this.ctl += ctl;
    this.letters += letters;
    if (this.utf8Alive) this.scanUtf8(bytes);
    this.scanUtf16And32(bytes);
    if (nul > 0) {
      // NUL bytes: none of the ASCII-compatible encodings.
      for (const s of this.sb) s.alive = false;
      for (const s of this.cjk) s.alive = false;
      this.utf8Alive = false;
      return;
    }
    for (const s of this.sb) if (s.alive) scanSingleByte(s, bytes);
    const start = this.total - n;
    for (const s of this.cjk) {
      if (!s.alive) continue;
      for (let i = 0; i < n; i++)
        if (!cjkByte(s, bytes[i]!) && !cjkStray(s, bytes[i]!, start + i)) {
          s.alive = false;
          break;
        }
    }
  }

  private escape(b: number): void {
    // ISO 2022 designations: ESC $ B, ESC $ @, ESC ( J, ESC ( B (JP), ESC $ ) C (KR),
    // ESC $ ) A, ESC $ ) G, ESC $ * H (CN).
    if (b === 0x1b) {
      this.escState = 1;
      this.escBytes = [];
      return;
    }
    this.escBytes.push(b);
    const s = String.fromCharCode(...this.escBytes);
    let found: string | null = null;
    if (s === '$B' || s === '$@' || s === '(J' || s === '(I') found = 'ISO-2022-JP';
    else if (s === '$)C') found = 'ISO-2022-KR';
    else if (s === '$)A' || s === '$)G' || s === '$*H') found = 'ISO-2022-CN';
    if (found !== null) {
      if (this.iso2022 === null) this.iso2022 = found;
      this.escState = 0;
    } else if (this.escBytes.length >= 3) this.escState = 0;
  }

  private scanUtf8(bytes: Uint8Array): void {
    // WHATWG Encoding §8.1.1 UTF-8 decoder, without the replacement: well-formed or not. An error
    // is read past as the decoder does (a byte that cannot continue the sequence starts anew),
    // while it is a stray (see STRAY_COST).
    let need = this.utf8Need;
    let lower = this.utf8Lower;
    let upper = this.utf8Upper;
    let chars = this.utf8Chars;
    let ascii = this.utf8Ascii;
    let cp = this.utf8Cp;
    let score = 0;
    const start = this.total - bytes.length;
    let i = 0;
    for (; i < bytes.length; i++) {
      const b = bytes[i]!;
      if (need === 0) {
        if (b < 0x80) ascii++;
        else if (b >= 0xc2 && b <= 0xdf) {
          need = 1;
          cp = b & 0x1f;
        } else if (b >= 0xe0 && b <= 0xef) {
          if (b === 0xe0) lower = 0xa0;
          if (b === 0xed) upper = 0x9f;
          need = 2;
          cp = b & 0x0f;
        } else if (b >= 0xf0 && b <= 0xf4) {
          if (b === 0xf0) lower = 0x90;
          if (b === 0xf4) upper = 0x8f;
          need = 3;
          cp = b & 0x07;
        } else if (b <= 0xbf && start + i === this.utf8Cut && this.utf8Cut < 3) {
          // A chunk from the middle of a stream may start inside a character: up to 3 continuation
          // bytes (the rest of a four-byte sequence) before anything else are the cut character's
          // tail, one U+FFFD to a decoder (WHATWG Encoding §8.1.1), which costs UTF8_CUT once.
          if (this.utf8Cut++ === 0) score += UTF8_CUT;
        } else if (!readPast(this.utf8, start + i, ascii + chars)) break;
        continue;
      }
      if (b < lower || b > upper) {
        if (!readPast(this.utf8, start + i, ascii + chars)) break;
        need = 0;
        i--; // read again, as the start of a character
      } else {
        cp = (cp << 6) | (b & 0x3f);
        if (--need === 0) {
          chars++;
          score += unicodeChar(cp);
        }
      }
      lower = 0x80;
      upper = 0xbf;
    }
    // An error past tolerance rules UTF-8 out.
    if (i < bytes.length) this.utf8Alive = false;
    this.utf8.score += score;
    this.utf8Cp = cp;
    this.utf8Need = need;
    this.utf8Lower = lower;
    this.utf8Upper = upper;
    this.utf8Chars = chars;
    this.utf8Ascii = ascii;
  }

  private scanUtf16And32(bytes: Uint8Array): void {
    for (const s of this.utf16) {
      if (!s.alive) continue;
      let i = 0;
      if (s.odd >= 0 && bytes.length > 0) {
        const first = s.odd;
        const second = bytes[0]!;
        utf16Unit(s, s.le ? first | (second << 8) : (first << 8) | second);
        s.odd = -1;
        i = 1;
      }
      for (; i + 1 < bytes.length && s.alive; i += 2) {
        const x = bytes[i]!;
        const y = bytes[i + 1]!;
        utf16Unit(s, s.le ? x | (y << 8) : (x << 8) | y);
      }
      if (i < bytes.length) s.odd = bytes[i]!;
    }
    if (!this.utf32[0] && !this.utf32[1]) return;
    const buf = this.utf32Buf;
    for (let i = 0; i < bytes.length; i++) {
      buf[this.utf32Units++ & 3] = bytes[i]!;
      if ((this.utf32Units & 3) === 0) {
        const le = (buf[0]! | (buf[1]! << 8) | (buf[2]! << 16) | (buf[3]! << 24)) >>> 0;
        const be = ((buf[0]! << 24) | (buf[1]! << 16) | (buf[2]! << 8) | buf[3]!) >>> 0;
        if (!plausible(le)) this.utf32[0] = false;
        if (!plausible(be)) this.utf32[1] = false;
        if (!this.utf32[0] && !this.utf32[1]) return;
      }
    }
  }

  /**
   * Certain: at least 256 non-ASCII bytes, and every other candidate far behind. A candidate
   * that reads every byte seen so far as the leader does (KOI8-U for Russian KOI8-R text,
   * ISO-8859-7 for Greek windows-1253 text before the first Ά) is not: the first byte they read
   * apart, however late, may rule either out or favour either.
   */
  private checkCertain(): void {
    if (this.allRuledOut()) {
      // Nothing can read the bytes, whatever follows: no need to read on.
      this.certain = true;
      return;
    }
    if (this.high < 256) return;
    const ranked = this.rank(true, true);
    if (ranked.length === 0 || ranked[0]!.hidden === true) return;
    if (ranked.length > 1 && ranked[0]!.score - ranked[1]!.score <= CERTAIN) return;
    this.certain = true;
  }

  /** Whether every candidate is ruled out for good (ISO 2022 and ASCII too: bytes 80-FF or NUL). */
  private allRuledOut(): boolean {
    return (
      (this.high > 0 || this.nul > 0) &&
      !this.utf8Alive &&
      !this.utf32[0] &&
      !this.utf32[1] &&
      this.utf16.every((s) => !s.alive) &&
      this.sb.every((s) => !s.alive) &&
      this.cjk.every((s) => !s.alive)
    );
  }

  /**
   * How much a reading in a script whose letters are all non-ASCII looks like text by the share of
   * its non-ASCII characters that are letters: at least half in any Cyrillic, Greek, Arabic, Hebrew
   * or Thai text, where a reading of other bytes may make symbols of them all (`§@§@`, what
   * x-mac-cyrillic makes of Big5's 一 repeated). 1 from half on, less below, shrunk as the fit.
   */
  private letterShare(s: SbState): number {
    let letters = 0;
    for (let b = 0; b < 128; b++) if (s.letters[b] === 1) letters += this.seen[b]!;
    return Math.min(1, (2 * (letters + FIT_PRIOR_BYTES)) / (this.high + FIT_PRIOR_BYTES));
  }

  private allowed(encoding: string, family: DetectFamily): boolean {
    const f = this.hints.family;
    if (encoding === 'UTF-8' && this.hints.allowUtf8 === false) return false;
    return f === undefined || f === family;
  }

  /**
   * The live candidates with their scores (nats), best first; `midway`: also those in the middle
   * of a character; `hidden`: also those whose stray errors leave them out of the answer for now.
   */
  private rank(midway = false, hidden = false): Ranked[] {
    const out: Ranked[] = [];
    // With few non-ASCII characters, a script whose letters are all non-ASCII (Cyrillic, Greek,
    // CJK…) costs: ` © `, `n.º1` or `è` say too little to leave the Latin encodings. A CJK reading
    // counts its characters (below), the single-byte ones their bytes.
    const fewHigh = fewChars(this.high);
    const fewHighWestern =
      this.high === 0 ? 0 : FEW_HIGH_WESTERN * Math.max(0, 1 - this.high / FEW_HIGH_WESTERN_BYTES);
    const add = (
      encoding: string,
      family: DetectFamily,
      score: number,
      language?: string,
      fit = 1,
      stands = true,
      sb?: SbState,
    ) => {
      if (!this.allowed(encoding, family) || !(stands || hidden)) return;
      const latin = LATIN_FAMILIES.has(family);
      const bonus =
        (PRIOR[encoding] ?? 0) +
        (this.hintedFamilies.includes(family) ? HINT_BONUS : 0) +
        (family === 'chinese' &&
        this.script === (encoding === 'Big5' ? 'hant' : encoding === 'ISO-2022-CN' ? '' : 'hans')
          ? HINT_BONUS
          : 0) +
        (latin ? (encoding === 'windows-1252' ? fewHighWestern : 0) : fewHigh);
      const r: Ranked = { encoding, score: score + bonus, fit };
      if (language !== undefined) r.language = language;
      if (!stands) r.hidden = true;
      if (sb !== undefined && !latin) r.sb = sb;
      out.push(r);
    };
    if (this.bom !== null) {
      out.push({ encoding: this.bom, score: 0, fit: 1 });
      return out;
    }
    // BOM-less UTF-16 and UTF-32 are of the family 'unicode' like any other encoding.
    const unicode = this.hints.family === undefined || this.hints.family === 'unicode';
    if (this.nul > 0 || this.high > 0 || this.ctl > 0) {
      // UTF-32 before UTF-16: its units are UTF-16 units too.
      // A candidate in the middle of a character is left out of the answer (the bytes so far end
      // in a piece of one), but not out of the race: a slice may end anywhere.
      if (this.utf32Units >= 4 && (midway || (this.utf32Units & 3) === 0) && unicode) {
        const score = -this.utf32Units / 16;
        if (this.utf32[0]) out.push({ encoding: 'UTF-32LE', score, fit: 1 });
        if (this.utf32[1]) out.push({ encoding: 'UTF-32BE', score, fit: 1 });
      }
      for (const s of this.utf16)
        if (s.alive && s.units > 0 && (midway || s.high === 0) && unicode)
          out.push({
            encoding: s.le ? 'UTF-16LE' : 'UTF-16BE',
            // Without NUL bytes, it competes with the ASCII-compatible encodings on their terms.
            score:
              s.score -
              (this.nul > 0 ? 0 : 4 * s.units - (this.high + this.letters) * LOG_HALF) -
              (this.oddEnd ? ODD_LENGTH : 0),
            // With NUL bytes nothing else reads the text; without, its units are CJK characters
            // (or Cyrillic words, whose bytes are controls and letters) and fit as the legacy CJK
            // encodings' do, by the score per byte.
            fit: this.nul > 0 ? 1 : cjkFit(s.score, 2 * s.units),
          });
    }
    if (this.nul === 0) {
      // A control that no text holds costs UTF-8 (and ASCII) as a stray byte does: UTF-16 text
      // of Cyrillic words (U+0410-U+044F) has no byte 80-FF and no NUL, but a control (04) in
      // every other byte, which must not pass for ASCII.
      const controls = this.ctl * STRAY_COST;
      if (this.iso2022 !== null && this.high === 0) {
        add(this.iso2022, FAMILY_OF[this.iso2022]!, 0);
      }
      if (this.high === 0) {
        // ASCII: every ASCII-compatible encoding reads it alike; name the two that say so.
        if (this.iso2022 === null) {
          add('UTF-8', 'unicode', controls);
          add('windows-1252', 'western', controls - (PRIOR['windows-1252']! + 0.5));
        }
      } else {
        // The share of high bytes among the letters, as likely as the model's share of non-ASCII
        // letters makes it: Latin text (ASCII words with a few accents or typographic quotes
        // between them) is unlikely in Greek, Cyrillic or CJK, whose letters are high bytes, and
        // unlikely in a language with many accented letters. CJK as the non-Latin models.
        const cjkRate = (this.high + this.letters) * LOG_HALF;
        if (this.utf8Alive && this.utf8Chars > 0)
          add(
            'UTF-8',
            'unicode',
            // A last character left unfinished costs as a rare one, as in a CJK reading (in the
            // answer only: while the stream is read, a chunk may end anywhere).
            this.utf8.score + controls + (this.utf8Need > 0 && !midway ? RARE_CHAR : 0),
            undefined,
            1,
            standing(this.utf8, this.utf8Ascii + this.utf8Chars, this.utf8Chars),
          );
        for (const s of this.sb)
          if (s.alive)
            add(
              s.e.name,
              FAMILY_OF[s.e.group]!,
              s.score / 2 + this.high * s.model.high + this.letters * s.model.ascii,
              s.e.language,
              // Shrunk towards a middling fit, so that one or two high bytes say little.
              sigmoid(
                SB_FIT_SLOPE *
                  ((s.score / 2 + SB_FIT_CENTER * FIT_PRIOR_BYTES) / (this.high + FIT_PRIOR_BYTES) -
                    SB_FIT_CENTER),
              ),
              true,
              s,
            );
        // A CJK reading whose last character is unfinished stays in the answer: the bytes so far
        // may end anywhere (a prefix, a chunk), as an unfinished UTF-8 character does. The piece
        // costs as an uncommon character.
        for (const s of this.cjk)
          if (s.alive) {
            const name = s.kind === 'GBK' && s.fourByte ? 'gb18030' : s.kind;
            add(
              name,
              FAMILY_OF[name]!,
              s.score +
                (s.pending === 0 ? 0 : unfinished(s)) +
                cjkRate +
                fewChars(s.chars) -
                fewHigh,
              CJK_LANGUAGE[s.kind],
              cjkFit(s.score, this.high),
              standing(s, s.chars + s.ascii, s.chars - s.errors),
            );
          }
      }
    }
    out.sort((a, b) => b.score - a.score);
    // An encoding read with two models (ISO-8859-13) counts once, with its better reading.
    const named = new Set<string>();
    return out.filter((r) => !named.has(r.encoding) && named.add(r.encoding));
  }

  result(): CharsetCandidate[] {
    this.settleHead();
    // Once certain, the reading stopped wherever it was, perhaps inside a character.
    const ranked = this.rank(this.certain);
    if (ranked.length === 0) {
      // Nothing reads the bytes as text: the Western fallback, as browsers do.
      return [{ encoding: 'windows-1252', confidence: 0 }];
    }
    const top = ranked[0]!.score;
    let sum = 0;
    for (const r of ranked) sum += Math.exp((r.score - top) / CONFIDENCE_TEMPERATURE);
    // How well the best reading fits its model scales every confidence: text in an encoding the
    // detector does not know (IBM852, ISO-8859-16) is read worst-best by one it knows, badly.
    const best = ranked[0]!;
    const fit = best.fit * (best.sb === undefined ? 1 : this.letterShare(best.sb));
    return ranked.slice(0, 8).map((r) => {
      const confidence = (fit * Math.exp((r.score - top) / CONFIDENCE_TEMPERATURE)) / sum;
      return r.language === undefined
        ? { encoding: r.encoding, confidence }
        : { encoding: r.encoding, confidence, language: r.language };
    });
  }
}

function scanSingleByte(s: SbState, bytes: Uint8Array): void {
  const pairs = s.pairs;
  let prev = s.prev;
  let score = s.score;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    const w = pairs[(prev << 8) | b]!;
    if (w === RULED_OUT) {
      s.alive = false;
      return;
    }
    score += w;
    prev = b;
  }
  s.prev = prev;
  s.score = score;
}

/**
 * Creates a detector to feed a document in chunks: it keeps a constant amount of state whatever
 * the length, and says when it is {@link CharsetDetector.done | done} (certain), so that a
 * crawler can stop reading.
 *
 * @param options - `hints`: `tld`, `language`, `family`, `allowUtf8`.
 * @returns A detector: `feed(chunk)`, `result()`, `done`.
 * @throws never (a `TypeError` from `feed` when a chunk is not bytes).
 * @example
 * ```ts
 * const detector = createCharsetDetector();
 * detector.feed(new Uint8Array([0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2, 0x20]));
 * detector.feed(new Uint8Array([0xec, 0xe8, 0xf0]));
 * detector.result()[0].encoding; // => 'windows-1251'
 * ```
 */
export function createCharsetDetector(options?: DetectOptions): CharsetDetector {
  return new Detector(options);
}

/**
 * Guesses the encoding of bytes that do not declare it (no BOM, no header, no `<meta>`): the
 * candidates that can read them, best first, each with a confidence and, where the models tell
 * it, a language. Invalid byte sequences rule an encoding out, but for a rare stray byte in a long
 * multi-byte text (at most one per 64 characters, none in the first 64 bytes), which costs, as
 * does UTF-8 that starts inside a character (1-3 continuation bytes first, a chunk of a stream);
 * the rest are ranked by character n-gram models trained on the Universal Declaration of Human
 * Rights. ASCII-only bytes give only UTF-8 and windows-1252; never UTF-7 or HZ.
 * {@link https://html.spec.whatwg.org/multipage/parsing.html#determining-the-character-encoding | WHATWG HTML §13.2.3.2 step 9}.
 *
 * @param input - The bytes: what `TextDecoder.decode` takes.
 * @param options - `hints`: `tld`, `language`, `family`, `allowUtf8`.
 * @returns The candidates, best first (at least one).
 * @throws `TypeError` when `input` is not bytes.
 * @example
 * ```ts
 * // "Κωδικοποίηση" in windows-1253: shown as "Êùäéêïðïßçóç" when read as Latin-1.
 * const bytes = new Uint8Array([0xca, 0xf9, 0xe4, 0xe9, 0xea, 0xef, 0xf0, 0xef, 0xdf, 0xe7, 0xf3, 0xe7]);
 * detectCharset(bytes)[0].encoding; // => 'windows-1253'
 * ```
 */
export function detectCharset(input: Bytes, options?: DetectOptions): CharsetCandidate[] {
  const d = new Detector(options);
  const bytes = toBytes(input, 'bytes');
  d.oddEnd = (bytes.length & 1) === 1;
  // In 4 KiB slices, so that a long document stops being read once the answer is certain.
  for (let at = 0; at < bytes.length && !d.done; at += 4096) d.feed(bytes.subarray(at, at + 4096));
  return d.result();
}
