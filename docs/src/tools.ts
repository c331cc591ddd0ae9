// The playground's tools as plain functions from input text to a result record, so that the same code
// runs in the page (src/playground.ts draws the results) and in the Node tests.
import { decode as decodeLegacy, encodings, getCodec } from '@x/legacy-charsets';
import { decodeSteps } from '@x/legacy-charsets/iso-2022';
import {
  charsetFromContentType,
  decodeEncodedWords,
  parseContentType,
  prescanHtml,
  sniffBom,
} from '@x/mime-charset';
import {
  decodeHtmlReferences,
  encodeHtmlReferences,
  type HtmlEncodeMode,
} from '@x/mime-charset/html';
import { detectCharset } from '@x/mime-charset/detect';
import { type EncodeSet, percentDecode, percentEncode, rfc3986, whatwg } from '@x/percent';
import { relativize, resolve } from '@x/resolve';
import { normalize, parse } from '@x/uri';
import { namespaceOf, parseUrn, resolveUrn, validateUrn } from '@x/urn';
import { decode as decodeUtf8 } from '@x/utf8';

/** What a tool reports when the input names something the packages do not have (an encode set). */
export interface Missing {
  kind: 'missing';
  what: string;
}

/** What a tool reports when the package threw: the error's name, message and, if any, index. */
export interface Failure {
  kind: 'error';
  name: string;
  message: string;
  index?: number;
  reason?: string;
}

function missing(what: string): Missing {
  return { kind: 'missing', what };
}

/** `{ kind: 'ok', text }` from `run`, or the {@link Failure} it threw. */
function attempt(run: () => string): TextOutcome {
  try {
    return { kind: 'ok', text: run() };
  } catch (e) {
    return failure(e);
  }
}

function failure(e: unknown): Failure {
  if (e instanceof Error) {
    const r = e as Error & { index?: unknown; reason?: unknown };
    const out: Failure = { kind: 'error', name: e.name, message: e.message };
    if (typeof r.index === 'number') out.index = r.index;
    if (typeof r.reason === 'string') out.reason = r.reason;
    return out;
  }
  return { kind: 'error', name: 'Error', message: String(e) };
}

/** The components of RFC 3986 §3, in order. */
export const componentNames = [
  'scheme',
  'userinfo',
  'host',
  'port',
  'path',
  'query',
  'fragment',
] as const;

export type ParseOutcome = { kind: 'ok'; components: Record<string, string | undefined> } | Failure;

/** Parse a URI reference with `@x/uri`'s strict `parse`. */
export function parseUri(input: string): ParseOutcome {
  try {
    const c = parse(input) as unknown as Record<string, unknown>;
    const components: Record<string, string | undefined> = {};
    for (const n of componentNames) {
      const v = c[n];
      components[n] = typeof v === 'string' ? v : undefined;
    }
    return { kind: 'ok', components };
  } catch (e) {
    return failure(e);
  }
}

export type TextOutcome = { kind: 'ok'; text: string } | Failure | Missing;

/** The RFC 3986 §6.2.2-6.2.3 normal form of a URI reference with `@x/uri`'s `normalize`. */
export function normalizeUri(input: string): TextOutcome {
  return attempt(() => normalize(input));
}

/** Resolve `ref` against `base` with `@x/resolve` (strict RFC 3986 §5.2.2). */
export function resolveReference(base: string, ref: string): TextOutcome {
  return attempt(() => resolve(base, ref));
}

/** The shortest reference from `base` to `target` with `@x/resolve`'s `relativize`. */
export function relativizeTarget(base: string, target: string): TextOutcome {
  return attempt(() => relativize(base, target));
}

/**
 * The encode sets `@x/percent` exports, as `<family>.<name>` (`rfc3986.component`,
 * `whatwg.query`): the members of its `rfc3986` and `whatwg` records.
 */
/** The encode sets `@x/percent` exports, by `<family>.<name>`. */
const setsByName: ReadonlyMap<string, EncodeSet> = new Map(
  Object.entries({ rfc3986, whatwg }).flatMap(([family, sets]) =>
    Object.entries(sets).map(([name, set]) => [`${family}.${name}`, set] as const),
  ),
);

export function encodeSets(): string[] {
  return [...setsByName.keys()];
}

/** Percent-encode `text` (as UTF-8) with the named encode set of `@x/percent`. */
export function encodePercent(text: string, setName: string): TextOutcome {
  const set = setsByName.get(setName);
  if (set === undefined) return missing(`the encode set ${setName} from @x/percent`);
  return attempt(() => percentEncode(text, set));
}

/** Percent-decode `text` (UTF-8) in `strict` or `lenient` mode with `@x/percent`. */
export function decodePercent(text: string, mode: 'strict' | 'lenient'): TextOutcome {
  return attempt(() => percentDecode(text, { mode }));
}

/**
 * Bytes from hexadecimal text: pairs of hex digits, with any spaces, commas, `0x` prefixes or
 * line breaks between them ignored. Returns the index of the first character that is not.
 */
