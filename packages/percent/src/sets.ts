import * as G from './generated/sets';
import type { EncodeSet } from './types';

/**
 * The RFC 3986 component sets: each keeps literal exactly the characters its component's grammar
 * allows besides `pct-encoded` ({@link https://www.rfc-editor.org/rfc/rfc3986#appendix-A | RFC 3986 appendix A}),
 * so `%` itself is always encoded.
 *
 * - `userinfo`: unreserved, sub-delims and `:` (§3.2.1)
 * - `regName`: unreserved and sub-delims (§3.2.2)
 * - `segment`: `pchar`, that is unreserved, sub-delims, `:` and `@` (§3.3)
 * - `path`: `pchar` and `/` (§3.3)
 * - `query` and `fragment`: `pchar`, `/` and `?` (§3.4, §3.5)
 * - `component`: unreserved only (`A-Z a-z 0-9 - . _ ~`), for data that must never be taken as a delimiter (§2.3)
 *
 * @example
 * ```ts
 * percentEncode('a/b?c', rfc3986.segment); // 'a%2Fb%3Fc'
 * percentEncode('a/b?c', rfc3986.query); // 'a/b?c'
 * ```
 */
export const rfc3986: {
  /** Unreserved, sub-delims and `:` stay literal (RFC 3986 §3.2.1). */
  readonly userinfo: EncodeSet;
  /** Unreserved and sub-delims stay literal (RFC 3986 §3.2.2). */
  readonly regName: EncodeSet;
  /** `pchar` stays literal: unreserved, sub-delims, `:` and `@` (RFC 3986 §3.3). */
  readonly segment: EncodeSet;
  /** `pchar` and `/` stay literal (RFC 3986 §3.3). */
  readonly path: EncodeSet;
  /** `pchar`, `/` and `?` stay literal (RFC 3986 §3.4). */
  readonly query: EncodeSet;
  /** `pchar`, `/` and `?` stay literal (RFC 3986 §3.5). */
  readonly fragment: EncodeSet;
  /** Only unreserved stays literal: `A-Z a-z 0-9 - . _ ~` (RFC 3986 §2.3). */
  readonly component: EncodeSet;
} = {
  userinfo: G.RFC3986_USERINFO,
  regName: G.RFC3986_REG_NAME,
  segment: G.RFC3986_SEGMENT,
  path: G.RFC3986_PATH,
  query: G.RFC3986_QUERY,
  fragment: G.RFC3986_FRAGMENT,
  component: G.RFC3986_COMPONENT,
};

/**
 * The WHATWG URL Standard's percent-encode sets
 * ({@link https://url.spec.whatwg.org/#percent-encoded-bytes | URL Standard §1.3}):
 *
 * - `c0Control`: C0 controls (U+0000-U+001F) and every code point above U+007E
 * - `fragment`: c0Control and space `"` `<` `>` `` ` ``
 * - `query`: c0Control and space `"` `#` `<` `>`
 * - `specialQuery`: query and `'`
 * - `path`: query and `?` `^` `` ` `` `{` `}`
 * - `userinfo`: path and `/` `:` `;` `=` `@` `[` `\` `]` `^` `|`
 * - `component`: userinfo and `$` `%` `&` `+` `,`
 * - `form`: the application/x-www-form-urlencoded set, component and `!` `'` `(` `)` `~`
 *
 * Only `component` and `form` encode `%`: the others leave existing escapes alone, as the URL parser does.
 *
 * @example
 * ```ts
 * percentEncode('a b{}', whatwg.path); // 'a%20b%7B%7D'
 * percentEncode("it's", whatwg.specialQuery); // 'it%27s'
 * ```
 */
