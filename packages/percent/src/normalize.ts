import { digit, escapeAt } from './decode';
import { ESCAPES, inSet } from './encode';
import { RFC3986_COMPONENT } from './generated/sets';

/** Whether `c` is a hex digit. */
const hex = (c: number): boolean => digit(c) >= 0;

/**
 * Normalizes the escapes of a URI or URI component: uppercases the hex digits of every escape
 * ({@link https://www.rfc-editor.org/rfc/rfc3986#section-6.2.2.1 | RFC 3986 §6.2.2.1}) and decodes
 * the escapes of unreserved characters only
 * ({@link https://www.rfc-editor.org/rfc/rfc3986#section-6.2.2.2 | RFC 3986 §6.2.2.2}).
 *
 * The escape of any other octet (`%2F`, `%3F`, `%23`, `%25`, every reserved or non-ASCII octet) stays
 * escaped: decoding it would change what the URI means. Malformed escapes stay as they are, and an
 * escape is not decoded where the hex digit it gives would turn a stray `%` into a new escape
 * (`%%41`). The result is idempotent and decodes to the same octets as the input.
 *
 * @param input - A URI or any part of one.
 * @returns The normalized text; `input` itself when nothing changes.
 * @throws Never.
 * @example
 * ```ts
 * normalizeEscapes('%7euser/%2fa%41'); // '~user/%2FaA'
 * normalizeEscapes('a%2Fb%3f%25'); // 'a%2Fb%3F%25'
 * ```
 */
export function normalizeEscapes(input: string): string {
  const n = input.length;
  let out = '';
  let last = 0;
  // The last two characters written to `out`, kept aside: reading them back from `out` would
  // flatten the growing string on every escape, which made this quadratic.
  let o1 = -1;
  let o2 = -1;
  for (let i = input.indexOf('%'); i >= 0; i = input.indexOf('%', i)) {
    const b = escapeAt(input, i, n);
    if (b < 0) {
      i++;
      continue;
    }
    // The two characters before the escape in the output.
    const p1 = i > last ? input.charCodeAt(i - 1) : o1;
    const p2 = i - 1 > last ? input.charCodeAt(i - 2) : i > last ? o1 : o2;
    const keep =
      b > 0x7f || inSet(RFC3986_COMPONENT, b) || (hex(b) && (p1 === 37 || (p2 === 37 && hex(p1))));
    const replacement = keep ? (ESCAPES[b] as string) : String.fromCharCode(b);
    if (input.slice(i, i + 3) !== replacement) {
      out += input.slice(last, i) + replacement;
      last = i + 3;
      o1 = replacement.charCodeAt(replacement.length - 1);
      o2 = keep ? replacement.charCodeAt(1) : p1;
    }
    i += 3;
  }
  return last ? out + input.slice(last) : input;
}
