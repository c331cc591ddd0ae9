import { createRequire as cr } from "node:module"; const require = cr(import.meta.url);
import { buildSync } from 'esbuild';
import { createRequire } from 'node:module';
const req = createRequire(import.meta.url);
buildSync({ entryPoints: ['src/index.ts'], alias: { '@x/utf8': '../utf8/src/index.ts', '@x/legacy-charsets': '../legacy-charsets/src' }, bundle: true, format: 'cjs', platform: 'neutral', outfile: '/tmp/mc/b.cjs', logLevel: 'error' });
const ours = req('/tmp/mc/b.cjs');
const we = req('whatwg-encoding');
const ct = req('content-type');
const LABELS = ['utf-8', 'UTF-8', 'utf8', 'iso-8859-1', 'ISO-8859-1', ' latin1 ', 'windows-1252', 'Windows-1251', 'shift_jis', 'Shift_JIS', 'x-sjis', 'euc-jp', 'gb2312', 'GBK', 'big5', 'ks_c_5601-1987', 'koi8-r', 'us-ascii', 'utf-16le', 'iso-2022-jp', 'bogus', 'x-unknown-charset'];
const CTS = JSON.parse(require('fs').readFileSync('test/vectors/content-type-charset.json','utf8')).cases.map(c=>c.input);
function time(f, inputs, n) { const t = performance.now(); for (let i = 0; i < n; i++) for (const l of inputs) { try { f(l); } catch {} } return performance.now() - t; }
function cmp(label, inputs, n, fns) {
  const best = fns.map(() => Infinity);
  for (let r = 0; r < 9; r++) fns.forEach(([, f], k) => { best[k] = Math.min(best[k], time(f, inputs, n)); });
  console.log(label, fns.map(([name], k) => `${name} ${best[k].toFixed(0)}ms`).join(' | '));
}
cmp('labels', LABELS, 50000, [['ours', ours.labelToEncoding], ['whatwg-encoding', we.labelToName]]);
cmp('ct', CTS, 20000, [['ours', ours.parseContentType], ['content-type', ct.parse]]);
