// From a MIME part to text: unfolding (RFC 5322 §2.2.3), decodeMimePart, format=flowed (RFC 3676).
import { describe, expect, it } from 'vitest';
import {
  CharsetError,
  decodeEncodedWords,
  decodeFlowed,
  decodeMimePart,
  TransferEncodingError,
  unfoldHeader,
} from '../src/index';

describe('unfoldHeader (RFC 5322 §2.2.3)', () => {
  it('removes each CRLF (or bare LF) that WSP follows, keeps the WSP, keeps other line breaks', () => {
    expect(unfoldHeader('Subject: a\r\n b\r\n\tc')).toBe('Subject: a b\tc');
    expect(unfoldHeader('a\n b')).toBe('a b');
    // A bare CR before whitespace too (README; AUD29 F7).
    expect(unfoldHeader('a\r b')).toBe('a b');
    expect(unfoldHeader('a\r\tb')).toBe('a\tb');
    expect(unfoldHeader('a\r\nb')).toBe('a\r\nb');
  });

  it('a subject folded between encoded-words decodes end to end', () => {
    const raw = '=?ISO-2022-JP?B?GyRCRnxLXDhsGyhC?=\r\n =?ISO-2022-JP?B?GyRCJE43b0w+GyhC?=';
    expect(decodeEncodedWords(unfoldHeader(raw)).text).toBe('日本語の件名');
  });
});

describe('decodeFlowed (RFC 3676 §4)', () => {
  it('joins flowed lines, keeps fixed lines (§4.1, §4.2)', () => {
    expect(decodeFlowed('one \r\ntwo \r\nthree\r\nfour\r\n')).toBe('one two three\r\nfour\r\n');
    expect(decodeFlowed('one \ntwo')).toBe('one two');
  });

  it('delsp=yes removes the space that marks a flowed line (§4.2)', () => {
    expect(decodeFlowed('長い文 \r\nです\r\n', { delSp: true })).toBe('長い文です\r\n');
  });

  it('the signature separator stays a line of its own (§4.3)', () => {
    expect(decodeFlowed('text\r\n-- \r\nsig')).toBe('text\r\n-- \r\nsig');
  });

  it('removes space-stuffing (§4.4)', () => {
    expect(decodeFlowed(' From here\r\n  two')).toBe('From here\r\n two');
  });

  it('quoted lines join only at the same depth; a change of depth ends the paragraph (§4.5)', () => {
    expect(decodeFlowed('>> a \r\n>> b\r\n> c \r\nd')).toBe('>> a b\r\n> c \r\nd');
    expect(decodeFlowed('> a \r\n>b')).toBe('> a b');
  });
});

