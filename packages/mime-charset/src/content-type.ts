// Content-Type: the WHATWG MIME type parser (what browsers do), a strict RFC 9110 mode that points at
// the first offending character, the serializer, and the charset parameter resolved to an encoding.
import { HeaderSyntaxError } from './errors';
import { asciiLower } from './chars';
import { resolveAnyLabel } from './iana-labels';
import { findExactWhatwg, type LabelMode } from './label-table';

/** A parsed media type. */
export interface ContentType {
  /** The type, ASCII-lowercased (`text`). */
  readonly type: string;
  /** The subtype, ASCII-lowercased (`html`). */
  readonly subtype: string;
  /** `type/subtype`. */
  readonly essence: string;
  /**
   * Parameters in order of appearance, names ASCII-lowercased, values unescaped (case kept). A
   * read-only map: `get`, `has`, `size`, `keys`, `values`, `entries`, `forEach` and iteration work
   * as on a `Map` holding the same entries. It is not a `Map`: `new Map(ct.parameters)` makes one
   * (to change, or to pass through `structuredClone`, which keeps a `Map` but not this class).
   */
  readonly parameters: ReadonlyMap<string, string>;
}

// From this many parameters on, name lookups go through a Map (built once) instead of a loop over
// the names: a header of many parameters stays linear to parse and to query.
const FEW = 8;

/**
 * The `parameters` of a parsed media type: a read-only map over one array of alternating names and
 * values, which costs a third of a `Map` to build (an array literal or two pushes, no hashing) and
 * is looked up by comparing the few names a header carries. Names are unique (the parser keeps the
 * first of duplicates), so every method answers as a `Map` of the same entries would.
 */
class Parameters implements ReadonlyMap<string, string> {
  /** Names at even indexes, each followed by its value. */
  readonly _list: readonly string[];
  /** Name -> value, built on the first lookup when there are {@link FEW} names or more. */
  _index: Map<string, string> | undefined;

  constructor(list: readonly string[]) {
    this._list = list;
    this._index = undefined;
  }

  get size(): number {
    return this._list.length >> 1;
  }

  get(name: string): string | undefined {
    const list = this._list;
    if (list.length < 2 * FEW) {
      for (let i = 0; i < list.length; i += 2) if (list[i] === name) return list[i + 1];
      return undefined;
    }
    if (this._index === undefined) this._index = new Map(this.entries());
    return this._index.get(name);
  }

  has(name: string): boolean {
    // Values are strings, never undefined.
    return this.get(name) !== undefined;
  }

  forEach(
    callback: (value: string, name: string, map: ReadonlyMap<string, string>) => void,
    thisArg?: unknown,
  ): void {
    for (const [name, value] of this) callback.call(thisArg, value, name, this);
  }

  entries(): MapIterator<[string, string]> {
    const pairs: [string, string][] = [];
    for (let i = 0; i < this._list.length; i += 2) pairs.push([this._list[i]!, this._list[i + 1]!]);
    return pairs.values();
  }

  keys(): MapIterator<string> {
    return Array.from(this, (entry) => entry[0]).values();
  }

  values(): MapIterator<string> {
    return Array.from(this, (entry) => entry[1]).values();
  }

  [Symbol.iterator](): MapIterator<[string, string]> {
    return this.entries();
  }
}

/** Options of {@link parseContentType}. */
export interface ParseContentTypeOptions {
  /**
   * `false` (default): the WHATWG MIME type parser, which returns `null` on failure and drops
   * malformed and duplicate parameters. `true`: RFC 9110 §8.3.1 grammar, throwing a
   * {@link HeaderSyntaxError} at the first offending character (duplicates included).
   */
  strict?: boolean;
}

// One table for the scanners: what each Latin-1 code point is (0 above U+00FF).
const T_TOKEN = 1; // RFC 9110 §5.6.2 tchar
const T_UPPER = 2; // A-Z
const T_SPACE = 4; // HTTP whitespace
const T_QUOTED = 8; // HTTP quoted-string token code point: TAB, U+0020-U+007E, U+0080-U+00FF
const CLASS = /* @__PURE__ */ (() => {
  const t = new Uint8Array(256);
  const tchar = "!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  for (let i = 0; i < tchar.length; i++) t[tchar.charCodeAt(i)] = T_TOKEN;
  for (let c = 0x41; c <= 0x5a; c++) t[c]! |= T_UPPER;
  for (const c of [0x09, 0x0a, 0x0d, 0x20]) t[c]! |= T_SPACE;
  for (let c = 0x09; c <= 0xff; c++) if (c === 0x09 || (c >= 0x20 && c !== 0x7f)) t[c]! |= T_QUOTED;
  return t;
})();

