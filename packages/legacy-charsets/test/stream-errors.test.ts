// A streaming decoder or encoder after it has thrown: the throw ends the stream, as a call without
// `{ stream: true }` does, so the next call starts a new one (initial modes, no held input, indices
// from 0). A final call ends the stream whatever happens in it, as TextDecoder.decode() sets up a
// new decoder when it flushes (https://encoding.spec.whatwg.org/#dom-textdecoder-decode, step 1);
// a throw from a streaming call ends it too, as @x/utf8's Utf8Decoder does.
import { describe, expect, it } from 'vitest';
import { type Codec, DecodeError, EncodeError, encodings, getCodec } from '../src/index';
import { codec as eucJis2004 } from '../src/euc-jis-2004';
import { codec as isoJp2004 } from '../src/iso-2022-jp-2004';
import { codec as sjis2004 } from '../src/shift_jis-2004';

const codecs: Codec[] = [
  ...encodings().map((e) => getCodec(e.name)!),
  eucJis2004,
  sjis2004,
  isoJp2004,
];
const bytesOf = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0));
const concat = (a: Uint8Array, b: Uint8Array): Uint8Array => {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
};
const thrown = (f: () => unknown): unknown => {
  try {
    f();
  } catch (error) {
    return error;
  }
  return undefined;
};
const indexOf = (f: () => unknown): number | undefined =>
  (thrown(f) as DecodeError | EncodeError | undefined)?.index;
const encodes = (codec: Codec, text: string): boolean =>
  thrown(() => codec.encode(text)) === undefined;

/**
 * A text that leaves the codec out of its initial state when streamed: a digit (every codec has
 * them) and a character from a set other than ASCII (a designation, a shift, a BOM seen, a UTF-7
 * base64 run), where it has one.
 */
const modeText = (codec: Codec): string =>
  `1${['日', '한', '中', '臺', 'Ж', 'α', 'é', 'א', 'ا', 'ก', '\uf780'].find((c) => encodes(codec, c)) ?? ''}`;
/**
 * What a fresh decoder reads differently from one left in another mode: a BOM (UTF-16/32), then
 * `AB` (`12` in x-mac-symbol, which has no Latin letters).
 */
const probeOf = (codec: Codec): Uint8Array => {
  const ab = encodes(codec, 'AB') ? 'AB' : '12';
  return codec.encode(encodes(codec, `\ufeff${ab}`) ? `\ufeff${ab}` : ab);
};
const fresh = (codec: Codec): string => codec.createDecoder({ fatal: true }).decode(probeOf(codec));

/**
 * The bytes a streaming encoder writes for `modeText` before the end of the stream; the whole
 * encoding where it writes nothing yet (MARC holds a letter back for marks, the shortest ISO-2022
 * encoders the whole text).
 */
const prefixOf = (codec: Codec): Uint8Array => {
  const streamed = codec.createEncoder().encode(modeText(codec), { stream: true });
  return streamed.length ? streamed : codec.encode(modeText(codec));
};

/**
 * A chunk that a fresh fatal decoder rejects, both as a final and as a streamed chunk, and that
 * one after `prefixOf(codec)` rejects too, with the error's index in a fresh decoder.
 */
function badOf(codec: Codec): { bad: Uint8Array; index: number } | undefined {
  const candidates = [
    ...Array.from({ length: 256 }, (_, b) => Uint8Array.of(b)),
    // UTF-16 and UTF-32: a lone low surrogate, then A.
    Uint8Array.of(0x00, 0xdc, 0x41, 0x00),
    Uint8Array.of(0xdc, 0x00, 0x00, 0x41),
    Uint8Array.of(0x00, 0xdc, 0x00, 0x00),
    Uint8Array.of(0x00, 0x00, 0xdc, 0x00),
    // Compound Text, where every byte but ESC is text: an escape sequence no set has.
    Uint8Array.of(0x1b, 0x28, 0x7e, 0x41),
  ];
  const prefix = prefixOf(codec);
  for (const bad of candidates) {
    const index = indexOf(() => codec.createDecoder({ fatal: true }).decode(bad));
    if (index === undefined) continue;
    const streamed = (): unknown =>
      codec.createDecoder({ fatal: true }).decode(bad, { stream: true });
    const after = (stream: boolean): unknown => {
      const d = codec.createDecoder({ fatal: true });
      d.decode(prefix, { stream: true });
      return d.decode(bad, { stream });
    };
    if (thrown(streamed) && thrown(() => after(false)) && thrown(() => after(true)))
      return { bad, index };
  }
  return undefined;
}

