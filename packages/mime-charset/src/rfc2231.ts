// RFC 2231 / RFC 8187 parameter values: continuations (name*0, name*1…), charset and language
// (name*=charset'language'%XX…), in Content-Type and Content-Disposition headers.
import { codecFor } from './codecs';
import { HeaderSyntaxError } from './errors';
import { writerFor } from './repertoire';
import { asciiLower, controlAt, cutControls, HEX, hexValue, isHttpWhitespace } from './chars';
import type { LabelMode } from './labels';
import { type MailLabelMode, mailDecoder, missingReason, resolveMailLabel } from './mail-labels';
import { FATAL } from './repertoire';
import { type Decoded, decodeEncodedWords, decodeParts, isLanguageTag } from './rfc2047';
import { utf8Codec } from './utf8';

/** One decoded parameter. */
export interface ParameterValue {
  /** The value: decoded, continuations joined; left percent-encoded as written when the charset could not be decoded. */
  readonly value: string;
  /** The charset of an extended value (`name*=`), as written. */
  readonly charset?: string;
  /** The language of an extended value, when not empty. */
  readonly language?: string;
}

/** A parameter that could not be decoded as written. */
export interface ParameterIssue {
  /**
   * Parameter name as the `parameters` map has it: lowercase, without an RFC 2231 section number
   * or `*` (`filename` for an issue in `filename*01=` or `filename*=`; `index`, where there is
   * one, tells which part of the header), `''` for a parameter without a name or the value before
   * the first `;`.
   */
  readonly name: string;
  /**
   * `unknown-charset` (no registry knows the label) / `not-implemented` (the registry knows the
   * charset, the family has no codec for it: `UNKNOWN-8BIT`) / `codec-not-loaded` (lean entry: load
   * the codec with `loadCodec(charset, { mode: 'iana' })` and decode again): the value is kept
   * percent-encoded; these three (lenient) and `malformed` (an encoding other than B or Q) also
   * for an RFC 2047 word in a plain value that cannot be decoded: the value is kept as written;
   * `malformed` (lenient, with the `index`) also for a parameter that cannot be read (no name, no
   * `=`, a bad section number such as `*01`, a repeat of one read before, an empty one between
   * two `;`): it is left out; for text after a value (after a closing quote the next parameter is
   * read from there, as if a `;` were missing; an unquoted value is read to the next `;`,
   * `filename=My Document.doc`, with the spaces, tspecials or characters outside ASCII no token
   * holds; `index` where the token ended; but a comment left open after the token and whitespace
   * ends the value at the token: `charset=utf-8 (x` is `utf-8`, `index` at the `(`), an
   * unterminated quote or an empty value (kept); for a
   * plain value, or plain sections joined, whose RFC 2047 words were decoded (RFC 2047 §5 allows
   * none in a parameter; `index` where the value, or its section `*0`, starts); for an extended
   * value with a bad `%`, a `'` or `*` not escaped, no `charset'language'` (read with a blank
   * charset) or in quotes (kept as read, one issue per value); and, `name` `''`, for a value
   * before the first `;` that is neither a token nor `type/subtype` (kept);
   * `control` (lenient, with the `index`): a CR, LF or NUL that is not part of a fold, dropped;
   * `name` is the parameter it was in, `''` before the first `;`; or one a value decodes to
   * (`%0D%0A`, an RFC 2047 word), dropped, `index` where the value starts;
   * `missing-section`: a continuation
   * number is missing (RFC 2231 §3): sections without a `*0` are no value, and after a gap strict
   * reading takes none, lenient reading the sections before it; the plain `name=` value, if any,
   * stands then; `invalid-bytes`: an extended value's bytes are not valid in its charset
   * (`UTF-8''A%e4B`): U+FFFD for them, or, lenient, the plain `name=` value when there is one (so
   * too for a charset without a decoder);
   * `non-ascii` (lenient): an extended value holds characters outside ASCII, which must be
   * percent-encoded (RFC 2231 §7), or an RFC 2047 word in a plain value does: each is kept as
   * itself in the value, never cut to a byte; `whitespace` (lenient): an RFC 2047 word in a plain
   * value holds a literal space or tab in Q text, kept as itself (as `decodeEncodedWords` reads it);
   * `split-word` (lenient): RFC 2047 words in a plain value split a base64 quantum or a Q escape
   * between them, decoded joined, `question-mark`: one holds a `?` in Q text, kept, `padding`:
   * one's B text is not padded as RFC 2045 §6.8 has it (it goes on after an `=`, read on; ends in
   * 2 or 3 characters without `=`; or leaves bits that are not zero in a padded quantum), or
   * `invalid-character`: one's B text holds a character outside the base64 alphabet, skipped, or
   * its Q text a control or an `=` that starts no escape, kept (as `decodeEncodedWords` reads
   * them).
   */
  readonly reason:
    | 'unknown-charset'
    | 'not-implemented'
    | 'codec-not-loaded'
    | 'malformed'
    | 'missing-section'
    | 'non-ascii'
    | 'whitespace'
    | 'split-word'
    | 'question-mark'
    | 'padding'
    | 'invalid-bytes'
    | 'control'
    | 'invalid-character';
  /**
   * UTF-16 index in the header of what was not read as written, for `malformed` and `control`
   * issues found in its syntax (absent for the others, which concern a whole value); the header's
   * length where its end came too soon (`a; b=`).
   */
  readonly index?: number;
}

/** What {@link decodeParameters} returns. */
export interface DecodedParameters {
  /** The header's value before the first `;` (`attachment`, `text/plain`), trimmed. */
  readonly value: string;
  /** Parameters by lowercase name, in order of first appearance. */
  readonly parameters: Map<string, ParameterValue>;
  /**
   * What could not be decoded, in the order of the header: by `index`, and an issue without one
   * (about a whole value) where the parameter's last section in the header ends, after the issues
   * inside it (ties in the order they are found).
   */
  readonly issues: readonly ParameterIssue[];
}

