// Character classes of the charset detector's language models, shared by the detector
// (src/detect.ts) and its generator (scripts/generate-detect.ts), so that both read text alike.
// Imports nothing, so that the generator runs it under Node as it is.

/** ASCII space, digit, punctuation or control: what separates words. */
export const SPACE = 0;
/** A non-ASCII character that is neither a letter nor common punctuation (box drawing, math). */
export const RARE = 1;
/** Common non-ASCII punctuation ({@link PUNCTUATION}). */
export const PUNCT = 2;
/** A letter outside the model's alphabet. */
export const FOREIGN = 3;
/** The first class of ASCII letters: one class (`a`…`z` each) in a Latin-script model, else one. */
export const ASCII_LETTER = 4;
/** Marks a byte whose character rules the encoding out (a control, or unmapped). */
export const INVALID = 255;

/** Non-ASCII punctuation that running text in any script uses. */
export const PUNCTUATION =
  '\u00a0\u00ab\u00bb\u2018\u2019\u201a\u201c\u201d\u201e\u2013\u2014\u2026\u00b7\u2022\u2116\u00a7\u00b0\u20ac';

const LETTER = /^[\p{L}\p{M}]$/u;
const CONTROL = /^[\p{Cc}\p{Cs}\p{Co}\p{Cn}\ufffd]$/u;

/** Lowercase, as one UTF-16 unit where the lowercase is one (Turkish İ lowercases to two). */
export function lower(ch: string): string {
  const l = ch.toLowerCase();
  return l.length === 1 ? l : ch;
}

/**
 * The class of one character in a model whose letters are `alphabet` (lowercase, non-ASCII);
 * `latin` models keep the 26 ASCII letters apart.
 */
export function classOf(ch: string, alphabet: string, latin: boolean): number {
  const c = ch.charCodeAt(0);
  if (c < 0x80) {
    const l = c | 0x20;
    if (l >= 0x61 && l <= 0x7a) return latin ? ASCII_LETTER + l - 0x61 : ASCII_LETTER;
    return SPACE;
  }
  const base = latin ? ASCII_LETTER + 26 : ASCII_LETTER + 1;
  const at = alphabet.indexOf(lower(ch));
  if (at >= 0) return base + at;
  if (LETTER.test(ch)) return FOREIGN;
  if (PUNCTUATION.includes(ch)) return PUNCT;
  if (CONTROL.test(ch)) return INVALID;
  return RARE;
}

/** How many classes a model has. */
export function classCount(alphabet: string, latin: boolean): number {
  return (latin ? ASCII_LETTER + 26 : ASCII_LETTER + 1) + alphabet.length;
}
