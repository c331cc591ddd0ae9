// Attacks on the mail functions, each test named after the attack.
import { describe, expect, it } from 'vitest';
import {
  decodeEncodedWords,
  decodeMimePart,
  encodeEncodedWords,
  encodeQuotedPrintable,
  unfoldHeader,
} from '../src/index';

describe('mail attacks', () => {
  it('header injection: CR LF in a subject cannot end the header (encodeEncodedWords)', () => {
    // Refused at the CR: a word that decodes to one is not read back.
    expect(() =>
      encodeEncodedWords('Hi\r\nBcc: victim@example.org\r\n\r\nbody', { offset: 9 }),
    ).toThrow(expect.objectContaining({ index: 2, reason: 'CR, LF or NUL in a header value' }));
    // Nor can decoding hand them back from such words written otherwise: lenient drops them,
    // strict leaves such a word as written.
    const encoded = '=?UTF-8?Q?Hi=0D=0ABcc:_victim@example.org=0D=0A=0D=0Abody?=';
    const header = unfoldHeader(`Subject: ${encoded}`);
    expect(decodeEncodedWords(header, { strict: false }).text).toBe(
      'Subject: HiBcc: victim@example.orgbody',
    );
    expect(decodeEncodedWords(header).text).not.toMatch(/[\r\n]/);
  });

  it('body injection: a bare CR or an escaped line break stays data in binary quoted-printable', () => {
    const encoded = encodeQuotedPrintable(new TextEncoder().encode('a\r\n.\r\nQUIT\r'), {
      binary: true,
    });
    expect(encoded).not.toMatch(/[\r\n]/);
  });

  it('spoofing across words: a word left in a two-byte mode cannot turn the next word into other text', () => {
    // ESC $ B then "F|" (日) with no ESC ( B; the next word's ASCII must stay ASCII.
    const header = '=?ISO-2022-JP?B?GyRCRnw=?= =?ISO-2022-JP?Q?PayPal?=';
    expect(decodeEncodedWords(header).text).toBe('日PayPal');
  });

  it('spoofing across words: a dangling UTF-8 lead byte cannot swallow the next word', () => {
    expect(decodeEncodedWords('=?UTF-8?Q?=F0?= =?UTF-8?Q?admin?=').text).toBe('\ufffdadmin');
  });

  it('charset confusion: a label the web replaces is not decoded as the replacement encoding', () => {
    const part = decodeMimePart({ contentType: 'text/plain; charset=iso-2022-kr', body: 'abc' });
    expect(part.text).toBe('abc');
    expect(part.charset).toBe('ISO-2022-KR');
  });

  it('a UTF-7 label cannot hide markup from a reader that scans for ASCII: decoded as declared, never sniffed', () => {
    const part = decodeMimePart({ contentType: 'text/plain', body: '+ADw-script+AD4-' });
    expect(part.text).toBe('+ADw-script+AD4-');
  });
});