/** Options of {@link decodeParameters}. */
export interface DecodeParametersOptions {
  /**
   * `true` (default): RFC 2045 / RFC 2231 syntax, a {@link HeaderSyntaxError} at the first offending
   * character (a value before the parameters that is neither a token nor `type/subtype`, bad
   * token, unterminated quote, section number with a leading zero (at the name, with that
   * reason), duplicate, bad `%` escape, an extended value in quotes (at its `"`, RFC 2231 §7), a
   * comment left open (at its `(`, RFC 5322 §3.2.2), a CR, LF or NUL outside a fold, or one a
   * value decodes to); sections with one missing are ignored
   * (the plain `name=` value stands). `false`: recover as mail readers do, and report each
   * recovery in `issues`: skip what does not parse, keep the first duplicate (and ignore the
   * sections after a repeated one), join the sections before a gap, take the plain value when the
   * extended one cannot be decoded, drop a stray or decoded CR, LF or NUL, read whitespace where a
   * `;` is missing before another `name=` as the `;`, read an unquoted value that is no token to
   * the next `;` (`filename=My Document.doc`), decode RFC 2047 encoded-words found in plain
   * values (`filename="=?UTF-8?B?…?="`). One reading differs from strict mode's on text the
   * grammar allows, and so is no recovery and leaves no issue: a `\` in a quoted string that
   * escapes a character other than `"` or `\` is kept (see {@link decodeParameters}).
   */
  strict?: boolean;
  /**
   * How charset labels are read: `mail` (default: as mail readers do, `iso-8859-1` is
   * windows-1252; see {@link decodeEncodedWords}), `iana` (the registry, exactly), `whatwg` or
   * `loose`.
   */
  mode?: MailLabelMode;
}

// RFC 2045 §5.1: token := 1*<any (US-ASCII) CHAR except SPACE, CTLs, or tspecials>
function isToken(c: number): boolean {
  return c > 0x20 && c < 0x7f && '()<>@,;:\\"/[]?='.indexOf(String.fromCharCode(c)) < 0;
}

interface Section {
  value: string;
  extended: boolean;
  /** Where the value starts in the parsed text (its `"` when quoted). */
  index: number;
  quoted: boolean;
}

interface Collected {
  plain?: string;
  /** Where the plain value starts. */
  at: number;
  extended?: Section;
  sections: Map<number, Section>;
  /** A section was repeated or badly numbered: the later ones are ignored (as Thunderbird). */
  broken?: boolean;
}

/**
 * Decodes the parameters of a MIME header (Content-Type, Content-Disposition): RFC 2231 §3
 * continuations reassembled by number in any order, §4 charset and language
 * (`title*=us-ascii'en-us'This%20is%20%2A%2A%2Afun%2A%2A%2A`), encoded and plain sections mixed
 * (§4.1), and RFC 8187 / RFC 6266's rule that `name*` wins over `name`. Comments (RFC 2045 §5.1,
 * RFC 822's structured fields: nested, with quoted-pairs) are skipped wherever CFWS may stand:
 * around the value's tokens and its `/` (RFC 822 §3.1.4: `text / html` is `text/html`), before a
 * name, around `=` and around a value. The header is unfolded first
 * (RFC 5322 §2.2.3: a CRLF, LF or CR followed by a space or tab is removed, the space or tab
 * kept), inside quoted strings too; any other CR, LF or NUL (§3.2.4 and §3.2.5: no qtext, not
 * even obsolete) is an error when strict, and dropped and reported (`control`) when lenient, so
 * no raw line break comes back in a value. The value before the first `;` must be a token (RFC
 * 2183 §2 disposition type) or `type/subtype` (RFC 2045 §5.1). In a quoted string a `\` escapes
 * the next character (RFC 5322 §3.2.4 quoted-pair) when strict; lenient, only before `"` or `\`
 * (Go's mime and Python's compat32 read it so): browsers send a Windows path in a form upload
 * (`filename="C:\dev\x.txt"`) with its backslashes unescaped (the HTML Standard escapes only
 * `"`, CR and LF), and mailers escape only `"` and `\`. §4 lets the charset be
 * blank and names no default: a blank charset is read as `us-ascii` in the label mode, and in the
 * default `mail` mode, as mail readers read it, as UTF-8 when the bytes are well-formed UTF-8,
 * else as `us-ascii` (windows-1252 in that mode). A charset the registry knows but the family
 * has no codec for (`UNKNOWN-8BIT`) leaves the value percent-encoded, with a `not-implemented`
 * issue.
 * {@link https://www.rfc-editor.org/rfc/rfc2231#section-3 | RFC 2231 §3–4},
 * {@link https://www.rfc-editor.org/rfc/rfc8187#section-3.2 | RFC 8187 §3.2},
 * {@link https://www.rfc-editor.org/rfc/rfc6266#section-4.3 | RFC 6266 §4.3}.
 *
 * @param header - The header value, e.g. `attachment; filename*=UTF-8''%e2%82%ac%20rates`.
 * @param options - `strict` (default `true`), `mode` (default `mail`).
 * @returns The value before the parameters, the parameters, and the issues.
 * @throws {@link HeaderSyntaxError} in strict mode, at the first offending character.
 * @example
 * ```ts
 * const { parameters } = decodeParameters("attachment; filename*=UTF-8''%e2%82%ac%20rates");
 * parameters.get('filename'); // { value: '€ rates', charset: 'UTF-8' }
 * decodeParameters("attachment; filename*=''%C3%A9").parameters.get('filename'); // { value: 'é' }
 * decodeParameters("attachment; filename*=''%E9").parameters.get('filename'); // { value: 'é' }
 * decodeParameters('text/plain (c); (c) Charset=(c)"utf-8"').parameters.get('charset'); // { value: 'utf-8' }
 * decodeParameters('text / html (c); charset=koi8-r').value; // 'text/html'
 * decodeParameters('a; foo; b=c', { strict: false }).issues; // [{ name: 'foo', reason: 'malformed', index: 3 }]
 * decodeParameters('a; filename="x\r\n y.txt"').parameters.get('filename'); // { value: 'x y.txt' }
 * decodeParameters('a; filename="C:\\dev\\x.txt"', { strict: false }).parameters.get('filename'); // { value: 'C:\\dev\\x.txt' }
 * ```
 */