// Reading past the table gives `undefined`, which `| 0` makes 0: no class above U+00FF.
function classOf(c: number): number {
  return CLASS[c]! | 0;
}

// HTTP whitespace by the table: a function of this module, which the ES module build can inline
// (a function imported from another chunk is called through the module binding, not inlined).
function isSpace(c: number): boolean {
  return (classOf(c) & T_SPACE) !== 0;
}

function isToken(c: number): boolean {
  return (classOf(c) & T_TOKEN) !== 0;
}

function isQuotedStringCodePoint(c: number): boolean {
  return (classOf(c) & T_QUOTED) !== 0;
}

function allToken(s: string): boolean {
  if (s.length === 0) return false;
  for (let i = 0; i < s.length; i++) if (!isToken(s.charCodeAt(i))) return false;
  return true;
}

function allQuotedStringCodePoints(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (!isQuotedStringCodePoint(s.charCodeAt(i))) return false;
  return true;
}

function make(type: string, subtype: string, list: readonly string[]): ContentType {
  type = asciiLower(type);
  subtype = asciiLower(subtype);
  return { type, subtype, essence: `${type}/${subtype}`, parameters: new Parameters(list) };
}

// `charset=` in any case at `p` (`first` is the code unit there, already read), compared code unit
// by code unit (a call to `startsWith` or a lowercased copy costs more): `c | 0x20` maps A-Z onto
// a-z and no other code unit onto a letter. Past the end `charCodeAt` is NaN, which matches nothing.
function isCharsetName(s: string, p: number, first: number): boolean {
  return (
    (first | 0x20) === 0x63 /* c */ &&
    (s.charCodeAt(p + 1) | 0x20) === 0x68 /* h */ &&
    (s.charCodeAt(p + 2) | 0x20) === 0x61 /* a */ &&
    (s.charCodeAt(p + 3) | 0x20) === 0x72 /* r */ &&
    (s.charCodeAt(p + 4) | 0x20) === 0x73 /* s */ &&
    (s.charCodeAt(p + 5) | 0x20) === 0x65 /* e */ &&
    (s.charCodeAt(p + 6) | 0x20) === 0x74 /* t */ &&
    s.charCodeAt(p + 7) === 0x3d /* = */
  );
}

/**
 * Parses a Content-Type header value (a MIME type).
 *
 * By default this is the WHATWG "parse a MIME type" algorithm, the one browsers run: type and
 * subtype and parameter names ASCII-lowercased, quoted strings unescaped (with everything up to the
 * next `;` after the closing quote dropped), malformed parameters skipped, the first of duplicate
 * parameters kept. With `{ strict: true }` the input must match RFC 9110's `media-type` (OWS around
 * `;`, `token "=" ( token / quoted-string )`, no duplicate names) and the first offending character
 * is reported. Neither mode allows whitespace or a comment around the `/` (RFC 9110 §8.3.1:
 * `type "/" subtype`; the WHATWG parser fails on `text / html`), which mail's grammar allows (RFC
 * 2045 §5.1 with RFC 822 §3.1.4: read it with {@link decodeParameters}). Neither mode unfolds:
 * HTTP/1.1 forbids obs-fold, which RFC 9112 §5.2 has the recipient replace by spaces before the
 * field value is read, so a CR or LF is an error when strict, and the WHATWG parser strips one
 * around the value as whitespace and skips a parameter whose value holds one. For mail, unfold
 * first ({@link unfoldHeader}) or use {@link decodeParameters}, which unfolds and reports stray
 * line breaks.
 * {@link https://mimesniff.spec.whatwg.org/#parse-a-mime-type | WHATWG MIME Sniffing §4.4},
 * {@link https://www.rfc-editor.org/rfc/rfc9110#section-8.3.1 | RFC 9110 §8.3.1},
 * {@link https://www.rfc-editor.org/rfc/rfc2045#section-5.1 | RFC 2045 §5.1}.
 *
 * @param header - The header value, e.g. `text/html; charset=iso-8859-1`.
 * @param options - `strict`: RFC 9110 grammar with errors instead of the WHATWG recovery.
 * @returns The media type, or `null` when the WHATWG parser fails (never `null` in strict mode).
 * @throws {@link HeaderSyntaxError} in strict mode only, with the `index` of the offending character.
 * @example
 * ```ts
 * const ct = parseContentType('Text/HTML; Charset="iso-8859-1"');
 * ct?.essence; // 'text/html'
 * ct?.parameters.get('charset'); // 'iso-8859-1'
 * parseContentType('text/html; charset', { strict: true }); // throws HeaderSyntaxError, index 18
 * ```
 */
