// UTS #46 (Unicode IDNA Compatibility Processing), revision for Unicode 18.0.0: the mapping, the
// validity criteria (with the CONTEXTJ rules of RFC 5892 Appendix A and the bidi rule of RFC 5893
// §2) and ToASCII / ToUnicode. https://www.unicode.org/reports/tr46/
import { UriSyntaxError } from './errors';
import { LENGTHS, KINDS, MAPPINGS, PROPERTIES } from './generated/uts46';
import { decodePunycode, encodePunycode, MAX_LENGTH } from './punycode';

/**
 * The parameters of UTS #46 §4. Every check is on by default: the strictest UTS #46 processing,
 * which is not IDNA2008 registration (RFC 5891 §4): the CONTEXTO rules of RFC 5892 Appendix A and
 * IDNA2008's NV8 exclusions are not applied.
 */
export interface Uts46Options {
  /** CheckHyphens: no `-` at the start or end of a label, nor in its third and fourth positions. Default `true`. */
  checkHyphens?: boolean;
  /** CheckBidi: the bidi rule of RFC 5893 §2 in a domain name with right-to-left labels. Default `true`. */
  checkBidi?: boolean;
  /** CheckJoiners: the CONTEXTJ rules of RFC 5892 Appendix A for U+200C and U+200D. Default `true`. */
  checkJoiners?: boolean;
  /** UseSTD3ASCIIRules: ASCII in a label only as `a-z`, `0-9` and `-`. Default `true`. */
  useStd3AsciiRules?: boolean;
  /** Transitional_Processing (deprecated by UTS #46): map `ß`, `ς`, ZWJ and ZWNJ away. Default `false`. */
  transitional?: boolean;
  /** VerifyDnsLength (ToASCII only): labels of 1-63 octets, 1-253 in all. Default `true`. */
  verifyDnsLength?: boolean;
  /** IgnoreInvalidPunycode: keep an `xn--` label that is not valid Punycode as it is. Default `false`. */
  ignoreInvalidPunycode?: boolean;
}

/** The WHATWG URL Standard's "domain to ASCII" with `beStrict` false (§3.3): what browsers do. */
export const URL_STANDARD_UTS46: Readonly<Uts46Options> = Object.freeze({
  checkHyphens: false,
  checkBidi: true,
  checkJoiners: true,
  useStd3AsciiRules: false,
  transitional: false,
  verifyDnsLength: false,
  ignoreInvalidPunycode: false,
});

interface Tables {
  /** Exclusive end of each range of the mapping table. */
  ends: Int32Array;
  /** The mapping of each range (`''` for a range without one, and for an ignored one). */
  maps: string[];
  props: Record<keyof typeof PROPERTIES, Int32Array>;
}
let tables: Tables | undefined;

/** Expands the generated strings once, on first use. */
function load(): Tables {
  const lengths = LENGTHS.split(',');
  const ends = new Int32Array(lengths.length);
  const maps: string[] = [];
  const mapped = MAPPINGS.split('\0');
  let end = 0;
  let m = 0;
  for (let k = 0; k < lengths.length; k++) {
    end += Number.parseInt(lengths[k]!, 36);
    ends[k] = end;
    const kind = KINDS[k];
    maps.push(kind === 'm' || kind === 'd' ? mapped[m++]! : '');
  }
  const props = {} as Tables['props'];
  for (const name of Object.keys(PROPERTIES) as (keyof typeof PROPERTIES)[]) {
    const pairs = PROPERTIES[name].split(',');
    // [start, end] inclusive, flat
    const list = new Int32Array(pairs.length * 2);
    let at = 0;
    for (let k = 0; k < pairs.length; k++) {
      const [gap, len] = pairs[k]!.split('.');
      const a = at + Number.parseInt(gap!, 36);
      const b = a + Number.parseInt(len!, 36);
      list[2 * k] = a;
      list[2 * k + 1] = b;
      at = b + 1;
    }
    props[name] = list;
  }
  return { ends, maps, props };
}

/** The index of the mapping-table range that holds `cp`. */
function rangeOf(t: Tables, cp: number): number {
  let lo = 0;
  let hi = t.ends.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (t.ends[mid]! > cp) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

function has(list: Int32Array, cp: number): boolean {
  let lo = 0;
  let hi = list.length / 2 - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (cp < list[2 * mid]!) hi = mid - 1;
    else if (cp > list[2 * mid + 1]!) lo = mid + 1;
    else return true;
  }
  return false;
}

const codePoints = (s: string): number[] => Array.from(s, (c) => c.codePointAt(0)!);
const NON_ASCII = /[^\0-\x7f]/;

/** A label after processing, with where it starts in the input. */
interface Label {
  text: string;
  at: number;
}