export function decodeParameters(
  header: string,
  options?: DecodeParametersOptions,
): DecodedParameters {
  const strict = options?.strict !== false;
  const mode = options?.mode ?? 'mail';
  const s = header;
  const end = s.length;
  let p = 0;
  // RFC 5322 §2.2.3: a line break followed by WSP is a fold, read as the WSP; any other CR, LF or
  // NUL fails here when strict. Both are then skipped as whitespace or cut out of values.
  const controls = strayControls(s, strict);
  // A `(` where the grammar wants something else opens a comment left open (a closed one is
  // skipped), which RFC 5322 §3.2.2 does not allow: said so.
  const fail = (at: number, reason: string): void => {
    if (strict)
      throw new HeaderSyntaxError(
        at,
        s.charCodeAt(at) === 0x28 ? 'unterminated comment (RFC 5322 §3.2.2)' : reason,
      );
  };
  const collected = new Map<string, Collected>();
  const issues: ParameterIssue[] = [];
  const malformed = (name: string, at: number): void => {
    issues.push({ name, reason: 'malformed', index: at });
  };
  // Where each parameter starts in `s`, to name the parameter a dropped control was in.
  const starts: number[] = [];
  const names: string[] = [];
  // Where each parameter's last section in the header ends: the place of its issues about a
  // whole value, which have no index.
  const ends = new Map<string, number>();
  const comments: { unterminated: boolean; open?: number } = { unterminated: false };
  // RFC 2045 §5.1: comments may stand wherever RFC 822 allows CFWS, around every token: the value
  // runs to the first `;` outside a comment, and is read with its comments cut out
  // (`text/plain (c)`).
  let value = '';
  let from = 0;
  for (;;) {
    while (p < end && s.charCodeAt(p) !== 0x3b && s.charCodeAt(p) !== 0x28) p++;
    if (p >= end || s.charCodeAt(p) === 0x3b) break;
    const after = skipCommentsAndSpace(s, p, comments);
    if (after === p)
      p++; // an unterminated comment: its `(` is text
    else {
      value += s.slice(from, p);
      from = p = after;
    }
  }
  value = cutControls(value + s.slice(from, p)).trim();
  // RFC 2183 §2 disposition-type is a token, RFC 2045 §5.1 `type "/" subtype`: either form is
  // taken (the header is not named), its CFWS cut (`text / html` is `text/html`); anything else
  // is malformed, kept as written but for its comments.
  const read = readValue(s, p);
  if (typeof read === 'string') value = read;
  else {
    fail(read, 'expected a token or type/subtype');
    malformed('', read);
  }

  while (p < end) {
    if (s.charCodeAt(p) === 0x3b) p++; // else lenient: a `;` missing after a quoted value
    p = skipCommentsAndSpace(s, p, comments);
    if (p >= end) break;
    const nameStart = p;
    while (p < end && isToken(s.charCodeAt(p))) p++;
    const rawName = s.slice(nameStart, p);
    // Issues name a parameter as `parameters` does, and as the issues about its whole value do:
    // lowercase, without its section number and `*` (`filename` for `filename*01=`); `index`
    // says which section.
    const name = asciiLower(rawName.split('*')[0]!);
    starts.push(nameStart);
    names.push(name);
    p = skipCommentsAndSpace(s, p, comments);
    if (rawName === '' || s.charCodeAt(p) !== 0x3d) {
      fail(p, rawName === '' ? 'expected a parameter name' : "expected '='");
      // Lenient: the parameter is left out, and said so; an empty one (`a;;b=c`) too, which RFC
      // 2045 §5.1's `*(";" parameter)` does not allow (a `;` that ends the header is read).
      malformed(name, nameStart);
      while (p < end && s.charCodeAt(p) !== 0x3b) p++;
      continue;
    }
    p++; // '='
    p = skipCommentsAndSpace(s, p, comments);
    const valueStart = p;
    const quoted = s.charCodeAt(p) === 0x22;
    let raw: string;
    if (quoted) {
      // RFC 5322 §3.2.4 quoted-string: runs between quoted-pairs are sliced whole. Lenient, a `\`
      // before a character other than `"` or `\` is a backslash (see the TSDoc).
      raw = '';
      p++;
      let from = p;
      for (;;) {
        if (p >= end) {
          raw += s.slice(from, p);
          fail(valueStart, 'unterminated quoted-string');
          malformed(name, valueStart);
          break;
        }
        const c = s.charCodeAt(p);
        if (c === 0x22) {
          raw += s.slice(from, p);
          p++;
          break;
        }
        if (c === 0x0d || c === 0x0a || c === 0) {
          // A fold's line break (its WSP stays), or a stray one already reported: cut out.
          raw += s.slice(from, p);
          from = p + 1;
        } else if (c === 0x5c && p + 1 < end) {
          const next = s.charCodeAt(p + 1);
          if (strict || next === 0x22 || next === 0x5c) {
            raw += s.slice(from, p);
            from = ++p; // the escaped character starts the next run
            if (next === 0x0d || next === 0x0a || next === 0) continue; // a fold: its WSP is escaped
          }
        }
        p++;
      }
    } else {
      while (p < end && isToken(s.charCodeAt(p))) p++;
      raw = s.slice(valueStart, p);
      if (raw === '') {
        fail(p, 'expected a parameter value');
        if (p >= end || s.charCodeAt(p) === 0x3b) malformed(name, p);
      }
    }
    p = skipCommentsAndSpace(s, p, comments);
    if (p < end && s.charCodeAt(p) !== 0x3b) {
      fail(p, "expected ';'");
      // Lenient: an unquoted value runs to the next ';', as mail readers read unquoted values
      // with spaces (`filename=My Document.doc`); after a quoted value, what follows is read as
      // the next parameter, as if the `;` were missing (Gmail's `x-mac-creator="3F3F3F3F"
      // name="a.pdf"`), reported, and reported again when it is none (`filename="a.html".txt`).
      // A token holds no space (RFC 2045 §5.1): before another `name=`, whitespace after an
      // unquoted value is read as a missing `;` too (`extension=bla filename=foo`). Either way
      // the value was not read as written (a space, a tspecial or a character outside ASCII in
      // `filename=My Document.doc`, `a(b).txt`, `é.txt`, `UTF-8''a b.txt`): reported where the
      // token ended.
      malformed(name, p);
      if (!quoted && !startsParameter(s, p)) {
        // A comment left open after a whole token and whitespace (`charset=utf-8 (x`) ends the
        // value: RFC 2045 §5.1 ends a token at the space, and what a `(` there opens is a comment
        // (RFC 5322 §3.2.2 CFWS), open or not, as Python's email reads it; lenient reading skips
        // it to the next `;`. A `(` glued to the value stays text (`a(b.txt`), as above.
        const open = comments.open === p && p > valueStart + raw.length && raw !== '';
        while (p < end && s.charCodeAt(p) !== 0x3b) p++;
        if (!open) raw = cutControls(s.slice(valueStart, p)).trim();
      }
    }
    ends.set(name, p);
    const fault = addParameter(collected, rawName, raw, valueStart, quoted, strict);
    if (fault) {
      fail(nameStart, fault);
      malformed(name, nameStart);
    }
  }

  // Lenient: each stray control, reported with the parameter it was in.
  let k = -1;
  for (const at of controls) {
    while (k + 1 < starts.length && starts[k + 1]! <= at) k++;
    issues.push({ name: k < 0 ? '' : names[k]!, reason: 'control', index: at });
  }
  const parameters = new Map<string, ParameterValue>();
  for (const [name, c] of collected) {
    const decoded = assemble(name, c, strict, mode, issues);
    if (decoded !== undefined) parameters.set(name, decoded);
  }
  // In the order of the header: the stray controls and each value's own issues are found after
  // the syntax, and sections may come in any order (`b*1=x; c; b*0=y`). The sort is stable.
  const at = (x: ParameterIssue): number => x.index ?? ends.get(x.name)!;
  issues.sort((x, y) => at(x) - at(y));
  return { value, parameters, issues };
}

