import { parse, parseIri, serialize } from '@x/uri';
import { describe, expect, it } from 'vitest';
import {
  mergePaths,
  ResolveError,
  relativize,
  removeDotSegments,
  resolve,
  resolveComponents,
} from '../src/index';
import { chooseBase, contentLocationBase, htmlBase, xmlBase } from '../src/base';

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
    expect(resolve('http://例え.jp/a/b', '../ü/c', { iri: true })).toBe('http://例え.jp/ü/c');
    expect(resolve('http://例え.jp/a/b', 'ü', { iri: true, toUri: true })).toBe(
      'http://%E4%BE%8B%E3%81%88.jp/a/%C3%BC',
    );
  });
  it('chooseBase', () => {
    expect(chooseBase({ embedded: '../x/', retrieval: 'http://a/b/c' })).toBe('http://a/x/');
    expect(chooseBase({ retrieval: 'http://a/b#top', fallback: 'about:blank' })).toBe('http://a/b');
    expect(chooseBase({ embedded: 'x' })).toBeUndefined();
  });
  it('htmlBase', () => {
    expect(
      htmlBase(
        '<head><BASE href="http://www.ionio.gr/Test/a/b/c"></head>',
        'http://example.com/doc.html',
      ),
    ).toBe('http://www.ionio.gr/Test/a/b/c');
    expect(htmlBase('<base href="../x/">', 'http://a/b/c/d.html')).toBe('http://a/b/x/');
    expect(htmlBase('<!-- <base href="http://evil/"> --><p>', 'http://a/')).toBeUndefined();
    expect(htmlBase('<svg><base href="/in-svg/"></svg><base href="/x/">', 'http://a/')).toBe(
      'http://a/x/',
    );
  });
  it('contentLocationBase', () => {
    expect(contentLocationBase('/docs/en/', 'http://a/docs/')).toBe('http://a/docs/en/');
    expect(contentLocationBase('x#frag', 'http://a/')).toBeUndefined();
  });
  it('xmlBase', () => {
    expect(xmlBase(['http://example.org/today/', undefined, 'new/'], 'http://a/doc.xml')).toBe(
      'http://example.org/today/new/',
    );
    expect(xmlBase([], 'http://a/doc.xml#x')).toBe('http://a/doc.xml');
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

describe('README examples', () => {
  it('the opening example', () => {
    expect(resolve('http://a/b/c/d;p?q', '../g')).toBe('http://a/b/g');
    expect(relativize('http://a/b/c/d;p?q', 'http://a/b/g')).toBe('../g');
  });
  it('Use', () => {
    expect(resolve('http://a/b/c/d;p?q', 'http:g')).toBe('http:g');
    expect(resolve('http://a/b/c/d;p?q', 'http:g', { strict: false })).toBe('http://a/b/c/g');
    const base = parse('http://www.capricorn.org/heavy_industry.html');
    expect(serialize(resolveComponents(base, parse('/careers/steel.html')))).toBe(
      'http://www.capricorn.org/careers/steel.html',
    );
    expect(relativize('http://a/b/c/d/e/f', 'http://a/b/c/d/g')).toBe('../g');
    expect(relativize('http://a/b/c/d/e/f', 'http://a/b/c/g')).toBe('/b/c/g');
    expect(relativize('http://a/b/c', 'http://a/b/g:h')).toBe('./g:h');
  });
  it.each([
    ['http://a/b/c', 'http://a/b/g:h', './g:h'],
    ['http://a/b/c', 'http://a/b//g', './/g'],
    ['http://a/b/c/d/e', 'http://a//g', '/.//g'],
    ['http://a/b', 'http://b/x', '//b/x'],
    ['http://a/b', 'https://a/b', 'https://a/b'],
    ['http://a/b', 'http://a?q', '//a?q'],
    ['http://a/b/c/d?q', 'http://a/b/c/', '.'],
    ['http://a/b/c/d', 'http://a/b/', '..'],
  ])('the trap table: relativize(%j, %j) === %j', (base, target, expected) => {
    expect(relativize(base, target)).toBe(expected);
    expect(resolve(base, expected)).toBe(target);
  });
  it('API: removeDotSegments and ResolveError', () => {
    expect(removeDotSegments('/a/b/c/./../../g')).toBe('/a/g');
    expect(removeDotSegments('mid/content=5/../6')).toBe('mid/6');
    expect(() => resolve('/b', 'c')).toThrow(ResolveError);
  });
  it('Compatibility: the "/." deviation and the literal choices', () => {
    expect(resolve('foo:/', './/@@')).toBe('foo:/.//@@');
    expect(parse(resolve('foo:/', './/@@')).host).toBeUndefined();
    expect(resolve('foo:a/b', '..//x')).toBe('foo:/.//x');
    expect(resolve('bar:x', 'foo:/..//x')).toBe('foo:/.//x');
    expect(removeDotSegments('/.//x')).toBe('//x');
    expect(resolve('foo:a/b', 'c')).toBe('foo:a/c');
    expect(resolve('foo:a/b', '../c')).toBe('foo:/c');
    expect(relativize('foo:a/b', 'foo:c')).toBe('foo:c');
    expect(resolve('http://a/b/../c', '#f')).toBe('http://a/b/../c#f');
    expect(resolve('http://a/b/../c', 'd')).toBe('http://a/d');
    expect(resolve('http://a/b/c/d;p?q', 'HTTP:g', { strict: false })).toBe('http://a/b/c/g');
  });
  it('Compatibility: IRIs resolve through parseIri and resolveComponents', () => {
    expect(() => resolve('http://例え.jp/a/b', 'ü/c')).toThrow();
    const target = resolveComponents(parseIri('http://例え.jp/a/b'), parseIri('../ü/c'));
    expect(serialize(target)).toBe('http://例え.jp/ü/c');
  });
  it('Compatibility: WHATWG URL refuses a rootless base and writes the same "/." prefix', () => {
    expect(() => new URL('c', 'foo:a/b')).toThrow(TypeError);
    expect(new URL('.//@@', 'foo:/').href).toBe(resolve('foo:/', './/@@'));
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