export function parseContentType(
  header: string,
  options?: ParseContentTypeOptions,
): ContentType | null {
  if (options !== undefined && options.strict === true) return parseStrict(header);
  // WHATWG MIME Sniffing §4.4 "parse a MIME type", one pass over char codes. Each token is read by
  // a loop that only loads its class and stops at the first code unit that is not a token code
  // point: the common shape (`type/subtype; charset=token`) never leaves those loops, and what
  // stopped a loop (whitespace, a quote, a bad code point) is looked at once, after it. Tokens are
  // lowercased (only when they hold A-Z, and then they are ASCII) as they are scanned.
  // It runs here rather than in a function of its own: one call less on every parse.
  const end = header.length;
  // The class table in a local: the loops below read it without going through the module's scope.
  // So are the class bits (in the ES module build a module-level constant is read from the module's
  // scope with a check that it is initialized).
  const table = CLASS;
  const token = T_TOKEN;
  const space = T_SPACE;
  const upper = T_UPPER;
  let start = 0;
  let p = 0;
  let any = 0;
  let k: number;
  // Steps 1-2 strip leading and trailing HTTP whitespace. Neither is done up front, which would cost
  // a read or two on every call: leading whitespace stops the type's scan, which then runs again
  // past it, and trailing whitespace is dropped where it would show (subtype, value, quoted string).
  // Steps 3-4: the type, token code points up to '/'.
  for (;;) {
    while (p < end && ((k = table[header.charCodeAt(p)]! | 0) & token) !== 0) {
      any |= k;
      p++;
    }
    if (p !== start && p < end && header.charCodeAt(p) === 0x2f /* / */) break;
    if (start !== 0 || p !== 0 || !isSpace(header.charCodeAt(0))) return null;
    while (start < end && isSpace(header.charCodeAt(start))) start++;
    p = start;
  }
  const typeLength = p - start;
  const subStart = ++p;
  // Steps 6-8: the subtype, up to ';', trailing whitespace removed, all token code points.
  while (p < end && ((k = table[header.charCodeAt(p)]! | 0) & token) !== 0) {
    any |= k;
    p++;
  }
  if (p === subStart) return null;
  const subEnd = p;
  if (p < end && header.charCodeAt(p) !== 0x3b /* ; */) {
    // Only whitespace may follow the subtype before ';' or the end.
    while (p < end && (table[header.charCodeAt(p)]! & space) !== 0) p++;
    if (p < end && header.charCodeAt(p) !== 0x3b) return null;
  }
  // One slice for the essence (lowercased once if needed); type and subtype are cut from it.
  let essence = header.slice(start, subEnd);
  if ((any & upper) !== 0) essence = essence.toLowerCase();
  const type = essence.slice(0, typeLength);
  const subtype = essence.slice(typeLength + 1);
  // The parameters' names and values, alternating; a Set of the names once there are FEW of them.
  let list: string[] | undefined;
  let names: Set<string> | undefined;
  let c = 0;
  // Step 11: the parameters.
  while (p < end) {
    p++; // the ';'
    while (p < end && (table[(c = header.charCodeAt(p))]! & space) !== 0) p++;
    let name: string | undefined;
    if (p < end && isCharsetName(header, p, c)) {
      // The parameter nearly every header carries, in any case, as a constant: no scan, no copy, no
      // lowercasing, and a `Map` key whose hash is computed once rather than on every call.
      name = 'charset';
      p += 8; // past the '='
    } else {
      // Steps 11.3-11.6: the name, up to ';' or '='; not a token, the parameter is dropped.
      const nameStart = p;
      any = 0;
      while (p < end && ((k = table[(c = header.charCodeAt(p))]! | 0) & token) !== 0) {
        any |= k;
        p++;
      }
      if (p < end && c !== 0x3d /* = */ && c !== 0x3b /* ; */) {
        any = -1; // a code point that is not a token's: skip to the name's end
        while (++p < end && (c = header.charCodeAt(p)) !== 0x3b && c !== 0x3d);
      }
      if (p !== nameStart && any !== -1) {
        name = header.slice(nameStart, p);
        if ((any & upper) !== 0) name = name.toLowerCase();
      }
      if (p < end) {
        if (c === 0x3b) continue; // the name's end, read by the loop
        p++; // the '='
      }
    }
    if (p >= end) break;
    // Steps 11.8-11.9: the value, quoted or not; undefined when empty or not well-formed. A token
    // that ends the header or meets its ';' is the value as it stands; anything else (a quote,
    // whitespace, a code point outside the token set) goes to the full reader.
    const valueStart = p;
    while (p < end && ((table[header.charCodeAt(p)]! | 0) & token) !== 0) p++;
    let value: string | undefined;
    if (p !== valueStart && (p === end || header.charCodeAt(p) === 0x3b)) {
      value = header.slice(valueStart, p);
    } else {
      value = parameterValue(header, valueStart, end);
      p = valueEnd;
    }
    // Step 11.10: keep a well-formed parameter unless one of that name came first.
    if (value === undefined || name === undefined) continue;
    // The first as an array literal of two (an empty array would grow to 16 slots on its push).
    if (list === undefined) list = [name, value];
    else if (names !== undefined) {
      if (!names.has(name)) {
        names.add(name);
        list.push(name, value);
      }
    } else if (!listHas(list, name)) {
      list.push(name, value);
      if (list.length === 2 * FEW) names = new Set(list.filter((_, i) => (i & 1) === 0));
    }
  }
  return { type, subtype, essence, parameters: new Parameters(list ?? NONE) };
}