/**
 * The value before the first `;` (which stands at `end`, or the end): a token or `type/subtype`
 * without its CFWS, or the index of the first character that makes it neither. RFC 2045 §5.1
 * makes `/` a tspecial, so `type`, `/` and `subtype` are three tokens, and RFC 822 §3.1.4 lets
 * linear whitespace and comments stand between any two: `(c) text (c)/ (c) html` is `text/html`.
 * (HTTP's grammar, read by `parseContentType`, allows none there.) One pass: a comment not closed
 * is read to the end once, and no `(` after it opens one.
 */
function readValue(s: string, end: number): string | number {
  const scan = { unterminated: false };
  let p = skipCommentsAndSpace(s, 0, scan);
  let q = p;
  while (q < end && isToken(s.charCodeAt(q))) q++;
  if (q === p) return p;
  let value = s.slice(p, q);
  p = skipCommentsAndSpace(s, q, scan);
  if (p < end && s.charCodeAt(p) === 0x2f) {
    q = p = skipCommentsAndSpace(s, p + 1, scan);
    while (q < end && isToken(s.charCodeAt(q))) q++;
    if (q === p) return q;
    value += `/${s.slice(p, q)}`;
    p = skipCommentsAndSpace(s, q, scan);
  }
  return p < end ? p : value;
}

/** Whether `value` is `type/subtype`, both tokens (RFC 2045 §5.1). */
export function isMediaType(value: string): boolean {
  const slash = value.indexOf('/');
  if (slash <= 0 || slash === value.length - 1) return false;
  for (let i = 0; i < value.length; i++)
    if (i !== slash && !isToken(value.charCodeAt(i))) return false;
  return true;
}

/**
 * The indexes of the CR, LF and NUL that are not part of a fold (RFC 5322 §2.2.3: a CRLF, or a bare
 * LF or CR as mail stored with Unix line ends has them, followed by WSP). §3.2.4 and §3.2.5: none
 * of the three is qtext, not even obsolete; RFC 2045 §5.1: no token holds a control. Strict, the
 * first is a {@link HeaderSyntaxError}.
 */
function strayControls(s: string, strict: boolean): number[] {
  const found: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c !== 0x0d && c !== 0x0a && c !== 0) continue;
    if (c === 0x0d && s.charCodeAt(i + 1) === 0x0a) i++;
    const next = s.charCodeAt(i + 1);
    if (c === 0 || (next !== 0x20 && next !== 0x09)) {
      const at = c === 0x0d && s.charCodeAt(i) === 0x0a ? i - 1 : i;
      if (strict) throw new HeaderSyntaxError(at, c ? 'line break that is not a fold' : 'NUL');
      found.push(at);
    }
  }
  return found;
}

// RFC 2045 §5.1 allows RFC 822 comments in the header (`charset=us-ascii (Plain text)`):
// RFC 5322 §3.2.2 comment = "(" *([FWS] ccontent) [FWS] ")", nested, with quoted-pairs.
/**
 * Skips whitespace and whole comments from `p`; an unterminated comment is left in place, and once
 * one was met (`scan.unterminated`) no later `(` is read as a comment: each one would be scanned to
 * the end of the header again, quadratic on `a; b=c (; b=c (; …`.
 */
