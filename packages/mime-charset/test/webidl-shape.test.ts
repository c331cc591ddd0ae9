// The classes that stand for the platform's have the property attributes WebIDL gives an
// interface (WebIDL §3.7.3 @@toStringTag, §3.7.6 attributes, §3.7.7 operations), which
// web-platform-tests' idlharness checks and `for…in`, `Object.keys` on a prototype and
// `Object.prototype.toString` observe.
import { describe, expect, it } from 'vitest';
import { TextDecoder, TextDecoderStream, TextEncoder, TextEncoderStream } from '../src/index';

type Shape = Record<string, string>;

/** Each own property of a prototype, as `enumerable configurable writable kind`. */
function shape(prototype: object): Shape {
  const out: Shape = {};
  for (const key of Reflect.ownKeys(prototype)) {
    const d = Object.getOwnPropertyDescriptor(prototype, key)!;
    const kind = d.get ? 'getter' : typeof d.value === 'function' ? 'method' : `= ${d.value}`;
    out[String(key)] =
      `${d.enumerable ? 'e' : '-'}${d.configurable ? 'c' : '-'}${d.writable ? 'w' : '-'} ${kind}`;
  }
  return out;
}

const interfaces = [
  [
    TextDecoder,
    'TextDecoder',
    { attributes: ['encoding', 'fatal', 'ignoreBOM'], operations: ['decode'] },
  ],
  [TextEncoder, 'TextEncoder', { attributes: ['encoding'], operations: ['encode', 'encodeInto'] }],
  [
    TextDecoderStream,
    'TextDecoderStream',
    { attributes: ['encoding', 'fatal', 'ignoreBOM', 'readable', 'writable'], operations: [] },
  ],
  [
    TextEncoderStream,
    'TextEncoderStream',
    { attributes: ['encoding', 'readable', 'writable'], operations: [] },
  ],
] as const;

describe('WebIDL interface shape', () => {
  for (const [type, name, { attributes, operations }] of interfaces) {
    it(`${name}: attributes and operations enumerable, @@toStringTag a data property`, () => {
      const expected: Shape = {
        constructor: '-cw method',
        'Symbol(Symbol.toStringTag)': `-c- = ${name}`,
      };
      for (const a of attributes) expected[a] = 'ec- getter';
      for (const o of operations) expected[o] = 'ecw method';
      expect(shape(type.prototype)).toEqual(expected);
      expect(Object.keys(type.prototype).sort()).toEqual([...attributes, ...operations].sort());
      expect(Object.prototype.toString.call(type.prototype)).toBe(`[object ${name}]`);
      expect(Object.getOwnPropertyDescriptor(type, 'prototype')).toMatchObject({
        writable: false,
        enumerable: false,
        configurable: false,
      });
    });
  }

  it('TextDecoder and TextEncoder have the shape of the platform’s', () => {
    // Node's own classes add a util.inspect symbol, which is not WebIDL's.
    const platform = (p: object): Shape =>
      Object.fromEntries(Object.entries(shape(p)).filter(([k]) => !k.includes('nodejs')));
    expect(shape(TextDecoder.prototype)).toEqual(platform(globalThis.TextDecoder.prototype));
    expect(shape(TextEncoder.prototype)).toEqual(platform(globalThis.TextEncoder.prototype));
  });
});