/** The names and values of a media type without parameters (never written to). */
const NONE: readonly string[] = [];

/** Whether `name` is among the names of `list` (names at even indexes). */
function listHas(list: readonly string[], name: string): boolean {
  for (let i = 0; i < list.length; i += 2) if (list[i] === name) return true;
  return false;
}

function parseStrict(input: string): ContentType {
  const end = input.length;
  let p = 0;
  const fail = (reason: string): never => {
    throw new HeaderSyntaxError(p, reason);
  };
  const skipOws = (): void => {
    while (p < end && (input.charCodeAt(p) === 0x20 || input.charCodeAt(p) === 0x09)) p++;
  };
  const token = (what: string): string => {
    const from = p;
    while (p < end && isToken(input.charCodeAt(p))) p++;
    if (p === from) fail(`expected ${what} (a token)`);
    return input.slice(from, p);
  };
  skipOws();
  const type = token('type');
  if (p >= end || input.charCodeAt(p) !== 0x2f) fail("expected '/'");
  p++;
  const subtype = token('subtype');
  const list: string[] = [];
  const names = new Set<string>();
  for (;;) {
    skipOws();
    if (p >= end) break;
    if (input.charCodeAt(p) !== 0x3b) fail("expected ';'");
    p++;
    skipOws();
    // RFC 9110: parameters = *( OWS ";" OWS [ parameter ] ) -- an empty parameter is allowed.
    if (p >= end || input.charCodeAt(p) === 0x3b) continue;
    const nameIndex = p;
    const name = asciiLower(token('parameter name'));
    if (p >= end || input.charCodeAt(p) !== 0x3d) fail("expected '='");
    p++;
    let value: string;
    if (p < end && input.charCodeAt(p) === 0x22) value = strictQuoted();
    else value = token('parameter value');
    if (names.has(name)) {
      p = nameIndex;
      fail(`duplicate parameter '${name}'`);
    }
    names.add(name);
    list.push(name, value);
  }
  return make(type, subtype, list);

  // RFC 9110 §5.6.4: quoted-string = DQUOTE *( qdtext / quoted-pair ) DQUOTE
  // Runs between quoted-pairs are sliced whole, not copied a character at a time.
  function strictQuoted(): string {
    p++;
    let value = '';
    let from = p;
    for (;;) {
      if (p >= end) fail('unterminated quoted-string');
      const c = input.charCodeAt(p);
      if (c === 0x22) {
        value += input.slice(from, p);
        p++;
        return value;
      }
      if (c === 0x5c) {
        value += input.slice(from, p);
        p++;
        if (p >= end || !isQuotedStringCodePoint(input.charCodeAt(p))) fail('bad quoted-pair');
        from = p; // the escaped character starts the next run
      } else if (!isQuotedStringCodePoint(c)) fail('character not allowed in quoted-string');
      p++;
    }
  }
}

