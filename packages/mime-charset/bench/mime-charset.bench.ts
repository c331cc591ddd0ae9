import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { labelToName as exodusLabelToName } from '@exodus/bytes/encoding-lite.js';
import * as contentType from 'content-type';
import libmime from 'libmime';
import { type Bench, test } from 'vitest';
import { labelToName as whatwgLabelToName } from 'whatwg-encoding';
import { MIMEType } from 'whatwg-mimetype';
import type * as MimeCharset from '../src/index';
import { loadBundled } from '../../../tooling/bench.ts';

const here = import.meta.dirname;
const ours = loadBundled<typeof MimeCharset>(here);

/** Every implementation runs the same set; one that throws on an input pays for it. */
function each(inputs: readonly string[], run: (input: string) => unknown): () => void {
  return () => {
    for (const input of inputs) {
      try {
        run(input);
      } catch {}
    }
  };
}

// Labels as they arrive in headers and meta tags: mostly canonical, some cased or padded, some unknown.
// biome-ignore format: one label a column
const LABELS = [
  'utf-8', 'UTF-8', 'utf8', 'iso-8859-1', 'ISO-8859-1', ' latin1 ', 'windows-1252', 'Windows-1251',
  'shift_jis', 'Shift_JIS', 'x-sjis', 'euc-jp', 'gb2312', 'GBK', 'big5', 'ks_c_5601-1987', 'koi8-r',
  'us-ascii', 'utf-16le', 'iso-2022-jp', 'bogus', 'x-unknown-charset',
];

type Run = () => void;

/**
 * Runs ours against the anchors, five rounds of one comparison each (the machine is shared: load
 * drifts between rounds, so a ratio is only taken between measurements of the same round), and
 * prints the median over the rounds of the ratio of medians.
 */
async function compare(
  name: string,
  bench: Bench,
  ours: [string, Run],
  anchors: [string, Run][],
): Promise<void> {
  const ratios = new Map<string, number[]>(anchors.map(([n]) => [n, []]));
  for (let round = 0; round < 5; round++) {
    const results = await bench.compare(
      bench(ours[0], ours[1]),
      ...anchors.map(([n, run]) => bench(n, run)),
      { time: 200, warmupTime: 50 },
    );
    const mine = results.get(ours[0]).latency.p50;
    for (const [n] of anchors) ratios.get(n)!.push(results.get(n).latency.p50 / mine);
  }
  const median = (xs: number[]): number =>
    [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const report = anchors.map(([n]) => `${n} ${median(ratios.get(n)!).toFixed(2)}x`);
  console.log(
    `${name}: ${ours[0]} vs ${report.join(', ')} (median over 5 rounds of the ratio of medians; > 1 means ours is faster)`,
  );
}

test('label lookup (22 labels)', async ({ bench }) => {
  await compare(
    'label lookup',
    bench,
    ['@x/mime-charset labelToEncoding', each(LABELS, ours.labelToEncoding)],
    [
      ['whatwg-encoding labelToName', each(LABELS, whatwgLabelToName)],
      ['@exodus/bytes labelToName', each(LABELS, exodusLabelToName)],
    ],
  );
});

const CONTENT_TYPES = (
  JSON.parse(readFileSync(join(here, '../test/vectors/content-type-charset.json'), 'utf8')) as {
    cases: { input: string }[];
  }
).cases.map((c) => c.input);

test('parseContentType (the 20 content-type-charset vectors)', async ({ bench }) => {
  await compare(
    'parseContentType',
    bench,
    ['@x/mime-charset parseContentType', each(CONTENT_TYPES, ours.parseContentType)],
    [
      ['content-type parse', each(CONTENT_TYPES, contentType.parse)],
      ['whatwg-mimetype MIMEType.parse', each(CONTENT_TYPES, MIMEType.parse)],
    ],
  );
});

// What most callers do with the result: read the charset (the anchors' own way to the same value).
test('parseContentType, then read the charset parameter', async ({ bench }) => {
  await compare(
    'parseContentType + charset',
    bench,
    [
      '@x/mime-charset parseContentType',
      each(CONTENT_TYPES, (h) => ours.parseContentType(h)?.parameters.get('charset')),
    ],
    [
      ['content-type parse', each(CONTENT_TYPES, (h) => contentType.parse(h).parameters.charset)],
      [
        'whatwg-mimetype MIMEType.parse',
        each(CONTENT_TYPES, (h) => MIMEType.parse(h)?.parameters.get('charset')),
      ],
    ],
  );
});

const HEADERS = [
  ...(
    JSON.parse(readFileSync(join(here, '../test/vectors/rfc2047.json'), 'utf8')) as {
      cases: { input: string; strictOnly?: boolean }[];
    }
  ).cases
    .filter((c) => !c.strictOnly)
    .map((c) => c.input),
  '=?UTF-8?B?8J+YgCBTdWJqZWN0IHdpdGggZW1vamk=?=',
  '=?UTF-8?Q?Gr=C3=BC=C3=9Fe_aus_M=C3=BCnchen?= <user@example.com>',
  'Plain ASCII subject without any encoded word',
];

test('RFC 2047 decode (RFC 2047 §8 examples and three common headers)', async ({ bench }) => {
  for (const charset of ['ISO-8859-1', 'ISO-8859-2', 'ISO-8859-8', 'US-ASCII']) {
    await ours.loadCodec(charset, { mode: 'iana' });
  }
  await compare(
    'RFC 2047 decode',
    bench,
    ['@x/mime-charset decodeEncodedWords', each(HEADERS, (h) => ours.decodeEncodedWords(h).text)],
    [['libmime decodeWords', each(HEADERS, (h) => libmime.decodeWords(h))]],
  );
});
