// Runs the claim of every TSDoc and README example.
import { describe, expect, it } from 'vitest';
import {
  encodeSet,
  formToObject,
  normalizeEscapes,
  PercentDecodeError,
  parseForm,
  parseKeywords,
  percentDecode,
  percentDecodeBytes,
  percentEncode,
  rfc1738,
  rfc2396,
  rfc3986,
  serializeForm,
  serializeKeywords,
  whatwg,
} from '../src/index';

const PROTO = '__proto__';

describe('TSDoc examples', () => {
  it('rfc1738', () => {
    expect(percentEncode('/~user/a b', rfc1738.url)).toBe('/%7Euser/a%20b');
    expect(percentEncode('a=b&c', rfc1738.component)).toBe('a%3Db%26c');
  });
  it('rfc2396', () => {
    expect(percentEncode('a b[1]', rfc2396.uric)).toBe('a%20b%5B1%5D');
    expect(percentEncode("it's/ok", rfc2396.component)).toBe("it's%2Fok");
  });
  it('serializeKeywords', () => {
    expect(serializeKeywords(['Edgar', 'Allen', 'Poe'])).toBe('Edgar+Allen+Poe');
    expect(serializeKeywords(['C++', 'a=b', 'two words'])).toBe('C%2B%2B+a%3Db+two%20words');
  });
  it('serializeForm with spaceAsPlus: false and separator', () => {
    expect(
      serializeForm(
        [
          ['q', 'a b;c'],
          ['n', '1'],
        ],
        { spaceAsPlus: false, separator: ';' },
      ),
    ).toBe('q=a%20b%3Bc;n=1');
  });
  it('encodeSet', () => {
    const set = encodeSet("-_.!~*'()");
    expect(percentEncode('a b!', set)).toBe('a%20b!');
  });
  it('rfc3986', () => {
    expect(percentEncode('a/b?c', rfc3986.segment)).toBe('a%2Fb%3Fc');
    expect(percentEncode('a/b?c', rfc3986.query)).toBe('a/b?c');
  });
  it('whatwg', () => {
    expect(percentEncode('a b{}', whatwg.path)).toBe('a%20b%7B%7D');
    expect(percentEncode("it's", whatwg.specialQuery)).toBe('it%27s');
  });
  it('percentEncode', () => {
    expect(percentEncode('a b/ç', rfc3986.component)).toBe('a%20b%2F%C3%A7');
    expect(percentEncode(new Uint8Array([0x61, 0xff]), rfc3986.component)).toBe('a%FF');
  });
  it('percentDecode', () => {
    expect(percentDecode('caf%C3%A9')).toBe('café');
    expect(percentDecode('100%', { mode: 'lenient' })).toBe('100%');
    expect(percentDecode('%C0%AF', { mode: 'lenient' })).toBe('\uFFFD\uFFFD');
    expect(percentDecode('%252F')).toBe('%2F');
    expect(percentDecode('%41\uD800', { mode: 'lenient' })).toBe('A\uFFFD');
  });
  it('percentDecodeBytes', () => {
    expect(percentDecodeBytes('%C0%AF')).toEqual(new Uint8Array([0xc0, 0xaf]));
    expect(percentDecodeBytes('%e9t%E9')).toEqual(new Uint8Array([0xe9, 0x74, 0xe9]));
  });
  it('PercentDecodeError', () => {
    let index: number | undefined;
    try {
      percentDecode('a%zz', { mode: 'strict' });
    } catch (error) {
      if (error instanceof PercentDecodeError) index = error.index;
    }
    expect(index).toBe(1);
  });
  it('normalizeEscapes', () => {
    expect(normalizeEscapes('%7euser/%2fa%41')).toBe('~user/%2FaA');
    expect(normalizeEscapes('a%2Fb%3f%25')).toBe('a%2Fb%3F%25');
  });
  it('parseForm', () => {
    expect(parseForm('\uD800=x')).toEqual([['\uFFFD', 'x']]);
    expect(parseForm('a=1&b=x+y&a=%E2%9C%93')).toEqual([
      ['a', '1'],
      ['b', 'x y'],
      ['a', '✓'],
    ]);
    expect(parseForm('a=1;b=2', { separator: ';' })).toEqual([
      ['a', '1'],
      ['b', '2'],
    ]);
    expect(() => parseForm('a&'.repeat(1001))).toThrow(
      expect.objectContaining({
        name: 'PercentDecodeError',
        reason: 'too-many-pairs',
        index: 2000,
      }),
    );
    expect(parseForm('a&'.repeat(1001), { limit: Number.POSITIVE_INFINITY })).toHaveLength(1001);
  });
  it('serializeForm', () => {
    expect(
      serializeForm([
        ['q', 'a b&c'],
        ['lang', 'en'],
      ]),
    ).toBe('q=a+b%26c&lang=en');
    expect(serializeForm({ a: ['1', '2'], b: '~' })).toBe('a=1&a=2&b=%7E');
  });
  it('formToObject', () => {
    expect(formToObject('a=1&b=2&a=3')).toEqual({ a: ['1', '3'], b: '2' });
    expect(formToObject('__proto__=x')[PROTO]).toBe('x');
    expect(({} as { x?: unknown }).x).toBeUndefined();
  });
  it('parseKeywords', () => {
    expect(parseKeywords('Edgar+Allen+Poe')).toEqual(['Edgar', 'Allen', 'Poe']);
    expect(parseKeywords('q=poe')).toBeUndefined();
  });
});
