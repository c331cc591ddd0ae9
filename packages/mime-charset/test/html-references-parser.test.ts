// encodeHtmlReferences' output read as an HTML parser reads it (the HTML Standard's rules, applied
// directly: parse5 is not a dependency of this package). Before tokenizing, a parser turns CR and
// CRLF into LF (§13.2.3.5); in text a raw U+0000 is dropped (§13.2.6.4.7, "in body": a NULL
// character token is ignored), in a double-quoted attribute value it is read as U+FFFD
// (§13.2.5.36); then references are decoded (§13.2.5.72-80). CR must therefore be written
// `&#13;`, which reads as CR (§13.2.5.80), and U+0000 has no HTML form: it is written `&#65533;`.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeHtmlReferences, encodeHtmlReferences, type HtmlEncodeMode } from '../src/html';
import { loadCodec } from '../src/index';

const newlines = (s: string): string => s.replace(/\r\n?/g, '\n');
/** What a parser reads from `html` between tags (no `<` in it: the encoder escapes it). */
const asText = (html: string): string =>
  decodeHtmlReferences(newlines(html).replace(/\0/g, ''), { context: 'text' });
/** What a parser reads from `html` as a double-quoted attribute value (no raw `"` in it). */
const asAttribute = (html: string): string =>
  decodeHtmlReferences(newlines(html).replace(/\0/g, '\ufffd'), { context: 'attribute' });

const MODES: HtmlEncodeMode[] = ['minimal', 'attribute', 'non-ascii', 'named'];

describe('CR and U+0000 in every mode', () => {
  it('CR is written &#13; (a raw CR would read as LF)', () => {
    for (const mode of MODES) {
      expect(encodeHtmlReferences('a\rb', { mode })).toBe('a&#13;b');
      expect(encodeHtmlReferences('a\r\nb', { mode })).toBe('a&#13;\nb');
      expect(asText(encodeHtmlReferences('a\r\nb\rc', { mode }))).toBe('a\r\nb\rc');
    }
    expect(decodeHtmlReferences('&#13;')).toBe('\r');
  });

  it('U+0000 is written &#65533; (it has no HTML form)', () => {
    for (const mode of MODES) expect(encodeHtmlReferences('a\0b', { mode })).toBe('a&#65533;b');
    // `&#0;` would read as U+FFFD too; a raw U+0000 would vanish from text.
    expect(decodeHtmlReferences('&#0;')).toBe('\ufffd');
  });

  it('with a charset, and in one without the ASCII letters', async () => {
    const greek = await loadCodec('windows-1253');
    const symbol = await loadCodec('x-mac-symbol', { mode: 'loose' });
    for (const charset of [greek, symbol])
      expect(encodeHtmlReferences('1\r\0', { charset, mode: 'minimal' })).toBe('1&#13;&#65533;');
  });

  it('the example', () => {
    expect(encodeHtmlReferences('a\r\nb', { mode: 'minimal' })).toBe('a&#13;\nb');
  });
});

describe('what a parser reads back (property)', () => {
  const piece = fc.oneof(
    fc.constantFrom('\r', '\n', '\r\n', '\n\r', '\0', '&', '<', '>', '"', "'", '&amp;', '&#13;'),
    fc.constantFrom('a', ' ', '\t', '\f', 'é', 'λ', '€', '😀', '\x80', '\x85', '\ufffd', '=', ';'),
    fc.string({ unit: 'grapheme', maxLength: 3 }),
  );
  const text = fc.array(piece, { maxLength: 10 }).map((p) => p.join(''));

  it('as text and as an attribute value, the input (U+0000 as U+FFFD)', async () => {
    const greek = await loadCodec('windows-1253');
    fc.assert(
      fc.property(text, fc.constantFrom(...MODES), fc.boolean(), (s, mode, withCharset) => {
        const out = encodeHtmlReferences(s, withCharset ? { mode, charset: greek } : { mode });
        // Escaped, the C1 controls HTML reads as windows-1252 are written `&#65533;` too.
        let expected = s.replace(/\0/g, '\ufffd');
        if (withCharset || mode === 'non-ascii')
          expected = expected.replace(/[\x80\x82-\x8c\x8e\x91-\x9c\x9e\x9f]/g, '\ufffd');
        expect(out).not.toMatch(/[\r\0<]/);
        expect(asText(out)).toBe(expected);
        if (mode !== 'minimal') {
          expect(out).not.toContain('"');
          expect(asAttribute(out)).toBe(expected);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
