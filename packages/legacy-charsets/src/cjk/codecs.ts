// The WHATWG multi-byte encodings: Shift_JIS, EUC-JP, ISO-2022-JP, EUC-KR, Big5, GBK, gb18030,
// and the replacement encoding, transcribed from the Encoding Standard's algorithms.
// https://encoding.spec.whatwg.org/#legacy-multi-byte-chinese-(simplified)-encodings
import type { Codec } from '../codec';
import { type Index, pointerOf, reverse } from '../cjk-index';
import {
  type ByteBuffer,
  decodeError,
  type DecoderCore,
  makeCodec,
  putEncoder,
  Units,
} from '../engine';
import { fastTwoByte, twoByteEncoder } from '../two-byte-loop';
import { quickText, type RunTables, runEnd, runTables, twoByteRun } from './run';
import { ranges } from '../generated/index-gb18030-ranges';
import {
  BIG5_LAST,
  big5,
  eucKr,
  gb18030 as gbIndex,
  jis0208,
  jis0208ShiftJis,
  jis0212,
  katakana,
} from './tables';

const between = (b: number, lo: number, hi: number): boolean => b >= lo && b <= hi;

const at = (index: Index, pointer: number): number => index.cp[pointer] ?? 0;

/**
 * {@link https://encoding.spec.whatwg.org/#shift_jis | WHATWG Encoding §13.3 Shift_JIS}; with
 * `cp932`, Microsoft's table (VENDORS/MICSFT/WINDOWS/CP932.TXT): the same double-byte mappings, but
 * 0x80 and the user-defined area (0xF040-0xF9FC) are undefined, and ¥, ‾ and − are not encoded.
 */
export function shiftJis(name: string, cp932 = false): Codec {
  let tables: RunTables | undefined;
  const decoder = (): DecoderCore => {
    let lead = 0;
    let leadAt = 0;
    return (bytes, flush, fatal, offset) => {
      const ascii = lead ? '' : quickText(bytes, tables);
      if (ascii) return ascii;
      const out = new Units(bytes.length + 8);
      const run = (tables ??= runTables(
        (b) => (b >= 0xa1 && b <= 0xdf ? 0xff61 - 0xa1 + b : b === 0x80 && !cp932 ? 0x80 : 0),
        (b, t) => {
          if (b > 0xfc || b === 0x80 || b === 0xa0 || t < 0x40 || t === 0x7f || t > 0xfc) return 0;
          const pointer = (b - (b < 0xa0 ? 0x81 : 0xc1)) * 188 + t - (t < 0x7f ? 0x40 : 0x41);
          // Pointers 8836 to 10715: EUDC, the Private Use Area (undefined in CP932); above them
          // the IBM extensions (0xFA40-0xFC4B), which are jis0208's again.
          if (pointer < 8836 || pointer > 10715) return at(jis0208(), pointer);
          return cp932 ? 0 : 0xe000 - 8836 + pointer;
        },
      ));
      for (let i = 0; i < bytes.length; i++) {
        if (lead === 0) {
          // twoByteRun writes at most one code unit a byte, with no bounds check.
          out.reserve(bytes.length - i);
          i = twoByteRun(bytes, i, out.buf, out.len, run);
          out.len = runEnd;
          if (i === bytes.length) break;
        }
        const b = bytes[i]!;
        if (lead !== 0) {
          const l = lead;
          lead = 0;
          let cp = 0;
          if (between(b, 0x40, 0x7e) || between(b, 0x80, 0xfc)) {
            const pointer = (l - (l < 0xa0 ? 0x81 : 0xc1)) * 188 + b - (b < 0x7f ? 0x40 : 0x41);
            // EUDC: pointers 8836 to 10715 decode to the Private Use Area (not in CP932.TXT).
            if (!between(pointer, 8836, 10715)) cp = at(jis0208(), pointer);
            else if (!cp932) cp = 0xe000 - 8836 + pointer;
          }
          if (cp !== 0) {
            out.push(cp);
            continue;
          }
          out.push(decodeError(fatal, leadAt, 'unmapped sequence'));
          if (b < 0x80) i--;
          continue;
        }
        if (b < 0x80 || (b === 0x80 && !cp932)) out.push(b);
        else if (between(b, 0xa1, 0xdf)) out.push(0xff61 - 0xa1 + b);
        else if (between(b, 0x81, 0x9f) || between(b, 0xe0, 0xfc)) {
          lead = b;
          leadAt = offset + i;
        } else out.push(decodeError(fatal, offset + i, 'invalid byte'));
      }
      if (flush && lead !== 0) {
        lead = 0;
        out.push(decodeError(fatal, leadAt, 'truncated sequence'));
      }
      return out.toString();
    };
  };
  const put = (cp: number, out: ByteBuffer): boolean => {
    if (cp < 0x80 || (cp === 0x80 && !cp932)) out.push(cp);
    else if (cp === 0xa5 && !cp932) out.push(0x5c);
    else if (cp === 0x203e && !cp932) out.push(0x7e);
    else if (between(cp, 0xff61, 0xff9f)) out.push(cp - 0xff61 + 0xa1);
    else {
      const pointer = pointerOf(jis0208ShiftJis(), cp === 0x2212 && !cp932 ? 0xff0d : cp);
      if (pointer < 0) return false;
      const lead = Math.floor(pointer / 188);
      const trail = pointer % 188;
      out.push(lead + (lead < 0x1f ? 0x81 : 0xc1));
      out.push(trail + (trail < 0x3f ? 0x40 : 0x41));
    }
    return true;
  };
  const fast = fastTwoByte(put);
  return makeCodec({
    name,
    family: 'cjk',
    roundTrips: false,
    decoder,
    encoder: twoByteEncoder(put, fast),
  });
}

