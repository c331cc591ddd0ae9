import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatSegments, parse, parseSegments, UriSyntaxError } from '../src/index';
import { uriReference } from './arbitraries';

const seg = (name: string, ...params: string[]) => ({ name, params });

describe('parseSegments (RFC 3986 §3.3, RFC 2396 param)', () => {
  it('reads the parameters of RFC 3986 §3.3 and RFC 2396 §3.3', () => {
    // RFC 3986 §3.3: "name;v=1.1" and "name,1.1" both say version 1.1; only ";" starts a parameter
    expect(parseSegments('name;v=1.1')).toEqual([seg('name', 'v=1.1')]);
    expect(parseSegments('name,1.1')).toEqual([seg('name,1.1')]);
    // RFC 2396: segment = *pchar *( ";" param ), each segment has its own parameters
    expect(parseSegments('/a;x;y=2/b/;z')).toEqual([
      seg(''),
      seg('a', 'x', 'y=2'),
      seg('b'),
      seg('', 'z'),
    ]);
    // the ftp type code of RFC 1738 is such a parameter
    expect(parseSegments('/etc/motd;type=a')[2]).toEqual(seg('motd', 'type=a'));
  });
  it('tells an empty name, an empty parameter and no parameter apart', () => {
    expect(parseSegments('')).toEqual([seg('')]);
    expect(parseSegments('/')).toEqual([seg(''), seg('')]);
    expect(parseSegments(';')).toEqual([seg('', '')]);
    expect(parseSegments('a;;')).toEqual([seg('a', '', '')]);
  });
  it('escaped separators are data: %2F and %3B stay in their segment', () => {
    expect(parseSegments('/a%2Fb;c%3Bd')).toEqual([seg(''), seg('a%2Fb', 'c%3Bd')]);
    expect(parseSegments('/a%2Fb;c%3Bd', { decode: true })).toEqual([seg(''), seg('a/b', 'c;d')]);
    expect(parseSegments('/%2E%2E', { decode: true })).toEqual([seg(''), seg('..')]);
    expect(parseSegments('/caf%C3%A9', { decode: true })[1]).toEqual(seg('café'));
  });
  it('throws UriSyntaxError with the offset of what a path cannot hold', () => {
    const at = (p: string, o?: { decode: boolean }) => {
      try {
        parseSegments(p, o);
      } catch (e) {
        expect(e).toBeInstanceOf(UriSyntaxError);
        return (e as UriSyntaxError).index;
      }
      return -1;
    };
    expect(at('/a b')).toBe(2);
    expect(at('/a?b')).toBe(2);
    expect(at('/a#b')).toBe(2);
    expect(at('/a\\b')).toBe(2);
    expect(at('/ab%2')).toBe(3);
    expect(at('/é')).toBe(1);
    expect(at('/x;%C0%AE', { decode: true })).toBe(3);
    expect(at('/x;%C0%AE')).toBe(-1);
  });
  it('formatSegments writes raw segments as they are and refuses separators in them', () => {
    expect(formatSegments([seg(''), seg('a', 'x', 'y=2'), seg('b')])).toBe('/a;x;y=2/b');
    expect(formatSegments([])).toBe('');
    expect(() => formatSegments([seg('a/b')])).toThrow(UriSyntaxError);
    expect(() => formatSegments([seg('a', 'b;c')])).toThrow(UriSyntaxError);
    expect(() => formatSegments([seg('a b')])).toThrow(UriSyntaxError);
    expect(() => formatSegments([seg('%zz')])).toThrow(UriSyntaxError);
  });
  it('formatSegments with encode escapes separators, and refuses "." and ".." names, which no URI can carry', () => {
    expect(formatSegments([seg(''), seg('a/b c', 'x;y', 'é')], { encode: true })).toBe(
      '/a%2Fb%20c;x%3By;%C3%A9',
    );
    // with parameters too: a server that drops them (Tomcat) reads "..;p" as ".."
    expect(() => formatSegments([seg(''), seg('..', 'p')], { encode: true })).toThrow(
      'segment 1 is named ".."',
    );
    expect(() => formatSegments([seg('.', '')], { encode: true })).toThrow(
      'segment 0 is named "."',
    );
    expect(formatSegments([seg(''), seg('a', '..', '.')], { encode: true })).toBe('/a;..;.');
    expect(formatSegments([seg(''), seg('...'), seg('. ')], { encode: true })).toBe('/.../.%20');
    for (const name of ['.', '..']) {
      const error = (() => {
        try {
          formatSegments([seg(''), seg('a'), seg(name)], { encode: true });
        } catch (e) {
          return e;
        }
      })() as UriSyntaxError;
      expect(error).toBeInstanceOf(UriSyntaxError);
      expect(error.input).toBe(name);
      expect(error.index).toBe(0);
      expect(error.reason).toBe(`segment 2 is named "${name}", a dot segment`);
    }
    // as written (no encode), ".." is the dot segment it is in the path
    expect(formatSegments([seg(''), seg('..')])).toBe('/..');
    expect(formatSegments([seg('100%')], { encode: true })).toBe('100%25');
  });
});

