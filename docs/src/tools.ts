// The playground's tools as plain functions from input text to a result record, so that the same code
// runs in the page (src/playground.ts draws the results) and in the Node tests.
//
// The packages are imported as namespaces and their functions looked up by name: the playground is
// built from the packages' sources while they grow, and a function that has not landed yet makes
// its tool say so instead of breaking the whole page.
import * as legacy from '@x/legacy-charsets';
import * as mime from '@x/mime-charset';
import * as percent from '@x/percent';
import * as resolveNs from '@x/resolve';
import * as uri from '@x/uri';
import * as urnNs from '@x/urn';
import * as utf8 from '@x/utf8';

type Fn = (...args: never[]) => unknown;

/** A function exported by a package, or `undefined` while it has not landed. */
function pick<F extends Fn>(ns: object, name: string): F | undefined {
  const v = (ns as Record<string, unknown>)[name];
  return typeof v === 'function' ? (v as F) : undefined;
}

/** What a tool reports when the package function it needs is not there. */
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

export type ParseOutcome =
  | { kind: 'ok'; components: Record<string, string | undefined> }
  | Failure
  | Missing;

/** Parse a URI reference with `@x/uri`'s strict `parse`. */
export function parseUri(input: string): ParseOutcome {
  const parse = pick<(s: string) => Record<string, unknown>>(uri, 'parse');
  if (!parse) return missing('parse from @x/uri');
  try {
    const c = parse(input);
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
  const normalize = pick<(s: string) => string>(uri, 'normalize');
  if (!normalize) return missing('normalize from @x/uri');
  try {
    return { kind: 'ok', text: normalize(input) };
  } catch (e) {
    return failure(e);
  }
}

/** Resolve `ref` against `base` with `@x/resolve` (strict RFC 3986 §5.2.2). */
export function resolveReference(base: string, ref: string): TextOutcome {
  const resolve = pick<(b: string, r: string) => string>(resolveNs, 'resolve');
  if (!resolve) return missing('resolve from @x/resolve');
  try {
    return { kind: 'ok', text: resolve(base, ref) };
  } catch (e) {
    return failure(e);
  }
}

/** The shortest reference from `base` to `target` with `@x/resolve`'s `relativize`. */
export function relativizeTarget(base: string, target: string): TextOutcome {
  const relativize = pick<(b: string, t: string) => string>(resolveNs, 'relativize');
  if (!relativize) return missing('relativize from @x/resolve');
  try {
    return { kind: 'ok', text: relativize(base, target) };
  } catch (e) {
    return failure(e);
  }
}

/**
 * The encode sets `@x/percent` exports, as `<family>.<name>` (`rfc3986.component`,
 * `whatwg.query`): the members of its `rfc3986` and `whatwg` records.
 */
export function encodeSets(): string[] {
  const out: string[] = [];
  for (const family of ['rfc3986', 'whatwg']) {
    const sets = (percent as Record<string, unknown>)[family];
    if (sets === null || typeof sets !== 'object') continue;
    for (const name of Object.keys(sets)) out.push(`${family}.${name}`);
  }
  return out;
}

function setNamed(name: string): unknown {
  const dot = name.indexOf('.');
  const family = (percent as Record<string, unknown>)[name.slice(0, dot)];
  if (dot < 0 || family === null || typeof family !== 'object') return undefined;
  return (family as Record<string, unknown>)[name.slice(dot + 1)];
}

/** Percent-encode `text` (as UTF-8) with the named encode set of `@x/percent`. */
export function encodePercent(text: string, setName: string): TextOutcome {
  const encodeFn = pick<(s: string, set: unknown) => string>(percent, 'percentEncode');
  if (!encodeFn) return missing('percentEncode from @x/percent');
  const set = setNamed(setName);
  if (set === undefined) return missing(`the encode set ${setName} from @x/percent`);
  try {
    return { kind: 'ok', text: encodeFn(text, set) };
  } catch (e) {
    return failure(e);
  }
}

/** Percent-decode `text` (UTF-8) in `strict` or `lenient` mode with `@x/percent`. */
export function decodePercent(text: string, mode: 'strict' | 'lenient'): TextOutcome {
  const decodeFn = pick<(s: string, o: { mode: string }) => string>(percent, 'percentDecode');
  if (!decodeFn) return missing('percentDecode from @x/percent');
  try {
    return { kind: 'ok', text: decodeFn(text, { mode }) };
  } catch (e) {
    return failure(e);
  }
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
  const list = pick<() => { name: string }[]>(legacy, 'encodings');
  const names = list ? list().map((e) => e.name) : [];
  return ['utf-8', ...names.filter((n) => n !== 'utf-8')];
}

/**
 * What the bytes themselves say about their charset: a byte order mark first, then (for text that
 * looks like markup) the HTML prescan, both from `@x/mime-charset`.
 */
export function sniff(
  bytes: Uint8Array,
): { kind: 'ok'; name: string | undefined; how: string } | Missing {
  const sniffBom = pick<(b: Uint8Array) => unknown>(mime, 'sniffBom');
  const prescan = pick<(b: Uint8Array) => unknown>(mime, 'prescanHtml');
  if (!sniffBom && !prescan) return missing('sniffBom and prescanHtml from @x/mime-charset');
  const bom = sniffBom ? nameOf(sniffBom(bytes)) : undefined;
  if (bom) return { kind: 'ok', name: bom, how: 'byte order mark' };
  const meta = prescan ? nameOf(prescan(bytes)) : undefined;
  if (meta) return { kind: 'ok', name: meta, how: 'HTML prescan' };
  return { kind: 'ok', name: undefined, how: 'no byte order mark or declaration' };
}

/** A charset name from whatever a sniffer returns: a string, or a record with a name. */
function nameOf(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (v && typeof v === 'object') {
    const r = v as Record<string, unknown>;
    for (const k of ['encoding', 'name', 'charset']) if (typeof r[k] === 'string') return r[k];
  }
  return undefined;
}

/** Decode bytes with the named charset: UTF-8 with `@x/utf8`, the rest with `@x/legacy-charsets`. */
export function decodeBytes(bytes: Uint8Array, name: string): TextOutcome {
  try {
    if (name.toLowerCase() === 'utf-8') {
      const decode = pick<(b: Uint8Array) => string>(utf8, 'decode');
      if (!decode) return missing('decode from @x/utf8');
      return { kind: 'ok', text: decode(bytes) };
    }
    const decode = pick<(b: Uint8Array, n: string) => string>(legacy, 'decode');
    if (!decode) return missing('decode from @x/legacy-charsets');
    return { kind: 'ok', text: decode(bytes, name) };
  } catch (e) {
    return failure(e);
  }
}

export type UrnOutcome =
  | {
      kind: 'ok';
      parts: Record<string, string | undefined>;
      namespace: string | undefined;
      urls: string[] | undefined;
    }
  | Failure
  | Missing;

/** Parse a URN with `@x/urn`, classify its namespace and list its resolution URLs. */
export function inspectUrn(input: string): UrnOutcome {
  const parseUrn = pick<(s: string) => Record<string, unknown>>(urnNs, 'parseUrn');
  if (!parseUrn) return missing('parseUrn from @x/urn');
  try {
    const u = parseUrn(input);
    const parts: Record<string, string | undefined> = {};
    for (const [k, v] of Object.entries(u)) if (typeof v === 'string') parts[k] = v;
    const namespaceOf = pick<(s: string) => unknown>(urnNs, 'namespaceOf');
    const ns = namespaceOf ? describeNamespace(namespaceOf(input)) : undefined;
    const resolveUrn = pick<(s: string) => unknown>(urnNs, 'resolveUrn');
    const urls = resolveUrn ? urlsOf(resolveUrn(input)) : undefined;
    return { kind: 'ok', parts, namespace: ns, urls };
  } catch (e) {
    return failure(e);
  }
}

function describeNamespace(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (v && typeof v === 'object') {
    const r = v as { kind?: unknown; references?: unknown };
    const kind = typeof r.kind === 'string' ? r.kind : JSON.stringify(v);
    const refs = Array.isArray(r.references)
      ? r.references.filter((x) => typeof x === 'string')
      : [];
    return refs.length > 0 ? `${kind} (${refs.join(', ')})` : kind;
  }
  return undefined;
}

function urlsOf(v: unknown): string[] {
  if (!Array.isArray(v)) return [];
  return v.map((x) => {
    if (typeof x === 'string') return x;
    if (x && typeof x === 'object' && typeof (x as { url?: unknown }).url === 'string')
      return (x as { url: string }).url;
    return String(x);
  });
}