// A codec that decodes every byte (iso-8859-1, cp437, x-user-defined …) has no error to recover
// from; every other codec has a chunk that fails in any state. (`replacement` fails on any byte,
// the prefix too: it has a test of its own.)
const everyByte = Uint8Array.from({ length: 256 }, (_, b) => b);
const failing = codecs.filter(
  (c) => c.name !== 'replacement' && thrown(() => c.decode(everyByte, { fatal: true })),
);

describe('a streaming decoder after a DecodeError starts a new stream', () => {
  it('every codec that can fail has a chunk that fails in any state', () => {
    expect(failing.filter((c) => !badOf(c)).map((c) => c.name)).toEqual([]);
    expect(failing.length).toBeGreaterThan(60);
  });

  it.each(failing.map((c) => [c.name, c] as const))(
    '%s: after a throw from a final call, modes, BOM and offset start afresh',
    (_, codec) => {
      const { bad, index } = badOf(codec)!;
      const prefix = prefixOf(codec);
      const d = codec.createDecoder({ fatal: true });
      d.decode(prefix, { stream: true });
      // The index counts from the start of the stream: after the prefix.
      expect(prefix.length).toBeGreaterThan(0);
      expect(indexOf(() => d.decode(bad))).toBeGreaterThanOrEqual(prefix.length);
      // Then a new stream: its indices count from 0 …
      expect(indexOf(() => d.decode(bad))).toBe(index);
      // … and it decodes as a fresh decoder does.
      d.decode(prefix, { stream: true });
      expect(thrown(() => d.decode(bad))).toBeInstanceOf(DecodeError);
      expect(d.decode(probeOf(codec))).toBe(fresh(codec));
    },
  );

  it.each(failing.map((c) => [c.name, c] as const))(
    '%s: after a throw from a { stream: true } call, too',
    (_, codec) => {
      const { bad, index } = badOf(codec)!;
      const probe = probeOf(codec);
      const d = codec.createDecoder({ fatal: true });
      d.decode(prefixOf(codec), { stream: true });
      expect(thrown(() => d.decode(concat(bad, probe), { stream: true }))).toBeInstanceOf(
        DecodeError,
      );
      // The rest of that chunk is not decoded later: the stream ended with the error.
      expect(indexOf(() => d.decode(bad, { stream: true }))).toBe(index);
      expect(d.decode(probe)).toBe(fresh(codec));
    },
  );

  it('replacement: each stream is one error, the next stream too', () => {
    const d = getCodec('replacement')!.createDecoder({ fatal: true });
    expect(indexOf(() => d.decode(Uint8Array.of(0x41), { stream: true }))).toBe(0);
    expect(indexOf(() => d.decode(Uint8Array.of(0x42)))).toBe(0);
    expect(d.decode(new Uint8Array(0))).toBe('');
  });

  it('iso-2022-jp: no longer in JIS X 0208 after an error in it (AB, not 疎)', () => {
    const d = getCodec('iso-2022-jp')!.createDecoder({ fatal: true });
    expect(indexOf(() => d.decode(bytesOf('\x1b$BF|\xff')))).toBe(5);
    expect(d.decode(bytesOf('AB'))).toBe('AB');
  });

  it('hz-gb-2312: no longer in GB mode after an error in it', () => {
    const d = getCodec('hz-gb-2312')!.createDecoder({ fatal: true });
    expect(indexOf(() => d.decode(bytesOf('~{AD\x80')))).toBe(4);
    expect(d.decode(bytesOf('AD'))).toBe('AD');
  });

  it('utf-16le: the BOM of the next stream is stripped again', () => {
    const d = getCodec('utf-16le')!.createDecoder({ fatal: true });
    expect(thrown(() => d.decode(Uint8Array.of(0xff, 0xfe, 0x00, 0xdc)))).toBeInstanceOf(
      DecodeError,
    );
    expect(d.decode(Uint8Array.of(0xff, 0xfe, 0x42, 0x00))).toBe('B');
  });

  it('shift_jis: an error in a streamed chunk ends the stream; indices restart at 0', () => {
    const d = getCodec('shift_jis')!.createDecoder({ fatal: true });
    expect(d.decode(Uint8Array.of(0x41, 0x88), { stream: true })).toBe('A');
    expect(indexOf(() => d.decode(Uint8Array.of(0x00, 0x42), { stream: true }))).toBe(1);
    // A new stream: C at 0, the bad pair 88 00 at 1 (not the 0x42 dropped with the error).
    expect(indexOf(() => d.decode(Uint8Array.of(0x43, 0x88, 0x00)))).toBe(1);
    expect(d.decode(Uint8Array.of(0x43))).toBe('C');
  });

  it('us-ascii: the offset after a streamed error restarts at 0', () => {
    const d = getCodec('us-ascii')!.createDecoder({ fatal: true });
    d.decode(Uint8Array.of(0x41, 0x42), { stream: true });
    expect(indexOf(() => d.decode(Uint8Array.of(0x43, 0x80), { stream: true }))).toBe(3);
    expect(indexOf(() => d.decode(Uint8Array.of(0x80)))).toBe(0);
  });

  it('marc-8 with nfc: the designation and the held text go with the error', () => {
    const d = getCodec('marc-8')!.createDecoder({ fatal: true, nfc: true });
    // ESC ( N: G0 Cyrillic; "A" there is а, held back for a mark that may follow.
    expect(d.decode(bytesOf('\x1b(NA'), { stream: true })).toBe('');
    expect(thrown(() => d.decode(Uint8Array.of(0xff)))).toBeInstanceOf(DecodeError);
    expect(d.decode(bytesOf('AB'))).toBe('AB');
  });
});

