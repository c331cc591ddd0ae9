// UTF-16, UTF-32 and UTF-7 behaviour beyond the shared vectors: BOMs, errors and their offsets.
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { DecodeError, decode, type EncodeError, encode, getCodec } from '../src/index';

const bytesOf = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0));
const ascii = (b: Uint8Array): string => String.fromCharCode(...b);
const errorOf = (f: () => unknown): DecodeError | EncodeError => {
  try {
    f();
  } catch (e) {
    return e as DecodeError;
  }
  throw new Error('did not throw');
};

describe('utf-16le / utf-16be', () => {
  it('encode and decode a mixed string', () => {
    const text = 'a€😀';
    expect(Array.from(encode(text, 'utf-16le'))).toEqual([
      0x61, 0, 0xac, 0x20, 0x3d, 0xd8, 0, 0xde,
    ]);
    expect(Array.from(encode(text, 'utf-16be'))).toEqual([
      0, 0x61, 0x20, 0xac, 0xd8, 0x3d, 0xde, 0,
    ]);
    expect(decode(encode(text, 'utf-16le'), 'utf-16le')).toBe(text);
    expect(decode(encode(text, 'utf-16be'), 'utf-16be')).toBe(text);
  });
  it('drops a leading BOM unless ignoreBOM', () => {
    const bytes = new Uint8Array([0xff, 0xfe, 0x61, 0]);
    expect(decode(bytes, 'utf-16le')).toBe('a');
    expect(decode(bytes, 'utf-16le', { ignoreBOM: true })).toBe('\ufeffa');
    expect(decode(new Uint8Array([0xfe, 0xff, 0, 0x61]), 'utf-16be')).toBe('a');
  });
  it('fatal mode reports the offset of the lone surrogate', () => {
    const e = errorOf(() =>
      decode(new Uint8Array([0x61, 0, 0x62, 0, 0, 0xd8, 0x63, 0]), 'utf-16le', { fatal: true }),
    );
    expect(e).toBeInstanceOf(DecodeError);
    expect(e.index).toBe(4);
    expect(
      errorOf(() => decode(new Uint8Array([0x61, 0, 0x00, 0xdc]), 'utf-16le', { fatal: true }))
        .index,
    ).toBe(2);
  });
  it('lone surrogates: fatal throws, replacement writes U+FFFD', () => {
    expect(errorOf(() => encode('a\ud800', 'utf-16le')).index).toBe(1);
    expect(Array.from(encode('a\ud800', 'utf-16le', { mode: 'replacement' }))).toEqual([
      0x61, 0, 0xfd, 0xff,
    ]);
  });
  it("encode gives Node Buffer's UTF-16 of the well-formed text, in either byte order; fatal stops at the first lone surrogate", () => {
    // Surrogates of both kinds, in and out of pairs, among other units.
    const unit = fc.constantFrom('a', 'é', '語', '\ud83d', '\ude00', '\udbff', '\udc00', '\uffff');
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 40 }), (units) => {
        const text = units.join('');
        const le = Buffer.from(
          (text as unknown as { toWellFormed(): string }).toWellFormed(),
          'utf16le',
        );
        const be = Buffer.from(le).swap16();
        for (const mode of ['replacement', 'html'] as const) {
          expect(Buffer.from(encode(text, 'utf-16le', { mode })).equals(le)).toBe(true);
          expect(Buffer.from(encode(text, 'utf-16be', { mode })).equals(be)).toBe(true);
        }
        const lone = [...text].findIndex((c) => c.length === 1 && c.charCodeAt(0) >> 11 === 0x1b);
        if (lone < 0) expect(Buffer.from(encode(text, 'utf-16be')).equals(be)).toBe(true);
        else {
          const at = [...text].slice(0, lone).join('').length;
          expect(errorOf(() => encode(text, 'utf-16be')).index).toBe(at);
        }
      }),
    );
  });
});