/**
 * Serializes a media type: `type/subtype` then `;name=value` for each parameter, a value quoted
 * (with `"` and `\` escaped) when it is empty or not a token.
 * {@link https://mimesniff.spec.whatwg.org/#serialize-a-mime-type | WHATWG MIME Sniffing §4.5},
 * {@link https://www.rfc-editor.org/rfc/rfc9110#section-8.3.1 | RFC 9110 §8.3.1}.
 *
 * @param contentType - `type`, `subtype` and optional `parameters` (a Map, a parsed result's parameters, or a record).
 * @returns The header value.
 * @throws {@link HeaderSyntaxError} when the type, subtype or a parameter name is not a token, or a
 * value holds a character a quoted-string cannot carry (CR, LF, NUL…): serializing can never inject
 * a header line.
 * @example
 * ```ts
 * formatContentType({ type: 'text', subtype: 'plain', parameters: { charset: 'utf-8', name: 'a b' } });
 * // 'text/plain;charset=utf-8;name="a b"'
 * ```
 */
export function formatContentType(contentType: {
  type: string;
  subtype: string;
  parameters?: ReadonlyMap<string, string> | Readonly<Record<string, string>>;
}): string {
  const { type, subtype, parameters } = contentType;
  if (!allToken(type)) throw new HeaderSyntaxError(0, 'type is not a token');
  if (!allToken(subtype)) throw new HeaderSyntaxError(type.length + 1, 'subtype is not a token');
  let out = `${asciiLower(type)}/${asciiLower(subtype)}`;
  const entries =
    parameters === undefined
      ? []
      : // A map (a Map, or the parameters of a parsed result) has an `entries` method; a record of
        // strings has no function-valued property.
        typeof (parameters as ReadonlyMap<string, string>).entries === 'function'
        ? [...(parameters as ReadonlyMap<string, string>).entries()]
        : Object.keys(parameters).map(
            (k) => [k, (parameters as Readonly<Record<string, string>>)[k]!] as const,
          );
  for (const [name, value] of entries) {
    if (!allToken(name))
      throw new HeaderSyntaxError(out.length + 1, `parameter name '${name}' is not a token`);
    out += `;${asciiLower(name)}=`;
    if (value.length > 0 && allToken(value)) {
      out += value;
      continue;
    }
    if (!allQuotedStringCodePoints(value)) {
      throw new HeaderSyntaxError(
        out.length,
        `parameter '${name}' holds a character a quoted-string cannot carry`,
      );
    }
    // '"' and '\\' get a backslash; the runs between them are copied whole.
    let quoted = '"';
    let from = 0;
    for (let i = 0; i < value.length; i++) {
      const c = value.charCodeAt(i);
      if (c === 0x22 || c === 0x5c) {
        quoted += `${value.slice(from, i)}\\`;
        from = i;
      }
    }
    out += `${quoted}${value.slice(from)}"`;
  }
  return out;
}

/**
 * Reads the `charset` parameter of a Content-Type header and resolves it to an encoding name. The
 * header is read as the Fetch Standard reads it: a value that joins repeated fields with commas
 * (as `fetch`'s `headers.get` does) gives the last value that parses, with the charset of an
 * earlier one of the same type when it has none, and `*\/*` counts as no MIME type.
 * {@link https://mimesniff.spec.whatwg.org/#parse-a-mime-type | WHATWG MIME Sniffing §4.4},
 * {@link https://fetch.spec.whatwg.org/#concept-header-extract-mime-type | Fetch §3.1.7 (extract a MIME type)},
 * {@link https://encoding.spec.whatwg.org/#concept-encoding-get | WHATWG Encoding §4.2},
 * {@link https://www.rfc-editor.org/rfc/rfc9110#section-8.3.2 | RFC 9110 §8.3.2}.
 *
 * @param header - The header value.
 * @param options - `mode`: `whatwg` (default) or `iana` label rules.
 * @returns The encoding name, or `null` when the header does not parse, has no charset, or the
 * label is unknown.
 * @throws Never.
 * @example
 * ```ts
 * charsetFromContentType('text/html; charset=iso-8859-1'); // 'windows-1252'
 * charsetFromContentType('text/html; charset=iso-8859-1', { mode: 'iana' }); // 'ISO-8859-1'
 * ```
 */
