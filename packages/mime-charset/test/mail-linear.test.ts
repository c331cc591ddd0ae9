// The mail decoders and encoders do work linear in their input on the inputs that make naive
// scanners quadratic. Timed (the byte loops read typed arrays, which cannot be counted cheaply):
// time per unit of input at 16n over time per unit at n, the median of 5 interleaved runs in CPU
// time, and the smallest of up to three such medians (a pause of a loaded machine slows one run,
// while a quadratic scanner stays about 16 on every one). About 1 for a linear scanner; the bound
// (5) leaves room for a loaded machine and is far below the 16 of a quadratic one.
import { cpuUsage } from 'node:process';
import { describe, expect, it } from 'vitest';
import {
  decodeBase64,
  decodeEncodedWords,
  decodeFlowed,
  decodeMimePart,
  decodeParameters,
  decodeQuotedPrintable,
  encode,
  encodeEncodedWords,
  encodeQuotedPrintable,
  unfoldHeader,
} from '../src/index';

function cpu(run: () => unknown): number {
  const start = cpuUsage();
  run();
  const used = cpuUsage(start);
  return used.user + used.system;
}

const BOUND = 5;

function growthOnce(small: string, large: string, run: (input: string) => unknown): number {
  const ratios: number[] = [];
  for (let k = 0; k < 5; k++) {
    const a = cpu(() => {
      for (let r = 0; r < 16; r++) run(small);
    });
    const b = cpu(() => run(large));
    ratios.push(b / large.length / (Math.max(a, 1) / 16 / small.length));
  }
  return ratios.sort((x, y) => x - y)[2]!;
}

function growth(make: (n: number) => string, run: (input: string) => unknown, n = 1 << 13): number {
  const small = make(n);
  const large = make(16 * n);
  run(small);
  run(large);
  let ratio = growthOnce(small, large, run);
  for (let attempt = 1; attempt < 3 && ratio >= BOUND; attempt++)
    ratio = Math.min(ratio, growthOnce(small, large, run));
  return ratio;
}

const cases: [string, (n: number) => string, (s: string) => unknown][] = [
  [
    'quoted-printable: `=` that starts no escape',
    (n) => '= '.repeat(n / 2),
    (s) => decodeQuotedPrintable(s),
  ],
  [
    'quoted-printable: whitespace runs that do not end a line',
    (n) => `${' '.repeat(n)}x`,
    (s) => decodeQuotedPrintable(s),
  ],
  [
    'quoted-printable: soft breaks with padding',
    (n) => '=  \r\n'.repeat(n / 5),
    (s) => decodeQuotedPrintable(s),
  ],
  [
    'quoted-printable encode: spaces and UTF-8',
    (n) => ' é'.repeat(n / 2),
    (s) => encodeQuotedPrintable(s),
  ],
  [
    'base64: stray characters (strict and lenient)',
    (n) => 'A!-'.repeat(n / 3),
    (s) => decodeBase64(s),
  ],
  [
    'base64: whitespace',
    (n) => 'QUJD \r\n'.repeat(n / 7),
    (s) => decodeBase64(new TextEncoder().encode(s)),
  ],
  [
    'encoded-word look-alikes with whitespace inside (lenient)',
    (n) => '=?utf-8?q? '.repeat(n / 11),
    (s) => decodeEncodedWords(s, { strict: false }),
  ],
  [
    'a lenient word of n characters folded many times',
    (n) => `=?utf-8?q?${'=C3=A9\r\n '.repeat(n / 9)}?=`,
    (s) => decodeEncodedWords(s, { strict: false }),
  ],
  [
    'encoded-word look-alikes with whitespace inside (strict, which reports them)',
    (n) => '=?utf-8?q? '.repeat(n / 11),
    (s) => decodeEncodedWords(s),
  ],
  [
    'a strict word of n characters folded many times (malformed, reported)',
    (n) => `=?utf-8?q?${'=C3=A9\r\n '.repeat(n / 9)}?=`,
    (s) => decodeEncodedWords(s),
  ],
  [
    'charsets with dots and colons, glued words (lenient and strict)',
    (n) => 'a=?ISO_8859-1:1987?q?=E9?='.repeat(n / 26),
    (s) => [decodeEncodedWords(s), decodeEncodedWords(s, { strict: false })],
  ],
  [
    'adjacent words each ending inside a character',
    (n) => '=?utf-8?q?=E2?= '.repeat(n / 16),
    (s) => decodeEncodedWords(s),
  ],
  ['flowed lines, deep quotes', (n) => '>>>>>>>> a \r\n'.repeat(n / 13), (s) => decodeFlowed(s)],
  ['unfolding', (n) => 'a\r\n '.repeat(n / 4), (s) => unfoldHeader(s)],
  [
    'a MIME part',
    (n) => 'caf=E9 \r\n'.repeat(n / 9),
    (s) =>
      decodeMimePart({
        transferEncoding: 'quoted-printable',
        contentType: 'text/plain; format=flowed',
        body: s,
      }),
  ],
  ['encodeEncodedWords', (n) => 'é𝄞a'.repeat(n / 4), (s) => encodeEncodedWords(s)],
  [
    'parameters: comments around every token (RFC 2045 §5.1), strict and lenient',
    (n) =>
      `text/plain (c)${Array.from({ length: n / 36 }, (_, i) => `; (a (b)) x*${i} (c) = (d) "y" (e)`).join('')}`,
    (s) => [decodeParameters(s, { strict: false }), decodeParameters(s)],
  ],
  [
    'parameters: unterminated comments everywhere',
    (n) => `text/plain ${'(; a=(b '.repeat(n / 8)}`,
    (s) => decodeParameters(s, { strict: false }),
  ],
  [
    'parameters: folds everywhere, strict and lenient',
    (n) => `a${Array.from({ length: n / 24 }, (_, i) => `;\r\n b${i}="c\r\n d"`).join('')}`,
    (s) => [decodeParameters(s, { strict: false }), decodeParameters(s)],
  ],
  [
    'parameters: a stray line break in every value (lenient)',
    (n) => `a${'; b*1="c\nd"'.repeat(n / 12)}`,
    (s) => decodeParameters(s, { strict: false }),
  ],
  [
    'parameters: quoted values without `;` between them (lenient)',
    (n) => `a; b="c"${' d="e"'.repeat(n / 6)}`,
    (s) => decodeParameters(s, { strict: false }),
  ],
  [
    'base64 words that each leave one character for the next (lenient: the walk ahead is remembered)',
    (n) => `=?utf-8?b?w?= ${'=?utf-8?b?QUJD?= '.repeat(n / 17)}=?utf-8?b?A==?=`,
    (s) => decodeEncodedWords(s, { strict: false }),
  ],
  [
    'base64 words of whole quanta after a lone character nothing finishes (lenient)',
    (n) => `=?utf-8?b?w?= ${'=?utf-8?b?QUJD?= '.repeat(n / 17)}`,
    (s) => decodeEncodedWords(s, { strict: false }),
  ],
  [
    'a lenient Q word full of literal spaces',
    (n) => `=?utf-8?q?${'a '.repeat(n / 2)}?=`,
    (s) => decodeEncodedWords(s, { strict: false }),
  ],
  [
    'encode under Shift_JIS, a character outside JIS X 0208 in every other place',
    (n) => '①あ'.repeat(n / 2),
    (s) => encode(s, 'Shift_JIS', { mode: 'iana', unencodable: 'replacement' }),
  ],
];

describe('linear time', () => {
  for (const [name, make, run] of cases)
    it(name, () => {
      expect(growth(make, run)).toBeLessThan(BOUND);
    });
});
