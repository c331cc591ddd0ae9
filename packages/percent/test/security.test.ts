import { describe, expect, it } from 'vitest';
import { codec as iso2022jp } from '../../legacy-charsets/src/iso-2022-jp';
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
  whatwg,
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
  it('escape smuggled through a form reference: an ESC, SO or SI the charset refuses is &#65533;, never &#27;', () => {
    // ISO-2022-JP cannot hold ESC, SO or SI (they would switch the decoder's state). Sent as &#27;, a
    // server that expands references would get the ESC back, and with it `ESC $ B` mid-text: the
    // Encoding Standard's ISO-2022-JP encoder reports them as U+FFFD for that reason (§12.2.2).
    const jp = (text: string): Uint8Array => iso2022jp.encode(text);
    expect(serializeForm([['q', 'a\u001b$Bxyz']], { encoder: jp })).toBe(
      'q=a%26%2365533%3B%24Bxyz',
    );
    expect(percentEncode('\u000e\u000f\u001b', whatwg.query, { encoder: jp })).toBe(
      '%26%2365533%3B'.repeat(3),
    );
    const sent = percentEncode('中\u001b(B中', whatwg.component, { encoder: jp });
    expect(sent).not.toMatch(/%26%23(?:27|14|15)%3B/);
    expect(iso2022jp.decode(percentDecodeBytes(sent))).toBe('中&#65533;(B中');
    // An encoder that holds them (single-byte, UTF-8) sends the octet itself, percent-encoded.
    const latin1 = (text: string): Uint8Array => Uint8Array.from(text, (c) => c.charCodeAt(0));
    expect(percentEncode('\u001b', whatwg.query, { encoder: latin1 })).toBe('%1B');
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
  it('quadratic legacy encoder: an encoder that reads all it is given still costs linear work', () => {
    // It allocates its output for the whole text and checks every character before it throws, as a
    // table encoder may: given the rest of the text after every unencodable character, it read
    // n²/2 characters.
    let read = 0;
    const costly = (text: string): Uint8Array => {
      read += text.length;
      const out = new Uint8Array(text.length);
      let bad = -1;
      for (let i = 0; i < text.length; i++) {
        if (text.charCodeAt(i) > 0x7f && bad < 0) bad = i;
        out[i] = text.charCodeAt(i);
      }
      if (bad >= 0) throw Object.assign(new Error('unencodable'), { index: bad });
      return out;
    };
    const text = '€'.repeat(50_000);
    expect(serializeForm([['q', text]], { encoder: costly })).toBe(
      `q=${'%26%238364%3B'.repeat(50_000)}`,
    );
    expect(read).toBeLessThanOrEqual(4 * text.length + 2);
  });
  it('pair flood: parseForm and formToObject stop at 1000 pairs unless told otherwise', () => {
    const flood = 'a=1&'.repeat(100_000);
    expect(() => parseForm(flood)).toThrow(
      expect.objectContaining({
        name: 'PercentDecodeError',
        reason: 'too-many-pairs',
        index: 4000,
      }),
    );
    expect(() => formToObject(flood)).toThrow(
      expect.objectContaining({ reason: 'too-many-pairs' }),
    );
    expect(parseForm('a=1&'.repeat(1000))).toHaveLength(1000);
    expect(parseForm(flood, { limit: Number.POSITIVE_INFINITY })).toHaveLength(100_000);
    // empty sequences are not pairs: they do not count
    expect(parseForm(`${'&'.repeat(MB)}a=1`)).toEqual([['a', '1']]);
  });
  it("memory aliasing: percentDecodeBytes never writes into the caller's Buffer or view", () => {
    const buffer = Buffer.from('%41%42%43');
    expect(Array.from(percentDecodeBytes(buffer))).toEqual([0x41, 0x42, 0x43]);
    expect(buffer.toString()).toBe('%41%42%43');
    const shared = new Uint8Array(new SharedArrayBuffer(6));
    shared.set(new TextEncoder().encode('%61%62'));
    percentDecodeBytes(shared);
    expect(new TextDecoder().decode(shared.slice())).toBe('%61%62');
  });
  it('type confusion: an array, a string-like object or a fake view is refused, never read', () => {
    const NAMED = /"input" must be an ArrayBuffer, SharedArrayBuffer or ArrayBufferView/;
    for (const fake of [
      [0x25, 0x34, 0x31],
      { length: 3, 0: 0x25 },
      { buffer: new ArrayBuffer(3) },
    ]) {
      expect(() => percentDecodeBytes(fake as unknown as Uint8Array)).toThrow(NAMED);
      expect(() => percentEncode(fake as unknown as Uint8Array, rfc3986.component)).toThrow(NAMED);
    }
  });
});
