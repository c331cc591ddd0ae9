// encodeParameter (RFC 2231 §3-4, RFC 8187 §3.2): what it writes decodes back, stateful charsets too.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeEncodedWords,
  decodeParameters,
  encode,
  encodeEncodedWords,
  encodeParameter,
  HeaderSyntaxError,
} from '../src/index';

/** The bytes of an extended value's sections, percent-decoded and joined (RFC 2231 §4.1). */
function valueBytes(encoded: string): number[] {
  const bytes: number[] = [];
  for (const section of encoded.split(';\r\n ')) {
    let v = section.slice(section.indexOf('=') + 1);
    if (section.includes('*=') || section.includes('*0*='))
      v = v.slice(v.indexOf("'", v.indexOf("'") + 1) + 1);
    for (let i = 0; i < v.length; i++) {
      if (v[i] === '%') {
        bytes.push(Number.parseInt(v.slice(i + 1, i + 3), 16));
        i += 2;
      } else bytes.push(v.charCodeAt(i));
    }
  }
  return bytes;
}

const read = (encoded: string): string | undefined =>
  decodeParameters(`a; ${encoded}`, { mode: 'iana' }).parameters.get('t')?.value;

// Charsets with state: an escape or a shift opens a mode that the next character may share.
const STATEFUL: [label: string, alphabet: string][] = [
  ['ISO-2022-JP', 'あいう日本語アイ、。abc -'],
  ['ISO-2022-JP-2', 'あいう日本語中文한국어abc -'],
  ['ISO-2022-KR', '한국어가나다abc -'],
  ['ISO-2022-CN', '中文汉字abc -'],
  ['HZ-GB-2312', '中文汉字abc ~-'],
  ['UTF-7', 'éèü€あ中😀abc +-'],
  ['UTF-7-IMAP', 'éèü€あ中😀abc &-'],
];

describe('encodeParameter under a stateful charset', () => {
  it('writes the value as one text of the charset, not one per character', () => {
    // Encoded character by character, UTF-7-IMAP would give '&AOk-&AOk-', a null shift its
    // decoder refuses (RFC 3501 §5.1.3), and ISO-2022-JP an escape right after an escape
    // ('ESC ( B ESC $ B'), which the WHATWG decoder reads as an error: both would read back with
    // a U+FFFD.
    expect(encodeParameter('t', 'éé', { charset: 'UTF-7-IMAP' })).toBe("t*=UTF-7-IMAP''&AOkA6Q-");
    expect(read("t*=UTF-7-IMAP''&AOkA6Q-")).toBe('éé');
    expect(encodeParameter('t', 'あい', { charset: 'ISO-2022-JP' })).toBe(
      "t*=ISO-2022-JP''%1B$B$%22$$%1B%28B",
    );
    expect(read("t*=ISO-2022-JP''%1B$B$%22$$%1B%28B")).toBe('あい');
    expect(encodeParameter('t', 'é é', { charset: 'UTF-7' })).toBe("t*=UTF-7''+AOk%20+AOk-");
    // A stateless charset: each character's bytes, one after the other.
    expect(encodeParameter('t', 'éé')).toBe("t*=UTF-8''%C3%A9%C3%A9");
  });

  it('splits sections between what the stream writes for each character', () => {
    const value = 'あいうえお'.repeat(8);
    const encoded = encodeParameter('t', value, { charset: 'ISO-2022-JP' });
    const sections = encoded.split(';\r\n ');
    expect(sections.length).toBeGreaterThan(1);
    for (const s of sections) expect(s.length).toBeLessThanOrEqual(76);
    // One escape into JIS X 0208 and one back, for the whole value.
    expect(encoded.match(/%1B/g)).toHaveLength(2);
    expect(read(encoded)).toBe(value);
  });

  it('the joined sections hold the one-shot bytes, and decode back (property)', () => {
    for (const [label, alphabet] of STATEFUL) {
      fc.assert(
        fc.property(
          fc.array(fc.constantFrom(...alphabet), { maxLength: 50 }).map((cs) => cs.join('')),
          // From 32: in a shorter section one character with its escape and shifts may not fit
          // (ISO-2022-CN `汉` alone needs 25), which encodeParameter refuses (tested below).
          fc.integer({ min: 32, max: 90 }),
          (value, maxLength) => {
            const encoded = encodeParameter('t', value, { charset: label, maxLength });
            if (encoded.startsWith('t*') && value !== '')
              expect(valueBytes(encoded)).toEqual([...encode(value, label, { mode: 'iana' })]);
            expect(read(encoded)).toBe(value);
          },
        ),
        { numRuns: 60 },
      );
    }
  });
});

