// On-demand: run a benchmark under Node 22 and then under this Node (24), one process per runtime,
// so the README can carry the ratios of both supported LTS lines. Never part of `pnpm test`.
//
//   pnpm run bench:node22                              @x/utf8 and @x/legacy-charsets decode (below)
//   pnpm run bench:node22 packages/legacy-charsets/bench/interleaved.ts 9 windows-1252
//                                                      any plain bench script with its arguments
//
// Node 22 comes from the npm `node` package, whose install script fetches the binary:
//   mkdir -p /tmp/node22 && cd /tmp/node22 && echo '{"allowScripts":{"node":true}}' > package.json \
//     && npm i node@22
// (or point X_NODE22 at any Node 22 binary). Node 22 >= 22.18 strips the types of .ts scripts.
//
// Without a script it runs the interleaved benches of @x/utf8 (decode) and @x/legacy-charsets
// (windows-1252 decode) on their published dist/ builds (build first), 9 rounds each.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { argv, env, execPath, exit } from 'node:process';

const root = join(import.meta.dirname, '..');

const node22 = env.X_NODE22 ?? '/tmp/node22/node_modules/.bin/node';
if (!existsSync(node22)) {
  console.error(
    `bench-node22: no Node 22 at ${node22}; install it with\n` +
      `  mkdir -p /tmp/node22 && cd /tmp/node22 && echo '{"allowScripts":{"node":true}}' > package.json && npm i node@22\n` +
      'or set X_NODE22 to a Node 22 binary',
  );
  exit(1);
}
const runs =
  argv.length > 2
    ? [argv.slice(2)]
    : [
        ['packages/utf8/bench/interleaved.ts', '9', 'decode'],
        ['packages/legacy-charsets/bench/interleaved.ts', '9', '^windows-1252 decode'],
      ];
let failed = false;
for (const node of [node22, execPath])
  for (const args of runs) {
    const run = spawnSync(node, args, { stdio: 'inherit', cwd: root });
    if (run.status !== 0) failed = true;
    console.log('');
  }
exit(failed ? 1 : 0);
