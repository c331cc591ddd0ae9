// UTS #46 ToASCII and ToUnicode against tr46 (whatwg-url's and jsdom's) and Node's url.domainToASCII
// (ICU, C++), in the same run: `pnpm run bench`. The ratios go to the README.
import { join } from 'node:path';
import { domainToASCII, domainToUnicode } from 'node:url';
import * as tr46 from 'tr46';
import { test } from 'vitest';
import type * as Uts46 from '../src/uts46';
import { loadBuilt } from '../../../tooling/bench.ts';

// the published ES module (dist/uts46.js); build first
const { URL_STANDARD_UTS46, uts46ToAscii, uts46ToUnicode } = (
  await loadBuilt<typeof Uts46>(join(import.meta.dirname, '..'), './uts46')
).esm;
const opts = { time: 400, warmupTime: 100 };

// Host names as a crawler meets them: mostly ASCII, some IDNs in several scripts, some in xn-- form.
const names = [
  'www.example.com',
  'api.example.org',
  'Bücher.example',
  'xn--bcher-kva.example',
  '例え.テスト',
  'münchen.de',
  'россия.рф',
  'faß.de',
  'ﬁ①.example',
  'mail.google.com',
  'xn--r8jz45g.xn--zckzah',
  'παράδειγμα.δοκιμή',
];
const tr46Options = {
  checkBidi: true,
  checkJoiners: true,
  checkHyphens: false,
  useSTD3ASCIIRules: false,
  transitionalProcessing: false,
  verifyDNSLength: false,
};

test('ToASCII, 12 host names (URL Standard options)', async ({ bench }) => {
  await bench.compare(
    bench('@x/uri/uts46', () => names.map((n) => uts46ToAscii(n, URL_STANDARD_UTS46))),
    bench('tr46', () => names.map((n) => tr46.toASCII(n, tr46Options))),
    bench('node:url domainToASCII (ICU)', () => names.map((n) => domainToASCII(n))),
    opts,
  );
});

test('ToUnicode, 12 host names (URL Standard options)', async ({ bench }) => {
  await bench.compare(
    bench('@x/uri/uts46', () => names.map((n) => uts46ToUnicode(n, URL_STANDARD_UTS46).domain)),
    bench('tr46', () => names.map((n) => tr46.toUnicode(n, tr46Options).domain)),
    bench('node:url domainToUnicode (ICU)', () => names.map((n) => domainToUnicode(n))),
    opts,
  );
});
