import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PercentDecodeError, percentDecode, percentDecodeBytes } from '../src/index';

/** The error a call throws, or undefined. */
const thrown = (f: () => unknown): unknown => {
  try {
    f();
  } catch (error) {
    return error;
  }
  return undefined;
};
const strictError = (input: string): { index: number; reason: string } | undefined => {
  const error = thrown(() => percentDecode(input, { mode: 'strict' }));
  if (error === undefined) return undefined;
  expect(error).toBeInstanceOf(PercentDecodeError);
  const { index, reason } = error as PercentDecodeError;
  return { index, reason };
};

/** Strings made of escapes and a few literals, well-formed or not. */
const escapy = fc
  .array(
    fc.oneof(
      fc.integer({ min: 0, max: 255 }).map((b) => `%${b.toString(16).padStart(2, '0')}`),
      fc.integer({ min: 0x80, max: 0xff }).map((b) => `%${b.toString(16).toUpperCase()}`),
      fc.constantFrom(
        '%',
        '%4',
        '%zz',
        '%%',
        'a',
        '/',
        '+',
        'é',
        '😀',
        '%C3%A9',
        '%E2%82%AC',
        '%F0%9F%98%80',
        // Lone surrogates (or, side by side, a pair): strict keeps them as decodeURIComponent does,
        // lenient writes U+FFFD as the URL Standard's percent-decode of the text's UTF-8 does.
        '\uD800',
        '\uDBFF',
        '\uDC00',
      ),
      // Literal stretches of every length around the 16 characters past which they are sliced.
      fc
        .integer({ min: 1, max: 40 })
        .map((n) => [...'abcdefghijklmnopqrstuvwxyz0123456789é中😀/'].slice(0, n).join('')),
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(''));

describe('RFC 3986 §2 examples', () => {
  it('§2.1: %20 is a space; hex digits in either case', () => {
    expect(percentDecode('%20')).toBe(' ');
    expect(percentDecode('%7e%7E')).toBe('~~');
  });
  it('§2.5: %C3%80 is À and %E3%82%A2%E3%82%AB is アカ', () => {
    expect(percentDecode('%C3%80')).toBe('À');
    expect(percentDecode('%E3%82%A2%E3%82%AB')).toBe('アカ');
  });
});

describe('percentDecode', () => {
  it('decodes a literal non-ASCII character before an ill-formed escape correctly', () => {
    expect(percentDecode('😀%80', { mode: 'lenient' })).toBe('😀\ufffd');
    expect(percentDecode('é%80', { mode: 'lenient' })).toBe('é\ufffd');
  });
  it('returns the input itself without escapes and keeps literal characters', () => {
    const s = 'no escapes: é 😀 +';
    expect(percentDecode(s)).toBe(s);
    expect(percentDecode('é%20😀')).toBe('é 😀');
    expect(percentDecode('a+b')).toBe('a+b');
  });
  it('decodes astral characters and keeps a BOM', () => {
    expect(percentDecode('%F0%9F%98%80')).toBe('😀');
    expect(percentDecode('%EF%BB%BFa')).toBe('\ufeffa');
  });
  it('strict (the default): a malformed escape throws with the index of its %', () => {
    expect(strictError('a%zz')).toEqual({ index: 1, reason: 'malformed-escape' });
    expect(strictError('ab%4')).toEqual({ index: 2, reason: 'malformed-escape' });
    expect(strictError('%')).toEqual({ index: 0, reason: 'malformed-escape' });
    expect(strictError('é%C3%A9%g0')).toEqual({ index: 7, reason: 'malformed-escape' });
    expect(thrown(() => percentDecode('%'))).toBeInstanceOf(PercentDecodeError);
  });
  it('strict: ill-formed UTF-8 throws with the index of the sequence', () => {
    expect(strictError('ab%C3')).toEqual({ index: 2, reason: 'invalid-utf8' });
    expect(strictError('x%C3%A9%FF')).toEqual({ index: 7, reason: 'invalid-utf8' });
    expect(strictError('%ED%A0%80')).toEqual({ index: 0, reason: 'invalid-utf8' });
    expect(strictError('%F4%90%80%80')).toEqual({ index: 0, reason: 'invalid-utf8' });
    // A sequence cut short by a malformed escape is reported as that escape.
    expect(strictError('%C3%zz')).toEqual({ index: 3, reason: 'malformed-escape' });
    // An octet that cannot start a sequence is the error, whatever follows.
    expect(strictError('%FF%zz')).toEqual({ index: 0, reason: 'invalid-utf8' });
    const error = thrown(() => percentDecode('%C3'));
    expect((error as Error).message).toBe('invalid-utf8 at 0');
    expect((error as Error).name).toBe('PercentDecodeError');
  });
  it('lenient: malformed escapes stay, ill-formed UTF-8 becomes U+FFFD per maximal subpart', () => {
    const lenient = (s: string): string => percentDecode(s, { mode: 'lenient' });
    expect(lenient('100%')).toBe('100%');
    expect(lenient('%zz%4')).toBe('%zz%4');
    expect(lenient('%%41')).toBe('%A');
    expect(lenient('%C3')).toBe('\ufffd');
    expect(lenient('%C3%28')).toBe('\ufffd(');
    expect(lenient('%E2%82')).toBe('\ufffd');
    expect(lenient('%F0%80%80%80')).toBe('\ufffd\ufffd\ufffd\ufffd');
    expect(lenient('%C3%A9%FFx')).toBe('é\ufffdx');
  });
  it('differential: strict mode agrees with decodeURIComponent, throwing exactly when it throws', () => {
    fc.assert(
      fc.property(escapy, (s) => {
        const ours = thrown(() => percentDecode(s));
        const theirs = thrown(() => decodeURIComponent(s));
        expect(ours === undefined).toBe(theirs === undefined);
        if (theirs === undefined) expect(percentDecode(s)).toBe(decodeURIComponent(s));
      }),
      { numRuns: 2000 },
    );
  });
  it('differential: lenient mode agrees with URLSearchParams (the WHATWG percent-decode)', () => {
    fc.assert(
      fc.property(escapy, (s) => {
        const s2 = s.replace(/\+/g, '');
        // Through a URL, so that the query Node parses is ASCII: Node 24's URLSearchParams garbles
        // a literal non-ASCII character followed by an ill-formed escape ('😀%80' gives '=\0\uFFFD').
        expect(percentDecode(s2, { mode: 'lenient' })).toBe(
          new URL(`http://h/?a=${s2}`).searchParams.get('a'),
        );
      }),
      { numRuns: 2000 },
    );
  });
  it('lenient: a literal lone surrogate is U+FFFD, as URLSearchParams and TextDecoder make it', () => {
    expect(percentDecode('\uD800', { mode: 'lenient' })).toBe('\ufffd');
    expect(percentDecode('%41\uDC00%42\uD83D\uDE00', { mode: 'lenient' })).toBe('A\ufffdB😀');
    expect(percentDecode('%41\uDC00')).toBe('A\uDC00');
    fc.assert(
      fc.property(escapy, (s) => {
        expect(percentDecode(s, { mode: 'lenient' })).toBe(
          new TextDecoder().decode(percentDecodeBytes(s, { mode: 'lenient' })),
        );
      }),
      { numRuns: 1000 },
    );
  });
  it('round trip with encodeURIComponent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        expect(percentDecode(encodeURIComponent(s))).toBe(s);
      }),
      { numRuns: 200 },
    );
  });
  it('decodes with another charset through options.decoder', () => {
    const latin1 = (bytes: Uint8Array): string => String.fromCharCode(...bytes);
    expect(percentDecode('caf%E9', { decoder: latin1 })).toBe('café');
    expect(percentDecode('%E9%zz', { decoder: latin1, mode: 'lenient' })).toBe('é%zz');
    expect(strictError('%E9%zz')).toEqual({ index: 3, reason: 'malformed-escape' });
    expect(thrown(() => percentDecode('é%zz', { decoder: latin1 }))).toMatchObject({ index: 1 });
  });
});

