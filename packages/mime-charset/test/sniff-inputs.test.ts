// sniffBom, prescanHtml and sniffXml take exactly what TextDecoder.decode takes (WebIDL
// AllowSharedBufferSource, from any realm): each kind of input below goes to each of them and must
// give what the same bytes give as a Uint8Array; anything else is a TypeError naming the argument.
import { describe, expect, it } from 'vitest';
import { acceptedKinds, holdsNothing, refusedKinds } from '../../../tooling/input-kinds.ts';
import { prescanHtml, sniffBom, sniffXml } from '../src/index';

const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);
/** `s` padded with spaces to a multiple of 16 bytes (a whole number of elements of every typed array). */
const padTo16 = (prefix: number[], s: string): Uint8Array => {
  const b = new Uint8Array([...prefix, ...utf8(s)]);
  const out = new Uint8Array(Math.ceil(b.length / 16) * 16).fill(0x20);
  out.set(b);
  return out;
};

// Inputs on which each export answers something other than its default.
const SOURCES = [
  padTo16([0xef, 0xbb, 0xbf], '<meta charset=koi8-r>'),
  padTo16([], '<?xml version="1.0" encoding="iso-8859-2"?>'),
  padTo16([0xff, 0xfe], '<\0?\0x\0m\0l\0'),
];

// Bytes around a view are '<' (0x3C), which a sniffer reading past the view would take for a tag.
const accepted = acceptedKinds(0x3c);

const exports: [string, (input: never) => unknown][] = [
  ['sniffBom', (input) => sniffBom(input)],
  ['prescanHtml', (input) => prescanHtml(input)],
  ['prescanHtml with maxBytes', (input) => prescanHtml(input, { maxBytes: 20 })],
  ['sniffXml', (input) => sniffXml(input)],
];

describe('sniffBom, prescanHtml, sniffXml: what TextDecoder.decode takes', () => {
  it('the sources give each export something to find', () => {
    expect(SOURCES.map((s) => sniffBom(s)?.encoding)).toEqual(['UTF-8', undefined, 'UTF-16LE']);
    expect(SOURCES.map((s) => prescanHtml(s))).toEqual(['KOI8-R', 'ISO-8859-2', null]);
    expect(SOURCES.map((s) => sniffXml(s).family)).toEqual(['UTF-8', 'UTF-8', 'UTF-16LE']);
  });

  for (const [kind, make] of accepted) {
    it(`takes ${kind}`, () => {
      const holds = holdsNothing(kind) ? new Uint8Array(0) : undefined;
      // TextDecoder (latin1 keeps one code unit per byte) says the kind is accepted and what it holds.
      const latin1 = new TextDecoder('latin1');
      for (const source of SOURCES) {
        const input = make(source);
        const expected = holds ?? source;
        expect(latin1.decode(input as BufferSource)).toBe(latin1.decode(expected));
        for (const [name, run] of exports)
          expect(run(input as never), `${name}(${kind})`).toEqual(run(expected as never));
      }
    });
  }

  it('refuses undefined too: the argument is required (as for @x/utf8 decode)', () => {
    for (const [name, run] of exports)
      expect(() => run(undefined as never), name).toThrow(
        new TypeError('"bytes" must be an ArrayBuffer, SharedArrayBuffer or ArrayBufferView'),
      );
  });

  for (const [kind, make] of refusedKinds) {
    it(`refuses ${kind} with a TypeError naming the argument`, () => {
      const input = make(SOURCES[0]!);
      expect(() => new TextDecoder().decode(input as BufferSource)).toThrow(TypeError);
      for (const [name, run] of exports)
        expect(() => run(input as never), `${name}(${kind})`).toThrow(
          new TypeError('"bytes" must be an ArrayBuffer, SharedArrayBuffer or ArrayBufferView'),
        );
    });
  }
});
