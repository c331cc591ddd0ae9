// On-demand benchmark in Chromium: `parse` of the portable dist/ build (what a browser user bundles)
// against the browser's own `URL` (Blink's parser), on the inputs of bench/interleaved.ts, with the
// same limit row (one test of a regex that steps over every character). Never part of `pnpm test`.
//
//   pnpm --filter @x/uri build
//   pnpm exec node packages/uri/bench/browser.ts [rounds]   (at the root; Node >= 22.18)
//
// The bundle resolves @x/uri through its `exports` with platform `browser` and must hold no
// `node:` import. In the page, each input is first checked (URL splits scheme, query and fragment
// as we do; the limit regex matches it whole), then the contenders are timed in interleaved rounds
// (one sample of each per round, about 20 ms each, the order rotating; wall time, the only clock a
// page has) and the median over the rounds of the per-round ratio is printed: their time / ours.
import { withBrowserPage } from '../../../tooling/browser-page.ts';

const ROUNDS = Number(process.argv[2] ?? 11);

await withBrowserPage(
  "import { parse } from '@x/uri';\nglobalThis.xuri = { parse };\n",
  'xuri',
  async (page, { chromium }) => {
    console.log(`Chromium ${chromium}, @x/uri portable dist/, ${ROUNDS} rounds`);
    for (const line of await page.evaluate(pageBench, ROUNDS)) console.log(line);
  },
);

/** Runs in the page (serialized by playwright, so self-contained). */
function pageBench(rounds: number): string[] {
  const parse = (
    globalThis as unknown as { xuri: { parse: (s: string) => Record<string, string> } }
  ).xuri.parse;
  const ABSOLUTE = [
    'http://www.example.com/search?q=uri+parser&lang=en&page=2',
    'https://user@api.example.org:8443/v1/items/42?fields=name,price#top',
    'http://[2001:db8::7]/c=GB?objectClass?one',
    'https://[fe80::1:2:3:4]:8080/index.html',
    'mailto:John.Doe@example.com?subject=Hello%20World',
    'urn:oasis:names:specification:docbook:dtd:xml:4.1.2',
    'ftp://ftp.is.co.za/rfc/rfc1808.txt',
    'http://a/b/c/./../../g;x?y#s',
    'https://example.com/%7Efoo/bar%2Fbaz/%E2%82%AC?x=%41',
    'ws://chat.example.net:80/room/7',
  ];
  const longUri = (size: number, escapes: boolean): string => {
    let s = 'https://www.example.com/';
    for (let i = 0; s.length < size * 0.75; i++)
      s += escapes && i % 4 === 1 ? `caf%C3%A9-${i}/` : `segment${i}/`;
    let q = '?';
    for (let i = 0; s.length + q.length < size - 8; i++) q += `k${i}=v${i}&`;
    return `${s}${q}#section`;
  };
  const PRIMITIVE = /^[\w!#$-/:;=?@[\]~]*$/;
  const cases: [string, string[]][] = [['10 absolute URIs', ABSOLUTE]];
  for (const n of [100, 1024, 64 * 1024, 512 * 1024])
    for (const escapes of [false, true])
      cases.push([
        `one URI of ${n < 1024 ? `${n} B` : `${n >> 10} KiB`} ${escapes ? 'with' : 'without'} escapes`,
        [longUri(n, escapes)],
      ]);
  let sink = 0;
  const out: string[] = [];
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
  for (const [name, inputs] of cases) {
    for (const s of inputs) {
      const ours = parse(s);
      const u = new URL(s);
      const q = ours.query ? `?${ours.query}` : '';
      const f = ours.fragment ? `#${ours.fragment}` : '';
      if (u.protocol !== `${ours.scheme}:` || u.search !== q || u.hash !== f)
        throw new Error(`URL splits ${s.slice(0, 60)} otherwise`);
      if (!PRIMITIVE.test(s)) throw new Error(`the limit regex stops in ${s.slice(0, 60)}`);
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
        'limit: one regex test',
        () => {
          for (const s of inputs) if (PRIMITIVE.test(s)) sink++;
        },
      ],
    ];
    const time = (f: () => void, n: number): number => {
      const t = performance.now();
      for (let i = 0; i < n; i++) f();
      return performance.now() - t;
    };
    const iterations = loops.map(([, f]) => {
      time(f, 50);
      let n = 1;
      while (time(f, n) < 20) n *= 2;
      return n;
    });
    const per: number[][] = loops.map(() => []);
    for (let r = 0; r < rounds; r++)
      for (let k = 0; k < loops.length; k++) {
        const j = (k + r) % loops.length;
        per[j]!.push(time(loops[j]![1], iterations[j]!) / iterations[j]!);
      }
    const ratio = (a: number): string => {
      const rs = per[0]!.map((t, r) => per[a]![r]! / t);
      return `${median(rs).toFixed(2)}x (${Math.min(...rs).toFixed(2)}-${Math.max(...rs).toFixed(2)})`;
    };
    const ns = per.map((ts) => ((median(ts) * 1e6) / inputs.length).toFixed(0));
    out.push(
      `parse, ${name}: ns per URI: ours ${ns[0]}, URL ${ns[1]}, limit ${ns[2]}; ours vs URL ${ratio(1)}, vs limit ${ratio(2)}`,
    );
  }
  out.push(`(sink ${sink})`);
  return out;
}