function skipCommentsAndSpace(
  s: string,
  p: number,
  scan: { unterminated: boolean; open?: number },
): number {
  for (;;) {
    while (p < s.length && isHttpWhitespace(s.charCodeAt(p))) p++;
    if (s.charCodeAt(p) !== 0x28 || scan.unterminated) return p;
    let depth = 0;
    let q = p;
    for (; q < s.length; q++) {
      const c = s.charCodeAt(q);
      if (c === 0x5c) q++;
      else if (c === 0x28) depth++;
      else if (c === 0x29 && --depth === 0) break;
    }
    if (q >= s.length) {
      scan.unterminated = true;
      scan.open = p;
      return p;
    }
    p = q + 1;
  }
}

/** Whether a `token=` (whitespace allowed before the `=`) starts at `p`. */
function startsParameter(s: string, p: number): boolean {
  const from = p;
  while (p < s.length && isToken(s.charCodeAt(p))) p++;
  while (isHttpWhitespace(s.charCodeAt(p))) p++;
  return p > from && s.charCodeAt(p) === 0x3d;
}

/**
 * Files one `name[*N][*]=value`; `''`, or why it cannot be filed when it is malformed or a
 * duplicate (the first is kept): a section number with a leading zero has its own reason.
 * Strict, an extended value in quotes throws at its `"`: RFC 2231 §7's extended-initial-value and
 * extended-other-values are tokens of `attribute-char` and `%` escapes, never quoted-strings.
 */
function addParameter(
  collected: Map<string, Collected>,
  rawName: string,
  value: string,
  index: number,
  quoted: boolean,
  strict: boolean,
): string {
  const bad = `bad or duplicate parameter '${rawName}'`;
  const name = asciiLower(rawName);
  const star = name.indexOf('*');
  const base = star < 0 ? name : name.slice(0, star);
  let c = collected.get(base);
  if (c === undefined) collected.set(base, (c = { sections: new Map(), at: 0 }));
  if (star < 0) {
    if (c.plain !== undefined) return bad;
    c.plain = value;
    c.at = index;
    return '';
  }
  const rest = name.slice(star + 1);
  if (rest === '') {
    if (c.extended !== undefined) return bad;
    // An extended value is not a quoted-string (RFC 2231 §7); some mailers quote it anyway.
    if (quoted && strict)
      throw new HeaderSyntaxError(index, 'extended value in quotes (RFC 2231 §7)');
    c.extended = { value, extended: true, index, quoted };
    return '';
  }
  const extended = rest.charCodeAt(rest.length - 1) === 0x2a;
  const digits = extended ? rest.slice(0, -1) : rest;
  // RFC 2231 §7: section := "0" / ([1-9] *9DIGIT): `*01` is no section, in either mode (tc2231
  // attfncontlz; lenient, it is left out and reported). After such a section or a repeated one,
  // lenient reading ignores the later sections, reported, as Thunderbird does (test_header.js:152).
  let broken = c.broken === true || digits === '' || digits.length > 10;
  for (let i = 0; i < digits.length; i++) {
    const d = digits.charCodeAt(i);
    broken ||= d < 0x30 || d > 0x39;
  }
  const zero = digits.length > 1 && digits.charCodeAt(0) === 0x30;
  const n = Number(digits);
  if (broken || zero || c.sections.has(n)) {
    c.broken = true;
    return zero && !broken ? 'section number with a leading zero (RFC 2231 §7)' : bad;
  }
  if (extended && quoted && strict)
    throw new HeaderSyntaxError(index, 'extended value in quotes (RFC 2231 §7)');
  c.sections.set(n, { value, extended, index, quoted });
  return '';
}

/**
 * Percent-decodes `s` from `from`; `bad` is the index of the first malformed `%`, or of a `'`, `*`
 * or character outside ASCII (RFC 2231 §7 attribute-char and RFC 8187 §3.2.1 attr-char exclude
 * them: they must be escaped), or -1. A run of characters outside ASCII is kept as a string (cutting
 * each to its low byte would turn U+012E U+012F into "./", U+010D U+010A into CR LF).
 */
function percentDecode(
  s: string,
  from: number,
): { bytes: Decoded; bad: number; badAscii: number; nonAscii: boolean } {
  const out = new Uint8Array(s.length - from);
  let n = 0;
  let bad = -1;
  let badAscii = -1; // the first `'`, `*` or malformed `%`
  let parts: (Uint8Array | string)[] | null = null;
  let kept = 0; // start in `out` of the bytes not yet in `parts`
  for (let i = from; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c === 0x27 || c === 0x2a) && badAscii < 0) badAscii = i;
    if (c === 0x25) {
      const hi = hexValue(s.charCodeAt(i + 1));
      const lo = hexValue(s.charCodeAt(i + 2));
      if (hi >= 0 && lo >= 0) {
        out[n++] = (hi << 4) | lo;
        i += 2;
        continue;
      }
      if (badAscii < 0) badAscii = i;
    }
    if (badAscii >= 0 && bad < 0) bad = badAscii;
    if (c < 0x80) {
      out[n++] = c;
      continue;
    }
    if (bad < 0) bad = i;
    let j = i + 1;
    while (j < s.length && s.charCodeAt(j) >= 0x80) j++;
    parts ??= [];
    if (n > kept) parts.push(out.subarray(kept, n));
    parts.push(s.slice(i, j));
    kept = n;
    i = j - 1;
  }
  if (parts === null) return { bytes: out.subarray(0, n), bad, badAscii, nonAscii: false };
  if (n > kept) parts.push(out.subarray(kept, n));
  return { bytes: parts, bad, badAscii, nonAscii: true };
}

