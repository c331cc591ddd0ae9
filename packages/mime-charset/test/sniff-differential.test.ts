// The prescan against html-encoding-sniffer 7 (jsdom's), an implementation of the current HTML
// standard's algorithm. In a file of its own, as the browser suites leave out files that import anchors.
import fc from 'fast-check';
import htmlEncodingSniffer from 'html-encoding-sniffer';
import { describe, expect, it } from 'vitest';
import { prescanHtml, sniffBom, sniffDocument } from '../src/index';

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
  it('sniffDocument for HTML (BOM, transport charset, prescan, default) agrees with it too', () => {
    const bom = fc.constantFrom([], [0xef, 0xbb, 0xbf], [0xfe, 0xff], [0xff, 0xfe], [0xef, 0xbb]);
    const label = fc.option(
      fc.constantFrom(
        'utf-8',
        'ISO-8859-1',
        'latin2',
        'koi8-r',
        'utf-16',
        'utf-16be',
        'x-user-defined',
        'gbk',
        'no-such-label',
        'replacement',
        'utf-7',
      ),
    );
    const body = fc.constantFrom(
      '',
      '<meta charset=koi8-r>',
      '<?xml version="1.0" encoding="iso-8859-2"?>',
      '<!-- <meta charset=gbk> -->',
      '<meta http-equiv=content-type content="text/html; charset=big5">',
      '<p>hello</p>',
    );
    fc.assert(
      fc.property(bom, label, body, (b, l, text) => {
        const doc = new Uint8Array([...b, ...bytes(text)]);
        const options = l === null ? {} : { transportLayerEncodingLabel: l };
        const ours = sniffDocument(doc, {
          kind: 'html',
          ...(l === null ? {} : { contentType: `text/html; charset=${l}` }),
        });
        expect(ours.encoding, JSON.stringify([b, l, text])).toBe(htmlEncodingSniffer(doc, options));
      }),
      { numRuns: 1500 },
    );
  });
});
