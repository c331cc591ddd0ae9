// One-off: writes data/uts46/*.txt from the tables tr46 7.0.0 ships (run with tr46 installed:
// `node scripts/extract-uts46.ts <path to tr46>`). The files it writes are the project's copy; the
// generator (scripts/generate-uts46.ts) reads only them. See data/uts46/SOURCES.md.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const tr46 = process.argv[2];
if (!tr46) throw new Error('usage: node scripts/extract-uts46.ts <tr46 package folder>');
const out = join(import.meta.dirname, '..', 'data', 'uts46');
const hex = (n: number): string => n.toString(16).toUpperCase().padStart(4, '0');

// 1. The IDNA mapping table, in the layout of Unicode's IdnaMappingTable.txt.
const STATUS: Record<number, string> = {
  1: 'mapped',
  2: 'valid',
  3: 'disallowed',
  6: 'deviation',
  7: 'ignored',
};
const table = JSON.parse(readFileSync(join(tr46, 'lib', 'mappingTable.json'), 'utf8')) as [
  number | [number, number],
  number,
  string?,
][];
let text =
  '# UTS #46 IDNA mapping table (Unicode 18.0.0), extracted from tr46 7.0.0 lib/mappingTable.json\n';
for (const [range, status, mapping] of table) {
  const [a, b] = Array.isArray(range) ? range : [range, range];
  const cps =
    mapping === undefined ? '' : [...mapping].map((c) => hex(c.codePointAt(0)!)).join(' ');
  const field = a === b ? hex(a) : `${hex(a)}..${hex(b)}`;
  text += `${field} ; ${STATUS[status]}${mapping === undefined ? '' : ` ; ${cps}`}\n`;
}
writeFileSync(join(out, 'idna-mapping.txt'), text);

// 2. The character properties the validity criteria read, as code point ranges per property.
const require = createRequire(import.meta.url);
const r = require(join(tr46, 'lib', 'regexes.js')) as Record<string, RegExp>;
/** The bracketed classes of a regex source, each as a RegExp of one code point. */
const classes = (re: RegExp): RegExp[] => {
  const found: RegExp[] = [];
  const s = re.source;
  let start = -1;
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '\\') i++;
    else if (s[i] === '[') start = i;
    else if (s[i] === ']') found.push(new RegExp(`^${s.slice(start, i + 1)}$`, 'u'));
  }
  return found;
};
const [ld, t, , rd] = classes(r.validZWNJ!);
const [, nsm] = classes(r.bidiS3!);
const [s2] = classes(r.bidiS2!);
const props: [string, RegExp][] = [
  ['Mark', new RegExp(`^${r.combiningMarks!.source}$`, 'u')], // General_Category=M
  ['Virama', new RegExp(`^${r.combiningClassVirama!.source}$`, 'u')], // Canonical_Combining_Class=9
  ['Joining_L_D', ld!], // Joining_Type L or D
  ['Joining_T', t!], // Joining_Type T
  ['Joining_R_D', rd!], // Joining_Type R or D
  ['Bidi_L', new RegExp(`^${r.bidiS1LTR!.source}$`, 'u')],
  ['Bidi_R_AL', new RegExp(`^${r.bidiS1RTL!.source}$`, 'u')],
  ['Bidi_AN', new RegExp(`^${r.bidiS4AN!.source}$`, 'u')],
  ['Bidi_EN', new RegExp(`^${r.bidiS4EN!.source}$`, 'u')],
  ['Bidi_NSM', nsm!],
  // R AL AN EN ES CS ET ON BN NSM (RFC 5893 rule 2), of which ES CS ET ON BN are what is left
  ['Bidi_RTL_allowed', s2!],
];
let ptext =
  '# Properties for the UTS #46 validity criteria (Unicode 18.0.0), extracted from tr46 7.0.0 lib/regexes.js\n';
for (const [name, re] of props) {
  let a = -1;
  for (let cp = 0; cp <= 0x110000; cp++) {
    const inside =
      cp < 0x110000 && (cp < 0xd800 || cp > 0xdfff) && re.test(String.fromCodePoint(cp));
    if (inside && a < 0) a = cp;
    if (!inside && a >= 0) {
      ptext += `${a === cp - 1 ? hex(a) : `${hex(a)}..${hex(cp - 1)}`} ; ${name}\n`;
      a = -1;
    }
  }
}
writeFileSync(join(out, 'properties.txt'), ptext);