export const whatwg: {
  /** The C0 control percent-encode set: C0 controls and code points above U+007E. */
  readonly c0Control: EncodeSet;
  /** The fragment percent-encode set: c0Control and space `"` `<` `>` `` ` ``. */
  readonly fragment: EncodeSet;
  /** The query percent-encode set: c0Control and space `"` `#` `<` `>`. */
  readonly query: EncodeSet;
  /** The special-query percent-encode set: query and `'`. */
  readonly specialQuery: EncodeSet;
  /** The path percent-encode set: query and `?` `^` `` ` `` `{` `}`. */
  readonly path: EncodeSet;
  /** The userinfo percent-encode set: path and `/` `:` `;` `=` `@` `[` `\` `]` `^` `|`. */
  readonly userinfo: EncodeSet;
  /** The component percent-encode set: userinfo and `$` `%` `&` `+` `,`. */
  readonly component: EncodeSet;
  /** The application/x-www-form-urlencoded percent-encode set: component and `!` `'` `(` `)` `~`. */
  readonly form: EncodeSet;
} = {
  c0Control: G.WHATWG_C0_CONTROL,
  fragment: G.WHATWG_FRAGMENT,
  query: G.WHATWG_QUERY,
  specialQuery: G.WHATWG_SPECIAL_QUERY,
  path: G.WHATWG_PATH,
  userinfo: G.WHATWG_USERINFO,
  component: G.WHATWG_COMPONENT,
  form: G.WHATWG_FORM,
};

/**
 * The encode sets of RFC 1738 (1994), for systems that still follow it
 * ({@link https://www.rfc-editor.org/rfc/rfc1738#section-2.2 | RFC 1738 §2.2}): "only
 * alphanumerics, the special characters `$-_.+!*'(),`, and reserved characters used for their
 * reserved purposes may be used unencoded within a URL".
 *
 * - `url`: encodes the unsafe characters (space `<` `>` `"` `#` `%` `{` `}` `|` `\` `^` `~` `[` `]`
 *   `` ` ``), the controls and non-ASCII; the reserved `;` `/` `?` `:` `@` `=` `&` stay literal
 * - `component`: encodes the reserved characters too, for data inside a part of the URL
 *
 * Unlike RFC 3986, `~` is unsafe here and `+` is safe.
 *
 * @example
 * ```ts
 * percentEncode('/~user/a b', rfc1738.url); // '/%7Euser/a%20b'
 * percentEncode('a=b&c', rfc1738.component); // 'a%3Db%26c'
 * ```
 */
export const rfc1738: {
  /** Unsafe characters, controls and non-ASCII are encoded; reserved ones stay literal (RFC 1738 §2.2). */
  readonly url: EncodeSet;
  /** Only alphanumerics and `$-_.+!*'(),` stay literal (RFC 1738 §2.2). */
  readonly component: EncodeSet;
} = {
  url: G.RFC1738_URL,
  component: G.RFC1738_COMPONENT,
};

/**
 * The encode sets of RFC 2396 (1998), which RFC 3986 replaced
 * ({@link https://www.rfc-editor.org/rfc/rfc2396#section-2 | RFC 2396 §2}).
 *
 * - `uric`: keeps `uric` (reserved `;/?:@&=+$,` and unreserved), encodes controls, space, the
 *   delims `<` `>` `#` `%` `"` and the unwise `{` `}` `|` `\` `^` `[` `]` `` ` `` (§2.4.3)
 * - `component`: keeps only unreserved, alphanumerics and the marks `-_.!~*'()` (§2.3): the set
 *   of `encodeURIComponent`
 *
 * Unlike RFC 3986, `[` and `]` are not reserved (RFC 2732 made them so for IPv6) and `!*'()` are
 * unreserved marks.
 *
 * @example
 * ```ts
 * percentEncode('a b[1]', rfc2396.uric); // 'a%20b%5B1%5D'
 * percentEncode("it's/ok", rfc2396.component); // "it's%2Fok"
 * ```
 */
export const rfc2396: {
  /** `uric` stays literal: reserved, unreserved (RFC 2396 §2). */
  readonly uric: EncodeSet;
  /** Only unreserved stays literal: alphanumerics and `-_.!~*'()` (RFC 2396 §2.3). */
  readonly component: EncodeSet;
} = {
  uric: G.RFC2396_URIC,
  component: G.RFC2396_COMPONENT,
};