describe('encodeParameter and encodeEncodedWords refuse CR, LF and NUL', () => {
  // Go's mediatype_test.go:508 writes `%0A` and `%00`; decodeParameters refuses what they decode
  // to (strict) or drops it (lenient), as decodeEncodedWords does a word's: such a value cannot
  // be sent, so it is refused where it is written, at its index (AUD27's Note).
  it('at the index of the first one', () => {
    for (const [value, index] of [
      ['newline: \n nil: \0', 9],
      ['\r', 0],
      ['a\0', 1],
      ['é\r\né', 1],
    ] as const) {
      for (const run of [
        () => encodeParameter('ctl', value),
        () => encodeParameter('ctl', value, { charset: 'ISO-2022-JP' }),
        () => encodeEncodedWords(value),
        () => encodeEncodedWords(value, { encoding: 'Q', charset: 'ISO-8859-1' }),
      ])
        expect(run, JSON.stringify(value)).toThrow(
          expect.objectContaining({ name: 'HeaderSyntaxError', index }),
        );
    }
    expect(() => encodeParameter('ctl', 'a\nb')).toThrow(
      'CR, LF or NUL in a header value at index 1',
    );
    expect(() => encodeEncodedWords('a\nb')).toThrow('CR, LF or NUL in a header value at index 1');
  });

  it('other controls are written, and read back', () => {
    const value = 'a\tb\x01c\x7f';
    const encoded = encodeParameter('ctl', value);
    expect(encoded).toBe("ctl*=UTF-8''a%09b%01c%7F");
    expect(decodeParameters(`a; ${encoded}`).parameters.get('ctl')?.value).toBe(value);
    expect(decodeEncodedWords(encodeEncodedWords(value)).text).toBe(value);
  });
});

