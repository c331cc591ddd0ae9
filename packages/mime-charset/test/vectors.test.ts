import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIMEType } from 'whatwg-mimetype';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  charsetFromContentType,
  decodeEncodedWords,
  decodeParameters,
  HeaderSyntaxError,
  labelToEncoding,
  loadCodec,
  type ParameterValue,
  parseContentType,
  parseXmlDeclaration,
  prescanHtml,
  sniffBom,
  sniffDocument,
  sniffXml,
} from '../src/index';

const vectors = <T>(name: string): T =>
  JSON.parse(readFileSync(join(import.meta.dirname, 'vectors', name), 'utf8')) as T;

interface RfcExpectation {
  valid: boolean;
  charset?: string;
}
interface ContentTypeCase {
  input: string;
  expect: {
    rfc?: RfcExpectation;
    rfc9110?: RfcExpectation;
    whatwg: {
      parses: boolean;
      essence: string;
      charsetParam: string | null;
      encoding: string | null;
    };
  };
}

describe('content-type-charset.json', () => {
  const { cases } = vectors<{ cases: ContentTypeCase[] }>('content-type-charset.json');
  for (const c of cases) {
    it(c.input, () => {
      const ct = parseContentType(c.input);
      const w = c.expect.whatwg;
      expect(ct !== null).toBe(w.parses);
      expect(ct?.essence).toBe(w.essence);
      expect(ct?.parameters.get('charset') ?? null).toBe(w.charsetParam);
      expect(charsetFromContentType(c.input)).toBe(w.encoding);
      // Differential: whatwg-mimetype is a faithful implementation of the same algorithm.
      const oracle = MIMEType.parse(c.input);
      expect(ct?.essence).toBe(oracle?.essence);
      expect([...(ct?.parameters ?? [])]).toEqual([...(oracle?.parameters ?? [])]);
      const rfc = c.expect.rfc ?? c.expect.rfc9110;
      if (rfc !== undefined) {
        if (rfc.valid) {
          expect(
            parseContentType(c.input, { strict: true })?.parameters.get('charset') ?? null,
          ).toBe(rfc.charset ?? null);
        } else expect(() => parseContentType(c.input, { strict: true })).toThrow();
      }
    });
  }
});

interface PrescanCase {
  id: string;
  html?: string;
  htmlBase64?: string;
  expectedEncoding: string;
  defaultEncoding: string;
  source: string;
}

describe('html-meta-prescan.json', () => {
  const { cases } = vectors<{ cases: PrescanCase[] }>('html-meta-prescan.json');
  for (const c of cases) {
    it(c.id, () => {
      const bytes =
        c.html !== undefined
          ? new TextEncoder().encode(c.html)
          : Buffer.from(c.htmlBase64 ?? '', 'base64');
      if (c.source.includes('XML declaration is not consulted')) {
        // This vector follows the prescan before the HTML standard added "get an XML encoding"
        // (which html-encoding-sniffer 7, jsdom's, also follows): that older prescan is
        // `xmlDeclaration: false`; by default the declaration counts when no <meta> does.
        expect(prescanHtml(bytes, { xmlDeclaration: false }) ?? c.defaultEncoding).toBe(
          c.expectedEncoding,
        );
        expect(prescanHtml(bytes)).toBe('ISO-8859-2');
        return;
      }
      expect(prescanHtml(bytes) ?? c.defaultEncoding).toBe(c.expectedEncoding);
      const doc = sniffDocument(bytes, { kind: 'html' });
      expect(doc.encoding).toBe(c.expectedEncoding);
    });
  }
});

const hex = (s: string): Uint8Array =>
  Uint8Array.from(s.match(/../g) ?? [], (h) => Number.parseInt(h, 16));

interface BomXmlVectors {
  bom: { bytesHex: string; whatwgBOM: string }[];
  xmlAppendixF: { bytesHex: string; xmlAppendixF: string; kind: 'with BOM' | 'no BOM' }[];
  xmlEncodingDecl: { decl: string; encoding: string }[];
}

