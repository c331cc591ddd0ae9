// The package's error classes: instanceof across the two builds (the brand of errors.ts), ordinary
// instanceof for a subclass, and the class's own name, which logs and stack traces show.
import { describe, expect, it } from 'vitest';
import { CharsetError, decode, HeaderSyntaxError, parseContentType } from '../src/index';

describe('CharsetError and HeaderSyntaxError', () => {
  it('an error of the other build (the shared brand, another prototype) is an instance', () => {
    for (const [cls, key] of [
      [CharsetError, '@x/mime-charset/CharsetError'],
      [HeaderSyntaxError, '@x/mime-charset/HeaderSyntaxError'],
    ] as const) {
      const other = Object.assign(new Error('x'), { [Symbol.for(key)]: true });
      expect(other instanceof cls).toBe(true);
      expect(new Error('x') instanceof cls).toBe(false);
      expect((null as unknown as object) instanceof cls).toBe(false);
      expect(cls.name).toBe(key.slice('@x/mime-charset/'.length));
    }
  });

  it('a subclass gets ordinary instanceof', () => {
    class Sub extends HeaderSyntaxError {}
    let error: unknown;
    try {
      parseContentType('text/plain; charset', { strict: true });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(HeaderSyntaxError);
    expect(error instanceof Sub).toBe(false);
    expect(new Sub(0, 'x') instanceof Sub).toBe(true);
    expect(new Sub(0, 'x') instanceof HeaderSyntaxError).toBe(true);
    class SubCharset extends CharsetError {}
    try {
      decode(new Uint8Array([0x41]), 'no-such-charset');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CharsetError);
    expect(error instanceof SubCharset).toBe(false);
    expect((error as Error).constructor.name).toBe('CharsetError');
  });
});
