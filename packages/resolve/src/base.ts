import { parse, parseIri, serialize, type UriComponents } from '@x/uri';
import { mergePaths } from './paths';
import { parseBase, recompose, resolve, resolveComponents } from './resolve';

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

const words = (list: string): Set<string> => new Set(list.split(' '));

/**
 * HTML elements whose content the tokenizer reads as text up to their end tag: RCDATA and RAWTEXT
 * (HTML §13.2.6.4.4 "in head", §13.2.6.4.7 "in body"; `noscript` with scripting on, as in a browser).
 */
const RAW_TEXT = words('style xmp iframe noembed noframes noscript textarea title');
/** HTML start tags that open no element on the stack: void elements, and those merged into the root. */
const VOID = words(
  'area base basefont bgsound br col embed frame hr image img input keygen link meta param source track wbr html head body frameset',
);
/** The "special" category (§13.2.4.3) among the HTML elements that are pushed. */
const SPECIAL = words(
  'address applet article aside blockquote button caption center colgroup dd details dir div dl dt fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hgroup li listing main marquee menu nav object ol p pre search section select summary table tbody td template tfoot th thead tr ul',
);
/** HTML elements that bound "has an element in scope" (§13.2.4.3), with the integration points. */
const SCOPE = words('applet caption marquee object table td th template');
/** Start tags that close an open `p` (§13.2.6.4.7). */
const CLOSES_P = words(
  'address article aside blockquote center details dialog dir div dl fieldset figcaption figure footer header hgroup main menu nav ol p search section summary ul h1 h2 h3 h4 h5 h6 pre listing form li dd dt hr xmp',
);
/** Start tags (in body) that set the frameset-ok flag to "not ok", with `input` but of type hidden. */
const FRAMESET_NOT_OK = words(
  'pre listing li dd dt button applet marquee object table area br embed img image keygen wbr hr textarea xmp iframe select body',
);
/** Start tags that the "in head" insertion mode takes (§13.2.6.4.4): others start the body. */
const HEAD = words(
  'html head base basefont bgsound link meta title style script noscript template noframes',
);
const TABLE_PARTS = words('caption col colgroup tbody td tfoot th thead tr');
/** Formatting elements (§13.2.4.3), which an end tag closes by the adoption agency algorithm. */
const FORMATTING = words('a b big code em font i nobr s small strike strong tt u');
const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
/** Start tags that leave foreign content (§13.2.6.5), and `font` with `color`, `face` or `size`. */
const BREAKOUT = words(
  'b big blockquote body br center code dd div dl dt em embed h1 h2 h3 h4 h5 h6 head hr i img li listing menu meta nobr ol p pre ruby s small span strong strike sub sup table tt u ul var',
);

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

/** A tag read by {@link readTag}: its lowercase name, attributes (the first of a name wins), and where the markup goes on. */
interface Tag {
  name: string;
  attrs: Map<string, string>;
  /** `/>` closes it (the self-closing flag, §13.2.5.40). */
  self: boolean;
  end: number;
}

/**
 * Reads a start or end tag whose name begins at `i` (after `<` or `</`), by the tokenizer's tag and
 * attribute states (HTML §13.2.5.6–§13.2.5.40): the name runs to whitespace, `/` or `>`; attribute
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
  const attrs = new Map<string, string>();
  for (;;) {
    const from = p;
    while (p < n && (isSpace(s.charCodeAt(p)) || s.charCodeAt(p) === C.SLASH)) p++;
    if (p >= n) return undefined;
    if (s.charCodeAt(p) === C.GT) {
      return { name, attrs, self: p > from && s.charCodeAt(p - 1) === C.SLASH, end: p + 1 };
    }
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
    if (!attrs.has(attr)) attrs.set(attr, value);
  }
}

/** Whether `name` (lowercase) followed by whitespace, `/` or `>` begins at `at`, ASCII case-insensitively. */
function tagNameAt(s: string, at: number, name: string): boolean {
  const after = s.charCodeAt(at + name.length);
  return (
    s.slice(at, at + name.length).toLowerCase() === name &&
    (isSpace(after) || after === C.SLASH || after === C.GT)
  );
}

