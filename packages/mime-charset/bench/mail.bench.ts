// `pnpm run bench` (vitest bench): the mail functions against the anchors on 1 MiB bodies and on a
// set of headers. Our code is bundled from src/ and loaded by Node as the anchors are
// (tooling/bench.ts). Each comparison interleaves the contenders over many rounds, one sample each
// per round in a rotating order, in CPU time of the process (the machine is shared: wall time
// swings), and prints the median over the rounds of the per-round ratio (> 1: ours is faster).
import { cpuUsage } from 'node:process';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import * as libbase64 from 'libbase64';
import libmime from 'libmime';
import * as libqp from 'libqp';
import { test } from 'vitest';
import { loadBundled } from '../../../tooling/bench.ts';
import type * as MimeCharset from '../src/index';
import { longHeaders } from './inputs.ts';

const ours = loadBundled<typeof MimeCharset>(import.meta.dirname);

// 1 MiB of mail text: prose with accented letters, Cyrillic, CJK and long lines, as UTF-8.
const PROSE =
  'Le café où nous étions — très agréable — ferme à 22 h. Grüße aus München! Привет, мир. 日本語のテキスト。 ';
const text = PROSE.repeat(Math.ceil((1 << 20) / new TextEncoder().encode(PROSE).length));
const TEXT_BYTES = new TextEncoder().encode(text).subarray(0, 1 << 20);
const RANDOM = Uint8Array.from({ length: 1 << 20 }, (_, i) => (i * 2654435761) >>> 24);
const QP = libqp.wrap(libqp.encode(Buffer.from(TEXT_BYTES)), 76);
const B64 = ours.encodeBase64(RANDOM);
const B64_FLAT = Buffer.from(RANDOM).toString('base64');
const BINARY_STRING = Buffer.from(RANDOM).toString('latin1');

// Headers as mail clients write them: UTF-8 Q and B, ISO-8859-1, Shift_JIS and ISO-2022-JP
// subjects over several words, plain text around.
const HEADERS: string[] = [];
for (let i = 0; i < 200; i++) {
  const subject = `Re: Rapport n°${i} — café, Grüße, 日本語の件名 ${i}`;
  HEADERS.push(
    libmime.encodeWords(subject, 'Q', 52),
    libmime.encodeWords(subject, 'B', 52),
    `=?ISO-8859-1?Q?Andr=E9_${i}?= Pirard <a@example.org>`,
    ours.encodeEncodedWords(`日本語の件名 ${i}`, { charset: 'Shift_JIS' }),
    ours.encodeEncodedWords(`お知らせ ${i} 日本語の件名です`, { charset: 'ISO-2022-JP' }),
  );
}

let sink = 0;
function cpu(run: () => unknown, times: number): number {
  const start = cpuUsage();
  for (let i = 0; i < times; i++) if (run() != null) sink++;
  const used = cpuUsage(start);
  return used.user + used.system;
}

/** Median over `rounds` of the per-round ratio anchor time / our time, all checked to agree first. */
function compare(
  name: string,
  mine: () => unknown,
  anchors: [string, () => unknown][],
  times = 3,
): void {
  const rounds = 15;
  const all: [string, () => unknown][] = [['ours', mine], ...anchors];
  for (const [, run] of all) cpu(run, times); // warm-up
  const ratios = anchors.map(() => [] as number[]);
  for (let r = 0; r < rounds; r++) {
    const t = new Map<string, number>();
    for (let k = 0; k < all.length; k++) {
      const [n, run] = all[(k + r) % all.length]!;
      t.set(n, cpu(run, times));
    }
    anchors.forEach(([n], i) => {
      ratios[i]!.push(t.get(n)! / t.get('ours')!);
    });
  }
  anchors.forEach(([n], i) => {
    const xs = ratios[i]!.sort((a, b) => a - b);
    console.log(
      `${name}: ours vs ${n} ${xs[Math.floor(xs.length / 2)]!.toFixed(2)}x (median of ${rounds} rounds; > 1: ours is faster)`,
    );
  });
}

function same(a: Uint8Array, b: Uint8Array, what: string): void {
  if (Buffer.compare(Buffer.from(a), Buffer.from(b)) !== 0)
    throw new Error(`${what}: anchors disagree`);
}

test('quoted-printable decode, 1 MiB of UTF-8 text', () => {
  same(ours.decodeQuotedPrintable(QP), libqp.decode(QP), 'qp decode');
  compare('quoted-printable decode', () => ours.decodeQuotedPrintable(QP), [
    ['libqp decode', () => libqp.decode(QP)],
  ]);
});

test('quoted-printable encode, 1 MiB of UTF-8 text (76-character lines)', () => {
  same(
    ours.decodeQuotedPrintable(ours.encodeQuotedPrintable(TEXT_BYTES, { binary: true })),
    TEXT_BYTES,
    'qp encode',
  );
  const buffer = Buffer.from(TEXT_BYTES);
  compare(
    'quoted-printable encode',
    () => ours.encodeQuotedPrintable(TEXT_BYTES, { binary: true }),
    [['libqp encode + wrap', () => libqp.wrap(libqp.encode(buffer), 76)]],
  );
});

// What mailers send as quoted-printable: mostly ASCII (they pick base64 for Cyrillic or CJK text).
const LATIN =
  'Bonjour à tous, la réunion de jeudi est déplacée à vendredi matin ; merci de confirmer votre présence. ';
const LATIN_BYTES = new TextEncoder()
  .encode(LATIN.repeat(Math.ceil((1 << 20) / LATIN.length)))
  .subarray(0, 1 << 20);

