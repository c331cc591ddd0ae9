import { parse } from '@x/uri';
import { describe, expect, it } from 'vitest';
import { relativize, resolve } from '../src/index';

/** relativize, and the two claims it makes: the result resolves back and is the expected one. */
function check(base: string, target: string, expected: string): void {
  const r = relativize(base, target);
  expect(r).toBe(expected);
  // an absolute target is reached as written; a relative one as it resolves
  expect(resolve(base, r)).toBe(
    parse(target).scheme === undefined ? resolve(base, target) : target,
  );
}

describe('relativize: each reference form', () => {
  const base = 'http://a/b/c/d;p?q';
  it('gives the empty reference for the base itself (its fragment ignored)', () => {
    check(base, base, '');
    check(`${base}#f`, base, '');
  });
  it('gives a fragment-only reference', () => check(base, `${base}#s`, '#s'));
  it('gives a query-only reference', () => {
    check(base, 'http://a/b/c/d;p?y', '?y');
    check(base, 'http://a/b/c/d;p?', '?');
    check(base, 'http://a/b/c/d;p?y#s', '?y#s');
  });
  it('gives a last segment when only the query goes away', () => {
    check(base, 'http://a/b/c/d;p', 'd;p');
    check(base, 'http://a/b/c/d;p#s', 'd;p#s');
  });
  it('gives "." and ".." paths', () => {
    check(base, 'http://a/b/c/', '.');
    check(base, 'http://a/b/', '..');
    check(base, 'http://a/b/c/?y', '.?y');
    check(base, 'http://a/b/#s', '..#s');
    check('http://a/bb/cc/d/e', 'http://a/bb/cc/', '..');
    check('http://a/bbb/c/d/e', 'http://a/bbb/', '../..');
    // "/b/" is shorter than "../.."
    check('http://a/b/c/d/e', 'http://a/b/', '/b/');
  });
  it('gives relative paths with and without climbing', () => {
    check(base, 'http://a/b/c/g', 'g');
    check(base, 'http://a/b/c/g/h/', 'g/h/');
    check(base, 'http://a/b/g', '../g');
    check('http://a/bbb/ccc/d/e', 'http://a/bbb/ccc/x/y', '../x/y');
    // "/b/c/x/y" is shorter than "../../x/y"
    check('http://a/b/c/d/e/f', 'http://a/b/c/x/y', '/b/c/x/y');
  });
  it('gives an absolute path when shorter', () => {
    check(base, 'http://a/g', '/g');
    check(base, 'http://a/', '/');
  });
  it('gives a network-path reference for another authority', () => {
    check(base, 'http://g', '//g');
    check(base, 'http://u@a:81/b/c/g', '//u@a:81/b/c/g');
    check(base, 'http://g?y', '//g?y');
  });
  it('gives the target itself for another scheme or when nothing is shorter', () => {
    check(base, 'https://a/b/c/g', 'https://a/b/c/g');
    check(base, 'g:h', 'g:h');
    check('foo:a/b', 'foo:c', 'foo:c');
    check('http://a/b', 'http:/b', 'http:/b');
  });
  it('resolves a relative target against the base first', () => {
    check(base, '../g', '../g');
    check(base, 'g/../h', 'h');
  });
});

