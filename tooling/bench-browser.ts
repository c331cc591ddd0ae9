// On-demand benchmark in Chromium: @x/mime-charset's `decode` against the browser's own
// TextDecoder, for every WHATWG encoding, on 1 MiB of representative text. Never part of `pnpm test`.
//
//   pnpm --filter @x/mime-charset... build     (the dist/ builds this measures)
//   pnpm run bench:browser [rounds] [filter]   (at the root; Node >= 22.18 strips the types)
//
// What it measures is what a browser user gets: the package's PORTABLE build, resolved from dist/
// through its `exports` by esbuild with platform `browser` (so the `node` condition is never taken;
// the script fails if the bundle holds a `node:` import or a file of a `dist/node/` build), put in
// one page with the runner below, served on 127.0.0.1 and run in Debian's headless Chromium
// (docs/scripts/ensure-chromium.sh installs it). For each encoding and each text shape it first
// checks that both decoders give the same string, then times them in interleaved rounds (one sample
// of each per round, the order rotating) and prints the median over the rounds of the per-round
// ratio: TextDecoder's time / ours (> 1 means ours is faster).
import { WHATWG_LABELS } from '../packages/mime-charset/src/generated/labels.ts';
import { type PageTiming, withBrowserPage } from './browser-page.ts';

const ROUNDS = Number(process.argv[2] ?? 9);
const FILTER = process.argv[3] ?? '';

/**
 * Every encoding of the WHATWG Encoding Standard §4.2 except `replacement` (it decodes to one
 * U+FFFD), in the standard's order: the names of @x/mime-charset's generated WHATWG label table.
 */
const encodings = WHATWG_LABELS.split(';')
  .map((row) => row.slice(0, row.indexOf(' ')).toLowerCase())
  .filter((e) => e !== 'replacement' && e.includes(FILTER));

// The portable build from dist/, bundled as a browser resolves it (tooling/browser-page.ts).
await withBrowserPage(
  "import { decode, encode } from '@x/mime-charset';\nglobalThis.xcharset = { decode, encode };\n",
  'xcharset',
  async (page, { chromium, files, bytes, dir }) => {
    console.log(
      `Chromium ${chromium}, @x/mime-charset portable dist/ (${files.length} files, ` +
        `${bytes} B bundled, in ${dir}), ${ROUNDS} rounds\n`,
    );
    console.log('| encoding | text | MiB | ours MB/s | TextDecoder MB/s | ours / TextDecoder |');
    console.log('|---|---|---|---|---|---|');
    const ratios: number[] = [];
    for (const encoding of encodings) {
      for (const shape of ['markup', 'prose'] as const) {
        const row = await page.evaluate(pageBench, { encoding, shape, rounds: ROUNDS });
        if ('error' in row) {
          console.log(`| ${encoding} | ${shape} | | | | ${row.error} |`);
          continue;
        }
        ratios.push(row.ratio);
        console.log(
          `| ${encoding} | ${shape} | ${(row.bytes / 2 ** 20).toFixed(2)} | ${row.ours.toFixed(0)} | ` +
            `${row.theirs.toFixed(0)} | ${row.ratio.toFixed(2)}x |`,
        );
      }
    }
    if (ratios.length > 0) {
      const sorted = [...ratios].sort((a, b) => a - b);
      console.log(
        `\nratios: min ${sorted[0]!.toFixed(2)}x, median ${sorted[sorted.length >> 1]!.toFixed(2)}x, ` +
          `max ${sorted[sorted.length - 1]!.toFixed(2)}x; below 0.8x: ${ratios.filter((r) => r < 0.8).length} of ${ratios.length}`,
      );
    }
  },
);

type Row = { bytes: number; ours: number; theirs: number; ratio: number } | { error: string };

/**
 * Runs in the page (serialized by playwright, so self-contained). Builds about 1 MiB of `shape`
 * text in `encoding` from characters the browser's TextDecoder maps (seeded, so every run decodes
 * the same bytes), checks both decoders agree, then times them.
 */
