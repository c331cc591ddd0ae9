import { Bits, CHARS, isPctAt } from './chars';
import { UriSyntaxError } from './errors';
import { BAD_IPV4, NOT_IPV4, readIpv4, readIpv6, readWhatwgIpv4 } from './ip';
import { normalizeEscapes } from './escapes';
import { tryParse } from './parse';
import { check, checkLiteral, lastReason } from './scan';
import type { UriComponents } from './types';

/** The four kinds of host of {@link https://www.rfc-editor.org/rfc/rfc3986#section-3.2.2 | RFC 3986 §3.2.2}. */
export type HostKind = 'ipv4' | 'ipv6' | 'ipvfuture' | 'reg-name';

/**
 * A classified host. `text` is the host as given; `canonical` is its normal form: RFC 5952 text for
 * IPv6 (zone kept as written), lower case for IPvFuture and reg-names (with §6.2.2 escapes in reg-names).
 */
export type Host =
  | {
      /** An `IPv4address` of four strict dec-octets. */
      kind: 'ipv4';
      /** The host as given. */
      text: string;
      /** The address as an unsigned 32-bit number. */
      address: number;
      /** The dotted-decimal text (the same as `text`, which the grammar already makes canonical). */
      canonical: string;
    }
  | {
      /** An `IPv6address` in brackets, with an RFC 6874 zone when allowed. */
      kind: 'ipv6';
      /** The host as given. */
      text: string;
      /** The eight 16-bit pieces. */
      pieces: number[];
      /** The ZoneID as written after `%25` (still percent-encoded), or undefined. */
      zone: string | undefined;
      /** `[` RFC 5952 text (`%25` zone) `]`. */
      canonical: string;
    }
  | {
      /** An `IPvFuture` literal. */
      kind: 'ipvfuture';
      /** The host as given. */
      text: string;
      /** The version's hex digits, lower case. */
      version: string;
      /** The part after the `.`. */
      address: string;
      /** The literal in lower case, with brackets. */
      canonical: string;
    }
  | {
      /** A registered name (which includes `01.0.0.0` and `256.256.256.256`, and the empty host). */
      kind: 'reg-name';
      /** The host as given. */
      text: string;
      /** Lower case, escapes of unreserved characters decoded and the others in upper-case hex. */
      canonical: string;
    };

/** Options of {@link parseHost}. */
export interface ParseHostOptions {
  /** Accept RFC 6874 zone identifiers (`[fe80::1%25eth0]`). Default `false`. */
  zoneId?: boolean;
}

const HEX_DIGITS = '0123456789abcdef';

/**
 * Formats eight 16-bit pieces as RFC 5952 §4 text: lower case, no leading zeros, the longest run
 * (the first of equals) of two or more zero pieces as `::`, and IPv4-mapped addresses in dotted form (§5).
 *
 * @param pieces - eight numbers 0..0xffff
 * @returns the canonical text without brackets
 */
export function formatIpv6(pieces: readonly number[]): string {
  return ipv6Text(pieces, true);
}

/**
 * RFC 5952 text; with `dotted` false, an IPv4-mapped address stays in hex pieces, as the URL Standard's
 * IPv6 serializer writes it (§3.6: otherwise the same compression rule).
 */
export function ipv6Text(pieces: readonly number[], dotted: boolean): string {
  const p = (i: number): number => pieces[i] ?? 0;
  if (
    dotted &&
    p(0) === 0 &&
    p(1) === 0 &&
    p(2) === 0 &&
    p(3) === 0 &&
    p(4) === 0 &&
    p(5) === 0xffff
  ) {
    return `::ffff:${p(6) >> 8}.${p(6) & 255}.${p(7) >> 8}.${p(7) & 255}`;
  }
  let best = -1;
  let bestLen = 1;
  for (let i = 0; i < 8; ) {
    if (p(i) !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && p(j) === 0) j++;
    if (j - i > bestLen) {
      best = i;
      bestLen = j - i;
    }
    i = j;
  }
  let out = '';
  for (let i = 0; i < 8; i++) {
    if (i === best) {
      out += i === 0 ? '::' : ':';
      i += bestLen - 1;
      continue;
    }
    let v = p(i);
    let h = '';
    do {
      h = HEX_DIGITS[v & 15] + h;
      v >>= 4;
    } while (v > 0);
    out += i < 7 ? `${h}:` : h;
  }
  return out;
}

