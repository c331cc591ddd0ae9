// Character classes of RFC 3986 Appendix A, one bit each, indexed by ASCII code.
// Built once at load from the ABNF's own character lists; a lookup replaces any regex.
import { isAlpha, isDigit, isPctAt } from './ascii';

/**
 * The class bits of {@link CHARS} and the masks of the productions made of them. An enum, which the
 * bundler inlines as numbers where they are read (an exported `const` stays a variable that an ES
 * module reads through the exporting module's cell).
 */
export enum Bits {
  /** `ALPHA / DIGIT / "-" / "." / "_" / "~"` (§2.3). */
  UNRESERVED = 1,
  /** `"!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="` (§2.2). */
  SUB_DELIM = 2,
  /** `":"` */
  COLON = 4,
  /** `"@"` */
  AT = 8,
  /** `"/"` */
  SLASH = 16,
  /** `"?"` */
  QUESTION = 32,
  /** `ALPHA / DIGIT / "+" / "-" / "."`: the characters after a scheme's first letter (§3.1). */
  SCHEME = 64,
  /** userinfo = *( unreserved / pct-encoded / sub-delims / ":" ) (§3.2.1) */
  USERINFO_MASK = UNRESERVED | SUB_DELIM | COLON,
  /** reg-name = *( unreserved / pct-encoded / sub-delims ) (§3.2.2) */
  REG_NAME_MASK = UNRESERVED | SUB_DELIM,
  /** pchar = unreserved / pct-encoded / sub-delims / ":" / "@" (§3.3) */
  PCHAR_MASK = UNRESERVED | SUB_DELIM | COLON | AT,
  /** path characters: pchar and "/" (§3.3) */
  PATH_MASK = PCHAR_MASK | SLASH,
  /** query = fragment = *( pchar / "/" / "?" ) (§3.4, §3.5) */
  QUERY_MASK = PATH_MASK | QUESTION,
}

function build(): Uint8Array {
  const t = new Uint8Array(128);
  // ALPHA / DIGIT: unreserved and scheme characters
  for (let c = 48; c < 123; c++) if (isAlpha(c) || isDigit(c)) t[c] = Bits.UNRESERVED | Bits.SCHEME;
  const mark = (chars: string, bit: number): void => {
    for (let i = 0; i < chars.length; i++) t[chars.charCodeAt(i)]! |= bit;
  };
  mark('-._~', Bits.UNRESERVED);
  mark("!$&'()*+,;=", Bits.SUB_DELIM);
  mark(':', Bits.COLON);
  mark('@', Bits.AT);
  mark('/', Bits.SLASH);
  mark('?', Bits.QUESTION);
  mark('+-.', Bits.SCHEME);
  return t;
}

/** The class bits of each ASCII character. */
export const CHARS: Uint8Array = /* @__PURE__ */ build();

export { isAlpha, isDigit, isPctAt };

/**
 * RFC 3987 §2.2: `ucschar`, or (when `privateOk`) `iprivate` as well.
 * @param cp - a code point at or above 0x80
 */
export function isUcs(cp: number, privateOk: boolean): boolean {
  if (cp < 0x10000) {
    if (
      (cp >= 0xa0 && cp <= 0xd7ff) ||
      (cp >= 0xf900 && cp <= 0xfdcf) ||
      (cp >= 0xfdf0 && cp <= 0xffef)
    )
      return true;
    return privateOk && cp >= 0xe000 && cp <= 0xf8ff;
  }
  // each plane ends with two noncharacters, excluded from both productions
  if ((cp & 0xffff) > 0xfffd) return false;
  if (cp < 0xe0000) return true;
  if (cp < 0xf0000) return cp >= 0xe1000;
  return privateOk;
}

// Characters §3.2 and §4.1 say an IRI should not show: bidi formatting, spaces and invisible marks
// (the Unicode Default_Ignorable_Code_Point characters inside ucschar: soft hyphen, joiners, fillers,
// variation selectors...).
export function hidden(cp: number): boolean {
  return (
    cp === 0xa0 ||
    cp === 0xad ||
    cp === 0x34f ||
    cp === 0x61c ||
    cp === 0x115f ||
    cp === 0x1160 ||
    cp === 0x1680 ||
    cp === 0x17b4 ||
    cp === 0x17b5 ||
    (cp >= 0x180b && cp <= 0x180f) ||
    (cp >= 0x2000 && cp <= 0x200f) ||
    (cp >= 0x2028 && cp <= 0x202f) ||
    (cp >= 0x205f && cp <= 0x206f) ||
    cp === 0x3000 ||
    cp === 0x3164 ||
    (cp >= 0xfe00 && cp <= 0xfe0f) ||
    cp === 0xfeff ||
    cp === 0xffa0 ||
    (cp >= 0x1bca0 && cp <= 0x1bca3) ||
    (cp >= 0x1d173 && cp <= 0x1d17a)
  );
}