describe('a streaming encoder after an EncodeError starts a new stream', () => {
  const encoders = codecs.filter((c) => c.name !== 'replacement');

  it.each(encoders.map((c) => [c.name, c] as const))(
    '%s: state, held text and offset start afresh, after a final or a streamed call',
    (_, codec) => {
      const text = modeText(codec);
      for (const stream of [false, true]) {
        const e = codec.createEncoder();
        e.encode(text, { stream: true });
        expect(indexOf(() => e.encode('\udc00', { stream }))).toBe(text.length);
        expect(indexOf(() => e.encode('\udc00', { stream }))).toBe(0);
        e.encode(text, { stream: true });
        expect(thrown(() => e.encode('\udc00', { stream }))).toBeInstanceOf(EncodeError);
        expect(e.encode('12')).toEqual(codec.encode('12'));
        // A high surrogate held back from a chunk that throws is not paired with the next chunk.
        expect(thrown(() => e.encode('\udc00\ud83d', { stream: true }))).toBeInstanceOf(
          EncodeError,
        );
        const e2 = thrown(() => e.encode('\ude00')) as EncodeError;
        expect([e2.index, e2.codePoint]).toEqual([0, 0xde00]);
      }
    },
  );

  it('hz-gb-2312: no ~} for a GB mode the failed text left', () => {
    const e = getCodec('hz-gb-2312')!.createEncoder();
    expect(thrown(() => e.encode('聊\u{1f600}'))).toBeInstanceOf(EncodeError);
    expect(e.encode('ab')).toEqual(bytesOf('ab'));
  });

  it('iso-2022-jp: the stream ends at the error, and the next starts in ASCII', () => {
    const e = getCodec('iso-2022-jp')!.createEncoder();
    expect(e.encode('日', { stream: true })).toEqual(bytesOf('\x1b$BF|'));
    // The caller has ESC $ B 46 7C and an error: that stream is over, nothing is appended to it.
    expect(thrown(() => e.encode('😀', { stream: true }))).toBeInstanceOf(EncodeError);
    expect(e.encode('a')).toEqual(bytesOf('a'));
    // Even where the error left the encoder in JIS X 0208 (a lone surrogate is refused first).
    e.encode('日', { stream: true });
    expect(thrown(() => e.encode('\udc00', { stream: true }))).toBeInstanceOf(EncodeError);
    expect(e.encode('a')).toEqual(bytesOf('a'));
  });

  it.each([eucJis2004, sjis2004, isoJp2004].map((c) => [c.name, c] as const))(
    '%s: a character held back for a combining mark goes with the error',
    (_, codec) => {
      const e = codec.createEncoder();
      expect(e.encode('か', { stream: true })).toEqual(new Uint8Array(0));
      expect(thrown(() => e.encode('😀', { stream: true }))).toBeInstanceOf(EncodeError);
      expect(e.encode('a')).toEqual(bytesOf('a'));
      expect(e.encode('か', { stream: true })).toEqual(new Uint8Array(0));
      expect(e.encode('\u309a')).toEqual(codec.encode('か\u309a'));
    },
  );
});
