// Every README and TSDoc example, run as a claim; RFC 2152 and RFC 3501 examples.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DecodeError, decode, EncodeError, encode, encodings, getCodec } from '../src/index';
import { codec as marc8 } from '../src/marc-8';
import { codec as marc8NoEacc } from '../src/marc-8-no-eacc';

const ascii = (bytes: Uint8Array): string => String.fromCharCode(...bytes);
const bytesOf = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0));

describe('README figures that must agree', () => {
  const readme = readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8');
  it("Compatibility gives the main entry's size from the Size table", () => {
    const table = /\| `@x\/legacy-charsets` \(everything[^|]*\| ([\d.]+ KiB) \|/.exec(readme);
    const compat = /The main entry \(`decode`, `encode`, `getCodec`\) holds[^`]*?([\d.]+ KiB)/.exec(
      readme,
    );
    expect(compat?.[1]).toBe(table?.[1]);
    expect(table?.[1]).toBeDefined();
  });
});

describe('TSDoc examples', () => {
  it('getCodec is case-insensitive on canonical names', () => {
    expect(getCodec('Windows-1252')?.decode(new Uint8Array([0x80]))).toBe('€');
    expect(getCodec('windows1252')).toBeUndefined();
  });
  it('decode windows-1253', () => {
    expect(decode(new Uint8Array([0xe1, 0xe2]), 'windows-1253')).toBe('αβ');
  });
  it('encode html mode', () => {
    expect(ascii(encode('Ä€', 'iso-8859-1', { mode: 'html' }))).toBe('\xc4&#8364;');
  });
  it('encodings lists cp437', () => {
    expect(encodings().find((e) => e.name === 'cp437')).toEqual({
      name: 'cp437',
      family: 'dos',
      roundTrips: true,
      whatwg: false,
    });
  });
  it('marc-8 decodes EACC; marc-8-no-eacc moves the ANSEL acute after its base', () => {
    expect(
      marc8.decode(new Uint8Array([0x1b, 0x24, 0x31, 0x21, 0x30, 0x21, 0x1b, 0x28, 0x42])),
    ).toBe('一');
    expect(marc8NoEacc.decode(new Uint8Array([0xe2, 0x65]), { nfc: true })).toBe('é');
  });
  it('StreamingDecoder: after a DecodeError, a new stream', () => {
    const d = getCodec('iso-2022-jp')!.createDecoder({ fatal: true });
    expect(() => d.decode(new Uint8Array([0x1b, 0x24, 0x42, 0x46, 0x7c, 0xff]))).toThrow(
      expect.objectContaining({ name: 'DecodeError', index: 5 }),
    );
    expect(d.decode(new Uint8Array([0x41, 0x42]))).toBe('AB');
  });
  it('StreamingEncoder: after an EncodeError, a new stream', () => {
    const e = getCodec('iso-2022-jp')!.createEncoder();
    expect(ascii(e.encode('日', { stream: true }))).toBe('\x1b$BF|');
    expect(() => e.encode('😀', { stream: true })).toThrow(EncodeError);
    expect(ascii(e.encode('a'))).toBe('a');
  });
  it('unknown names throw RangeError', () => {
    expect(() => decode(new Uint8Array(1), 'nope')).toThrow(RangeError);
    expect(() => encode('a', 'nope')).toThrow(RangeError);
  });
});

describe('RFC 2152 examples', () => {
  const cases: [string, string][] = [
    ['A\u2262\u0391.', 'A+ImIDkQ.'],
    ['Hi Mom -\u263a-!', 'Hi Mom -+Jjo--!'],
    ['日本語', '+ZeVnLIqe-'],
    ['Item 3 is £1.', 'Item 3 is +AKM-1.'],
  ];
  it.each(cases)('%s <-> %s', (text, utf7) => {
    expect(ascii(encode(text, 'utf-7'))).toBe(utf7);
    expect(decode(bytesOf(utf7), 'utf-7', { fatal: true })).toBe(text);
  });
  it('"+-" is a plus sign', () => {
    expect(decode(bytesOf('1 +- 1'), 'utf-7')).toBe('1 + 1');
    expect(ascii(encode('1 + 1', 'utf-7'))).toBe('1 +- 1');
  });
});

describe('RFC 3501 §5.1.3 modified UTF-7', () => {
  it('the mailbox name example', () => {
    const name = '~peter/mail/台北/日本語';
    const wire = '~peter/mail/&U,BTFw-/&ZeVnLIqe-';
    expect(ascii(encode(name, 'utf-7-imap'))).toBe(wire);
    expect(decode(bytesOf(wire), 'utf-7-imap', { fatal: true })).toBe(name);
  });
  it('"&-" is an ampersand', () => {
    expect(ascii(encode('Tom & Jerry', 'utf-7-imap'))).toBe('Tom &- Jerry');
    expect(decode(bytesOf('Tom &- Jerry'), 'utf-7-imap')).toBe('Tom & Jerry');
  });
  it("README's UTF-7 errors: a + at the end of the input", () => {
    expect(decode(bytesOf('A +'), 'utf-7')).toBe('A \ufffd');
    expect(() => decode(bytesOf('A +'), 'utf-7', { fatal: true })).toThrow(
      expect.objectContaining({ index: 2 }),
    );
  });
  it("README's UTF-7 errors: what utf-7 reads as itself", () => {
    expect(decode(bytesOf('A ~ \\ B'), 'utf-7', { fatal: true })).toBe('A ~ \\ B');
    expect(decode(bytesOf('A ~ B'), 'utf-7-imap', { fatal: true })).toBe('A ~ B');
    expect(decode(bytesOf('A \x1b B'), 'utf-7-imap')).toBe('A \ufffd B');
  });
  it("README's UTF-7 errors: utf-7-imap", () => {
    expect(decode(bytesOf('&AGEA6Q-'), 'utf-7-imap')).toBe('\ufffdé');
    expect(decode(bytesOf('&Jjo!'), 'utf-7-imap')).toBe('☺\ufffd!');
    expect(decode(bytesOf('a\tb'), 'utf-7-imap')).toBe('a\ufffdb');
    expect(decode(bytesOf('&Jjo-&Jjo-'), 'utf-7-imap')).toBe('☺\ufffd☺');
  });
  it("README's IMAP's modified UTF-7", () => {
    const wire = '~peter/mail/&U,BTFw-/&ZeVnLIqe-';
    expect(decode(bytesOf(wire), 'utf-7-imap', { fatal: true })).toBe('~peter/mail/台北/日本語');
    expect(() => decode(bytesOf('&Jjo-&Jjo-'), 'utf-7-imap', { fatal: true })).toThrow(
      expect.objectContaining({ index: 5 }),
    );
    expect(ascii(encode('☺☺', 'utf-7-imap'))).toBe('&JjomOg-');
    expect(() => decode(bytesOf('&AGE-'), 'utf-7-imap', { fatal: true })).toThrow(
      expect.objectContaining({ index: 3 }),
    );
  });
});

describe('README: HZ-GB-2312', () => {
  it('examples and HZ errors', () => {
    expect(decode(bytesOf('~{VPND~}~~x'), 'hz-gb-2312', { fatal: true })).toBe('中文~x');
    expect(decode(bytesOf('~{ 0!~}'), 'hz-gb-2312')).toBe('\ufffd啊');
    expect(decode(bytesOf('~{0!\n0!'), 'hz-gb-2312', { fatal: true })).toBe('啊\n0!');
    expect(decode(bytesOf('~{V\n'), 'hz-gb-2312')).toBe('\ufffd\n');
    expect(decode(bytesOf('~x'), 'hz-gb-2312')).toBe('\ufffdx');
  });
});

describe('error class examples', () => {
  it('DecodeError carries the byte index', () => {
    try {
      decode(new Uint8Array([0x41, 0x81]), 'cp1252', { fatal: true });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(DecodeError);
      expect((e as DecodeError).index).toBe(1);
      expect((e as DecodeError).name).toBe('DecodeError');
    }
  });
  it('EncodeMode: html writes a reference, or fails as fatal where the charset has no "#"', () => {
    expect(ascii(encode('é', 'iso-646-irv', { mode: 'html' }))).toBe('&#233;');
    expect(() => encode('é', 'bs_4730', { mode: 'html' })).toThrow(
      expect.objectContaining({ name: 'EncodeError', codePoint: 0xe9 }),
    );
  });
  it('DecodeOptions.nfc: a streamed base and its later mark compose', () => {
    const d = getCodec('iso-5428')!.createDecoder({ nfc: true });
    expect(d.decode(Uint8Array.of(0x69), { stream: true }) + d.decode(Uint8Array.of(0xa2))).toBe(
      'í',
    );
  });
  it('EncodeError carries the index and code point', () => {
    try {
      encode('ab€', 'iso-8859-1');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(EncodeError);
      expect([(e as EncodeError).index, (e as EncodeError).codePoint]).toEqual([2, 0x20ac]);
      expect((e as EncodeError).name).toBe('EncodeError');
    }
  });
});

describe('@x/legacy-charsets/whatwg-cjk', () => {
  it('holds the seven WHATWG multi-byte codecs', async () => {
    const { codecs } = await import('../src/whatwg-cjk');
    expect(codecs.map((c) => c.name)).toEqual([
      'shift_jis',
      'euc-jp',
      'iso-2022-jp',
      'gbk',
      'gb18030',
      'big5',
      'euc-kr',
    ]);
  });
});

describe('TSDoc examples of the Apple multi-character tables, iso-2022 and compound-text', () => {
  it('macMulti (x-mac-arabic): the twins of + and the right-left digits', async () => {
    const { codec } = await import('../src/x-mac-arabic');
    expect(codec.decode(new Uint8Array([0x31, 0x2b, 0x31]))).toBe('1+1');
    expect(codec.decode(new Uint8Array([0xb1, 0xab, 0xb1]))).toBe('\u202e١+١\u202c');
  });
  it('iso-2022: § is in ISO 8859-7 too, one designation', async () => {
    const { codec } = await import('../src/iso-2022');
    expect(Array.from(codec.encode('§α'))).toEqual([0x1b, 0x2d, 0x46, 0xa7, 0xe1]);
  });
  it('compound-text: an extended segment, a UTF-8 segment, segmentCharsets', async () => {
    const { codec, segmentCharsets } = await import('../src/compound-text');
    expect(Array.from(codec.encode('é'))).toEqual([0xe9]);
    expect(codec.decode(new Uint8Array([0x1b, 0x2d, 0x46, 0xe1, 0x1b, 0x2d, 0x41]))).toBe('α');
    const name = Array.from('iso8859-15', (c) => c.charCodeAt(0));
    expect(
      codec.decode(new Uint8Array([0x1b, 0x25, 0x2f, 0x31, 0x80, 0x8c, ...name, 0x02, 0xa4])),
    ).toBe('€');
    expect(
      codec.decode(new Uint8Array([0x1b, 0x25, 0x47, 0xe2, 0x82, 0xac, 0x1b, 0x25, 0x40])),
    ).toBe('€');
    expect(segmentCharsets.includes('iso8859-15')).toBe(true);
  });
});