describe('decodeMimePart', () => {
  it('quoted-printable ISO-8859-1 as readers show it: windows-1252', () => {
    const part = decodeMimePart({
      contentType: 'text/plain; charset="ISO-8859-1"',
      transferEncoding: 'quoted-printable',
      body: 'Parhelia=99 =\r\ncaf=E9\r\n',
    });
    expect(part).toEqual({
      text: 'Parhelia™ café\r\n',
      charset: 'windows-1252',
      reason: 'content-type',
      mediaType: 'text/plain',
      flowed: false,
      issues: [],
      bodyIssues: [],
    });
    const exact = decodeMimePart(
      {
        contentType: 'text/plain; charset=ISO-8859-1',
        transferEncoding: 'quoted-printable',
        body: '=99',
      },
      { mode: 'iana' },
    );
    expect(exact.text).toBe('\u0099');
    expect(exact.charset).toBe('ISO-8859-1');
  });

  it('base64 UTF-8, format=flowed', () => {
    const body = Buffer.from('Hello \r\nworld\r\n> quoted \r\n> text\r\n').toString('base64');
    const part = decodeMimePart({
      contentType: 'text/plain; charset=utf-8; format=flowed',
      transferEncoding: 'base64',
      body,
    });
    expect(part.text).toBe('Hello world\r\n> quoted text\r\n');
    expect(part.flowed).toBe(true);
    expect(part.charset).toBe('UTF-8');
  });

  it('no charset: US-ASCII, read as windows-1252 in mail mode (reason default)', () => {
    const part = decodeMimePart({ body: new Uint8Array([0x61, 0x80]) });
    expect(part).toMatchObject({ text: 'a€', reason: 'default', mediaType: 'text/plain' });
    expect(decodeMimePart({ body: 'x' }, { defaultCharset: 'utf-8' }).charset).toBe('UTF-8');
  });

  it('a byte order mark outranks the label', () => {
    const part = decodeMimePart({
      contentType: 'text/plain; charset=iso-8859-1',
      body: new Uint8Array([0xef, 0xbb, 0xbf, 0xc3, 0xa9]),
    });
    expect(part).toMatchObject({ text: 'é', reason: 'bom', charset: 'UTF-8' });
  });

  it('a UTF-32 label: its decoder reads the mark (else FF FE 00 00 is UTF-16LE and U+0000)', () => {
    const le = new Uint8Array([0xff, 0xfe, 0, 0, 0x41, 0, 0, 0]);
    const be = new Uint8Array([0, 0, 0xfe, 0xff, 0, 0, 0, 0x41]);
    const part = (charset: string, body: Uint8Array) =>
      decodeMimePart({ contentType: `text/plain; charset=${charset}`, body });
    expect(part('utf-32', le)).toMatchObject({
      text: 'A',
      reason: 'content-type',
      charset: 'UTF-32',
    });
    expect(part('utf-32', be)).toMatchObject({
      text: 'A',
      reason: 'content-type',
      charset: 'UTF-32',
    });
    expect(part('utf-32', be.subarray(4))).toMatchObject({ text: 'A', charset: 'UTF-32' });
    expect(part('UTF-32LE', le)).toMatchObject({ text: 'A', charset: 'UTF-32LE' });
    expect(part('utf-32be', be)).toMatchObject({ text: 'A', charset: 'UTF-32BE' });
    expect(part('utf-16le', le)).toMatchObject({
      text: '\u0000A\u0000',
      reason: 'bom',
      charset: 'UTF-16LE',
    });
  });

  it('a body labelled UTF-16 with a little-endian mark', () => {
    const body = new Uint8Array([0xff, 0xfe, 0x41, 0, 0xe9, 0]);
    expect(decodeMimePart({ contentType: 'text/plain; charset=utf-16', body })).toMatchObject({
      text: 'Aé',
      reason: 'bom',
    });
  });

  it('an unknown charset or transfer encoding falls back and says so', () => {
    expect(
      decodeMimePart({ contentType: 'text/plain; charset=x-klingon', body: 'abc' }),
    ).toMatchObject({ text: 'abc', reason: 'fallback', issues: ['unknown-charset'] });
    expect(
      decodeMimePart({ contentType: 'text/plain', transferEncoding: 'x-uuencode', body: 'abc' }),
    ).toMatchObject({ text: 'abc', reason: 'fallback', issues: ['unknown-transfer-encoding'] });
    expect(() =>
      decodeMimePart({ body: 'a' }, { defaultCharset: 'x-klingon', mode: 'iana' }),
    ).toThrow(CharsetError);
  });

  it('strict transfer decoding throws with the offset', () => {
    expect(() =>
      decodeMimePart({ transferEncoding: 'quoted-printable', body: 'a=e9' }, { strict: true }),
    ).toThrow(TransferEncodingError);
  });

  it('a header and a body decoded end to end (Shift_JIS, Q words split inside a pair)', () => {
    const subject = decodeEncodedWords(
      unfoldHeader('Subject: =?Shift_JIS?Q?=82=B1=82?=\r\n =?Shift_JIS?Q?=F1=82=C9=82=BF=82=CD?='),
    ).text;
    expect(subject).toBe('Subject: こんにちは');
    const body = decodeMimePart({
      contentType: 'text/plain; charset=Shift_JIS',
      transferEncoding: 'base64',
      body: 'grGC8YLJgr+CzQ==\r\n',
    });
    expect(body.text).toBe('こんにちは');
  });
});

describe('TSDoc examples of the mail functions', () => {
  it('run as written', async () => {
    const m = await import('../src/index');
    expect(new TextDecoder().decode(m.decodeQuotedPrintable('caf=C3=A9 =\r\nau lait'))).toBe(
      'café au lait',
    );
    expect(m.encodeQuotedPrintable('café = 1\r\n')).toBe('caf=C3=A9 =3D 1\r\n');
    expect(new TextDecoder().decode(m.decodeBase64('Y2Fmw6k\r\n'))).toBe('café');
    expect(m.encodeBase64('café')).toBe('Y2Fmw6k=');
    expect([...m.decodeTransferEncoding('SGk=', 'BASE64')!]).toEqual([72, 105]);
    expect(m.unfoldHeader('=?UTF-8?Q?a?=\r\n =?UTF-8?Q?b?=')).toBe('=?UTF-8?Q?a?= =?UTF-8?Q?b?=');
    expect(m.decodeFlowed('A long \r\nline.\r\n>> quoted \r\n>> too\r\n')).toBe(
      'A long line.\r\n>> quoted too\r\n',
    );
    const part = m.decodeMimePart({
      contentType: 'text/plain; charset=iso-8859-1',
      transferEncoding: 'quoted-printable',
      body: 'Parhelia=99 caf=E9',
    });
    expect([part.text, part.charset, part.reason]).toEqual([
      'Parhelia™ café',
      'windows-1252',
      'content-type',
    ]);
    const utf7 = m.decodeMimePart({
      contentType: 'text/plain; charset=UNICODE-1-1-UTF-7',
      body: '+AOk-',
    });
    expect(utf7.text).toBe('é');
    expect(
      m.decodeMimePart({ contentType: 'text/plain; charset=unknown-8bit', body: 'a' }).issues,
    ).toEqual(['not-implemented']);
    expect(m.decodeMimePart({ contentType: 'text', body: 'a' }).mediaType).toBe('text/plain');
  });
});
