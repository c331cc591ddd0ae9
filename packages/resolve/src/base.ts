import { parse, parseIri, serialize } from '@x/uri';
import { resolve } from './resolve';

/**
 * Where a base URI can come from, by the layers of
 * {@link https://www.rfc-editor.org/rfc/rfc3986#section-5.1 | RFC 3986 §5.1}, highest precedence first.
 * Each is an IRI or IRI reference; leave out (or set `undefined`) a layer you do not have, so the
 * result of {@link htmlBase} can be passed as it is.
 */
export interface BaseSources {
  /** §5.1.1: a base embedded in the content (`<base href>`, `xml:base`, …): see {@link htmlBase}, {@link xmlBase}. */
  embedded?: string | undefined;
  /** §5.1.2: the base of the entity that encapsulates this one (a MIME part's `Content-Location`, the outer document). */
  encapsulating?: string | undefined;
  /** §5.1.3: the URI the representation was retrieved from (after redirects). */
  retrieval?: string | undefined;
  /** §5.1.4: the application's default base. */
  fallback?: string | undefined;
}

/** `s` without the leading and trailing characters `strip` accepts: a loop, linear on any input. */
function trim(s: string, strip: (c: number) => boolean): string {
  let from = 0;
  let to = s.length;
  while (from < to && strip(s.charCodeAt(from))) from++;
  while (to > from && strip(s.charCodeAt(to - 1))) to--;
  return s.slice(from, to);
}

/** Strips the fragment of an absolute IRI (RFC 3986 §5.1: a base never has one). */
function withoutFragment(uri: string): string {
  const c = parseIri(uri);
  return c.fragment === undefined ? uri : serialize({ ...c, fragment: undefined });
}

/**
 * Chooses the base URI by the precedence of
 * {@link https://www.rfc-editor.org/rfc/rfc3986#section-5.1 | RFC 3986 §5.1}: embedded in the content
 * (§5.1.1), else of the encapsulating entity (§5.1.2), else the retrieval URI (§5.1.3), else the
 * default (§5.1.4). A layer that is a relative reference is resolved against the base the layers
 * below it give (§5.1: "converted to absolute form"), and is skipped when none of them gives one.
 * The result has no fragment (§5.1). Values are IRIs: non-ASCII stays as written.
 *
 * @param sources - {@link BaseSources}; absent layers are skipped
 * @returns the absolute base, or `undefined` when no layer yields an absolute one
 * @throws `UriSyntaxError` (from `@x/uri`) when a given layer is not an IRI reference
 * @example
 * ```ts
 * chooseBase({ embedded: '../x/', retrieval: 'http://a/b/c' }); // 'http://a/x/'
 * chooseBase({ retrieval: 'http://a/b#top', fallback: 'about:blank' }); // 'http://a/b'
 * chooseBase({ embedded: 'x' }); // undefined
 * ```
 */
export function chooseBase(sources: BaseSources): string | undefined {
  let base: string | undefined;
  // From the lowest precedence up: each layer replaces the base of the layers below it.
  for (const layer of [
    sources.fallback,
    sources.retrieval,
    sources.encapsulating,
    sources.embedded,
  ]) {
    if (layer === undefined) continue;
    if (base !== undefined) base = resolve(base, layer, { iri: true });
    else if (parseIri(layer).scheme !== undefined) base = layer;
  }
  return base === undefined ? undefined : withoutFragment(base);
}

/** Options of {@link htmlBase}. */
export interface HtmlBaseOptions {
  /**
   * The check of the HTML Standard's "Is base allowed for Document?" (CSP's `base-uri`): return `false`
   * to block a base URL, which then falls back to the document URL. Default: every URL but `data:`
   * and `javascript:` is allowed (those two are always refused, as the standard says).
   */
  allow?: (url: string) => boolean;
}

enum C {
  TAB = 9,
  LF = 10,
  FF = 12,
  CR = 13,
  SPACE = 32,
  QUOTE = 34,
  AMP = 38,
  APOS = 39,
  DASH = 45,
  SLASH = 47,
  LT = 60,
  EQ = 61,
  GT = 62,
  BANG = 33,
  QUESTION = 63,
}

/** HTML's ASCII whitespace in the tokenizer: tab, LF, FF, CR, space. */
const isSpace = (c: number): boolean =>
  c === C.TAB || c === C.LF || c === C.FF || c === C.CR || c === C.SPACE;