/** {@link https://encoding.spec.whatwg.org/#euc-jp | WHATWG Encoding §13.1 EUC-JP} */
export function eucJp(name: string): Codec {
  let tables: RunTables | undefined;
  const decoder = (): DecoderCore => {
    let lead = 0;
    let leadAt = 0;
    let j212 = false;
    return (bytes, flush, fatal, offset) => {
      const ascii = lead ? '' : quickText(bytes, tables);
      if (ascii) return ascii;
      const out = new Units(bytes.length + 8);
      // 0x8E + 0xA1-0xDF is half-width katakana, two JIS X 0208 bytes 0xA1-0xFE a character;
      // 0x8F (JIS X 0212, three bytes) is the full decoder's.
      const run = (tables ??= runTables(
        () => 0,
        (b, t) => {
          if (b === 0x8e) return t >= 0xa1 && t <= 0xdf ? 0xff61 - 0xa1 + t : 0;
          return b >= 0xa1 && b < 0xff && t >= 0xa1 && t < 0xff
            ? at(jis0208(), (b - 0xa1) * 94 + t - 0xa1)
            : 0;
        },
      ));
      for (let i = 0; i < bytes.length; i++) {
        if (lead === 0) {
          // twoByteRun writes at most one code unit a byte, with no bounds check.
          out.reserve(bytes.length - i);
          i = twoByteRun(bytes, i, out.buf, out.len, run);
          out.len = runEnd;
          if (i === bytes.length) break;
        }
        const b = bytes[i]!;
        if (lead === 0x8e && between(b, 0xa1, 0xdf)) {
          lead = 0;
          out.push(0xff61 - 0xa1 + b);
        } else if (lead === 0x8f && between(b, 0xa1, 0xfe)) {
          j212 = true;
          lead = b;
        } else if (lead !== 0) {
          const l = lead;
          lead = 0;
          let cp = 0;
          if (between(l, 0xa1, 0xfe) && between(b, 0xa1, 0xfe)) {
            cp = at(j212 ? jis0212() : jis0208(), (l - 0xa1) * 94 + b - 0xa1);
          }
          j212 = false;
          if (cp !== 0) out.push(cp);
          else {
            out.push(decodeError(fatal, leadAt, 'unmapped sequence'));
            if (b < 0x80) i--;
          }
        } else if (b < 0x80) out.push(b);
        else if (b === 0x8e || b === 0x8f || between(b, 0xa1, 0xfe)) {
          lead = b;
          leadAt = offset + i;
        } else out.push(decodeError(fatal, offset + i, 'invalid byte'));
      }
      if (flush && lead !== 0) {
        lead = 0;
        j212 = false;
        out.push(decodeError(fatal, leadAt, 'truncated sequence'));
      }
      return out.toString();
    };
  };
  const put = (cp: number, out: ByteBuffer): boolean => {
    if (cp < 0x80) out.push(cp);
    else if (cp === 0xa5) out.push(0x5c);
    else if (cp === 0x203e) out.push(0x7e);
    else if (between(cp, 0xff61, 0xff9f)) {
      out.push(0x8e);
      out.push(cp - 0xff61 + 0xa1);
    } else {
      const pointer = pointerOf(jis0208(), cp === 0x2212 ? 0xff0d : cp);
      if (pointer < 0) return false;
      out.push(Math.floor(pointer / 94) + 0xa1);
      out.push((pointer % 94) + 0xa1);
    }
    return true;
  };
  const fast = fastTwoByte(put);
  return makeCodec({
    name,
    family: 'cjk',
    roundTrips: false,
    decoder,
    encoder: twoByteEncoder(put, fast),
  });
}

