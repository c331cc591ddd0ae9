// The sample extractor and the site's link rewriting, on small inputs.
import { describe, expect, it } from 'vitest';
import { renderMarkdown, rewriteHref } from '../scripts/build-site.ts';
import { extractSamples, toModule } from './samples.ts';

describe('extractSamples', () => {
  it('takes ts and js fences with their line, and leaves other languages alone', () => {
    const md = ['# T', '```ts', 'a;', '```', '```sh', 'ls', '```', '~~~js', 'b;', '~~~'].join('\n');
    const s = extractSamples('g.md', md);
    expect(s.map((x) => [x.line, x.lang, x.code])).toEqual([
      [2, 'ts', 'a;'],
      [8, 'js', 'b;'],
    ]);
  });
});

describe('toModule', () => {
  it('turns stated results into checks and keeps imports at the top', () => {
    const { source, checks } = toModule({
      file: 'g.md',
      line: 10,
      lang: 'ts',
      code: "import { x } from 'y';\nconst a = 1;\na + 1; // => 2\nJSON.parse('{'); // throws SyntaxError",
    });
    expect(checks).toEqual([
      { kind: 'equals', expression: 'a + 1', expected: '2', line: 13 },
      { kind: 'throws', expression: "JSON.parse('{')", expected: 'SyntaxError', line: 14 },
    ]);
    expect(source.startsWith("import { x } from 'y';\nexport async function run(")).toBe(true);
  });

  it('runs: a wrong stated result is caught', async () => {
    const { source } = toModule({ file: 'g.md', line: 1, lang: 'ts', code: '1 + 1; // => 3' });
    const body = source.slice(source.indexOf('{') + 1, source.lastIndexOf('}'));
    const results: [unknown, unknown][] = [];
    const check = (_k: string, actual: () => unknown, expected: unknown): void => {
      results.push([actual(), expected]);
    };
    new Function('__check', body)(check);
    expect(results).toEqual([[2, 3]]);
  });
});

describe('rewriteHref', () => {
  it('maps guide-relative markdown links to built pages', () => {
    expect(rewriteHref('uri-anatomy.md#hosts', 'guides')).toBe('uri-anatomy.html#hosts');
    expect(rewriteHref('uri-anatomy.md', '.')).toBe('guides/uri-anatomy.html');
    expect(rewriteHref('../playground.html', '.')).toBe('playground.html');
    expect(rewriteHref('../playground.html', 'guides')).toBe('../playground.html');
    expect(rewriteHref('index.md', 'guides')).toBe('../index.html');
    expect(rewriteHref('../api/modules/_x_uri.html', 'guides')).toBe('../api/modules/_x_uri.html');
    expect(rewriteHref('https://www.rfc-editor.org/rfc/rfc3986', 'guides')).toBe(
      'https://www.rfc-editor.org/rfc/rfc3986',
    );
    expect(rewriteHref('#top', 'guides')).toBe('#top');
  });
});

describe('renderMarkdown', () => {
  it('gives headings anchors, escapes code and takes the first h1 as title', () => {
    const { title, html } = renderMarkdown('# Hello\n\n## A b\n\n```ts\n1 < 2\n```\n', 'guides');
    expect(title).toBe('Hello');
    expect(html).toContain('<h2 id="a-b"><a class="anchor" href="#a-b">A b</a></h2>');
    expect(html).toContain('<pre class="language-ts"><code>1 &lt; 2</code></pre>');
  });
});
