// On-demand benchmark in Chromium: `parse` of the portable dist/ build (what a browser user bundles)
// against the browser's own `URL` (Blink's parser), on the inputs of bench/interleaved.ts, with the
// same rows of the skip alone (one test of a regex that steps over every character) and of the
// floor (see bench/interleaved.ts). Never part of `pnpm test`.
//
//   pnpm --filter @x/uri build
//   pnpm exec node packages/uri/bench/browser.ts [rounds]   (at the root; Node >= 22.18)
//
// The bundle resolves @x/uri through its `exports` with platform `browser` and must hold no
// `node:` import. In the page, each input is first checked (URL splits scheme, query and fragment
// as we do; the skip matches it whole; the floor gives our components, else it is left out), then the contenders are timed in interleaved rounds
// (one sample of each per round, about 20 ms each, the order rotating; wall time, the only clock a
// page has) and the median over the rounds of the per-round ratio is printed: their time / ours.
import { type PageTiming, withBrowserPage } from '../../../tooling/browser-page.ts';
import { ABSOLUTE, longUri, makeFloor, PRIMITIVE_SOURCE } from './corpus.ts';

const ROUNDS = Number(process.argv[2] ?? 11);

await withBrowserPage(
  "import { parse } from '@x/uri';\nglobalThis.xuri = { parse };\n",
  'xuri',
  async (page, { chromium }) => {
    console.log(`Chromium ${chromium}, @x/uri portable dist/, ${ROUNDS} rounds`);
    const shared = {
      absolute: ABSOLUTE,
      longUri: longUri.toString(),
      makeFloor: makeFloor.toString(),
      primitive: PRIMITIVE_SOURCE,
    };
    for (const line of await page.evaluate(pageBench, { rounds: ROUNDS, shared }))
      console.log(line);
  },
);

/**
 * Runs in the page (serialized by playwright, so self-contained): the corpus and the floor of
 * ./corpus.ts come in as data and as source text.
 */
function pageBench({
  rounds,
  shared,
}: {
  rounds: number;
  shared: { absolute: string[]; longUri: string; makeFloor: string; primitive: string };
}): string[] {
  const parse = (
    globalThis as unknown as { xuri: { parse: (s: string) => Record<string, string> } }
  ).xuri.parse;
  const ABSOLUTE = shared.absolute;
  const longUri = new Function(`return ${shared.longUri}`)() as (n: number, e: boolean) => string;
  const floor = (new Function(`return ${shared.makeFloor}`)() as () => (x: string) => unknown)();
  const PRIMITIVE = new RegExp(shared.primitive);
  const cases: [string, string[]][] = [['10 absolute URIs', ABSOLUTE]];
  for (const n of [100, 1024, 64 * 1024, 512 * 1024])
    for (const escapes of [false, true])
      cases.push([
        `one URI of ${n < 1024 ? `${n} B` : `${n >> 10} KiB`} ${escapes ? 'with' : 'without'} escapes`,
        [longUri(n, escapes)],
      ]);
  let sink = 0;
  const out: string[] = [];
  const { interleave, median, ratio } = (globalThis as unknown as { xbench: PageTiming }).xbench;
  for (const [name, inputs] of cases) {
    for (const s of inputs) {
      const ours = parse(s);
      const u = new URL(s);
      const q = ours.query ? `?${ours.query}` : '';
      const f = ours.fragment ? `#${ours.fragment}` : '';
      if (u.protocol !== `${ours.scheme}:` || u.search !== q || u.hash !== f)
        throw new Error(`URL splits ${s.slice(0, 60)} otherwise`);
      if (!PRIMITIVE.test(s)) throw new Error(`the skip stops in ${s.slice(0, 60)}`);
    }
    const loops: [string, () => void][] = [
      [
        '@x/uri parse',
        () => {
          for (const s of inputs) if (parse(s) != null) sink++;
        },
      ],
      [
        'URL',
        () => {
          for (const s of inputs) if (new URL(s) != null) sink++;
        },
      ],
      [
        'the skip alone',
        () => {
          for (const s of inputs) if (PRIMITIVE.test(s)) sink++;
        },
      ],
    ];
    const hasFloor = inputs.every((s) => JSON.stringify(floor(s)) === JSON.stringify(parse(s)));
    if (hasFloor)
      loops.push([
        'the floor',
        () => {
          for (const s of inputs) if (floor(s) != null) sink++;
        },
      ]);
    const per = interleave(
      loops.map(([, f]) => f),
      rounds,
    );
    const ns = per.map((ts) => ((median(ts) * 1e6) / inputs.length).toFixed(0));
    out.push(
      `parse, ${name}: ns per URI: ours ${ns[0]}, URL ${ns[1]}, skip ${ns[2]}${hasFloor ? `, floor ${ns[3]}` : ''}; ours vs URL ${ratio(per, 0, 1)}, skip vs URL ${ratio(per, 2, 1)}${hasFloor ? `, floor vs URL ${ratio(per, 3, 1)}, ours vs floor ${ratio(per, 0, 3)}` : ''}`,
    );
  }
  out.push(`(sink ${sink})`);
  return out;
}