describe('formatSegments with encode writes a path-only relative reference (RFC 3986 §3.3, §4.2)', () => {
  it('escapes ":" in the first segment, so it never reads as a scheme (Perl split.t: a%3Ab)', () => {
    expect(formatSegments([seg('a:b')], { encode: true })).toBe('a%3Ab');
    expect(formatSegments([seg('a:b'), seg('c:d')], { encode: true })).toBe('a%3Ab/c:d');
    expect(formatSegments([seg('x', 'p:q')], { encode: true })).toBe('x;p%3Aq');
    expect(formatSegments([seg('', 'p:q'), seg('c:d')], { encode: true })).toBe(';p%3Aq/c:d');
    expect(formatSegments([seg(''), seg('a:b')], { encode: true })).toBe('/a:b');
    expect(parse('a%3Ab').scheme).toBeUndefined();
    // without encode, the text is written as given
    expect(formatSegments([seg('a:b')])).toBe('a:b');
  });
  it('refuses segments that would start the path with "//" (an authority)', () => {
    for (const s of [
      [seg(''), seg(''), seg('foo')],
      [seg(''), seg(''), seg('')],
      [seg(''), seg(''), seg('a'), seg('b')],
    ]) {
      expect(() => formatSegments(s, { encode: true })).toThrow(
        expect.objectContaining({
          input: '//',
          index: 0,
          reason: 'segments 0 and 1 are empty, so the path starts with "//"',
        }),
      );
    }
    expect(formatSegments([seg(''), seg('')], { encode: true })).toBe('/');
    expect(formatSegments([seg(''), seg('', 'p'), seg('foo')], { encode: true })).toBe('/;p/foo');
    // without encode, the path of a URI with an authority may start with "//"
    expect(formatSegments(parseSegments('//foo'))).toBe('//foo');
  });
  it('property: every output, used as a relative reference, parses as a path-only reference with the names given', () => {
    const text = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 6 }),
      fc.constantFrom('', 'a:b', ':', 'http:', 'a', '//', '?', '#', '%', '.x'),
    );
    const segments = fc.array(fc.record({ name: text, params: fc.array(text, { maxLength: 2 }) }), {
      minLength: 1,
      maxLength: 5,
    });
    fc.assert(
      fc.property(segments, (s) => {
        let path: string;
        try {
          path = formatSegments(s, { encode: true });
        } catch (e) {
          expect(e).toBeInstanceOf(UriSyntaxError);
          const dots = s.some((x) => x.name === '.' || x.name === '..');
          const slashes =
            s.length > 2 && s.slice(0, 2).every((x) => x.name === '' && x.params.length === 0);
          expect(dots || slashes).toBe(true);
          return;
        }
        const c = parse(path);
        expect(c.scheme).toBeUndefined();
        expect(c.host).toBeUndefined();
        expect(c.query).toBeUndefined();
        expect(c.fragment).toBeUndefined();
        expect(c.path).toBe(path);
        expect(parseSegments(c.path, { decode: true })).toEqual(s);
        // and as a browser resolves it against a base
        const url = new URL(path, 'http://h/base/');
        expect(url.host).toBe('h');
        expect(url.pathname).toBe(path.startsWith('/') ? path : `/base/${path}`);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('properties', () => {
  it('formatSegments(parseSegments(p)) === p for the path of every generated reference', () => {
    fc.assert(
      fc.property(uriReference, (s) => {
        const { path } = parse(s);
        expect(formatSegments(parseSegments(path))).toBe(path);
      }),
      { numRuns: 1500 },
    );
  });
  it('decoded segments survive formatSegments with encode and parseSegments with decode', () => {
    const text = fc.string({ unit: 'grapheme', maxLength: 8 });
    const mixed = fc.oneof(text, fc.constantFrom('.', '..', '/', ';', '%', '%2F', ''));
    const segments = fc.array(
      fc.record({ name: mixed, params: fc.array(mixed, { maxLength: 3 }) }),
      { minLength: 1, maxLength: 5 },
    );
    fc.assert(
      fc.property(segments, (s) => {
        const dot = s.findIndex((x) => x.name === '.' || x.name === '..');
        if (dot >= 0) {
          expect(() => formatSegments(s, { encode: true })).toThrow(`segment ${dot} is named`);
          return;
        }
        if (s.length > 2 && s.slice(0, 2).every((x) => x.name === '' && x.params.length === 0)) {
          expect(() => formatSegments(s, { encode: true })).toThrow('the path starts with "//"');
          return;
        }
        const path = formatSegments(s, { encode: true });
        expect(parseSegments(path, { decode: true })).toEqual(s);
        // the written path is a valid path, with a segment for each, and no new dot segment
        expect(parseSegments(path)).toHaveLength(s.length);
        for (const raw of parseSegments(path)) expect(raw.name).not.toMatch(/^\.\.?$/);
      }),
      { numRuns: 1500 },
    );
  });
  it('is linear: 4 times the input costs 4 times the character reads', () => {
    // counts String#charCodeAt calls: linear work gives a ratio of 4, quadratic 16
    const work = (run: (s: string) => unknown, s: string): number => {
      const charCodeAt = String.prototype.charCodeAt;
      let reads = 0;
      String.prototype.charCodeAt = function (this: string, i: number): number {
        reads++;
        return charCodeAt.call(this, i);
      };
      try {
        run(s);
      } finally {
        String.prototype.charCodeAt = charCodeAt;
      }
      return reads;
    };
    const cases: [(n: number) => string, (s: string) => unknown][] = [
      [(n) => '/a;b'.repeat(n), (s) => parseSegments(s, { decode: true })],
      [(n) => ';'.repeat(n), (s) => parseSegments(s)],
      [(n) => '%41'.repeat(n), (s) => formatSegments(parseSegments(s))],
    ];
    for (const [make, run] of cases) {
      const small = work(run, make(1 << 12));
      expect(small).toBeGreaterThanOrEqual(1 << 12);
      expect(work(run, make(1 << 14)) / small).toBeLessThan(4.1);
    }
  });
});
