// The node build's content-type, sniff, label-table, iana-labels and transfer-encoding modules (src/generated/*-closure.ts, behind
// src/*.node.ts) are generated from the portable modules by scripts/generate-closures.ts with
// tooling/closure-module.ts: each file must be what the script writes today, and both forms must
// give the same answer, or throw the same error, for every input. (The whole suite also runs
// against each build; this compares the two directly.)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closureModule } from '../../../tooling/closure-module.ts';
import { CLOSURES, closureOf } from '../scripts/generate-closures';
import * as contentTypeClosure from '../src/generated/content-type-closure';
import * as ianaLabelsClosure from '../src/generated/iana-labels-closure';
import * as labelsClosure from '../src/generated/label-table-closure';
import * as sniffClosure from '../src/generated/sniff-closure';
import * as transferClosure from '../src/generated/transfer-encoding-closure';
import * as contentTypeImported from '../src/content-type';
import * as ianaLabelsImported from '../src/iana-labels';
import * as labelsImported from '../src/label-table';
import * as sniffImported from '../src/sniff';
import * as transferImported from '../src/transfer-encoding';

const packageDir = join(import.meta.dirname, '..');
// By a file URL, which neither test project maps to a .node.ts sibling: the portable module in both.
const portableOf = async <T>(name: string): Promise<T> =>
  (await import(/* @vite-ignore */ pathToFileURL(join(packageDir, `src/${name}.ts`)).href)) as T;
const contentType = await portableOf<typeof contentTypeImported>('content-type');
const sniff = await portableOf<typeof sniffImported>('sniff');
const labels = await portableOf<typeof labelsImported>('label-table');
const ianaLabels = await portableOf<typeof ianaLabelsImported>('iana-labels');
const transfer = await portableOf<typeof transferImported>('transfer-encoding');

const forms = {
  'content-type': [contentTypeClosure, contentType, contentTypeImported],
  sniff: [sniffClosure, sniff, sniffImported],
  'label-table': [labelsClosure, labels, labelsImported],
  'iana-labels': [ianaLabelsClosure, ianaLabels, ianaLabelsImported],
  'transfer-encoding': [transferClosure, transfer, transferImported],
} as const;

describe.each(Object.keys(CLOSURES))('src/generated/%s-closure.ts', (name) => {
  const [closure, portable, imported] = forms[name as keyof typeof forms];

  it(`is what scripts/generate-closures.ts generates from src/${name}.ts`, () => {
    expect(readFileSync(join(packageDir, `src/generated/${name}-closure.ts`), 'utf8')).toBe(
      closureOf(packageDir, name),
    );
  });

  it(`exports every name src/${name}.ts exports`, () => {
    expect(Object.keys(closure).sort()).toEqual(Object.keys(portable).sort());
  });

  it('is the module of the node build and only of it', () => {
    const node = process.env.X_BUILD === 'node';
    const [first] = CLOSURES[name]!;
    const pick = (m: object) => (m as Record<string, unknown>)[first!];
    expect(pick(imported) === pick(closure)).toBe(node);
    expect(pick(portable) === pick(closure)).toBe(false);
  });
});

/** What `f` returns, or the class, reason and index of what it throws. */
function outcome(f: () => unknown): unknown {
  try {
    const r = f() as { parameters?: ReadonlyMap<string, string> } | null;
    // parseContentType's parameters: a map of the module's own class, compared by entries
    return r !== null && typeof r === 'object' && r.parameters instanceof Object
      ? { ...r, parameters: [...r.parameters] }
      : r;
  } catch (e) {
    const { name, message, reason, index } = e as Error & { reason?: string; index?: number };
    return { thrown: name, message, reason, index };
  }
}

const mode = fc.constantFrom(undefined, 'whatwg', 'iana', 'loose') as fc.Arbitrary<
  'whatwg' | 'iana' | 'loose' | undefined