describe('utf-32le / utf-32be', () => {
  it('encode and decode', () => {
    const text = 'a😀';
    expect(Array.from(encode(text, 'utf-32le'))).toEqual([0x61, 0, 0, 0, 0x00, 0xf6, 0x01, 0]);
    expect(Array.from(encode(text, 'utf-32be'))).toEqual([0, 0, 0, 0x61, 0, 0x01, 0xf6, 0x00]);
    expect(decode(encode(text, 'utf-32be'), 'utf-32be')).toBe(text);
    expect(decode(encode(`\ufeff${text}`, 'utf-32le'), 'utf-32le')).toBe(text);
    expect(decode(encode(`\ufeff${text}`, 'utf-32le'), 'utf-32le', { ignoreBOM: true })).toBe(
      `\ufeff${text}`,
    );
  });
  it('rejects surrogates, values above U+10FFFF and truncated units', () => {
    expect(decode(new Uint8Array([0, 0xd8, 0, 0]), 'utf-32le')).toBe('\ufffd');
    expect(decode(new Uint8Array([0, 0x11, 0, 0]), 'utf-32be')).toBe('\ufffd');
    expect(decode(new Uint8Array([0x61, 0, 0, 0, 0x62]), 'utf-32le')).toBe('a\ufffd');
    expect(
      errorOf(() =>
        decode(new Uint8Array([0x61, 0, 0, 0, 0, 0, 0x11, 0]), 'utf-32le', { fatal: true }),
      ).index,
    ).toBe(4);
    expect(
      errorOf(() => decode(new Uint8Array([0x61, 0, 0, 0, 0x62]), 'utf-32le', { fatal: true }))
        .index,
    ).toBe(4);
  });
});

describe('utf-7', () => {
  it('decodes direct characters and ends base64 at any non-base64 byte', () => {
    expect(decode(bytesOf('Hi+AKM.'), 'utf-7')).toBe('Hi£.');
    expect(decode(bytesOf('+AGEAYgBj-'), 'utf-7')).toBe('abc');
  });
  it('decodes surrogate pairs split over base64 digits', () => {
    expect(ascii(encode('😀', 'utf-7'))).toBe('+2D3eAA-');
    expect(decode(bytesOf('+2D3eAA-'), 'utf-7', { fatal: true })).toBe('😀');
  });
  it('reports malformed input with its offset', () => {
    // Non-zero leftover bits.
    expect(errorOf(() => decode(bytesOf('a+AKN-'), 'utf-7', { fatal: true })).index).toBe(5);
    // "+" then a non-base64 byte.
    expect(decode(bytesOf('+!'), 'utf-7')).toBe('\ufffd!');
    expect(errorOf(() => decode(bytesOf('ab+'), 'utf-7', { fatal: true })).index).toBe(2);
    // "+" at the end of the input: the same error (README; Python and PHP read it as nothing).
    expect(decode(bytesOf('A +'), 'utf-7')).toBe('A \ufffd');
    const d = getCodec('utf-7')!.createDecoder();
    expect(d.decode(bytesOf('A +'), { stream: true })).toBe('A ');
    expect(d.decode()).toBe('\ufffd');
    // A lone high surrogate.
    expect(decode(bytesOf('+2D0-'), 'utf-7')).toBe('\ufffd');
    expect(decode(bytesOf('+3gA-'), 'utf-7')).toBe('\ufffd');
    expect(decode(bytesOf('+2D0AQQ-'), 'utf-7')).toBe('\ufffdA');
    // Bytes above 0x7F are never UTF-7.
    expect(decode(new Uint8Array([0x61, 0xe9]), 'utf-7')).toBe('a\ufffd');
  });
  it('keeps the direct character that ends an ill-formed base64 run (Python drops it)', () => {
    expect(decode(bytesOf('a+IK,b'), 'utf-7')).toBe('a\ufffd,b');
    expect(decode(bytesOf('a+IK.b'), 'utf-7')).toBe('a\ufffd.b');
    expect(errorOf(() => decode(bytesOf('a+IK,b'), 'utf-7', { fatal: true })).index).toBe(4);
    // Well-formed, the same run decodes and the ',' is kept too.
    expect(decode(bytesOf('a+IKw,b'), 'utf-7', { fatal: true })).toBe('a€,b');
  });
  it('a lone high surrogate and bad leftover bits are two errors, two U+FFFD (Python writes one)', () => {
    expect(decode(bytesOf('a+2D3-b'), 'utf-7')).toBe('a\ufffd\ufffdb');
    expect(decode(bytesOf('a+2D3,b'), 'utf-7')).toBe('a\ufffd\ufffd,b');
    // Zero leftover bits: the lone surrogate alone, one U+FFFD.
    expect(decode(bytesOf('+2D0-'), 'utf-7')).toBe('\ufffd');
  });
  it('closes an open base64 run at the end of input', () => {
    expect(decode(bytesOf('+AKM'), 'utf-7')).toBe('£');
  });
  it('fatal mode reads every byte 0x00-0x7F outside a run as itself, those RFC 2152 writes only in base64 too (README)', () => {
    for (let b = 0; b < 0x80; b++) {
      if (b === 0x2b) continue; // +
      expect(decode(Uint8Array.of(0x41, b, 0x42), 'utf-7', { fatal: true })).toBe(
        `A${String.fromCharCode(b)}B`,
      );
    }
    // The encoder writes them in base64, never directly.
    const text = '~\\\x00\x1b\x01\x7f';
    const out = encode(text, 'utf-7');
    expect(ascii(out)).toMatch(/^\+[A-Za-z0-9+/]+-?$/);
    expect(decode(out, 'utf-7', { fatal: true })).toBe(text);
    // utf-7-imap refuses the controls and DEL; ~ and \ are printable there, as themselves.
    expect(decode(bytesOf('A ~ \\ B'), 'utf-7-imap', { fatal: true })).toBe('A ~ \\ B');
    for (const b of [0x00, 0x01, 0x1b, 0x7f])
      expect(
        errorOf(() => decode(Uint8Array.of(0x41, b), 'utf-7-imap', { fatal: true })).index,
      ).toBe(1);
  });
});

