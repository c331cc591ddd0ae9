// TextDecoder, TextEncoder and CharsetEncoder: the WHATWG Encoding Standard's rules (§7), checked
// against Node's own classes where Node follows the standard.
import { getCodec } from '@x/legacy-charsets';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CharsetEncoder,
  type CharsetCodec,
  registerCodec,
  TextDecodeError,
  TextDecoder,
  TextDecoderStream,
  TextEncoder,
  TextEncoderStream,
} from '../src/index';
import {
  anyText,
  decodeInChunks,
  NODE_DIVERGES,
  split,
  WHATWG_ENCODINGS,
  WHATWG_LABEL_LIST,
} from './text-coding-helpers';

const NodeTextDecoder = globalThis.TextDecoder;
const NodeTextEncoder = globalThis.TextEncoder;
const bytes = (...b: number[]): Uint8Array => new Uint8Array(b);
const thrown = (f: () => unknown): unknown => {
  try {
    f();
  } catch (error) {
    return error;
  }
  throw new Error('did not throw');
};

/** Well-formed bytes of an encoding, with many multi-byte sequences: random bytes decoded, U+FFFD dropped, encoded again. */
function sample(encoding: string, seed = 1, n = 600): Uint8Array {
  const random = new Uint8Array(n);
  let x = seed;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    random[i] = x >>> 24;
  }
  const text = new TextDecoder(encoding).decode(random).split('\ufffd').join('');
  return new CharsetEncoder(encoding, { unencodable: 'replacement' }).encode(text);
}

describe('TSDoc examples', () => {
  it('TextDecoder', () => {
    const decoder = new TextDecoder('shift_jis');
    expect(decoder.encoding).toBe('shift_jis');
    expect(decoder.decode(bytes(0x82, 0xa0), { stream: true }) + decoder.decode()).toBe('あ');
    expect(new TextDecoder('utf-16le').decode(bytes(0xff, 0xfe, 0x41, 0x00))).toBe('A');
    expect(new TextDecoder('cp437', { mode: 'iana' }).decode(bytes(0x9c))).toBe('£');
  });

  it('TextDecodeError', () => {
    const error = thrown(() =>
      new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array([0x61, 0xff])),
    );
    expect((error as TextDecodeError).index).toBe(1);
  });

  it('TextEncoder', () => {
    const encoder = new TextEncoder();
    expect(encoder.encode('€')).toEqual(bytes(0xe2, 0x82, 0xac));
    expect(encoder.encodeInto('a😀', new Uint8Array(4))).toEqual({ read: 1, written: 1 });
  });

  it('CharsetEncoder', () => {
    expect(new CharsetEncoder('shift_jis').encode('あ')).toEqual(bytes(0x82, 0xa0));
    expect(
      new TextDecoder().decode(new CharsetEncoder('latin2', { unencodable: 'html' }).encode('€1')),
    ).toBe('&#8364;1');
    expect(new CharsetEncoder('utf-16le', { bom: true }).encode('A')).toEqual(
      bytes(0xff, 0xfe, 0x41, 0x00),
    );
    expect(new CharsetEncoder('GB2312').encode('€')).toEqual(bytes(0x80));
    expect(
      new CharsetEncoder('GB2312', { mode: 'iana', unencodable: 'replacement' }).encode('€'),
    ).toEqual(bytes(0x3f));
  });
});

describe('TextDecoder: constructor (WHATWG Encoding §7.2)', () => {
  it('every WHATWG label gives the encoding Node gives, lowercase; replacement labels are a RangeError', () => {
    expect(WHATWG_LABEL_LIST.length).toBe(228);
    for (const [label, name] of WHATWG_LABEL_LIST) {
      for (const spelling of [label, label.toUpperCase(), ` \t${label}\n\f\r`]) {
        if (name === 'replacement') {
          expect(() => new TextDecoder(spelling)).toThrow(RangeError);
          expect(() => new NodeTextDecoder(spelling)).toThrow(RangeError);
          continue;
        }
        expect(new TextDecoder(spelling).encoding).toBe(name);
        expect(new TextDecoder(spelling).encoding).toBe(new NodeTextDecoder(spelling).encoding);
      }
    }
  });

  it('defaults: utf-8, not fatal, BOM stripped', () => {
    const decoder = new TextDecoder();
    expect([decoder.encoding, decoder.fatal, decoder.ignoreBOM]).toEqual(['utf-8', false, false]);
    expect(new TextDecoder(undefined, null).encoding).toBe('utf-8');
    const set = new TextDecoder('l1', {
      fatal: 1 as unknown as boolean,
      ignoreBOM: 'yes' as unknown as boolean,
    });
    expect([set.encoding, set.fatal, set.ignoreBOM]).toEqual(['windows-1252', true, true]);
  });

  it('unknown labels are a RangeError, as the platform', () => {
    for (const label of [
      '',
      'utf-7',
      'utf-32',
      'unicode-1-1-utf-7',
      'x-user',
      'utf\u00a08',
      'ut\u212a-8',
      'null',
    ]) {
      expect(() => new TextDecoder(label)).toThrow(RangeError);
      expect(() => new NodeTextDecoder(label)).toThrow(RangeError);
    }
    expect(() => new TextDecoder(null as unknown as string)).toThrow(RangeError);
  });

  it('options that are not an object are a TypeError', () => {
    for (const options of [1, 'fatal', true]) {
      expect(() => new TextDecoder('utf-8', options as never)).toThrow(TypeError);
    }
  });

  it('the iana mode reaches every charset of the family, and never replacement', () => {
    expect(new TextDecoder('latin1', { mode: 'iana' }).encoding).toBe('iso-8859-1');
    expect(new TextDecoder('latin1').encoding).toBe('windows-1252');
    expect(
      new TextDecoder('UTF-7', { mode: 'iana' }).decode(new TextEncoder().encode('+AKM-1')),
    ).toBe('£1');
    expect(() => new TextDecoder('replacement', { mode: 'iana' })).toThrow(RangeError);
  });
});

