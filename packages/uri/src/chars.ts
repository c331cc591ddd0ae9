// Character classes of RFC 3986 Appendix A, one bit each, indexed by ASCII code.
// Built once at load from the ABNF's own character lists; a lookup replaces any regex.

/** `ALPHA / DIGIT / "-" / "." / "_" / "~"` (§2.3). */
export const UNRESERVED = 1;
/** `"!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="` (§2.2). */
export const SUB_DELIM = 2;
/** `":"` */
export const COLON = 4;
/** `"@"` */
export const AT = 8;
/** `"/"` */
export const SLASH = 16;
/** `"?"` */
export const QUESTION = 32;
/** `ALPHA / DIGIT / "+" / "-" / "."`: the characters after a scheme's first letter (§3.1). */
export const SCHEME = 64;

/** userinfo = *( unreserved / pct-encoded / sub-delims / ":" ) (§3.2.1) */
export const USERINFO_MASK: number = UNRESERVED | SUB_DELIM | COLON;
/** reg-name = *( unreserved / pct-encoded / sub-delims ) (§3.2.2) */
export const REG_NAME_MASK: number = UNRESERVED | SUB_DELIM;
/** pchar = unreserved / pct-encoded / sub-delims / ":" / "@" (§3.3) */
export const PCHAR_MASK: number = UNRESERVED | SUB_DELIM | COLON | AT;
/** path characters: pchar and "/" (§3.3) */
export const PATH_MASK: number = PCHAR_MASK | SLASH;
/** query = fragment = *( pchar / "/" / "?" ) (§3.4, §3.5) */
export const QUERY_MASK: number = PATH_MASK | QUESTION;

function build(): Uint8Array {
  const t = new Uint8Array(128);
  const mark = (chars: string, bit: number): void => {
    for (let i = 0; i < chars.length; i++) t[chars.charCodeAt(i)]! |= bit;
  };
  const alpha = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const digit = '0123456789';
  mark(`${alpha}${digit}-._~`, UNRESERVED);
  mark("!$&'()*+,;=", SUB_DELIM);
  mark(':', COLON);
  mark('@', AT);
  mark('/', SLASH);
  mark('?', QUESTION);
  mark(`${alpha}${digit}+-.`, SCHEME);
  return t;
}

/** The class bits of each ASCII character. */
export const CHARS: Uint8Array = /* @__PURE__ */ build();

export { isAlpha, isDigit, isPctAt } from './ascii';

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