describe('bom-xml-sniff.json', () => {
  const v = vectors<BomXmlVectors>('bom-xml-sniff.json');
  for (const c of v.bom) {
    it(`BOM ${c.bytesHex}`, () => {
      expect(sniffBom(hex(c.bytesHex))?.encoding ?? 'none').toBe(c.whatwgBOM);
    });
  }
  // The vectors describe each family in words; this maps the words to sniffXml's family names.
  const families: Record<string, string> = {
    'UCS-4BE (UTF-32BE)': 'UTF-32BE',
    'UCS-4LE (UTF-32LE)': 'UTF-32LE',
    'UCS-4 unusual octet order 2143': 'UCS-4-2143',
    'UCS-4 unusual octet order 3412': 'UCS-4-3412',
    'UTF-16BE': 'UTF-16BE',
    'UTF-16LE': 'UTF-16LE',
    'UTF-8': 'UTF-8',
    'UCS-4BE / 32-bit BE family': 'UTF-32BE',
    'UCS-4LE / 32-bit LE family': 'UTF-32LE',
    // The vector's bytes 00 00 00 3C 00 begin with 00 00 00 3C, which Appendix F's table gives to the
    // big-endian (1234) order; the 2143 order is 00 00 3C 00. The table, not the label, is followed.
    'UCS-4 2143': 'UTF-32BE',
    'UTF-16BE family': 'UTF-16BE',
    'UTF-16LE family': 'UTF-16LE',
    'UTF-8 / ASCII-compatible: read encoding declaration': 'UTF-8',
    'EBCDIC family: read declaration': 'EBCDIC',
  };
  for (const c of v.xmlAppendixF) {
    it(`Appendix F ${c.bytesHex} (${c.kind})`, () => {
      const r = sniffXml(hex(c.bytesHex));
      expect(r.family).toBe(families[c.xmlAppendixF]);
      expect(r.bom > 0).toBe(c.kind === 'with BOM');
      expect(r.readDeclaration).toBe(c.kind === 'no BOM');
    });
  }
  for (const c of v.xmlEncodingDecl) {
    it(`EncodingDecl ${c.decl}`, () => {
      if (c.encoding === 'error') {
        expect(parseXmlDeclaration(c.decl)?.encoding).toBeUndefined();
        expect(() => parseXmlDeclaration(c.decl, { strict: true })).toThrow(HeaderSyntaxError);
      } else if (c.encoding.startsWith('UTF-16 (')) {
        // Declared UTF-16, but the bytes are ASCII-compatible: the web reads them as UTF-8.
        expect(parseXmlDeclaration(c.decl)?.encoding).toBe('UTF-16');
        const doc = sniffDocument(new TextEncoder().encode(c.decl), { kind: 'xml' });
        expect(doc).toEqual({ encoding: 'UTF-8', reason: 'xml-declaration', bom: 0 });
      } else {
        expect(parseXmlDeclaration(c.decl, { strict: true })?.encoding).toBe(c.encoding);
        const doc = sniffDocument(new TextEncoder().encode(c.decl), { kind: 'xml' });
        expect(doc.reason).toBe('xml-declaration');
        expect(doc.encoding).toBe(labelToEncoding(c.encoding));
      }
    });
  }
});

interface Rfc2047Case {
  input: string;
  decoded: string;
  strictOnly?: boolean;
}

describe('rfc2047.json', () => {
  const { cases } = vectors<{ cases: Rfc2047Case[] }>('rfc2047.json');
  beforeAll(async () => {
    for (const charset of ['ISO-8859-1', 'ISO-8859-2', 'ISO-8859-8', 'US-ASCII']) {
      await loadCodec(charset, { mode: 'iana' });
    }
  });
  for (const c of cases) {
    it(JSON.stringify(c.input), () => {
      expect(decodeEncodedWords(c.input).text).toBe(c.decoded);
      if (!c.strictOnly)
        expect(decodeEncodedWords(c.input, { strict: false }).text).toBe(c.decoded);
    });
  }
});

interface Rfc2231Case {
  header: string;
  param: string;
  value: string | null;
  charset?: string;
  language?: string;
  strictOnly?: boolean;
}

describe('rfc2231.json', () => {
  const { cases } = vectors<{ cases: Rfc2231Case[] }>('rfc2231.json');
  beforeAll(async () => {
    for (const charset of ['ISO-8859-1', 'US-ASCII']) await loadCodec(charset, { mode: 'iana' });
  });
  for (const c of cases) {
    it(JSON.stringify(c.header), () => {
      let got: ParameterValue | undefined;
      try {
        got = decodeParameters(c.header).parameters.get(c.param);
      } catch (error) {
        // Strict mode may reject the whole header instead of dropping the parameter.
        expect(error).toBeInstanceOf(HeaderSyntaxError);
      }
      expect(got?.value ?? null).toBe(c.value);
      if (c.charset !== undefined) expect(got?.charset).toBe(c.charset);
      if (c.language !== undefined) expect(got?.language).toBe(c.language);
      if (!c.strictOnly) {
        expect(decodeParameters(c.header, { strict: false }).parameters.get(c.param)?.value).toBe(
          c.value,
        );
      }
    });
  }
});