const ASCII = 0;
const ROMAN = 1;
const KATAKANA = 2;
const LEAD = 3;
const TRAIL = 4;
const ESCAPE_START = 5;
const ESCAPE = 6;

/**
 * ISO-2022-JP, including the rules that stop escape sequences from hiding ASCII: an escape must be
 * followed by output, and ESC, SO and SI are never encoded.
 * {@link https://encoding.spec.whatwg.org/#iso-2022-jp | WHATWG Encoding §13.2 ISO-2022-JP}
 */
export function iso2022jp(name: string): Codec {
  const decoder = (): DecoderCore => {
    let state = ASCII;
    let outputState = ASCII;
    let lead = 0;
    let leadAt = 0;
    let escAt = 0;
    let outputFlag = false;
    return (bytes, flush, fatal, offset) => {
      const out = new Units(bytes.length + 1);
      // ByteBuffer the algorithm "prepends to the queue", read before the rest of the input.
      const queue: number[] = [];
      let i = 0;
      let eof = false;
      for (;;) {
        let b: number;
        let here: number;
        if (queue.length > 0) {
          b = queue.shift()!;
          here = escAt;
        } else if (i < bytes.length) {
          here = offset + i;
          b = bytes[i++]!;
        } else if (flush && !eof) {
          eof = true;
          here = offset + i;
          b = -1;
        } else break;
        switch (state) {
          case TRAIL:
            if (b === 0x1b) {
              state = ESCAPE_START;
              escAt = here;
              out.push(decodeError(fatal, leadAt, 'truncated sequence'));
              break;
            }
            state = LEAD;
            if (between(b, 0x21, 0x7e)) {
              const cp = at(jis0208(), (lead - 0x21) * 94 + b - 0x21);
              out.push(cp !== 0 ? cp : decodeError(fatal, leadAt, 'unmapped sequence'));
            } else {
              if (b < 0) eof = false;
              out.push(decodeError(fatal, leadAt, 'invalid sequence'));
            }
            break;
          case ESCAPE_START:
            if (b === 0x24 || b === 0x28) {
              lead = b;
              state = ESCAPE;
              break;
            }
            if (b < 0) eof = false;
            else queue.unshift(b);
            outputFlag = false;
            state = outputState;
            out.push(decodeError(fatal, escAt, 'invalid escape'));
            break;
          case ESCAPE: {
            const l = lead;
            lead = 0;
            let next = -1;
            if (l === 0x28 && b === 0x42) next = ASCII;
            else if (l === 0x28 && b === 0x4a) next = ROMAN;
            else if (l === 0x28 && b === 0x49) next = KATAKANA;
            else if (l === 0x24 && (b === 0x40 || b === 0x42)) next = LEAD;
            if (next >= 0) {
              state = outputState = next;
              // An escape sequence must be followed by output: two in a row are an error, so
              // that escapes cannot be used to hide or split ASCII.
              if (outputFlag) out.push(decodeError(fatal, escAt, 'empty escape sequence'));
              outputFlag = true;
              break;
            }
            if (b < 0) {
              eof = false;
              queue.unshift(l);
            } else queue.unshift(l, b);
            outputFlag = false;
            state = outputState;
            out.push(decodeError(fatal, escAt, 'invalid escape'));
            break;
          }
          default:
            if (b === 0x1b) {
              state = ESCAPE_START;
              escAt = here;
              break;
            }
            if (b < 0) break;
            outputFlag = false;
            if (state === ASCII && b < 0x80 && b !== 0x0e && b !== 0x0f) out.push(b);
            else if (state === ROMAN && b < 0x80 && b !== 0x0e && b !== 0x0f) {
              out.push(b === 0x5c ? 0xa5 : b === 0x7e ? 0x203e : b);
            } else if (state === KATAKANA && between(b, 0x21, 0x5f)) out.push(0xff61 - 0x21 + b);
            else if (state === LEAD && between(b, 0x21, 0x7e)) {
              lead = b;
              leadAt = here;
              state = TRAIL;
            } else out.push(decodeError(fatal, here, 'invalid byte'));
        }
      }
      return out.toString();
    };
  };
  const encoder = () => {
    let state = ASCII;
    const switchTo = (out: ByteBuffer, to: number): void => {
      state = to;
      out.push(0x1b);
      out.push(to === LEAD ? 0x24 : 0x28);
      out.push(to === LEAD ? 0x42 : to === ROMAN ? 0x4a : 0x42);
    };
    return {
      put(cp: number, out: ByteBuffer): boolean {
        if (state !== LEAD && (cp === 0x0e || cp === 0x0f || cp === 0x1b)) return false;
        if (cp < 0x80 && (state === ASCII || (state === ROMAN && cp !== 0x5c && cp !== 0x7e))) {
          out.push(cp);
          return true;
        }
        if (state === ROMAN && (cp === 0xa5 || cp === 0x203e)) {
          out.push(cp === 0xa5 ? 0x5c : 0x7e);
          return true;
        }
        if (cp < 0x80) {
          switchTo(out, ASCII);
          return this.put(cp, out);
        }
        if (cp === 0xa5 || cp === 0x203e) {
          switchTo(out, ROMAN);
          return this.put(cp, out);
        }
        if (cp === 0x2212) cp = 0xff0d;
        if (between(cp, 0xff61, 0xff9f)) cp = at(katakana(), cp - 0xff61);
        const pointer = pointerOf(jis0208(), cp);
        if (pointer < 0) {
          if (state === LEAD) {
            switchTo(out, ASCII);
          }
          return false;
        }
        if (state !== LEAD) switchTo(out, LEAD);
        out.push(Math.floor(pointer / 94) + 0x21);
        out.push((pointer % 94) + 0x21);
        return true;
      },
      flush(out: ByteBuffer): void {
        if (state !== ASCII) switchTo(out, ASCII);
      },
      // https://encoding.spec.whatwg.org/#iso-2022-jp-encoder: U+000E, U+000F, U+001B are an
      // "error with U+FFFD", so html mode writes `&#65533;`; a fatal error still names the character.
      reference: (cp: number): string =>
        `&#${cp === 0x0e || cp === 0x0f || cp === 0x1b ? 0xfffd : cp};`,
    };
  };
  return makeCodec({
    name,
    family: 'iso-2022',
    roundTrips: false,
    decoder,
    encoder: putEncoder(encoder),
  });
}