>;
const joined = (parts: string[]) => fc.array(fc.constantFrom(...parts), { maxLength: 20 });
const header = fc.oneof(
  joined([
    'text/html',
    'text/plain',
    'TEXT/HTML',
    ';',
    ' ',
    '\t',
    '=',
    '"',
    '\\',
    'charset',
    'Charset',
    'utf-8',
    'latin1',
    ' koi8-r ',
    'x-unknown',
    'ISO-8859-1',
    'csUTF8',
    'name',
    '/',
    '\u00e9',
    '\u0100',
    '\u0000',
    '(',
    ',',
  ]).map((p) => p.join('')),
  fc.string({ maxLength: 40 }),
);
const html = joined([
  '<meta',
  '<META',
  ' charset=',
  ' content="text/html; charset=',
  ' http-equiv="content-type"',
  '"',
  "'",
  '>',
  '/>',
  'utf-8',
  'gbk',
  'utf-16',
  'x-user-defined',
  'iso-8859-2',
  '<!--',
  '-->',
  '<?xml version="1.0" encoding="',
  '?>',
  '<p>',
  '</',
  ' ',
  '\t',
  'é',
]).map((p) => p.join(''));
const bom = fc.constantFrom('', '\ufeff', '\xfe\xff', '\xff\xfe', '\xef\xbb');
const bytesOf = (prefix: string, s: string): Uint8Array =>
  Uint8Array.from([...prefix].map((c) => c.charCodeAt(0)).concat([...new TextEncoder().encode(s)]));
const label = fc.oneof(
  fc.constantFrom(
    'utf-8',
    'UTF-8',
    ' utf8 ',
    '\tLatin1\n',
    'iso-8859-1',
    'csUTF8',
    'x-sjis',
    'ks_c_5601-1987',
    'unicode-1-1-utf-8',
    'K\u212aoi8-r',
    'replacement',
    '',
  ),
  fc.string({ maxLength: 20 }),
);

describe('the closure forms against the portable modules', () => {
  it('parseContentType, charsetFromContentType and formatContentType agree', () => {
    fc.assert(
      fc.property(header, mode, fc.boolean(), (h, m, strict) => {
        for (const [f, args] of [
          ['parseContentType', [h, { strict }]],
          ['charsetFromContentType', [h, { mode: m }]],
        ] as const) {
          const call = (o: typeof contentType) => () =>
            (o[f] as (...a: unknown[]) => unknown)(...args);
          expect(outcome(call(contentTypeClosure))).toEqual(outcome(call(contentType)));
        }
        const parsed = contentType.parseContentType(h);
        if (parsed !== null)
          expect(contentTypeClosure.formatContentType(parsed)).toBe(
            contentType.formatContentType(parsed),
          );
      }),
      { numRuns: 2000 },
    );
  });

  it('prescanHtml, sniffBom, sniffXml, extractMetaCharset and parseXmlDeclaration agree', () => {
    fc.assert(
      fc.property(bom, html, fc.nat(1100), fc.boolean(), (b, s, maxBytes, xml) => {
        const bytes = bytesOf(b, s);
        const calls: [string, (o: typeof sniff) => unknown][] = [
          ['prescanHtml', (o) => o.prescanHtml(bytes)],
          ['prescanHtml limited', (o) => o.prescanHtml(bytes, { maxBytes, xmlDeclaration: xml })],
          ['sniffBom', (o) => o.sniffBom(bytes)],
          ['sniffXml', (o) => o.sniffXml(bytes)],
          ['extractMetaCharset', (o) => o.extractMetaCharset(s)],
          ['parseXmlDeclaration', (o) => o.parseXmlDeclaration(s, { strict: xml })],
          ['transportEncoding', (o) => o.transportEncoding(s)],
        ];
        for (const [what, call] of calls)
          expect(
            outcome(() => call(sniffClosure)),
            what,
          ).toEqual(outcome(() => call(sniff)));
      }),
      { numRuns: 2000 },
    );
  });

  it('labelToEncoding, getEncoding, findExactWhatwg and normalizeLabel agree', () => {
    fc.assert(
      fc.property(label, (l) => {
        expect(labelsClosure.labelToEncoding(l)).toBe(labels.labelToEncoding(l));
        expect(labelsClosure.getEncoding(l)).toBe(labels.getEncoding(l));
        expect(labelsClosure.findExactWhatwg(l)).toEqual(labels.findExactWhatwg(l));
        expect(labelsClosure.normalizeLabel(l)).toBe(labels.normalizeLabel(l));
        expect(labelsClosure.resolveLabel(l)).toEqual(labels.resolveLabel(l));
      }),
      { numRuns: 2000 },
    );
  });

  it('labelToEncoding and resolveAnyLabel of iana-labels agree in every mode', () => {
    // The closure of iana-labels installs its modes into the closure of label-table, the portable
    // module into the portable one: each form resolves through its own table.
    const loose = fc.constantFrom('ms-greek', 'win1253', 'dos-866', 'cp-1253', 'Shift JIS', '1253');
    fc.assert(
      fc.property(fc.oneof(label, loose), mode, (l, m) => {
        const options = m === undefined ? undefined : { mode: m };
        expect(outcome(() => ianaLabelsClosure.labelToEncoding(l, options))).toEqual(
          outcome(() => ianaLabels.labelToEncoding(l, options)),
        );
        expect(ianaLabelsClosure.resolveAnyLabel(l, m)).toEqual(ianaLabels.resolveAnyLabel(l, m));
      }),
      { numRuns: 2000 },
    );
    expect(ianaLabelsClosure.labelToEncoding('win1253', { mode: 'loose' })).toBe('windows-1253');
  });

  it('the quoted-printable and base64 codecs agree', () => {
    const bytes = fc.uint8Array({ maxLength: 300 });
    const text = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.stringMatching(/^[ -~\t\r\n=]{0,200}$/),
      bytes.map((b) => transfer.encodeQuotedPrintable(b)),
      bytes.map((b) => transfer.encodeBase64(b, { lineLength: 76 })),
    );
    fc.assert(
      fc.property(bytes, text, fc.boolean(), (b, t, binary) => {
        for (const [what, call] of [
          ['encodeQuotedPrintable', (m: typeof transfer) => m.encodeQuotedPrintable(b, { binary })],
          ['encodeQuotedPrintable text', (m: typeof transfer) => m.encodeQuotedPrintable(t)],
          ['decodeQuotedPrintable', (m: typeof transfer) => m.decodeQuotedPrintable(t)],
          ['decodeBase64', (m: typeof transfer) => m.decodeBase64(t)],
          ['encodeBase64', (m: typeof transfer) => m.encodeBase64(b)],
        ] as const)
          expect(
            outcome(() => call(transferClosure)),
            what,
          ).toEqual(outcome(() => call(transfer)));
      }),
      { numRuns: 1000 },
    );
  });

  it('a malformed strict header throws the same error at the same index', () => {
    const h = 'text/html; charset';
    const thrown = outcome(() => contentTypeClosure.parseContentType(h, { strict: true }));
    expect(thrown).toMatchObject({ thrown: 'HeaderSyntaxError', index: 18 });
    expect(outcome(() => contentType.parseContentType(h, { strict: true }))).toEqual(thrown);
  });
});

