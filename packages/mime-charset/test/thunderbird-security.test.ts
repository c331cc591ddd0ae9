// Line breaks and NULs that come out of decoding (percent escapes, RFC 2047 words), not raw ones:
// the README promises that a line break smuggled into a filename never comes back. Thunderbird
// removes NUL from decoded headers (comm/mailnews/mime/test/unit/test_nsIMsgHeaderParser5.js:69-75).
import { describe, expect, it } from 'vitest';
import { decodeEncodedWords, decodeParameters, HeaderSyntaxError } from '../src/index';

const lenient = { strict: false } as const;

describe('header injection through a decoded filename', () => {
  it('percent-encoded CR LF in an RFC 2231 value: strict throws, lenient drops it', () => {
    const header = "attachment; filename*=UTF-8''a%0D%0ABcc%3A%20evil%40example.com";
    expect(() => decodeParameters(header)).toThrow(HeaderSyntaxError);
    try {
      decodeParameters(header);
    } catch (e) {
      expect((e as HeaderSyntaxError).index).toBe(22);
    }
    const r = decodeParameters(header, lenient);
    expect(r.parameters.get('filename')).toEqual({
      value: 'aBcc: evil@example.com',
      charset: 'UTF-8',
    });
    expect(r.issues).toEqual([{ name: 'filename', reason: 'control', index: 22 }]);
  });

  it('percent-encoded CR LF in continuation sections', () => {
    const header = "attachment; filename*0*=UTF-8''a%0D; filename*1*=%0AB";
    expect(() => decodeParameters(header)).toThrow(HeaderSyntaxError);
    const r = decodeParameters(header, lenient);
    expect(r.parameters.get('filename')?.value).toBe('aB');
    expect(r.issues).toEqual([{ name: 'filename', reason: 'control', index: 24 }]);
  });

  it('CR LF in an RFC 2047 word of a quoted filename (lenient)', () => {
    const r = decodeParameters('attachment; filename="=?UTF-8?Q?x=0D=0ABcc:_y?="', lenient);
    expect(r.parameters.get('filename')).toEqual({ value: 'xBcc: y' });
    expect(r.issues).toEqual([
      { name: 'filename', reason: 'malformed', index: 21 }, // a word in a parameter (RFC 2047 §5)
      { name: 'filename', reason: 'control', index: 21 },
    ]);
  });

  it('a NUL decoded from a percent escape truncates nothing and is dropped', () => {
    const r = decodeParameters("attachment; filename*=UTF-8''evil.exe%00.txt", lenient);
    expect(r.parameters.get('filename')?.value).toBe('evil.exe.txt');
    expect(r.issues.map((x) => x.reason)).toEqual(['control']);
  });

  it('UTF-16 CR LF (two bytes each) is caught too', () => {
    const r = decodeParameters("attachment; filename*=UTF-16BE''%00a%00%0D%00%0A%00b", lenient);
    expect(r.parameters.get('filename')?.value).toBe('ab');
  });
});

describe('header injection through a decoded encoded-word', () => {
  it('lenient: NUL, CR and LF dropped from the text, reported as control', () => {
    const r = decodeEncodedWords('Hi =?UTF-8?Q?x=0D=0ABcc:_y=00z?=', lenient);
    expect(r.text).toBe('Hi xBcc: yz');
    expect(r.issues).toEqual([{ index: 3, charset: 'UTF-8', reason: 'control' }]);
    // B text, and a base64 end decoded on its own at the end of the header
    expect(decodeEncodedWords('=?UTF-8?B?YQ0KYg==?=', lenient).text).toBe('ab');
    expect(decodeEncodedWords('=?UTF-8?B?Cg?=', lenient).text).toBe('');
  });

  it('strict: such a word is malformed and left as written', () => {
    const r = decodeEncodedWords('Hi =?UTF-8?Q?x=0D=0ABcc:_y?=');
    expect(r.text).toBe('Hi =?UTF-8?Q?x=0D=0ABcc:_y?=');
    expect(r.issues).toEqual([{ index: 3, charset: 'UTF-8', reason: 'malformed' }]);
    expect(decodeEncodedWords('=?UTF-16BE?B?AGEACgBi?=').issues[0]?.reason).toBe('malformed');
    // A word without those characters still decodes.
    expect(decodeEncodedWords('=?UTF-16BE?B?AGEAYg==?=').text).toBe('ab');
    // The whitespace before such a word stays, as before any word left as written.
    expect(decodeEncodedWords('=?UTF-8?Q?a?= =?UTF-8?Q?b=0A?= =?UTF-8?Q?c?=').text).toBe(
      'a =?UTF-8?Q?b=0A?= c',
    );
  });

  it('a line break that no byte of the word shows (UTF-7) is caught too', () => {
    const word = '=?UTF-7?Q?a+AA0ACg-b?=';
    expect(decodeEncodedWords(word).issues.map((x) => x.reason)).toEqual(['malformed']);
    expect(decodeEncodedWords(word, lenient).text).toBe('ab');
    const r = decodeParameters(`attachment; filename*=UTF-7''a+AA0ACg-b`, lenient);
    expect(r.parameters.get('filename')?.value).toBe('ab');
  });
});
