import { digit, escapeAt } from './decode';
import { esc, inSet } from './encode';
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
  // The end of the last escape seen, and the last two characters written for it: reading them
  // back from the output would flatten it on every escape (quadratic).
  let end = 0;
  let o1 = -1;
  let o2 = -1;
  return input.replace(/%[\dA-Fa-f]{2}/g, (_, i: number) => {
    const b = escapeAt(input, i, input.length);
    // The two characters before the escape in the output.
    const p1 = i > end ? input.charCodeAt(i - 1) : o1;
    const p2 = i - 1 > end ? input.charCodeAt(i - 2) : i > end ? o1 : o2;
    const keep =
      b > 0x7f || inSet(RFC3986_COMPONENT, b) || (hex(b) && (p1 === 37 || (p2 === 37 && hex(p1))));
    const out = keep ? esc(b) : String.fromCharCode(b);
    end = i + 3;
    o1 = out.charCodeAt(out.length - 1);
    o2 = keep ? out.charCodeAt(1) : p1;
    return out;
  });
}