describe('relativize: traps', () => {
  it('puts "./" before a first segment with a colon, which would read as a scheme', () => {
    check('http://a/b/c', 'http://a/b/g:h', './g:h');
    check('http://a/b/c', 'http://a/b/g:h/i', './g:h/i');
    // after "../" the first segment is "..", so no "./" is needed
    check('http://a/b/c/d', 'http://a/b/g:h', '../g:h');
    // a colon after the first "/" is harmless
    check('http://a/b/c', 'http://a/b/g/h:i', 'g/h:i');
    expect(parse(relativize('http://a/b/c', 'http://a/b/g:h')).scheme).toBeUndefined();
  });
  it('puts "./" before an empty first segment, which would read as an absolute or network path', () => {
    check('http://a/b/c', 'http://a/b//g', './/g');
    check('http://a/b/c', 'http://a/b///g', './//g');
    check('http://a/b/c/d', 'http://a/b//g', '..//g');
  });
  it('puts "/." before an absolute path that begins with "//"', () => {
    check('http://a/b/c/d/e', 'http://a//g', '/.//g');
    check('foo:/b/c/d/e', 'foo:/.//g', '/.//g');
  });
  it('handles different schemes and authorities', () => {
    check('http://a/b', 'ftp://a/b', 'ftp://a/b');
    check('http://a/b', 'http://b/b', '//b/b');
    check('http://u@a/b', 'http://a/b', '//a/b');
    check('http://a:80/b', 'http://a/b', '//a/b');
    check('foo:/b', 'foo://a/b', '//a/b');
    // schemes and hosts are compared as written
    check('http://a/b', 'HTTP://a/b', 'HTTP://a/b');
  });
  it('handles empty paths with a query', () => {
    check('http://a', 'http://a?q', '?q');
    check('http://a/b', 'http://a?q', '//a?q');
    check('http://a?p', 'http://a', '//a');
    check('http://a?p', 'http://a#f', '//a#f');
    check('foo:?p', 'foo:?q', '?q');
    check('foo:?p', 'foo:', '.');
  });
  it('handles a trailing ".."', () => {
    check('http://a/b/c/d', 'http://a/b/', '..');
    check('http://a/b/c/d/e/f', 'http://a/b/c/', '../..');
    check('http://a/b/c/d', 'http://a/b/?y', '..?y');
  });
  it('handles a base whose path has dot segments', () => {
    check('http://a/b/../c/d', 'http://a/c/g', 'g');
    // the empty path keeps the base's path as written, dot segments and all
    check('http://a/b/./c', 'http://a/b/./c#f', '#f');
    check('http://a/b/./c?q', 'http://a/b/./c?y', '?y');
    // no reference reaches "http://a/b/./c" without the base's query: it is reached as it resolves
    expect(relativize('http://a/b/./c?q', 'http://a/b/./c')).toBe('c');
    check('http://a/b/./c', 'http://a/b/c#f', 'c#f');
    check('http://a/b/./c', 'http://a/b/c', 'c');
  });
  it('handles rootless bases', () => {
    check('foo:a/b', 'foo:a/c', 'c');
    check('foo:a/b/c', 'foo:a/d', '../d');
    check('foo:a/b', 'foo:a/', '.');
    check('foo:a', 'foo:b', 'b');
    check('foo:a', 'foo:b:c', './b:c');
    check('foo:a', 'foo:', '.');
    check('foo:a/b', 'foo:/c', '/c');
    // the base path has no "/": the reference replaces all of it (§5.2.3)
    check('urn:some:ip:prop', 'urn:some:other:prop', './some:other:prop');
    check('urn:a', 'urn:b', 'b');
  });
  it('works under strict: false', () => {
    const base = 'http://a/b/c/d;p?q';
    expect(relativize(base, 'http:g', { strict: false })).toBe('g');
    expect(relativize(base, 'http://a/b/c/g', { strict: false })).toBe('g');
    // the target is resolved under strict: false too: "foo:/b" against "foo://a/b" is the base
    expect(relativize('foo://a/b', 'foo:/b', { strict: false })).toBe('');
    expect(relativize('foo://a/b', 'foo:/b')).toBe('foo:/b');
  });
});

describe('relativize with strict: false reaches a target that repeats the base scheme', () => {
  // Non-strict resolution reads "http:" against an http base as the empty reference, which keeps the
  // base's query; "." reaches the target as written. Each case was found by a large fast-check run
  // of resolve(base, relativize(base, t, options), options) === t (the property test "the same with
  // strict: false" of properties.test.ts finds them).
  const cases: [name: string, base: string, target: string, expected: string][] = [
    ['an empty query dropped: http: from http:?', 'http:?', 'http:', '.'],
    ['a query dropped: http: from http:?b..', 'http:?b..', 'http:', '.'],
    ['a query dropped, fragment kept: http:#f from http:?q', 'http:?q', 'http:#f', '.#f'],
    ['scheme case: Foo: from Foo:?#http:?.?@a', 'Foo:?#http:?.?@a', 'Foo:', '.'],
    [
      'scheme case, fragment kept',
      'HTTP:?a/HTTP:http:',
      'HTTP:#..http:http:HTTP:',
      '.#..http:http:HTTP:',
    ],
    ['a fragment that looks like a query', 'foo:?a..:80a//', 'foo:#?', '.#?'],
    ['an escaped dot in the fragment', 'urn:?', 'urn:#%2Eb', '.#%2Eb'],
  ];
  it.each(cases)('%s', (_, base, target, expected) => {
    const options = { strict: false };
    const r = relativize(base, target, options);
    expect(r).toBe(expected);
    expect(resolve(base, r, options)).toBe(target);
    // the target alone would not do: non-strict resolution drops its scheme and keeps the base's query
    expect(resolve(base, target, options)).not.toBe(target);
    // strict mode reaches it the same way
    expect(resolve(base, relativize(base, target))).toBe(target);
  });
});

describe('relativize: a target with a dot segment that no reference reaches as written', () => {
  it('http://a/./%2E# from http://a:/./%2E is reached as it resolves', () => {
    // Only the empty reference keeps a dot segment, and it keeps the base's authority "a:" too.
    const base = 'http://a:/./%2E';
    const target = 'http://a/./%2E#';
    const r = relativize(base, target);
    expect(r).toBe('//a/%2E#');
    expect(resolve(base, r)).toBe(resolve(base, target));
  });
});
