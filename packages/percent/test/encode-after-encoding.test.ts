// percentEncode and serializeForm with a legacy encoder against @exodus/bytes' percentEncodeAfterEncoding,
// an implementation of the URL Standard's "percent-encode after encoding" (§1.3), which runs one
// Encoding Standard encoder over the whole text: the same output for text with characters the
// charset cannot hold, ISO-2022-JP's states included (web-platform-tests
// encoding/iso-2022-jp-encoder.html: "Roman SO/SI ESC", "Roman U+FFFD").
import '@exodus/bytes/encoding.js';
import { percentEncodeAfterEncoding } from '@exodus/bytes/whatwg.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codec as big5 } from '../../legacy-charsets/src/big5';
import { codec as eucKr } from '../../legacy-charsets/src/euc-kr';
import { codec as gb18030 } from '../../legacy-charsets/src/gb18030';
import { codec as iso2022jp } from '../../legacy-charsets/src/iso-2022-jp';
import { codec as shiftJis } from '../../legacy-charsets/src/shift_jis';
import { codec as windows1252 } from '../../legacy-charsets/src/windows-1252';
import { type EncodeSet, percentEncode, serializeForm, whatwg } from '../src/index';

const codecs = {
  'iso-2022-jp': iso2022jp,
  shift_jis: shiftJis,
  'euc-kr': eucKr,
  gb18030,
  big5,
  'windows-1252': windows1252,
};

/** The printable ASCII characters `set` encodes, as @exodus/bytes takes a set. */
const asString = (set: EncodeSet): string => {
  let out = '';
  for (let c = 0x20; c < 0x7f; c++)
    if (percentEncode(String.fromCharCode(c), set) !== String.fromCharCode(c))
      out += String.fromCharCode(c);
  return out;
};

/** Text weighted towards what changes an encoder's state or what it cannot hold. */
const text = fc
  .array(
    fc.oneof(
      fc.constantFrom('a', 'Z', '0', ' ', '\\', '~', '&', '#', ';', '%', '+', '=', '/'),
      fc.constantFrom('¥', '‾', '中', '日本', 'ｱ', 'é', '€', 'ß', '한', '😀', '\u2603'),
      fc.constantFrom('\u001b', '\u000e', '\u000f', '\u0001', '\ud800', '\udc00', '\ufffd'),
      fc.string({ maxLength: 2, unit: 'grapheme' }),
    ),
    { maxLength: 24 },
  )
  .map((parts) => parts.join(''));

describe('percent-encode after encoding, against @exodus/bytes', () => {
  it('WPT iso-2022-jp-encoder.html: an unencodable character in the Roman state keeps the state', () => {
    const jp = (t: string) => iso2022jp.encode(t);
    expect(percentEncode('\u203E\uFFFD', whatwg.specialQuery, { encoder: jp })).toBe(
      '%1B(J~%26%2365533%3B%1B(B',
    );
    expect(percentEncode('\u203E\u000E', whatwg.specialQuery, { encoder: jp })).toBe(
      '%1B(J~%26%2365533%3B%1B(B',
    );
    expect(serializeForm([['a', '\u203E\uFFFDx']], { encoder: jp })).toBe(
      'a=%1B%28J%7E%26%2365533%3Bx%1B%28B',
    );
    // From JIS X 0208 the encoder goes back to ASCII first (§12.2.2 step 11.1), as before.
    expect(percentEncode('中é中', whatwg.specialQuery, { encoder: jp })).toBe(
      '%1B$BCf%1B(B%26%23233%3B%1B$BCf%1B(B',
    );
  });

  for (const [name, codec] of Object.entries(codecs)) {
    it(`${name}: every WHATWG set, and forms, give the standard's output (fast-check)`, () => {
      const encoder = (t: string) => codec.encode(t);
      const sets = Object.entries(whatwg).map(([k, set]) => [k, set, asString(set)] as const);
      fc.assert(
        fc.property(text, fc.constantFrom(...sets), (input, [, set, chars]) => {
          expect(percentEncode(input, set, { encoder })).toBe(
            percentEncodeAfterEncoding(name, input, chars),
          );
        }),
        { numRuns: 400 },
      );
      const form = asString(whatwg.form);
      fc.assert(
        fc.property(text, text, (key, value) => {
          expect(serializeForm([[key, value]], { encoder })).toBe(
            `${percentEncodeAfterEncoding(name, key, form, true)}=${percentEncodeAfterEncoding(name, value, form, true)}`,
          );
        }),
        { numRuns: 200 },
      );
    });
  }
});
