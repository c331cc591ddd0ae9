import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeEscapes, percentDecodeBytes } from '../src/index';

/** Text of escapes (both cases), hex digits, stray %, reserved and unreserved characters. */
const uriish = fc
  .array(
    fc.oneof(
      fc.integer({ min: 0, max: 255 }).map((b) => `%${b.toString(16).padStart(2, '0')}`),
      fc
        .integer({ min: 0, max: 255 })
        .map((b) => `%${b.toString(16).padStart(2, '0').toUpperCase()}`),
      fc.constantFrom(
        '%',
        '%%',
        '%4',
        'a',
        'F',
        '1',
        '/',
        '?',
        '#',
        '~',
        'é',
        '%7e',
        '%41',
        '%2f',
        '%25',
      ),
    ),
    { maxLength: 14 },
  )
  .map((parts) => parts.join(''));

describe('normalizeEscapes (RFC 3986 §6.2.2.1-2)', () => {
  it('uppercases escapes and decodes unreserved ones', () => {
    expect(normalizeEscapes('%7euser/%2fa%41')).toBe('~user/%2FaA');
    expect(normalizeEscapes('%61%7A%41%5A%30%39%2D%2E%5F%7E')).toBe('azAZ09-._~');
    expect(normalizeEscapes('%c3%a9')).toBe('%C3%A9');
  });
  it('never decodes reserved, %, or non-ASCII octets', () => {
    for (let b = 0; b < 256; b++) {
      const ch = String.fromCharCode(b);
      const escaped = `%${b.toString(16).padStart(2, '0').toUpperCase()}`;
      const unreserved = /^[A-Za-z0-9\-._~]$/.test(ch);
      expect(normalizeEscapes(escaped.toLowerCase())).toBe(unreserved ? ch : escaped);
    }
    expect(normalizeEscapes('a%2Fb%3f%23%25')).toBe('a%2Fb%3F%23%25');
  });
  it('returns the input itself when nothing changes', () => {
    const s = 'http://example.com/%C3%A9?q=%2F';
    expect(normalizeEscapes(s)).toBe(s);
    expect(normalizeEscapes('no escapes')).toBe('no escapes');
  });
  it('keeps malformed escapes and never lets a stray % form a new escape', () => {
    expect(normalizeEscapes('100%')).toBe('100%');
    expect(normalizeEscapes('%zz%4')).toBe('%zz%4');
    // Decoding %41 here would give %A4 or %41: new escapes with another meaning.
    expect(normalizeEscapes('%%414')).toBe('%%414');
    expect(normalizeEscapes('%4%31')).toBe('%4%31');
    expect(normalizeEscapes('%%%41%61')).toBe('%%%41a');
    expect(normalizeEscapes('%%67')).toBe('%g');
  });
  it('is idempotent', () => {
    fc.assert(
      fc.property(uriish, (s) => {
        const once = normalizeEscapes(s);
        expect(normalizeEscapes(once)).toBe(once);
      }),
      { numRuns: 2000 },
    );
  });
  it('preserves meaning: the same octets, and the same escapes of reserved and non-ASCII octets', () => {
    const kept = (s: string): string[] =>
      (s.match(/%[0-9A-Fa-f]{2}/g) ?? [])
        .map((e) => e.toUpperCase())
        .filter(
          (e) => !/^[A-Za-z0-9\-._~]$/.test(String.fromCharCode(Number.parseInt(e.slice(1), 16))),
        );
    fc.assert(
      fc.property(uriish, (s) => {
        const normalized = normalizeEscapes(s);
        expect([...percentDecodeBytes(normalized, { mode: 'lenient' })]).toEqual([
          ...percentDecodeBytes(s, { mode: 'lenient' }),
        ]);
        expect(kept(normalized)).toEqual(kept(s));
        for (const e of normalized.match(/%[0-9A-Fa-f]{2}/g) ?? []) expect(e).toBe(e.toUpperCase());
      }),
      { numRuns: 2000 },
    );
  });
});
