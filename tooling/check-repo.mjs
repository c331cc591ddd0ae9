#!/usr/bin/env node
// Repository invariants, checked first by `pnpm test`:
//  - .ci/run runs exactly the test command README.md gives a new user;
//  - every package depends only on the siblings the dependency table allows, as `workspace:^`
//    (published as a caret range, so that independently versioned packages share one copy),
//    and on nothing outside the workspace at run time;
//  - the publishing fields of every package.json are as tooling/package-fields.mjs derives them,
//    and every package that embeds data ships its THIRD_PARTY_NOTICES.md (tooling/notices.mjs).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { syncPackageFields } from './package-fields.mjs';

const root = join(import.meta.dirname, '..');
const problems = [];

const readme = readFileSync(join(root, 'README.md'), 'utf8');
const ci = readFileSync(join(root, '.ci/run'), 'utf8');
const commands = [...readme.matchAll(/```sh\n([^\n]+)\n```/g)].map((m) => m[1]);
const testCommand = commands.find((c) => / test$/.test(c));
if (!testCommand)
  problems.push('README.md gives no test command (a ```sh block ending in " test")');
else if (!ci.split('\n').includes(testCommand))
  problems.push(`.ci/run does not run README's test command: ${testCommand}`);
if (!commands.some((c) => / run build$/.test(c))) problems.push('README.md gives no build command');

const allowed = {
  utf8: [],
  'legacy-charsets': [],
  percent: ['utf8'],
  uri: ['percent', 'utf8'],
  resolve: ['uri'],
  urn: ['uri', 'percent'],
  'mime-charset': ['utf8', 'legacy-charsets'],
};
for (const name of readdirSync(join(root, 'packages'))) {
  const pkg = JSON.parse(readFileSync(join(root, 'packages', name, 'package.json'), 'utf8'));
  if (!(name in allowed)) {
    problems.push(`packages/${name} is not in the dependency table`);
    continue;
  }
  for (const [dep, range] of Object.entries(pkg.dependencies ?? {})) {
    const sibling = dep.startsWith('@x/') ? dep.slice(3) : undefined;
    if (!sibling) problems.push(`${pkg.name}: runtime dependency outside the workspace: ${dep}`);
    else if (!allowed[name].includes(sibling))
      problems.push(`${pkg.name}: edge to ${dep} is not allowed`);
    else if (range !== 'workspace:^') problems.push(`${pkg.name}: ${dep} should be workspace:^`);
  }
  for (const dep of Object.keys(pkg.peerDependencies ?? {}))
    problems.push(`${pkg.name}: peer dependency ${dep}`);
}

problems.push(...syncPackageFields({ write: false }));
try {
  execFileSync(process.execPath, [join(root, 'tooling/notices.mjs'), '--check'], { stdio: 'pipe' });
} catch (error) {
  problems.push(String(error.stderr).trim());
}

if (problems.length > 0) {
  for (const p of problems) console.error(`check-repo: ${p}`);
  process.exit(1);
}
console.log(
  'check-repo: README and .ci/run agree; dependency edges as the table allows; package fields and notices up to date',
);
