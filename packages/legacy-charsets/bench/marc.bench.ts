// MARC-8 (issue 11): decode and encode a synthetic batch of field values mixing ASCII, ANSEL
// diacritics and Cyrillic, one call per field, against the package's own windows-1252 codec on
// fields of the same byte counts (there is no JavaScript MARC-8 anchor). `pnpm run bench`.
import { test } from 'vitest';
import { join } from 'node:path';
import type * as Charsets from '../src/index';
import { loadBuilt } from '../../../tooling/bench.ts';

// What users run: the published dist/ files (the node build, as Node picks it).
const { getCodec } = (await loadBuilt<typeof Charsets>(join(import.meta.dirname, '..'))).esm;
const opts = { time: 400, warmupTime: 100 };
const marc8 = getCodec('marc-8')!;
const cp1252 = getCodec('windows-1252')!;

const WORDS = [
  'History',
  'of',
  'the',
  'Smith, John,',
  '1842-1910.',
  'Catalogue',
  'Société',
  'française',
  'Müller',
  'Dvořák',
  'Łódź',
  'São Paulo',
  'España',
  'Tolstoĭ, Lev,',
  'Война',
  'и',
  'мир',
  'Москва',
  'издательство',
];
const LATIN1 = 'abcdefghijklmnopqrstuvwxyz àéèüöäçñ ÀÉÜÖ ßø€';

/** Deterministic field values of 20-120 characters, about 256 KiB once encoded. */
function corpus(): {
  fields: Uint8Array[];
  texts: string[];
  baseline: Uint8Array[];
  baselineTexts: string[];
} {
  let seed = 11;
  const next = (n: number): number => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed >>> 8) % n; // the high bits (the generator's low bits have short periods)
  };
  const fields: Uint8Array[] = [];
  const texts: string[] = [];
  const baseline: Uint8Array[] = [];
  const baselineTexts: string[] = [];
  let size = 0;
  while (size < 1 << 18) {
    const words: string[] = [];
    const length = 20 + next(100);
    while (words.join(' ').length < length) words.push(WORDS[next(WORDS.length)]!);
    const text = words.join(' ');
    const bytes = marc8.encode(text);
    texts.push(text);
    fields.push(bytes);
    // The baseline: windows-1252 text of the same byte count.
    let latin = '';
    for (let i = 0; i < bytes.length; i++) latin += LATIN1[next(LATIN1.length)];
    baselineTexts.push(latin);
    baseline.push(cp1252.encode(latin));
    size += bytes.length;
  }
  return { fields, texts, baseline, baselineTexts };
}

const { fields, texts, baseline, baselineTexts } = corpus();

test('marc-8 decode 256 KiB of fields', async ({ bench }) => {
  await bench.compare(
    bench('marc-8', () => {
      for (const f of fields) marc8.decode(f);
    }),
    bench('windows-1252 (same byte counts)', () => {
      for (const f of baseline) cp1252.decode(f);
    }),
    opts,
  );
});

test('marc-8 encode 256 KiB of fields', async ({ bench }) => {
  await bench.compare(
    bench('marc-8', () => {
      for (const t of texts) marc8.encode(t);
    }),
    bench('windows-1252 (same byte counts)', () => {
      for (const t of baselineTexts) cp1252.encode(t);
    }),
    opts,
  );
});
