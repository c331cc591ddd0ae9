// `pnpm run bench`: vitest bench on the published builds (dist/, ESM and CJS; build first). The
// README's ratios come from bench/interleaved.ts, which interleaves more rounds in CPU time.
import { join } from 'node:path';
import { type Bench, test } from 'vitest';
import type * as MimeCharset from '../src/index';
import { loadBuilt } from '../../../tooling/bench.ts';
import {
  CONTENT_TYPES,
  checkAnchors,
  contentType,
  contentTypeCharset,
  exodusLabelToName,
  HEADERS,
  htmlEncodingSniffer,
  LABELS,
  libmime,
  MIMEType,
  prescanWithDefault,
  SHORT_DOCUMENTS,
  WHOLE_DOCUMENTS,
  whatwgLabelToName,
} from './inputs.ts';

const built = await loadBuilt<typeof MimeCharset>(join(import.meta.dirname, '..'));
const ours = built.esm;
const cjs = built.cjs;
// Every anchor computes what ours does on these inputs (or the test stops here): none is timed
// failing, as `MIMEType.parse` called unbound once was.
await checkAnchors(ours, 'ESM build');
await checkAnchors(cjs, 'CJS build');

/** Every implementation runs the same set; one that throws on an input pays for it. */
function each<T>(inputs: readonly T[], run: (input: T) => unknown): () => void {
  return () => {
    for (const input of inputs) {
      try {
        run(input);
      } catch {}
    }
  };
}

type Run = () => void;

/**
 * Runs ours against the anchors, five rounds of one comparison each (the machine is shared: load
 * drifts between rounds, so a ratio is only taken between measurements of the same round), and
 * prints the median over the rounds of the ratio of medians.
 */
async function compare(
  name: string,
  bench: Bench,
  ours: [string, Run, Run],
  anchors: [string, Run][],
): Promise<void> {
  // Ours twice: the ESM build and the CommonJS build of the same code.
  const mine: [string, Run][] = [
    [ours[0], ours[1]],
    [`${ours[0]} (CJS)`, ours[2]],
  ];
  const ratios = new Map<string, number[]>();
  for (let round = 0; round < 5; round++) {
    const results = await bench.compare(...[...mine, ...anchors].map(([n, run]) => bench(n, run)), {
      time: 200,
      warmupTime: 50,
    });
    for (const [m] of mine)
      for (const [n] of anchors) {
        const key = `${m} vs ${n}`;
        ratios.set(key, [
          ...(ratios.get(key) ?? []),
          results.get(n).latency.p50 / results.get(m).latency.p50,
        ]);
      }
  }
  const median = (xs: number[]): number =>
    [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  for (const [key, xs] of ratios)
    console.log(
      `${name}: ${key} ${median(xs).toFixed(2)}x (median over 5 rounds of the ratio of medians; > 1 means ours is faster)`,
    );
}

test('label lookup (22 labels)', async ({ bench }) => {
  await compare(
    'label lookup',
    bench,
    [
      '@x/mime-charset labelToEncoding',
      each(LABELS, (l) => ours.labelToEncoding(l)),
      each(LABELS, (l) => cjs.labelToEncoding(l)),
    ],
    [
      ['whatwg-encoding labelToName', each(LABELS, whatwgLabelToName)],
      ['@exodus/bytes labelToName', each(LABELS, exodusLabelToName)],
    ],
  );
});

test('parseContentType (the 20 content-type-charset vectors)', async ({ bench }) => {
  await compare(
    'parseContentType',
    bench,
    [
      '@x/mime-charset parseContentType',
      each(CONTENT_TYPES, (h) => ours.parseContentType(h)),
      each(CONTENT_TYPES, (h) => cjs.parseContentType(h)),
    ],
    [
      ['content-type parse', each(CONTENT_TYPES, contentType.parse)],
      // Called on the class: `parse` reads `this` (unbound, it throws on every input).
      ['whatwg-mimetype MIMEType.parse', each(CONTENT_TYPES, (h) => MIMEType.parse(h))],
    ],
  );
});

// What most callers do with the result: read the charset (the anchors' own way to the same value).
test('charsetFromContentType, and the charset parameter read after a parse', async ({ bench }) => {
  await compare(
    'charsetFromContentType',
    bench,
    [
      '@x/mime-charset charsetFromContentType',
      each(CONTENT_TYPES, (h) => ours.charsetFromContentType(h)),
      each(CONTENT_TYPES, (h) => cjs.charsetFromContentType(h)),
    ],
    [
      ['content-type parse, then .charset', each(CONTENT_TYPES, contentTypeCharset)],
      [
        'whatwg-mimetype MIMEType.parse, then charset',
        each(CONTENT_TYPES, (h) => MIMEType.parse(h)?.parameters.get('charset')),
      ],
    ],
  );
});

test('HTML prescan (short documents and whole 24 KiB documents)', async ({ bench }) => {
  for (const [kind, docs] of [
    ['short', SHORT_DOCUMENTS],
    ['whole', WHOLE_DOCUMENTS],
  ] as const) {
    await compare(
      `HTML prescan, ${kind} documents`,
      bench,
      [
        '@x/mime-charset sniffBom + prescanHtml',
        each(docs, (d) => prescanWithDefault(ours, d)),
        each(docs, (d) => prescanWithDefault(cjs, d)),
      ],
      [['html-encoding-sniffer', each(docs, (d) => htmlEncodingSniffer(d))]],
    );
  }
});

test('RFC 2047 decode (RFC 2047 §8 examples and three common headers)', async ({ bench }) => {
  await compare(
    'RFC 2047 decode',
    bench,
    [
      '@x/mime-charset decodeEncodedWords',
      each(HEADERS, (h) => ours.decodeEncodedWords(h).text),
      each(HEADERS, (h) => cjs.decodeEncodedWords(h).text),
    ],
    [['libmime decodeWords', each(HEADERS, (h) => libmime.decodeWords(h))]],
  );
});
