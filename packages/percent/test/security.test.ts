import { describe, expect, it } from 'vitest';
import {
  formToObject,
  normalizeEscapes,
  PercentDecodeError,
  parseForm,
  parseKeywords,
  percentDecode,
  percentDecodeBytes,
  percentEncode,
  rfc3986,
  serializeForm,
} from '../src/index';

const PROTO = '__proto__';
const MB = 1 << 20;

describe('security', () => {
  it('overlong UTF-8: %C0%AF never becomes / (path traversal past a "../" filter)', () => {
    expect(percentDecode('..%C0%AF', { mode: 'lenient' })).toBe('..\ufffd\ufffd');
    expect(() => percentDecode('..%C0%AF')).toThrow(PercentDecodeError);
    for (const overlong of ['%C0%AF', '%E0%80%AF', '%F0%80%80%AF', '%C1%9C', '%C0%AE']) {
      const lenient = percentDecode(overlong, { mode: 'lenient' });
      expect(lenient).not.toMatch(/[/\\.]/);
      expect(parseForm(`a=${overlong}`)[0]?.[1]).toBe(lenient);
    }
  });
  it('double encoding: %252F decodes once to %2F, never to /', () => {
    expect(percentDecode('%252F')).toBe('%2F');
    expect(percentDecode('..%252F..%252F')).toBe('..%2F..%2F');
    expect(parseForm('p=%252F')).toEqual([['p', '%2F']]);
    expect(normalizeEscapes('%252F')).toBe('%252F');
  });
  it('normalization that changes meaning: %2F %3F %23 %25 stay escaped', () => {
    expect(normalizeEscapes('/a%2Fb%3Fc%23d%25e')).toBe('/a%2Fb%3Fc%23d%25e');
    expect(normalizeEscapes('%2e%2e%2f')).toBe('..%2F');
  });
  it('encoded surrogates and values above U+10FFFF never become characters', () => {
    expect(percentDecode('%ED%A0%80%ED%B0%80', { mode: 'lenient' })).toBe('\ufffd'.repeat(6));
    expect(percentDecode('%F4%90%80%80', { mode: 'lenient' })).toBe('\ufffd'.repeat(4));
  });
  it('prototype pollution: __proto__, constructor and toString are plain names', () => {
    const record = formToObject(
      '__proto__=x&constructor=y&toString=z&__proto__=w&hasOwnProperty=1',
    );
    expect(Object.getPrototypeOf(record)).toBe(null);
    expect(record[PROTO]).toEqual(['x', 'w']);
    expect(record.constructor).toBe('y');
    expect(record.toString).toBe('z');
    expect(Object.keys(record)).toEqual(['__proto__', 'constructor', 'toString', 'hasOwnProperty']);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(Object.prototype.toString).toBeTypeOf('function');
    expect(serializeForm(record)).toBe(
      '__proto__=x&__proto__=w&constructor=y&toString=z&hasOwnProperty=1',
    );
    expect(formToObject('__proto__[polluted]=1&a[__proto__][b]=2')).toEqual({
      '__proto__[polluted]': '1',
      'a[__proto__][b]': '2',
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
  it('resource exhaustion: 1 MB of % is handled in linear time', () => {
    const percents = '%'.repeat(MB);
    expect(percentDecode(percents, { mode: 'lenient' })).toBe(percents);
    expect(() => percentDecode(percents)).toThrow(expect.objectContaining({ index: 0 }));
    expect(percentDecodeBytes(percents, { mode: 'lenient' })).toHaveLength(MB);
    expect(normalizeEscapes(percents)).toBe(percents);
    expect(parseForm(percents)).toEqual([[percents, '']]);
    expect(parseKeywords(percents)).toEqual([percents]);
    expect(percentEncode(percents, rfc3986.component)).toHaveLength(3 * MB);
  });
  it('resource exhaustion: 1 MB of & gives no pairs; 1 MB of a=& stops at the limit', () => {
    expect(parseForm('&'.repeat(MB))).toEqual([]);
    expect(parseForm(';'.repeat(MB), { separator: 'both' })).toEqual([]);
    expect(() => parseForm('a&'.repeat(MB / 2), { limit: 1000 })).toThrow(
      expect.objectContaining({ reason: 'too-many-pairs', index: 2000 }),
    );
  });
  it('resource exhaustion: 1 MB of escapes and of broken sequences decodes in linear time', () => {
    expect(percentDecode('%41'.repeat(MB / 3))).toBe('A'.repeat(MB / 3));
    expect(percentDecode('%E2%82'.repeat(MB / 6), { mode: 'lenient' })).toBe(
      '\ufffd'.repeat(MB / 6),
    );
    expect(percentDecode('%%41'.repeat(MB / 4), { mode: 'lenient' })).toBe('%A'.repeat(MB / 4));
    expect(normalizeEscapes('%%41'.repeat(MB / 4))).toBe('%%41'.repeat(MB / 4));
  });
  it('unencodable characters with a legacy encoder cost linear work', () => {
    let calls = 0;
    let work = 0;
    const ascii = (text: string): Uint8Array => {
      calls++;
      for (let i = 0; i < text.length; i++) {
        work++;
        if (text.charCodeAt(i) > 0x7f) throw Object.assign(new Error('unencodable'), { index: i });
      }
      return new Uint8Array(text.length).map((_, i) => text.charCodeAt(i));
    };
    const text = 'ab€'.repeat(10_000);
    const out = serializeForm([['q', text]], { encoder: ascii });
    expect(out).toBe(`q=${'ab%26%238364%3B'.repeat(10_000)}`);
    expect(calls).toBeLessThanOrEqual(2 * 10_000 + 2);
    expect(work).toBeLessThanOrEqual(3 * text.length);
  });
});
