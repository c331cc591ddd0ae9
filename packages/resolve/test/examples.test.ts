import { parse, serialize } from '@x/uri';
import { describe, expect, it } from 'vitest';
import {
  mergePaths,
  ResolveError,
  relativize,
  removeDotSegments,
  resolve,
  resolveComponents,
} from '../src/index';

// Every claim made by a TSDoc @example or by the README, run as written.

describe('TSDoc examples', () => {
  it('removeDotSegments', () => {
    expect(removeDotSegments('/a/b/c/./../../g')).toBe('/a/g');
    expect(removeDotSegments('mid/content=5/../6')).toBe('mid/6');
  });
  it('mergePaths', () => {
    expect(mergePaths({ host: 'a', path: '/b/c/d;p' }, 'g')).toBe('/b/c/g');
    expect(mergePaths({ host: 'a', path: '' }, 'g')).toBe('/g');
    expect(mergePaths({ host: undefined, path: 'x' }, 'g')).toBe('g');
  });
  it('resolveComponents', () => {
    const base = parse('http://a/b/c/d;p?q');
    expect(serialize(resolveComponents(base, parse('../g')))).toBe('http://a/b/g');
  });
  it('resolve', () => {
    expect(resolve('http://a/b/c/d;p?q', '../g')).toBe('http://a/b/g');
    expect(resolve('http://a/b/c/d;p?q', 'http:g')).toBe('http:g');
    expect(resolve('http://a/b/c/d;p?q', 'http:g', { strict: false })).toBe('http://a/b/c/g');
  });
  it('relativize', () => {
    expect(relativize('http://a/b/c/d;p?q', 'http://a/b/c/g')).toBe('g');
    expect(relativize('http://a/b/c/d;p?q', 'http://a/b/c/d;p?q#s')).toBe('#s');
    expect(relativize('http://a/b/c/d;p?q', 'http://a/g')).toBe('/g');
    expect(relativize('http://a/b/c/d;p?q', 'http://a/b/c/a:b')).toBe('./a:b');
    expect(relativize('http://a/b/c/d;p?q', 'https://a/b')).toBe('https://a/b');
  });
  it('ResolveError', () => {
    let reason: string | undefined;
    try {
      resolve('//a/b', 'c');
    } catch (e) {
      reason = (e as ResolveError).reason;
    }
    expect(reason).toBe('base-not-absolute');
  });
});

describe('resolveComponents on hand-built components', () => {
  const base = {
    scheme: 'http',
    userinfo: 'u',
    host: 'a',
    port: '81',
    path: '/b/c',
    query: 'q',
    fragment: 'f',
  };
  const ref = {
    scheme: undefined,
    userinfo: undefined,
    host: undefined,
    port: undefined,
    path: '',
    query: undefined,
    fragment: undefined,
  };
  it('keeps the base authority, path and query for an empty reference, drops its fragment', () => {
    expect(resolveComponents(base, ref)).toEqual({ ...base, fragment: undefined });
  });
  it('takes the reference authority for a network-path reference', () => {
    expect(resolveComponents(base, { ...ref, host: 'g', path: '/x/../y' })).toEqual({
      ...ref,
      scheme: 'http',
      host: 'g',
      path: '/y',
    });
  });
  it('returns a new object and leaves its arguments alone', () => {
    const copy = { ...base };
    const out = resolveComponents(base, { ...ref, path: 'g' });
    expect(out).not.toBe(base);
    expect(base).toEqual(copy);
    expect(out.path).toBe('/b/g');
  });
  it('throws ResolveError for a base without a scheme', () => {
    expect(() => resolveComponents({ ...base, scheme: undefined }, ref)).toThrow(ResolveError);
  });
});
