// ISO-2022-KR (RFC 1557), ISO-2022-CN (RFC 1922) and HZ-GB-2312 (RFC 1843).
import { describe, expect, it } from 'vitest';
import { DecodeError, decode, EncodeError, encode, getCodec } from '../src/index';

const bytesOf = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0));
const ascii = (b: Uint8Array): string => String.fromCharCode(...b);

describe('iso-2022-kr', () => {
  it('designates KS X 1001 once at the start and shifts with SO/SI', () => {
    expect(ascii(encode('a한국b', 'iso-2022-kr'))).toBe('\x1b$)Ca\x0eGQ19\x0fb');
    expect(decode(bytesOf('\x1b$)Ca\x0eGQ19\x0fb'), 'iso-2022-kr', { fatal: true })).toBe('a한국b');
  });
  it('round-trips Korean text with line ends', () => {
    const text = '안녕하세요\r\n世界 hello\n';
    expect(decode(encode(text, 'iso-2022-kr'), 'iso-2022-kr', { fatal: true })).toBe(text);
  });
  it('errors: SO before designation, bytes above 0x7F, unknown escapes, truncation', () => {
    expect(decode(bytesOf('\x0eGQ'), 'iso-2022-kr')).toBe('\ufffdGQ');
    expect(decode(new Uint8Array([0x41, 0xc7]), 'iso-2022-kr')).toBe('A\ufffd');
    expect(decode(bytesOf('\x1b(Zx'), 'iso-2022-kr')).toBe('\ufffd(Zx');
    expect(decode(bytesOf('\x1b$)C\x0eG'), 'iso-2022-kr')).toBe('\ufffd');
    expect(decode(bytesOf('\x1b$)C\x0eG\x0f'), 'iso-2022-kr')).toBe('\ufffd');
    expect(decode(bytesOf('\x1b$'), 'iso-2022-kr')).toBe('\ufffd$');
    expect(decode(bytesOf('\x1b$)C\x0e-!'), 'iso-2022-kr')).toBe('\ufffd'); // row 13 is empty
    try {
      decode(bytesOf('ab\x0eGQ'), 'iso-2022-kr', { fatal: true });
      expect.unreachable();
    } catch (e) {
      expect((e as DecodeError).index).toBe(2);
    }
  });
  it('cannot encode ESC/SO/SI or characters outside KS X 1001', () => {
    expect(() => encode('a\x0eb', 'iso-2022-kr')).toThrow(EncodeError);
    expect(() => encode('똠', 'iso-2022-kr')).toThrow(EncodeError); // a UHC-only syllable
    expect(ascii(encode('똠', 'iso-2022-kr', { mode: 'html' }))).toBe('\x1b$)C&#46624;');
  });
});

describe('iso-2022-cn', () => {
  it('GB 2312 via ESC $ ) A, designation repeated on each line', () => {
    const out = ascii(encode('中文\n中', 'iso-2022-cn'));
    expect(out).toBe('\x1b$)A\x0eVPND\x0f\n\x1b$)A\x0eVP\x0f');
    expect(decode(bytesOf(out), 'iso-2022-cn', { fatal: true })).toBe('中文\n中');
  });
  it('a designation does not survive the line end', () => {
    expect(decode(bytesOf('\x1b$)A\n\x0eVP'), 'iso-2022-cn')).toBe('\n\ufffdVP');
  });
  it('ISO-IR-165 is recognised but has no table: errors, not garbage (CNS 11643: iso-2022-cn.test.ts)', () => {
    expect(decode(bytesOf('\x1b$)E\x0eD!\x0f'), 'iso-2022-cn')).toBe('\ufffd');
    expect(() => decode(bytesOf('\x1b$)E\x0eD!'), 'iso-2022-cn', { fatal: true })).toThrow(
      DecodeError,
    );
  });
});