/** {@link https://encoding.spec.whatwg.org/#euc-kr | WHATWG Encoding §14.1 EUC-KR} */
export function eucKrCodec(name: string): Codec {
  let tables: RunTables | undefined;
  // The code point of a lead and trail byte, 0 if none: the full decoder's lookup, which the run
  // tables take too (leads 0x80 and 0xFF point below and above the index: none).
  const pairOf = (l: number, b: number): number =>
    between(b, 0x41, 0xfe) ? at(eucKr(), (l - 0x81) * 190 + b - 0x41) : 0;
  const decoder = (): DecoderCore => {
    let lead = 0;
    let leadAt = 0;
    return (bytes, flush, fatal, offset) => {
      const ascii = lead ? '' : quickText(bytes, tables);
      if (ascii) return ascii;
      const out = new Units(bytes.length + 8);
      const run = (tables ??= runTables(() => 0, pairOf));
      for (let i = 0; i < bytes.length; i++) {
        if (lead === 0) {
          // twoByteRun writes at most one code unit a byte, with no bounds check.
          out.reserve(bytes.length - i);
          i = twoByteRun(bytes, i, out.buf, out.len, run);
          out.len = runEnd;
          if (i === bytes.length) break;
        }
        const b = bytes[i]!;
        if (lead !== 0) {
          const l = lead;
          lead = 0;
          const cp = pairOf(l, b);
          if (cp !== 0) out.push(cp);
          else {
            out.push(decodeError(fatal, leadAt, 'unmapped sequence'));
            if (b < 0x80) i--;
          }
        } else if (b < 0x80) out.push(b);
        else if (between(b, 0x81, 0xfe)) {
          lead = b;
          leadAt = offset + i;
        } else out.push(decodeError(fatal, offset + i, 'invalid byte'));
      }
      if (flush && lead !== 0) {
        lead = 0;
        out.push(decodeError(fatal, leadAt, 'truncated sequence'));
      }
      return out.toString();
    };
  };
  const put = (cp: number, out: ByteBuffer): boolean => {
    if (cp < 0x80) out.push(cp);
    else {
      const pointer = pointerOf(eucKr(), cp);
      if (pointer < 0) return false;
      out.push(Math.floor(pointer / 190) + 0x81);
      out.push((pointer % 190) + 0x41);
    }
    return true;
  };
  const fast = fastTwoByte(put);
  return makeCodec({
    name,
    family: 'cjk',
    roundTrips: false,
    decoder,
    encoder: twoByteEncoder(put, fast),
  });
}

