import type { Codec } from './codec';
import { iso2022cn } from './cjk/iso2022';

/**
 * The iso-2022-cn codec (decoded and encoded here; the WHATWG standard maps this label to
 * replacement): GB 2312 and CNS 11643 plane 1 by SO, plane 2 by SS2, designated on each line.
 * The CNS 11643 tables are built on the first character that needs them.
 * {@link https://www.rfc-editor.org/rfc/rfc1922 | RFC 1922}
 * @example
 * ```ts
 * codec.decode(new Uint8Array([0x1b, 0x24, 0x29, 0x47, 0x0e, 0x61, 0x5e, 0x0f])); // '華' (CNS 1-615E)
 * String.fromCharCode(...codec.encode('中華')); // '\x1b$)A\x0eVP\x1b$)G\x0ea^\x0f'
 * ```
 */
export const codec: Codec = /* @__PURE__ */ iso2022cn('iso-2022-cn');