const isAlpha = (c: number): boolean => (c | 32) >= 97 && (c | 32) <= 122;

/** Elements whose content the tokenizer reads as text up to their end tag (HTML §13.2.6.2, §13.2.5). */
const RAW_TEXT = new Set([
  'script',
  'style',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'noscript',
  'textarea',
  'title',
]);

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Decodes the character references `&amp;` `&lt;` `&gt;` `&quot;` `&apos;`, `&#N;` and `&#xH;`. */
function decodeReferences(value: string): string {
  if (value.indexOf('&') < 0) return value;
  let out = '';
  let from = 0;
  for (let i = value.indexOf('&'); i >= 0; i = value.indexOf('&', i + 1)) {
    // a reference is short: look no further than 10 characters for its ";", which keeps this linear
    let end = i + 1;
    while (end < value.length && end - i <= 10 && value.charCodeAt(end) !== 59) end++;
    if (value.charCodeAt(end) !== 59) continue;
    const name = value.slice(i + 1, end);
    let text: string | undefined = NAMED[name];
    if (text === undefined && name.charCodeAt(0) === 35) {
      const hex = (name.charCodeAt(1) | 32) === 120;
      const digits = name.slice(hex ? 2 : 1);
      const code = Number.parseInt(digits, hex ? 16 : 10);
      if (
        code > 0 &&
        code <= 0x10ffff &&
        code.toString(hex ? 16 : 10) === digits.replace(/^0+/, '').toLowerCase()
      ) {
        text = String.fromCodePoint(code >= 0xd800 && code <= 0xdfff ? 0xfffd : code);
      }
    }
    if (text === undefined) continue;
    out += value.slice(from, i) + text;
    from = end + 1;
    i = end;
  }
  return out + value.slice(from);
}

/** A tag read by {@link readTag}: its lowercase name, first `href`, and where the markup goes on. */
interface Tag {
  name: string;
  href: string | undefined;
  end: number;
}

/**
 * Reads a start or end tag whose name begins at `i` (after `<` or `</`), by the tokenizer's tag and
 * attribute states (HTML §13.2.5.6–§13.2.5.39): the name runs to whitespace, `/` or `>`; attribute
 * values are double-quoted, single-quoted or unquoted; a repeated attribute is dropped (the first
 * wins). `undefined` when the input ends inside the tag (the tokenizer then emits no tag).
 */
function readTag(s: string, i: number): Tag | undefined {
  const n = s.length;
  let p = i;
  while (
    p < n &&
    !isSpace(s.charCodeAt(p)) &&
    s.charCodeAt(p) !== C.SLASH &&
    s.charCodeAt(p) !== C.GT
  )
    p++;
  const name = s.slice(i, p).toLowerCase();
  let href: string | undefined;
  const seen = new Set<string>();
  for (;;) {
    while (p < n && (isSpace(s.charCodeAt(p)) || s.charCodeAt(p) === C.SLASH)) p++;
    if (p >= n) return undefined;
    if (s.charCodeAt(p) === C.GT) return { name, href, end: p + 1 };
    // attribute name: a leading "=" is part of it (unexpected-equals-sign-before-attribute-name)
    const start = p++;
    while (p < n) {
      const c = s.charCodeAt(p);
      if (isSpace(c) || c === C.SLASH || c === C.GT || c === C.EQ) break;
      p++;
    }
    const attr = s.slice(start, p).toLowerCase();
    while (p < n && isSpace(s.charCodeAt(p))) p++;
    let value = '';
    if (p < n && s.charCodeAt(p) === C.EQ) {
      p++;
      while (p < n && isSpace(s.charCodeAt(p))) p++;
      if (p >= n) return undefined;
      const q = s.charCodeAt(p);
      if (q === C.QUOTE || q === C.APOS) {
        const close = s.indexOf(q === C.QUOTE ? '"' : "'", p + 1);
        if (close < 0) return undefined;
        value = s.slice(p + 1, close);
        p = close + 1;
      } else {
        const from = p;
        while (p < n && !isSpace(s.charCodeAt(p)) && s.charCodeAt(p) !== C.GT) p++;
        value = s.slice(from, p);
      }
    }
    if (!seen.has(attr)) {
      seen.add(attr);
      if (attr === 'href') href = decodeReferences(value);
    }
  }
}

