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
  // the floor of bench/interleaved.ts (the same function: the page cannot import it)
  const FLOOR_CLASS = /[!#-;=?-Z_a-z~]*/y;
  const FLOOR_PRINTABLE = /[!-~]*/y;
  const isHex = (c: number): boolean => (c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 102);
  const floor = (x: string): Record<string, string | undefined> | null => {
    const n = x.length;
    const re = n < 320 ? FLOOR_CLASS : FLOOR_PRINTABLE;
    re.lastIndex = 0;
    re.test(x);
    if (re.lastIndex !== n) return null;
    if (n >= 320) for (const c of '"<>[\\]^`{|}') if (x.indexOf(c) >= 0) return null;
    for (let i = x.indexOf('%'); i >= 0; i = x.indexOf('%', i + 3))
      if (!isHex(x.charCodeAt(i + 1)) || !isHex(x.charCodeAt(i + 2))) return null;
    const se = x.indexOf(':');
    const he = x.indexOf('/', se + 3);
    const q = x.indexOf('?', he);
    const f = x.indexOf('#', q);
    return {
      scheme: x.slice(0, se),
      userinfo: undefined,
      host: x.slice(se + 3, he),
      port: undefined,
      path: x.slice(he, q),
      query: x.slice(q + 1, f),
      fragment: x.slice(f + 1),
    };
  };
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
    // b's time over a's: > 1 where a is faster
    const ratio = (a: number, b: number): string => {
      const rs = per[a]!.map((t, r) => per[b]![r]! / t);
      return `${median(rs).toFixed(2)}x (${Math.min(...rs).toFixed(2)}-${Math.max(...rs).toFixed(2)})`;
    };
    const ns = per.map((ts) => ((median(ts) * 1e6) / inputs.length).toFixed(0));
    out.push(
      `parse, ${name}: ns per URI: ours ${ns[0]}, URL ${ns[1]}, skip ${ns[2]}${hasFloor ? `, floor ${ns[3]}` : ''}; ours vs URL ${ratio(0, 1)}, skip vs URL ${ratio(2, 1)}${hasFloor ? `, floor vs URL ${ratio(3, 1)}, ours vs floor ${ratio(0, 3)}` : ''}`,
    );
  }
  out.push(`(sink ${sink})`);
  return out;
}
