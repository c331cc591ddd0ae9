// On-demand: run a benchmark under Node 22 and then under this Node (24), one process per runtime,
// so the README can carry the ratios of both supported LTS lines. Never part of `pnpm test`.
//
//   pnpm run bench:node22                              @x/utf8 decode and single-byte decode (below)
//   pnpm run bench:node22 packages/legacy-charsets/bench/interleaved.ts 9 windows-1252
//                                                      any plain bench script with its arguments
//
// Node 22 comes from the npm `node` package, whose install script fetches the binary:
//   mkdir -p /tmp/node22 && cd /tmp/node22 && echo '{"allowScripts":{"node":true}}' > package.json \
//     && npm i node@22
// (or point X_NODE22 at any Node 22 binary). Node 22 >= 22.18 strips the types of .ts scripts.
//
// Without a script it measures the published dist/ builds (ESM, the `node` condition's build as
// Node picks it; build first) of @x/utf8 `decode` against TextDecoder and @exodus/bytes, and of
// @x/legacy-charsets single-byte `decode` against TextDecoder, @exodus/bytes and iconv-lite, on
// 1 MiB and on 10k strings of 24 bytes: each anchor's output is checked against ours first, then
// CPU time in rounds with a rotating order, and the median of the per-round ratio (their time /
// ours: > 1 means ours is faster).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { argv, cpuUsage, env, execPath, exit, version } from 'node:process';
import { loadBuilt } from './bench.ts';

const root = join(import.meta.dirname, '..');

if (argv[2] !== '--child') {
  const node22 = env.X_NODE22 ?? '/tmp/node22/node_modules/.bin/node';
  if (!existsSync(node22)) {
    console.error(
      `bench-node22: no Node 22 at ${node22}; install it with\n` +
        `  mkdir -p /tmp/node22 && cd /tmp/node22 && echo '{"allowScripts":{"node":true}}' > package.json && npm i node@22\n` +
        'or set X_NODE22 to a Node 22 binary',
    );
    exit(1);
  }
  const args =
    argv.length > 2 ? argv.slice(2) : [join(import.meta.dirname, 'bench-node22.ts'), '--child'];
  let failed = false;
  for (const node of [node22, execPath]) {
    const run = spawnSync(node, args, { stdio: 'inherit', cwd: root });
    if (run.status !== 0) failed = true;
    console.log('');
  }
  exit(failed ? 1 : 0);
}

type Decode = (bytes: Uint8Array) => string;
const ROUNDS = Number(argv[3] ?? 9);
const FILTER = argv[4] ?? '';
const utf8 = await loadBuilt<{ decode: Decode }>(join(root, 'packages/utf8'));
const charsets = await loadBuilt<{
  getCodec: (name: string) => { decode: Decode; encode: (s: string) => Uint8Array } | undefined;
}>(join(root, 'packages/legacy-charsets'));
const anchors = createRequire(join(root, 'packages/legacy-charsets/package.json'));
const exodusUtf8 = anchors('@exodus/bytes/utf8.js') as { utf8toStringLoose: Decode };
const exodusSingle = anchors('@exodus/bytes/single-byte.js') as {
  createSinglebyteDecoder: (name: string, loose: boolean) => Decode;
};
const iconv = anchors('iconv-lite') as { decode: (b: Buffer, name: string) => string };

let sink = 0;
/** Microseconds of CPU time of `n` runs of `f` over every input. */
function cpuTime(f: Decode, inputs: readonly Uint8Array[], n: number): number {
  const start = cpuUsage();
  for (let k = 0; k < n; k++) for (let i = 0; i < inputs.length; i++) sink += f(inputs[i]!).length;
  const used = cpuUsage(start);
  return used.user + used.system;
}
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

function compare(operation: string, inputs: readonly Uint8Array[], all: [string, Decode][]): void {
  if (!operation.includes(FILTER)) return;
  for (const [label, f] of all)
    for (const input of inputs.slice(0, 64))
      if (f(input) !== all[0]![1](input))
        throw new Error(`${operation}: ${label} differs from ours`);
  const n = all.map(([, f]) => {
    cpuTime(f, inputs, 2);
    let k = 1;
    while (cpuTime(f, inputs, k) < 10_000) k *= 2;
    return k;
  });
  const times: number[][] = all.map(() => []);
  for (let round = 0; round < ROUNDS; round++)
    for (let k = 0; k < all.length; k++) {
      const j = (k + round) % all.length;
      times[j]!.push(cpuTime(all[j]![1], inputs, n[j]!) / n[j]!);
    }
  const cells = all
    .slice(1)
    .map(
      ([anchor], a) =>
        `${median(times[0]!.map((t, r) => times[a + 1]![r]! / t)).toFixed(2)}x ${anchor}`,
    );
  console.log(`| ${operation} | ${cells.join(', ')} |`);
}

let seed = 42;
const random = (n: number): number => {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  return (seed >>> 8) % n;
};
const cases = [
  ['1 MiB', 1 << 20, 1],
  ['10k × 24 B', 24, 10_000],
] as const;

console.log(
  `Node ${version}, dist/ ESM builds, ${ROUNDS} rounds; ratio = their time / ours, median`,
);
console.log('| operation | ratios |\n|---|---|');
const native = new TextDecoder();
const mixedChars = ['é', 'ß', 'α', 'ж', '中', '文', '€', '😀'];
for (const [label, size, count] of cases) {
  for (const kind of ['ASCII', 'mixed'] as const) {
    const inputs = Array.from({ length: count }, () => {
      let s = '';
      let length = 0;
      while (length < size) {
        const c =
          kind === 'mixed' && random(4) === 0
            ? mixedChars[random(mixedChars.length)]!
            : String.fromCharCode(0x61 + random(26));
        s += c;
        length += Buffer.byteLength(c);
      }
      // Whole characters only (`size` or a few bytes more), so every decoder sees valid UTF-8.
      return new Uint8Array(Buffer.from(s));
    });
    compare(`@x/utf8 decode ${kind} ${label}`, inputs, [
      ['ours', (b) => utf8.esm.decode(b)],
      ['TextDecoder', (b) => native.decode(b)],
      ['@exodus/bytes', (b) => exodusUtf8.utf8toStringLoose(b)],
    ]);
  }
}
for (const name of ['windows-1252', 'iso-8859-7', 'windows-1251', 'koi8-r']) {
  const codec = charsets.esm.getCodec(name)!;
  const mapped: number[] = [];
  for (let b = 0xa0; b < 256; b++)
    if (codec.decode(new Uint8Array([b])) !== '\ufffd') mapped.push(b);
  const td = new TextDecoder(name);
  const ex = exodusSingle.createSinglebyteDecoder(name, true);
  for (const [label, size, count] of cases) {
    const inputs = Array.from({ length: count }, () => {
      const bytes = new Uint8Array(size);
      for (let i = 0; i < size; i++)
        bytes[i] = i % 2 === 0 ? 0x61 + random(26) : mapped[random(mapped.length)]!;
      return bytes;
    });
    compare(`${name} decode ${label}`, inputs, [
      ['ours', (b) => codec.decode(b)],
      ['TextDecoder', (b) => td.decode(b)],
      ['@exodus/bytes', (b) => ex(b)],
      ['iconv-lite', (b) => iconv.decode(Buffer.from(b.buffer, b.byteOffset, b.byteLength), name)],
    ]);
  }
}
if (sink < 0) console.log(sink);