/**
 * Classifies and checks a host as {@link https://www.rfc-editor.org/rfc/rfc3986#section-3.2.2 | RFC 3986 §3.2.2}
 * defines it (IP literals in brackets, with {@link https://www.rfc-editor.org/rfc/rfc6874 | RFC 6874}
 * zones when allowed). IPv4 needs strict dec-octets, so `01.0.0.0` is a reg-name.
 *
 * @param text - the host as it appears in a URI (`parse(uri).host`)
 * @param options - {@link ParseHostOptions}
 * @returns the {@link Host}, with its canonical text
 * @throws {@link UriSyntaxError} when `text` is not a host, at the index and with the reason `parse`
 *   gives for it (`[::1]:80`: index 5, text after the IP literal)
 * @example
 * ```ts
 * parseHost('[2001:DB8:0:0:0:0:0:1]').canonical; // '[2001:db8::1]'
 * parseHost('01.0.0.0').kind; // 'reg-name'
 * ```
 */
export function parseHost(text: string, options?: ParseHostOptions): Host {
  const n = text.length;
  if (text.charCodeAt(0) === 91) {
    // §3.2.2: IP-literal = "[" ( IPv6address / IPvFuture ) "]"; no "]" occurs inside, so the first
    // one closes it, and the literal is the whole host: text after it is an error there, as in parse
    const close = text.indexOf(']');
    const bad = checkLiteral(text, 1, close < 0 ? n : close, options?.zoneId === true);
    // unclosed: the end of the text, unless the literal failed before it
    if (bad >= 0 && (close >= 0 || bad < n)) throw new UriSyntaxError(text, bad, lastReason());
    if (close < 0) throw new UriSyntaxError(text, n, 'unclosed IP literal');
    if (close !== n - 1)
      throw new UriSyntaxError(text, close + 1, 'unexpected character after IP literal');
    const inner = text.slice(1, n - 1);
    const c = inner.charCodeAt(0);
    if (c === 118 || c === 86) {
      const dot = inner.indexOf('.');
      const lower = inner.toLowerCase();
      return {
        kind: 'ipvfuture',
        text,
        version: lower.slice(1, dot),
        address: inner.slice(dot + 1),
        canonical: `[${lower}]`,
      };
    }
    const pct = inner.indexOf('%');
    const end = pct < 0 ? inner.length : pct;
    const pieces: number[] = [];
    readIpv6(inner, 0, end, pieces);
    const zone = pct < 0 ? undefined : inner.slice(pct + 3);
    const canonical = `[${formatIpv6(pieces)}${zone === undefined ? '' : `%25${normalizeEscapes(zone, false)}`}]`;
    return { kind: 'ipv6', text, pieces, zone, canonical };
  }
  const bad = check(text, 0, n, Bits.REG_NAME_MASK, 'host');
  if (bad >= 0) throw new UriSyntaxError(text, bad, lastReason());
  const v4 = readIpv4(text, 0, n);
  if (v4 >= 0) return { kind: 'ipv4', text, address: v4, canonical: text };
  return { kind: 'reg-name', text, canonical: regNameCanonical(text) };
}

/**
 * §6.2.2 on a reg-name, except that escapes stay encoded when decoding them would turn the name into an
 * IPv4address (`%31.0.0.1`): normalization never changes the kind of host.
 */
export function regNameCanonical(text: string): string {
  const decoded = normalizeEscapes(text, true);
  if (decoded !== text && readIpv4(decoded, 0, decoded.length) >= 0)
    return normalizeEscapes(text, true, false);
  return decoded;
}