/** A subset of the Big5 index: pointer runs [start, end, ...] and overrides [pointer, code point, ...]. */
export interface Big5Subset {
  runs: readonly number[];
  overrides: readonly number[];
}

/**
 * {@link https://encoding.spec.whatwg.org/#big5 | WHATWG Encoding §12.1 Big5} (with HKSCS); with a
 * `subset`, a vendor table that holds part of it (CP950: no HKSCS, 0xF9FE is U+2593).
 */
export function big5Codec(name: string, subset?: Big5Subset): Codec {
  const has = (p: number): boolean => {
    if (!subset) return true;
    const r = subset.runs;
    for (let k = 0; k < r.length; k += 2) if (p >= r[k]! && p <= r[k + 1]!) return true;
    return false;
  };
  // The subset's own reverse lookup: its first (or, for six code points, last) pointer.
  let reversed: Index | undefined;
  const encodeIndex = (): Index => {
    if (!subset) return big5();
    if (!reversed) {
      reversed = { cp: big5().cp };
      reverse(reversed, (p) => p < 5024 || !has(p), BIG5_LAST);
    }
    return reversed;
  };
  const override = (p: number): number => {
    const o = subset?.overrides ?? [];
    for (let k = 0; k < o.length; k += 2) if (o[k] === p) return o[k + 1]!;
    return 0;
  };
  let tables: RunTables | undefined;
  const decoder = (): DecoderCore => {
    let lead = 0;
    let leadAt = 0;
    return (bytes, flush, fatal, offset) => {
      const ascii = lead ? '' : quickText(bytes, tables);
      if (ascii) return ascii;
      const out = new Units(bytes.length + 8);
      const run = (tables ??= runTables(
        () => 0,
        (b, t) => {
          if (b === 0x80 || b === 0xff || t < 0x40 || (t > 0x7e && t < 0xa1) || t === 0xff)
            return 0;
          const pointer = (b - 0x81) * 157 + t - (t < 0x7f ? 0x40 : 0x62);
          // Four pointers decode to two code points each: the full decoder's.
          if (pointer === 1133 || pointer === 1135 || pointer === 1164 || pointer === 1166)
            return 0;
          return has(pointer) ? override(pointer) || at(big5(), pointer) : 0;
        },
      ));
      for (let i = 0; i < bytes.length; i++) {
        if (lead === 0) {
          // twoByteRun writes at most one code unit a byte, with no bounds check.
          out.reserve(bytes.length - i);
          i = twoByteRun(bytes, i, out.buf, out.len, run);
          out.len = runEnd;
          if (i === bytes.length) break;
        }
        const b = bytes[i]!;
        if (lead !== 0) {
          const l = lead;
          lead = 0;
          let pointer = -1;
          if (between(b, 0x40, 0x7e) || between(b, 0xa1, 0xfe)) {
            pointer = (l - 0x81) * 157 + b - (b < 0x7f ? 0x40 : 0x62);
          }
          if (pointer >= 0 && !has(pointer)) pointer = -1;
          // Four pointers decode to two code points each.
          if (pointer === 1133 || pointer === 1135 || pointer === 1164 || pointer === 1166) {
            out.push(pointer < 1164 ? 0xca : 0xea);
            out.push(pointer === 1133 || pointer === 1164 ? 0x304 : 0x30c);
            continue;
          }
          const cp = pointer < 0 ? 0 : override(pointer) || at(big5(), pointer);
          if (cp !== 0) out.push(cp);
          else {
            out.push(decodeError(fatal, leadAt, 'unmapped sequence'));
            if (b < 0x80) i--;
          }
        } else if (b < 0x80) out.push(b);
        else if (between(b, 0x81, 0xfe)) {
          lead = b;
          leadAt = offset + i;
        } else out.push(decodeError(fatal, offset + i, 'invalid byte'));
      }
      if (flush && lead !== 0) {
        lead = 0;
        out.push(decodeError(fatal, leadAt, 'truncated sequence'));
      }
      return out.toString();
    };
  };
  const put = (cp: number, out: ByteBuffer): boolean => {
    if (cp < 0x80) out.push(cp);
    else {
      let pointer = pointerOf(encodeIndex(), cp);
      if (subset) {
        const o = subset.overrides;
        for (let k = 0; k < o.length; k += 2) {
          if (o[k + 1] === cp) pointer = o[k]!;
          else if (o[k] === pointer) pointer = -1;
        }
        if (pointer >= 0 && !has(pointer)) pointer = -1;
      }
      if (pointer < 0) return false;
      const trail = pointer % 157;
      out.push(Math.floor(pointer / 157) + 0x81);
      out.push(trail + (trail < 0x3f ? 0x40 : 0x62));
    }
    return true;
  };
  const fast = fastTwoByte(put);
  return makeCodec({
    name,
    family: 'cjk',
    roundTrips: false,
    decoder,
    encoder: twoByteEncoder(put, fast),
  });
}

