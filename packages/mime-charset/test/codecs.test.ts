import { describe, expect, it } from 'vitest';
import { LOADERS } from '../src/generated/loaders';
import {
  type CharsetError,
  codecNames,
  decode,
  encode,
  labelToEncoding,
  loadCodec,
  registerCodec,
} from '../src/index';

describe('the family codecs', () => {
  it('every codec but UTF-8 and the UCS wrappers has a loader, and each loads the codec of that name', async () => {
    const names = codecNames().filter((n) => !['utf-8', 'ucs-2', 'ucs-4'].includes(n));
    expect(Object.keys(LOADERS).sort()).toEqual([...names].sort());
    for (const name of names) {
      const { codec } = await LOADERS[name]!();
      expect(codec.name).toBe(name);
    }
  });
});

describe('decode and encode by label', () => {
  it('UTF-8 is always there', () => {
    expect(decode(new Uint8Array([0xe2, 0x82, 0xac]), 'UTF8')).toBe('€');
    expect([...encode('€', 'utf-8')]).toEqual([0xe2, 0x82, 0xac]);
    expect(decode(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]), 'utf-8')).toBe('\ufeffA');
    expect(decode(new Uint8Array([0xff]), 'utf-8')).toBe('\ufffd');
    expect(() => decode(new Uint8Array([0xff]), 'utf-8', { fatal: true })).toThrow();
  });

  it('reports unknown labels and charsets the family does not implement', () => {
    const error = (f: () => unknown): CharsetError => {
      try {
        f();
      } catch (e) {
        return e as CharsetError;
      }
      throw new Error('no error');
    };
    expect(error(() => decode(new Uint8Array(), 'no-such-charset')).reason).toBe('unknown-label');
    expect(error(() => decode(new Uint8Array(), 'no-such-charset')).label).toBe('no-such-charset');
    const t61 = error(() => decode(new Uint8Array([0x41]), 'T.61-8bit', { mode: 'iana' }));
    expect(t61.reason).toBe('not-implemented');
    expect(t61.message).toMatch(/known but has no codec/);
    expect(error(() => encode('', 'csISO103T618bit', { mode: 'iana' })).reason).toBe(
      'not-implemented',
    );
    expect(
      decode(new Uint8Array([0xc6, 0xee, 0xee, 0xe1]), 'ISO_5428:1980', { mode: 'iana' }),
    ).toBe('Ελλα');
  });

  it('decodes every codec with no setup call; loadCodec resolves at once', async () => {
    expect(decode(new Uint8Array([0xe1, 0xe2]), 'greek')).toBe('αβ');
    const codec = await loadCodec(' ISO_8859-7 ');
    expect(codec.name).toBe('iso-8859-7');
    expect(await loadCodec('greek')).toBe(codec);
    expect(decode(new Uint8Array([0xe1, 0xe2]), 'greek')).toBe('αβ');
    expect([...encode('αβ', 'greek')]).toEqual([0xe1, 0xe2]);
    expect([...encode('a中b', 'greek', { unencodable: 'html' })]).toEqual([
      ...new TextEncoder().encode('a&#20013;b'),
    ]);
    expect(() => encode('a中b', 'greek')).toThrow();
  });

  it('routes latin1 to windows-1252 on the web and to ISO-8859-1 in mail', () => {
    expect(decode(new Uint8Array([0x80]), 'latin1')).toBe('€');
    expect(decode(new Uint8Array([0x80]), 'latin1', { mode: 'iana' })).toBe('\u0080');
  });

  it('rejects loading what does not resolve or has no codec', async () => {
    await expect(loadCodec('no-such')).rejects.toMatchObject({ reason: 'unknown-label' });
    registerCodec({
      name: 'x-test-codec',
      decode: () => 'decoded',
      encode: () => new Uint8Array([1]),
    });
    expect(labelToEncoding('x-test-codec')).toBeNull();
  });

  it('registerCodec makes a codec available synchronously', () => {
    registerCodec({
      name: 'us-ascii',
      decode: (bytes) => String.fromCharCode(...bytes),
      encode: (text) => Uint8Array.from(text, (c) => c.charCodeAt(0)),
    });
    expect(decode(new Uint8Array([0x68, 0x69]), 'US-ASCII', { mode: 'iana' })).toBe('hi');
  });
});