describe('hz-gb-2312 (RFC 1843)', () => {
  it('~{ ~} ~~ and line continuation', () => {
    expect(ascii(encode('中文~x', 'hz-gb-2312'))).toBe('~{VPND~}~~x');
    expect(decode(bytesOf('~{VPND~}~~x'), 'hz-gb-2312', { fatal: true })).toBe('中文~x');
    expect(decode(bytesOf('ab~\ncd'), 'hz-gb-2312')).toBe('abcd');
  });
  it('errors: unknown ~ escape, bytes above 0x7F, truncated pair', () => {
    expect(decode(bytesOf('~x'), 'hz-gb-2312')).toBe('\ufffdx');
    expect(decode(new Uint8Array([0xd6]), 'hz-gb-2312')).toBe('\ufffd');
    expect(decode(bytesOf('~{V'), 'hz-gb-2312')).toBe('\ufffd');
    expect(decode(bytesOf('~{V\n'), 'hz-gb-2312')).toBe('\ufffd\n');
    expect(decode(bytesOf('~'), 'hz-gb-2312')).toBe('\ufffd');
    expect(() => encode('丂', 'hz-gb-2312')).toThrow(EncodeError); // GBK 0x8140, outside GB 2312
  });
  // RFC 1843 carries GB 2312, not GBK: the gb18030 index's private use (GB 2312's undefined codes)
  // is unmapped, and GBK's 46 additions to the area are read but never written.
  it('GB 2312 proper: private use neither written nor read; GBK additions read, not written', () => {
    for (const ch of ['\ue000', '\ue5e5', '\ufe10', '€', 'ⅰ', 'ḿ'])
      expect(() => encode(ch, 'hz-gb-2312'), ch).toThrow(EncodeError);
    // rows 0x2A-0x2F and 0x78-0x7D, and an empty cell of row 2 (0x222B)
    for (const pair of ['*!', '/~', 'x!', '}~', '"+'])
      expect(decode(bytesOf(`~{${pair}~}`), 'hz-gb-2312'), pair).toBe('\ufffd');
    expect(() => decode(bytesOf('~{*!~}'), 'hz-gb-2312', { fatal: true })).toThrow(DecodeError);
    expect(decode(bytesOf('~{"c"!~}'), 'hz-gb-2312', { fatal: true })).toBe('€ⅰ');
  });
  it('in GB mode a byte that starts no GB code is an error at the byte; a line end ends GB mode (README)', () => {
    const hz = getCodec('hz-gb-2312')!;
    for (const [wire, text, index] of [
      ['~{\x00~}', '\ufffd', 2],
      ['~{ 0!~}', '\ufffd啊', 2],
      ['~{0!\t0!~}', '啊\ufffd啊', 4],
      ['~{0!\x1b0!~}', '啊\ufffd啊', 4],
      ['~{0!\x7f~}', '啊\ufffd', 4],
    ] as const) {
      expect(hz.decode(bytesOf(wire)), JSON.stringify(wire)).toBe(text);
      expect(() => hz.decode(bytesOf(wire), { fatal: true })).toThrow(
        expect.objectContaining({ index }),
      );
      const d = hz.createDecoder();
      const streamed = Array.from(bytesOf(wire), (b) =>
        d.decode(Uint8Array.of(b), { stream: true }),
      );
      expect(streamed.join('') + d.decode()).toBe(text);
    }
    // The same bytes in ASCII mode are themselves.
    expect(hz.decode(bytesOf('a\x00 \t\x1b\x7fb'), { fatal: true })).toBe('a\x00 \t\x1b\x7fb');
    // CR or LF in GB mode: no error, GB mode ends, the line end is kept (Python and Go report one).
    expect(hz.decode(bytesOf('~{0!\n0!'), { fatal: true })).toBe('啊\n0!');
    expect(hz.decode(bytesOf('~{0!\r\n0!'), { fatal: true })).toBe('啊\r\n0!');
  });
  it('streaming with a ~ split across chunks', () => {
    const d = getCodec('hz-gb-2312')!.createDecoder();
    expect(d.decode(bytesOf('a~'), { stream: true }) + d.decode(bytesOf('{VP~}'))).toBe('a中');
  });
});
