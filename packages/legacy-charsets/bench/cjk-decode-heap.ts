// The CJK decoders on 1 MiB of the corpus's text (bench/cjk-corpus.ts), ours (the subpaths' node
// build, ES module and CommonJS) beside @exodus/bytes and TextDecoder, interleaved in one process,
// CPU time a call (median of 11 rounds). With `held`, the process first keeps the 1 MiB texts and
// bytes of four other encodings (about 12 MiB), as bench/interleaved.ts keeps them before its euc-kr
// rows: what that state does to each contender.
//   pnpm --filter @x/legacy-charsets build
//   node bench/cjk-decode-heap.ts [encodings=euc-kr] [kind=HTML-like] [held]   (Node 22: pnpm run bench:node22 <this file> ...)
import { createMultibyteDecoder } from '@exodus/bytes/multi-byte.js';
import { version } from 'node:process';
import { interleave, loadBuilt, loopOver, median, sinkTotal } from '../../../tooling/bench.ts';
import type { Codec } from '../src/codec';
import { htmlLike } from './cjk-corpus.ts';

const pkgDir = new URL('..', import.meta.url).pathname;
const names = (process.argv[2] ?? 'euc-kr').split(',');
const kind = (process.argv[3] ?? 'HTML-like') as 'HTML-like' | 'two-byte' | 'ASCII';
const held: unknown[] = [];
if (process.argv[4] === 'held') {
  for (const name of ['shift_jis', 'euc-jp', 'gbk', 'gb18030']) {
    const { codec } = (await loadBuilt<{ codec: Codec }>(pkgDir, `./${name}`)).esm;
    for (const k of ['HTML-like', 'two-byte', 'ASCII'] as const) {
      const text = htmlLike(codec, k);
      held.push(text, codec.encode(text));
    }
  }
}
const loops: (() => void)[] = [];
const labels: string[] = [];
for (const name of names) {
  const sub = await loadBuilt<{ codec: Codec }>(pkgDir, `./${name}`);
  const [esm, cjs] = [sub.esm.codec, sub.cjs.codec];
  const bytes = Buffer.from(esm.encode(htmlLike(esm, kind)));
  const ex = createMultibyteDecoder(name, true);
  const native = new TextDecoder(name);
  if (esm.decode(bytes) !== ex(bytes) || cjs.decode(bytes) !== ex(bytes))
    throw new Error(`${name}: @exodus/bytes differs`);
  loops.push(
    loopOver([bytes], (b) => esm.decode(b)),
    loopOver([bytes], (b) => cjs.decode(b)),
    loopOver([bytes], ex),
    loopOver([bytes], (b) => native.decode(b)),
  );
  labels.push(
    `${name} ours (ESM)`,
    `${name} ours (CJS)`,
    `${name} @exodus/bytes`,
    `${name} TextDecoder`,
  );
}
const times = interleave(loops, 11);
console.log(`Node ${version}, ${kind}, ${held.length ? 'other encodings held' : 'nothing held'}`);
for (let i = 0; i < loops.length; i++)
  console.log(`${labels[i]}: ${(median(times[i]!) / 1000).toFixed(2)} ms`);
if (sinkTotal() < 0) console.log(sinkTotal());