/** The even offset k of the last range whose field (0: pointer, 1: code point) is <= value. */
function lastAtMost(field: number, value: number): number {
  let lo = 0;
  let hi = ranges.length / 2 - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (ranges[mid * 2 + field]! <= value) lo = mid;
    else hi = mid - 1;
  }
  return lo * 2;
}

/** {@link https://encoding.spec.whatwg.org/#index-gb18030-ranges-code-point | index gb18030 ranges code point} */
function rangesCodePoint(pointer: number): number {
  if ((pointer > 39419 && pointer < 189000) || pointer > 1237575) return -1;
  if (pointer === 7457) return 0xe7c7;
  if (pointer >= 189000) return 0x10000 + pointer - 189000;
  const k = lastAtMost(0, pointer);
  return ranges[k + 1]! + pointer - ranges[k]!;
}

/** {@link https://encoding.spec.whatwg.org/#index-gb18030-ranges-pointer | index gb18030 ranges pointer} */
function rangesPointer(cp: number): number {
  if (cp === 0xe7c7) return 7457;
  if (cp >= 0x10000) return 189000 + cp - 0x10000;
  const k = lastAtMost(1, cp);
  return ranges[k]! + cp - ranges[k + 1]!;
}

// https://encoding.spec.whatwg.org/#gb18030-encoder (the table of step 5)
const PUA = [
  0xe78d, 0xe78e, 0xe78f, 0xe790, 0xe791, 0xe792, 0xe793, 0xe794, 0xe795, 0xe796, 0xe81e, 0xe826,
  0xe82b, 0xe82c, 0xe832, 0xe843, 0xe854, 0xe864,
];
const PUA_BYTES = [
  0xa6d9, 0xa6da, 0xa6db, 0xa6dc, 0xa6dd, 0xa6de, 0xa6df, 0xa6ec, 0xa6ed, 0xa6f3, 0xfe59, 0xfe61,
  0xfe66, 0xfe67, 0xfe6d, 0xfe7e, 0xfe90, 0xfea0,
];

