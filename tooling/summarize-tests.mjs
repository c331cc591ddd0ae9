#!/usr/bin/env node
// Adds up the vitest JSON results every package writes to .vitest/results.json and prints one
// closing line, `tests: N passed, N failed`, so a reader (or CI) sees the whole suite's count.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const dirs = [
  ...readdirSync(join(root, 'packages')).map((p) => join(root, 'packages', p)),
  join(root, 'docs'),
];
let passed = 0;
let failed = 0;
let skipped = 0;
for (const dir of dirs) {
  const file = join(dir, '.vitest', 'results.json');
  if (!existsSync(file)) continue;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests ?? 0;
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
}
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
if (failed > 0 || passed === 0) process.exit(1);