function assemble(
  name: string,
  c: Collected,
  strict: boolean,
  mode: MailLabelMode,
  issues: ParameterIssue[],
): ParameterValue | undefined {
  // RFC 2231 §3: sections from *0 on, each number once. Without a *0 they are no value; after a gap,
  // strict reading takes none, lenient the sections before it (as Thunderbird, test_header.js:133).
  let sections: Section[] | undefined;
  if (c.sections.size > 0) {
    const numbers = [...c.sections.keys()].sort((a, b) => a - b);
    let n = 0;
    while (numbers[n] === n) n++;
    if (n < numbers.length) issues.push({ name, reason: 'missing-section' });
    if (n > 0 && (n === numbers.length || !strict))
      sections = numbers.slice(0, n).map((k) => c.sections.get(k)!);
  }
  // `name*` wins over `name*0…`, which wins over `name` (RFC 8187, RFC 6266 §4.3); lenient, a
  // value that cannot be decoded (an unknown charset, bytes invalid in it) gives way to the next,
  // as Thunderbird reads it (test_header.js:257, 261), its issue reported.
  let failed: [ParameterValue, number] | undefined;
  for (const parts of [c.extended && [c.extended], sections]) {
    if (parts === undefined) continue;
    const r = decodeExtended(name, parts, strict, mode, issues);
    // Lenient: sections that are all plain are a plain value split up (a word may be split
    // between them): their RFC 2047 words are decoded once they are joined, as in `name=`, as
    // Python's email reads them (Mutt reads words in `name=` only).
    if (!strict && !parts.some((part) => part.extended))
      r.value = { value: plainWords(name, r.value.value, parts[0]!.index, mode, issues) };
    if (r.ok || strict) return clean(name, r.value, parts[0]!.index, strict, issues);
    failed ??= [r.value, parts[0]!.index];
  }
  // Every value leaves through `clean`, whatever path it took: a value that failed to decode
  // (bytes invalid in its charset, U+FFFD for them) may still hold a CR, LF or NUL from its other
  // escapes (`UTF-8''evil%FF%0D%0ABcc:%20x`), which RFC 5322 §3.2.4/§3.2.5 let no header hold.
  if (c.plain === undefined) return failed && clean(name, failed[0], failed[1], strict, issues);
  const plain = strict ? c.plain : plainWords(name, c.plain, c.at, mode, issues);
  return clean(name, { value: plain }, c.at, strict, issues);
}

/**
 * Lenient: `text`, a plain value or plain sections joined, with its RFC 2047 encoded-words decoded.
 * Mailers that predate RFC 2231 put them in quoted parameter values (`filename="=?UTF-8?B?…?="`);
 * RFC 2047 §5 forbids it ("MUST NOT be used in parameter of a MIME Content-Type or
 * Content-Disposition field"), mail readers decode them anyway: reported (`malformed`, at `at`,
 * where the value starts), as Python's email reports them. A word left as written leaves the
 * whole value as written, and is reported with its reason.
 */
function plainWords(
  name: string,
  text: string,
  at: number,
  mode: MailLabelMode,
  issues: ParameterIssue[],
): string {
  if (text.indexOf('=?') < 0) return text;
  const words = decodeEncodedWords(text, { strict: false, mode });
  for (const { reason } of words.issues)
    if (
      reason !== 'non-ascii' &&
      reason !== 'whitespace' &&
      reason !== 'split-word' &&
      reason !== 'question-mark' &&
      reason !== 'padding' &&
      reason !== 'control' &&
      reason !== 'invalid-character'
    ) {
      issues.push({ name, reason });
      return text;
    }
  // No word decoded (`a=?b`): the value is as written.
  if (words.text === text) return text;
  // One issue for an unquoted value the lenient reader ran to the `;` already stands there.
  if (!issues.some((x) => x.name === name && x.reason === 'malformed' && x.index === at))
    issues.push({ name, reason: 'malformed', index: at });
  for (const { reason } of words.issues)
    if (!issues.some((x) => x.name === name && x.reason === reason))
      // A NUL, CR or LF a word decodes to is dropped (`control`), with where the value starts.
      issues.push(reason === 'control' ? { name, reason, index: at } : { name, reason });
  return words.text;
}

/**
 * An RFC 2231 value (`name*=` or sections from `name*0`) decoded; `ok` is false when its charset
 * has no decoder (the value kept percent-encoded) or its bytes are not valid in it (U+FFFD for
 * them), each reported.
 */
