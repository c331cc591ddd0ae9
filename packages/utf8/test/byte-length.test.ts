import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byteLength } from '../src/index';

describe('byteLength', () => {
  it('counts each length class', () => {
    expect(byteLength('a©≠😀')).toBe(10);
    expect(byteLength('\ud800')).toBe(3);
    expect(byteLength('\udc00x')).toBe(4);
    expect(byteLength('\ud800\ud800')).toBe(6);
  });
  it('equals TextEncoder output length', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        expect(byteLength(s)).toBe(new TextEncoder().encode(s).length);
      }),
    );
  });
});