export function charsetFromContentType(
  header: string,
  options?: { mode?: LabelMode },
): string | null {
  const charset = headerCharset(header);
  if (charset === undefined) return null;
  const mode = options?.mode;
  // A label spelled as the table has it (nearly every one) without hashing the new string.
  const exact = mode === undefined || mode === 'whatwg' ? findExactWhatwg(charset) : undefined;
  return (exact ?? resolveAnyLabel(charset, mode))?.name ?? null;
}

/**
 * The charset parameter a Content-Type header's value gives, a comma-joined list of values read by
 * Fetch §3.1.7 "extract a MIME type": each value (split on the commas outside quoted strings,
 * "get, decode, and split") parsed as a MIME type, failures and `*\/*` skipped; the last that parses
 * is the MIME type, and where it has no charset but the one before it had the same essence, it
 * takes the charset that essence started with. Internal.
 */
export function headerCharset(header: string): string | undefined {
  // One value whose type is not `*` (nor after leading whitespace): the scan of the common case.
  const c0 = header.charCodeAt(0);
  if (c0 > 0x20 && c0 !== 0x2a && header.indexOf(',') < 0) return charsetParameter(header);
  let essence: string | undefined;
  let started: string | undefined;
  let charset: string | undefined;
  for (let start = 0, i = 0; start <= header.length; i++) {
    const c = header.charCodeAt(i);
    // a quoted string, with its backslash escapes, holds commas
    if (c === 0x22) {
      for (i++; i < header.length && header.charCodeAt(i) !== 0x22; i++)
        if (header.charCodeAt(i) === 0x5c) i++;
    } else if (c === 0x2c || i >= header.length) {
      const type = parseContentType(header.slice(start, i));
      start = i + 1;
      if (type === null || type.essence === '*/*') continue;
      const own = type.parameters.get('charset');
      if (type.essence !== essence) {
        essence = type.essence;
        started = own;
      }
      charset = own ?? started;
    }
  }
  return charset;
}

/**
 * What `parseContentType(header)?.parameters.get('charset')` gives, from a scan that builds nothing
 * else: the same WHATWG steps (MIME Sniffing §4.4) and checks, but no essence, no `Map`, and no
 * copy of any other parameter (each is only skipped: a quoted value up to its closing quote, then
 * to the next `;`). A test compares the two on generated headers.
 */
function charsetParameter(header: string): string | undefined {
  const end = header.length;
  let start = 0;
  let p: number;
  let all: number;
  let c = 0;
  // Steps 1-4: the type, as in parseContentType (leading whitespace: one scan more).
  for (;;) {
    all = T_TOKEN;
    for (p = start; p < end && (c = header.charCodeAt(p)) !== 0x2f /* / */; p++) all &= classOf(c);
    if (p < end && p !== start && all !== 0) break;
    if (start !== 0 || !isSpace(header.charCodeAt(0))) return undefined;
    while (start < end && isSpace(header.charCodeAt(start))) start++;
  }
  // Steps 6-8: the subtype, token code points then only trailing whitespace.
  const subStart = ++p;
  let subEnd = -1;
  all = T_TOKEN;
  for (; p < end && (c = header.charCodeAt(p)) !== 0x3b /* ; */; p++) {
    const k = classOf(c);
    if ((k & T_SPACE) !== 0) {
      if (subEnd < 0) subEnd = p;
    } else if (subEnd >= 0) return undefined;
    else all &= k;
  }
  if ((subEnd < 0 ? p : subEnd) === subStart || all === 0) return undefined;
  // Step 11: the first well-formed `charset` parameter.
  while (p < end) {
    p++; // the ';'
    while (p < end && isSpace((c = header.charCodeAt(p)))) p++;
    if (p < end && isCharsetName(header, p, c)) {
      // The common case inline: a token value that ends the header or meets its ';'.
      const from = (p += 8);
      while (p < end && (CLASS[header.charCodeAt(p)]! & T_TOKEN) !== 0) p++;
      if (p > from && (p === end || header.charCodeAt(p) === 0x3b)) return header.slice(from, p);
      const value = parameterValue(header, from, end);
      if (value !== undefined) return value;
      p = valueEnd;
      continue;
    }
    // Another parameter: its name up to '=' (none: it ends at ';'), then its value.
    while (p < end && (c = header.charCodeAt(p)) !== 0x3b && c !== 0x3d /* = */) p++;
    if (c !== 0x3d || p >= end) continue;
    if (++p < end && header.charCodeAt(p) === 0x22 /* " */) {
      // A quoted value ends at its closing quote (a quoted-pair's code point is skipped).
      while (++p < end && (c = header.charCodeAt(p)) !== 0x22) if (c === 0x5c /* \ */) p++;
    }
    while (p < end && header.charCodeAt(p) !== 0x3b) p++;
  }
  return undefined;
}

