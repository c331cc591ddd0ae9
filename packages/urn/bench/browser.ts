// On-demand benchmark in Chromium: `parseUrn` and `urnEquals` of the portable dist/ build (what a
// browser user bundles) against urns and urn-lib, on the URNs and pairs of bench/interleaved.ts.
// Never part of `pnpm test`.
//
//   pnpm --filter @x/urn build
//   pnpm exec node packages/urn/bench/browser.ts [rounds]   (at the root; Node >= 22.18)
//
// The bundle resolves @x/urn through its `exports` with platform `browser` and must hold no `node:`
// import (tooling/browser-page.ts). In the page, every anchor's answer on every input is first
// checked against ours (components, or the boolean of equivalence; a difference stops the run),
// then the contenders are timed in interleaved rounds (one sample of each per round, about 20 ms
// each, the order rotating; wall time, the only clock a page has) and the median over the rounds
// of the per-round ratio is printed: their time / ours (> 1 means ours is faster), with the range.
import { createRequire } from 'node:module';
import { type PageTiming, withBrowserPage } from '../../../tooling/browser-page.ts';
import { PAIRS, readEveryChar, URNS } from './corpus.ts';

const ROUNDS = Number(process.argv[2] ?? 11);
const require = createRequire(import.meta.url);

await withBrowserPage(
  "import { parseUrn, urnEquals } from '@x/urn';\n" +
    `import { parseURN } from ${JSON.stringify(require.resolve('urns'))};\n` +
    `import { equivalent } from ${JSON.stringify(require.resolve('urns/lib/equivalent'))};\n` +
    `import { RFC2141 } from ${JSON.stringify(require.resolve('urn-lib'))};\n` +
    'globalThis.xurn = { parseUrn, urnEquals, parseURN, equivalent, RFC2141 };\n',
  'xurn',
  async (page, { chromium, files }) => {
    console.log(
      `Chromium ${chromium}, @x/urn portable dist/ (${files.join(', ')}), ${ROUNDS} rounds`,
    );
    for (const line of await page.evaluate(pageBench, {
      urns: URNS,
      pairs: PAIRS,
      readEveryChar: readEveryChar.toString(),
      rounds: ROUNDS,
    }))
      console.log(line);
  },
);

/** Runs in the page (serialized by playwright, so self-contained). */
function pageBench(arg: {
  urns: string[];
  pairs: [string, string][];
  readEveryChar: string;
  rounds: number;
}): string[] {
  const { urns, pairs, rounds } = arg;
  type Parts = Record<string, string | null | undefined>;
  const x = (globalThis as unknown as Record<string, unknown>).xurn as {
    parseUrn(s: string): Parts;
    urnEquals(a: string, b: string): boolean;
    parseURN(s: string): Parts;
    equivalent(a: string, b: string): boolean;
    RFC2141: { parse(s: string): Parts | null; validate(p: object): unknown };
  };
  const readEveryChar = new Function(`return ${arg.readEveryChar}`)() as (s: string) => number;
  const urnLibEquals = (a: string, b: string): boolean => {
    const p = x.RFC2141.parse(a);
    const q = x.RFC2141.parse(b);
    return (
      !!p && !!q && String(p.nid).toLowerCase() === String(q.nid).toLowerCase() && p.nss === q.nss
    );
  };
  const key = (...v: (string | null | undefined)[]): string =>
    JSON.stringify(v.map((s) => s ?? null));
  for (const s of urns) {
    const o = x.parseUrn(s);
    const u = x.parseURN(s);
    if (
      key(o.nid, o.nss, o.rComponent, o.qComponent, o.fComponent) !==
      key(u.nid, u.nss, u.rcomponent, u.qcomponent, u.fragment)
    )
      throw new Error(`urns parseURN splits ${s} otherwise`);
    const l = x.RFC2141.parse(s);
    if (
      l === null ||
      l.nid !== o.nid ||
      `${l.nid}:${l.nss}` !== s.slice(4) ||
      x.RFC2141.validate(l) !== null
    )
      throw new Error(`urn-lib splits or validates ${s} otherwise`);
  }
  for (const [a, b] of pairs)
    if (x.equivalent(a, b) !== x.urnEquals(a, b) || urnLibEquals(a, b) !== x.urnEquals(a, b))
      throw new Error(`an anchor differs on ${a}, ${b}`);
  let sink = 0;
  const over =
    <T>(inputs: T[], f: (v: T) => unknown) =>
    (): void => {
      for (let i = 0; i < inputs.length; i++) if (f(inputs[i]!) != null) sink++;
    };
  const tasks: [string, number, [string, () => void][]][] = [
    [
      'parse (10 URNs)',
      urns.length,
      [
        ['@x/urn parseUrn', over(urns, x.parseUrn)],
        ['urns parseURN', over(urns, x.parseURN)],
        [
          'urn-lib parse + validate',
          over(urns, (s) => x.RFC2141.validate(x.RFC2141.parse(s) ?? {})),
        ],
        ['urn-lib parse alone', over(urns, (s) => x.RFC2141.parse(s))],
        ['read every char', over(urns, readEveryChar)],
      ],
    ],
    [
      'equivalence (10 pairs)',
      pairs.length,
      [
        ['@x/urn urnEquals', over(pairs, ([a, b]) => x.urnEquals(a, b))],
        ['urns equivalent', over(pairs, ([a, b]) => x.equivalent(a, b))],
        ['urn-lib parse + compare', over(pairs, ([a, b]) => urnLibEquals(a, b))],
      ],
    ],
  ];
  const { interleave, median, ratio } = (globalThis as unknown as { xbench: PageTiming }).xbench;
  const out: string[] = [];
  for (const [name, count, fns] of tasks) {
    const per = interleave(
      fns.map(([, f]) => f),
      rounds,
    );
    const ns = per.map((ts) => ((median(ts) * 1e6) / count).toFixed(0));
    const ratios = fns.slice(1).map(([n], a) => `vs ${n} ${ratio(per, 0, a + 1)}`);
    out.push(
      `${name}: ns per input ${fns.map(([n], k) => `${n} ${ns[k]}`).join(', ')}; ${fns[0]![0]} ${ratios.join(', ')}`,
    );
  }
  out.push(`(sink ${sink})`);
  return out;
}