test('quoted-printable encode, 1 MiB of mostly ASCII text', () => {
  const buffer = Buffer.from(LATIN_BYTES);
  compare(
    'quoted-printable encode (mostly ASCII)',
    () => ours.encodeQuotedPrintable(LATIN_BYTES, { binary: true }),
    [['libqp encode + wrap', () => libqp.wrap(libqp.encode(buffer), 76)]],
  );
});

test('base64 decode, 1 MiB', () => {
  same(ours.decodeBase64(B64), RANDOM, 'base64 decode');
  compare('base64 decode (76-character lines)', () => ours.decodeBase64(B64), [
    ['Buffer.from(base64)', () => Buffer.from(B64, 'base64')],
    ['libbase64 decode', () => libbase64.decode(B64)],
  ]);
  compare('base64 decode (one line)', () => ours.decodeBase64(B64_FLAT), [
    ['Buffer.from(base64)', () => Buffer.from(B64_FLAT, 'base64')],
    ['atob', () => atob(B64_FLAT)],
  ]);
});

// decodeMimePart hands a base64 body with nothing to report to the runtime's decoder: in the node
// build Buffer, here (a bundle of the portable src/) Uint8Array.fromBase64, which Node 24 has only
// behind a flag. So each comparison runs twice: without it (the counting loop), and with V8's own
// from a context made after the flag is set (its bytes viewed from this realm).
const PART_B64 = { contentType: 'text/plain; charset=windows-1252', transferEncoding: 'base64' };
const SMALL_PARTS = Array.from({ length: 100 }, (_, i) =>
  ours.encodeBase64(TEXT_BYTES.subarray(i * 1000, i * 1000 + 200 + ((i * 379) % 3800))),
);
const windows1252 = new TextDecoder('windows-1252');
setFlagsFromString('--js-base-64');
const v8FromBase64 = runInNewContext('Uint8Array.fromBase64') as
  | ((s: string, o: object) => Uint8Array)
  | undefined;

test('decodeMimePart, base64: 1 MiB, and 100 parts of 200 B to 4 KiB', () => {
  const part = ours.decodeMimePart({ ...PART_B64, body: B64 });
  if (part.text !== windows1252.decode(RANDOM) || part.issues.length > 0)
    throw new Error('decodeMimePart: anchors disagree');
  const u = Uint8Array as { fromBase64?: unknown };
  for (const platform of [undefined, v8FromBase64]) {
    if (u.fromBase64 !== undefined) break; // a runtime that has it: one run
    const decoder = platform ? 'Uint8Array.fromBase64' : 'no Uint8Array.fromBase64';
    if (platform)
      u.fromBase64 = (s: string, o: object) => {
        const r = platform(s, o);
        return new Uint8Array(r.buffer, r.byteOffset, r.length);
      };
    try {
      compare(
        `decodeMimePart, base64 1 MiB (${decoder})`,
        () => ours.decodeMimePart({ ...PART_B64, body: B64 }),
        [
          [
            'Buffer.from(base64) + TextDecoder',
            () => windows1252.decode(Buffer.from(B64, 'base64')),
          ],
        ],
      );
      compare(
        `decodeMimePart, base64, 100 small parts (${decoder})`,
        () => {
          for (const body of SMALL_PARTS) ours.decodeMimePart({ ...PART_B64, body });
        },
        [
          [
            'Buffer.from(base64) + TextDecoder',
            () => {
              for (const body of SMALL_PARTS) windows1252.decode(Buffer.from(body, 'base64'));
            },
          ],
        ],
        10,
      );
    } finally {
      if (platform) u.fromBase64 = undefined;
    }
  }
});

test('base64 encode, 1 MiB', () => {
  compare('base64 encode (one line)', () => ours.encodeBase64(RANDOM, { lineLength: Infinity }), [
    [
      'Buffer toString(base64)',
      () => Buffer.from(RANDOM.buffer, RANDOM.byteOffset, RANDOM.length).toString('base64'),
    ],
    ['btoa', () => btoa(BINARY_STRING)],
  ]);
  compare('base64 encode (76-character lines)', () => ours.encodeBase64(RANDOM), [
    [
      'libbase64 encode + wrap',
      () => libbase64.wrap(libbase64.encode(Buffer.from(RANDOM.buffer)), 76),
    ],
  ]);
});

test('RFC 2047 decode, 1000 headers', () => {
  for (const h of HEADERS)
    if (ours.decodeEncodedWords(h).text !== libmime.decodeWords(h))
      throw new Error(`differs: ${h}`);
  compare(
    'decodeEncodedWords',
    () => {
      for (const h of HEADERS) ours.decodeEncodedWords(h);
    },
    [
      [
        'libmime decodeWords',
        () => {
          for (const h of HEADERS) libmime.decodeWords(h);
        },
      ],
    ],
    5,
  );
  if (sink < 0) console.log(sink);
});

test('RFC 2047 decode, long headers (ten of 1.2 to 3.6 KiB)', () => {
  const long = longHeaders(ours);
  for (const h of long)
    if (ours.decodeEncodedWords(h).text !== libmime.decodeWords(h))
      throw new Error(`differs: ${h}`);
  compare(
    'decodeEncodedWords, long headers',
    () => {
      for (const h of long) ours.decodeEncodedWords(h);
    },
    [
      [
        'libmime decodeWords',
        () => {
          for (const h of long) libmime.decodeWords(h);
        },
      ],
    ],
    20,
  );
});