/** Where `</name` followed by whitespace, `/` or `>` begins at or after `from`, or -1. */
function findEndTag(s: string, name: string, from: number): number {
  for (let i = s.indexOf('</', from); i >= 0; i = s.indexOf('</', i + 2)) {
    if (tagNameAt(s, i + 2, name)) return i;
  }
  return -1;
}

/**
 * Where the `</script` that ends a script begins, reading its text from `i` by the script data
 * states (HTML §13.2.5.4, §13.2.5.15–§13.2.5.31), or -1 when the input ends first. `<!--` escapes the
 * text; inside the escape, `<script` followed by whitespace, `/` or `>` double-escapes it, where
 * `</script` no longer ends the script but undoes the double escape; `-->` ends either escape.
 */
function scriptEnd(s: string, i: number): number {
  const n = s.length;
  let state = 0; // 0 script data, 1 escaped, 2 double escaped
  let dashes = 0; // the "-" just read, up to 2 (the escaped dash and dash dash states)
  while (i < n) {
    const c = s.charCodeAt(i++);
    if (c === C.DASH) {
      if (dashes < 2) dashes++;
    } else if (c !== C.LT) {
      if (c === C.GT && dashes === 2) state = 0;
      dashes = 0;
    } else {
      dashes = 0;
      const slash = s.charCodeAt(i) === C.SLASH;
      if (state < 2 && slash && tagNameAt(s, i + 1, 'script')) return i - 1;
      if (state === 0) {
        if (s.startsWith('!--', i)) {
          state = 1;
          dashes = 2;
          i += 3;
        }
      } else if (state === 2 ? slash : isAlpha(s.charCodeAt(i))) {
        // double escape start (after "<") or end (after "</"): letters, then whitespace, "/" or ">"
        // toggles the state when they spell "script"; anything else is read again as text
        const from = state === 2 ? i + 1 : i;
        let p = from;
        while (p < n && isAlpha(s.charCodeAt(p))) p++;
        const after = s.charCodeAt(p);
        if (isSpace(after) || after === C.SLASH || after === C.GT) {
          if (p - from === 6 && s.slice(from, p).toLowerCase() === 'script') state = 3 - state;
          p++;
        }
        i = p;
      }
    }
  }
  return -1;
}

/** Namespaces of the elements on the stack. */
const HTML = 0;
const SVG = 1;
const MATH = 2;

/** An element on the stack of open elements, with the topmost entries of some kinds at or below it. */
interface Open {
  name: string;
  ns: number;
  /** 1: a MathML text integration point; 2: an HTML integration point (§13.2.6). */
  ip: number;
  /** Indexes of the topmost special element, scope boundary, HTML element, and HTML element or integration point, at or below this one (-1: none). */
  special: number;
  scope: number;
  html: number;
  entry: number;
}

/**
 * The `href` of the first `<base>` element with one in the document tree, as the tokenizer and tree
 * builder read `markup` (HTML §13.2.5, §13.2.6). The stack of open elements is kept as far as it
 * decides where a start tag goes: HTML elements by the "in body" rules for scopes, `p`, `li`, `dd`,
 * `dt` and headings; SVG and MathML elements with their integration points; and `template`. Each
 * question asked of the stack is answered from indexes kept on its entries, so the scan is linear.
 */
