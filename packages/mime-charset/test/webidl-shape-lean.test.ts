// The lean entry's classes get WebIDL's property attributes from their first constructor call (a
// bundler must be free to drop a class nobody uses); the main entry's have them as it loads
// (test/webidl-shape.test.ts). Its own file: the main entry must not be loaded here.
import { describe, expect, it } from 'vitest';
import { TextDecoder, TextDecoderStream, TextEncoder, TextEncoderStream } from '../src/lean';

describe('WebIDL interface shape, lean entry', () => {
  it('a class frozen before its first construction (SES harden) still works, with its shape', () => {
    Object.freeze(TextEncoder.prototype);
    expect(new TextEncoder().encode('a')).toEqual(new Uint8Array([0x61]));
    expect(Object.keys(TextEncoder.prototype)).toEqual([]);
  });

  it('plain classes until one is made, then the shape of the main entry’s', () => {
    const classes = [
      [TextDecoder, 'TextDecoder', () => new TextDecoder()],
      [TextDecoderStream, 'TextDecoderStream', () => new TextDecoderStream()],
      [TextEncoderStream, 'TextEncoderStream', () => new TextEncoderStream()],
    ] as const;
    for (const [type, name, make] of classes) {
      expect(Object.keys(type.prototype)).toEqual([]);
      make();
      expect(Object.keys(type.prototype).length).toBeGreaterThan(0);
      expect(Object.getOwnPropertyDescriptor(type.prototype, Symbol.toStringTag)).toEqual({
        value: name,
        writable: false,
        enumerable: false,
        configurable: true,
      });
      expect(Object.prototype.toString.call(make())).toBe(`[object ${name}]`);
    }
  });
});
