// @x/mime-charset/lean and @x/mime-charset/load, without the main entry in the module graph (this
// file imports neither src/index.ts nor anything that does).
import { codec as windows1253 } from '@x/legacy-charsets/windows-1253';
import { describe, expect, it } from 'vitest';
import * as lean from '../src/lean';
import { loadCodec } from '../src/load';

const { decode, decodeDocument, decodeEncodedWords, encode, registerCodec } = lean;

describe('@x/mime-charset/lean', () => {
  it('has UTF-8 and US-ASCII and nothing else built in: other codecs fail with codec-not-loaded', async () => {
    expect(decode(new Uint8Array([0xe2, 0x82, 0xac]), 'utf8')).toBe('€');
    expect(decode(new Uint8Array([0x41, 0x80]), 'US-ASCII', { mode: 'iana' })).toBe('A\ufffd');
    // Plain RFC 2231 continuations (no charset named: US-ASCII) report no codec issue.
    const plain = lean.decodeParameters('attachment; filename*0="a b"; filename*1=".txt"');
    expect(plain.issues).toEqual([]);
    expect(plain.parameters.get('filename')).toMatchObject({ value: 'a b.txt' });
    expect(() => decode(new Uint8Array([0xe1]), 'windows-1253')).toThrow(
      expect.objectContaining({ name: 'CharsetError', reason: 'codec-not-loaded' }),
    );
    expect(() => encode('α', 'greek')).toThrow(
      expect.objectContaining({ reason: 'codec-not-loaded' }),
    );
    // Known but not implemented is still said at once, lean or not.
    expect(() => decode(new Uint8Array([0x41]), 'T.61-8bit', { mode: 'iana' })).toThrow(
      expect.objectContaining({ reason: 'not-implemented' }),
    );
    await expect(lean.loadCodec('windows-1253')).rejects.toMatchObject({
      reason: 'codec-not-loaded',
    });
    expect(decodeEncodedWords('=?windows-1253?Q?=E1?=').issues).toEqual([
      { index: 0, charset: 'windows-1253', reason: 'codec-not-loaded' },
    ]);
    // Adjacent words of a label resolved once: each still reported.
    expect(decodeEncodedWords('=?windows-1253?Q?=E1?= =?windows-1253?Q?=E2?=').issues).toEqual([
      { index: 0, charset: 'windows-1253', reason: 'codec-not-loaded' },
      { index: 23, charset: 'windows-1253', reason: 'codec-not-loaded' },
    ]);
  });

  it('registerCodec with a static import: that codec, in every label mode', async () => {
    registerCodec(windows1253);
    const page = new Uint8Array([...new TextEncoder().encode('<meta charset=cp1253>'), 0xe1]);
    expect(decodeDocument(page, { kind: 'html' }).text.endsWith('α')).toBe(true);
    expect(decode(new Uint8Array([0xe1]), 'windows-1253', { mode: 'iana' })).toBe('α');
    expect(decode(new Uint8Array([0xe1]), 'win-1253', { mode: 'loose' })).toBe('α');
    expect((await lean.loadCodec('windows-1253')).name).toBe('windows-1253');
  });
});

describe('@x/mime-charset/load', () => {
  it('loadCodec imports the codecs of every mode of the label, then everything decodes synchronously', async () => {
    expect(() => decodeEncodedWords('=?ISO-8859-1?Q?Andr=E9?=').text).not.toThrow();
    expect(decodeEncodedWords('=?ISO-8859-1?Q?Andr=E9?=').issues).toHaveLength(1);
    // Loaded for the web's meaning (windows-1252): the mail meaning (iso-8859-1) comes too.
    expect((await loadCodec('ISO-8859-1')).name).toBe('windows-1252');
    expect(decodeEncodedWords('=?ISO-8859-1?Q?Andr=E9?=')).toEqual({
      text: 'André',
      issues: [],
      languages: [],
    });
    expect(decode(new Uint8Array([0x80]), 'ISO-8859-1')).toBe('€');
    expect((await loadCodec('csUnicode', { mode: 'iana' })).name).toBe('ucs-2');
    expect((await loadCodec('csUCS4', { mode: 'iana' })).name).toBe('ucs-4');
    expect(decode(new Uint8Array([0, 0x41]), 'ISO-10646-UCS-2', { mode: 'iana' })).toBe('A');
    await expect(loadCodec('no-such-charset')).rejects.toMatchObject({ reason: 'unknown-label' });
    await expect(loadCodec('T.61-8bit', { mode: 'iana' })).rejects.toMatchObject({
      reason: 'not-implemented',
    });
  });

  it('keeps a codec registered before', async () => {
    const mine = { name: 'koi8-r', decode: () => 'mine', encode: () => new Uint8Array() };
    registerCodec(mine);
    expect(await loadCodec('koi8-r')).toBe(mine);
    expect(decode(new Uint8Array([1]), 'KOI8-R')).toBe('mine');
  });
});
