// html mode never loses a character: every codec writes each character it cannot hold as the
// numeric reference `&#N;` (MARC 21's `&#xXXXX;` for the MARC codecs), and a lone surrogate as
// U+FFFD (its reference where the charset lacks U+FFFD), as browsers do for form submission.
// https://encoding.spec.whatwg.org/#encode-or-fail (error mode html)
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Codec, EncodeError, encodings, getCodec } from '../src/index';

const names = encodings().map((e) => e.name);
const subpaths = await Promise.all(
  names.map(async (name) => ((await import(`../src/${name}.ts`)) as { codec: Codec }).codec),
);
const codecs: [string, Codec][] = names.flatMap((name, k) => {
  const main = getCodec(name)!;
  const own: [string, Codec] = [name, subpaths[k]!];
  return main === subpaths[k] ? [own] : [own, [`${name} (main entry)`, main]];
});

const UNMAPPABLE = ['\u{1f600}', '\u4e00', '\u0e01', 'é', '€', '#', '\x1b', '\ue000', '\ue5e5'];
const SOME = ['a', 'Z', '0', '&', ';', ' ', '\n', '~', '+', 'α', 'ж', 'あ', '한', '£', '¥'];

/** The fatal-mode error for `c`, or undefined when the codec holds it. */
const errorFor = (codec: Codec, c: string): EncodeError | undefined => {
  try {
    codec.encode(c);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(EncodeError);
    return error as EncodeError;
  }
};

describe.each(codecs)('%s html mode', (_, codec) => {
  const marc = codec.family === 'marc';
  // The replacement encoding decodes everything to one U+FFFD; what it writes is UTF-8.
  const read = (bytes: Uint8Array): string =>
    codec.name === 'replacement'
      ? new TextDecoder().decode(bytes)
      : codec.decode(bytes, { nfc: marc });
  /** What html mode must turn one character (a code point, or a lone surrogate) into, as read back. */
  const expected = (c: string): string => {
    const usv = c.length === 1 && c >= '\ud800' && c <= '\udfff' ? '\ufffd' : c;
    const error = errorFor(codec, usv);
    if (!error) return read(codec.encode(usv));
    const cp = error.codePoint;
    const reference = marc ? `&#x${cp.toString(16).toUpperCase().padStart(4, '0')};` : `&#${cp};`;
    // A character of the reference the charset lacks (`#` in six ISO 646 variants) is written as
    // its ASCII byte, and reads back as whatever the charset has there.
    return Array.from(reference, (r) =>
      errorFor(codec, r) ? read(Uint8Array.of(r.charCodeAt(0))) : r,
    ).join('');
  };
  // MARC moves combining marks and decomposes letters: characters that NFC leaves as they are,
  // compared after NFC.
  const stable = (c: string): boolean => !marc || (c.normalize('NFC') === c && !/\p{M}/u.test(c));
  const char = fc
    .oneof(
      fc.constantFrom(...SOME),
      fc.constantFrom(...UNMAPPABLE),
      fc.integer({ min: 0, max: 0x10ffff }).map((cp) => String.fromCodePoint(cp)),
    )
    .filter(stable);

  it('writes &#N; for every character it cannot hold, and keeps every one it can', () => {
    fc.assert(
      fc.property(fc.array(char, { maxLength: 24 }), (chars) => {
        const text = chars.join('');
        const want = chars.map(expected).join('');
        const got = read(codec.encode(text, { mode: 'html' }));
        expect(marc ? got.normalize('NFC') : got).toBe(marc ? want.normalize('NFC') : want);
      }),
      { numRuns: 40 },
    );
  });

  it('the bytes of the reference for each unmappable character', () => {
    for (const c of UNMAPPABLE.filter((u) => errorFor(codec, u) && stable(u))) {
      const cp = errorFor(codec, c)!.codePoint;
      const bytes = codec.encode(c, { mode: 'html' });
      // In ASCII-based charsets, the reference is ASCII bytes (after ISO-2022-KR's designation).
      if (codec.family !== 'ebcdic' && codec.name !== 'replacement') {
        const ref = marc ? `&#x${cp.toString(16).toUpperCase().padStart(4, '0')};` : `&#${cp};`;
        expect(String.fromCharCode(...bytes).endsWith(ref)).toBe(true);
      } else expect(read(bytes)).toBe(expected(c));
    }
  });
});