/** Where {@link parameterValue} stopped: the parameter's closing `;`, or the header's end. */
let valueEnd = 0;

/**
 * The value of a parameter that starts at `p` (just past `=`), as parseContentType reads it, or
 * `undefined` when the value is empty or holds a code point it may not (the parameter is then
 * dropped). Sets {@link valueEnd}.
 */
function parameterValue(header: string, p: number, end: number): string | undefined {
  if (p >= end) {
    valueEnd = end;
    return undefined;
  }
  let value: string;
  let valid = true;
  let c = header.charCodeAt(p);
  if (c === 0x22 /* " */) {
    // Fetch "collect an HTTP quoted string" (extract-value), checking the code points as it goes.
    // A quoted-pair's backslash is dropped and its code point starts the next run, so a value
    // without one is a single slice.
    const open = p + 1;
    let from: number;
    let quotedEnd = end;
    for (;;) {
      value = '';
      valid = true;
      from = p = open;
      for (;;) {
        for (; p < quotedEnd && (c = header.charCodeAt(p)) !== 0x22 && c !== 0x5c /* \ */; p++) {
          if ((classOf(c) & T_QUOTED) === 0) valid = false;
        }
        if (p >= quotedEnd || c === 0x22) break;
        value += header.slice(from, p);
        from = ++p;
        if (p >= quotedEnd) {
          value += '\\';
          break;
        }
        if ((classOf(header.charCodeAt(p)) & T_QUOTED) === 0) valid = false;
        p++;
      }
      // Unterminated, it ends at the header's end less trailing whitespace (step 2): run again
      // there if that differs. At most two runs.
      if (p < quotedEnd || !isSpace(header.charCodeAt(quotedEnd - 1))) break;
      while (isSpace(header.charCodeAt(quotedEnd - 1))) quotedEnd--;
    }
    value = value === '' ? header.slice(from, p) : value + header.slice(from, p);
    // Past the closing quote (already read), then up to the next ';'.
    if (p < quotedEnd) p++;
    while (p < end && header.charCodeAt(p) !== 0x3b) p++;
    valueEnd = p;
    return valid ? value : undefined;
  }
  const valueStart = p;
  if ((classOf(c) & T_TOKEN) !== 0) {
    do p++;
    while (p < end && (CLASS[header.charCodeAt(p)]! & T_TOKEN) !== 0);
  }
  let last = p;
  for (; p < end && (c = header.charCodeAt(p)) !== 0x3b; p++) {
    const k = classOf(c);
    if ((k & T_SPACE) === 0) last = p + 1;
    if ((k & T_QUOTED) === 0) valid = false;
  }
  valueEnd = p;
  if (last === valueStart) return undefined;
  value = header.slice(valueStart, last);
  // Trailing whitespace was trimmed; a CR or LF inside the value still makes it invalid.
  if (!valid) {
    valid = true;
    for (let i = 0; i < value.length && valid; i++)
      valid = (classOf(value.charCodeAt(i)) & T_QUOTED) !== 0;
  }
  return valid ? value : undefined;
}
