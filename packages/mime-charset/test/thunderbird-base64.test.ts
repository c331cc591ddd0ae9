// Base64 data that goes on after an `=` (RFC 2045 §6.8 lets a decoder stop there; losing the rest
// silently is what it does not allow), as Thunderbird reads it: encoded-words (jsmime,
// comm/mailnews/mime/jsmime/test/unit/test_header.js:1190-1197) and bodies (mimeenc.cpp:239,
// concatenated base64 streams).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { platformDecode as nodePlatformDecode } from '../src/base64-platform.node';
import { decodeBase64, decodeEncodedWords, decodeMimePart, decodeParameters } from '../src/index';

const td = new TextDecoder();
const lenient = { strict: false } as const;

describe('encoded-words with an = before the end of their B text', () => {
  it('reads on after an = that ends two whole quanta', () => {
    const r = decodeEncodedWords('=?ISO-8859-1?B?WvxyaWNo=IEdy9t9l?=', lenient);
    expect(r.text).toBe('Zürich Größe');
    expect(r.issues).toEqual([{ index: 0, charset: 'ISO-8859-1', reason: 'padding' }]);
  });

  it('skips an = inside a quantum of one character (test_header.js:1194)', () => {
    const r = decodeEncodedWords('=?us-ascii?B?Y=WJjZA==?=', lenient);
    expect(r.text).toBe('abcd');
    expect(r.issues.map((x) => x.reason)).toEqual(['padding']);
    // test_header.js:1195
    expect(decodeEncodedWords('=?us-ascii?B?Y=WJj==ZA==?=', lenient).text).toBe('abcd');
  });

  it('an = too many at the end is read past (test_header.js:1192, 1196, 1200), reported as padding as strict refuses it', () => {
    expect(decodeEncodedWords('=?us-ascii?B?YWJjZA==?=', lenient).issues).toEqual([]);
    expect(decodeEncodedWords('=?us-ascii?B?YWJjZA===?=', lenient)).toMatchObject({
      text: 'abcd',
      issues: [{ index: 0, charset: 'us-ascii', reason: 'padding' }],
    });
    expect(decodeEncodedWords('=?us-ascii?B?VGVzdA===?=', lenient).text).toBe('Test');
    expect(decodeEncodedWords('=?us-ascii?B?YWJjZA===?=').issues[0]?.reason).toBe('malformed');
  });

  it('strict reading still leaves such a word as written, reported', () => {
    const r = decodeEncodedWords('=?us-ascii?B?Y=WJjZA==?=');
    expect(r.text).toBe('=?us-ascii?B?Y=WJjZA==?=');
    expect(r.issues.map((x) => x.reason)).toEqual(['malformed']);
    // The padding of a strict word still has to complete its last quantum with zero bits.
    expect(decodeEncodedWords('=?us-ascii?B?YR==?=').issues.map((x) => x.reason)).toEqual([
      'malformed',
    ]);
  });

  it('in a parameter value, the word is decoded and the issue named', () => {
    const r = decodeParameters('attachment; filename="=?us-ascii?B?Y=WJjZA==?="', lenient);
    expect(r.parameters.get('filename')).toEqual({ value: 'abcd' });
    expect(r.issues).toEqual([
      { name: 'filename', reason: 'malformed', index: 21 }, // a word in a parameter (RFC 2047 §5)
      { name: 'filename', reason: 'padding' },
    ]);
  });
});

describe('base64 bodies that go on after an =', () => {
  it('decodeBase64 reads concatenated streams (mimeenc.cpp:239)', () => {
    expect(td.decode(decodeBase64('YWI=YWI='))).toBe('abab');
    expect(td.decode(decodeBase64(new TextEncoder().encode('YWI=YWI=')))).toBe('abab');
    expect(td.decode(decodeBase64('YQ==\r\nYg==\r\n'))).toBe('ab');
    expect(td.decode(decodeBase64('Y=WJjZA=='))).toBe('abcd');
  });

  it('strict decodeBase64 still throws at data after the padding', () => {
    expect(() => decodeBase64('YWI=YWI=', { strict: true })).toThrow('data after the padding');
  });

  it("the node build's Buffer path does not stop at the first =", () => {
    const out = nodePlatformDecode('YWI=YWI=');
    // Either the loop takes over (undefined) or the platform read all of it.
    if (out !== undefined) expect(td.decode(out)).toBe('abab');
    expect(nodePlatformDecode('YWI=\r\n')).toEqual(new Uint8Array([0x61, 0x62]));
  });

  it('decodeMimePart reads on and reports padding', () => {
    const r = decodeMimePart({ transferEncoding: 'base64', body: 'YWI=YWI=' });
    expect(r.text).toBe('abab');
    expect(r.issues).toEqual(['padding']);
    const bytes = new TextEncoder().encode('YWI=\r\nYWI=\r\n');
    expect(decodeMimePart({ transferEncoding: 'Base64', body: bytes }).issues).toEqual(['padding']);
    expect(decodeMimePart({ transferEncoding: 'base64', body: 'YWI=\r\n' }).issues).toEqual([]);
  });

  it('property: concatenated base64 encodings decode to the concatenated bytes', () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 20 }), { maxLength: 6 }), (chunks) => {
        const encoded = chunks.map((c) => Buffer.from(c).toString('base64')).join('\r\n');
        const expected = Uint8Array.from(chunks.flatMap((c) => [...c]));
        expect(decodeBase64(encoded)).toEqual(expected);
        expect(decodeBase64(new TextEncoder().encode(encoded))).toEqual(expected);
        // In one encoded-word (lenient), as ISO-8859-1 text (no control characters).
        const printable = chunks.map((c) => c.map((b) => b | 0x20));
        const text = printable.map((c) => Buffer.from(c).toString('base64')).join('');
        const latin1 = printable.map((c) => String.fromCharCode(...c)).join('');
        if (text !== '')
          expect(
            decodeEncodedWords(`=?ISO-8859-1?B?${text}?=`, { ...lenient, mode: 'iana' }).text,
          ).toBe(latin1);
      }),
    );
  });
});
