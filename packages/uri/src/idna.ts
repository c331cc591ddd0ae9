import { Bits, CHARS, hidden, isUcs } from './chars';
import { UriSyntaxError } from './errors';
import { decodePunycode, encodePunycode, MAX_LENGTH } from './punycode';

function separator(c: number): boolean {
  // U+002E and the dots IDNA treats as label separators (UTS #46 §4: U+3002, U+FF0E, U+FF61)
  return c === 0x2e || c === 0x3002 || c === 0xff0e || c === 0xff61;
}

// toLowerCase, but Cherokee goes to its capitals U+13A0-U+13F5: Unicode case folding (CaseFolding.txt) and
// the UTS #46 mapping table map the small letters U+AB70-U+ABBF and U+13F8-U+13FD to them, and RFC 5892
// makes the small ones DISALLOWED; toLowerCase maps the other way
function fold(s: string): string {
  return s.toLowerCase().replace(/[\u13f8-\u13fd\uab70-\uabbf]/g, (c) => c.toUpperCase());
}

/**
 * Converts a domain name to its ASCII form: each label with non-ASCII characters is lower-cased (Cherokee
 * to its capitals U+13A0–U+13F5, as Unicode case folding and UTS #46 map it, not as `toLowerCase` does),
 * NFC-normalized and, if it still holds non-ASCII, written as `xn--` Punycode
 * ({@link https://www.rfc-editor.org/rfc/rfc3492 | RFC 3492}, the ToASCII step of
 * {@link https://www.rfc-editor.org/rfc/rfc3490#section-4.1 | RFC 3490 §4.1}; `\u212Aa`, with the Kelvin sign,
 * gives `ka`); ASCII labels are lower-cased. The IDNA2008 tables, bidi and context rules are not applied.
 *
 * @param domain - a host name, possibly with Unicode labels
 * @returns the ASCII host name
 * @throws {@link UriSyntaxError} when an ASCII label holds a character outside `unreserved / sub-delims`
 *   (a delimiter, `%`, space or control), when a Unicode label holds an ASCII character other than a letter, digit or
 *   `-`, a character whose compatibility form (NFKC) is a URI delimiter (`／`, `＠`, `：` ...), a code point
 *   that is not `ucschar`, or a space, bidi control or invisible mark, or that starts with the ACE prefix `xn--`
 *   in any case or width once NFKC-normalized (`xn--tešla` is neither a U-label nor Punycode, and is not
 *   written as `xn--xn--…`; RFC 3490 §4.1 step 5); when a Unicode label is longer than
 *   1024 code units (the cap of {@link encodePunycode}); and when the result is not a DNS name: a label
 *   (ASCII, or `xn--` and its Punycode) empty or over 63 octets, or more than 253 octets in all (a final
 *   root dot not counted), as `uts46ToAscii` refuses them by default. The error is at the label's offset
 *   (at 0 for the total length)
 * @example
 * ```ts
 * domainToAscii('Bücher.example'); // 'xn--bcher-kva.example'
 * domainToAscii('example.com.'); // 'example.com.'
 * ```
 */
export function domainToAscii(domain: string): string {
  let out = '';
  let start = 0;
  for (let i = 0; i <= domain.length; i++) {
    if (i < domain.length && !separator(domain.charCodeAt(i))) continue;
    const label = domain.slice(start, i);
    const before = out.length;
    if (!/[\x80-\uffff]/.test(label)) {
      // an ASCII label is kept, but never with a URI delimiter, "%", space or control in it
      for (let j = 0; j < label.length; j++) {
        if ((CHARS[label.charCodeAt(j)]! & Bits.REG_NAME_MASK) === 0) {
          throw new UriSyntaxError(domain, start + j, 'invalid character in domain label');
        }
      }
      out += label.toLowerCase();
    } else {
      const mapped = fold(label).normalize('NFC');
      for (const ch of mapped) {
        const cp = ch.codePointAt(0)!;
        // only characters an IRI host may hold, and none that display as nothing or as space
        if (cp >= 128 && (!isUcs(cp, false) || hidden(cp))) {
          throw new UriSyntaxError(domain, start, 'character not allowed in IDN label');
        }
      }
      // ASCII in a Unicode label must be LDH: anything else (a delimiter, a compatibility dot) is refused.
      // RFC 3490 §4.1 ToASCII step 5, RFC 5891 §4.2.3.1: nor may it start with the ACE prefix (any case,
      // fullwidth included): it is neither a U-label nor Punycode, and would become xn--xn--
      if (/^xn--|[^-0-9a-z\x80-\uffff]/.test(mapped.normalize('NFKC'))) {
        throw new UriSyntaxError(domain, start, 'IDN label maps to non-LDH ASCII or xn--');
      }
      if (mapped.length > MAX_LENGTH) {
        throw new UriSyntaxError(domain, start, 'IDN label too long');
      }
      // only a label still non-ASCII once mapped is Punycode (RFC 3490 §4.1 steps 3-5; UTS #46 §4.1 makes an
      // xn-- label that decodes to ASCII an error): the Kelvin sign in "\u212Aa" lower-cases to "ka"
      out += /[\x80-\uffff]/.test(mapped) ? `xn--${encodePunycode(mapped)}` : mapped;
    }
    // a DNS label is 1-63 octets (RFC 1034 §3.1, RFC 5890 §2.3.2.1; RFC 3490 §4.1 ToASCII step 8), as
    // uts46ToAscii checks by default (VerifyDnsLength); only a final empty label, the root, may be empty
    const n = out.length - before;
    if (n > 63 || (n === 0 && (i < domain.length || start === 0))) {
      throw new UriSyntaxError(domain, start, 'DNS label not 1-63 octets long');
    }
    if (i < domain.length) out += '.';
    start = i + 1;
  }
  // at most 253 octets without the root label's dot (255 on the wire: RFC 1034 §3.1, UTS #46 §4.2)
  if (out.replace(/\.$/, '').length > 253)
    throw new UriSyntaxError(domain, 0, 'domain name over 253 octets');
  return out;
}

/**
 * Converts the `xn--` labels of a domain name back to Unicode (the ToUnicode step of
 * {@link https://www.rfc-editor.org/rfc/rfc3490#section-4.2 | RFC 3490 §4.2}). A label is converted (to lower
 * case, Cherokee to capitals as in {@link domainToAscii}) only if it decodes and converts back to the same ASCII, ignoring case; otherwise it is kept as it is.
 *
 * @param domain - an ASCII host name
 * @returns the host name with valid `xn--` labels in Unicode
 * @throws never
 * @example
 * ```ts
 * domainToUnicode('xn--bcher-kva.example'); // 'bücher.example'
 * ```
 */
export function domainToUnicode(domain: string): string {
  const labels = domain.split('.');
  for (let i = 0; i < labels.length; i++) {
    const label = labels[i]!;
    if (!/^xn--./i.test(label)) continue;
    try {
      const decoded = decodePunycode(label.slice(4));
      if (domainToAscii(decoded) === label.toLowerCase()) labels[i] = fold(decoded);
    } catch {
      // not valid Punycode or not a valid IDN: keep the ASCII label
    }
  }
  return labels.join('.');
}