interface Processed {
  labels: Label[];
  /** The first error (lowest input offset), if any. */
  error: UriSyntaxError | undefined;
}

// Bidi kinds the rule of RFC 5893 §2 tells apart: L; R or AL; AN; EN; NSM; ES, CS, ET, ON or BN
// (neutral); anything else.
const L = 0;
const RTL = 1;
const AN = 2;
const EN = 3;
const NSM = 4;
const NEUTRAL = 5;
const OTHER = 6;

function bidiOf(t: Tables, cp: number): number {
  const p = t.props;
  if (has(p.Bidi_L, cp)) return L;
  if (has(p.Bidi_R_AL, cp)) return RTL;
  if (has(p.Bidi_AN, cp)) return AN;
  if (has(p.Bidi_EN, cp)) return EN;
  if (has(p.Bidi_NSM, cp)) return NSM;
  return has(p.Bidi_RTL_allowed, cp) ? NEUTRAL : OTHER;
}

/** RFC 5893 §2, rules 1-6, on one label of a bidi domain name: the failing rule, or 0. */
function bidiRule(t: Tables, cps: readonly number[]): number {
  const kinds = cps.map((cp) => bidiOf(t, cp));
  const first = kinds[0];
  if (first !== L && first !== RTL) return 1;
  let last = kinds.length - 1;
  while (last > 0 && kinds[last] === NSM) last--;
  const end = kinds[last]!;
  if (first === RTL) {
    let en = false;
    let an = false;
    for (const k of kinds) {
      if (k === L || k === OTHER) return 2;
      if (k === EN) en = true;
      if (k === AN) an = true;
    }
    if (end !== RTL && end !== EN && end !== AN) return 3;
    return en && an ? 4 : 0;
  }
  for (const k of kinds) if (k === RTL || k === AN || k === OTHER) return 5;
  return end === L || end === EN ? 0 : 6;
}

/** RFC 5892 Appendix A.1 and A.2: whether each ZWNJ and ZWJ in the label is in a valid context. */
function joinersValid(t: Tables, cps: readonly number[]): boolean {
  const p = t.props;
  for (let i = 0; i < cps.length; i++) {
    const cp = cps[i]!;
    if (cp !== 0x200c && cp !== 0x200d) continue;
    if (i > 0 && has(p.Virama, cps[i - 1]!)) continue;
    if (cp === 0x200d) return false;
    // (Joining_Type:{L,D})(Joining_Type:T)* ZWNJ (Joining_Type:T)*(Joining_Type:{R,D})
    let before = i - 1;
    while (before >= 0 && has(p.Joining_T, cps[before]!)) before--;
    let after = i + 1;
    while (after < cps.length && has(p.Joining_T, cps[after]!)) after++;
    if (before < 0 || !has(p.Joining_L_D, cps[before]!)) return false;
    if (after >= cps.length || !has(p.Joining_R_D, cps[after]!)) return false;
  }
  return true;
}

/**
 * UTS #46 §4 Processing: map, normalize (NFC), break into labels, convert `xn--` labels and check
 * every label against the validity criteria (§4.1). Errors are recorded, not thrown.
 */