describe('utf-7-imap', () => {
  it('requires "-" after base64 and printable ASCII', () => {
    expect(decode(bytesOf('&AKM.'), 'utf-7-imap')).toBe('£\ufffd.');
    expect(decode(bytesOf('&AKM'), 'utf-7-imap')).toBe('£\ufffd');
    expect(decode(new Uint8Array([0x09]), 'utf-7-imap')).toBe('\ufffd');
    expect(decode(bytesOf('&U,BTFw-'), 'utf-7-imap')).toBe('台北');
  });
  it('encodes every non-printable character in base64', () => {
    expect(ascii(encode('a\tb', 'utf-7-imap'))).toBe('a&AAk-b');
  });
  it('base64 for a printable US-ASCII character is an error at the digit that completes it (RFC 3501 §5.1.3)', () => {
    for (const [wire, text, index] of [
      ['&AGE-', '\ufffd', 3], // a
      ['&ACY-', '\ufffd', 3], // & itself, which is &-
      ['&ACA-', '\ufffd', 3], // space
      ['&AH4-', '\ufffd', 3], // ~
      ['&AGEAYg-', '\ufffd\ufffd', 3], // one error a character
      ['&AGEA6Q-', '\ufffdé', 3],
      ['x&AOkAYQ-y', 'xé\ufffdy', 7], // the second unit completes at the Q
    ] as const) {
      expect(decode(bytesOf(wire), 'utf-7-imap'), wire).toBe(text);
      expect(errorOf(() => decode(bytesOf(wire), 'utf-7-imap', { fatal: true })).index).toBe(index);
      // Streaming byte by byte: the same text, the same index.
      const d = getCodec('utf-7-imap')!.createDecoder();
      expect(
        Array.from(bytesOf(wire), (b) => d.decode(Uint8Array.of(b), { stream: true })).join('') +
          d.decode(),
      ).toBe(text);
    }
    // What must be base64 still is: controls, DEL, and everything above ASCII.
    expect(decode(bytesOf('&AB8AfwCA-'), 'utf-7-imap', { fatal: true })).toBe('\x1f\x7f\x80');
    // RFC 2152 allows it: plain utf-7 reads +AGE- as a.
    expect(decode(bytesOf('+AGE-'), 'utf-7', { fatal: true })).toBe('a');
  });
  it('a null shift, a run right after the - that closed one, is an error at its & (RFC 3501 §5.1.3)', () => {
    const d = getCodec('utf-7-imap')!;
    for (const [wire, text, index] of [
      ['&Jjo-&Jjo-', '☺\ufffd☺', 5],
      ['&U,BTFw-&ZeVnLIqe-', '台北\ufffd日本語', 8], // Dovecot: "unnecessary shift"
      ['a&AOQ-&AOQ-&AOQ-b', 'aä\ufffdä\ufffdäb', 6],
      ['&AKN-&AOQ-', '£\ufffd\ufffdä', 4], // bad padding closed by -: still a run, still a null shift
    ] as const) {
      expect(d.decode(bytesOf(wire)), wire).toBe(text);
      expect(errorOf(() => d.decode(bytesOf(wire), { fatal: true })).index).toBe(index);
      const s = d.createDecoder();
      expect(
        Array.from(bytesOf(wire), (b) => s.decode(Uint8Array.of(b), { stream: true })).join('') +
          s.decode(),
      ).toBe(text);
    }
    // Not null shifts: &- after a run is &; a direct character between runs; a run not closed
    // by - (one error, its own); & before neither base64 nor - (the empty shift error).
    for (const [wire, text] of [
      ['&AOQ-&-', 'ä&'],
      ['&AOQ-&-&AOQ-', 'ä&ä'],
      ['&AOQ--&AOQ-', 'ä-ä'],
      ['-&AOQ-', '-ä'],
      ['&-&AOQ-', '&ä'],
    ] as const)
      expect(d.decode(bytesOf(wire), { fatal: true }), wire).toBe(text);
    expect(d.decode(bytesOf('&AOk&AOk-'))).toBe('é\ufffdé');
    expect(errorOf(() => d.decode(bytesOf('&AOk&AOk-'), { fatal: true })).reason).toBe(
      'base64 not closed by -',
    );
    expect(d.decode(bytesOf('&AOQ-&!'))).toBe('ä\ufffd!');
    expect(d.decode(bytesOf('&AOQ-&'))).toBe('ä\ufffd');
    // The encoder writes one run per stretch; RFC 2152 allows runs back to back in utf-7.
    expect(ascii(encode('☺☺', 'utf-7-imap'))).toBe('&JjomOg-');
    expect(decode(bytesOf('+Jjo-+Jjo-'), 'utf-7', { fatal: true })).toBe('☺☺');
  });
  it('canonical names come back as themselves; what cannot name a text stays an error', () => {
    for (const wire of ['a&-b', '&JjomOg-', '&U,BTFw-'])
      expect(
        ascii(encode(decode(bytesOf(wire), 'utf-7-imap', { fatal: true }), 'utf-7-imap')),
      ).toBe(wire);
    // 0x7F, a control, a run not closed by -.
    for (const [wire, index] of [
      ['a\x7f', 1],
      ['a\tb', 1],
      ['&AOk.', 4],
    ] as const) {
      expect(() => decode(bytesOf(wire), 'utf-7-imap', { fatal: true })).toThrow(
        expect.objectContaining({ index }),
      );
    }
  });
});

