// Path segments and their parameters: RFC 3986 §3.3, RFC 2396 §3.3 (segment = *pchar *( ";" param )).
import { Bits, CHARS, isPctAt } from './chars';
import { UriSyntaxError } from './errors';
import { decodeText, encodeText } from './pct';

/**
 * One segment of a path: the text before its first `;` and the parameters after each `;`
 * ({@link https://www.rfc-editor.org/rfc/rfc2396#section-3.3 | RFC 2396 §3.3}: `segment = *pchar *( ";" param )`).
 */
export interface PathSegment {
  /** The segment up to its first `;` (may be `''`). */
  name: string;
  /** The parameters, each without its `;`; `[]` when the segment has no `;`. */
  params: string[];
}

/** Options of {@link parseSegments}. */
export interface ParseSegmentsOptions {
  /** Percent-decode the names and parameters as UTF-8. Default `false`: they stay as written. */
  decode?: boolean;
}

/** Options of {@link formatSegments}. */
export interface FormatSegmentsOptions {
  /**
   * The names and parameters are plain text, to be percent-encoded (UTF-8; everything but the
   * unreserved characters, the sub-delims other than `;`, `:` and `@`; in the first segment, `:` is
   * encoded too). Default `false`: they are written as given, and must be valid as they are.
   */
  encode?: boolean;
}

const SEMICOLON = 59;
const SLASH = 47;

// pchar but ";" (§3.3): what a name or a parameter may hold as written
function isParamChar(c: number): boolean {
  return c < 128 && c !== SEMICOLON && (CHARS[c]! & Bits.PCHAR_MASK) !== 0;
}

// ... and in the first segment, no ":" either (§4.2 segment-nz-nc)
function isFirstChar(c: number): boolean {
  return c !== 58 && isParamChar(c);
}

/**
 * Splits a path into its segments and each segment into its name and parameters
 * ({@link https://www.rfc-editor.org/rfc/rfc3986#section-3.3 | RFC 3986 §3.3}: "/" separates segments,
 * and `;` inside a segment commonly introduces parameters, as RFC 2396's `param` did). The path is
 * split at every `/`: a path that starts with `/` has an empty first segment, `''` is one empty
 * segment, and a trailing `/` gives an empty last one. `%2F` and `%3B` are data, not separators.
 * {@link formatSegments} is the inverse. One pass over the path.
 *
 * @param path - a URI path (as `parse` returns it)
 * @param options - {@link ParseSegmentsOptions}
 * @returns the segments, in order
 * @throws {@link UriSyntaxError} at the first character that a path cannot hold, or (with `decode`)
 *   where escapes are not UTF-8
 * @example
 * ```ts
 * parseSegments('/reports;v=2/2024;draft');
 * // [{ name: '', params: [] }, { name: 'reports', params: ['v=2'] },
 * //  { name: '2024', params: ['draft'] }]
 * parseSegments('/caf%C3%A9;a%3Bb', { decode: true })[1]; // { name: 'café', params: ['a;b'] }
 * ```
 */
export function parseSegments(path: string, options?: ParseSegmentsOptions): PathSegment[] {
  const decode = options?.decode === true;
  const out: PathSegment[] = [];
  let name = '';
  let params: string[] = [];
  let inParams = false;
  let start = 0;
  for (let i = 0; i <= path.length; i++) {
    const c = i < path.length ? path.charCodeAt(i) : SLASH;
    if (c === SLASH || c === SEMICOLON) {
      const raw = path.slice(start, i);
      const text = decode ? decodeText(raw, path, start) : raw;
      if (inParams) params.push(text);
      else name = text;
      start = i + 1;
      inParams = c === SEMICOLON;
      if (c === SLASH) {
        out.push({ name, params });
        params = [];
      }
    } else if (c === 37) {
      if (!isPctAt(path, i)) throw new UriSyntaxError(path, i, 'malformed percent-encoding');
      i += 2;
    } else if (!isParamChar(c)) {
      throw new UriSyntaxError(path, i, 'invalid character in path');
    }
  }
  return out;
}