function processing(domain: string, o: Uts46Options): Processed {
  const t = (tables ??= load());
  const std3 = o.useStd3AsciiRules !== false;
  const transitional = o.transitional === true;
  let error: UriSyntaxError | undefined;
  const fail = (at: number, reason: string): void => {
    if (!error || at < error.index) error = new UriSyntaxError(domain, at, reason);
  };
  // 1. Map, remembering the input offset each output code unit comes from.
  let mapped = '';
  const from: number[] = [];
  for (let i = 0; i < domain.length; ) {
    const cp = domain.codePointAt(i)!;
    if (cp < 0x80) {
      // ASCII: A-Z map to a-z, everything else is valid (the table's own statuses, read once here)
      mapped += cp >= 0x41 && cp <= 0x5a ? String.fromCharCode(cp + 32) : domain[i];
      from.push(i++);
      continue;
    }
    const size = cp > 0xffff ? 2 : 1;
    const r = rangeOf(t, cp);
    const kind = KINDS[r];
    // Transitional_Processing maps U+1E9E ẞ to "ss", as it maps ß (UTS #46 §4 step 1)
    const out =
      transitional && cp === 0x1e9e
        ? 'ss'
        : kind === 'm' || kind === 'i' || (kind === 'd' && transitional)
          ? t.maps[r]!
          : domain.slice(i, i + size);
    mapped += out;
    for (let k = 0; k < out.length; k++) from.push(i);
    i += size;
  }
  from.push(domain.length);
  // 2-3. Normalize and break into labels (NFC never joins across U+002E, a starter that composes with nothing).
  const labels: Label[] = [];
  let start = 0;
  for (let i = 0; i <= mapped.length; i++) {
    if (i < mapped.length && mapped.charCodeAt(i) !== 0x2e) continue;
    const text = mapped.slice(start, i);
    // ASCII is always in NFC
    labels.push({ text: NON_ASCII.test(text) ? text.normalize('NFC') : text, at: from[start]! });
    start = i + 1;
  }
  // 4. Convert and validate.
  const unicode: number[][] = [];
  for (const label of labels) {
    let text = label.text;
    let nontransitional = !transitional;
    if (text.startsWith('xn--')) {
      nontransitional = true;
      if (NON_ASCII.test(text)) {
        fail(label.at, 'non-ASCII character in an xn-- label');
        unicode.push([]);
        continue;
      }
      let decoded: string | undefined;
      try {
        decoded = decodePunycode(text.slice(4));
      } catch {
        if (!o.ignoreInvalidPunycode) {
          fail(label.at, 'invalid Punycode');
          unicode.push([]);
          continue;
        }
        // IgnoreInvalidPunycode: the label stays as it is and goes on to the validity criteria
      }
      if (decoded !== undefined) {
        if (!NON_ASCII.test(decoded))
          fail(label.at, 'xn-- label with no non-ASCII character (UTS #46 §4, step 4)');
        if (decoded !== decoded.normalize('NFC')) fail(label.at, 'xn-- label not in NFC');
        label.text = text = decoded;
      }
    }
    const cps = codePoints(text);
    unicode.push(cps);
    if (cps.length === 0) continue;
    if (o.checkHyphens !== false) {
      if (cps[2] === 0x2d && cps[3] === 0x2d)
        fail(label.at, 'label with "--" in positions 3 and 4');
      if (text.startsWith('-') || text.endsWith('-'))
        fail(label.at, 'label starts or ends with "-"');
    } else if (text.startsWith('xn--')) {
      fail(label.at, 'label starts with "xn--"');
    }
    if (text.includes('.')) fail(label.at, 'label contains "."');
    if (has(t.props.Mark, cps[0]!)) fail(label.at, 'label starts with a combining mark');
    for (const cp of cps) {
      // ASCII as in the mapping step: A-Z mapped, the rest valid
      const kind = cp < 0x80 ? (cp >= 0x41 && cp <= 0x5a ? 'm' : 'v') : KINDS[rangeOf(t, cp)];
      const ok =
        (kind === 'v' || (kind === 'd' && nontransitional)) &&
        !(
          std3 &&
          cp < 0x80 &&
          !(cp === 0x2d || (cp >= 0x30 && cp <= 0x39) || (cp >= 0x61 && cp <= 0x7a))
        );
      if (!ok) {
        fail(label.at, 'character not valid in a domain label');
        break;
      }
    }
    if (o.checkJoiners !== false && !joinersValid(t, cps))
      fail(label.at, 'ZWJ or ZWNJ outside the contexts RFC 5892 allows');
  }
  if (o.checkBidi !== false) {
    const p = t.props;
    // a bidi domain name has a label with a character of type R, AL or AN (RFC 5893 §1.4)
    const bidiDomain = unicode.some((cps) =>
      cps.some((cp) => cp >= 0x80 && (has(p.Bidi_R_AL, cp) || has(p.Bidi_AN, cp))),
    );
    if (bidiDomain) {
      for (let k = 0; k < labels.length; k++) {
        const rule = unicode[k]!.length ? bidiRule(t, unicode[k]!) : 0;
        if (rule) fail(labels[k]!.at, `label breaks rule ${rule} of the bidi rule (RFC 5893 §2)`);
      }
    }
  }
  return { labels, error };
}

/**
 * UTS #46 ToASCII (§4.2): maps and checks a domain name as IDNA does, then writes each label with
 * non-ASCII characters as `xn--` Punycode. With {@link URL_STANDARD_UTS46} it is the URL Standard's
 * "domain to ASCII" that browsers run on hosts.
 *
 * Without the STD3 rules (as with {@link URL_STANDARD_UTS46}), the mapping can produce ASCII that no
 * host may hold: `／`, `＠` and `：` become `/`, `@` and `:`, as tr46 and browsers map them. The URL
 * Standard then refuses such a name; do the same with {@link findForbiddenDomainCodePoint} before using
 * the result as a host.
 *
 * @param domain - a domain name, in any mix of Unicode and `xn--` labels
 * @param options - the UTS #46 parameters ({@link Uts46Options}); all checks on by default
 * @returns the ASCII domain name
 * @throws `UriSyntaxError` (exported by `@x/uri`) at the first error, with the input offset of the label it is in
 *   (or of the character, for a length error) and the reason
 * @example
 * ```ts
 * uts46ToAscii('Bücher.EXAMPLE'); // 'xn--bcher-kva.example'
 * uts46ToAscii('ﬁ①.example'); // 'fi1.example'
 * // no CheckHyphens, as in browsers
 * uts46ToAscii('-a.example', URL_STANDARD_UTS46); // '-a.example'
 * ```
 */
