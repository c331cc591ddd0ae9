// Single-byte codecs. A table is a string with one char per byte (128 for 0x80-0xFF over ASCII, or
// 256), holding the byte's code unit minus the byte plus 0x20, so that bytes mapped to themselves
// are spaces and runs of consecutive characters repeat one char; both compress well. It is
// expanded on first use into a Uint16Array and a reverse Uint8Array; U+FFFD marks an unmapped byte.
// This module is self-contained (no shared streaming wrapper) to keep one codec under 1 KiB.
// https://encoding.spec.whatwg.org/#single-byte-decoder
import { EMPTY, toBytes } from './bytes';
import {
  type Bytes,
  type Codec,
  type CodecFamily,
  DecodeError,
  type DecodeOptions,
  EncodeError,
  type EncodeMode,
  type EncodeOptions,
  type StreamingDecoder,
  type StreamingEncoder,
  type StreamOptions,
} from './codec';
import { decodeTable, unitsToString } from './engine-string';

/** Build a single-byte codec from its coded table (see the module comment). */
export function singleByte(
  name: string,
  family: CodecFamily,
  table: string,
  roundTrips: boolean,
): Codec {
  let fwd: Uint16Array;
  let rev: Uint8Array | undefined;
  let native: TextDecoder | undefined;
  const init = (): Uint8Array => {
    if (rev) return rev;
    fwd = new Uint16Array(256);
    rev = new Uint8Array(0x10000);
    const low = 256 - table.length;
    // Downwards, so that the first byte wins when two bytes decode to the same code point (WHATWG
    // "index pointer").
    for (let b = 256; b--; )
      if ((fwd[b] = b < low ? b : (b + table.charCodeAt(b - low) - 0x20) & 0xffff) !== 0xfffd)
        rev[fwd[b]!] = b;
    try {
      const d = new TextDecoder(name);
      if (d.decode(Uint8Array.from(fwd.keys())) === unitsToString(fwd)) native = d;
    } catch {
      // Not a name the runtime knows (or no TextDecoder): the table's loop does it.
    }
    return rev;
  };
  const decode = (
    bytes: Uint8Array,
    options: DecodeOptions | undefined,
    offset: number,
  ): string => {
    init();
    const s = decodeTable(bytes, fwd, native);
    // U+FFFD marks an unmapped byte (one code unit per byte). Checked after decoding: with the
    // throw in the loop, V8 runs it at about half the speed.
    const bad = options?.fatal ? s.indexOf('\ufffd') : -1;
    if (bad >= 0) throw new DecodeError(offset + bad, 'unmapped byte');
    return s;
  };
  const encode = (text: string, mode: EncodeMode | undefined, offset: number): Uint8Array => {
    const r = init();
    const n = text.length;
    // `&#N;` takes at most 8 bytes per UTF-16 unit (`&#65533;`; `&#1114111;` for a pair).
    const out = new Uint8Array(mode === 'html' ? n * 8 : n);
    let i = 0;
    let j = 0;
    for (;;) {
      // A loop with no error handling in it, which V8 runs about twice as fast as one with it, up
      // to the next character the charset does not hold.
      for (let c: number, b: number; i < n && ((b = r[(c = text.charCodeAt(i))]!) || !c); i++)
        out[j++] = b;
      if (i === n) break;
      const cp = text.codePointAt(i)!;
      const lone = cp >> 11 === 0x1b;
      // html: `&#N;` (a lone surrogate as U+FFFD), each character in the charset's byte for it.
      // Six ISO 646 variants have £ or § at 0x23 and no `#`: there html mode fails as fatal.
      const sub = mode === 'html' ? `&#${lone ? 0xfffd : cp};` : '?';
      // One test for both errors, kept small for every single-byte entry: fatal mode (at the first
      // character of `sub`), or a character of `sub` the charset has no byte for (0 in `r`).
      for (let k = 0; k < sub.length; k++)
        if (!(mode === 'html' || mode === 'replacement') || !(out[j++] = r[sub.charCodeAt(k)]!))
          throw new EncodeError(offset + i, cp, lone ? 'lone surrogate' : 'unencodable', name);
      i += cp > 0xffff ? 2 : 1;
    }
    // No subarray where the output is full: on short text it costs more than the encoding.
    return j < out.length ? out.subarray(0, j) : out;
  };
  return {
    name,
    family,
    roundTrips,
    decode: (bytes: Bytes, options?: DecodeOptions): string =>
      decode(toBytes(bytes, 'bytes'), options, 0),
    encode: (text: string, options?: EncodeOptions): Uint8Array => encode(text, options?.mode, 0),
    createDecoder(options?: DecodeOptions): StreamingDecoder {
      let at = 0;
      return {
        decode(input?: Bytes, opts?: StreamOptions): string {
          const chunk = input === undefined ? EMPTY : toBytes(input, 'chunk');
          const start = at;
          // Reset first: a call without `stream`, or one that throws, ends the stream.
          at = 0;
          const s = decode(chunk, options, start);
          if (opts?.stream) at = start + chunk.length;
          return s;
        },
      };
    },
    createEncoder(options?: EncodeOptions): StreamingEncoder {
      let at = 0;
      let pending = '';
      return {
        encode(text = '', opts?: StreamOptions): Uint8Array {
          text = pending + text;
          const start = at - pending.length;
          const last = text.charCodeAt(text.length - 1);
          // A high surrogate at the end of a chunk may pair with the first unit of the next one.
          const held = opts?.stream && last >> 10 === 0x36 ? text.slice(-1) : '';
          // Reset first: a call without `stream`, or one that throws, ends the stream.
          pending = '';
          at = 0;
          const bytes = encode(held ? text.slice(0, -1) : text, options?.mode, start);
          if (opts?.stream) {
            pending = held;
            at = start + text.length;
          }
          return bytes;
        },
      };
    },
  };
}
