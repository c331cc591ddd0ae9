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