describe('percentDecodeBytes', () => {
  it('returns the raw octets, literal characters as UTF-8', () => {
    expect([...percentDecodeBytes('%C0%AF')]).toEqual([0xc0, 0xaf]);
    expect([...percentDecodeBytes('%e9t%E9')]).toEqual([0xe9, 0x74, 0xe9]);
    expect([...percentDecodeBytes('é+')]).toEqual([0xc3, 0xa9, 0x2b]);
    expect([...percentDecodeBytes('')]).toEqual([]);
  });
  it('reads bytes without modifying them', () => {
    const input = new Uint8Array([0x25, 0x34, 0x31, 0x62]);
    expect([...percentDecodeBytes(input)]).toEqual([0x41, 0x62]);
    expect([...input]).toEqual([0x25, 0x34, 0x31, 0x62]);
    const plain = new Uint8Array([0x61]);
    const out = percentDecodeBytes(plain);
    expect(out).not.toBe(plain);
    expect([...out]).toEqual([0x61]);
  });
  it('strict: a malformed escape throws with its index (UTF-16 for text, byte offset for bytes)', () => {
    expect(thrown(() => percentDecodeBytes('😀%4'))).toMatchObject({
      index: 2,
      reason: 'malformed-escape',
    });
    // One unit for a 2- or 3-byte character, two for a 4-byte one, one for a lone surrogate.
    expect(thrown(() => percentDecodeBytes('é中😀\ud800%C3%A9%'))).toMatchObject({ index: 11 });
    expect(
      thrown(() => percentDecodeBytes(new Uint8Array([0xf0, 0x9f, 0x98, 0x80, 0x25]))),
    ).toMatchObject({
      index: 4,
    });
  });
  it('lenient: a malformed escape stays as its octets', () => {
    expect([...percentDecodeBytes('%zz%4', { mode: 'lenient' })]).toEqual([
      0x25, 0x7a, 0x7a, 0x25, 0x34,
    ]);
  });
  it('agrees with percentDecode through a UTF-8 decoder', () => {
    fc.assert(
      fc.property(escapy, (s) => {
        const viaBytes = new TextDecoder('utf-8', { ignoreBOM: true }).decode(
          percentDecodeBytes(s, { mode: 'lenient' }),
        );
        expect(viaBytes).toBe(percentDecode(s, { mode: 'lenient' }));
      }),
      { numRuns: 1000 },
    );
  });
});