describe.each(['utf-7', 'utf-7-imap'])('%s round trips', (name) => {
  it('text: decode(encode(text)) = text for any text (lone surrogates as U+FFFD)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => {
        expect(decode(encode(text, name, { mode: 'html' }), name, { fatal: true })).toBe(
          (text as unknown as { toWellFormed(): string }).toWellFormed(),
        );
      }),
      { numRuns: 200 },
    );
  });
});

describe('round trips of bytes', () => {
  it('utf-7: bytes do not, a text has several spellings and the encoder writes one (roundTrips false)', () => {
    expect(decode(bytesOf('+AGE-'), 'utf-7', { fatal: true })).toBe('a');
    expect(ascii(encode('a', 'utf-7'))).toBe('a');
    expect(getCodec('utf-7')!.roundTrips).toBe(false);
  });

  // utf-7-imap: a name has one spelling (RFC 3501 §5.1.3) and the decoder refuses every other, so
  // encode(decode(bytes)) = bytes for every input that decodes without error (roundTrips true).
  const imap = getCodec('utf-7-imap')!;
  /** The bytes back, or undefined where fatal decoding refuses them. */
  const again = (wire: string): string | undefined => {
    let text: string;
    try {
      text = imap.decode(bytesOf(wire), { fatal: true });
    } catch (error) {
      expect(error).toBeInstanceOf(DecodeError);
      return undefined;
    }
    return ascii(imap.encode(text));
  };
  it('utf-7-imap: roundTrips is true', () => {
    expect(imap.roundTrips).toBe(true);
  });
  it('utf-7-imap: every string of up to 5 bytes over & - , A E G Q decodes to itself or fails', () => {
    // &AGE- is a, &AAQ- U+0004, &AQA- U+0100, &,,,- U+FFFF and bad padding; runs and &-.
    const alphabet = ['&', '-', ',', 'A', 'E', 'G', 'Q'];
    let wires = [''];
    let valid = 0;
    for (let n = 1; n <= 5; n++) {
      wires = wires.flatMap((w) => alphabet.map((c) => w + c));
      for (const wire of wires) {
        const back = again(wire);
        if (back === undefined) continue;
        valid++;
        expect(back, JSON.stringify(wire)).toBe(wire);
      }
    }
    expect(valid).toBeGreaterThan(500);
  });
  it('utf-7-imap: random names built of runs, &- and printable ASCII decode to themselves or fail', () => {
    const digit = fc.constantFrom(
      ...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+,',
    );
    const token = fc.oneof(
      fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
      fc.constant('&-'),
      fc.constant('-'),
      fc.array(digit, { minLength: 1, maxLength: 16 }).map((d) => `&${d.join('')}-`),
    );
    const wire = fc.array(token, { maxLength: 12 }).map((t) => t.join(''));
    const sample = fc.sample(wire, { numRuns: 500, seed: 1 });
    expect(sample.filter((w) => again(w) !== undefined).length).toBeGreaterThan(50);
    fc.assert(
      fc.property(wire, (w) => {
        const back = again(w);
        if (back !== undefined) expect(back).toBe(w);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('registry', () => {
  it('every codec name is lowercase and unique', () => {
    expect(getCodec('UTF-7')?.name).toBe('utf-7');
  });
});

describe('utf-16 long input through the runtime’s decoder', () => {
  // Units drawn from the cases that matter: ASCII, BMP text, both surrogate halves, U+FEFF and U+FFFE.
  const unit = fc.constantFrom(0x41, 0x3b1, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0xfeff, 0xfffe, 0xffff);
  const input = fc.record({
    units: fc.array(unit, { minLength: 130, maxLength: 400 }),
    odd: fc.boolean(),
    bigEndian: fc.boolean(),
    ignoreBOM: fc.boolean(),
    split: fc.integer({ min: 0, max: 900 }),
  });
  const bytesOfUnits = (units: number[], odd: boolean, bigEndian: boolean): Uint8Array => {
    const bytes = new Uint8Array(units.length * 2 + +odd).fill(0x41);
    units.forEach((u, i) => {
      bytes[2 * i + +bigEndian] = u & 0xff;
      bytes[2 * i + +!bigEndian] = u >> 8;
    });
    return bytes;
  };
  // The reference: the same codec fed 100 bytes at a time, which its own loop decodes (the
  // runtime's decoder takes only chunks of over 256 bytes).
  const small = (name: string, bytes: Uint8Array, fatal: boolean, ignoreBOM: boolean): string => {
    const d = getCodec(name)!.createDecoder({ fatal, ignoreBOM });
    let s = '';
    for (let i = 0; i < bytes.length; i += 100)
      s += d.decode(bytes.subarray(i, i + 100), { stream: true });
    return s + d.decode();
  };
  const outcome = (f: () => string): string | number => {
    try {
      return f();
    } catch (e) {
      expect(e).toBeInstanceOf(DecodeError);
      return (e as DecodeError).index;
    }
  };

  it('gives what the code-unit loop gives, one-shot and streamed, fatal or not (error index too)', () => {
    fc.assert(
      fc.property(input, ({ units, odd, bigEndian, ignoreBOM, split }) => {
        const name = bigEndian ? 'utf-16be' : 'utf-16le';
        const bytes = bytesOfUnits(units, odd, bigEndian);
        for (const fatal of [false, true]) {
          const expected = outcome(() => small(name, bytes, fatal, ignoreBOM));
          expect(outcome(() => decode(bytes, name, { fatal, ignoreBOM }))).toEqual(expected);
          // Two chunks, each possibly long: a pair or a unit may be cut between them.
          const at = Math.min(split, bytes.length);
          const d = getCodec(name)!.createDecoder({ fatal, ignoreBOM });
          expect(
            outcome(
              () =>
                d.decode(bytes.subarray(0, at), { stream: true }) + d.decode(bytes.subarray(at)),
            ),
          ).toEqual(expected);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('is taken here: this runtime’s decoders pass the probe and get the long input', () => {
    const spy = vi.spyOn(TextDecoder.prototype, 'decode');
    try {
      for (const name of ['utf-16le', 'utf-16be'])
        expect(decode(encode('ab'.repeat(300), name), name)).toBe('ab'.repeat(300));
      expect(spy.mock.calls.filter(([b]) => (b as Uint8Array).length === 1200).length).toBe(2);
    } finally {
      spy.mockRestore();
    }
  });

  it('a leading byte order mark is dropped unless kept, also on the fast path', () => {
    const body = 'x'.repeat(300);
    for (const [name, bom] of [
      ['utf-16le', [0xff, 0xfe]],
      ['utf-16be', [0xfe, 0xff]],
    ] as const) {
      const bytes = Uint8Array.of(...bom, ...encode(body, name));
      expect(decode(bytes, name)).toBe(body);
      expect(decode(bytes, name, { ignoreBOM: true })).toBe(`\ufeff${body}`);
    }
  });
});