export function uts46ToAscii(domain: string, options: Uts46Options = {}): string {
  const { labels, error } = processing(domain, options);
  if (error) throw error;
  const ascii = labels.map((label) => {
    if (!NON_ASCII.test(label.text)) return label.text;
    if (label.text.length > MAX_LENGTH)
      throw new UriSyntaxError(domain, label.at, 'IDN label too long');
    return `xn--${encodePunycode(label.text)}`;
  });
  if (options.verifyDnsLength !== false) {
    // the root label (a final empty one) and its dot do not count
    const n = ascii.length > 1 && ascii[ascii.length - 1] === '' ? ascii.length - 1 : ascii.length;
    let total = n - 1;
    for (let k = 0; k < n; k++) {
      const len = ascii[k]!.length;
      if (len < 1 || len > 63)
        throw new UriSyntaxError(domain, labels[k]!.at, 'DNS label not 1-63 octets long');
      total += len;
    }
    if (total > 253) throw new UriSyntaxError(domain, 0, 'domain name over 253 octets');
  }
  return ascii.join('.');
}

/** The result of {@link uts46ToUnicode}. */
export interface Uts46UnicodeResult {
  /** The domain name with `xn--` labels decoded and every label mapped. */
  domain: string;
  /** The first error UTS #46 records, if any: the name is then not valid, but still displayable. */
  error: UriSyntaxError | undefined;
}

/**
 * UTS #46 ToUnicode (§4.3): maps a domain name and decodes its `xn--` labels, for display. It never
 * throws: errors are returned beside the converted name, which UTS #46 says to show with care.
 *
 * @param domain - a domain name, in any mix of Unicode and `xn--` labels
 * @param options - the UTS #46 parameters ({@link Uts46Options}; `verifyDnsLength` does not apply)
 * @returns `{ domain, error }`
 * @throws never
 * @example
 * ```ts
 * uts46ToUnicode('xn--bcher-kva.EXAMPLE'); // { domain: 'bücher.example', error: undefined }
 * uts46ToUnicode('xn--999999999.example').error?.reason; // 'invalid Punycode'
 * uts46ToUnicode('a\u200db.example').error?.reason; // 'ZWJ or ZWNJ outside the contexts RFC 5892 allows'
 * ```
 */
export function uts46ToUnicode(domain: string, options: Uts46Options = {}): Uts46UnicodeResult {
  const { labels, error } = processing(domain, options);
  return { domain: labels.map((l) => l.text).join('.'), error };
}

// WHATWG URL §3.2: the forbidden host code points (U+0000, TAB, LF, CR, space, # / : < > ? @ [ \ ] ^ |),
// and for a domain also the other C0 controls, % and U+007F
const FORBIDDEN_DOMAIN = '#%/:<>?@[\\]^|';

/**
 * Finds the first forbidden domain code point of a domain name
 * ({@link https://url.spec.whatwg.org/#forbidden-domain-code-point | WHATWG URL §3.2}): a C0 control,
 * space, `#`, `%`, `/`, `:`, `<`, `>`, `?`, `@`, `[`, `\`, `]`, `^`, `|` or U+007F. The URL Standard's
 * host parser refuses a domain holding one after "domain to ASCII"; {@link uts46ToAscii} does not check
 * them, since UTS #46 allows them without the STD3 rules.
 *
 * @param domain - a domain name, usually what {@link uts46ToAscii} returned
 * @returns the UTF-16 index of the first forbidden domain code point, or -1 when there is none
 * @throws never
 * @example
 * ```ts
 * uts46ToAscii('evil\uff0fgood.example', URL_STANDARD_UTS46); // 'evil/good.example'
 * findForbiddenDomainCodePoint('evil/good.example'); // 4
 * findForbiddenDomainCodePoint(uts46ToAscii('Bücher.example', URL_STANDARD_UTS46)); // -1
 * ```
 */
export function findForbiddenDomainCodePoint(domain: string): number {
  for (let i = 0; i < domain.length; i++) {
    const c = domain.charCodeAt(i);
    if (c <= 32 || c === 127 || (c < 127 && FORBIDDEN_DOMAIN.indexOf(domain[i]!) >= 0)) return i;
  }
  return -1;
}
