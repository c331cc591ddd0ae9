// The inputs of the fixtures that fast-uri ships in its npm package, read from node_modules, judged by
// the grammar oracle (test/grammar.ts). Node only: it reads files.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tryParse } from '../src/index';
import { oracleComponents, rfc3986 } from './grammar';

describe("differential on fast-uri's own fixture inputs (node_modules/fast-uri/test/fixtures)", () => {
  // uri-js-parse.json: 52 inputs with uri-js's lenient reading; only the inputs are used here, and the
  // RFC's answer comes from the grammar
  const require = createRequire(import.meta.url);
  const dir = join(dirname(require.resolve('fast-uri/package.json')), 'test', 'fixtures');
  const rows = JSON.parse(readFileSync(join(dir, 'uri-js-parse.json'), 'utf8')) as [
    string,
    unknown,
  ][];
  it.each(rows.map(([input]) => [input]))('%j', (input) => {
    const ok = rfc3986.uri.test(input) || rfc3986.relativeRef.test(input);
    const r = tryParse(input);
    expect(r.ok).toBe(ok);
    if (r.ok) expect(r.value).toEqual(oracleComponents(input));
  });
});
