/** A hex digit (the string is one character, or empty). */
const HEX = /[\dA-Fa-f]/;
/** An unreserved character, RFC 3986 §2.3 (`\w` is ASCII only without the u flag). */
const UNRESERVED = /[\w.~-]/;

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
  let o1 = '';
  let o2 = '';
  return input.replace(/%[\dA-Fa-f]{2}/g, (match, i: number) => {
    const ch = String.fromCharCode(Number.parseInt(match.slice(1), 16));
    // The two characters before the escape in the output.
    const p1 = i > end ? (input[i - 1] as string) : o1;
    const p2 = i - 1 > end ? (input[i - 2] as string) : i > end ? o1 : o2;
    const keep =
      !UNRESERVED.test(ch) || (HEX.test(ch) && (p1 === '%' || (p2 === '%' && HEX.test(p1))));
    const out = keep ? match.toUpperCase() : ch;
    end = i + 3;
    o1 = out[out.length - 1] as string;
    o2 = keep ? (out[1] as string) : p1;
    return out;
  });
}
