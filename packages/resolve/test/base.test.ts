import { parseIri, serialize, UriSyntaxError } from '@x/uri';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chooseBase, contentLocationBase, htmlBase, xmlBase } from '../src/base';
import { ResolveError, resolve } from '../src/index';

describe('chooseBase: RFC 3986 §5.1 precedence', () => {
  const all = {
    embedded: 'http://embedded/e',
    encapsulating: 'http://encapsulating/c',
    retrieval: 'http://retrieval/r',
    fallback: 'http://fallback/f',
  };
  it('takes §5.1.1 embedded over §5.1.2 encapsulating over §5.1.3 retrieval over §5.1.4 fallback', () => {
    expect(chooseBase(all)).toBe('http://embedded/e');
    expect(chooseBase({ ...all, embedded: undefined })).toBe('http://encapsulating/c');
    const { embedded: _e, encapsulating: _c, ...lower } = all;
    expect(chooseBase(lower)).toBe('http://retrieval/r');
    expect(chooseBase({ fallback: all.fallback })).toBe('http://fallback/f');
    expect(chooseBase({})).toBeUndefined();
  });
  it('converts a relative layer to absolute form against the layers below it (§5.1)', () => {
    expect(chooseBase({ embedded: '../x/', retrieval: 'http://a/b/c' })).toBe('http://a/x/');
    expect(chooseBase({ embedded: 'e/', encapsulating: 'd/', retrieval: 'http://a/b/c' })).toBe(
      'http://a/b/d/e/',
    );
    expect(chooseBase({ encapsulating: '/m', fallback: 'urn:x' })).toBe('urn:/m');
    expect(chooseBase({ embedded: 'x' })).toBeUndefined();
    expect(chooseBase({ embedded: 'x', fallback: 'http://f/' })).toBe('http://f/x');
  });
  it('drops the fragment of the chosen base (§5.1)', () => {
    expect(chooseBase({ retrieval: 'http://a/b#top', fallback: 'about:blank' })).toBe('http://a/b');
    expect(chooseBase({ embedded: '#x', retrieval: 'http://a/b?q#top' })).toBe('http://a/b?q');
  });
  it('keeps IRIs as written', () => {
    expect(chooseBase({ embedded: 'ü/', retrieval: 'http://例え.jp/a' })).toBe('http://例え.jp/ü/');
  });
  it('throws UriSyntaxError for a layer that is not an IRI reference', () => {
    expect(() => chooseBase({ embedded: 'a b', retrieval: 'http://a/' })).toThrow(UriSyntaxError);
  });
  it('property: chooseBase + resolve equals resolving against the chosen base by hand', () => {
    const seg = fc.constantFrom('a', 'b', '..', '.', 'c;p', '', 'ü');
    const rel = fc
      .tuple(fc.array(seg, { maxLength: 4 }), fc.constantFrom('', '?q', '#f', '?q#f'))
      .map(([s, t]) => s.join('/') + t);
    const abs = fc
      .tuple(fc.constantFrom('http://h', 'foo:', 'urn:x:', 'http://例え.jp'), rel)
      .map(([s, r]) => (s.endsWith(':') ? s + r : `${s}/${r}`));
    const layer = fc.option(fc.oneof(abs, rel), { nil: undefined });
    fc.assert(
      fc.property(
        layer,
        layer,
        layer,
        layer,
        rel,
        (embedded, encapsulating, retrieval, fallback, ref) => {
          const base = chooseBase({ embedded, encapsulating, retrieval, fallback });
          // by hand: the highest layer given; made absolute against the highest one below it, and so on
          const order = [embedded, encapsulating, retrieval, fallback].filter(
            (x) => x !== undefined,
          );
          let byHand: string | undefined;
          for (let i = order.length - 1; i >= 0; i--) {
            const v = order[i] as string;
            if (byHand !== undefined) byHand = resolve(byHand, v, { iri: true });
            else if (parseIri(v).scheme !== undefined) byHand = v;
          }
          if (byHand === undefined) {
            expect(base).toBeUndefined();
            return;
          }
          const c = parseIri(byHand);
          expect(base).toBe(serialize({ ...c, fragment: undefined }));
          expect(resolve(base as string, ref, { iri: true })).toBe(
            resolve(byHand, ref, { iri: true }),
          );
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('htmlBase: the HTML Standard §4.2.3 frozen base URL', () => {
  const doc = 'http://example.com/dir/page.html';
  it('the seed Example 2.4: <BASE href="http://www.ionio.gr/Test/a/b/c"> end to end', () => {
    const markup =
      '<HTML><HEAD><TITLE>Test</TITLE><BASE href="http://www.ionio.gr/Test/a/b/c"></HEAD>' +
      '<BODY><A HREF="../d">d</A></BODY></HTML>';
    const base = chooseBase({ embedded: htmlBase(markup, doc), retrieval: doc });
    expect(base).toBe('http://www.ionio.gr/Test/a/b/c');
    const b = base as string;
    expect(resolve(b, 'g')).toBe('http://www.ionio.gr/Test/a/b/g');
    expect(resolve(b, '../d')).toBe('http://www.ionio.gr/Test/a/d');
    expect(resolve(b, '../../../x')).toBe('http://www.ionio.gr/x');
    expect(resolve(b, '/top')).toBe('http://www.ionio.gr/top');
    expect(resolve(b, '?y')).toBe('http://www.ionio.gr/Test/a/b/c?y');
    expect(resolve(b, '#s')).toBe('http://www.ionio.gr/Test/a/b/c#s');
  });
  it('resolves a relative href against the document URL and is undefined without <base href>', () => {
    expect(htmlBase('<base href="../x/">', 'http://a/b/c/d.html')).toBe('http://a/b/x/');
    expect(htmlBase('<p>no base</p>', doc)).toBeUndefined();
    expect(htmlBase('', doc)).toBeUndefined();
  });
  it('takes the first <base> that has an href, the first href of a tag, in any case', () => {
    expect(htmlBase('<base target=_top><base href=/one><base href=/two>', doc)).toBe(
      'http://example.com/one',
    );
    expect(htmlBase('<base HREF="/a" href="/b">', doc)).toBe('http://example.com/a');
    expect(htmlBase("<bAsE\nhReF = '/q' />", doc)).toBe('http://example.com/q');
    expect(htmlBase('<body><div><base href=/late></div>', doc)).toBe('http://example.com/late');
  });
  it('is not fooled by <base> in comments, raw text, attribute values or templates', () => {
    for (const markup of [
      '<!-- <base href="http://evil/"> -->',
      '<!--x--!><base href=/ok>',
      '<script>"<base href=http://evil/>"</script><base href=/ok>',
      '<SCRIPT>x</scripty><base href=http://evil/></SCRIPT ><base href=/ok>',
      '<style><base href=http://evil/></style><base href=/ok>',
      '<textarea><base href=http://evil/></textarea><base href=/ok>',
      '<title><base href=http://evil/></title><base href=/ok>',
      '<img alt="<base href=http://evil/>"><base href=/ok>',
      "<img alt='>'<base href=http://evil/>><base href=/ok>",
      '<template><base href=http://evil/></template><base href=/ok>',
      '<!DOCTYPE html><?xml x?><base href=/ok>',
      '<a<base href=http://evil/>><base href=/ok>',
    ]) {
      expect(htmlBase(markup, doc), markup).toBe(
        markup.includes('/ok') ? 'http://example.com/ok' : undefined,
      );
    }
    expect(htmlBase('<!--><base href=/ok>', doc)).toBe('http://example.com/ok');
    expect(htmlBase('<!---><base href=/ok>', doc)).toBe('http://example.com/ok');
    expect(htmlBase('<plaintext><base href=http://evil/>', doc)).toBeUndefined();
    expect(htmlBase('<script><base href=http://evil/>', doc)).toBeUndefined();
    expect(htmlBase('<base href="http://evil/', doc)).toBeUndefined();
  });
  it('decodes character references and strips spaces, tabs and newlines as the URL parser does', () => {
    expect(htmlBase('<base href="/a?x=1&amp;y=2">', doc)).toBe('http://example.com/a?x=1&y=2');
    expect(htmlBase('<base href="&#47;b&#x2F;c">', doc)).toBe('http://example.com/b/c');
    expect(htmlBase('<base href="&unknown;">', doc)).toBe('http://example.com/dir/&unknown;');
    expect(htmlBase('<base href="  /a/\n\tb  ">', doc)).toBe('http://example.com/a/b');
  });
  it('falls back to the document URL on failure, data:, javascript: or a refused URL', () => {
    expect(htmlBase('<base href="a b">', `${doc}#frag`)).toBe(doc);
    expect(htmlBase('<base href="data:text/html,x">', doc)).toBe(doc);
    expect(htmlBase('<base href="JavaScript:alert(1)">', doc)).toBe(doc);
    const allow = (url: string): boolean => url.startsWith('http://example.com/');
    expect(htmlBase('<base href="http://evil/">', doc, { allow })).toBe(doc);
    expect(htmlBase('<base href="/ok/">', doc, { allow })).toBe('http://example.com/ok/');
    expect(htmlBase('<base href="/x#f">', doc)).toBe('http://example.com/x');
  });
  it('differential: the base agrees with Node URL (the browser reading) on plain http hrefs', () => {
    const seg = fc.constantFrom('a', 'b', '..', '.', '', 'c.html');
    const href = fc
      .tuple(
        fc.constantFrom('', '/', '//h2/', 'https://h3/'),
        fc.array(seg, { maxLength: 5 }),
        fc.constantFrom('', '?q', '#f', '?q=1&amp;r=2#f'),
      )
      .map(([lead, segs, tail]) => lead + segs.join('/') + tail);
    const quote = fc.constantFrom('"', "'", '');
    fc.assert(
      fc.property(
        href,
        quote,
        fc.constantFrom('http://h/p/q/r', 'http://h/', 'https://h/p/'),
        (h, q, d) => {
          if (q === '' && (h === '' || h.includes('?q=1'))) return;
          // an empty host: "http://" is an RFC 3986 URI, and a failure for the URL Standard
          if (/^\/\/(?!h2\/)/.test(h)) return;
          const markup = `<p><BASE target=x HREF=${q}${h}${q}><base href=/other>`;
          const url = new URL(h.replace(/&amp;/g, '&'), d);
          url.hash = '';
          // the same URL, up to the "/" that the URL Standard writes for an empty path
          const ours = htmlBase(markup, d) as string;
          expect(new URL(ours).href).toBe(url.href);
          expect(
            ours === url.href || `${ours}/` === url.href || ours.replace('?', '/?') === url.href,
          ).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });
  it('throws for a document URL without a scheme', () => {
    expect(() => htmlBase('<base href=x>', '/relative')).toThrow(ResolveError);
  });
  it('property: never throws on arbitrary markup with an absolute document URL', () => {
    const piece = fc.constantFrom(
      '<base href=/x>',
      '<base',
      ' href=',
      '"',
      "'",
      '<!--',
      '-->',
      '<script>',
      '</script>',
      '<',
      '>',
      '/',
      'a b',
      '<template>',
      '</template>',
      '&amp;',
      '&#x',
      ';',
      '=',
      '\n',
      'ü',
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(piece, fc.string()), { maxLength: 12 }), (parts) => {
        const out = htmlBase(parts.join(''), doc);
        if (out !== undefined) expect(parseIri(out).scheme).toBeDefined();
      }),
      { numRuns: 1000 },
    );
  });
});

describe('htmlBase: where the tokenizer and tree builder put a <base> (HTML §13.2.5, §13.2.6)', () => {
  const doc = 'http://a/';
  /** The path of the base htmlBase finds, or undefined. */
  const found = (markup: string): string | undefined => htmlBase(markup, doc)?.slice(8);
  it('script data escape states: <!--<script> keeps </script> from ending the script until -->', () => {
    // the audit case: a browser takes /out/
    expect(
      found('<script><!--<script></script><base href="/in/">--></script><base href="/out/">'),
    ).toBe('/out/');
    // escaped (not double-escaped): </script> ends the script
    expect(found('<script><!--</script><base href=/x/>')).toBe('/x/');
    expect(found('<script><!-- <scripts></script><base href=/x/>')).toBe('/x/');
    // "-->" leaves the double escape; the next </script> ends the script
    expect(found('<script><!--<script>--></script><base href=/x/>')).toBe('/x/');
    expect(found('<script><!--<SCRIPT/></sCrIpT\t>--></script ><base href=/x/>')).toBe('/x/');
    // </script> in the double escape only undoes it; the escape needs "-->" (or a real </script>)
    expect(found('<script><!--<script></script></script><base href=/x/>')).toBe('/x/');
    expect(found('<script><!--<script> --!> </script><base href=/in/>')).toBeUndefined();
    // after "-->", a new "<!--<script>": its first </script> undoes the double escape, the next ends the script
    expect(found('<script><!--<script>--><!--<script></script></script><base href=/x/>')).toBe(
      '/x/',
    );
    expect(found('<script><!---><base href=/in/></script><base href=/out/>')).toBe('/out/');
    expect(found('<script><!--<script><base href=/in/>')).toBeUndefined();
  });
  it('foreign content: a <base> inside <svg> or <math> is not HTML base, outside it is', () => {
    // the audit case
    expect(found('<svg><base href="/svg/"></svg>')).toBeUndefined();
    expect(found('<svg><base href=/in/></svg><base href=/out/>')).toBe('/out/');
    expect(found('<math><base href=/in/></math><base href=/out/>')).toBe('/out/');
    expect(found('<svg><g><a><base href=/in/></a></g></svg><base href=/out/>')).toBe('/out/');
    // </svg> closes the foreign elements still open inside it; <svg/> opens none
    expect(found('<svg><g><font></svg><base href=/x/>')).toBe('/x/');
    expect(found('<SVG/><base href=/x/>')).toBe('/x/');
    expect(found('<svg><title/><base href=/in/>')).toBeUndefined();
    // an end tag that matches no open element is dropped: still in the svg
    expect(found('<svg></div><base href=/in/>')).toBeUndefined();
    // an HTML end tag closes what is open above its element
    expect(found('<div><svg><g></div><base href=/x/>')).toBe('/x/');
    expect(found('<template><svg></template><base href=/x/>')).toBe('/x/');
  });
  it('foreign content: breakout tags leave it, other HTML names (base, a, title, font) do not', () => {
    for (const tag of [
      'p',
      'div',
      'b',
      'span',
      'br',
      'table',
      'ul',
      'h1',
      'font color=red',
      'FONT SIZE=2',
      'font face=x',
    ]) {
      expect(found(`<svg><g><${tag}><base href=/x/>`), tag).toBe('/x/');
    }
    for (const tag of [
      'a',
      'font',
      'font class=x',
      'style',
      'textarea',
      'script',
      'base',
      'template',
      'svg',
      'math',
    ]) {
      expect(found(`<svg><${tag}><base href=/in/>`), tag).toBeUndefined();
    }
    // </p> and </br> leave foreign content too (§13.2.6.5)
    expect(found('<svg><g></p><base href=/x/>')).toBe('/x/');
    expect(found('<math></br><base href=/x/>')).toBe('/x/');
  });
  it('integration points: HTML rules apply inside SVG title, desc, foreignObject and MathML text elements', () => {
    // the audit case
    expect(found('<svg><title><base href="/t/"></title></svg>')).toBe('/t/');
    for (const markup of [
      '<svg><desc><base href=/x/>',
      '<svg><foreignObject><base href=/x/>',
      '<svg><foreignobject><div><base href=/x/>',
      '<math><mi><base href=/x/>',
      '<math><mo><base href=/x/>',
      '<math><mn><base href=/x/>',
      '<math><ms><base href=/x/>',
      '<math><mtext><base href=/x/>',
      '<math><annotation-xml encoding="text/html"><base href=/x/>',
      '<math><annotation-xml encoding="Application/XHTML+XML"><base href=/x/>',
      '<math><annotation-xml><svg><desc><base href=/x/>',
    ]) {
      expect(found(markup), markup).toBe('/x/');
    }
    for (const markup of [
      '<math><annotation-xml><base href=/in/>',
      '<math><annotation-xml encoding=image/svg+xml><base href=/in/>',
      '<math><mi><mglyph><base href=/in/>',
      '<math><svg><base href=/in/>', // svg in math (not in annotation-xml) is a MathML element
      '<math><mi><svg><base href=/in/>', // svg in mi is SVG
      '<svg><math><mi><base href=/in/>', // math in svg is an SVG element: mi is no integration point
      '<svg><title></title><base href=/in/>', // SVG title is not RCDATA: </title> closes it
      '<svg><title><span><b></b></span></title><base href=/in/>',
      '<svg><title><p><p></p></title><base href=/in/>',
    ]) {
      expect(found(markup), markup).toBeUndefined();
    }
    // HTML title inside an integration point is RCDATA again
    expect(
      found('<svg><title><title><base href=/in/></title></title></svg><base href=/out/>'),
    ).toBe('/out/');
    // an HTML element inside an integration point: </svg> is dropped there ("in body")
    expect(found('<svg><foreignObject><span></svg><base href=/x/>')).toBe('/x/');
  });
  it('raw text and CDATA follow the namespace: <style>, <script> and <textarea> in SVG are elements', () => {
    expect(found('<svg><style></svg><base href=/x/>')).toBe('/x/');
    expect(found('<svg><script></script></svg><base href=/x/>')).toBe('/x/');
    expect(found('<svg><textarea></svg><base href=/x/>')).toBe('/x/');
    // a CDATA section only in foreign content: there "]]>" ends it; in HTML, ">" ends a bogus comment
    expect(found('<svg><![CDATA[</svg><base href=/in/>]]></svg><base href=/out/>')).toBe('/out/');
    expect(found('<![CDATA[</svg><base href=/x/>]]>')).toBe('/x/');
    expect(found('<svg><![CDATA[<base href=/in/>')).toBeUndefined();
  });
  it('CDATA sections wherever the current node is not HTML, integration points included (as Chromium reads them)', () => {
    expect(found('<svg><desc><![CDATA[><base href=/in/>]]>')).toBeUndefined();
    expect(found('<math><mi><![CDATA[><base href=/in/>]]>')).toBeUndefined();
    // an HTML element inside the integration point: a bogus comment up to ">"
    expect(found('<svg><title><div><![CDATA[><base href=/x/>]]>')).toBe('/x/');
  });
  it('frameset: it replaces the body with any <base> in it, unless text or an element has made that too late', () => {
    expect(found('<frameset><base href=/in/>')).toBeUndefined();
    expect(found('<div><base href=/in/></div><frameset>')).toBeUndefined();
    expect(found('<div><base href=/in/><input type=hidden><frameset>')).toBeUndefined();
    // a <base> in the head stays
    expect(found('<base href=/head/><frameset>')).toBe('/head/');
    expect(found('<head></head><base href=/head/><frameset>')).toBe('/head/');
    // text, or an element such as <img>, clears the frameset-ok flag: <frameset> is then dropped
    expect(found('<p>x</p><frameset><base href=/x/>')).toBe('/x/');
    expect(found('<div><base href=/x/></div><img><frameset>')).toBe('/x/');
    expect(found('<div><base href=/x/><input><frameset>')).toBe('/x/');
    expect(found('<template><frameset></template><base href=/x/>')).toBe('/x/');
    // select content is read as in the body, as browsers with customizable <select> do
    expect(found('<select><base href=/x/>')).toBe('/x/');
  });
  it('templates and noscript (scripting on, as in a browser)', () => {
    expect(found('<template><base href=/in/></template><base href=/out/>')).toBe('/out/');
    expect(
      found('<template><template></template><base href=/in/></template><base href=/out/>'),
    ).toBe('/out/');
    expect(found('<svg><foreignObject><template><base href=/in/></template></foreignObject>')).toBe(
      undefined,
    );
    // SVG's template is no HTML template: </template> does not reach an HTML one
    expect(found('<svg><template></template><base href=/in/>')).toBeUndefined();
    // with scripting on, noscript is raw text
    expect(found('<noscript><base href=/in/></noscript><base href=/out/>')).toBe('/out/');
    expect(found('<head><noscript><base href=/in/></noscript></head>')).toBeUndefined();
  });
  it('property: a closed SVG or MathML subtree hides the <base> inside it and not the one after it', () => {
    // a subtree from a list of opening names and closings (null), closed at the end
    const subtree = fc
      .array(
        fc.option(
          fc.constantFrom('g', 'path', 'text', 'a', 'font', 'circle', 'use', 'mrow', 'mfrac'),
        ),
        { maxLength: 12 },
      )
      .map((ops) => {
        const open: string[] = [];
        let out = '';
        for (const name of ops) {
          if (name !== null) {
            open.push(name);
            out += `<${name} x="1"><base href=/in/>`;
          } else if (open.length > 0) out += `</${(open.pop() as string).toUpperCase()}>`;
        }
        return (
          out +
          open
            .reverse()
            .map((name) => `</${name}>`)
            .join('')
        );
      });
    fc.assert(
      fc.property(fc.constantFrom('svg', 'math'), subtree, (root, inner) => {
        expect(found(`<${root}>${inner}</${root}><base href=/out/>`)).toBe('/out/');
        expect(found(`<p><${root}>${inner}<base href=/in/>`)).toBeUndefined();
        // inside an integration point, the same subtree as HTML: its first base is taken
        const ip = root === 'svg' ? 'foreignObject' : 'mtext';
        expect(found(`<${root}><${ip}>${inner}<base href=/x/>`)).toBe(
          inner === '' ? '/x/' : '/in/',
        );
      }),
      { numRuns: 300 },
    );
  });
});

describe('contentLocationBase: RFC 9110 §8.7', () => {
  it('resolves a partial-URI against the target URI and keeps an absolute-URI', () => {
    expect(contentLocationBase('/docs/en/', 'http://a/docs/')).toBe('http://a/docs/en/');
    expect(contentLocationBase('  en/index.html\t', 'http://a/docs/')).toBe(
      'http://a/docs/en/index.html',
    );
    expect(contentLocationBase('?lang=fr', 'http://a/p')).toBe('http://a/p?lang=fr');
    expect(contentLocationBase('https://b/x', 'http://a/p')).toBe('https://b/x');
  });
  it('refuses a value that is not an absolute-URI or partial-URI', () => {
    expect(contentLocationBase('x#frag', 'http://a/')).toBeUndefined();
    expect(contentLocationBase('a b', 'http://a/')).toBeUndefined();
    expect(contentLocationBase('ü', 'http://a/')).toBeUndefined();
  });
  it('feeds chooseBase as the encapsulating entity (a MIME part)', () => {
    const part = contentLocationBase('http://m/part/', 'http://a/');
    expect(chooseBase({ encapsulating: part, retrieval: 'http://a/' })).toBe('http://m/part/');
  });
});

describe('xmlBase: XML Base §4.2', () => {
  it('resolves each xml:base against its parent, up to the document base', () => {
    expect(xmlBase(['http://example.org/today/', undefined, 'new/'], 'http://a/doc.xml')).toBe(
      'http://example.org/today/new/',
    );
    // the example of XML Base §3: <doc xml:base="http://example.org/today/"> … <olist xml:base="/hotpicks/">
    const doc = 'http://a/virtual-library.xml';
    const today = xmlBase(['http://example.org/today/', undefined, undefined], doc);
    expect(resolve(today, 'new.xml')).toBe('http://example.org/today/new.xml');
    const olist = xmlBase(['http://example.org/today/', undefined, '/hotpicks/', undefined], doc);
    expect(resolve(olist, 'pick1.xml')).toBe('http://example.org/hotpicks/pick1.xml');
    expect(resolve(olist, 'pick2.xml')).toBe('http://example.org/hotpicks/pick2.xml');
    expect(xmlBase([undefined, '../up/'], 'http://a/b/c/doc.xml')).toBe('http://a/b/up/');
    expect(xmlBase([], 'http://a/doc.xml#x')).toBe('http://a/doc.xml');
    expect(xmlBase(['', '#f'], 'http://a/doc.xml?q')).toBe('http://a/doc.xml?q');
    expect(xmlBase(['ü/'], 'http://例え.jp/a')).toBe('http://例え.jp/ü/');
  });
  it('throws for a base without a scheme', () => {
    expect(() => xmlBase(['x'], 'doc.xml')).toThrow(ResolveError);
  });
  it('property: equal to resolving each value against the base text the ones before it made', () => {
    // The values merge their paths with the base's, not re-reading the base each time (which was
    // quadratic in the chain's length): the oracle is that plain reading, with `resolve`.
    const stepwise = (chain: (string | undefined)[], doc: string): string => {
      let base = doc;
      for (const v of chain) if (v !== undefined) base = resolve(base, v, { iri: true });
      return resolve(base, '', { iri: true }).split('#')[0]!;
    };
    const value = fc.oneof(
      fc.constantFrom(undefined, '', '.', '..', './', '../', '/', '//', 'a', 'b/', '?q', '#f'),
      fc.constantFrom('x:', 'x:y/..', '//h/p/', '//h', '/a/./b/', './/', 'a//', '/.', '/..', 'ü'),
      fc
        .array(fc.constantFrom('a', '.', '..', '', 'é'), { minLength: 1, maxLength: 5 })
        .chain((segs) =>
          fc.constantFrom(segs.join('/'), `/${segs.join('/')}`, `${segs.join('/')}/?q#f`),
        ),
    );
    const doc = fc.constantFrom(
      'http://h/a/b/c',
      'http://h',
      'http://h/a/../b/./c/',
      'foo:a/b',
      'foo:',
      'foo:/x/..',
      'foo:a/../b?q#f',
      'file:///C:/x/y',
    );
    fc.assert(
      fc.property(fc.array(value, { maxLength: 8 }), doc, (chain, d) => {
        expect(xmlBase(chain, d)).toBe(stepwise(chain, d));
      }),
      { numRuns: 20_000 },
    );
  });
});
