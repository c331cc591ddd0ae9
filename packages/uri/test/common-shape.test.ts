// The node build reads a short URI of the common shape with a function of its own before the
// scanner (src/parse.node.ts). It must take what it is meant to take, decline everything else,
// and give exactly the scanner's components; parse and tryParse through it must give the portable
// build's answer and error for every input. (The whole suite also runs against each build.)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as imported from '../src/parse';
import * as node from '../src/parse.node';
import { edgeShapes, host, longShapes, scheme, uriReference } from './arbitraries';

// By a file URL, which neither test project maps to a .node.ts sibling: the portable parse in both.
const portable = (await import(
  /* @vite-ignore */ pathToFileURL(join(import.meta.dirname, '../src/parse.ts')).href
)) as typeof imported;

/** What a parse says about `s`: the components, or the error's index and reason. */
function answer(parse: (s: string) => unknown, s: string): unknown {
  try {
    return { value: parse(s) };
  } catch (e) {
    const { name, index, reason, message } = e as {
      name: string;
      index: number;
      reason: string;
      message: string;
    };
    return { name, index, reason, message };
  }
}

/** `scheme://host[:port]` and a tail of pieces, most of them of the common shape. */
const commonish = fc
  .tuple(
    scheme,
    host,
    fc.option(fc.constantFrom('', '80', '8080', '0x'), { nil: undefined }),
    fc
      .array(fc.constantFrom('a', 'Z', '/', '/', '-', '.', '%41', '%e9', '@', ':', '!', '?', '#'), {
        maxLength: 24,
      })
      .map((a) => a.join('')),
  )
  .map(([sc, h, port, tail]) => `${sc}://${h}${port === undefined ? '' : `:${port}`}${tail}`);

const TAKEN = [
  'http://a',
  'http://a/',
  'HTTP://A:/',
  'http://example.com:8080/b?c#d',
  'foo+bar.baz-1://h',
  'http:///',
  'http://?q',
  'http://#f',
  'http://h?',
  'http://h#',
  'http://h/p?q?r/s#f/?',
  "http://!$&'()*+,;=-._~h:0/",
  'http://h/a:b@c/;x=y',
  'https://example.com/%7Efoo/bar%2Fbaz/%E2%82%AC?x=%41#%aF',
  'ws://chat.example.net:80/room/7',
  'http://h:/',
  'http://h:123',
  // 319 characters
  `http://h/${'a'.repeat(310)}`,
];

const DECLINED = [
  '',
  'h',
  'http',
  'http:',
  'http:/',
  'http:/x',
  'http:x',
  '1http://h/',
  'ht%74p://h/',
  'mailto:a@b',
  'urn:a:b',
  '/rel',
  '//h/p',
  'a/b:c',
  'http://u@h/',
  'http://u:p@h/',
  'http://u:1@h/',
  'http://[::1]/',
  'http://h%41/',
  'http://h:8x/',
  'http://h:8:9/',
  'http://h@/',
  'http://h[/',
  'http://h\\p',
  'http://h/ a',
  'http://h/#a#b',
  'http://h/%4',
  'http://h/%zz',
  'http://h/%',
  'http://\u00e9/',
  'http://h/\u00e9',
  'http://h/\ud800',
  // 320 characters
  `http://h/${'a'.repeat(311)}`,
  `http://h:1/${'a'.repeat(400)}?q#f`,
];

describe('the common-shape reader of the node build', () => {
  it('takes a short URI of the common shape, with the scanner`s components', () => {
    for (const s of TAKEN) {
      const mine = node.readCommonShape(s);
      expect(mine, s).toBeDefined();
      expect(mine, s).toEqual(portable.parse(s));
    }
  });

  it('declines every other input, valid or not, and leaves it to the scanner', () => {
    for (const s of DECLINED) expect(node.readCommonShape(s), s).toBeUndefined();
  });

  it('gives the scanner`s components wherever it takes an input (RFC 3986 Appendix A)', () => {
    let taken = 0;
    fc.assert(
      fc.property(
        fc.oneof(commonish, uriReference, edgeShapes, longShapes, fc.string({ maxLength: 40 })),
        (s) => {
          const mine = node.readCommonShape(s);
          if (mine === undefined) return;
          taken++;
          expect(mine).toEqual(portable.parse(s));
        },
      ),
      { numRuns: 3000 },
    );
    // the property is not vacuous: generated URIs of the common shape reach the reader
    expect(taken).toBeGreaterThan(50);
  });

  it('parse and tryParse give the portable build`s components and errors for every input', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          commonish,
          uriReference,
          edgeShapes,
          longShapes,
          fc.string({ maxLength: 40 }),
          fc.constantFrom(...TAKEN, ...DECLINED),
        ),
        (s) => {
          expect(answer(node.parse, s)).toEqual(answer(portable.parse, s));
          expect(node.tryParse(s)).toEqual(portable.tryParse(s));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('parse and tryParse check their input`s type as the portable build does', () => {
    for (const bad of [undefined, null, 42, {}] as unknown as string[]) {
      expect(() => node.parse(bad)).toThrow(TypeError);
      expect(node.tryParse(bad)).toEqual(portable.tryParse(bad));
    }
  });

  it('checks a tail with the classes of the scanner (src/scan.ts), written in both files', () => {
    const source = (file: string) =>
      readFileSync(join(import.meta.dirname, '../src', file), 'utf8');
    for (const re of ['/[!#$&-;=?-Z_a-z~]*/y', '/[!#-;=?-Z_a-z~]*/y']) {
      expect(source('scan.ts')).toContain(re);
      expect(source('parse.node.ts')).toContain(re);
    }
  });

  it('is the parse of the node build and only of it', () => {
    const isNode = process.env.X_BUILD === 'node';
    expect(imported.parse === node.parse).toBe(isNode);
    expect(portable.parse === node.parse).toBe(false);
  });
});
