// The mailto scheme, RFC 6068.
import { Bits, CHARS } from './chars';
import { UriSyntaxError } from './errors';
import { parse } from './parse';
import { decodeText, encodeText } from './pct';

/** A parsed `mailto:` URI. */
export interface Mailto {
  /** The addresses of the path and of every `to` header, decoded, in order. */
  to: string[];
  /** The other header fields (`subject`, `cc`, `in-reply-to` ...) as decoded `[name, value]` pairs in order; names lower-cased. */
  headers: [name: string, value: string][];
  /** The decoded `body`, or undefined when there is none. */
  body: string | undefined;
}

/**
 * Parses a `mailto:` URI ({@link https://www.rfc-editor.org/rfc/rfc6068#section-2 | RFC 6068 §2}) and refuses
 * header injection: no decoded address, header name or header value may hold CR or LF (only the body may).
 * An empty entry in a list of addresses (`mailto:a@example.org,` or `?to=a@x,,b@y`) names no one and is
 * dropped. The addresses of the path and of a `to` field are separated by a literal `,` outside a quoted
 * local-part (RFC 5322 §3.4.1: `%22a,b%22@c` is one address, `"a,b"@c`; a `%5C` in the quotes escapes the
 * next character, `%22`, `%5C` or another); an escaped `%2C` never separates addresses. The `cc` and
 * `bcc` fields are header values, given as they are. Each decoded address must be an addr-spec (§2, RFC
 * 5322 §3.4.1, with RFC 6532's UTF-8): a dot-atom or quoted-string, `@`, a dot-atom or domain literal
 * (one without `"(),;<>@` or whitespace). So an unquoted `,`, `;`, `<`, `>`, space or second `@`,
 * escaped or not, is refused, and no entry reads as two recipients to a mailer:
 * `mailto:victim@x%2Cattacker@y`, `mailto:Joe%20%3Cjoe@x%3E`, `mailto:javascript:alert()` and
 * `mailto:@invalid.email` are refused; a comma belongs in a quoted local-part, `%22a,b%22@c`. A
 * header value may hold a raw `/`, `?` or `=` (§2 wants them escaped, §5 says so to writers; share
 * links carry `body=https://...?...`): a value ends only at `&`, so `?cc=a@b?body=x` is the `cc`
 * `a@b?body=x` and `?subject=1+1=2` the subject `1+1=2`.
 *
 * @param uri - a `mailto:` URI
 * @returns the recipients, header fields and body
 * @throws `UriSyntaxError` (exported by `@x/uri`) when `uri` is not a valid URI with the `mailto` scheme, an escape is not
 *   UTF-8, an address is not an addr-spec (at the address, or for an empty domain where it
 *   should be), a header has no `=` or an empty name, or a header name or value or an address holds
 *   CR or LF
 * @example
 * ```ts
 * parseMailto('mailto:chris@example.com?subject=Hi%20there&body=Line%201%0D%0ALine%202');
 * // { to: ['chris@example.com'], headers: [['subject', 'Hi there']], body: 'Line 1\r\nLine 2' }
 * parseMailto('mailto:%22a,b%22@example.org,c@example.org').to; // ['"a,b"@example.org', 'c@example.org']
 * parseMailto('mailto:%22a%2Cb%22@example.org').to; // ['"a,b"@example.org']
 * parseMailto('mailto:?subject=Look&body=https://example.com/a?id=1').body; // 'https://example.com/a?id=1'
 * ```
 */