/** Where `</name` followed by whitespace, `/` or `>` begins at or after `from` (ASCII case-insensitive), or -1. */
function findEndTag(s: string, name: string, from: number): number {
  for (let i = s.indexOf('</', from); i >= 0; i = s.indexOf('</', i + 2)) {
    const after = s.charCodeAt(i + 2 + name.length);
    if (
      s.slice(i + 2, i + 2 + name.length).toLowerCase() === name &&
      (isSpace(after) || after === C.SLASH || after === C.GT)
    ) {
      return i;
    }
  }
  return -1;
}

/** The `href` of the first `<base>` element with one, in tree order, as the tokenizer reads `markup`. */
function firstBaseHref(s: string): string | undefined {
  const n = s.length;
  let template = 0;
  let i = 0;
  while (i < n) {
    const lt = s.indexOf('<', i);
    if (lt < 0) return undefined;
    const c = s.charCodeAt(lt + 1);
    if (c === C.BANG) {
      if (s.startsWith('<!--', lt)) {
        // comment (§13.2.5.43–§13.2.5.52): "<!-->" and "<!--->" end at once; otherwise "-->" or "--!>"
        let p = lt + 4;
        if (s.charCodeAt(p) === C.GT) i = p + 1;
        else if (s.charCodeAt(p) === C.DASH && s.charCodeAt(p + 1) === C.GT) i = p + 2;
        else {
          for (;;) {
            p = s.indexOf('--', p);
            if (p < 0) return undefined;
            if (s.charCodeAt(p + 2) === C.GT) {
              i = p + 3;
              break;
            }
            if (s.charCodeAt(p + 2) === C.BANG && s.charCodeAt(p + 3) === C.GT) {
              i = p + 4;
              break;
            }
            p++;
          }
        }
      } else {
        // DOCTYPE, CDATA outside foreign content and other "<!": up to the next ">" (bogus comment)
        const gt = s.indexOf('>', lt);
        if (gt < 0) return undefined;
        i = gt + 1;
      }
    } else if (c === C.QUESTION) {
      const gt = s.indexOf('>', lt);
      if (gt < 0) return undefined;
      i = gt + 1;
    } else if (c === C.SLASH) {
      if (isAlpha(s.charCodeAt(lt + 2))) {
        const tag = readTag(s, lt + 2);
        if (tag === undefined) return undefined;
        if (tag.name === 'template' && template > 0) template--;
        i = tag.end;
      } else {
        // "</>" is dropped; "</" and anything else is a bogus comment up to ">"
        const gt = s.indexOf('>', lt);
        if (gt < 0) return undefined;
        i = gt + 1;
      }
    } else if (isAlpha(c)) {
      const tag = readTag(s, lt + 1);
      if (tag === undefined) return undefined;
      i = tag.end;
      if (tag.name === 'base' && tag.href !== undefined && template === 0) return tag.href;
      if (tag.name === 'template') template++;
      else if (tag.name === 'plaintext') return undefined;
      else if (RAW_TEXT.has(tag.name)) {
        const close = findEndTag(s, tag.name, i);
        if (close < 0) return undefined;
        i = close;
      }
    } else {
      i = lt + 1;
    }
  }
  return undefined;
}

/**
 * The base URL of an HTML document, from its markup: the "frozen base URL" of the first `<base>` element
 * with an `href` attribute in tree order
 * ({@link https://html.spec.whatwg.org/multipage/semantics.html#the-base-element | HTML Standard §4.2.3}):
 * the `href` value resolved against the document's URL; the document URL itself when that fails, gives
 * a `data:` or `javascript:` URL, or `options.allow` refuses it. A linear scan that follows the
 * tokenizer where it matters: `<base>` inside a comment, a `<script>`, `<style>`, `<textarea>`,
 * `<title>` (raw text up to the end tag), a `<template>` or after `<plaintext>` does not count;
 * tag and attribute names are case-insensitive; the first `href` of a tag wins; `&amp;`, `&lt;`,
 * `&gt;`, `&quot;`, `&apos;` and numeric character references in the value are decoded. Resolution is
 * RFC 3986 §5.2 on IRIs, not a browser's URL parser: a value a browser would repair (a space, a
 * backslash) counts as a failure.
 *
 * @param markup - the HTML source (decoded to a string)
 * @param documentUrl - the document's URL (its fallback base URL), absolute
 * @param options - {@link HtmlBaseOptions}
 * @returns the document base URL, or `undefined` when the markup has no `<base href>` (use the
 *   document URL, or {@link chooseBase} with it as `retrieval`)
 * @throws `ResolveError` when `documentUrl` has no scheme; `UriSyntaxError` (from `@x/uri`) when it is
 *   not an IRI
 * @example
 * ```ts
 * htmlBase('<head><BASE href="http://www.ionio.gr/Test/a/b/c"></head>', 'http://example.com/doc.html'); // 'http://www.ionio.gr/Test/a/b/c'
 * htmlBase('<base href="../x/">', 'http://a/b/c/d.html'); // 'http://a/b/x/'
 * htmlBase('<!-- <base href="http://evil/"> --><p>', 'http://a/'); // undefined
 * ```
 */
