import { REG_NAME_MASK } from './chars';
import { UriSyntaxError } from './errors';
import { readIpv4, readIpv6 } from './ip';
import { normalizeEscapes } from './escapes';
import { check, checkLiteral, lastReason } from './scan';

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
  const p = (i: number): number => pieces[i] ?? 0;
  if (p(0) === 0 && p(1) === 0 && p(2) === 0 && p(3) === 0 && p(4) === 0 && p(5) === 0xffff) {
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
 * @throws {@link UriSyntaxError} when `text` is not a host
 * @example
 * ```ts
 * parseHost('[2001:DB8:0:0:0:0:0:1]').canonical; // '[2001:db8::1]'
 * parseHost('01.0.0.0').kind; // 'reg-name'
 * ```
 */
export function parseHost(text: string, options?: ParseHostOptions): Host {
  const n = text.length;
  if (text.charCodeAt(0) === 91) {
    if (text.charCodeAt(n - 1) !== 93 || n < 2)
      throw new UriSyntaxError(text, n, 'unclosed IP literal');
    const bad = checkLiteral(text, 1, n - 1, options?.zoneId === true);
    if (bad >= 0) throw new UriSyntaxError(text, bad, lastReason());
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
  const bad = check(text, 0, n, REG_NAME_MASK, 'host');
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