function decodeExtended(
  name: string,
  parts: Section[],
  strict: boolean,
  mode: MailLabelMode,
  issues: ParameterIssue[],
): { value: ParameterValue; ok: boolean } {
  // The first extended part carries charset'language'.
  let charset = '';
  let language = '';
  const first = parts[0]!;
  let firstFrom = 0;
  let reported = false; // one `malformed` issue per value
  if (first.extended) {
    const q1 = first.value.indexOf("'");
    const q2 = q1 < 0 ? -1 : first.value.indexOf("'", q1 + 1);
    if (q2 < 0) {
      if (strict)
        throw new HeaderSyntaxError(first.index, "extended value without charset'language'");
      // Lenient: the whole value is read with a blank charset (`UTF-8'foo-%c3%a4.html` is
      // `UTF-8'foo-ä.html`, as Python's email reads it too), and reported.
      issues.push({ name, reason: 'malformed', index: first.index });
      reported = true;
    } else {
      charset = first.value.slice(0, q1);
      language = first.value.slice(q1 + 1, q2);
      firstFrom = q2 + 1;
    }
  }
  // RFC 2231 §4 lets the charset be blank ("it is perfectly permissible to leave either the
  // character set or language field blank") and names no default. A blank charset is read as
  // `us-ascii` in the label mode; in `mail` mode, as mail readers read it, as UTF-8 when every
  // run of bytes is well-formed UTF-8 (`''%C3%A9` is `é`), else as `us-ascii` in that mode
  // (windows-1252: `''%E9` is `é` too).
  const blank = charset === '';
  const resolved = resolveMailLabel(blank ? 'us-ascii' : charset, mode);
  const codec = mailDecoder(resolved);
  const meta: { charset?: string; language?: string } = {};
  if (!blank) meta.charset = charset;
  if (language !== '') meta.language = language;
  if (codec === undefined) {
    issues.push({ name, reason: missingReason(resolved) });
    let raw = '';
    for (const part of parts) raw += part === first ? part.value.slice(firstFrom) : part.value;
    return { value: { value: raw, ...meta }, ok: false };
  }
  // Runs of extended sections are decoded together: a character may be split across sections.
  // `pieces` holds their bytes, and as strings the plain sections (and characters outside ASCII)
  // kept as they are, which end a run.
  const pieces: (Uint8Array | string)[] = [];
  let nonAscii = false;
  for (const part of parts) {
    if (!part.extended) {
      pieces.push(part.value);
      continue;
    }
    // Lenient: an extended value is a token (RFC 2231 §7); some mailers quote it: read, reported.
    if (part.quoted && !reported) {
      issues.push({ name, reason: 'malformed', index: part.index });
      reported = true;
    }
    const decoded = percentDecode(part.value, part === first ? firstFrom : 0);
    const { bad } = decoded;
    const at = part.index + (part.quoted ? 1 : 0); // where the text starts (quoted-pairs aside)
    if (bad >= 0 && strict) {
      const ch = String.fromCodePoint(part.value.codePointAt(bad)!);
      const what = ch === '%' ? "bad '%' escape" : `'${ch}' not escaped`;
      throw new HeaderSyntaxError(at + bad, what);
    }
    // Lenient: a `%` that starts no escape is kept as itself (`a%2`), a `'` or `*` too; reported.
    if (decoded.badAscii >= 0 && !reported) {
      issues.push({ name, reason: 'malformed', index: at + decoded.badAscii });
      reported = true;
    }
    if (decoded.bytes instanceof Uint8Array) pieces.push(decoded.bytes);
    else for (const piece of decoded.bytes) pieces.push(piece);
    if (decoded.nonAscii) nonAscii = true;
  }
  let value: string | undefined;
  if (blank && mode === 'mail') {
    try {
      value = decodeParts({ decode: (b) => utf8Codec.decode(b, { fatal: true }) }, pieces);
    } catch {
      // Not UTF-8: us-ascii as mail mode reads it.
    }
  }
  value ??= decodeParts(codec, pieces);
  if (nonAscii) issues.push({ name, reason: 'non-ascii' });
  // Bytes the charset does not have: U+FFFD for them, reported (lenient: a plain value is used).
  let ok = true;
  if (value.indexOf('\uFFFD') >= 0)
    try {
      decodeParts({ decode: (b) => codec.decode(b, { fatal: true }) }, pieces);
    } catch {
      issues.push({ name, reason: 'invalid-bytes' });
      ok = false;
    }
  return { value: { value, ...meta }, ok };
}

/**
 * A decoded value without the NUL, CR and LF its escapes may hold (`%0D%0A`): strict, an error at
 * `index` (where the value starts); lenient, dropped and reported (`control`), as raw ones are.
 */
function clean(
  name: string,
  v: ParameterValue,
  index: number,
  strict: boolean,
  issues: ParameterIssue[],
): ParameterValue {
  const value = cutControls(v.value);
  if (value === v.value) return v;
  if (strict) throw new HeaderSyntaxError(index, 'value decodes to a CR, LF or NUL');
  issues.push({ name, reason: 'control', index });
  return { ...v, value };
}

/** Options of {@link encodeParameter}. */
export interface EncodeParameterOptions {
  /**
   * Charset for a value that is not plain ASCII (default `UTF-8`); its codec must be loaded or
   * registered, and it is written as given, so it must be an RFC 2045 token without `'` (RFC 2231
   * §7: the extended value is a token, `'` ends the charset), else a {@link HeaderSyntaxError}
   * with `option: 'charset'`.
   */
  charset?: string;
  /**
   * Language tag of an extended value: `''` or a well-formed RFC 5646 tag, else a
   * {@link HeaderSyntaxError} with `option: 'language'`.
   */
  language?: string;
  /** Label registry for `charset`: `iana` (default) or `whatwg`. */
  mode?: LabelMode;
  /**
   * Longest section, in characters, before the value is split into RFC 2231 continuations
   * (`name*0*=…;\r\n name*1*=…`), each section within it (section 0 holds the charset and
   * language, alone when no character fits after them). Default 76; `Infinity` never splits (RFC
   * 8187 for HTTP has no continuations).
   */
  maxLength?: number;
}

const STREAM = { stream: true } as const;

// RFC 8187 §3.2.1 attr-char: ALPHA / DIGIT / "!" / "#" / "$" / "&" / "+" / "-" / "." / "^" / "_" / "`" / "|" / "~"
function isAttrChar(b: number): boolean {
  return (
    (b >= 0x30 && b <= 0x39) ||
    (b >= 0x41 && b <= 0x5a) ||
    (b >= 0x61 && b <= 0x7a) ||
    '!#$&+-.^_`|~'.indexOf(String.fromCharCode(b)) >= 0
  );
}

/**
 * Encodes one parameter: `name=token`, `name="quoted"` for other printable ASCII, or the RFC 2231
 * extended form `name*=charset'language'%XX…` for anything else, split into numbered continuations
 * between characters when longer than `maxLength` and joined by `;` and a fold (`CRLF SPACE`).
 * The value is one text of the charset across its sections (RFC 2231 §4.1 joins their bytes), so a
 * stateful charset (ISO-2022-JP, UTF-7-IMAP) shifts where the whole value needs it, not per
 * character. A CR, LF or NUL is refused, as `decodeParameters` refuses (strict) or drops
 * (lenient) what its escape decodes to; other controls are percent-encoded, so the result cannot
 * break the header; and the options written into it (`charset`, `language`) are checked first.
 * {@link https://www.rfc-editor.org/rfc/rfc2231#section-3 | RFC 2231 §3–4},
 * {@link https://www.rfc-editor.org/rfc/rfc8187#section-3.2 | RFC 8187 §3.2}.
 *
 * @param name - Parameter name (a token without `*`).
 * @param value - The value.
 * @param options - `charset`, `language`, `mode`, `maxLength`.
 * @returns The parameter text to put after `; `.
 * @throws {@link HeaderSyntaxError} when the name is not a token, at the index of a CR, LF or NUL
 * in the value (reason `CR, LF or NUL in a header value`), or (with `option`) when the charset is
 * not a token without `'` or the language not an RFC 5646 tag; {@link CharsetError} when the
 * charset is unknown or its codec is not loaded; a {@link HeaderSyntaxError} with `option` when a
 * split value cannot keep its sections within `maxLength`: `language` (or `charset` without one),
 * `charset and language leave no room in a 76-character section`, when section 0 cannot hold them,
 * or `maxLength`, `a character does not fit in a 76-character section`, at the character's index;
 * the codecs' `EncodeError`, with the character's
 * index in `value`, when a character cannot be encoded (under GB2312, EUC-KR, Shift_JIS, EUC-JP,
 * ISO-2022-JP and Big5: one outside the named charset, as `encode` in `iana` mode).
 * @example
 * ```ts
 * encodeParameter('filename', '€ rates'); // "filename*=UTF-8''%E2%82%AC%20rates"
 * encodeParameter('filename', 'a b.txt'); // 'filename="a b.txt"'
 * ```
 */
