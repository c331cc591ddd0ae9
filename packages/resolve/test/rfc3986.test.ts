import { describe, expect, it } from 'vitest';
import { relativize, resolve } from '../src/index';

// RFC 3986 §5.4: https://www.rfc-editor.org/rfc/rfc3986#section-5.4
const BASE = 'http://a/b/c/d;p?q';

const NORMAL: [string, string][] = [
  ['g:h', 'g:h'],
  ['g', 'http://a/b/c/g'],
  ['./g', 'http://a/b/c/g'],
  ['g/', 'http://a/b/c/g/'],
  ['/g', 'http://a/g'],
  ['//g', 'http://g'],
  ['?y', 'http://a/b/c/d;p?y'],
  ['g?y', 'http://a/b/c/g?y'],
  ['#s', 'http://a/b/c/d;p?q#s'],
  ['g#s', 'http://a/b/c/g#s'],
  ['g?y#s', 'http://a/b/c/g?y#s'],
  [';x', 'http://a/b/c/;x'],
  ['g;x', 'http://a/b/c/g;x'],
  ['g;x?y#s', 'http://a/b/c/g;x?y#s'],
  ['', 'http://a/b/c/d;p?q'],
  ['.', 'http://a/b/c/'],
  ['./', 'http://a/b/c/'],
  ['..', 'http://a/b/'],
  ['../', 'http://a/b/'],
  ['../g', 'http://a/b/g'],
  ['../..', 'http://a/'],
  ['../../', 'http://a/'],
  ['../../g', 'http://a/g'],
];

const ABNORMAL: [string, string][] = [
  ['../../../g', 'http://a/g'],
  ['../../../../g', 'http://a/g'],
  ['/./g', 'http://a/g'],
  ['/../g', 'http://a/g'],
  ['g.', 'http://a/b/c/g.'],
  ['.g', 'http://a/b/c/.g'],
  ['g..', 'http://a/b/c/g..'],
  ['..g', 'http://a/b/c/..g'],
  ['./../g', 'http://a/b/g'],
  ['./g/.', 'http://a/b/c/g/'],
  ['g/./h', 'http://a/b/c/g/h'],
  ['g/../h', 'http://a/b/c/h'],
  ['g;x=1/./y', 'http://a/b/c/g;x=1/y'],
  ['g;x=1/../y', 'http://a/b/c/y'],
  ['g?y/./x', 'http://a/b/c/g?y/./x'],
  ['g?y/../x', 'http://a/b/c/g?y/../x'],
  ['g#s/./x', 'http://a/b/c/g#s/./x'],
  ['g#s/../x', 'http://a/b/c/g#s/../x'],
  ['http:g', 'http:g'],
];

describe('RFC 3986 §5.4', () => {
  it('lists all 42 examples', () => {
    expect(NORMAL.length + ABNORMAL.length).toBe(42);
  });
  it.each(NORMAL)('§5.4.1 normal: %j (strict)', (ref, expected) => {
    expect(resolve(BASE, ref)).toBe(expected);
  });
  it.each(NORMAL)('§5.4.1 normal: %j (strict: false)', (ref, expected) => {
    expect(resolve(BASE, ref, { strict: false })).toBe(expected);
  });
  it.each(ABNORMAL)('§5.4.2 abnormal: %j (strict)', (ref, expected) => {
    expect(resolve(BASE, ref)).toBe(expected);
  });
  it.each(ABNORMAL.slice(0, -1))('§5.4.2 abnormal: %j (strict: false)', (ref, expected) => {
    expect(resolve(BASE, ref, { strict: false })).toBe(expected);
  });
  it('§5.4.2: "http:g" is "http://a/b/c/g" for a backwards-compatible parser', () => {
    expect(resolve(BASE, 'http:g', { strict: false })).toBe('http://a/b/c/g');
    // the scheme comparison is case-insensitive (§3.1)
    expect(resolve(BASE, 'HTTP:g', { strict: false })).toBe('http://a/b/c/g');
    // a different scheme stays absolute
    expect(resolve(BASE, 'https:g', { strict: false })).toBe('https:g');
  });
  it.each([...NORMAL, ...ABNORMAL])(
    'relativize(base, resolve(base, %j)) resolves back and is no longer than it',
    (ref) => {
      const target = resolve(BASE, ref);
      const r = relativize(BASE, target);
      expect(resolve(BASE, r)).toBe(target);
      expect(r.length).toBeLessThanOrEqual(Math.max(ref.length, 1));
    },
  );
});

describe("the issue's worked examples", () => {
  const deep = 'http://a/b/c/d/e/f';
  it.each([
    ['#s', 'http://a/b/c/d/e/f#s'],
    ['g', 'http://a/b/c/d/e/g'],
    ['./g', 'http://a/b/c/d/e/g'],
    ['g#s', 'http://a/b/c/d/e/g#s'],
    ['/g', 'http://a/g'],
    ['//g', 'http://g'],
    ['..', 'http://a/b/c/d/'],
    ['../g', 'http://a/b/c/d/g'],
    ['../../g', 'http://a/b/c/g'],
  ])('resolve("http://a/b/c/d/e/f", %j) === %j', (ref, expected) => {
    expect(resolve(deep, ref)).toBe(expected);
    expect(resolve(`${deep}#frag`, ref)).toBe(expected);
  });
  it.each([
    ['#s', '#s'],
    ['g', 'g'],
    ['g#s', 'g#s'],
    ['/g', '/g'],
    ['//g', '//g'],
    ['..', '..'],
    ['../g', '../g'],
    ['../../g', '/b/c/g'], // shorter than '../../g'
  ])('relativize finds %j back as %j', (ref, shortest) => {
    expect(relativize(deep, resolve(deep, ref))).toBe(shortest);
  });
  it('resolves the capricorn examples', () => {
    const base = 'http://www.capricorn.org/heavy_industry.html';
    expect(resolve(base, '/careers/steel.html')).toBe(
      'http://www.capricorn.org/careers/steel.html',
    );
    expect(resolve(base, 'steel.html')).toBe('http://www.capricorn.org/steel.html');
    expect(relativize(base, 'http://www.capricorn.org/careers/steel.html')).toBe(
      'careers/steel.html',
    );
    expect(relativize(base, 'http://www.capricorn.org/steel.html')).toBe('steel.html');
  });
});