// The URL Standard's forbidden domain code points (§3.3) among ASCII: C0 controls, space, "#", "%",
// "/", ":", "<", ">", "?", "@", "[", "\\", "]", "^", "|" and DEL. A host holding one fails to parse.
function forbiddenInDomain(c: number): boolean {
  return c <= 32 || c === 127 || '#%/:<>?@[\\]^|'.indexOf(String.fromCharCode(c)) >= 0;
}

const HEX_UPPER = '0123456789ABCDEF';

/**
 * The host a WHATWG URL parser reads from a reg-name of a special scheme
 * ({@link https://url.spec.whatwg.org/#host-parsing | URL Standard §3.5} host parser), for the names it
 * reads without UTS #46 mapping (ASCII ones): escapes decoded, ASCII letters in lower case, and a name
 * that ends in a number read by the IPv4 parser and written in dotted decimal. The result is the
 * URL Standard's host text, which may hold characters a reg-name cannot (`"`, `{`: see
 * {@link asRegName}).
 *
 * @param text - a reg-name as `parse` returned it (every `%` starts an escape)
 * @param input - the whole URI, for errors
 * @param offset - where `text` starts in `input`
 * @throws {@link UriSyntaxError} when the URL Standard refuses the host (a forbidden code point once
 *   decoded, a number that is no IPv4 address), or when it holds a non-ASCII character, raw or as an
 *   escaped octet: such a name needs UTS #46 (which maps `１２７。０。０。１` to `127.0.0.1`), so it is
 *   refused, not guessed
 */
export function whatwgHost(text: string, input: string, offset: number): string {
  let decoded = '';
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    const at = offset + i;
    if (c === 37) {
      c = Number.parseInt(text.slice(i + 1, i + 3), 16);
      i += 2;
    }
    // raw (whatwgIpv4's argument) or escaped: the URL Standard maps such a host with UTS #46 (domain to
    // ASCII, §3.5) before the IPv4 parser, which is not done here
    if (c >= 128) throw new UriSyntaxError(input, at, 'non-ASCII host: run UTS #46 first');
    if (forbiddenInDomain(c)) throw new UriSyntaxError(input, at, 'forbidden code point in host');
    decoded += String.fromCharCode(c >= 65 && c <= 90 ? c + 32 : c);
  }
  const v4 = readWhatwgIpv4(decoded);
  if (v4 === BAD_IPV4) throw new UriSyntaxError(input, offset, 'host is no IPv4 address');
  if (v4 !== NOT_IPV4) return `${v4 >>> 24}.${(v4 >> 16) & 255}.${(v4 >> 8) & 255}.${v4 & 255}`;
  return decoded;
}

/**
 * The IPv4 address a browser, `fetch` or Node's `URL` connects to for a host: the
 * {@link https://url.spec.whatwg.org/#concept-ipv4-parser | URL Standard's IPv4 parser} on the host
 * decoded, which reads `127.1`, `0x7f.1`, `2130706433`, `0177.0.0.1` and `%31%32%37.0.0.1` all as
 * `127.0.0.1` (as `inet_aton` does). {@link parseHost} follows RFC 3986, for which these are
 * registered names; check this one too before a host goes on a deny list of private addresses.
 *
 * @param host - an ASCII host as written in a URI (escapes allowed); an IP literal in brackets is no
 *   IPv4 address here (`[::ffff:127.0.0.1]` is an IPv6 host for the URL Standard too). The URL Standard
 *   runs domain to ASCII (UTS #46) before its IPv4 parser, and `１２７.0.0.1` is `127.0.0.1` for it: map
 *   a host that is not ASCII with `uts46ToAscii` (exported by `@x/uri/uts46`) first
 * @returns the address in dotted decimal, or `undefined` when such a parser reads the host as a name
 * @throws {@link UriSyntaxError} where the URL Standard refuses the host: it ends in a number but is
 *   no IPv4 address (`1.2.3.256`, `1.2.3.4.5`), or it holds a forbidden code point once decoded
 *   (`%2F`, `%00`); and, at its index, for a character that is not ASCII, raw (`bücher.de`) or as
 *   an escaped octet (`%C3%BC`): the host must be ASCII, mapped with UTS #46 first (reason
 *   `non-ASCII host: run UTS #46 first`)
 * @example
 * ```ts
 * whatwgIpv4('0x7f.1'); // '127.0.0.1'
 * whatwgIpv4('2130706433'); // '127.0.0.1'
 * whatwgIpv4('0177.0.0.1'); // '127.0.0.1'
 * whatwgIpv4('example.com'); // undefined
 * // a host that is not ASCII: UTS #46 first, as the URL Standard does
 * whatwgIpv4(uts46ToAscii('\uff11\uff12\uff17.0.0.1')); // '127.0.0.1'
 * ```
 */
