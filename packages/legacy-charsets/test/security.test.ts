// Attacks the codecs must stop, each named.
import { describe, expect, it } from 'vitest';
import { DecodeError, decode, EncodeError, encode, encodings, getCodec } from '../src/index';
import { workPerUnit } from './work';

const bytesOf = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0));

describe('UTF-7 XSS (the +ADw-script+AD4- filter bypass)', () => {
  it('decodes as text only when UTF-7 is asked for by name', () => {
    const payload = bytesOf('+ADw-script+AD4-alert(1)+ADw-/script+AD4-');
    expect(decode(payload, 'utf-7')).toBe('<script>alert(1)</script>');
    // Any other codec sees the bytes as they are: no sniffing, no implicit UTF-7.
    for (const name of ['windows-1252', 'iso-8859-1', 'us-ascii', 'utf-7-imap']) {
      expect(decode(payload, name)).not.toContain('<');
    }
  });
  it('is never picked without being asked for', () => {
    expect(getCodec('utf7')).toBeUndefined();
    expect(getCodec('unicode-1-1-utf-7')).toBeUndefined();
    expect(
      encodings()
        .filter((e) => e.whatwg)
        .map((e) => e.name),
    ).not.toContain('utf-7');
  });
  it('the encoder writes "<" and ">" in base64, never directly', () => {
    const out = String.fromCharCode(...encode('<a href="x">', 'utf-7'));
    expect(out).not.toMatch(/[<>"]/);
    expect(decode(bytesOf(out), 'utf-7')).toBe('<a href="x">');
  });
});

describe('IMAP mailbox name aliasing (two spellings of one name, RFC 3501 §5.1.3)', () => {
  it('base64 for printable US-ASCII is refused: &AGE-bc cannot pass for abc', () => {
    expect(() => decode(bytesOf('&AGE-bc'), 'utf-7-imap', { fatal: true })).toThrow(DecodeError);
    expect(decode(bytesOf('&AGE-bc'), 'utf-7-imap')).not.toBe('abc');
    // Every printable character: its base64 spelling is an error (one U+FFFD), never the character.
    for (let c = 0x20; c < 0x7f; c++) {
      const b64 = (v: number) =>
        'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+,'[v];
      const wire = `&A${b64(c >> 4)}${b64((c & 15) << 2)}-`;
      expect(() => decode(bytesOf(wire), 'utf-7-imap', { fatal: true })).toThrow(DecodeError);
      expect(decode(bytesOf(wire), 'utf-7-imap')).toBe('\ufffd');
    }
  });
  it('the null shift is refused: &Jjo-&Jjo- cannot pass for &JjomOg-', () => {
    expect(decode(bytesOf('&JjomOg-'), 'utf-7-imap', { fatal: true })).toBe('☺☺');
    expect(() => decode(bytesOf('&Jjo-&Jjo-'), 'utf-7-imap', { fatal: true })).toThrow(DecodeError);
    expect(decode(bytesOf('&Jjo-&Jjo-'), 'utf-7-imap')).not.toBe('☺☺');
  });
});

describe('fatal mode reports the first bad offset (no silent data loss)', () => {
  it('single-byte: the first unmapped byte', () => {
    const bytes = new Uint8Array([0x41, 0x42, 0x81, 0x43, 0x8d]);
    try {
      decode(bytes, 'cp1252', { fatal: true });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(DecodeError);
      expect((e as DecodeError).index).toBe(2);
    }
  });
  it('streaming: the offset counts from the start of the stream', () => {
    const d = getCodec('iso-8859-11')!.createDecoder({ fatal: true });
    expect(d.decode(new Uint8Array([0x41, 0x42]), { stream: true })).toBe('AB');
    try {
      d.decode(new Uint8Array([0x43, 0xdb]));
      expect.unreachable();
    } catch (e) {
      expect((e as DecodeError).index).toBe(3);
    }
  });
});

describe('resource exhaustion: 1 MiB adversarial inputs finish and are exact', () => {
  it('UTF-7: one endless base64 run', () => {
    const input = new Uint8Array(1 << 20).fill(0x41);
    input[0] = 0x2b;
    const text = decode(input, 'utf-7');
    // 6 bits per digit, 16 per unit; the ten bits left over are an error (U+FFFD).
    const units = Math.floor(((input.length - 1) * 6) / 16);
    expect(text).toBe(`${'\u0000'.repeat(units)}\ufffd`);
  });
  it('html mode: every character unencodable', () => {
    const text = '\u4e00'.repeat(1 << 18);
    const out = encode(text, 'windows-1252', { mode: 'html' });
    expect(out.length).toBe(8 * (1 << 18));
  });
  it('UTF-16: a megabyte of lone surrogates', () => {
    const input = new Uint8Array(1 << 20);
    for (let i = 0; i < input.length; i += 2) input[i + 1] = 0xdc;
    expect(decode(input, 'utf-16le')).toBe('\ufffd'.repeat(1 << 19));
  });
});

describe('html mode where the charset lacks "#": no broken reference such as "&£197;"', () => {
  it('BS 4730 (£ at 0x23) and NS 4551-2 (§) fail as fatal does instead of writing one', () => {
    for (const name of ['bs_4730', 'ns_4551-2']) {
      expect(() => encode('é<', name, { mode: 'html' })).toThrow(
        expect.objectContaining({ name: 'EncodeError', index: 0, codePoint: 0xe9, charset: name }),
      );
      const d = getCodec(name)!.createEncoder({ mode: 'html' });
      expect(() => d.encode('a\u{1f600}', { stream: true })).toThrow(EncodeError);
      // What the charset holds still encodes; replacement mode writes its "?".
      expect(decode(encode('ab<', name, { mode: 'html' }), name)).toBe('ab<');
      expect(decode(encode('éb', name, { mode: 'replacement' }), name)).toBe('?b');
    }
  });
});

describe('ISO-2022-JP escape-sequence injection', () => {
  const bytesOf2 = (...parts: (string | number[])[]): Uint8Array =>
    new Uint8Array(
      parts.flatMap((p) => (typeof p === 'string' ? Array.from(p, (c) => c.charCodeAt(0)) : p)),
    );
  const ESC = 0x1b;
  it('the encoder never writes ESC, SO or SI from the text (fatal: error; html: &#65533;)', () => {
    for (const c of ['\x1b', '\x0e', '\x0f']) {
      // The error names the character itself; html mode writes WHATWG's U+FFFD for it.
      expect(() => encode(`a${c}$B<`, 'iso-2022-jp')).toThrow(
        expect.objectContaining({ name: 'EncodeError', index: 1, codePoint: c.charCodeAt(0) }),
      );
      expect(() => encode(`a${c}`, 'iso-2022-jp')).toThrow(
        `U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')} at index 1 cannot be encoded in iso-2022-jp (unencodable)`,
      );
      expect(String.fromCharCode(...encode(`漢${c}`, 'iso-2022-jp', { mode: 'replacement' }))).toBe(
        '\x1b$B4A\x1b(B?',
      );
      const out = encode(`a${c}$B<`, 'iso-2022-jp', { mode: 'html' });
      expect(out).not.toContain(ESC);
      expect(String.fromCharCode(...out)).toBe('a&#65533;$B<');
    }
  });
  it('the encoder returns to ASCII before "<", quotes and at the end', () => {
    const text = '漢<"漢\'漢';
    const out = encode(text, 'iso-2022-jp');
    expect(decode(out, 'iso-2022-jp', { fatal: true })).toBe(text);
    // Every 0x3C, 0x22, 0x27 byte is in ASCII state: each is preceded by ESC ( B or ASCII.
    expect(Array.from(out.slice(-3))).toEqual([ESC, 0x28, 0x42]);
    expect(String.fromCharCode(...out)).toContain('\x1b(B<"');
  });
  it('an escape in the middle of a double-byte character does not swallow the "<" after it', () => {
    const input = bytesOf2([ESC], '$B', [0x30, ESC], '(B<');
    expect(decode(input, 'iso-2022-jp')).toBe('\ufffd<');
  });
  it('two escapes in a row (no output between) are an error, so escapes cannot hide text', () => {
    expect(decode(bytesOf2('<a', [ESC], '(B', [ESC], '(Bb>'), 'iso-2022-jp')).toBe('<a\ufffdb>');
    expect(() =>
      decode(bytesOf2([ESC], '$B', [ESC], '(B<'), 'iso-2022-jp', { fatal: true }),
    ).toThrow(DecodeError);
  });
  it('an unknown escape leaves its bytes as text', () => {
    expect(decode(bytesOf2([ESC], '(Z<'), 'iso-2022-jp')).toBe('\ufffd(Z<');
    expect(decode(bytesOf2([ESC], '<'), 'iso-2022-jp')).toBe('\ufffd<');
  });
  it('an escape split across chunks is the same as one-shot', () => {
    const d = getCodec('iso-2022-jp')!.createDecoder();
    let s = d.decode(bytesOf2('a', [ESC]), { stream: true });
    s += d.decode(bytesOf2('$'), { stream: true });
    s += d.decode(bytesOf2('B', [0x30, 0x21], [ESC], '(Bb'));
    expect(s).toBe('a亜b');
    const e = getCodec('iso-2022-jp')!.createDecoder();
    expect(e.decode(bytesOf2('a', [ESC], '('), { stream: true }) + e.decode(bytesOf2('Z<'))).toBe(
      'a\ufffd(Z<',
    );
  });
});

describe('the replacement encoding (ISO-2022-KR/CN, HZ in browsers) yields one U+FFFD', () => {
  it('decodes any input to a single U+FFFD and nothing else', () => {
    expect(decode(bytesOf('~{<:Ky2;S{#,~}<'), 'replacement')).toBe('\ufffd');
    expect(decode(new Uint8Array(0), 'replacement')).toBe('');
    expect(() => decode(bytesOf('a'), 'replacement', { fatal: true })).toThrow(DecodeError);
    const d = getCodec('replacement')!.createDecoder();
    expect(d.decode(bytesOf('ab'), { stream: true }) + d.decode(bytesOf('cd'))).toBe('\ufffd');
  });
  it('encodes as UTF-8 (its output encoding)', () => {
    expect(Array.from(encode('é', 'replacement'))).toEqual([0xc3, 0xa9]);
  });
});

describe('denial of service: quadratic CJK encoders (output buffer copied on every character)', () => {
  const K = 1 << 19;
  // 512K characters took 8.4 s in gb18030 (Thai, fatal mode) and 31.5 s in shift_jis html mode.
  it('gb18030 encodes 512K Thai characters (four-byte sequences) exactly, in linear work', () => {
    const thai = Array.from({ length: 64 }, (_, k) => String.fromCharCode(0x0e01 + (k % 46)));
    const text = thai.join('').repeat(K / 64);
    encode('\u0e01', 'gb18030');
    let out: Uint8Array = new Uint8Array(0);
    expect(workPerUnit(K, () => (out = encode(text, 'gb18030')))).toBeLessThan(16);
    expect(out.length).toBe(4 * K);
    expect(decode(out.subarray(0, 256), 'gb18030', { fatal: true })).toBe(text.slice(0, 64));
  });
  it.each(
    encodings()
      .filter((e) => e.family === 'cjk' && e.name !== 'replacement')
      .map((e) => e.name),
  )('%s html mode writes 512K unmappable characters as &#N; exactly, in linear work', (name) => {
    // Thai is in none of the CJK charsets but gb18030, which lacks only U+E5E5.
    const [unit, reference] = name === 'gb18030' ? ['\ue5e5', '&#58853;'] : ['\u0e01', '&#3585;'];
    encode('a', name);
    const text = unit.repeat(K);
    let out: Uint8Array = new Uint8Array(0);
    expect(workPerUnit(K, () => (out = encode(text, name, { mode: 'html' })))).toBeLessThan(40);
    expect(out.length).toBe(reference.length * K);
    expect(String.fromCharCode(...out.subarray(0, 2 * reference.length))).toBe(reference.repeat(2));
  });
});

describe('Compound Text extended segments: a lying length', () => {
  const ct = getCodec('compound-text')!;
  it('a length past the end of the input is an error (fatal) or one U+FFFD, never text lost silently', () => {
    const bytes = Uint8Array.from([
      0x61,
      0x1b,
      0x25,
      0x2f,
      0x31,
      0xff,
      0xff,
      ...bytesOf('<script>'),
    ]);
    expect(() => ct.decode(bytes, { fatal: true })).toThrow(DecodeError);
    expect(ct.decode(bytes)).toBe('a\ufffd');
  });
  it('length bytes below 0x80 end the segment there: the bytes after are read as text', () => {
    const bytes = Uint8Array.from([0x1b, 0x25, 0x2f, 0x31, ...bytesOf('<b>')]);
    expect(ct.decode(bytes)).toBe('\ufffd<b>');
  });
  it('1 MiB of headers claiming 16,383 bytes each finishes in linear work', () => {
    const unit = [0x1b, 0x25, 0x2f, 0x31, 0xff, 0xff];
    const bytes = Uint8Array.from({ length: 1 << 20 }, (_, i) => unit[i % unit.length]!);
    expect(workPerUnit(bytes.length, () => ct.decode(bytes))).toBeLessThan(8);
  });
});

describe('x-mac-hebrew: a megabyte of one direction run, held back for its override', () => {
  it('decodes exactly, at once and in chunks, in linear work', () => {
    const codec = getCodec('x-mac-hebrew')!;
    const bytes = new Uint8Array(1 << 20).fill(0xab);
    const text = `\u202e${'+'.repeat(1 << 20)}\u202c`;
    expect(workPerUnit(bytes.length, () => expect(codec.decode(bytes)).toBe(text))).toBeLessThan(
      16,
    );
    const d = codec.createDecoder();
    let s = '';
    for (let i = 0; i < bytes.length; i += 4096)
      s += d.decode(bytes.subarray(i, i + 4096), { stream: true });
    expect(s + d.decode()).toBe(text);
    expect(Array.from(codec.encode(text).subarray(0, 4))).toEqual([0xab, 0xab, 0xab, 0xab]);
  });
});

describe('iso-2022: text that changes set at every character (the shortest-output encoder)', () => {
  it('64 Ki characters finish, decode back, and never exceed the greedy length', async () => {
    const { generic } = await import('../src/iso2022/machine');
    const codec = getCodec('iso-2022')!;
    const text = '§×°\u00a0αжאą日ア'.repeat(6554);
    const out = codec.encode(text);
    expect(codec.decode(out, { fatal: true })).toBe(text);
    expect(out.length).toBeLessThanOrEqual(generic('iso-2022', true).encode(text).length);
  });
});

describe('CESU-8 NUL and "<" smuggling through overlong and four-byte forms', () => {
  it("Java's modified UTF-8 NUL (C0 80) and an overlong '<' (C0 BC, E0 80 BC) are errors, not NUL or '<'", () => {
    for (const b of [
      [0xc0, 0x80],
      [0xc0, 0xbc],
      [0xe0, 0x80, 0xbc],
      [0xc1, 0xbf],
    ]) {
      const s = decode(new Uint8Array(b), 'cesu-8');
      expect(s).not.toMatch(/[\0<]/);
      expect(() => decode(new Uint8Array(b), 'cesu-8', { fatal: true })).toThrow(
        expect.objectContaining({ index: 0 }),
      );
    }
  });
  it('a four-byte UTF-8 sequence (what a CESU-8 check that only looks at three-byte forms misses) is an error', () => {
    expect(() =>
      decode(new Uint8Array([0x61, 0xf0, 0x9f, 0x98, 0x80]), 'cesu-8', { fatal: true }),
    ).toThrow(expect.objectContaining({ index: 1 }));
  });
  it('a surrogate pair decodes only as a pair: a high surrogate cannot swallow the byte after it', () => {
    expect(decode(new Uint8Array([0xed, 0xa0, 0x80, 0x3c]), 'cesu-8')).toBe('\ufffd<');
  });
});