export function parseMailto(uri: string): Mailto {
  const c = parse(uri);
  if (c.scheme === undefined || c.scheme.toLowerCase() !== 'mailto')
    throw new UriSyntaxError(uri, 0, 'not a mailto URI');
  if (c.host !== undefined) throw new UriSyntaxError(uri, 7, 'mailto URI with an authority');
  const result: Mailto = { to: [], headers: [], body: undefined };
  const addresses = (text: string, offset: number): void => {
    // an empty entry (`a@x,`, `a@x,,b@y`) names no one, and is dropped as mail clients drop it
    for (let from = 0; from <= text.length; ) {
      const end = nextComma(text, from);
      const a = decodeText(text.slice(from, end), uri, offset + from);
      noLineBreak(a, uri, offset + from);
      if (a !== '') {
        const bad = badAddress(a);
        // the error where the address starts, or for an empty domain where it should be
        if (bad) throw new UriSyntaxError(uri, offset + (bad > 1 ? end : from), ADDRESS_REASON);
        result.to.push(a);
      }
      from = end + 1;
    }
  };
  addresses(c.path, c.scheme.length + 1);
  if (c.query !== undefined) {
    let offset = c.scheme.length + 1 + c.path.length + 1;
    for (const field of c.query.split('&')) {
      const eq = field.indexOf('=');
      if (eq < 0) {
        if (field === '') {
          offset += 1;
          continue;
        }
        throw new UriSyntaxError(uri, offset, 'header field without "="');
      }
      // §2: hfname = *qchar, but an empty name names no header field
      if (eq === 0) throw new UriSyntaxError(uri, offset, 'header field without name');
      const name = decodeText(field.slice(0, eq), uri, offset).toLowerCase();
      const raw = field.slice(eq + 1);
      if (name === 'body') {
        result.body = decodeText(raw, uri, offset + eq + 1);
      } else {
        noLineBreak(name, uri, offset);
        if (name === 'to') {
          addresses(raw, offset + eq + 1);
        } else {
          const value = decodeText(raw, uri, offset + eq + 1);
          noLineBreak(value, uri, offset + eq + 1);
          result.headers.push([name, value]);
        }
      }
      offset += field.length + 1;
    }
  }
  return result;
}

/**
 * The index of the first "," of `text` from `from` on that separates addresses, or `text.length`.
 * §2: to = addr-spec *("," addr-spec), and an addr-spec's quoted local-part (RFC 5322 §3.4.1, §3.2.4:
 * quoted-string, with quoted-pair) may hold a ","; in the URI its quote is "%22" and its backslash
 * "%5C". An escaped "%2C" is never a separator (outside quotes, badAddress refuses it).
 */
function nextComma(text: string, from: number): number {
  let quoted = false;
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 44 && !quoted) return i;
    if (c === 37) {
      const code = text.slice(i + 1, i + 3).toUpperCase();
      if (code === '22') quoted = !quoted;
      // a quoted-pair: the escape or character after the backslash is taken as it is
      else if (quoted && code === '5C') i += text.charCodeAt(i + 3) === 37 ? 3 : 1;
      i += 2;
    }
  }
  return text.length;
}

const ADDRESS_REASON = 'address is not local-part@domain';

/**
 * atext (RFC 5322 §3.2.3): printable ASCII but the specials and `"`, and with RFC 6532 §3.2 any
 * non-ASCII character.
 */
function atext(c: number): boolean {
  return c > 127 || (c > 32 && c < 127 && '"(),.:;<>@[\\]'.indexOf(String.fromCharCode(c)) < 0);
}

/** VCHAR or WSP (RFC 5322 §3.2.4 qtext, quoted-pair, FWS; CR and LF are refused before), UTF-8 too. */
function quotable(c: number): boolean {
  return (c >= 32 && c !== 127) || c === 9;
}

/** The end of the dot-atom-text (RFC 5322 §3.2.3) at `i`, or -1: 1*atext *("." 1*atext). */
function dotAtom(a: string, i: number): number {
  for (;;) {
    const from = i;
    while (atext(a.charCodeAt(i))) i++;
    if (i === from) return -1;
    if (a.charCodeAt(i) !== 46) return i;
    i++;
  }
}

/**
 * §2: to = addr-spec *("," addr-spec), with the addr-spec of RFC 5322 §3.4.1 (no obs- forms) and the
 * UTF-8 of RFC 6532: local-part = dot-atom / quoted-string, domain = dot-atom / domain-literal. One
 * pass, no backtracking. An unquoted ",", ";", "<", ">", space or second "@" is no addr-spec, so one
 * address never reads as two. A domain literal holds only atext, "." and ":" (no `"(),;<>@`, no
 * whitespace), all an address literal of RFC 5321 §4.1.3 needs. 0 when `a` is one, 2 for an empty
 * domain (`a@`), 1 otherwise.
 */