export function encodeParameter(
  name: string,
  value: string,
  options?: EncodeParameterOptions,
): string {
  for (let i = 0; i < name.length; i++) {
    if (
      !isToken(name.charCodeAt(i)) ||
      name.charCodeAt(i) === 0x2a ||
      name.charCodeAt(i) === 0x27
    ) {
      throw new HeaderSyntaxError(i, 'parameter name is not a token');
    }
  }
  if (name === '') throw new HeaderSyntaxError(0, 'empty parameter name');
  // The options written into the value are checked before anything is written: `charset` is
  // trimmed by the label lookup but written as given, and a CR or LF in either would end the header.
  const label = options?.charset ?? 'UTF-8';
  for (let i = 0; i < label.length || i === 0; i++) {
    // RFC 2231 §7: the extended value is a token, and `'` ends the charset.
    const c = label.charCodeAt(i);
    if (!isToken(c) || c === 0x27)
      throw new HeaderSyntaxError(i, "not a token without '", 'charset');
  }
  const language = options?.language;
  if (language !== undefined && language !== '' && !isLanguageTag(language))
    throw new HeaderSyntaxError(0, 'not an RFC 5646 language tag', 'language');
  // A CR, LF or NUL would be written percent-encoded, and `decodeParameters` refuses what it
  // decodes to (strict) or drops it (lenient): such a value cannot be sent, so it is refused here.
  const control = controlAt(value);
  if (control >= 0) throw new HeaderSyntaxError(control, 'CR, LF or NUL in a header value');
  const maxLength = options?.maxLength ?? 76;
  let printable = language === undefined;
  let token = value !== '';
  for (let i = 0; i < value.length && printable; i++) {
    const c = value.charCodeAt(i);
    printable = c >= 0x20 && c < 0x7f;
    token = token && isToken(c);
  }
  if (printable) {
    const plain = token ? value : `"${value.replace(/["\\]/g, '\\$&')}"`;
    if (name.length + 1 + plain.length <= maxLength) return `${name}=${plain}`;
  }
  const mode = options?.mode ?? 'iana';
  const codec = writerFor(codecFor(label, mode), label, mode);
  // The whole value first: a character the charset cannot hold fails at its index in the value.
  codec.encode(value, FATAL);
  const head = `${label}'${language ?? ''}'`;
  const percent = (bytes: Uint8Array): string => {
    let piece = '';
    for (const b of bytes)
      piece += isAttrChar(b) ? String.fromCharCode(b) : `%${HEX[b >> 4]}${HEX[b & 15]}`;
    return piece;
  };
  // Percent-encode character by character, so that sections split between characters. The value
  // is one text of the charset (RFC 2231 §4.1: the sections' bytes are joined before decoding), so
  // a stateful charset is written by one streaming encoder: encoded one character at a time it
  // would write ISO-2022-JP's escapes around each character, or UTF-7-IMAP's adjacent base64 runs,
  // which their decoders refuse (an escape right after an escape; RFC 3501 §5.1.3's null shift).
  // Each piece is what the stream writes for one character (the end of the stream goes with the
  // last), so the pieces join to the one-shot bytes.
  const stream = codec.createEncoder?.(FATAL);
  const pieces: string[] = [];
  for (const ch of value)
    pieces.push(percent(stream ? stream.encode(ch, STREAM) : codec.encode(ch, FATAL)));
  if (stream) pieces.push((pieces.pop() ?? '') + percent(stream.encode()));
  const whole = pieces.join('');
  if (`${name}*=${head}${whole}`.length <= maxLength) return `${name}*=${head}${whole}`;
  // Every section within `maxLength`. Section 0 holds charset'language' and as many characters as
  // fit after it, none if none does (RFC 2231 §7: extended-initial-value may end at the second
  // `'`); a section holds at least one character. What cannot fit so is refused.
  const room = `${maxLength}-character section`;
  if (name.length + 4 + head.length > maxLength)
    throw new HeaderSyntaxError(
      0,
      `charset and language leave no room in a ${room}`,
      language ? 'language' : 'charset',
    );
  const sections: string[] = [];
  let current = head;
  let at = 0; // the UTF-16 index in `value` of the character `piece` writes
  for (const piece of pieces) {
    let prefix = `${name}*${sections.length}*=`;
    if (prefix.length + current.length + piece.length > maxLength) {
      sections.push(prefix + current);
      current = '';
      prefix = `${name}*${sections.length}*=`;
      if (prefix.length + piece.length > maxLength)
        throw new HeaderSyntaxError(at, `a character does not fit in a ${room}`, 'maxLength');
    }
    current += piece;
    at += (value.codePointAt(at) ?? 0) > 0xffff ? 2 : 1;
  }
  sections.push(`${name}*${sections.length}*=${current}`);
  return sections.join(';\r\n ');
}
