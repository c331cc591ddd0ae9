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
 * dropped.
 *
 * @param uri - a `mailto:` URI
 * @returns the recipients, header fields and body
 * @throws `UriSyntaxError` (exported by `@x/uri`) when `uri` is not a valid URI with the `mailto` scheme, an escape is not
 *   UTF-8, a header has no `=`, or a header name or value or an address holds CR or LF
 * @example
 * ```ts
 * parseMailto('mailto:chris@example.com?subject=Hi%20there&body=Line%201%0D%0ALine%202');
 * // { to: ['chris@example.com'], headers: [['subject', 'Hi there']], body: 'Line 1\r\nLine 2' }
 * ```
 */
export function parseMailto(uri: string): Mailto {
  const c = parse(uri);
  if (c.scheme === undefined || c.scheme.toLowerCase() !== 'mailto')
    throw new UriSyntaxError(uri, 0, 'not a mailto URI');
  if (c.host !== undefined) throw new UriSyntaxError(uri, 7, 'mailto URI with an authority');
  const result: Mailto = { to: [], headers: [], body: undefined };
  const addresses = (text: string, offset: number): void => {
    if (text === '') return;
    let from = 0;
    for (const part of text.split(',')) {
      const a = decodeText(part, uri, offset + from);
      noLineBreak(a, uri, offset + from);
      // §2: to = addr-spec *("," addr-spec); an empty entry (`a@x,`, `a@x,,b@y`) names no one,
      // and is dropped as mail clients drop it
      if (a !== '') result.to.push(a);
      from += part.length + 1;
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
 *   no form in a URI, is left out)
 * @throws `UriSyntaxError` (exported by `@x/uri`) when an address, a header name or a header value holds CR or LF
 * @example
 * ```ts
 * formatMailto({ to: ['a@example.org'], headers: [['subject', 'Über & more']], body: undefined });
 * // 'mailto:a@example.org?subject=%C3%9Cber%20%26%20more'
 * ```
 */
export function formatMailto(mailto: Mailto): string {
  let out = 'mailto:';
  let first = true;
  for (const a of mailto.to) {
    noLineBreak(a, out, out.length);
    if (a === '') continue; // no addr-spec, and no way to write one: parseMailto drops it too
    out += (first ? '' : ',') + encodeText(a, ADDRESS);
    first = false;
  }
  let sep = '?';
  for (const [name, value] of mailto.headers) {
    noLineBreak(name, out, out.length);
    noLineBreak(value, out, out.length);
    out += `${sep}${encodeText(name, FIELD)}=${encodeText(value, FIELD)}`;
    sep = '&';
  }
  if (mailto.body !== undefined) out += `${sep}body=${encodeText(mailto.body, FIELD)}`;
  return out;
}