/**
 * gb18030, and GBK (the gb18030 decoder; an encoder without four-byte sequences, with 0x80 for €).
 * {@link https://encoding.spec.whatwg.org/#gb18030 | WHATWG Encoding §11.2 gb18030}
 */
export function gb18030Codec(name: string, gbk: boolean): Codec {
  let tables: RunTables | undefined;
  const decoder = (): DecoderCore => {
    let first = 0;
    let second = 0;
    let third = 0;
    let firstAt = 0;
    return (bytes, flush, fatal, offset) => {
      const ascii = first ? '' : quickText(bytes, tables);
      if (ascii) return ascii;
      const out = new Units(bytes.length + 8);
      // ByteBuffer the algorithm "prepends to the queue", read before the rest of the input.
      const queue: number[] = [];
      const run = (tables ??= runTables(
        (b) => (b === 0x80 ? 0x20ac : 0),
        (b, t) =>
          b === 0xff || t < 0x40 || t === 0x7f || t === 0xff
            ? 0
            : at(gbIndex(), (b - 0x81) * 190 + t - (t < 0x7f ? 0x40 : 0x41)),
      ));
      let i = 0;
      for (;;) {
        if (first === 0 && queue.length === 0 && i < bytes.length) {
          // twoByteRun writes at most one code unit a byte, with no bounds check.
          out.reserve(bytes.length - i);
          i = twoByteRun(bytes, i, out.buf, out.len, run);
          out.len = runEnd;
        }
        let b: number;
        let here: number;
        if (queue.length > 0) {
          b = queue.shift()!;
          here = firstAt + 1;
        } else if (i < bytes.length) {
          here = offset + i;
          b = bytes[i++]!;
        } else break;
        if (third !== 0) {
          if (!between(b, 0x30, 0x39)) {
            queue.unshift(second, third, b);
            first = second = third = 0;
            out.push(decodeError(fatal, firstAt, 'invalid four-byte sequence'));
            continue;
          }
          const cp = rangesCodePoint(
            (((first - 0x81) * 10 + second - 0x30) * 126 + third - 0x81) * 10 + b - 0x30,
          );
          first = second = third = 0;
          out.push(cp < 0 ? decodeError(fatal, firstAt, 'unmapped sequence') : cp);
        } else if (second !== 0) {
          if (between(b, 0x81, 0xfe)) third = b;
          else {
            queue.unshift(second, b);
            first = second = 0;
            out.push(decodeError(fatal, firstAt, 'invalid four-byte sequence'));
          }
        } else if (first !== 0) {
          if (between(b, 0x30, 0x39)) {
            second = b;
            continue;
          }
          const l = first;
          first = 0;
          let cp = 0;
          if (between(b, 0x40, 0x7e) || between(b, 0x80, 0xfe)) {
            cp = at(gbIndex(), (l - 0x81) * 190 + b - (b < 0x7f ? 0x40 : 0x41));
          }
          if (cp !== 0) out.push(cp);
          else {
            if (b < 0x80) queue.unshift(b);
            out.push(decodeError(fatal, firstAt, 'unmapped sequence'));
          }
        } else if (b < 0x80) out.push(b);
        else if (b === 0x80) out.push(0x20ac);
        else if (between(b, 0x81, 0xfe)) {
          first = b;
          firstAt = here;
        } else out.push(decodeError(fatal, here, 'invalid byte'));
      }
      if (flush && (first !== 0 || second !== 0 || third !== 0)) {
        first = second = third = 0;
        out.push(decodeError(fatal, firstAt, 'truncated sequence'));
      }
      return out.toString();
    };
  };
  const put = (cp: number, out: ByteBuffer): boolean => {
    if (cp < 0x80) {
      out.push(cp);
      return true;
    }
    if (cp === 0xe5e5) return false;
    if (gbk && cp === 0x20ac) {
      out.push(0x80);
      return true;
    }
    // GB18030-2022: eighteen Private Use code points keep their old two-byte encodings.
    const legacy = between(cp, 0xe78d, 0xe864) ? PUA.indexOf(cp) : -1;
    if (legacy >= 0) {
      out.push(PUA_BYTES[legacy]! >> 8);
      out.push(PUA_BYTES[legacy]! & 0xff);
      return true;
    }
    let pointer = pointerOf(gbIndex(), cp);
    if (pointer >= 0) {
      const trail = pointer % 190;
      out.push(Math.floor(pointer / 190) + 0x81);
      out.push(trail + (trail < 0x3f ? 0x40 : 0x41));
      return true;
    }
    if (gbk) return false;
    pointer = rangesPointer(cp);
    out.push(Math.floor(pointer / 12600) + 0x81);
    out.push(Math.floor((pointer % 12600) / 1260) + 0x30);
    out.push(Math.floor((pointer % 1260) / 10) + 0x81);
    out.push((pointer % 10) + 0x30);
    return true;
  };
  const fast = fastTwoByte(put);
  return makeCodec({
    name,
    family: 'cjk',
    roundTrips: false,
    decoder,
    encoder: twoByteEncoder(put, fast),
  });
}

