// An oracle written straight from the grammars: RFC 3986 Appendix A (and RFC 6874 §2) transcribed rule
// by rule into regular expressions, and the Appendix B regular expression for the components. It is
// slow and backtracks, which is why it lives in the tests, on short strings, and never in src/.
import type { UriComponents } from '../src/index';

// RFC 3986 Appendix A, one constant per rule.
export const unreserved: string = 'A-Za-z0-9\\-._~';
export const subDelims: string = "!$&'()*+,;=";
export const pct: string = '%[0-9A-Fa-f]{2}';
const pchar = `(?:[${unreserved}${subDelims}:@]|${pct})`;
const segment = `${pchar}*`;
const segmentNz = `${pchar}+`;
const segmentNzNc = `(?:[${unreserved}${subDelims}@]|${pct})+`;
export const scheme: string = '[A-Za-z][A-Za-z0-9+\\-.]*';
const userinfo = `(?:[${unreserved}${subDelims}:]|${pct})*`;
const decOctet = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9][0-9]|[0-9])';
export const ipv4: string = `${decOctet}\\.${decOctet}\\.${decOctet}\\.${decOctet}`;
const h16 = '[0-9A-Fa-f]{1,4}';
const ls32 = `(?:${h16}:${h16}|${ipv4})`;
export const ipv6: string = `(?:${[
  `(?:${h16}:){6}${ls32}`,
  `::(?:${h16}:){5}${ls32}`,
  `(?:${h16})?::(?:${h16}:){4}${ls32}`,
  `(?:(?:${h16}:){0,1}${h16})?::(?:${h16}:){3}${ls32}`,
  `(?:(?:${h16}:){0,2}${h16})?::(?:${h16}:){2}${ls32}`,
  `(?:(?:${h16}:){0,3}${h16})?::${h16}:${ls32}`,
  `(?:(?:${h16}:){0,4}${h16})?::${ls32}`,
  `(?:(?:${h16}:){0,5}${h16})?::${h16}`,
  `(?:(?:${h16}:){0,6}${h16})?::`,
].join('|')})`;
// RFC 6874 §2: ZoneID = 1*( unreserved / pct-encoded ), IPv6addrz = IPv6address "%25" ZoneID
export const zone: string = `(?:%25(?:[${unreserved}]|${pct})+)`;
export const ipvFuture: string = `[vV][0-9A-Fa-f]+\\.[${unreserved}${subDelims}:]+`;
export const ipLiteral = (z: boolean): string =>
  `\\[(?:${ipv6}${z ? `${zone}?` : ''}|${ipvFuture})\\]`;
export const regName: string = `(?:[${unreserved}${subDelims}]|${pct})*`;
const host = (z: boolean): string => `(?:${ipLiteral(z)}|${ipv4}|${regName})`;
const authority = (z: boolean): string => `(?:${userinfo}@)?${host(z)}(?::[0-9]*)?`;
const abempty = `(?:/${segment})*`;
const absolute = `/(?:${segmentNz}(?:/${segment})*)?`;
const noscheme = `${segmentNzNc}(?:/${segment})*`;
const rootless = `${segmentNz}(?:/${segment})*`;
const query = `(?:${pchar}|[/?])*`;
const hier = (z: boolean): string => `(?://${authority(z)}${abempty}|${absolute}|${rootless}|)`;
const relPart = (z: boolean): string => `(?://${authority(z)}${abempty}|${absolute}|${noscheme}|)`;
const tail = `(?:\\?${query})?(?:#${query})?`;

/** The three forms the validators answer for. */
export interface Grammar {
  uri: RegExp;
  absoluteUri: RegExp;
  relativeRef: RegExp;
}
const grammar = (z: boolean): Grammar => ({
  uri: new RegExp(`^${scheme}:${hier(z)}${tail}$`),
  absoluteUri: new RegExp(`^${scheme}:${hier(z)}(?:\\?${query})?$`),
  relativeRef: new RegExp(`^${relPart(z)}${tail}$`),
});
export const rfc3986: Grammar = grammar(false);
export const rfc6874: Grammar = grammar(true);

// RFC 3986 Appendix B, verbatim.
export const appendixB: RegExp = /^(([^:/?#]+):)?(\/\/([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?/;

/** The components as Appendix B and the authority rule of §3.2 split a valid reference. */
export function oracleComponents(s: string): UriComponents {
  const m = appendixB.exec(s)!;
  let userinfo: string | undefined;
  let hostText: string | undefined;
  let port: string | undefined;
  if (m[3] !== undefined) {
    let a = m[4]!;
    // a valid authority has at most one "@": none may appear in host or port
    const at = a.indexOf('@');
    if (at >= 0) {
      userinfo = a.slice(0, at);
      a = a.slice(at + 1);
    }
    // the port follows the last ":" outside an IP literal
    const close = a.lastIndexOf(']');
    const colon = a.indexOf(':', close + 1);
    hostText = colon < 0 ? a : a.slice(0, colon);
    port = colon < 0 ? undefined : a.slice(colon + 1);
  }
  return {
    scheme: m[2],
    userinfo,
    host: hostText,
    port,
    path: m[5]!,
    query: m[7],
    fragment: m[9],
  };
}
