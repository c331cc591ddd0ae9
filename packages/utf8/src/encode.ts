import { encodeBulk, platform } from './encode-bulk';

/**
 * Up to this many UTF-16 units our own encoder beats the platform's (whose per-call cost dominates).
 * Above, the platform wins, and the output no longer fits in an on-heap typed array (64 bytes),
 * which makes our allocation slower too. Measured on Node 24 (bench/codec.bench.ts).
 */
const SHORT = 32;

/** Where short texts are encoded: 3 bytes for each of up to `SHORT` units. */
const scratch = /* @__PURE__ */ new Uint8Array(96);

/** What {@link encodeInto} did: UTF-16 units read from the text, bytes written to the destination. */
export interface EncodeIntoResult {
  /** UTF-16 code units of the text consumed (a surrogate pair counts two). */
  read: number;
  /** Bytes written to the destination. */
  written: number;
}

/** Writes complete code points of `text` into `dest` while they fit. */
const encodeJs = (text: string, dest: Uint8Array): EncodeIntoResult => {
  const n = text.length;
  const room = dest.length;
  let i = 0;
  let w = 0;
  for (; i < n; i++) {
    let c = text.charCodeAt(i);
    if (c < 0x80) {
      if (w >= room) break;
      dest[w++] = c;
      continue;
    }
    // `k` continuation bytes (RFC 3629 §3): 110xxxxx 10xxxxxx, 1110xxxx 10xxxxxx 10xxxxxx, 11110xxx …
    let k = c < 0x800 ? 1 : 2;
    if (c >> 11 === 0x1b) {
      // UTF-8 cannot encode surrogates: a valid pair is one code point, a lone surrogate U+FFFD.
      const d = text.charCodeAt(i + 1);
      if (c < 0xdc00 && d >> 10 === 0x37) {
        c = 0x10000 + ((c - 0xd800) << 10) + d - 0xdc00;
        k = 3;
      } else c = 0xfffd;
    }
    if (w + k >= room) break;
    // The lead byte: 0xC0, 0xE0 or 0xF0 (the store keeps the low 8 bits) and the top bits of `c`.
    dest[w++] = (0xff80 >> k) | (c >> (6 * k));
    while (k) dest[w++] = 0x80 | ((c >> (6 * --k)) & 0x3f);
    if (c > 0xffff) i++;
  }
  return { read: i, written: w };
};

/**
 * Encodes a string as UTF-8, as the {@link https://encoding.spec.whatwg.org/#utf-8-encoder | WHATWG UTF-8 encoder}
 * does: a lone surrogate becomes U+FFFD (EF BF BD).
 *
 * @param text - Any JavaScript string, well-formed or not.
 * @returns A new `Uint8Array` of exactly `byteLength(text)` bytes.
 * @throws Never.
 * @example
 * ```ts
 * encode('a©≠😀'); // 61 C2 A9 E2 89 A0 F0 9F 98 80
 * encode('\ud800'); // EF BF BD
 * ```
 */
export function encode(text: string): Uint8Array {
  const n = text.length;
  if (n > SHORT && platform) return encodeBulk(text);
  // A UTF-16 unit takes at most 3 bytes (a surrogate pair 4 for 2 units). A short text is encoded
  // into one reused buffer, then copied out: cheaper than counting its bytes first.
  const buffer = n > SHORT ? new Uint8Array(3 * n) : scratch;
  return buffer.slice(0, encodeJs(text, buffer).written);
}

/**
 * Encodes as much of a string as fits into `dest`, whole code points only, as
 * {@link https://encoding.spec.whatwg.org/#dom-textencoder-encodeinto | WHATWG `encodeInto`} does.
 *
 * @param text - Any JavaScript string; a lone surrogate is written as U+FFFD (EF BF BD).
 * @param dest - Where to write, from index 0.
 * @returns `{ read, written }`: UTF-16 units consumed from `text`, bytes written to `dest`.
 * @throws `TypeError` when `dest` is not a `Uint8Array` (as `TextEncoder.encodeInto`): the message
 * names `dest`.
 * @example
 * ```ts
 * const dest = new Uint8Array(5);
 * encodeInto('a😀b', dest); // { read: 3, written: 5 }
 * encodeInto('ab😀', dest.subarray(0, 4)); // { read: 2, written: 2 }: the emoji does not fit
 * ```
 */
export function encodeInto(text: string, dest: Uint8Array): EncodeIntoResult {
  // What `TextEncoder.encodeInto` takes: a Uint8Array (a Buffer too) of any realm, over any buffer.
  if (
    !(dest instanceof Uint8Array) &&
    Object.prototype.toString.call(dest) !== '[object Uint8Array]'
  ) {
    throw new TypeError('"dest" must be a Uint8Array');
  }
  if (text.length > SHORT && platform) {
    try {
      return platform.encodeInto(text, dest) as EncodeIntoResult;
    } catch {
      // Chromium refuses a destination over a resizable ArrayBuffer (WebIDL: no [AllowResizable]),
      // which Node and shorter text take: our encoder writes it, as it writes short text.
    }
  }
  return encodeJs(text, dest);
}