function firstBaseHref(s: string): string | undefined {
  const n = s.length;
  const open: Open[] = [];
  /** Indexes of the open elements by namespace and name, topmost last. */
  const named = new Map<string, number[]>();
  const topmost = (key: string): number => {
    const at = named.get(key);
    return at?.[at.length - 1] ?? -1;
  };
  const push = (name: string, ns: number, ip: number): void => {
    const k = open.length;
    const below = open[k - 1];
    const bound =
      ns === HTML ? SCOPE.has(name) : ip > 0 || (ns === MATH && name === 'annotation-xml');
    open.push({
      name,
      ns,
      ip,
      special: (ns === HTML ? SPECIAL.has(name) : bound) ? k : (below?.special ?? -1),
      scope: bound ? k : (below?.scope ?? -1),
      html: ns === HTML ? k : (below?.html ?? -1),
      entry: ns === HTML || ip > 0 ? k : (below?.entry ?? -1),
    });
    const key = ns + name;
    const at = named.get(key);
    if (at) at.push(k);
    else named.set(key, [k]);
  };
  const popTo = (k: number): void => {
    while (open.length > k) {
      const e = open.pop() as Open;
      named.get(e.ns + e.name)?.pop();
    }
  };
  /** An end tag by the "in body" rules (§13.2.6.4.7), as far as they pop the stack. */
  const htmlEnd = (name: string): void => {
    const top = open[open.length - 1];
    if (!top) return;
    if (name === 'template' || name === 'table') {
      // table scope: only a template bounds it (a table's cells close with it)
      const k = topmost(HTML + name);
      if (k > (name === 'table' ? topmost('0template') : -1)) popTo(k);
      return;
    }
    // "</h1>" closes any heading
    const k = HEADINGS.includes(name)
      ? Math.max(...HEADINGS.map((h) => topmost(HTML + h)))
      : topmost(HTML + name);
    if (k < 0) return;
    // the adoption agency algorithm (formatting elements), as it leaves the stack: the element and
    // what is above it close, but not a special element above it (the last one stays open)
    if (FORMATTING.has(name)) {
      if (k >= top.scope) popTo(top.special > k ? top.special + 1 : k);
    } else if (SPECIAL.has(name) ? k >= top.scope : k > top.special) {
      // a special element must be in scope; any other must be reached before a special one
      popTo(k);
    }
  };
  // The frameset-ok flag (§13.2.4.5): text other than whitespace, and some elements, clear it.
  // While it is set, a <frameset> replaces the body, with any <base> in it: a <base> found in the
  // body stays a candidate until the flag is cleared. One in the head (before any body content) stays.
  let framesetOk = true;
  let body = false;
  let candidate: string | undefined;
  const text = (from: number, to: number): void => {
    for (let p = from; framesetOk && p < to; p++) {
      if (!isSpace(s.charCodeAt(p))) framesetOk = !(body = true);
    }
  };
  let i = 0;
  while (i < n) {
    const lt = s.indexOf('<', i);
    if (lt < 0) break;
    text(i, lt);
    if (candidate !== undefined && !framesetOk) return candidate;
    const c = s.charCodeAt(lt + 1);
    let top = open[open.length - 1];
    if (c === C.BANG) {
      if (s.startsWith('<!--', lt)) {
        // comment (§13.2.5.43–§13.2.5.52): "<!-->" and "<!--->" end at once; otherwise "-->" or "--!>"
        let p = lt + 4;
        if (s.charCodeAt(p) === C.GT) i = p + 1;
        else if (s.charCodeAt(p) === C.DASH && s.charCodeAt(p + 1) === C.GT) i = p + 2;
        else {
          for (;;) {
            p = s.indexOf('--', p);
            if (p < 0) return candidate;
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
        // a CDATA section when the current node is not HTML (§13.2.5.42, §13.2.5.69: integration
        // points too, as Chromium reads it) up to "]]>"; DOCTYPE, CDATA in HTML content and other
        // "<!": up to the next ">" (a bogus comment)
        const cdata = top !== undefined && top.ns !== HTML && s.startsWith('<![CDATA[', lt);
        const end = cdata ? s.indexOf(']]>', lt + 9) : s.indexOf('>', lt);
        if (end < 0) return candidate;
        if (cdata) text(lt + 9, end);
        i = end + (cdata ? 3 : 1);
      }
    } else if (c === C.QUESTION) {
      const gt = s.indexOf('>', lt);
      if (gt < 0) return candidate;
      i = gt + 1;
    } else if (c === C.SLASH) {
      if (isAlpha(s.charCodeAt(lt + 2))) {
        const tag = readTag(s, lt + 2);
        if (tag === undefined) return candidate;
        i = tag.end;
        const { name } = tag;
        if (name === 'br') framesetOk = false; // "</br>" is read as "<br>"
        if (name === 'br' || name === 'body' || name === 'html') body = true;
        if (top && top.ns !== HTML) {
          // §13.2.6.5 (integration points included): "</br>" and "</p>" leave foreign content;
          // another end tag closes the nearest foreign element of its name above every HTML element
          if (name === 'br' || name === 'p') popTo(top.entry + 1);
          else {
            const k = Math.max(topmost(SVG + name), topmost(MATH + name));
            if (k > top.html) {
              popTo(k);
              continue;
            }
          }
        }
        htmlEnd(name);
      } else {
        // "</>" is dropped; "</" and anything else is a bogus comment up to ">"
        const gt = s.indexOf('>', lt);
        if (gt < 0) return candidate;
        i = gt + 1;
      }
    } else if (isAlpha(c)) {
      const tag = readTag(s, lt + 1);
      if (tag === undefined) return candidate;
      i = tag.end;
      const { name, attrs } = tag;
      // the tree construction dispatcher (§13.2.6): the rules for foreign content, or HTML's
      if (
        top &&
        top.ns !== HTML &&
        top.ip !== 2 &&
        (top.ip === 1
          ? name === 'mglyph' || name === 'malignmark'
          : !(name === 'svg' && top.ns === MATH && top.name === 'annotation-xml'))
      ) {
        if (
          !BREAKOUT.has(name) &&
          !(name === 'font' && (attrs.has('color') || attrs.has('face') || attrs.has('size')))
        ) {
          // a foreign element (a <base> here is not HTML's base) in the namespace of its parent
          const encoding = decodeReferences(attrs.get('encoding') ?? '').toLowerCase();
          push(
            name,
            top.ns,
            top.ns === SVG
              ? name === 'foreignobject' || name === 'desc' || name === 'title'
                ? 2
                : 0
              : name === 'mi' || name === 'mo' || name === 'mn' || name === 'ms' || name === 'mtext'
                ? 1
                : name === 'annotation-xml' &&
                    (encoding === 'text/html' || encoding === 'application/xhtml+xml')
                  ? 2
                  : 0,
          );
          if (tag.self) popTo(open.length - 1);
          continue;
        }
        // a breakout: pop to an HTML element or integration point, and read the tag as HTML
        popTo(top.entry + 1);
        top = open[open.length - 1];
      }
      if (!HEAD.has(name)) body = true;
      if (
        FRAMESET_NOT_OK.has(name) ||
        (name === 'input' && decodeReferences(attrs.get('type') ?? '').toLowerCase() !== 'hidden')
      ) {
        framesetOk = false;
      }
      if (name === 'base') {
        const href = attrs.get('href');
        if (href !== undefined && topmost('0template') < 0) {
          if (!body || !framesetOk) return decodeReferences(href);
          candidate ??= decodeReferences(href);
        }
      } else if (name === 'plaintext')
        return candidate; // all that follows is text
      else if (name === 'frameset' && framesetOk && topmost('0template') < 0) {
        // a frameset replaces the body, and no <base> is inserted after it
        return undefined;
      } else if (name === 'script' || RAW_TEXT.has(name)) {
        const close = name === 'script' ? scriptEnd(s, i) : findEndTag(s, name, i);
        const end = close < 0 ? undefined : readTag(s, close + 2);
        if (end === undefined) return candidate;
        i = end.end;
      } else if (name === 'svg' || name === 'math') {
        if (!tag.self) push(name, name === 'svg' ? SVG : MATH, 0);
      } else {
        if (top) {
          // what a start tag closes first: a list item, a p in scope, a heading
          const item =
            name === 'li'
              ? topmost('0li')
              : name === 'dd' || name === 'dt'
                ? Math.max(topmost('0dd'), topmost('0dt'))
                : -1;
          if (item >= 0 && item === top.special) popTo(item);
          const p = CLOSES_P.has(name) ? topmost('0p') : -1;
          if (p > (open[open.length - 1]?.scope ?? -1)) popTo(p);
          const last = open[open.length - 1];
          if (last?.ns === HTML && HEADINGS.includes(name) && HEADINGS.includes(last.name)) {
            popTo(open.length - 1);
          }
        }
        // table parts outside a table (or template) are dropped ("in body")
        const dropped = TABLE_PARTS.has(name) && topmost('0table') < 0 && topmost('0template') < 0;
        if (!VOID.has(name) && !dropped) push(name, HTML, 0);
      }
    } else {
      i = lt + 1;
      framesetOk = !(body = true);
    }
  }
  return candidate;
}

/**
 * The base URL of an HTML document, from its markup: the "frozen base URL" of the first `<base>` element
 * with an `href` attribute in tree order
 * ({@link https://html.spec.whatwg.org/multipage/semantics.html#the-base-element | HTML Standard §4.2.3}):
 * the `href` value resolved against the document's URL; the document URL itself when that fails, gives
 * a `data:` or `javascript:` URL, or `options.allow` refuses it. A linear scan that follows the
 * tokenizer, and the tree builder as far as it decides whether a tag is an HTML `<base>` in the
 * document: `<base>` inside a comment, the text of a `<script>` (with its `<!--<script>` escapes),
 * `<style>`, `<textarea>`, `<title>` and the other raw text elements, a CDATA section, a
 * `<template>`, after `<plaintext>`, or inside `<svg>` or `<math>` (a foreign element there) does not
 * count; inside SVG `title`, `desc`, `foreignObject` and MathML's text integration points, and after
 * a tag that leaves foreign content (`<p>`, `<div>`, `<b>`, …), HTML rules apply again. `noscript` is
 * raw text (scripting on, as in a browser). Tag and attribute names are case-insensitive; the first
 * `href` of a tag wins; `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;` and numeric character references
 * in the value are decoded; a `<frameset>` that replaces the body drops the `<base>` in it. Not
 * modelled: foster parenting out of a table (which can put a later `<base>` first in tree order).
 * Resolution is RFC 3986
 * §5.2 on IRIs, not a browser's URL parser: a value a browser would repair (a space, a backslash)
 * counts as a failure.
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
 * htmlBase('<svg><base href="/in-svg/"></svg><base href="/x/">', 'http://a/'); // 'http://a/x/'
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
  let base: UriComponents = parseBase(documentBase, IRI);
  // The path while relative-path values follow each other, as the output buffer of RFC 3986
  // §5.2.4 (pieces "/segment", or a first "segment" of a rootless path), or undefined. Resolving
  // each value against the whole base text, as `resolve` does, reads the base again each time:
  // quadratic in a long chain of values such as "a/".
  let pieces: string[] | undefined;
  for (const value of chain) {
    if (value === undefined) continue;
    const ref = parseIri(value);
    const path = ref.path;
    if (ref.scheme !== undefined || ref.host !== undefined || path.charCodeAt(0) === 47) {
      if (pieces !== undefined) base = { ...base, path: pieces.join('') };
      pieces = undefined;
      base = resolveComponents(base, ref, IRI);
    } else if (path === '') {
      // §5.2.2: the base's path, and its query unless the value has one
      base = { ...base, query: ref.query ?? base.query };
    } else {
      // §5.2.3 and §5.2.4: the merged path's dot segments removed, going on from the state in
      // which the base's own path left the output buffer (its last segment is what the merge
      // drops), or, for the first, from the whole merged path
      let input: string;
      if (pieces === undefined) {
        input = mergePaths(base, path);
        pieces = [];
      } else {
        const last = pieces.pop();
        input =
          (last !== undefined && last.charCodeAt(0) === 47) || base.host !== undefined
            ? `/${path}`
            : path;
      }
      removeDotsInto(input, pieces);
      base = { ...base, query: ref.query };
    }
  }
  if (pieces !== undefined) {
    const path = pieces.join('');
    // As resolveComponents does: without an authority, a path starting with "//" gets "/."
    base = {
      ...base,
      path: base.host === undefined && path.startsWith('//') ? `/.${path}` : path,
    };
  }
  return recompose({ ...base, fragment: undefined });
}

const IRI = { iri: true } as const;

/**
 * The remove_dot_segments loop of RFC 3986 §5.2.4 on `input`, with `out` as its output buffer
 * (pieces "/segment", and a first "segment" of a rootless path; their concatenation is the
 * buffer), which may hold the pieces of an earlier input. A piece at a time, linear in `input`.
 */
function removeDotsInto(input: string, out: string[]): void {
  for (let i = 0; i < input.length; ) {
    let j = input.indexOf('/', i + 1);
    if (j < 0) j = input.length;
    const piece = input.slice(i, j);
    if (piece === '.' || piece === '..') {
      // A: "./" or "../" at the start, the "/" too; D: "." or ".." alone
      j++;
    } else if (piece === '/.' || piece === '/..') {
      // B: "/./" becomes "/"; C: "/../" too, the last piece removed; at the end, "/"
      if (piece === '/..') out.pop();
      if (j === input.length) out.push('/');
    } else out.push(piece); // E
    i = j;
  }
}
