import { buildSync } from 'esbuild';
import { createRequire } from 'node:module';
const req = createRequire(import.meta.url);
buildSync({ entryPoints: ['src/index.ts'], alias: { '@x/utf8': '../utf8/src/index.ts', '@x/legacy-charsets': '../legacy-charsets/src' }, bundle: true, format: 'cjs', platform: 'neutral', outfile: '/tmp/mc/b.cjs', logLevel: 'error' });
const ours = req('/tmp/mc/b.cjs');
const we = req('whatwg-encoding');
const LABELS = ['utf-8', 'UTF-8', 'utf8', 'iso-8859-1', 'ISO-8859-1', ' latin1 ', 'windows-1252', 'Windows-1251', 'shift_jis', 'Shift_JIS', 'x-sjis', 'euc-jp', 'gb2312', 'GBK', 'big5', 'ks_c_5601-1987', 'koi8-r', 'us-ascii', 'utf-16le', 'iso-2022-jp', 'bogus', 'x-unknown-charset'];
function run(name, f) {
  for (let r = 0; r < 3; r++) {
    const t = performance.now();
    let x = 0;
    for (let i = 0; i < 200000; i++) for (const l of LABELS) if (f(l)) x++;
    console.log(name, (performance.now() - t).toFixed(0), 'ms');
  }
}
run('ours', ours.labelToEncoding);
run('whatwg-encoding', we.labelToName);
for (const l of LABELS) { const a = ours.labelToEncoding(l), b = we.labelToName(l); if (a !== b) console.log('DIFF', l, a, b); }
const m = new Map(); const o = Object.create(null);
for (const l of LABELS) { m.set(l.trim().toLowerCase(), {name: l}); o[l.trim().toLowerCase()] = l; }
for (let i = 0; i < 250; i++) { m.set('lbl' + i, {name: 'x'}); o['lbl' + i] = 'x'; }
run('map.get', (l) => m.get(l));
run('obj', (l) => o[l]);
run('map.get lower', (l) => m.get(l.trim().toLowerCase()));