/**
 * Writes segments back as a path: names and parameters joined by `;`, segments by `/`; the inverse
 * of {@link parseSegments} (`formatSegments(parseSegments(p)) === p`, and with `encode`,
 * `parseSegments(formatSegments(s, { encode: true }), { decode: true })` equals `s`). With `encode`,
 * a name that is `.` or `..` is refused: no URI can carry it as a name, since `%2E` is `.`
 * ({@link https://www.rfc-editor.org/rfc/rfc3986#section-2.3 | RFC 3986 §2.3}, §6.2.2.2) and the URL
 * Standard's path parser takes `%2e%2e` for `..`, so that `/files/%2E%2E/secret` reaches a browser
 * or `fetch` as `/secret`; with parameters too, as servers that drop them (Tomcat) read `..;x` as
 * `..`. Also with `encode`, a `:` in the first segment is written `%3A`, so that a relative path never
 * reads as a scheme (§4.2: `a:b` would), and segments that would start the path with `//` (two empty
 * ones first, with more after them) are refused, as that would read as an authority (§3.3). The
 * result is then always a path-only reference with the segments given; a path for a URI with an
 * authority may start with `//`, and can be written without `encode`. Without `encode` the text is
 * written as given, so a `..` name is the dot segment `..`, and `formatSegments(parseSegments(p))` is
 * `p` for every path.
 *
 * @param segments - the segments, as {@link parseSegments} returns them
 * @param options - {@link FormatSegmentsOptions}
 * @returns the path
 * @throws {@link UriSyntaxError} without `encode`, when a name or parameter holds a character a
 *   segment cannot (a `/`, a `;`, a space, a stray `%`...); with `encode`, when a segment is named
 *   `.` or `..` (the `reason` gives its index; the error's `input` is that text) or when the path
 *   would start with `//` (`input` `'//'`)
 * @example
 * ```ts
 * formatSegments([{ name: '', params: [] }, { name: 'reports', params: ['v=2'] }]); // '/reports;v=2'
 * formatSegments([{ name: '', params: [] }, { name: 'a/b c', params: ['x;y'] }], { encode: true });
 * // '/a%2Fb%20c;x%3By'
 * formatSegments([{ name: 'a:b', params: [] }], { encode: true }); // 'a%3Ab'
 * ```
 */
export function formatSegments(
  segments: readonly PathSegment[],
  options?: FormatSegmentsOptions,
): string {
  const encode = options?.encode === true;
  // §4.2: the first segment of a relative path holds no ":" (segment-nz-nc), so it never reads as a
  // scheme ("a:b"); with encode it is written "%3A" there (in a path that starts with "/", the first
  // segment is empty and has nothing to escape)
  const write = (text: string, index: number): string => {
    if (encode) return encodeText(text, index ? isParamChar : isFirstChar);
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 37 ? !isPctAt(text, i) : !isParamChar(c))
        throw new UriSyntaxError(text, i, 'invalid character in a path segment');
    }
    return text;
  };
  let out = '';
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i]!;
    if (i > 0) out += '/';
    // RFC 3986 §2.3 and §6.2.2.2: "%2E" is ".", and a WHATWG parser reads "%2e%2e" as ".." too
    // (URL Standard §4.1, double-dot URL path segment): no escape keeps such a name from climbing;
    // nor do parameters, where a server drops them before it resolves dot segments ("..;x" in Tomcat)
    if (encode && (s.name === '.' || s.name === '..'))
      throw new UriSyntaxError(s.name, 0, `segment ${i} is named "${s.name}", a dot segment`);
    out += write(s.name, i);
    for (const p of s.params) out += `;${write(p, i)}`;
  }
  // §3.3: with no authority, a path cannot start with "//", which would read as one; no escape helps,
  // since the two segments are empty (an encoded name holds no "/")
  if (encode && out.charCodeAt(0) === SLASH && out.charCodeAt(1) === SLASH)
    throw new UriSyntaxError('//', 0, 'segments 0 and 1 are empty, so the path starts with "//"');
  return out;
}