describe('encodeParameter keeps every section within maxLength', () => {
  const LONG = 'Extended_UNIX_Code_Packed_Format_for_Japanese'; // EUC-JP, the longest name (45)
  const sections = (encoded: string) => encoded.split(';\r\n ');

  it('section 0 holds the charset and language alone when no character fits after them', () => {
    // It held one character anyway, past the limit: 'filename*0*=' + 62 + '%A4%A2' was 80.
    const value = 'あ'.repeat(30);
    const encoded = encodeParameter('filename', value, {
      charset: LONG,
      language: 'x-abcdefgh-abcdef',
    });
    expect(sections(encoded).map((s) => s.length)).toEqual([76, 72, 72, 72]);
    expect(sections(encoded)[0]).toBe(`filename*0*=${LONG}'x-abcdefgh-abcdef'`);
    expect(decodeParameters(`a; ${encoded}`).parameters.get('filename')).toEqual({
      value,
      charset: LONG,
      language: 'x-abcdefgh-abcdef',
    });
  });

  it('throws a HeaderSyntaxError naming the option when nothing can fit', () => {
    // The audit's case: 'filename*0*=' and the charset and a 19-character language are 78.
    expect(() =>
      encodeParameter('filename', 'あ'.repeat(30), {
        charset: LONG,
        language: 'x-abcdefgh-abcdefgh',
      }),
    ).toThrow(
      expect.objectContaining({
        name: 'HeaderSyntaxError',
        index: 0,
        option: 'language',
        reason: 'charset and language leave no room in a 76-character section',
      }),
    );
    expect(() => encodeParameter('f', 'あ', { charset: LONG, maxLength: 50 })).toThrow(
      expect.objectContaining({ option: 'charset' }),
    );
    // One character wider than a section of its own: at its index in the value.
    expect(() => encodeParameter('filename', 'ab😀', { maxLength: 23 })).toThrow(
      expect.objectContaining({
        index: 2,
        option: 'maxLength',
        reason: 'a character does not fit in a 23-character section',
      }),
    );
    expect(encodeParameter('filename', 'ab😀', { maxLength: 24 })).toBe(
      "filename*0*=UTF-8''ab;\r\n filename*1*=%F0%9F%98%80",
    );
  });

  // Stateless charsets, whose characters' escapes are known alone: the oracle says exactly when a
  // value cannot be written.
  const pieceOf = (ch: string, charset: string): number => {
    let n = 0;
    for (const b of encode(ch, charset, { mode: 'iana' }))
      n += /[A-Za-z0-9!#$&+\-.^_`|~]/.test(String.fromCharCode(b)) ? 1 : 3;
    return n;
  };

  it('every section within maxLength, or an error exactly when a section cannot hold its part (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('f', 'filename', 'a-rather-long-parameter-name'),
        fc.constantFrom('UTF-8', LONG, 'Shift_JIS', 'ISO-2022-JP', 'UTF-7'),
        fc.constantFrom('', 'en', 'x-abcdefgh-abcdefgh', 'x-aaaaaaaa-bbbbbbbb-cccccccc'),
        fc.array(fc.constantFrom('a', 'Z', ' ', '%', "'", 'あ', '日', 'ア', '-', '~'), {
          minLength: 1,
          maxLength: 40,
        }),
        fc.integer({ min: 8, max: 120 }),
        (name, charset, language, chars, maxLength) => {
          const value = chars.join('');
          const options = { charset, language, maxLength };
          const head = `${charset}'${language}'`;
          let encoded: string | undefined;
          let error: { option?: string; index: number } | undefined;
          try {
            encoded = encodeParameter(name, value, options);
          } catch (e) {
            expect(e).toBeInstanceOf(HeaderSyntaxError);
            error = e as { option?: string; index: number };
          }
          if (encoded !== undefined) {
            for (const s of sections(encoded)) expect(s.length).toBeLessThanOrEqual(maxLength);
            const got = decodeParameters(`a; ${encoded}`).parameters.get(name);
            expect(got?.value).toBe(value);
          }
          if (charset === 'ISO-2022-JP' || charset === 'UTF-7') {
            if (error) expect(['language', 'charset', 'maxLength']).toContain(error.option);
            return;
          }
          // The oracle, for a value that is not written whole on one line.
          const whole = chars.reduce((n, ch) => n + pieceOf(ch, charset), 0);
          if (name.length + 2 + head.length + whole <= maxLength) {
            expect(error).toBeUndefined();
            return;
          }
          const headFits = name.length + 4 + head.length <= maxLength;
          let k = 0; // the section a character starts, when it starts one
          let fits = true;
          let at = -1;
          let used = name.length + 4 + head.length;
          let index = 0;
          for (const ch of chars) {
            const w = pieceOf(ch, charset);
            if (used + w > maxLength) {
              k++;
              used = name.length + 3 + String(k).length;
              if (used + w > maxLength && fits) {
                fits = false;
                at = index;
              }
            }
            used += w;
            index += ch.length;
          }
          if (!headFits) expect(error?.option).toBe(language === '' ? 'charset' : 'language');
          else if (!fits) expect(error).toMatchObject({ option: 'maxLength', index: at });
          else expect(error).toBeUndefined();
        },
      ),
      { numRuns: 3000 },
    );
  });
});
