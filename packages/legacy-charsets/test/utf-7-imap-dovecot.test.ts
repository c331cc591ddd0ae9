// Dovecot's modified UTF-7 tests as facts, both directions: src/lib-imap/test-imap-utf7.c of
// Dovecot 2.3.19.1 (its tables and the loops that build them, rewritten here; a spelling Dovecot
// calls invalid, imap_utf7_is_valid() false, is a DecodeError in fatal mode). Left out: the UTF-8
// input "p\xe4\xe4" (not UTF-8, which a JavaScript string cannot be) and Dovecot's own %-escaping.
import { describe, expect, it } from 'vitest';
import { DecodeError, decode, encode } from '../src/index';

const bytesOf = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0));
const ascii = (b: Uint8Array): string => String.fromCharCode(...b);
const mb64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+,';
const valid = (wire: string): string => decode(bytesOf(wire), 'utf-7-imap', { fatal: true });
const expectInvalid = (wire: string): void => {
  expect(() => valid(wire), JSON.stringify(wire)).toThrow(DecodeError);
};

describe('Dovecot test-imap-utf7.c', () => {
  it('test_imap_utf7_by_example: encodes and decodes the examples, refuses the invalid ones', () => {
    const examples: [string, string][] = [
      ['&&x&&', '&-&-x&-&-'],
      ['~peter/mail/台北/日本語', '~peter/mail/&U,BTFw-/&ZeVnLIqe-'],
      ['tietä&jä&', 'tiet&AOQ-&-j&AOQ-&-'], // & is always encoded as &-
    ];
    for (const [text, wire] of examples) {
      expect(ascii(encode(text, 'utf-7-imap'))).toBe(wire);
      expect(valid(wire)).toBe(text);
    }
    for (const wire of ['&', '&Jjo', '&Jjo!', '&U,BTFw-&ZeVnLIqe-' /* unnecessary shift */])
      expectInvalid(wire);
  });

  it('test_imap_utf7_ucs4_cases: U+FFFF to U+10010, with x and &, round-trip', () => {
    for (let cp = 0xffff; cp <= 0x10010; cp++) {
      for (let n = 1; n <= 10; n++) {
        let text = '';
        for (let j = 0; j < n; j++) {
          if (j % 3 === 0) text += 'x';
          if (j % 5 === 0) text += '&';
          text += String.fromCodePoint(cp);
        }
        expect(valid(ascii(encode(text, 'utf-7-imap')))).toBe(text);
      }
    }
  });

  it('test_imap_utf7_non_utf16: a run of one octet, or of U+00E4 and one octet, is invalid', () => {
    for (let i = 0; i <= 255; i++) {
      expectInvalid(`&${mb64[i >> 2]}${mb64[(i & 3) << 4]}-`);
      expectInvalid(
        `&${mb64[0]}${mb64[0xe4 >> 4]}${mb64[((0xe4 & 0x0f) << 2) | (i >> 6)]}${mb64[i & 0x3f]}-`,
      );
    }
  });

  it('test_imap_utf7_bad_ascii: a control or DEL as itself is invalid', () => {
    for (let i = 1; i <= 0x7f; i++) {
      if (i === 0x20) i = 0x7f;
      expectInvalid(String.fromCharCode(i));
    }
  });

  it('test_imap_utf7_unnecessary: base64 for printable US-ASCII is invalid; each self-codes', () => {
    for (let i = 0x20; i < 0x7f; i++) {
      expectInvalid(`&${mb64[0]}${mb64[i >> 4]}${mb64[(i & 0x0f) << 2]}-`);
      if (i === 0x26) continue;
      const c = String.fromCharCode(i);
      expect(ascii(encode(c, 'utf-7-imap'))).toBe(c);
      expect(valid(c)).toBe(c);
    }
  });
});
