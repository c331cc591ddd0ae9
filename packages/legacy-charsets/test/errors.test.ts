// What the errors say: EncodeError names the code point, its index and the charset; an unknown
// name tells that labels are @x/mime-charset's job and, for common labels, which codec they mean.
import { describe, expect, it } from 'vitest';
import { type Codec, decode, EncodeError, encode, encodings, getCodec } from '../src/index';

const names = encodings().map((e) => e.name);
const subpath = new Map(
  await Promise.all(
    names.map(
      async (name) =>
        [name, ((await import(`../src/${name}.ts`)) as { codec: Codec }).codec] as const,
    ),
  ),
);

const errorOf = (f: () => unknown): Error => {
  try {
    f();
  } catch (error) {
    return error as Error;
  }
  throw new Error('did not throw');
};

describe('EncodeError', () => {
  it('names the code point, the index and the charset', () => {
    const e = errorOf(() => encode('ab€', 'iso-8859-1')) as EncodeError;
    expect(e).toBeInstanceOf(EncodeError);
    expect([e.index, e.codePoint, e.reason, e.charset]).toEqual([
      2,
      0x20ac,
      'unencodable',
      'iso-8859-1',
    ]);
    expect(e.message).toBe('U+20AC at index 2 cannot be encoded in iso-8859-1 (unencodable)');
  });
  it('a lone surrogate, in a streaming encoder: the index counts from the start of the stream', () => {
    const encoder = getCodec('shift_jis')!.createEncoder();
    encoder.encode('abc', { stream: true });
    const e = errorOf(() => encoder.encode('d\udc00')) as EncodeError;
    expect(e.message).toBe('U+DC00 at index 4 cannot be encoded in shift_jis (lone surrogate)');
  });
  it.each(names.filter((name) => name !== 'replacement'))('%s names itself', (name) => {
    // A lone surrogate is an error in fatal mode for every codec (but replacement, whose output
    // encoding is UTF-8, which writes U+FFFD). Digits: every codec holds them (x-mac-symbol has no Latin x).
    for (const codec of [getCodec(name)!, subpath.get(name)!]) {
      const e = errorOf(() => codec.encode('1\ud8002')) as EncodeError;
      expect(e).toBeInstanceOf(EncodeError);
      expect(e.charset).toBe(name);
      expect(e.message).toBe(`U+D800 at index 1 cannot be encoded in ${name} (lone surrogate)`);
    }
  });
});

describe('a lone surrogate in the Unicode encodings', () => {
  it.each(['utf-16le', 'utf-16be', 'utf-32le', 'utf-32be', 'utf-7', 'utf-7-imap'])(
    '%s: replacement and html modes both write U+FFFD itself, not ? or &#65533;',
    (name) => {
      const codec = getCodec(name)!;
      for (const mode of ['replacement', 'html'] as const) {
        for (const text of ['a\ud800b', 'a\udc00b', 'a\udc00\ud800b', '\ud800']) {
          const want = text.replace(/[\ud800-\udfff]/g, '\ufffd');
          expect(codec.decode(codec.encode(text, { mode }))).toBe(want);
          expect(codec.encode(text, { mode })).toEqual(codec.encode(want));
        }
      }
    },
  );
});

describe('an unknown name', () => {
  it.each([
    ['latin1', 'means windows-1252 (WHATWG mode, the default) and iso-8859-1 in its iana mode'],
    ['GREEK', 'means iso-8859-7'],
    ['sjis', 'means shift_jis'],
    ['utf8', 'means utf-8 (a codec of @x/utf8)'],
    ['ibm437', 'means cp437 in its iana mode'],
    ['win1253', 'is no label there either: the codec is windows-1253'],
  ])("%s: labels are @x/mime-charset's job, and which codec it means there", (label, hint) => {
    for (const f of [() => decode(new Uint8Array(0), label), () => encode('', label)]) {
      const e = errorOf(f);
      expect(e).toBeInstanceOf(RangeError);
      expect(e.message).toContain(`Unknown charset name "${label}"`);
      expect(e.message).toContain("labels and aliases are @x/mime-charset's job");
      expect(e.message).toContain(`"${label}" ${hint}`);
    }
    // A hint, not a resolution.
    expect(getCodec(label)).toBeUndefined();
  });
  it('a name nobody knows: the general advice only', () => {
    expect(errorOf(() => encode('', 'klingon')).message).toBe(
      'Unknown charset name "klingon": @x/legacy-charsets takes canonical codec names only (encodings() lists them); labels and aliases are @x/mime-charset\'s job',
    );
  });
});
