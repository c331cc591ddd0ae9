// On-demand benchmark in Chromium: @x/percent's portable build (what every runtime but Node runs)
// against the browser's own decodeURIComponent and URLSearchParams and against
// fast-decode-uri-component, on the corpora of bench/interleaved.ts. Never part of `pnpm test`.
//
//   pnpm --filter @x/percent... build           (the dist/ builds this measures)
//   node packages/percent/bench/browser.ts [rounds]   (Node >= 22.18 strips the types)
//
// The entry is resolved from dist/ through the package's `exports` by esbuild with platform
// `browser` (so the `node` condition is never taken; the script fails if the bundle holds a `node:`
// import or a file of a dist/node/ build), served on 127.0.0.1 and run in Debian's headless
// Chromium (docs/scripts/ensure-chromium.sh installs it). Each contender's output is checked against
// ours on every input first; then one sample of each per round in a rotating order, and the median
// over the rounds of the per-round ratio: their time / ours (> 1 means ours is faster).
import { createRequire } from 'node:module';
import { type PageTiming, withBrowserPage } from '../../../tooling/browser-page.ts';
import { equalOutputForms, mostlyAscii, mostlyEscaped } from './corpora.ts';

const ROUNDS = Number(process.argv[2] ?? 15);
const fastDecodePath = createRequire(import.meta.url).resolve('fast-decode-uri-component');

await withBrowserPage(
  "import { percentDecode, serializeForm } from '@x/percent';\n" +
    `import fastDecode from ${JSON.stringify(fastDecodePath)};\n` +
    'globalThis.xpercent = { percentDecode, serializeForm, fastDecode };\n',
  'xpercent',
  async (page, { chromium, files }) => {
    console.log(
      `Chromium ${chromium}, @x/percent portable dist/ (${files.join(', ')}), ${ROUNDS} rounds`,
    );
    console.log('| operation | ratios (their time / ours) |\n|---|---|');
    for (const row of await page.evaluate(pageBench, {
      rounds: ROUNDS,
      mostlyAscii,
      mostlyEscaped,
      forms: equalOutputForms,
    }))
      console.log(row);
  },
);

/**
 * Runs in the page (serialized by playwright, so self-contained; the corpora of ./corpora.ts come in
 * its argument): the rows of the table.
 */
function pageBench({
  rounds,
  mostlyAscii,
  mostlyEscaped,
  forms,
}: {
  rounds: number;
  mostlyAscii: string[];
  mostlyEscaped: string[];
  forms: [string, string][][];
}): string[] {
  const x = (globalThis as unknown as Record<string, unknown>).xpercent as {
    percentDecode: (s: string) => string;
    serializeForm: (f: [string, string][]) => string;
    fastDecode: (s: string) => string | null;
  };
  const { interleave, ratio } = (globalThis as unknown as { xbench: PageTiming }).xbench;
  const compare = <T>(
    operation: string,
    items: T[],
    contenders: [string, (input: T) => string | null][],
  ): string => {
    const first = (contenders[0] as [string, (input: T) => string | null])[1];
    for (const [label, f] of contenders)
      for (const input of items)
        if (f(input) !== first(input)) return `| ${operation} | ${label} differs: not timed |`;
    // A loop per contender, compiled afresh so that no two share type feedback.
    const loops = contenders.map(
      ([, f]) =>
        new Function(
          'items',
          'f',
          'return function () { let n = 0; for (let i = 0; i < items.length; i++) n += f(items[i]).length; return n; };',
        )(items, f) as () => number,
    );
    const times = interleave(loops, rounds);
    const cells = contenders.slice(1).map(([label], a) => `${ratio(times, 0, a + 1)} ${label}`);
    return `| ${operation} | ${cells.join(', ')} |`;
  };
  const rows = [
    compare('decode 1000 strings, mostly ASCII', mostlyAscii, [
      ['percentDecode', x.percentDecode],
      ['decodeURIComponent', decodeURIComponent],
      ['fast-decode-uri-component', x.fastDecode],
    ]),
    compare('decode 1000 strings, mostly escaped', mostlyEscaped, [
      ['percentDecode', x.percentDecode],
      ['decodeURIComponent', decodeURIComponent],
      ['fast-decode-uri-component', x.fastDecode],
    ]),
    compare('serialize 1000 forms of 8 pairs', forms, [
      ['serializeForm', x.serializeForm],
      ['URLSearchParams', (f) => new URLSearchParams(f).toString()],
    ]),
  ];
  return rows;
}
