// Apple's Mac OS tables where a byte is more than one character: x-mac-arabic, x-mac-farsi and
// x-mac-hebrew (bytes tagged with a direction, <LR>+0xNNNN and <RL>+0xNNNN, and, in Hebrew,
// ligatures as sequences), x-mac-thai and x-mac-symbol (sequences: a character and one of Apple's
// "transcoding hints", U+F873-U+F87F, or a grouping hint before two characters).
//
// The direction rule, from the headers of Apple's ARABIC.TXT, FARSI.TXT and HEBREW.TXT ("Unicode
// mapping issues and notes", 1): decoding wraps characters that need a direction in LEFT-TO-RIGHT
// OVERRIDE (U+202D) or RIGHT-TO-LEFT OVERRIDE (U+202E) and POP DIRECTIONAL FORMATTING (U+202C), one
// pair around a run of such bytes; encoding discards the overrides after using them to pick a byte
// ("the direction override information is carried by the code point itself"). Here:
// - a run of <RL> bytes is always wrapped in U+202E … U+202C (they are the right-to-left twins of
//   ASCII punctuation and digits, which Unicode has once);
// - a run of <LR> bytes is wrapped in U+202D … U+202C when the byte just before or just after it is
//   a right-to-left letter, and left bare otherwise (between Latin text, or alone, a left-to-right
//   neutral needs no override: "If neutral characters that require direction forcing are already
//   between strong-direction characters with matching directionality, then direction overrides need
//   not be used");
// - the encoder writes a character's <RL> byte inside U+202E, and its untagged or <LR> byte
//   elsewhere (its <RL> byte if it has no other). It does not run the Unicode bidirectional
//   algorithm, which Apple's notes suggest for text that has no overrides: `+` between two Arabic
//   letters is 0x2B, not 0xAB, unless the text says U+202E. Line ends (LF, CR, U+2029) end every
//   override, as paragraph ends do in the bidirectional algorithm.
// So encode(decode(bytes)) gives the bytes back, every byte; decode(encode(text)) may add overrides.
// Encoding takes the longest sequence at each position (Hebrew 0xC0 is U+F86A U+05DC U+05B9;
// U+05DC alone is 0xEC).
import type { CodecFamily } from './codec';
import { type Codec, EncodeError } from './codec';
import {
  ByteBuffer,
  type DecoderCore,
  decodeError,
  type EncoderFn,
  makeCodec,
  Units,
} from './engine';

const LRO = 0x202d;
const RLO = 0x202e;
const PDF = 0x202c;
/** Class codes of the generated `classes` string. */
const UNMAPPED = 0x2d; // '-'
const TAG_L = 0x4c; // 'L'
const TAG_R = 0x52; // 'R'
const RTL_LETTER = 0x41; // 'A'
/** Deepest override nesting tracked, as the bidirectional algorithm's (UAX #9, BD2: 125). */
const MAX_DEPTH = 125;

interface Tables {
  /** Code units of byte b: units[start[b]] … units[start[b + 1] - 1]. */
  start: Uint16Array;
  units: Uint16Array;
  cls: Uint8Array;
  /** Code unit -> byte + 1 (0: none): the untagged or <LR> byte, and the <RL> byte. */
  plain: Uint16Array;
  rtl: Uint16Array;
  /** Sequences of two or more code units -> byte. */
  multi: Map<string, number>;
  /** Proper prefixes of those sequences (held back at the end of a streamed chunk). */
  prefixes: Set<string>;
  /** Code units that start a sequence. */
  starts: Uint8Array;
  longest: number;
}

function build(chars: readonly string[], classes: string): Tables {
  const low = 256 - chars.length;
  const start = new Uint16Array(257);
  let total = 0;
  for (let b = 0; b < 256; b++) {
    start[b] = total;
    total += b < low ? 1 : chars[b - low]!.length;
  }
  start[256] = total;
  const units = new Uint16Array(total);
  const cls = new Uint8Array(256);
  const plain = new Uint16Array(0x10000);
  const rtl = new Uint16Array(0x10000);
  const multi = new Map<string, number>();
  const prefixes = new Set<string>();
  const starts = new Uint8Array(0x10000);
  let longest = 1;
  for (let b = 0; b < 256; b++) {
    const s = b < low ? String.fromCharCode(b) : chars[b - low]!;
    cls[b] = classes.charCodeAt(b);
    for (let k = 0; k < s.length; k++) units[start[b]! + k] = s.charCodeAt(k);
    if (s.length > 1) {
      multi.set(s, b);
      starts[s.charCodeAt(0)] = 1;
      for (let k = 1; k < s.length; k++) prefixes.add(s.slice(0, k));
      if (s.length > longest) longest = s.length;
    } else if (s.length === 1) (cls[b] === TAG_R ? rtl : plain)[s.charCodeAt(0)] = b + 1;
  }
  return { start, units, cls, plain, rtl, multi, prefixes, starts, longest };
}

/**
 * Build a codec over one of Apple's multi-character tables (generated from the table by
 * scripts/generate-tables.ts): decode byte -> sequence, encode by longest match, direction
 * overrides as the module comment says.
 * @param name - canonical name, e.g. `x-mac-arabic`
 * @param chars - each byte's characters, for bytes 0x80-0xFF (0x00-0x7F as ASCII) or 0x00-0xFF
 * @param classes - 256 class codes: `-` unmapped, `L` `<LR>`, `R` `<RL>`, `A` a right-to-left
 * letter, space otherwise
 * @param roundTrips - whether text survives encode then decode (no direction tags, no sequence
 * that other bytes spell too)
 * @param family - the codec family
 * @returns the codec
 * @example
 * ```ts
 * import { codec } from '@x/legacy-charsets/x-mac-arabic';
 * codec.decode(new Uint8Array([0x31, 0x2b, 0x31])); // '1+1'
 * codec.decode(new Uint8Array([0xb1, 0xab, 0xb1])); // '\u202e١+١\u202c'
 * ```
 */