describe('TextDecoder: BOM handling (WHATWG Encoding §7.1, §6 decode)', () => {
  const BOMS: [string, number[], number[]][] = [
    ['utf-8', [0xef, 0xbb, 0xbf], [0x41]],
    ['utf-16le', [0xff, 0xfe], [0x41, 0x00]],
    ['utf-16be', [0xfe, 0xff], [0x00, 0x41]],
  ];

  it('the encoding’s own BOM is stripped, once, unless ignoreBOM', () => {
    for (const [encoding, bom, a] of BOMS) {
      const input = bytes(...bom, ...a, ...bom, ...a);
      expect(new TextDecoder(encoding).decode(input)).toBe('A\ufeffA');
      expect(new TextDecoder(encoding, { ignoreBOM: true }).decode(input)).toBe('\ufeffA\ufeffA');
      expect(new TextDecoder(encoding).decode(bytes(...bom))).toBe('');
      expect(new NodeTextDecoder(encoding).decode(input)).toBe('A\ufeffA');
    }
  });

  it('another encoding’s BOM is not stripped (no sniffing: the label decides)', () => {
    expect(new TextDecoder('utf-8').decode(bytes(0xff, 0xfe, 0x41, 0x00))).toBe('\ufffd\ufffdA\0');
    expect(new TextDecoder('utf-16le').decode(bytes(0xfe, 0xff, 0x41, 0x00))).toBe('\ufffeA');
    expect(new TextDecoder('utf-16be').decode(bytes(0xef, 0xbb, 0xbf, 0x41))).toBe('\uefbb\ubf41');
  });

  it('a BOM is stripped only in UTF-8 and UTF-16, never decoded as U+FEFF by another encoding', () => {
    expect(new TextDecoder('windows-1252').decode(bytes(0xef, 0xbb, 0xbf))).toBe('ï»¿');
    // GB18030 decodes 84 31 95 33 to U+FEFF: content, not a BOM.
    expect(new TextDecoder('gb18030').decode(bytes(0x84, 0x31, 0x95, 0x33, 0x41))).toBe('\ufeffA');
    expect(new NodeTextDecoder('gb18030').decode(bytes(0x84, 0x31, 0x95, 0x33, 0x41))).toBe(
      '\ufeffA',
    );
  });

  it('a BOM split across chunks is still stripped; one after text is content', () => {
    for (const [encoding, bom, a] of BOMS) {
      const decoder = new TextDecoder(encoding);
      let text = '';
      for (const b of [...bom, ...a]) text += decoder.decode(bytes(b), { stream: true });
      expect(text + decoder.decode()).toBe('A');
      expect(decoder.decode(bytes(...a), { stream: true })).toBe('A');
      expect(decoder.decode(bytes(...bom))).toBe('\ufeff');
      // The stream ended: the next one strips its BOM again.
      expect(decoder.decode(bytes(...bom, ...a))).toBe('A');
      // An empty first chunk produces nothing, so the BOM after it is still the first.
      expect(decoder.decode(bytes(), { stream: true }) + decoder.decode(bytes(...bom, ...a))).toBe(
        'A',
      );
    }
  });
});