/**
 * The replacement encoding: any input decodes to one U+FFFD (an error); the output encoding is
 * UTF-8. It stands in for ISO-2022-KR, ISO-2022-CN, HZ-GB-2312 and other labels browsers refuse.
 * {@link https://encoding.spec.whatwg.org/#replacement | WHATWG Encoding §14.2 replacement}
 */
export function replacementCodec(name: string): Codec {
  return makeCodec({
    name,
    family: 'replacement',
    roundTrips: false,
    decoder: () => {
      let done = false;
      return (bytes, _flush, fatal, offset) => {
        if (done || bytes.length === 0) return '';
        done = true;
        return String.fromCharCode(decodeError(fatal, offset, 'replacement encoding'));
      };
    },
    encoder: () => encodeUtf8,
  });
}

/**
 * The UTF-8 encoder (a lone surrogate as U+FFFD): the runtime's TextEncoder where there is one,
 * else this loop, as TextEncoder is not ECMAScript. {@link https://encoding.spec.whatwg.org/#utf-8-encoder | WHATWG Encoding §8.1.2}
 */
function encodeUtf8(text: string): Uint8Array {
  if (typeof TextEncoder === 'function') return new TextEncoder().encode(text);
  const out: number[] = [];
  for (const c of text) {
    let cp = c.codePointAt(0)!;
    if (cp >> 11 === 0x1b) cp = 0xfffd;
    // k continuation bytes after a lead of 110xxxxx, 1110xxxx or 11110xxx (RFC 3629 §3)
    let k = cp < 0x80 ? 0 : cp < 0x800 ? 1 : cp < 0x10000 ? 2 : 3;
    out.push(k ? ((0xff80 >> k) & 0xff) | (cp >> (6 * k)) : cp);
    while (k--) out.push(0x80 | ((cp >> (6 * k)) & 0x3f));
  }
  return Uint8Array.from(out);
}
