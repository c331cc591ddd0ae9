import { parse, UriSyntaxError } from '@x/uri';
import { describe, expect, it } from 'vitest';
import { chooseBase, htmlBase } from '../src/base';
import { ResolveError, relativize, removeDotSegments, resolve } from '../src/index';

const MB = 1 << 20;

describe('security', () => {
  it('authority injection: a path never turns into an authority (".//evil" against "foo:/")', () => {
    for (const [base, ref] of [
      ['foo:/', './/evil.example/x'],
      ['foo:/a/b', '..//evil.example/x'],
      ['foo:a/b', '../..//evil.example'],
      ['foo:/', '/..//evil.example'],
      ['bar:x', 'foo:/.//evil.example'],
    ] as const) {
      const target = resolve(base, ref);
      expect(target.startsWith('foo:/.//'), target).toBe(true);
      expect(parse(target).host).toBeUndefined();
    }
  });

  it('scheme injection: relativize never yields a reference whose first segment reads as a scheme', () => {
    const base = 'http://a/b/c';
    for (const target of ['http://a/b/javascript:alert(1)', 'http://a/b/data:x', 'http://a/b/c:']) {
      const r = relativize(base, target);
      expect(parse(r).scheme).toBeUndefined();
      expect(resolve(base, r)).toBe(target);
    }
  });

  it('link rewriting to another resource: a non-strict relativize never yields a reference that resolves elsewhere', () => {
    // The empty reference keeps the base's query: "http:" against "http:?token=secret" must not
    // become "", which would point at http:?token=secret (found by a large property run).
    const options = { strict: false };
    for (const [base, target] of [
      ['http:?token=secret', 'http:'],
      ['http:?token=secret', 'http:#top'],
      ['HTTP:?a', 'HTTP:'],
    ] as const) {
      const r = relativize(base, target, options);
      expect(resolve(base, r, options)).toBe(target);
      expect(resolve(base, r, options)).not.toContain('secret');
    }
  });

  it('host confusion: relativize never drops to a form that resolves to another authority', () => {
    const base = 'http://u@a:81/b/c';
    for (const target of [
      'http://a/b/c',
      'http://u@a/b/c',
      'http://u@a:82/b/c',
      'http://evil/b/c',
    ]) {
      const r = relativize(base, target);
      expect(resolve(base, r)).toBe(target);
      expect(parse(r).host).toBe(parse(target).host);
    }
  });

  it('dot-segment escape: "../" never climbs above the root of the authority', () => {
    const target = resolve('http://a/b/c', `${'../'.repeat(50)}etc/passwd`);
    expect(target).toBe('http://a/etc/passwd');
    expect(resolve('http://a/b/c', '/../../etc')).toBe('http://a/etc');
  });

  it('base fragment leak: the base fragment never reaches the target (§5.1)', () => {
    expect(resolve('http://a/b?q#secret', '')).toBe('http://a/b?q');
    expect(resolve('http://a/b#secret', '?y')).toBe('http://a/b?y');
    expect(relativize('http://a/b#secret', 'http://a/b')).toBe('');
  });

  it('relative base: resolving against a base without a scheme is refused with a typed error', () => {
    for (const base of ['', '/a/b', '//a/b', 'a/b', '?q', '#f']) {
      expect(() => resolve(base, 'g')).toThrow(ResolveError);
      expect(() => relativize(base, 'http://a/')).toThrow(ResolveError);
    }
    try {
      resolve('//a/b', 'c');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ResolveError);
      expect((e as ResolveError).reason).toBe('base-not-absolute');
      expect((e as ResolveError).name).toBe('ResolveError');
    }
  });

  it('malformed input: a base or reference that is not a URI reference throws UriSyntaxError', () => {
    expect(() => resolve('http://a b/', 'g')).toThrow(UriSyntaxError);
    expect(() => resolve('http://a/', 'g h')).toThrow(UriSyntaxError);
    expect(() => relativize('http://a/', 'http://[::1/')).toThrow(UriSyntaxError);
    try {
      resolve('http://a/', 'g h');
      expect.unreachable();
    } catch (e) {
      expect((e as UriSyntaxError).index).toBe(1);
    }
  });

  it('a failed base does not poison the next call (the last parsed base is remembered)', () => {
    expect(resolve('http://a/b', 'c')).toBe('http://a/c');
    expect(() => resolve('/x', 'c')).toThrow(ResolveError);
    expect(() => resolve('/x', 'c')).toThrow(ResolveError);
    expect(resolve('http://a/b', 'c')).toBe('http://a/c');
  });

  describe('algorithmic complexity (1 MB adversarial inputs finish well inside the timeout)', () => {
    it('a deep "../" chain', () => {
      const ref = `${'../'.repeat(MB / 3)}g`;
      expect(resolve('http://a/b/c/d', ref)).toBe('http://a/g');
      expect(removeDotSegments(`/${ref}`)).toBe('/g');
    });
    it('alternating pushes and pops deep in a long path', () => {
      const deep = '/a'.repeat(MB / 8);
      const path = deep + '/b/..'.repeat(MB / 10);
      // the final ".." leaves its "/" (§5.2.4 rule C)
      expect(removeDotSegments(path)).toBe(`${deep}/`);
      expect(removeDotSegments(`${path}/c`)).toBe(`${deep}/c`);
    });
    it('a long run of "./" and "/." segments', () => {
      expect(removeDotSegments('./'.repeat(MB / 2))).toBe('');
      expect(removeDotSegments('/.'.repeat(MB / 2))).toBe('/');
    });
    it('relativize between two deep paths', () => {
      const base = `http://a${'/a'.repeat(MB / 8)}/x`;
      const far = `http://a${'/a'.repeat(MB / 16)}/y`;
      // "/a/a/…/y" is shorter than "../../…/y" here
      expect(relativize(base, far)).toBe(far.slice(8));
      const near = `http://a${'/a'.repeat(MB / 8 - 10)}/y`;
      expect(relativize(base, near)).toBe(`${'../'.repeat(10)}y`);
      expect(relativize(base, `http://b${'/a'.repeat(MB / 8)}/x`)).toBe(
        `//b${'/a'.repeat(MB / 8)}/x`,
      );
    });
  });

  it('base injection: a <base href> injected into a page moves every relative link, unless allow refuses it', () => {
    const doc = 'https://shop.example/account/';
    const markup = `<p>comment: <base href="https://evil.example/"></p><form action="pay">`;
    // What a browser does: the injected base wins, and "pay" posts to the attacker.
    const taken = chooseBase({ embedded: htmlBase(markup, doc), retrieval: doc }) as string;
    expect(resolve(taken, 'pay')).toBe('https://evil.example/pay');
    // CSP base-uri 'self', modelled by allow: the document URL stays the base.
    const allow = (url: string): boolean => url.startsWith('https://shop.example/');
    const kept = chooseBase({
      embedded: htmlBase(markup, doc, { allow }),
      retrieval: doc,
    }) as string;
    expect(resolve(kept, 'pay')).toBe('https://shop.example/account/pay');
  });

  it('base injection through javascript: and data: URLs is refused, as the HTML Standard says', () => {
    const doc = 'https://a.example/x/';
    for (const href of [
      'javascript:alert(1)//',
      'JAVASCRIPT:x',
      'data:text/html,<script>x</script>',
    ]) {
      expect(htmlBase(`<base href="${href}">`, doc)).toBe(doc);
    }
  });

  it('base injection hidden where the tokenizer sees no element is not taken (comment, script, attribute value)', () => {
    const doc = 'https://a.example/';
    for (const markup of [
      '<!-- <base href="https://evil.example/"> -->',
      '<script>document.write("<base href=https://evil.example/>")</script>',
      '<img title="<base href=https://evil.example/>">',
      '<textarea><base href="https://evil.example/"></textarea>',
      '<template><base href="https://evil.example/"></template>',
    ]) {
      expect(htmlBase(markup, doc), markup).toBeUndefined();
    }
  });

  it('base hidden by a double-escaped script: "<!--<script>" keeps the script open past </script>', () => {
    const doc = 'https://a.example/';
    // a browser takes neither: the first <base> is script text, the second is after the script
    const markup =
      '<script><!--<script></script><base href="https://evil.example/">--></script><base href="/ok/">';
    expect(htmlBase(markup, doc)).toBe('https://a.example/ok/');
  });

  it('base injection through foreign content: <base> inside <svg> or <math> is not HTML base, inside an integration point it is', () => {
    const doc = 'https://a.example/';
    expect(htmlBase('<svg><base href="https://evil.example/"></svg>', doc)).toBeUndefined();
    expect(htmlBase('<math><base href="https://evil.example/"></math>', doc)).toBeUndefined();
    // what a browser takes, so it is reported: the base inside SVG title or a breakout tag
    expect(htmlBase('<svg><title><base href="https://evil.example/">', doc)).toBe(
      'https://evil.example/',
    );
    expect(htmlBase('<svg><p><base href="https://evil.example/">', doc)).toBe(
      'https://evil.example/',
    );
  });

  it('dangling markup: an unterminated <base href=" at the end of the input yields no base', () => {
    expect(
      htmlBase('<base href="https://evil.example/?leak=', 'https://a.example/'),
    ).toBeUndefined();
  });

  it('resource exhaustion: a megabyte of hostile markup is scanned without throwing', () => {
    const doc = 'https://a.example/';
    for (const markup of [
      '<!--'.repeat(MB / 4),
      '<a '.repeat(MB / 3),
      `<script>${'</scrip'.repeat(MB / 7)}`,
      '&'.repeat(MB),
    ]) {
      expect(htmlBase(markup, doc)).toBeUndefined();
    }
    expect(htmlBase(`<base href="${'a&#x20;'.repeat(MB / 7)}">`, doc)).toBe(doc);
  });
});