export function parseHex(
  text: string,
): { ok: true; bytes: Uint8Array } | { ok: false; index: number } {
  const out: number[] = [];
  let i = 0;
  let high = -1;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (high < 0 && c === 0x30 && (text.charCodeAt(i + 1) | 0x20) === 0x78) {
      i += 2;
      continue;
    }
    const d = hexDigit(c);
    if (d >= 0) {
      if (high < 0) high = d;
      else {
        out.push(high * 16 + d);
        high = -1;
      }
      i++;
      continue;
    }
    if (high >= 0) return { ok: false, index: i };
    if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x2c || c === 0x3a) i++;
    else return { ok: false, index: i };
  }
  if (high >= 0) return { ok: false, index: text.length };
  return { ok: true, bytes: Uint8Array.from(out) };
}

function hexDigit(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const l = c | 0x20;
  if (l >= 0x61 && l <= 0x66) return l - 0x61 + 10;
  return -1;
}

/** Every charset the family decodes: `utf-8` first, then `@x/legacy-charsets`' list. */
export function charsetNames(): string[] {
  return ['utf-8', ...encodings().flatMap((e) => (e.name === 'utf-8' ? [] : [e.name]))];
}

/**
 * What the bytes themselves say about their charset: a byte order mark first, then (for text that
 * looks like markup) the HTML prescan, both from `@x/mime-charset`.
 */
export function sniff(bytes: Uint8Array): { kind: 'ok'; name: string | undefined; how: string } {
  const bom = sniffBom(bytes)?.encoding;
  if (bom) return { kind: 'ok', name: bom, how: 'byte order mark' };
  const meta = prescanHtml(bytes);
  if (meta) return { kind: 'ok', name: meta, how: 'HTML prescan' };
  return { kind: 'ok', name: undefined, how: 'no byte order mark or declaration' };
}

/** One guess of {@link detect}: the family codec name, the detector's name, its confidence. */
export interface Detected {
  codec: string;
  encoding: string;
  confidence: number;
  language: string | undefined;
}

// The detector's names that are not the family codec's name in lowercase.
const DETECTED_CODEC: Record<string, string> = { ibm855: 'cp855', ibm869: 'cp869' };

/**
 * What bytes that declare nothing are most likely in: the best three candidates of
 * `detectCharset` from `@x/mime-charset/detect`, with the codec that decodes each.
 */
export function detect(bytes: Uint8Array): Detected[] {
  if (bytes.length === 0) return [];
  return detectCharset(bytes)
    .slice(0, 3)
    .map((c) => {
      const lower = c.encoding.toLowerCase();
      return {
        codec: DETECTED_CODEC[lower] ?? lower,
        encoding: c.encoding,
        confidence: c.confidence,
        language: c.language,
      };
    });
}

/** Decode bytes with the named charset: UTF-8 with `@x/utf8`, the rest with `@x/legacy-charsets`. */
export function decodeBytes(bytes: Uint8Array, name: string): TextOutcome {
  return attempt(() =>
    name.toLowerCase() === 'utf-8' ? decodeUtf8(bytes) : decodeLegacy(bytes, name),
  );
}

export type UrnOutcome =
  | {
      kind: 'ok';
      parts: Record<string, string | undefined>;
      namespace: string;
      urls: string[];
      /** What the namespace's own rules say is wrong (a failed ISBN check digit…), in words. */
      problems: string[];
    }
  | Failure;

/** Parse a URN with `@x/urn`, classify its namespace and list its resolution URLs. */
export function inspectUrn(input: string): UrnOutcome {
  try {
    const parts: Record<string, string | undefined> = {};
    for (const [k, v] of Object.entries(parseUrn(input))) if (typeof v === 'string') parts[k] = v;
    const { kind, references } = namespaceOf(input);
    const namespace = references.length > 0 ? `${kind} (${references.join(', ')})` : kind;
    // RFC 8141 syntax holds here; the namespace's rules (check digits, registered NIDs) may not.
    const problems = validateUrn(input).problems.map((p) =>
      p.code === 'unregistered' ? `unregistered namespace: ${p.reason}` : p.reason,
    );
    return { kind: 'ok', parts, namespace, urls: resolveUrn(input), problems };
  } catch (e) {
    return failure(e);
  }
}

export type ContentTypeOutcome =
  | {
      kind: 'ok';
      essence: string;
      parameters: [string, string][];
      /** The charset the WHATWG rules read from the header, or `null`. */
      charset: string | null;
      /** `ok`, or the strict (RFC 9110 §8.3) parser's complaint about the same header. */
      strict: { kind: 'ok' } | Failure;
    }
  | Failure;

/**
 * A Content-Type header read the way browsers read it (WHATWG MIME Sniffing §4.4) with
 * `@x/mime-charset`'s `parseContentType`, the charset a decoder would use, and whether the header
 * also meets RFC 9110's grammar.
 */