export function macMulti(
  name: string,
  chars: readonly string[],
  classes: string,
  roundTrips: boolean,
  family: CodecFamily = 'mac',
): Codec {
  let tables: Tables | undefined;
  const init = (): Tables => (tables ??= build(chars, classes));

  const decoder = (): DecoderCore => {
    // A run of tagged bytes waits here until the byte after it decides whether it needs an override.
    let run = new Uint16Array(16);
    let runLen = 0;
    let runTag = 0;
    let runAfterRtl = false;
    let prevRtl = false;
    return (bytes, flush, fatal, offset) => {
      const { start, units, cls } = init();
      const out = new Units(bytes.length + runLen + 16);
      const endRun = (nextRtl: boolean): void => {
        const wrap = runTag === TAG_R || runAfterRtl || nextRtl;
        out.reserve(runLen + 2);
        if (wrap) out.buf[out.len++] = runTag === TAG_R ? RLO : LRO;
        out.buf.set(run.subarray(0, runLen), out.len);
        out.len += runLen;
        if (wrap) out.buf[out.len++] = PDF;
        runTag = 0;
        runLen = 0;
      };
      for (let i = 0; i < bytes.length; i++) {
        const b = bytes[i]!;
        const c = cls[b]!;
        if (c === TAG_L || c === TAG_R) {
          if (runTag !== c) {
            if (runTag) endRun(false);
            runTag = c;
            runAfterRtl = prevRtl;
          }
          if (runLen === run.length) {
            const next = new Uint16Array(run.length * 2);
            next.set(run);
            run = next;
          }
          run[runLen++] = units[start[b]!]!;
          prevRtl = false;
          continue;
        }
        if (runTag) endRun(c === RTL_LETTER);
        prevRtl = c === RTL_LETTER;
        if (c === UNMAPPED) {
          out.push(decodeError(fatal, offset + i, 'unmapped byte'));
          continue;
        }
        const to = start[b + 1]!;
        out.reserve(to - start[b]!);
        for (let k = start[b]!; k < to; k++) out.buf[out.len++] = units[k]!;
      }
      if (flush) {
        if (runTag) endRun(false);
        prevRtl = false;
      }
      return out.toString();
    };
  };

  const encoder = (): EncoderFn => {
    // Directions of the open overrides (RLO: 1, LRO: 0), and those past MAX_DEPTH, only counted.
    const dirs: number[] = [];
    let overflow = 0;
    // The end of a streamed chunk that may begin a sequence the next chunk completes.
    let held = '';
    return (text, flush, mode, offset, charset) => {
      const t = init();
      const input = held + text;
      const base = offset - held.length;
      held = '';
      const n = input.length;
      const out = new ByteBuffer(n + 8);
      const put = (c: number): boolean => {
        const inRtl = dirs.length > 0 && dirs[dirs.length - 1] === 1;
        const b = (inRtl && t.rtl[c]) || t.plain[c] || t.rtl[c];
        if (b) out.push(b - 1);
        return b !== 0;
      };
      for (let i = 0; i < n; ) {
        const c = input.charCodeAt(i);
        if (c === LRO || c === RLO) {
          if (dirs.length < MAX_DEPTH) dirs.push(c === RLO ? 1 : 0);
          else overflow++;
          i++;
          continue;
        }
        if (c === PDF) {
          if (overflow) overflow--;
          else dirs.pop();
          i++;
          continue;
        }
        if (c === 0x0a || c === 0x0d || c === 0x2029) {
          dirs.length = 0;
          overflow = 0;
        }
        if (t.starts[c]) {
          if (!flush && n - i < t.longest && t.prefixes.has(input.slice(i))) {
            held = input.slice(i);
            break;
          }
          let len = Math.min(t.longest, n - i);
          for (; len > 1; len--) {
            const b = t.multi.get(input.slice(i, i + len));
            if (b !== undefined) {
              out.push(b);
              break;
            }
          }
          if (len > 1) {
            i += len;
            continue;
          }
        }
        if (put(c)) {
          i++;
          continue;
        }
        let cp = c;
        let reason = 'unencodable';
        if (c >= 0xd800 && c <= 0xdfff) {
          const next = input.charCodeAt(i + 1);
          if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff)
            cp = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
          else reason = 'lone surrogate';
        }
        if (mode === 'html') {
          // The reference in the plain (ASCII) bytes, whatever the override.
          const ref = `&#${reason === 'lone surrogate' ? 0xfffd : cp};`;
          for (let k = 0; k < ref.length; k++) out.push(t.plain[ref.charCodeAt(k)]! - 1);
        } else if (mode === 'replacement') out.push(t.plain[0x3f]! - 1);
        else throw new EncodeError(base + i, cp, reason, charset);
        i += cp > 0xffff ? 2 : 1;
      }
      if (flush) {
        dirs.length = 0;
        overflow = 0;
      }
      return out.result();
    };
  };

  return makeCodec({ name, family, roundTrips, decoder, encoder });
}
