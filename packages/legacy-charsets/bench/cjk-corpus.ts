// The CJK corpus of bench/interleaved.ts and bench/cjk-limits.ts.
import type { Codec } from '../src/codec';

/**
 * HTML-like text: one piece in four an ASCII tag or words, the rest the charset's two-byte text;
 * `two-byte`: that text alone; `ASCII`: the tags and words alone (1 MiB).
 */
export function htmlLike(codec: Codec, kind: 'HTML-like' | 'two-byte' | 'ASCII'): string {
  const pure = kind === 'two-byte';
  // Leads 0xB0-0xC5: common characters, which every anchor's table maps as the standard does
  // (Node's ICU Big5 differs from the WHATWG index above them); in Shift_JIS, where those bytes
  // are half-width katakana, one byte each, the level 1 kanji (leads 0x89-0x9F).
  const sjis = codec.name === 'shift_jis';
  const chars = sjis
    ? twoByteChars(codec, 0x89, 0x9f, 0x40, 0xfc)
    : twoByteChars(codec, 0xb0, 0xc5, 0xa1, 0xfe);
  if (chars.length === 0) throw new Error(`${codec.name}: no two-byte characters`);
  const ascii = ['<p class="x">', '</p>\n', '<a href="/docs/a.html">', '</a> ', 'the news '];
  let seed = 7;
  let text = '';
  while (text.length < (kind === 'ASCII' ? 1 << 20 : 1 << 19)) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    const r = seed >>> 8;
    text +=
      (seed >>> 30 === 0 && !pure) || kind === 'ASCII'
        ? ascii[r % ascii.length]
        : chars[r % chars.length]! + chars[(r >> 7) % chars.length]!;
  }
  return text;
}

/**
 * `count` strings of `bytes` bytes each, whole characters cut one after another from `text` (ASCII
 * one byte, every other character two, as in htmlLike's text): where a two-byte character would
 * cross the end, a space takes its place.
 */
export function shortPieces(text: string, count: number, bytes = 24): string[] {
  const pieces: string[] = [];
  let i = 0;
  while (pieces.length < count) {
    let piece = '';
    for (let n = 0; n < bytes; i++) {
      if (i === text.length) throw new Error('text too short');
      const wide = text.charCodeAt(i) >= 0x80;
      const c = wide && n === bytes - 1 ? ' ' : text[i]!;
      piece += c;
      n += c === ' ' || !wide ? 1 : 2;
    }
    pieces.push(piece);
  }
  return pieces;
}

/**
 * The characters `codec` decodes from one lead byte in `[lead0, lead1]` and one trail byte in
 * `[trail0, trail1]` and encodes back: its own two-byte characters in that range.
 */
export function twoByteChars(
  codec: Codec,
  lead0: number,
  lead1: number,
  trail0: number,
  trail1: number,
): string[] {
  const chars: string[] = [];
  for (let lead = lead0; lead <= lead1; lead++)
    for (let trail = trail0; trail <= trail1; trail++) {
      const s = codec.decode(new Uint8Array([lead, trail]));
      if (s.length !== 1 || s === '\ufffd') continue;
      try {
        codec.encode(s);
        chars.push(s);
      } catch {}
    }
  return chars;
}

/**
 * A decoder's run tables, made from the codec's answers (outside the package): the code unit of
 * each byte alone (0: not one alone) and of each lead and trail pair that is one code unit, as
 * src/cjk/run.ts builds them, for the bare loops of cjk-limits.ts, cjk-short-limits.ts and
 * cjk-compact.ts.
 */
export function runTablesOf(codec: Codec): { single: Uint16Array; pair: Uint16Array } {
  const single = new Uint16Array(256);
  const pair = new Uint16Array(0x10000);
  for (let b = 1; b < 0x100; b++) {
    const s = codec.decode(Uint8Array.of(b));
    if (s.length === 1 && s !== '\ufffd') single[b] = s.charCodeAt(0);
  }
  for (let b = 0x80; b < 0x100; b++) {
    if (single[b]) continue;
    for (let t = 0; t < 0x100; t++) {
      const s = codec.decode(Uint8Array.of(b, t));
      if (s.length === 1 && s !== '\ufffd') pair[(b << 8) | t] = s.charCodeAt(0);
    }
  }
  return { single, pair };
}

/**
 * The bare decode loop over `tables` ({@link runTablesOf}): one run of the decoders' loop, outside
 * the package, as a function of its own whose tables are constants of its closure. Like the
 * package's loop (src/cjk/run.ts) it reads one table a character, with no branch on the kind of
 * byte: the table of each lead and next byte, where a single byte's row holds its own code unit,
 * and the length of the character each byte starts. Returns the number of code units written to
 * `out`; throws where it cannot map a byte (the bench's text maps whole).
 */
export function bareLoopOf(tables: {
  single: Uint16Array;
  pair: Uint16Array;
}): (bytes: Uint8Array, out: Uint16Array) => number {
  const { single } = tables;
  const pair = tables.pair.slice();
  const len = new Uint8Array(256);
  for (let b = 1; b < 0x100; b++) {
    len[b] = single[b] ? 1 : 2;
    if (single[b]) pair.fill(single[b]!, b << 8, (b + 1) << 8);
  }
  return (bytes, out) => {
    let i = 0;
    let j = 0;
    const last = bytes.length - 1;
    while (i < last) {
      const b = bytes[i]!;
      const cp = pair[(b << 8) | bytes[i + 1]!]!;
      if (cp === 0) break;
      out[j++] = cp;
      i += len[b]!;
    }
    if (i === last) out[j++] = bytes[i++]!;
    if (i !== bytes.length) throw new Error('the bare loop stopped');
    return j;
  };
}
