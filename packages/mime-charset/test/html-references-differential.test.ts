// Differential tests of @x/mime-charset/html against the most used decoders: entities (decodeHTML,
// decodeHTMLAttribute), parse-entities and he. All three follow the HTML Standard's character
// reference states; on every input generated here (fragments of every name of the table, numbers
// around every boundary of §13.2.5.80, `&`, `&#`, `&#x`, `;`, `=`, controls, lone surrogates) they
// agree with this package, in text and in attribute values. No disagreement is explained away:
// any that appears fails the test with the input that shows it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { characterEntities } from 'character-entities';
import { characterEntitiesLegacy } from 'character-entities-legacy';
import { decodeHTML, decodeHTMLAttribute } from 'entities';
import fc from 'fast-check';
import * as he from 'he';
import { parseEntities } from 'parse-entities';
import { describe, expect, it } from 'vitest';
import { decodeHtmlReferences, encodeHtmlReferences } from '../src/html';
import { loadCodec } from '../src/index';

const names = Object.keys(characterEntities);

// Pieces of HTML text: whole and cut names after `&`, numbers (decimal and hex, some past
// U+10FFFF, some in 0x80–0x9F), the syntax characters, and arbitrary code units.
const piece = fc.oneof(
  fc.constantFrom('&', '&#', '&#x', '&#X', ';', '=', 'a', 'Z', '0', ' ', '\u0000', '\r', '\ud800'),
  fc.constantFrom(...names).chain((n) => fc.nat(n.length).map((k) => `&${n.slice(0, k + 1)}`)),
  fc.nat(0x120000).map((n) => n.toString(10)),
  fc.nat(0x120000).map((n) => n.toString(16)),
  fc.integer({ min: 0x7f, max: 0xa0 }).map((n) => `&#${n}`),
  fc.string({ unit: 'binary', maxLength: 3 }),
);
const html = fc.array(piece, { maxLength: 8 }).map((p) => p.join(''));

describe('decodeHtmlReferences against entities, parse-entities and he', () => {
  it('text: the same result as entities.decodeHTML, parseEntities and he.decode', () => {
    fc.assert(
      fc.property(html, (s) => {
        const ours = decodeHtmlReferences(s);
        expect(decodeHTML(s), s).toBe(ours);
        expect(parseEntities(s), s).toBe(ours);
        expect(he.decode(s), s).toBe(ours);
      }),
      { numRuns: 4000 },
    );
  });

  it('attribute values: the same result as decodeHTMLAttribute, { attribute: true }, isAttributeValue', () => {
    fc.assert(
      fc.property(html, (s) => {
        const ours = decodeHtmlReferences(s, { context: 'attribute' });
        expect(decodeHTMLAttribute(s), s).toBe(ours);
        expect(parseEntities(s, { attribute: true }), s).toBe(ours);
        expect(he.decode(s, { isAttributeValue: true }), s).toBe(ours);
      }),
      { numRuns: 4000 },
    );
  });

  it('every name of the table, with and without `;`, followed by each kind of character', () => {
    for (const name of names)
      for (const tail of [';', '', '=', 'x', '1', ' ', ';x'])
        for (const attribute of [false, true]) {
          const s = `&${name}${tail}`;
          const ours = decodeHtmlReferences(s, { context: attribute ? 'attribute' : 'text' });
          expect(attribute ? decodeHTMLAttribute(s) : decodeHTML(s), s).toBe(ours);
        }
  });

  it('entities, parse-entities and he decode what encodeHtmlReferences writes back to the text', async () => {
    const greek = await loadCodec('windows-1253');
    const text = fc.string({ unit: 'binary' }).map((s) =>
      // Without the characters no reference stands for (U+0000, C1 read as windows-1252).
      s.replace(/[\0\x80\x82-\x8c\x8e\x91-\x9c\x9e\x9f]/g, ''),
    );
    fc.assert(
      fc.property(text, fc.constantFrom('attribute', 'non-ascii', 'named'), (s, mode) => {
        const out = encodeHtmlReferences(s, { mode: mode as 'named', charset: greek });
        expect(decodeHTML(out)).toBe(s);
        expect(decodeHTMLAttribute(out)).toBe(s);
        expect(parseEntities(out)).toBe(s);
        expect(he.decode(out)).toBe(s);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('the data of data/html-entities/', () => {
  const root = join(import.meta.dirname, '..');
  const require = createRequire(import.meta.url);

  it('is the installed character-entities and character-entities-legacy, verbatim', () => {
    for (const [copy, pkg] of [
      ['character-entities.index.js.txt', 'character-entities'],
      ['character-entities-legacy.index.js.txt', 'character-entities-legacy'],
    ] as const) {
      const installed = join(require.resolve(`${pkg}/package.json`), '..', 'index.js');
      expect(readFileSync(join(root, 'data', 'html-entities', copy), 'utf8'), copy).toBe(
        readFileSync(installed, 'utf8'),
      );
    }
    expect(names.length).toBe(2125);
    expect(characterEntitiesLegacy.length).toBe(106);
  });
});