describe('tooling/closure-module.ts', () => {
  const options = {
    source: 'src/m.ts',
    output: 'src/generated/m-closure.ts',
    name: 'm',
    header: '// h',
  };

  it('keeps types at the top level, an exported class as a value and a type, re-exports as they are', () => {
    const out = closureModule(
      [
        "import { a, type T, b as c } from './a';",
        "import * as ns from '@x/utf8';",
        'interface Local { n: number }',
        'export interface Shape { s: string }',
        'export type Alias = Local | Shape;',
        'export class Box { v = a; }',
        'export const K = 1, L = c;',
        'export function f(x: T): number { return ns.x + K; }',
        "export { y } from './y';",
      ].join('\n'),
      options,
    );
    expect(out).toContain(
      "import { a as a_, b as c_ } from '../a';\nimport type { T } from '../a';",
    );
    expect(out).toContain("import * as ns_ from '@x/utf8';");
    expect(out).toContain(
      "import type { Shape, Alias } from '../m';\nexport type { Shape, Alias };",
    );
    expect(out).toContain('\ninterface Local { n: number }\n\nfunction m() {');
    expect(out).toContain('  const a = a_;\n  const c = c_;\n  const ns = ns_;');
    expect(out).toContain('  class Box { v = a; }\n  const K = 1, L = c;\n  function f(');
    expect(out).toContain('return { Box, K, L, f } as const;');
    expect(out).toContain('export type Box = portable.Box;');
    expect(out).toContain('export const L: typeof portable.L = closure.L;');
    expect(out.endsWith("export { y } from '../y';\n")).toBe(true);
  });

  it('refuses what it cannot move into a closure, naming the statement', () => {
    for (const [source, why] of [
      ['export default function f() {}', /a default export/],
      ['const a = 1;\nexport { a };', /an export list/],
      ['export enum E { A }', /an enum/],
      ['export const { a } = o;', /a destructuring export/],
      ['export let n = 0;', /an exported let or var/],
      ['export var n = 0;', /an exported let or var/],
      ['const t = `a\nb`;', /a template literal over several lines/],
      ['export class G<T> { x?: T }', /an exported generic class/],
      ["const a = 1;\nimport { b } from './b';", /an import after the first declaration/],
    ] as const)
      expect(() => closureModule(source, options)).toThrow(why);
    expect(() => closureModule('export function f() {}', { ...options, required: ['g'] })).toThrow(
      'src/m.ts: g is not exported',
    );
  });
});
