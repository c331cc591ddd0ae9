// html mode never loses a character: every codec writes each character it cannot hold as the
// numeric reference `&#N;` (MARC 21's `&#xXXXX;` for the MARC codecs), and a lone surrogate as
// U+FFFD (its reference where the charset lacks U+FFFD), as browsers do for form submission. A
// charset that cannot write `&`, `#`, the digits and `;` as themselves fails there as fatal does.
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

/** Reads bytes back (a U+FEFF of the text kept); the replacement encoding writes UTF-8. */
const reader =
  (codec: Codec) =>
  (bytes: Uint8Array): string =>
    codec.name === 'replacement'
      ? new TextDecoder().decode(bytes)
      : codec.decode(bytes, { nfc: codec.family === 'marc', ignoreBOM: true });

/** The characters of a reference (MARC's are hexadecimal): whether the charset writes each as itself. */
const writesReferences = (codec: Codec): boolean => {
  const chars = codec.family === 'marc' ? '&#x0123456789ABCDEF;' : '&#0123456789;';
  return !errorFor(codec, chars) && reader(codec)(codec.encode(chars)) === chars;
};

/** The reference html mode writes for the code point of a fatal error. */
const referenceFor = (codec: Codec, cp: number): string => {
  // WHATWG: ISO-2022-JP's encoder returns ESC, SO and SI as an "error with U+FFFD".
  // https://encoding.spec.whatwg.org/#iso-2022-jp-encoder
  if (codec.name === 'iso-2022-jp' && (cp === 0x0e || cp === 0x0f || cp === 0x1b)) cp = 0xfffd;
  return codec.family === 'marc'
    ? `&#x${cp.toString(16).toUpperCase().padStart(4, '0')};`
    : `&#${cp};`;
};

describe('which charsets can write a reference', () => {
  it('all but the six ISO 646 variants with £ or § at 0x23 (EBCDIC ones too, at their own bytes)', () => {
    const cannot = codecs.filter(([, c]) => !writesReferences(c)).map(([name]) => name);
    expect(cannot).toEqual(['bs_4730', 'es', 'it', 'nf_z_62-010', 'nf_z_62-010_1973', 'ns_4551-2']);
    const ebcdic = codecs.filter(([, c]) => c.family === 'ebcdic');
    expect(ebcdic.length).toBeGreaterThan(20);
    for (const [, c] of ebcdic)
      expect(c.decode(c.encode('€ж', { mode: 'html' }))).toMatch(/^(€|&#8364;)(ж|&#1078;)$/);
  });
});

describe.each(codecs.filter(([, c]) => !writesReferences(c)))(
  '%s html mode, where a reference cannot be written',
  (_, codec) => {
    const char = fc.oneof(
      fc.constantFrom(...SOME, ...UNMAPPABLE, '\ud800', '\udc00'),
      fc.integer({ min: 0, max: 0x10ffff }).map((cp) => String.fromCodePoint(cp)),
    );
    it('fails as fatal does: the same bytes, or the same EncodeError', () => {
      fc.assert(
        fc.property(fc.array(char, { maxLength: 12 }), (chars) => {
          const text = chars.join('');
          let fatal: Uint8Array | EncodeError;
          try {
            fatal = codec.encode(text);
          } catch (error) {
            fatal = error as EncodeError;
          }
          if (fatal instanceof Uint8Array) {
            expect(codec.encode(text, { mode: 'html' })).toEqual(fatal);
            return;
          }
          expect(() => codec.encode(text, { mode: 'html' })).toThrow(fatal);
          const html = (() => {
            try {
              codec.encode(text, { mode: 'html' });
            } catch (error) {
              return error as EncodeError;
            }
          })()!;
          expect([html.index, html.codePoint, html.reason]).toEqual([
            fatal.index,
            fatal.codePoint,
            fatal.reason,
          ]);
          // Streaming too, and replacement mode still writes `?`.
          expect(() => codec.createEncoder({ mode: 'html' }).encode(text)).toThrow(EncodeError);
          expect(() => codec.encode(text, { mode: 'replacement' })).not.toThrow();
        }),
        { numRuns: 60 },
      );
    });
  },
);

describe.each(codecs.filter(([, c]) => writesReferences(c)))('%s html mode', (_, codec) => {
  const marc = codec.family === 'marc';
  const read = reader(codec);
  /** What html mode must turn one character (a code point, or a lone surrogate) into, as read back. */
  const expected = (c: string): string => {
    const usv = c.length === 1 && c >= '\ud800' && c <= '\udfff' ? '\ufffd' : c;
    const error = errorFor(codec, usv);
    return error ? referenceFor(codec, error.codePoint) : read(codec.encode(usv));
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
      const ref = referenceFor(codec, errorFor(codec, c)!.codePoint);
      const bytes = codec.encode(c, { mode: 'html' });
      // In ASCII-based charsets, the reference is ASCII bytes (after ISO-2022-KR's designation).
      if (codec.family !== 'ebcdic' && codec.name !== 'replacement') {
        expect(String.fromCharCode(...bytes).endsWith(ref)).toBe(true);
      } else expect(read(bytes)).toBe(ref);
    }
  });
});