describe('TextDecoder: streaming', () => {
  it('every WHATWG encoding: a sequence split anywhere decodes as if whole (byte by byte)', () => {
    for (const encoding of WHATWG_ENCODINGS) {
      const input = sample(encoding);
      const whole = new TextDecoder(encoding).decode(input);
      expect(whole.length, encoding).toBeGreaterThan(50);
      const decoder = new TextDecoder(encoding);
      let text = '';
      for (let i = 0; i < input.length; i++)
        text += decoder.decode(input.subarray(i, i + 1), { stream: true });
      expect(text + decoder.decode(), encoding).toBe(whole);
    }
  });

  it('every WHATWG encoding: random chunkings equal one-shot decoding (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...WHATWG_ENCODINGS),
        fc.uint8Array({ maxLength: 120 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        fc.boolean(),
        (encoding, input, cuts, fatal) => {
          const whole = (() => {
            try {
              return new TextDecoder(encoding, { fatal }).decode(input);
            } catch (e) {
              return e instanceof TextDecodeError ? `error at ${e.index}` : e;
            }
          })();
          const decoder = new TextDecoder(encoding, { fatal });
          let text = '';
          try {
            for (const part of split(input, cuts)) text += decoder.decode(part, { stream: true });
            text += decoder.decode();
          } catch (e) {
            text = e instanceof TextDecodeError ? `error at ${e.index}` : (e as string);
          }
          expect(text).toBe(whole);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('an incomplete sequence at the end of the stream is U+FFFD, or a fatal error at its offset', () => {
    const decoder = new TextDecoder('utf-8', { fatal: true });
    expect(decoder.decode(bytes(0x61, 0x62, 0xe2), { stream: true })).toBe('ab');
    expect(decoder.decode(bytes(0x82), { stream: true })).toBe('');
    const error = thrown(() => decoder.decode());
    expect(error).toBeInstanceOf(TypeError);
    expect(error).toMatchObject({ name: 'TypeError', index: 2, encoding: 'utf-8' });
    // Ready for a new stream after the error.
    expect(decoder.decode(bytes(0x41))).toBe('A');
    expect(new TextDecoder('utf-8').decode(bytes(0xe2, 0x82))).toBe('\ufffd');
    expect(new TextDecoder('utf-16le').decode(bytes(0x41, 0x00, 0x42))).toBe('A\ufffd');
    expect(new TextDecoder('shift_jis').decode(bytes(0x82))).toBe('\ufffd');
    expect(new TextDecoder('gb18030').decode(bytes(0x81, 0x30, 0x81))).toBe('\ufffd');
  });

  it('a stream left open by a call with stream: true ends at the next call without it', () => {
    const decoder = new TextDecoder('euc-jp');
    expect(decoder.decode(bytes(0xa4), { stream: true })).toBe('');
    expect(decoder.decode(bytes(0xa2))).toBe('あ');
    // Nothing held over: a fresh stream.
    expect(decoder.decode(bytes(0x41))).toBe('A');
  });

  it('ISO-2022-JP keeps its shift state across chunks, and resets it after the stream', () => {
    const input = bytes(0x1b, 0x24, 0x42, 0x24, 0x22, 0x1b, 0x28, 0x42, 0x41);
    const decoder = new TextDecoder('iso-2022-jp');
    let text = '';
    for (const b of input) text += decoder.decode(bytes(b), { stream: true });
    expect(text + decoder.decode()).toBe('あA');
    expect(decoder.decode(bytes(0x1b, 0x24, 0x42), { stream: true })).toBe('');
    expect(decoder.decode()).toBe('');
    expect(decoder.decode(bytes(0x24, 0x22))).toBe('$"');
  });
});

describe('TextDecoder: fatal errors', () => {
  const cases: [string, number[], number][] = [
    ['utf-8', [0x61, 0xc0, 0xaf], 1],
    ['utf-16le', [0x41, 0x00, 0x00, 0xdc], 2],
    ['utf-16be', [0x00, 0x41, 0xd8, 0x00, 0x00, 0x41], 2],
    ['shift_jis', [0x41, 0x42, 0xa0], 2],
    ['windows-1253', [0x41, 0xaa], 1],
    ['iso-2022-jp', [0x41, 0x0e], 1],
    ['gb18030', [0x41, 0x81, 0x20], 1],
  ];

  it('malformed input throws a TypeError that says where (both one-shot and streamed)', () => {
    for (const [encoding, input, index] of cases) {
      const error = thrown(() =>
        new TextDecoder(encoding, { fatal: true }).decode(bytes(...input)),
      );
      expect(error, encoding).toBeInstanceOf(TypeError);
      expect(error, encoding).toBeInstanceOf(TextDecodeError);
      expect((error as TextDecodeError).index, encoding).toBe(index);
      expect(() => new NodeTextDecoder(encoding, { fatal: true }).decode(bytes(...input))).toThrow(
        TypeError,
      );
      const decoder = new TextDecoder(encoding, { fatal: true });
      const streamed = thrown(() => {
        for (const b of input) decoder.decode(bytes(b), { stream: true });
        decoder.decode();
      });
      expect((streamed as TextDecodeError).index, encoding).toBe(index);
      // And the decoder is ready for a new stream.
      const a = encoding === 'utf-16le' ? [0x41, 0] : encoding === 'utf-16be' ? [0, 0x41] : [0x41];
      expect(decoder.decode(bytes(...a))).toBe('A');
    }
  });

  it("the classes and the fatal error look like the platform's to WebIDL-minded checks", () => {
    // testharness.js's assert_throws_js(TypeError, f) wants e.constructor === TypeError and
    // e.name === 'TypeError' (WPT textdecoder-fatal.any.js and its siblings).
    for (const [label, input] of [
      ['utf-8', [0xff]],
      ['utf-16le', [0x00, 0xd8]],
      ['shift_jis', [0x82]],
      ['windows-1253', [0xaa]],
    ] as const) {
      const ours = thrown(() => new TextDecoder(label, { fatal: true }).decode(bytes(...input)));
      const platform = thrown(() =>
        new globalThis.TextDecoder(label, { fatal: true }).decode(bytes(...input)),
      ) as Error;
      expect(ours, label).toBeInstanceOf(TextDecodeError);
      expect((ours as Error).constructor, label).toBe(platform.constructor);
      expect((ours as Error).name, label).toBe(platform.name);
      expect(String(ours), label).toMatch(/^TypeError: The .* data is malformed at byte 0/);
    }
    const tag = (x: unknown): string => Object.prototype.toString.call(x);
    expect(tag(new TextDecoder())).toBe(tag(new globalThis.TextDecoder()));
    expect(tag(new TextEncoder())).toBe(tag(new globalThis.TextEncoder()));
    // WebIDL §3.7.3's class string; Node 24's own stream classes lack it ('[object Object]').
    expect(tag(new TextDecoderStream('utf-8'))).toBe('[object TextDecoderStream]');
    expect(tag(new TextEncoderStream())).toBe('[object TextEncoderStream]');
    expect(TextDecoder.name).toBe('TextDecoder');
    expect(TextEncoder.name).toBe('TextEncoder');
    // WebIDL: optional arguments do not count in a function's length.
    expect(TextDecoder.prototype.decode.length).toBe(
      globalThis.TextDecoder.prototype.decode.length,
    );
    expect(new TextDecoder().decode(undefined, undefined)).toBe('');
  });

  it('TextDecodeError is recognised across the ESM and CommonJS builds (a brand, not the prototype)', () => {
    const error = thrown(() => new TextDecoder('gbk', { fatal: true }).decode(bytes(0x80, 0xff)));
    expect(error).toBeInstanceOf(TextDecodeError);
    // What an error of the other build looks like to this one: the shared brand, another prototype.
    const other = Object.assign(new TypeError('x'), {
      [Symbol.for('@x/mime-charset/TextDecodeError')]: true,
    });
    expect(other instanceof TextDecodeError).toBe(true);
    expect(new TypeError('x') instanceof TextDecodeError).toBe(false);
    expect((null as unknown as object) instanceof TextDecodeError).toBe(false);
    class Sub extends TextDecodeError {}
    expect(error instanceof Sub).toBe(false);
    expect(new Sub('gbk', 0, 'x') instanceof Sub).toBe(true);
  });

  it('without fatal the same input decodes with U+FFFD, as Node', () => {
    for (const [encoding, input] of cases) {
      expect(new TextDecoder(encoding).decode(bytes(...input)), encoding).toBe(
        new NodeTextDecoder(encoding).decode(bytes(...input)),
      );
    }
  });
});

describe('TextDecoder: edge cases of the Standard', () => {
  it('UTF-16LE, fatal, streaming: an odd byte waits for its pair; a stream ending on it throws', () => {
    const decoder = new TextDecoder('utf-16le', { fatal: true });
    const odd = bytes(0x00);
    const even = bytes(0x00, 0x00);
    expect(decoder.decode(odd, { stream: true })).toBe('');
    expect(decoder.decode(odd)).toBe('\0');
    expect(() => {
      decoder.decode(even, { stream: true });
      decoder.decode(odd);
    }).toThrow(TypeError);
    expect(() => {
      decoder.decode(odd, { stream: true });
      decoder.decode(even);
    }).toThrow(TypeError);
    // The failed call ended the stream: the next starts afresh.
    expect(decoder.decode(even, { stream: true })).toBe('\0');
    expect(decoder.decode(even)).toBe('\0');
  });

  it('a fatal error in a streamed chunk ends that stream', () => {
    const decoder = new TextDecoder('utf-8', { fatal: true });
    expect(() => decoder.decode(bytes(0xff), { stream: true })).toThrow(TypeError);
    expect(decoder.decode()).toBe('');
    expect(decoder.decode(bytes(0xe2, 0x82), { stream: true })).toBe('');
    expect(() => decoder.decode(bytes(0x41), { stream: true })).toThrow(TypeError);
    expect(decoder.decode(bytes(0x41))).toBe('A');
  });

  it('UTF-16 surrogates: a lone or reversed one is U+FFFD (or a fatal error), a pair one character', () => {
    const cases: [number[], string][] = [
      [[0x61, 0x00, 0x00, 0xd8, 0x62, 0x00], 'a\ufffdb'],
      [[0x61, 0x00, 0x00, 0xdc, 0x62, 0x00], 'a\ufffdb'],
      [[0x00, 0xdc, 0x00, 0xd8], '\ufffd\ufffd'],
      [[0x3d, 0xd8, 0x00, 0xde], '😀'],
      [[0x00, 0xd8], '\ufffd'],
    ];
    for (const [input, text] of cases) {
      expect(new TextDecoder('utf-16le').decode(bytes(...input))).toBe(text);
      expect(new NodeTextDecoder('utf-16le').decode(bytes(...input))).toBe(text);
      const swapped = bytes(...input.map((_, i) => input[i ^ 1]!));
      expect(new TextDecoder('utf-16be').decode(swapped)).toBe(text);
      if (text.includes('\ufffd')) {
        expect(() => new TextDecoder('utf-16le', { fatal: true }).decode(bytes(...input))).toThrow(
          TypeError,
        );
      }
    }
  });

  it('labels: only ASCII whitespace (tab, LF, FF, CR, space) is trimmed; not VT, not NBSP', () => {
    expect(new TextDecoder('\t\n\f\r utf-8 \t\n\f\r').encoding).toBe('utf-8');
    for (const label of ['\vutf-8', 'utf-8\v', '\u00a0utf-8', 'utf-8\u0000']) {
      expect(() => new TextDecoder(label)).toThrow(RangeError);
      expect(() => new NodeTextDecoder(label)).toThrow(RangeError);
    }
  });
});

describe('TextDecoder: input kinds (WebIDL AllowSharedBufferSource)', () => {
  it('takes buffers and any view, refuses anything else with a TypeError', () => {
    const u8 = bytes(0x61, 0x62, 0x63, 0x64);
    const decoder = new TextDecoder();
    expect(decoder.decode(u8.buffer)).toBe('abcd');
    expect(decoder.decode(new DataView(u8.buffer, 1, 2))).toBe('bc');
    expect(decoder.decode(new Uint16Array(u8.buffer, 2, 1))).toBe('cd');
    const shared = new Uint8Array(new SharedArrayBuffer(2));
    shared.set([0x68, 0x69]);
    expect(decoder.decode(shared)).toBe('hi');
    expect(decoder.decode()).toBe('');
    expect(new TextDecoder('windows-1252').decode(u8.buffer)).toBe('abcd');
    for (const bad of [null, 'abc', [0x61], 42, {}]) {
      expect(() => decoder.decode(bad as never)).toThrow(TypeError);
      expect(() => new TextDecoder('shift_jis').decode(bad as never)).toThrow(TypeError);
    }
  });
});

describe('TextDecoder: differential against Node (full ICU)', () => {
  const agreeing = WHATWG_ENCODINGS.filter((e) => !NODE_DIVERGES.has(e));

  it('random bytes, random chunkings, fatal or not: the same text or the same failure', () => {
    expect(agreeing.length).toBe(34);
    const outcome = (f: () => string): unknown => {
      try {
        return f();
      } catch (e) {
        return e instanceof TypeError ? 'TypeError' : e;
      }
    };
    fc.assert(
      fc.property(
        fc.constantFrom(...agreeing),
        fc.uint8Array({ maxLength: 200 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        fc.boolean(),
        fc.boolean(),
        (encoding, input, cuts, fatal, ignoreBOM) => {
          const options = { fatal, ignoreBOM };
          const node = outcome(() => new NodeTextDecoder(encoding, options).decode(input));
          expect(outcome(() => new TextDecoder(encoding, options).decode(input))).toBe(node);
          // Ours streamed against Node's one-shot: Node's own GBK and gb18030 streaming throws
          // even when not fatal once a four-byte sequence started in one chunk breaks in the next.
          const streamed = outcome(() =>
            decodeInChunks(new TextDecoder(encoding, options), input, cuts),
          );
          expect(streamed).toBe(node);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('Node’s streaming agrees too where Node streams right (not GBK and gb18030)', () => {
    const streaming = agreeing.filter((e) => e !== 'gbk' && e !== 'gb18030');
    fc.assert(
      fc.property(
        fc.constantFrom(...streaming),
        fc.uint8Array({ maxLength: 100 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        (encoding, input, cuts) => {
          const run = (decoder: { decode(b?: Uint8Array, o?: { stream?: boolean }): string }) =>
            split(input, cuts)
              .map((part) => decoder.decode(part, { stream: true }))
              .join('') + decoder.decode();
          expect(run(new TextDecoder(encoding))).toBe(run(new NodeTextDecoder(encoding)));
        },
      ),
      { numRuns: 1000 },
    );
    // The Node behaviour this works around, so that the filter goes once Node fixes it.
    const gbk = new NodeTextDecoder('gbk');
    expect(() => {
      gbk.decode(bytes(0x81, 0x30), { stream: true });
      gbk.decode(bytes(0x41), { stream: true });
      gbk.decode();
    }).toThrow(TypeError);
    const ours = new TextDecoder('gbk');
    const text =
      ours.decode(bytes(0x81, 0x30), { stream: true }) + ours.decode(bytes(0x41), { stream: true });
    expect(text + ours.decode()).toBe('\ufffd0A');
  });

  it('EUC-JP agrees with Node on well-formed input', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const input = sample('euc-jp', seed);
      expect(new TextDecoder('euc-jp').decode(input)).toBe(
        new NodeTextDecoder('euc-jp').decode(input),
      );
    }
  });

  it('ISO-2022-JP agrees with Node on what an encoder writes, in any chunks', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a', '\\', '~', '\n', 'ｱ', '¥', '‾', '日', '本', '語', '€'), {
          maxLength: 40,
        }),
        fc.array(fc.nat(), { maxLength: 6 }),
        (chars, cuts) => {
          const input = new CharsetEncoder('iso-2022-jp', { unencodable: 'replacement' }).encode(
            chars.join(''),
          );
          const run = (decoder: { decode(b?: Uint8Array, o?: { stream?: boolean }): string }) =>
            split(input, cuts)
              .map((part) => decoder.decode(part, { stream: true }))
              .join('') + decoder.decode();
          expect(run(new TextDecoder('iso-2022-jp'))).toBe(run(new NodeTextDecoder('iso-2022-jp')));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('ISO-2022-JP: where ICU leaves the Standard (so that the filter goes once Node follows it)', () => {
    // §13.2.1 escape state: a broken escape gives its bytes back to the input after U+FFFD.
    // Lead byte state: a line feed is an error like any byte outside 0x21-0x7E.
    const cases: [number[], string, string][] = [
      [[0x1b, 0x24], '\ufffd$', '\ufffd'],
      [[0x1b, 0x28], '\ufffd(', '\ufffd'],
      [[0x1b, 0x24, 0x41], '\ufffd$A', '\ufffd'],
      [[0x1b, 0x24, 0x42, 0x0a], '\ufffd', '\n'],
    ];
    for (const [input, standard, icu] of cases) {
      expect(new TextDecoder('iso-2022-jp').decode(bytes(...input))).toBe(standard);
      expect(new NodeTextDecoder('iso-2022-jp').decode(bytes(...input))).toBe(icu);
    }
  });

  it('Shift_JIS, EUC-KR and Big5 agree with Node on ASCII and JIS X 0208 / KS X 1001 hiragana', () => {
    // Where ICU and the Encoding Standard share a mapping.
    expect(new TextDecoder('shift_jis').decode(bytes(0x41, 0x82, 0xa0, 0x82, 0xa2))).toBe(
      new NodeTextDecoder('shift_jis').decode(bytes(0x41, 0x82, 0xa0, 0x82, 0xa2)),
    );
    expect(new TextDecoder('euc-kr').decode(bytes(0x41, 0xaa, 0xa2, 0xb0, 0xa1))).toBe(
      new NodeTextDecoder('euc-kr').decode(bytes(0x41, 0xaa, 0xa2, 0xb0, 0xa1)),
    );
    expect(new TextDecoder('big5').decode(bytes(0x41, 0xa4, 0x40, 0xa4, 0xe9))).toBe(
      new NodeTextDecoder('big5').decode(bytes(0x41, 0xa4, 0x40, 0xa4, 0xe9)),
    );
  });
});

describe('TextEncoder (WHATWG Encoding §7.4)', () => {
  it('UTF-8 only, as the platform; lone surrogates become U+FFFD', () => {
    const encoder = new TextEncoder();
    expect(encoder.encoding).toBe('utf-8');
    expect(encoder.encode()).toEqual(new Uint8Array(0));
    expect(encoder.encode('\ud800a\udc00')).toEqual(
      bytes(0xef, 0xbf, 0xbd, 0x61, 0xef, 0xbf, 0xbd),
    );
    expect(encoder.encode(42 as unknown as string)).toEqual(bytes(0x34, 0x32));
  });

  it('encode and encodeInto agree with Node on any string and any destination size', () => {
    const node = new NodeTextEncoder();
    const ours = new TextEncoder();
    fc.assert(
      fc.property(anyText(60), fc.nat(200), (text, size) => {
        const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');
        expect(hex(ours.encode(text))).toBe(hex(node.encode(text)));
        const a = new Uint8Array(size);
        const b = new Uint8Array(size);
        expect(ours.encodeInto(text, a)).toEqual(node.encodeInto(text, b));
        expect(hex(a)).toBe(hex(b));
      }),
      { numRuns: 1000 },
    );
  });

  it('encodeInto never writes part of a character', () => {
    const encoder = new TextEncoder();
    for (const [size, read, written] of [
      [0, 0, 0],
      [1, 1, 1],
      [2, 1, 1],
      [3, 1, 1],
      [4, 1, 1],
      [5, 3, 5],
      [7, 3, 5],
      [8, 4, 8],
    ] as const) {
      const dest = new Uint8Array(size).fill(0xaa);
      expect(encoder.encodeInto('a😀€', dest), `${size}`).toEqual({ read, written });
      expect(dest.subarray(written).every((b) => b === 0xaa)).toBe(true);
    }
    expect(() => encoder.encodeInto('a', [] as never)).toThrow(TypeError);
    for (const bad of [new Int8Array(4), new DataView(new ArrayBuffer(4)), new ArrayBuffer(4)]) {
      expect(() => encoder.encodeInto('a', bad as never)).toThrow(TypeError);
      expect(() => new NodeTextEncoder().encodeInto('a', bad as never)).toThrow(TypeError);
    }
    // Any Uint8Array: over a SharedArrayBuffer, or a view at an offset (written from its start).
    const shared = new Uint8Array(new SharedArrayBuffer(4));
    expect(encoder.encodeInto('€', shared)).toEqual({ read: 1, written: 3 });
    expect([...shared]).toEqual([0xe2, 0x82, 0xac, 0]);
    const whole = new Uint8Array(6);
    expect(encoder.encodeInto('ab', whole.subarray(3))).toEqual({ read: 2, written: 2 });
    expect([...whole]).toEqual([0, 0, 0, 0x61, 0x62, 0]);
  });
});

describe('CharsetEncoder', () => {
  it('encodes to every WHATWG encoding but the decode-only ones, and back', () => {
    for (const encoding of WHATWG_ENCODINGS) {
      const input = sample(encoding);
      const text = new TextDecoder(encoding).decode(input);
      const again = new CharsetEncoder(encoding, { unencodable: 'replacement' }).encode(text);
      expect(new TextDecoder(encoding).decode(again), encoding).toBe(text);
    }
  });

  it('streams in random chunkings equal one-shot encoding, in every mode and every codec of the family (fast-check)', () => {
    const names = [
      'utf-8',
      'shift_jis',
      'iso-2022-jp',
      'utf-7',
      'hz-gb-2312',
      'utf-16be',
      'cp437',
      'gb18030',
      'iso-8859-2',
      'big5',
      'utf-32le',
      'marc-8',
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...names),
        anyText(40),
        fc.array(fc.nat(), { maxLength: 6 }),
        fc.constantFrom('fatal', 'replacement', 'html'),
        fc.boolean(),
        (name, text, cuts, unencodable, bom) => {
          const hasBOM = ['utf-8', 'utf-16be', 'utf-32le'].includes(name) && bom;
          const options = { mode: 'iana', unencodable, bom: hasBOM } as const;
          const outcome = (f: () => Uint8Array): string => {
            try {
              return [...f()].join();
            } catch (e) {
              return `${(e as Error).name} at ${(e as { index: number }).index}`;
            }
          };
          const whole = outcome(() => new CharsetEncoder(name, options).encode(text));
          const encoder = new CharsetEncoder(name, options);
          const streamed = outcome(() => {
            const parts = split(text, cuts).map((part) => encoder.encode(part, { stream: true }));
            parts.push(encoder.encode());
            return Uint8Array.from(parts.flatMap((p) => [...p]));
          });
          expect(streamed).toBe(whole);
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('a BOM for UTF-8, UTF-16 and UTF-32 only, once per stream', () => {
    const cases: [string, number[], number[]][] = [
      ['utf-8', [0xef, 0xbb, 0xbf], [0x41]],
      ['utf-16le', [0xff, 0xfe], [0x41, 0x00]],
      ['utf-16be', [0xfe, 0xff], [0x00, 0x41]],
      ['utf-32le', [0xff, 0xfe, 0, 0], [0x41, 0, 0, 0]],
      ['utf-32be', [0, 0, 0xfe, 0xff], [0, 0, 0, 0x41]],
    ];
    for (const [name, bom, a] of cases) {
      const expected = [...bom, ...a];
      const encoder = new CharsetEncoder(name, { mode: 'iana', bom: true });
      expect(encoder.bom).toBe(true);
      expect([...encoder.encode('A')], name).toEqual(expected);
      const streamed = [
        ...encoder.encode('A', { stream: true }),
        ...encoder.encode('A', { stream: true }),
        ...encoder.encode(),
      ];
      expect(streamed, name).toEqual([...bom, ...a, ...a]);
      // The decoder strips what the encoder wrote (UTF-8 and UTF-16).
      if (!name.startsWith('utf-32'))
        expect(new TextDecoder(name).decode(encoder.encode('A'))).toBe('A');
    }
    expect(new CharsetEncoder('utf-16le').encode('A')).toEqual(bytes(0x41, 0));
    expect(() => new CharsetEncoder('shift_jis', { bom: true })).toThrow(RangeError);
  });

  it('fatal, replacement and html modes; a fatal error counts from the start of the stream', () => {
    expect(() => new CharsetEncoder('shift_jis').encode('a€')).toThrow(
      expect.objectContaining({ name: 'EncodeError', index: 1, codePoint: 0x20ac }),
    );
    expect([
      ...new CharsetEncoder('shift_jis', { unencodable: 'replacement' }).encode('a€'),
    ]).toEqual([0x61, 0x3f]);
    const encoder = new CharsetEncoder('iso-8859-2', { mode: 'iana' });
    encoder.encode('abc', { stream: true });
    expect(() => encoder.encode('d€', { stream: true })).toThrow(
      expect.objectContaining({ index: 4 }),
    );
    // After the error, a new stream.
    expect([...encoder.encode('x')]).toEqual([0x78]);
  });

  it('refuses unknown labels, replacement and unknown modes', () => {
    expect(() => new CharsetEncoder('no-such')).toThrow(RangeError);
    expect(() => new CharsetEncoder('iso-2022-kr')).toThrow(RangeError);
    expect(() => new CharsetEncoder('utf-8', { unencodable: 'skip' as never })).toThrow(TypeError);
    const e = new CharsetEncoder('UTF8');
    expect([e.encoding, e.unencodable, e.bom]).toEqual(['utf-8', 'fatal', false]);
  });

  it('a codec without streaming methods still encodes and decodes whole inputs', () => {
    const plain: CharsetCodec = {
      name: 'cp437',
      decode: (b) => String.fromCharCode(...b),
      encode: (t) => Uint8Array.from(t, (c) => c.charCodeAt(0)),
    };
    registerCodec(plain);
    try {
      expect(new TextDecoder('cp437', { mode: 'iana' }).decode(bytes(0x68))).toBe('h');
      expect(new CharsetEncoder('cp437', { mode: 'iana' }).encode('h')).toEqual(bytes(0x68));
      expect(() =>
        new TextDecoder('cp437', { mode: 'iana' }).decode(bytes(0x68), { stream: true }),
      ).toThrow(/no streaming decoder/);
      // A fatal decoder passes errors other than malformed input through as they are.
      expect(() =>
        new TextDecoder('cp437', { mode: 'iana', fatal: true }).decode(bytes(0x68), {
          stream: true,
        }),
      ).toThrow(/no streaming decoder/);
      expect(() =>
        new CharsetEncoder('cp437', { mode: 'iana' }).encode('h', { stream: true }),
      ).toThrow(/no streaming encoder/);
    } finally {
      registerCodec(getCodec('cp437') as CharsetCodec);
    }
  });
});

describe('linear time in the number of chunks', () => {
  /**
   * The ratio of the least CPU time of three runs of `run(16n)` and of `run(n)`: about 16 for
   * linear work, 256 for quadratic. CPU time, as wall time on a loaded machine counts the time other
   * processes hold the core (which a long run meets more often); the least of three, as a call that
   * allocates (a view, an options object) meets a garbage collection now and then; 16x apart, as
   * the cost of a call still moves 2-3x between sizes (caches, collections).
   */
  const ratio = (run: (n: number) => void, n: number): number => {
    const cpu = (): number => {
      const { user, system } = process.cpuUsage();
      return user + system;
    };
    const least = (m: number): number => {
      let best = Number.POSITIVE_INFINITY;
      for (let k = 0; k < 3; k++) {
        const start = cpu();
        run(m);
        best = Math.min(best, cpu() - start);
      }
      return Math.max(best, 1);
    };
    run(n); // warm-up
    return least(16 * n) / least(n);
  };

  it('decoding one byte a call, and encoding one character a call, cost about the same per chunk at 16x the length', () => {
    for (const encoding of ['utf-8', 'shift_jis', 'gb18030', 'utf-16le', 'iso-2022-jp']) {
      const input = sample(encoding, 7, 200000);
      const text = new TextDecoder(encoding).decode(input);
      const decode = (n: number): void => {
        const decoder = new TextDecoder(encoding);
        for (let i = 0; i < n; i++) decoder.decode(input.subarray(i, i + 1), { stream: true });
        decoder.decode();
      };
      const encode = (n: number): void => {
        const encoder = new CharsetEncoder(encoding, { unencodable: 'replacement' });
        for (let i = 0; i < n; i++) encoder.encode(text[i], { stream: true });
        encoder.encode();
      };
      expect(input.length).toBeGreaterThan(80000);
      expect(text.length).toBeGreaterThan(40000);
      expect(ratio(decode, 5000), encoding).toBeLessThan(64);
      expect(ratio(encode, 2500), encoding).toBeLessThan(64);
    }
  });
});

describe('CharsetEncoder.encodeInto', () => {
  const names = [
    'utf-8',
    'shift_jis',
    'iso-2022-jp',
    'utf-7',
    'utf-16le',
    'gb18030',
    'windows-1252',
    'hz-gb-2312',
  ];

  it('writes the longest prefix of whole characters that fits, and nothing partial (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...names),
        anyText(30),
        fc.nat(60),
        fc.constantFrom('replacement', 'html'),
        fc.boolean(),
        (name, text, size, unencodable, bom) => {
          const options = {
            mode: 'iana',
            unencodable,
            bom: bom && name.startsWith('utf-') && name !== 'utf-7',
          } as const;
          const encoder = new CharsetEncoder(name, options);
          const dest = new Uint8Array(size).fill(0xaa);
          const { read, written } = encoder.encodeInto(text, dest);
          expect(written).toBeLessThanOrEqual(size);
          // What was written is exactly the encoding of what was read (nothing when not even the BOM fits).
          if (written === 0) expect(read).toBe(0);
          else
            expect([...dest.subarray(0, written)]).toEqual([
              ...new CharsetEncoder(name, options).encode(text.slice(0, read)),
            ]);
          expect(dest.subarray(written).every((b) => b === 0xaa)).toBe(true);
          if (read < text.length) {
            // The next whole character would not have fit.
            const c = text.charCodeAt(read);
            const d = text.charCodeAt(read + 1);
            const pair = c >= 0xd800 && c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff;
            const next = read + (pair ? 2 : 1);
            expect(encoder.encode(text.slice(0, next)).length).toBeGreaterThan(size);
          }
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('ISO-2022-JP leaves room to return to ASCII', () => {
    const encoder = new CharsetEncoder('iso-2022-jp');
    // ESC $ B 24 22 ESC ( B: 8 bytes for one hiragana.
    expect(encoder.encodeInto('あ', new Uint8Array(7))).toEqual({ read: 0, written: 0 });
    expect(encoder.encodeInto('あ', new Uint8Array(8))).toEqual({ read: 1, written: 8 });
  });

  it('fatal mode throws at an unencodable character it reaches, not at one beyond the room', () => {
    const encoder = new CharsetEncoder('latin2');
    expect(encoder.encodeInto('ab€', new Uint8Array(2))).toEqual({ read: 2, written: 2 });
    expect(() => encoder.encodeInto('ab€', new Uint8Array(3))).toThrow(
      expect.objectContaining({ name: 'EncodeError', index: 2 }),
    );
    expect(() => encoder.encodeInto('a', {} as never)).toThrow(TypeError);
  });

  it('a BOM that does not fit writes nothing', () => {
    const encoder = new CharsetEncoder('utf-16be', { bom: true });
    expect(encoder.encodeInto('A', new Uint8Array(1))).toEqual({ read: 0, written: 0 });
    expect(encoder.encodeInto('A', new Uint8Array(3))).toEqual({ read: 0, written: 2 });
  });

  it('does not touch the state of a stream in progress', () => {
    const encoder = new CharsetEncoder('iso-2022-jp');
    const first = encoder.encode('あ', { stream: true });
    encoder.encodeInto('A', new Uint8Array(4));
    const rest = encoder.encode('い');
    expect(new TextDecoder('iso-2022-jp').decode(Uint8Array.from([...first, ...rest]))).toBe(
      'あい',
    );
  });

  it('work follows the room, not the source: counted code units encoded for a 1 MiB source', () => {
    let units = 0;
    const inner = registerCounting('iso-8859-2', (n) => {
      units += n;
    });
    const source = 'x'.repeat(1 << 20);
    const work = (room: number): number => {
      units = 0;
      const encoder = new CharsetEncoder('iso-8859-2', { mode: 'iana' });
      expect(encoder.encodeInto(source, new Uint8Array(room))).toEqual({
        read: room,
        written: room,
      });
      return units;
    };
    const small = work(1000);
    const large = work(4000);
    // O(room log room): at most ~8x for 4x the room, and far below the source length.
    expect(large / small).toBeLessThan(8);
    expect(large).toBeLessThan(4000 * 20);
    registerCodec(inner);
  });
});

/** Registers a wrapper of the `name` codec that reports how many code units each encode gets; returns the real codec. */
function registerCounting(name: string, count: (units: number) => void): CharsetCodec {
  const inner = getCodec(name) as CharsetCodec;
  registerCodec({
    ...inner,
    encode(text, options) {
      count(text.length);
      return inner.encode(text, options);
    },
  });
  return inner;
}
