// Code units and single-byte tables to strings, node build (tooling/platform.ts): Node's Buffer
// makes the string from the bytes in one native copy (`latin1Slice` where every byte is its own
// code unit, `ucs2Slice` otherwise), faster than TextDecoder or String.fromCharCode at every
// length. Same results as ./engine-string.ts for every input; a big-endian machine, where
// `ucs2Slice` would read the units byte-swapped, takes the portable code.
import * as buffer from 'node:buffer';
import {
  asciiText as asciiPortable,
  decodeTable as decodePortable,
  unitsToString as unitsPortable,
} from './engine-string';

const { latin1Slice, ucs2Slice } = buffer.Buffer.prototype;
const { isAscii } = buffer; // Node >= 18.15; earlier 18.x maps every byte.
const LE = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Turn code units into a string; every surrogate in `units` is paired (the decoders' output). */
export const unitsToString: (units: Uint16Array) => string = LE
  ? (units: Uint16Array): string =>
      ucs2Slice.call(
        new Uint8Array(units.buffer, units.byteOffset, units.byteLength),
        0,
        units.byteLength,
      )
  : unitsPortable;

// What a table maps to itself: 1 every ASCII byte (not so in EBCDIC and ISO 646 variants), 2 every
// byte but some of 0x80-0x9F (the C1 controls: windows-1252 and its like), 3 both.
const kinds = new WeakMap<Uint16Array, number>();
const kindOf = (fwd: Uint16Array): number => {
  let kind = kinds.get(fwd);
  if (kind === undefined) {
    kind = 3;
    for (let b = 0; b < 256; b++) if (fwd[b] !== b) kind &= b < 0x80 ? 0 : b < 0xa0 ? 3 : 1;
    kinds.set(fwd, kind);
  }
  return kind;
};

/**
 * Input from this many bytes on (after the prefix of bytes that map to themselves) goes through
 * the table of byte pairs, which is built the first time a table decodes such input.
 */
const PAIRS_FROM = 0x4000;

// Each table's code units of every pair of bytes, by the pair read as a little-endian 16-bit word:
// the two units as one little-endian 32-bit word (256 KiB a table). A step then reads two bytes
// and writes two units at once, where a unit at a time takes each through a load and a store.
const pairTables = new WeakMap<Uint16Array, Uint32Array>();
const pairsOf = (fwd: Uint16Array): Uint32Array => {
  let pairs = pairTables.get(fwd);
  if (pairs === undefined) {
    pairs = new Uint32Array(0x10000);
    for (let second = 0; second < 256; second++) {
      const high = fwd[second]! << 16;
      const row = second << 8;
      for (let first = 0; first < 256; first++) pairs[row | first] = fwd[first]! | high;
    }
    pairTables.set(fwd, pairs);
  }
  return pairs;
};

// One scratch buffer (decoding is synchronous and the string is a copy), and its bytes.
let units = new Uint16Array(256);
let bytesOfUnits = new Uint8Array(units.buffer);

/**
 * `bytes` through a single-byte table `fwd` (byte to code unit, U+FFFD where unmapped), one code
 * unit per byte: where every byte maps to itself (ASCII, Latin-1 in most tables) the bytes are the
 * string's one-byte characters as they are; otherwise the mapped units. (Node's own decoder of the
 * charset, which the portable build takes for long input, is slower than this.)
 * https://encoding.spec.whatwg.org/#single-byte-decoder
 */
export const decodeTable: (bytes: Uint8Array, fwd: Uint16Array, native?: TextDecoder) => string = LE
  ? (bytes: Uint8Array, fwd: Uint16Array): string => {
      const n = bytes.length;
      // Short input: the table loop straight into the scratch units and one `ucs2Slice`, with no
      // check of the table's kind nor native scan first. (`ucs2Slice` makes a one-byte string where
      // every unit is below 0x100, as `latin1Slice` would. Telling bytes that map to themselves
      // apart for `latin1Slice`, an OR a byte, made 24-byte strings 4-11% slower under Node 22.)
      if (n <= 64) {
        for (let k = 0; k < n; k++) units[k] = fwd[bytes[k]!]!;
        return ucs2Slice.call(bytesOfUnits, 0, 2 * n);
      }
      const kind = kindOf(fwd);
      if (kind & 1 && isAscii?.(bytes)) return latin1Slice.call(bytes, 0, n);
      if (n > units.length) {
        // An even length, so that its bytes hold whole 32-bit words.
        units = new Uint16Array(n + (n & 1));
        bytesOfUnits = new Uint8Array(units.buffer);
      }
      // The bytes that map to themselves (ASCII and Latin-1 in most tables) are the string's
      // one-byte characters as they are: a native copy of the longest such prefix.
      // The bytes before the first aligned word, then (windows-1252 and its like) four bytes a
      // step through a 32-bit view up to a word that may hold a byte of 0x80-0x9F (top bits 100:
      // a zero byte of x), then one at a time.
      const head = -bytes.byteOffset & 3;
      let i = 0;
      while (i < head && i < n && fwd[bytes[i]!] === bytes[i]) i++;
      if (kind & 2 && n >= 64 && i === head) {
        const words = new Uint32Array(bytes.buffer, bytes.byteOffset + head, (n - head) >> 2);
        let k = 0;
        for (; k < words.length; k++) {
          const x = (words[k]! & 0xe0e0e0e0) ^ 0x80808080;
          if ((x - 0x01010101) & ~x & 0x80808080) break;
        }
        i = head + 4 * k;
      }
      while (i < n && fwd[bytes[i]!] === bytes[i]) i++;
      if (i === n) return latin1Slice.call(bytes, 0, n);
      // A short prefix is not worth a string of its own.
      if (i < 64) i = 0;
      const out = units;
      // The mapped part starts at an even address where it can (a byte of the prefix maps to
      // itself, so the prefix can give one back for it); long input then goes two bytes at a time
      // through the table of byte pairs.
      if ((bytes.byteOffset + i) & 1 && i > 0) i--;
      const m = n - i;
      if (m >= PAIRS_FROM && ((bytes.byteOffset + i) & 1) === 0) {
        mapPairs(
          new Uint16Array(bytes.buffer, bytes.byteOffset + i, m >> 1),
          new Uint32Array(units.buffer, 0, m >> 1),
          pairsOf(fwd),
        );
        if (m & 1) out[m - 1] = fwd[bytes[n - 1]!]!;
        return finish(bytes, i, m);
      }
      // Widened natively, then mapped in place, eight at a time.
      out.set(i ? bytes.subarray(i) : bytes);
      let k = 0;
      for (; k < m - 7; k += 8) {
        out[k] = fwd[out[k]!]!;
        out[k + 1] = fwd[out[k + 1]!]!;
        out[k + 2] = fwd[out[k + 2]!]!;
        out[k + 3] = fwd[out[k + 3]!]!;
        out[k + 4] = fwd[out[k + 4]!]!;
        out[k + 5] = fwd[out[k + 5]!]!;
        out[k + 6] = fwd[out[k + 6]!]!;
        out[k + 7] = fwd[out[k + 7]!]!;
      }
      for (; k < m; k++) out[k] = fwd[out[k]!]!;
      return finish(bytes, i, m);
    }
  : decodePortable;

/**
 * Each pair of bytes of `src` through `pairs` into `dst` (in a function of its own: V8 compiles
 * the loop apart).
 */
function mapPairs(src: Uint16Array, dst: Uint32Array, pairs: Uint32Array): void {
  const h = src.length;
  let k = 0;
  for (; k < h - 3; k += 4) {
    dst[k] = pairs[src[k]!]!;
    dst[k + 1] = pairs[src[k + 1]!]!;
    dst[k + 2] = pairs[src[k + 2]!]!;
    dst[k + 3] = pairs[src[k + 3]!]!;
  }
  for (; k < h; k++) dst[k] = pairs[src[k]!]!;
}

/**
 * The string of the prefix `bytes[0, i)` (bytes that map to themselves) and the `m` units mapped.
 */
function finish(bytes: Uint8Array, i: number, m: number): string {
  const rest = ucs2Slice.call(bytesOfUnits, 0, 2 * m);
  const s = i ? latin1Slice.call(bytes, 0, i) + rest : rest;
  // Keep at most 4 Mi units.
  if (bytes.length > 1 << 22) {
    units = new Uint16Array(256);
    bytesOfUnits = new Uint8Array(units.buffer);
  }
  return s;
}

/**
 * The text of `bytes` if they are long and all ASCII, which reads the same in every encoding that
 * uses it (the CJK decoders); else undefined. Node checks and copies them natively, after a look
 * at the first 64 bytes: text that is not ASCII mostly shows it there, and is then spared
 * `isAscii`'s scan of the whole input (6% of a MiB of HTML-like gbk, which it reads to the end).
 */
export const asciiText: (bytes: Uint8Array) => string | undefined = isAscii
  ? (bytes: Uint8Array): string | undefined => {
      if (bytes.length < 256) return undefined;
      let or = 0;
      for (let k = 0; k < 64; k++) or |= bytes[k]!;
      return or < 0x80 && isAscii(bytes) ? latin1Slice.call(bytes, 0, bytes.length) : undefined;
    }
  : asciiPortable;
