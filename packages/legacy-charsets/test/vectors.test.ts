// The shared vectors, in full: WHATWG single-byte decode/encode, unicode.org vendor tables, UTF-16.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DecodeError, decode, EncodeError, encode, getCodec } from '../src/index';

interface Case {
  encoding: string;
  charset: string;
  name: string;
  bytes: string | null;
  text: string | null;
  codepoints: string;
  fatal: string;
  mode: string;
}
const load = (file: string): { cases: Case[] } =>
  JSON.parse(readFileSync(join(import.meta.dirname, 'vectors', file), 'utf8'));
const decodeVectors = load('single-byte-decode.json');
const vendorVectors = load('single-byte-decode-unicode-org.json');
const encodeVectors = load('single-byte-encode.json');
const utf16Vectors = load('utf16-decode.json');

const hex = (s: string): Uint8Array =>
  s === '' ? new Uint8Array(0) : Uint8Array.from(s.split(' '), (h) => Number.parseInt(h, 16));
const toHex = (b: Uint8Array): string =>
  Array.from(b, (x) => x.toString(16).padStart(2, '0')).join(' ');

describe('single-byte-decode.json (WHATWG)', () => {
  it(`all ${decodeVectors.cases.length} cases`, () => {
    for (const c of decodeVectors.cases) {
      const bytes = hex(c.bytes!);
      expect(decode(bytes, c.encoding), `${c.encoding} ${c.bytes}`).toBe(c.text);
      if (c.fatal === 'error') {
        expect(() => decode(bytes, c.encoding, { fatal: true })).toThrow(DecodeError);
      } else expect(decode(bytes, c.encoding, { fatal: true })).toBe(c.text);
    }
  });
});

describe('single-byte-encode.json (WHATWG, fatal and html modes)', () => {
  it(`all ${encodeVectors.cases.length} cases`, () => {
    for (const c of encodeVectors.cases) {
      const mode = c.mode as 'fatal' | 'html';
      if (c.bytes === null) {
        expect(() => encode(c.text!, c.encoding, { mode }), c.codepoints).toThrow(EncodeError);
      } else expect(toHex(encode(c.text!, c.encoding, { mode })), c.codepoints).toBe(c.bytes);
    }
  });
});

describe('single-byte-decode-unicode-org.json (vendor tables)', () => {
  const names: Record<string, string> = { 'koi8-u': 'koi8-u-rfc2319' };
  it(`all ${vendorVectors.cases.length} cases`, () => {
    for (const c of vendorVectors.cases) {
      const name = names[c.charset] ?? c.charset;
      expect(getCodec(name), name).toBeDefined();
      const bytes = hex(c.bytes!);
      const byte = bytes[0]!;
      if (c.text === null && name.startsWith('x-mac-') && (byte < 0x20 || byte === 0x7f)) {
        // The vector reads Apple's table literally; its header maps the controls to themselves.
        expect(decode(bytes, name, { fatal: true })).toBe(String.fromCharCode(byte));
      } else if (c.text === null) {
        expect(decode(bytes, name), `${name} ${c.bytes}`).toBe('\ufffd');
        expect(() => decode(bytes, name, { fatal: true })).toThrow(DecodeError);
      } else {
        expect(decode(bytes, name, { fatal: true }), `${name} ${c.bytes}`).toBe(c.text);
        expect(toHex(encode(c.text, name))).toBe(c.bytes);
      }
    }
  });
});

describe('utf16-decode.json', () => {
  it.each(utf16Vectors.cases)('$encoding $name', (c) => {
    const bytes = hex(c.bytes!);
    expect(decode(bytes, c.encoding, { ignoreBOM: true })).toBe(c.text);
    if (c.fatal === 'error') {
      expect(() => decode(bytes, c.encoding, { fatal: true })).toThrow(DecodeError);
    } else expect(decode(bytes, c.encoding, { fatal: true })).toBe(c.text);
  });
});