export function htmlBase(
  markup: string,
  documentUrl: string,
  options?: HtmlBaseOptions,
): string | undefined {
  const href = firstBaseHref(markup);
  if (href === undefined) return undefined;
  // The URL parser strips leading and trailing C0 controls and spaces, and removes tabs and newlines.
  let value = trim(href, (c) => c <= 0x20);
  if (/[\t\n\r]/.test(value)) value = value.split(/[\t\n\r]/).join('');
  let url: string;
  try {
    url = resolve(documentUrl, value, { iri: true });
  } catch {
    return resolve(documentUrl, '', { iri: true });
  }
  const scheme = (parseIri(url).scheme as string).toLowerCase();
  if (scheme === 'data' || scheme === 'javascript' || options?.allow?.(url) === false) {
    return resolve(documentUrl, '', { iri: true });
  }
  return withoutFragment(url);
}

/**
 * The value of an HTTP `Content-Location` field as an absolute URI: by
 * {@link https://www.rfc-editor.org/rfc/rfc9110#section-8.7 | RFC 9110 §8.7} the value is an
 * `absolute-URI` or a `partial-URI` (no fragment), and a partial one is resolved against the target
 * URI. Where it is a base: for a MIME part (RFC 2557 §4), the encapsulating entity's base
 * ({@link BaseSources.encapsulating}); RFC 2616 §14.14 also made it the base of an HTTP response's
 * content, which RFC 7231 and RFC 9110 dropped, so prefer the retrieval URI for HTTP.
 *
 * @param value - the field value (surrounding spaces and tabs are ignored)
 * @param targetUri - the request's target URI, absolute
 * @returns the absolute URI, or `undefined` when the value is not an `absolute-URI` or `partial-URI`
 * @throws `ResolveError` when `targetUri` has no scheme; `UriSyntaxError` when it is not a URI
 * @example
 * ```ts
 * contentLocationBase('/docs/en/', 'http://a/docs/'); // 'http://a/docs/en/'
 * contentLocationBase('x#frag', 'http://a/'); // undefined
 * ```
 */
export function contentLocationBase(value: string, targetUri: string): string | undefined {
  const field = trim(value, (c) => c === 32 || c === 9);
  let fragment: string | undefined;
  try {
    fragment = parse(field).fragment;
  } catch {
    return undefined;
  }
  return fragment === undefined ? resolve(targetUri, field) : undefined;
}

/**
 * The base URI of an element by {@link https://www.w3.org/TR/xmlbase/#granularity | XML Base §4.2}:
 * its `xml:base` resolved against its parent's base, and so on up to the document's base. Give the
 * `xml:base` values of the element chain from the outermost element down to the element itself, with
 * `undefined` for an element without the attribute. Values are IRIs, kept as written; the result has
 * no fragment (RFC 3986 §5.1).
 *
 * @param chain - `xml:base` values, outermost element first
 * @param documentBase - the document entity's base (its retrieval URI, or {@link chooseBase}'s result)
 * @returns the element's base URI
 * @throws `ResolveError` when `documentBase` has no scheme; `UriSyntaxError` (from `@x/uri`) when a
 *   value is not an IRI reference
 * @example
 * ```ts
 * xmlBase(['http://example.org/today/', undefined, 'new/'], 'http://a/doc.xml'); // 'http://example.org/today/new/'
 * xmlBase([], 'http://a/doc.xml#x'); // 'http://a/doc.xml'
 * ```
 */
export function xmlBase(chain: readonly (string | undefined)[], documentBase: string): string {
  let base = documentBase;
  for (const value of chain) if (value !== undefined) base = resolve(base, value, { iri: true });
  return withoutFragment(resolve(base, '', { iri: true }));
}