function pageBench(arg: { encoding: string; shape: 'markup' | 'prose'; rounds: number }): Row {
  const { encoding, shape, rounds } = arg;
  const x = (globalThis as unknown as Record<string, unknown>).xcharset as {
    decode: (b: Uint8Array, label: string) => string;
    encode: (t: string, label: string) => Uint8Array;
  };
  let seed = 0x2545f491;
  const random = (n: number): number => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) % n;
  };
  // The characters of the encoding: what the browser decodes its bytes to (letters first).
  const fatal = new TextDecoder(encoding === 'iso-2022-jp' ? 'euc-jp' : encoding, { fatal: true });
  const found = new Set<string>();
  const probe = (bytes: number[]): void => {
    try {
      const s = fatal.decode(new Uint8Array(bytes));
      if ([...s].length === 1 && s.charCodeAt(0) >= 0x80) found.add(s);
    } catch {}
  };
  const multi = ['gbk', 'gb18030', 'big5', 'euc-jp', 'iso-2022-jp', 'shift_jis', 'euc-kr'];
  if (encoding === 'utf-8' || encoding.startsWith('utf-16')) {
    // Latin, Greek, Cyrillic, CJK and a few astral characters.
    for (let c = 0xc0; c < 0x180; c++) found.add(String.fromCharCode(c));
    for (let c = 0x3b1; c < 0x3ca; c++) found.add(String.fromCharCode(c));
    for (let c = 0x430; c < 0x450; c++) found.add(String.fromCharCode(c));
    for (let i = 0; i < 300; i++) found.add(String.fromCharCode(0x4e00 + random(0x5000)));
    for (let c = 0x1f600; c < 0x1f610; c++) found.add(String.fromCodePoint(c));
  } else if (multi.includes(encoding)) {
    const euc = encoding === 'euc-jp' || encoding === 'iso-2022-jp' || encoding === 'euc-kr';
    for (let lead = euc ? 0xa1 : 0x81; lead < 0xff; lead++)
      for (let trail = euc ? 0xa1 : 0x40; trail < 0xff; trail++) probe([lead, trail]);
  } else {
    for (let b = 0x80; b < 0x100; b++) probe([b]);
  }
  // Only what our encoder takes back (Big5's decoder knows HKSCS characters its encoder excludes).
  const encodable = (c: string): boolean => {
    if (encoding.startsWith('utf-16')) return true;
    try {
      x.encode(c, encoding);
      return true;
    } catch {
      return false;
    }
  };
  const all = [...found].filter(encodable);
  const letters = all.filter((c) => /\p{L}/u.test(c));
  const chars = letters.length >= 16 ? letters : all;
  if (chars.length === 0) return { error: 'no characters found' };
  const ascii = 'etaoinshrdlucmfwypvbgk';
  const word = (native: boolean): string => {
    let w = '';
    const n = 2 + random(7);
    for (let i = 0; i < n; i++)
      w += native ? chars[random(chars.length)] : ascii[random(ascii.length)];
    return w;
  };
  const words = (n: number): string => {
    const out: string[] = [];
    for (let i = 0; i < n; i++) out.push(word(random(10) !== 0));
    return out.join(' ');
  };
  let unit = '';
  while (unit.length < 32768) {
    unit +=
      shape === 'markup'
        ? `<li class="item-${random(100)}"><a href="/p/${random(10000)}">${words(2 + random(3))}</a></li>\n`
        : `${words(8 + random(12))}. `;
  }
  const encodeAll = (text: string): Uint8Array => {
    if (!encoding.startsWith('utf-16')) return x.encode(text, encoding);
    const out = new Uint8Array(text.length * 2);
    const hi = encoding === 'utf-16be' ? 0 : 1;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      out[2 * i + hi] = c >> 8;
      out[2 * i + (1 - hi)] = c & 0xff;
    }
    return out;
  };
  let bytes: Uint8Array;
  try {
    const unitBytes = encodeAll(unit).length;
    bytes = encodeAll(unit.repeat(Math.ceil(2 ** 20 / unitBytes)));
  } catch (e) {
    return { error: `encode failed: ${String(e)}` };
  }
  const td = new TextDecoder(encoding);
  const theirsFn = (): string => td.decode(bytes);
  const oursFn = (): string => x.decode(bytes, encoding);
  const a = oursFn();
  const b = theirsFn();
  if (a !== b) {
    let i = 0;
    while (i < a.length && a.charCodeAt(i) === b.charCodeAt(i)) i++;
    return {
      error: `outputs differ at ${i}: ours U+${a.charCodeAt(i).toString(16)}, TextDecoder U+${b.charCodeAt(i).toString(16)}`,
    };
  }
  if (b.includes('\ufffd') && encoding !== 'x-user-defined')
    return { error: 'test text decodes with U+FFFD' };
  const { interleave, median } = (globalThis as unknown as { xbench: PageTiming }).xbench;
  const [oursT, theirsT] = interleave(
    [(): number => oursFn().length, (): number => theirsFn().length],
    rounds,
  ) as [number[], number[]];
  const mbps = (ms: number): number => bytes.length / 1e6 / (ms / 1000);
  return {
    bytes: bytes.length,
    ours: mbps(median(oursT)),
    theirs: mbps(median(theirsT)),
    ratio: median(oursT.map((t, r) => (theirsT[r] as number) / t)),
  };
}
