// Accuracy (not speed) of @x/mime-charset/detect (the built ESM files) on real labelled texts: the
// test files of uchardet 0.0.7 (https://www.freedesktop.org/wiki/Software/uchardet/, its test/
// directory: one Wikipedia-like paragraph per language and encoding, 121 files), measured but not
// shipped (their license is uchardet's). Point UCHARDET_TESTS at that directory, build, then
// `pnpm --filter @x/mime-charset exec vitest bench --run bench/detect-real-text.bench.ts`.
// Each file is detected whole, cut to its first 1,000 bytes and to its first 200; an answer is
// right when it decodes those bytes as the file's own encoding does (a character cut at the end
// aside). Encodings the detector does not name (IBM852, ISO-8859-3/4/10/16, mac-centraleurope,
// VISCII, EUC-TW) are counted apart, with the confidence of the (wrong) answers.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'vitest';
import { loadBuilt } from '../../../tooling/bench.ts';
import type * as Detect from '../src/detect';
import type * as Main from '../src/index';

const dir = join(import.meta.dirname, '..');
const ours = (await loadBuilt<typeof Detect>(dir, './detect')).esm;
const main = (await loadBuilt<typeof Main>(dir, '.')).esm;

// uchardet's file names to labels.
const LABEL: Record<string, string> = {
  'mac-centraleurope': 'x-mac-centraleurroman',
  'mac-cyrillic': 'x-mac-cyrillic',
  uhc: 'cp949',
  'uhc.smi': 'cp949',
  ascii: 'us-ascii',
  'utf-16.be': 'utf-16be',
  'utf-16.le': 'utf-16le',
  'utf-32.be': 'utf-32be',
  'utf-32.le': 'utf-32le',
};
const UNCLAIMED = new Set([
  'ibm852',
  'iso-8859-3',
  'iso-8859-4',
  'iso-8859-10',
  'iso-8859-16',
  'mac-centraleurope',
  'viscii',
  'euc-tw',
]);

function read(bytes: Uint8Array, label: string): string | null {
  try {
    return main
      .decode(bytes, label, { mode: 'iana' })
      .replace(/^\ufeff/, '')
      .replace(/\ufffd+$/, '');
  } catch {
    return null; // a label the package cannot decode: never right
  }
}

test('accuracy on uchardet 0.0.7 test texts', () => {
  const root = process.env.UCHARDET_TESTS;
  if (root === undefined || !existsSync(root)) {
    console.log('UCHARDET_TESTS is not set to uchardet 0.0.7 test/ directory: nothing measured');
    return;
  }
  const tally = new Map<string, [number, number]>();
  const misses: string[] = [];
  for (const lang of readdirSync(root).filter((d) => /^[a-z]{2}$/.test(d)))
    for (const file of readdirSync(join(root, lang))) {
      const charset = file.replace(/\.txt$/, '');
      const label = LABEL[charset] ?? charset;
      const whole = new Uint8Array(readFileSync(join(root, lang, file)));
      for (const [cut, n] of [
        ['whole', whole.length],
        ['1000 B', 1000],
        ['200 B', 200],
      ] as const) {
        const bytes = whole.subarray(0, n);
        const best = ours.detectCharset(bytes)[0]!;
        const truth = read(bytes, label);
        const right = truth !== null && read(bytes, best.encoding) === truth;
        const key = `${UNCLAIMED.has(charset) ? 'unclaimed' : 'claimed'} ${cut}`;
        const [r, t] = tally.get(key) ?? [0, 0];
        tally.set(key, [r + (right ? 1 : 0), t + 1]);
        if (!right)
          misses.push(`${cut} ${lang}/${charset}: ${best.encoding} ${best.confidence.toFixed(3)}`);
      }
    }
  for (const [key, [r, t]] of tally)
    console.log(`${key}: ${r}/${t} (${((100 * r) / t).toFixed(1)}%)`);
  console.log(`misses (answer, confidence):\n${misses.join('\n')}`);
});