export function whatwgIpv4(host: string): string | undefined {
  if (host.charCodeAt(0) === 91) return undefined;
  for (let i = host.indexOf('%'); i >= 0; i = host.indexOf('%', i + 1))
    if (!isPctAt(host, i)) throw new UriSyntaxError(host, i, 'malformed percent-encoding');
  const h = whatwgHost(host, host, 0);
  return readWhatwgIpv4(h) >= 0 ? h : undefined;
}

/** Escapes again, in upper-case hex, the characters of a host that a reg-name cannot hold (`"`, `{`...). */
export function asRegName(host: string): string {
  let out = '';
  for (let i = 0; i < host.length; i++) {
    const c = host.charCodeAt(i);
    out +=
      (CHARS[c]! & Bits.REG_NAME_MASK) !== 0
        ? host[i]
        : `%${HEX_UPPER[c >> 4]}${HEX_UPPER[c & 15]}`;
  }
  return out;
}

/**
 * Where the host of `c` starts in `input`, which `c` was read from, or whose end it shares (the
 * components {@link whatwgAuthority} reads again): measured from the end, over host, port, path,
 * query and fragment.
 */
export function hostIndex(c: UriComponents, input: string): number {
  const q = c.query === undefined ? 0 : c.query.length + 1;
  const f = c.fragment === undefined ? 0 : c.fragment.length + 1;
  const port = c.port === undefined ? 0 : c.port.length + 1;
  return input.length - f - q - c.path.length - port - c.host!.length;
}

/**
 * The components a WHATWG URL parser reads from an http, https, ws, wss or ftp URI that has no host for
 * RFC 3986 (`http:/h/x`, `http:h/x`, `http:///h/x`): the URL Standard skips any slashes after the
 * scheme and reads an authority there (§4.4 "special authority ignore slashes state"). Other
 * components are returned as they are.
 *
 * @param c - components of `input`
 * @param scheme - the scheme in lower case
 * @param input - the URI, for errors
 * @throws {@link UriSyntaxError} when the URL Standard finds no host there
 */
export function whatwgAuthority(c: UriComponents, scheme: string, input: string): UriComponents {
  if (c.host !== undefined && c.host !== '') return c;
  if (c.userinfo === undefined && c.port === undefined) {
    let i = 0;
    while (c.path.charCodeAt(i) === 47) i++;
    if (i < c.path.length) {
      const rest = `${c.path.slice(i)}${c.query === undefined ? '' : `?${c.query}`}${c.fragment === undefined ? '' : `#${c.fragment}`}`;
      const rebuilt = `${scheme}://${rest}`;
      // the rebuilt text ends with the input's own characters: an error there maps back to them
      const shift = input.length - rebuilt.length;
      const r = tryParse(rebuilt);
      if (!r.ok) throw new UriSyntaxError(input, r.error.index + shift, r.error.reason);
      if (r.value.host !== '') return r.value;
    }
  }
  const at = c.host === undefined ? scheme.length + 1 : hostIndex(c, input);
  throw new UriSyntaxError(input, at, 'no host where a WHATWG parser reads one');
}