function badAddress(a: string): number {
  let i = 0;
  if (a.charCodeAt(0) === 34) {
    // quoted-string (§3.2.4): qtext or FWS, or a quoted-pair "\" (VCHAR / WSP), up to the closing quote
    for (i = 1; a.charCodeAt(i) !== 34; i++) {
      if (!quotable(a.charCodeAt(i)) || (a.charCodeAt(i) === 92 && !quotable(a.charCodeAt(++i))))
        return 1;
    }
    i++;
  } else {
    i = dotAtom(a, 0);
  }
  if (i < 0 || a.charCodeAt(i) !== 64) return 1;
  if (++i === a.length) return 2;
  if (a.charCodeAt(i) !== 91) return dotAtom(a, i) === a.length ? 0 : 1;
  // domain-literal (§3.4.1): "[" *dtext "]", dtext narrowed as said above
  for (i++; atext(a.charCodeAt(i)) || a.charCodeAt(i) === 46 || a.charCodeAt(i) === 58; i++);
  return a.charCodeAt(i) === 93 && i === a.length - 1 ? 0 : 1;
}

function noLineBreak(s: string, uri: string, at: number): void {
  // §6 (Security Considerations) and RFC 5322 §2.2: a CR or LF would start a new header field
  if (s.indexOf('\r') >= 0 || s.indexOf('\n') >= 0)
    throw new UriSyntaxError(uri, at, 'CR or LF in a mailto header (header injection)');
}

// qchar = unreserved / pct-encoded / some-delims (§2), minus the separators of the part being written
const SOME_DELIMS = "!$'()*+,;:@";
function keeper(extra: string): (c: number) => boolean {
  return (c) => (CHARS[c]! & Bits.UNRESERVED) !== 0 || extra.indexOf(String.fromCharCode(c)) >= 0;
}
const ADDRESS = /* @__PURE__ */ keeper(SOME_DELIMS.replace(',', ''));
const FIELD = /* @__PURE__ */ keeper(SOME_DELIMS);

/**
 * Builds a `mailto:` URI ({@link https://www.rfc-editor.org/rfc/rfc6068#section-2 | RFC 6068 §2}), encoding
 * each part as UTF-8 escapes where needed.
 *
 * @param mailto - recipients, header fields and body (as {@link parseMailto} returns them)
 * @returns the URI; {@link parseMailto} of it gives back the same parts (an empty address, which has
 *   no form in a URI, is left out). A `,` in an address (in its quoted local-part) is escaped (`%2C`). A
 *   `/`, `?`, `=`, `&` or `#` in a header value or the body is escaped (§5).
 * @throws `UriSyntaxError` (exported by `@x/uri`) when an address, a header name or a header value holds CR or LF,
 *   an address is not an RFC 5322 addr-spec or a header name is empty: what {@link parseMailto} refuses
 * @example
 * ```ts
 * formatMailto({ to: ['a@example.org'], headers: [['subject', 'Über & more']], body: undefined });
 * // 'mailto:a@example.org?subject=%C3%9Cber%20%26%20more'
 * ```
 */
export function formatMailto(mailto: Mailto): string {
  let out = 'mailto:';
  let fields = '';
  for (const a of mailto.to) {
    noLineBreak(a, out, out.length);
    if (a === '') continue; // no addr-spec, and no way to write one: parseMailto drops it too
    // an addr-spec closes every quoted string it opens, so the "," after it separates
    if (badAddress(a)) throw new UriSyntaxError(out, out.length, ADDRESS_REASON);
    out += (out.length > 7 ? ',' : '') + encodeText(a, ADDRESS);
  }
  for (const [name, value] of mailto.headers) {
    if (name === '') throw new UriSyntaxError(out, out.length, 'header field without name');
    noLineBreak(name, out, out.length);
    noLineBreak(value, out, out.length);
    fields += `&${encodeText(name, FIELD)}=${encodeText(value, FIELD)}`;
  }
  if (mailto.body !== undefined) fields += `&body=${encodeText(mailto.body, FIELD)}`;
  return fields === '' ? out : `${out}?${fields.slice(1)}`;
}
