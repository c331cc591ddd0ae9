import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIMEType } from 'whatwg-mimetype';
import { describe, expect, it } from 'vitest';
import { charsetFromContentType, parseContentType } from '../src/index';

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