export function inspectContentType(header: string): ContentTypeOutcome {
  const parsed = parseContentType(header);
  if (parsed === null) {
    return {
      kind: 'error',
      name: 'ContentTypeError',
      message: 'not a MIME type: browsers ignore this header',
    };
  }
  let strict: { kind: 'ok' } | Failure = { kind: 'ok' };
  try {
    parseContentType(header, { strict: true });
  } catch (e) {
    strict = failure(e);
  }
  return {
    kind: 'ok',
    essence: parsed.essence,
    parameters: [...parsed.parameters],
    charset: charsetFromContentType(header),
    strict,
  };
}

export type HeaderOutcome =
  | { kind: 'ok'; text: string; issues: string[]; languages: string[] }
  | Failure;

/**
 * A mail header with its RFC 2047 encoded-words decoded by `@x/mime-charset`'s
 * `decodeEncodedWords`, strictly (RFC 2047 as written) or leniently (as mail readers do), with
 * the words left undecoded and why.
 */
export function decodeHeader(header: string, strict: boolean): HeaderOutcome {
  try {
    const r = decodeEncodedWords(header, { strict });
    return {
      kind: 'ok',
      text: r.text,
      issues: r.issues.map((i) => `${i.reason} (${i.charset}) at index ${i.index}`),
      languages: [...r.languages],
    };
  } catch (e) {
    return failure(e);
  }
}

export type ReferencesOutcome = { kind: 'ok'; text: string; errors: string[] };

/**
 * HTML text (or an attribute value) with its character references decoded by `@x/mime-charset/html`
 * as a browser's tokenizer does, and the parse errors it met, each at the offset of its `&`.
 */
export function decodeReferences(text: string, context: 'text' | 'attribute'): ReferencesOutcome {
  const errors: string[] = [];
  const out = decodeHtmlReferences(text, {
    context,
    onError: (e) => errors.push(`${e.code} at index ${e.offset}`),
  });
  return { kind: 'ok', text: out, errors };
}

/**
 * Text written for an HTML page with `encodeHtmlReferences`: the syntax characters of the mode, and
 * the characters the charset (a `@x/legacy-charsets` codec name; `utf-8` holds every character)
 * cannot hold.
 */
export function encodeReferences(text: string, mode: HtmlEncodeMode, charset: string): TextOutcome {
  const codec = charset.toLowerCase() === 'utf-8' ? undefined : getCodec(charset);
  if (charset.toLowerCase() !== 'utf-8' && codec === undefined)
    return missing(`charset ${charset}`);
  return attempt(() => encodeHtmlReferences(text, codec ? { mode, charset: codec } : { mode }));
}

/** One character of {@link encodeText}: its bytes in the charset, or `null` when it has none. */
export interface EncodedChar {
  char: string;
  bytes: number[] | null;
}

export type EncodeOutcome =
  | {
      kind: 'ok';
      /** The whole text's bytes (unencodable characters written as `?`), in hex and in binary. */
      hex: string;
      binary: string;
      /** Each character with its own bytes, `null` for the ones the charset cannot hold. */
      chars: EncodedChar[];
    }
  | Failure;

const hex2 = (b: number): string => b.toString(16).toUpperCase().padStart(2, '0');
const bin8 = (b: number): string => b.toString(2).padStart(8, '0');

/**
 * Text to bytes in the named charset, as the seeds' tables show them (hex and binary), with the
 * characters the charset cannot hold marked. A stateful charset (ISO 2022, UTF-7) writes the
 * escapes or shifts each character needs on its own in `chars`, and the whole text once in `hex`.
 */
export function encodeText(text: string, name: string): EncodeOutcome {
  const utf8 = name.toLowerCase() === 'utf-8';
  const codec = utf8 ? undefined : getCodec(name);
  if (!utf8 && !codec)
    return { kind: 'error', name: 'RangeError', message: `unknown charset ${name}` };
  const enc = (s: string, mode: 'fatal' | 'replacement'): Uint8Array =>
    codec ? codec.encode(s, { mode }) : new TextEncoder().encode(s);
  try {
    const all = Array.from(enc(text, 'replacement'));
    const chars = Array.from(text, (char) => {
      try {
        return { char, bytes: Array.from(enc(char, 'fatal')) };
      } catch {
        return { char, bytes: null };
      }
    });
    return { kind: 'ok', hex: all.map(hex2).join(' '), binary: all.map(bin8).join(' '), chars };
  } catch (e) {
    return failure(e);
  }
}

/** ISO 2022 bytes decoded step by step: each designation, shift and character, with its offset. */
export function iso2022Steps(
  bytes: Uint8Array,
): { offset: number; bytes: string; kind: string; detail: string }[] {
  return decodeSteps(bytes).map((s) => ({
    offset: s.offset,
    bytes: s.bytes.map(hex2).join(' '),
    kind: s.kind,
    detail: s.detail,
  }));
}
