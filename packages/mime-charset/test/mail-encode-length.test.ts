// encodeEncodedWords: no encoded-word longer than 75 characters, the charset and the RFC 2231 §5
// language included (RFC 2047 §2: "An 'encoded-word' may not be more than 75 characters long,
// including 'charset', 'encoding', 'encoded-text', and delimiters"), under every charset name of
// the registry. A long name and a language leave little room: a word then holds fewer characters,
// down to one; the other encoding is taken when a character fits no word in the shorter one (one
// ISO-2022-KR character is 22 characters in Q, 12 in B); and only a character that fits no word at
// all (in the encoding asked for) is refused, with a HeaderSyntaxError naming the option.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decode, decodeEncodedWords, encode, encodeEncodedWords } from '../src/index';
import { registryRows } from '../src/registry-rows';

// RFC 2047 §2 token: no SPACE, CTL or especials (and no `*`, which starts the language).
const isToken = (label: string) => /^[!#$%&'+\-0-9A-Z^_`a-z{|}~]+$/.test(label);

/** Every name of a charset with a codec that the encoder can write, by length. */
const labels = (() => {
  const seen = new Set<string>();
  const all: string[] = [];
  for (const [name, , preferred, aliases, , codec] of registryRows()) {
    if (codec === '') continue;
    for (const label of [name, preferred, ...(aliases === '' ? [] : aliases.split(','))])
      if (label !== '' && isToken(label) && !seen.has(label.toLowerCase())) {
        seen.add(label.toLowerCase());
        all.push(label);
      }
  }
  // Those the encoder takes (not `replacement`, which the registry knows from WHATWG's decoders).
  return all.filter((label) => {
    try {
      return encodeEncodedWords('a', { charset: label }) !== '';
    } catch {
      return false;
    }
  });
})();

// Characters from many scripts, astral ones too, from which each charset's are drawn.
const candidates = (() => {
  const cps: number[] = [];
  for (let c = 0x20; c < 0x7f; c++) cps.push(c);
  for (const [from, to, step] of [
    [0xa0, 0x250, 3],
    [0x391, 0x3c9, 2],
    [0x410, 0x44f, 2],
    [0x5d0, 0x5ea, 2],
    [0x621, 0x64a, 3],
    [0xe01, 0xe3a, 3],
    [0x2000, 0x2200, 7],
    [0x2500, 0x2580, 5],
    [0x3041, 0x30f6, 4],
    [0x4e00, 0x9fff, 97],
    [0xac00, 0xd7a3, 211],
    [0xff01, 0xff5e, 5],
    [0xff61, 0xff9f, 3],
    [0x1f600, 0x1f64f, 9],
    [0x20000, 0x20100, 31],
  ] as const)
    for (let c = from; c <= to; c += step) cps.push(c);
  return cps.map((cp) => String.fromCodePoint(cp));
})();

// RFC 2047 §5 (3): the characters a Q word writes as themselves; a space is `_`.
const qWidth = (bytes: Uint8Array) => {
  let n = 0;
  for (const b of bytes)
    n += b === 0x20 || /[0-9A-Za-z!*+\-/]/.test(String.fromCharCode(b)) ? 1 : 3;
  return n;
};

interface Repertoire {
  chars: string[];
  /** Each character alone, encoded: its width in Q and in B. */
  q: Map<string, number>;
  b: Map<string, number>;
}

const repertoires = new Map<string, Repertoire>();
/** The candidates a label writes and reads back, widest in Q and in B first. */
function repertoire(label: string): Repertoire {
  let r = repertoires.get(label);
  if (r !== undefined) return r;
  r = { chars: [], q: new Map(), b: new Map() };
  for (const ch of candidates) {
    let bytes: Uint8Array;
    try {
      bytes = encode(ch, label, { mode: 'iana' });
      if (decode(bytes, label, { mode: 'iana' }) !== ch) continue;
    } catch {
      continue;
    }
    r.chars.push(ch);
    r.q.set(ch, qWidth(bytes));
    r.b.set(ch, Math.ceil(bytes.length / 3) * 4);
  }
  const { q, b } = r;
  const byQ = [...r.chars].sort((x, y) => q.get(y)! - q.get(x)!);
  const byB = [...r.chars].sort((x, y) => b.get(y)! - b.get(x)!);
  r.chars = [...new Set([byQ[0]!, byB[0]!, ...r.chars])];
  repertoires.set(label, r);
  return r;
}

/** A well-formed RFC 5646 tag of `length` characters (`en`, else private use), none for 0 and 1. */
function language(length: number): string | undefined {
  if (length < 2) return undefined;
  if (length === 2) return 'en';
  let tag = 'x';
  let left = length - 1;
  while (left > 0) {
    // `-` and a subtag of 1 to 8, leaving room for the next `-` and one more character.
    let size = Math.min(8, left - 1);
    if (left - 1 - size === 1) size--;
    tag += `-${'abcdefgh'.slice(0, size)}`;
    left -= size + 1;
  }
  return tag;
}

type Encoding = 'B' | 'Q' | undefined;

/** What encodeEncodedWords must do: the words, each at most 75, that decode back; or refuse. */
function check(text: string, label: string, lang: number, encoding: Encoding, offset: number) {
  const tag = language(lang);
  const options = {
    charset: label,
    offset,
    ...(tag === undefined ? {} : { language: tag }),
    ...(encoding === undefined ? {} : { encoding }),
  };
  const r = repertoire(label);
  const room = 75 - `=?${label}${tag === undefined ? '' : `*${tag}`}?B?`.length - 2;
  const chars = [...text];
  const tooWide = (widths: Map<string, number>) => chars.some((ch) => widths.get(ch)! > room);
  const refused =
    encoding === 'Q'
      ? tooWide(r.q)
      : encoding === 'B'
        ? tooWide(r.b)
        : tooWide(r.q) && tooWide(r.b);
  const context = JSON.stringify({ text, ...options });
  if (refused) {
    expect(() => encodeEncodedWords(text, options), context).toThrow(
      expect.objectContaining({
        name: 'HeaderSyntaxError',
        option: tag === undefined ? 'charset' : 'language',
        reason: 'charset and language leave no room in a 75-character word',
      }),
    );
    return;
  }
  const encoded = encodeEncodedWords(text, options);
  const words = encoded.split('\r\n ').filter((w) => w !== '');
  for (const word of words) expect(word.length, context).toBeLessThanOrEqual(75);
  const lines = `${'x'.repeat(offset)}${encoded}`.split('\r\n');
  for (const line of lines) expect(line.length, context).toBeLessThanOrEqual(78);
  expect(decodeEncodedWords(encoded.replace(/^\r\n /, ''), { mode: 'iana' }).text, context).toBe(
    text,
  );
}

describe('encodeEncodedWords: every word within 75 characters (RFC 2047 §2)', () => {
  it('under a name of every length in the registry, with languages of 0-60 characters, B and Q', () => {
    const byLength = new Map<number, string[]>();
    for (const label of labels)
      byLength.set(label.length, [...(byLength.get(label.length) ?? []), label]);
    // The widest characters (stateful charsets, CESU-8, UTF-16, UTF-7) under their names too.
    const wide = ['ISO-2022-JP-2', 'ISO-2022-KR', 'ISO-2022-CN', 'HZ-GB-2312', 'CESU-8', 'UTF-7'];
    const chosen = new Set([...[...byLength.values()].map((names) => names[0]!), ...wide]);
    for (const label of chosen) {
      const r = repertoire(label);
      if (r.chars.length === 0) continue;
      const text = `${r.chars[0]}a${r.chars[1]}${r.chars.slice(2, 8).join('')}`;
      for (let lang = 0; lang <= 60; lang++)
        for (const encoding of ['B', 'Q', undefined] as const)
          check(text, label, lang, encoding, 0);
    }
    expect(byLength.size).toBeGreaterThan(20);
    expect(Math.max(...byLength.keys())).toBe(45); // Extended_UNIX_Code_Packed_Format_for_Japanese
  });

  it('random text, names, languages, encodings and offsets (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...labels),
        fc.integer({ min: 0, max: 60 }),
        fc.constantFrom<Encoding>('B', 'Q', undefined),
        fc.array(fc.nat(), { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 0, max: 78 }),
        (label, lang, encoding, picks, offset) => {
          const { chars } = repertoire(label);
          if (chars.length === 0) return;
          check(picks.map((k) => chars[k % chars.length]).join(''), label, lang, encoding, offset);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('a name and a language that leave little room: words of few characters, never longer', () => {
    // 45 characters of name and 19 of language leave 3 for the encoded-text: one character a word.
    const charset = 'Extended_UNIX_Code_Packed_Format_for_Japanese';
    const encoded = encodeEncodedWords('abc', { charset, language: 'x-abcdefgh-abcdefgh' });
    expect(encoded).toBe(`=?${charset}*x-abcdefgh-abcdefgh?Q?abc?=`);
    expect(encoded.length).toBe(75);
    expect(encodeEncodedWords('a"', { charset, language: 'x-abcdefgh-abcdefgh' })).toBe(
      `=?${charset}*x-abcdefgh-abcdefgh?Q?a?=\r\n =?${charset}*x-abcdefgh-abcdefgh?Q?=22?=`,
    );
    // One ISO-2022-KR character is 22 characters in Q (`ESC $ ) C SO` … `SI`): with 16 left, Q
    // cannot hold it, and B (12) is taken; asked for Q, it is refused.
    const language = 'x-abcdefgh-abcdefgh-abcdefgh-abcdefgh-abc';
    const b = encodeEncodedWords('¸a¸', { charset: 'ISO-2022-KR', language });
    expect(b.split('\r\n ').map((w) => w.length)).toEqual([72, 72]);
    expect(b).toMatch(/\?B\?/);
    expect(decodeEncodedWords(b, { mode: 'iana' }).text).toBe('¸a¸');
    expect(() =>
      encodeEncodedWords('¸a¸', { charset: 'ISO-2022-KR', language, encoding: 'Q' }),
    ).toThrow(expect.objectContaining({ name: 'HeaderSyntaxError', option: 'language' }));
    // A B quantum (4) cannot stand in 3: refused when asked for, Q taken otherwise.
    expect(() =>
      encodeEncodedWords('a', { charset, language: 'x-abcdefgh-abcdefgh', encoding: 'B' }),
    ).toThrow(expect.objectContaining({ name: 'HeaderSyntaxError', option: 'language' }));
    // Nothing fits: the name and language alone take the word.
    expect(() => encodeEncodedWords('a', { charset, language: 'x-abcdefgh-abcdefgh-ab' })).toThrow(
      /option language: charset and language leave no room in a 75-character word/,
    );
  });
});
