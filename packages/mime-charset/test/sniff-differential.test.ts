// The prescan against html-encoding-sniffer 7 (jsdom's), an implementation of the current HTML
// standard's algorithm. In a file of its own, as the browser suites leave out files that import anchors.
import fc from 'fast-check';
import htmlEncodingSniffer from 'html-encoding-sniffer';
import { describe, expect, it } from 'vitest';
import { prescanHtml, sniffBom } from '../src/index';

const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);

describe('prescanHtml against html-encoding-sniffer', () => {
  it('agrees with html-encoding-sniffer (jsdom) on generated documents', () => {
    const part = fc.constantFrom(
      '<?xml',
      ' version="1.0"',
      ' encoding',
      '=',
      ' ',
      '\t',
      '"',
      "'",
      'iso-8859-2',
      'utf-16',
      'gbk',
      'x',
      '?>',
      '>',
      '<',
      '<meta charset=koi8-r>',
      '<meta ',
      'charset=',
      'content="text/html;charset=big5"',
      'http-equiv=content-type',
      '<!--',
      '-->',
      '<a href="',
      '</p>',
      '<!x>',
    );
    fc.assert(
      fc.property(fc.array(part, { maxLength: 24 }), (parts) => {
        const doc = bytes(parts.join(''));
        if (sniffBom(doc)) return;
        expect(prescanHtml(doc) ?? 'windows-1252', parts.join('')).toBe(htmlEncodingSniffer(doc));
      }),
      { numRuns: 3000 },
    );
  });
});
