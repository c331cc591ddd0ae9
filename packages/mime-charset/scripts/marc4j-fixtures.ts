// Builds the ISO 2709 test records of test/marc4j.test.ts into test/vectors/marc/*.mrc (with this
// package's buildMarcRecord; the MARC-8 bytes written by hand from the LC code tables,
// https://www.loc.gov/marc/specifications/specchartables.html), reads them with marc4j through
// scripts/marc4j/Marc4jDump.java, and writes what marc4j gives to test/vectors/marc4j.json.
// Needs a JDK and marc4j (Debian: openjdk-17-jdk-headless, libmarc4j-java). From packages/mime-charset:
//   pnpm --filter @x/mime-charset build && pnpm exec node scripts/marc4j-fixtures.ts
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// The built package, by a path the typecheck does not follow (it runs before any build).
const built = '../dist/marc.js';
const { buildMarcRecord }: typeof import('../src/marc') = await import(built);

const JAR = process.env.MARC4J_JAR ?? '/usr/share/java/marc4j.jar';
const here = import.meta.dirname;
const out = join(here, '../test/vectors/marc');
mkdirSync(out, { recursive: true });

const ESC = '\x1b';
const SF = '\x1f';
const MARC21 = '00000nam  2200000   4500'; // leader 09 blank: MARC-8
const MARC21_UCS = '00000nam a2200000   4500'; // leader 09 'a': UCS/Unicode
const UNIMARC = '00000nam0 2200000   450 ';
const utf8 = (s: string): string => String.fromCharCode(...new TextEncoder().encode(s));
// UNIMARC field 100 $a: date entered, type of date, dates, audience, government publication,
// modified record, language of cataloguing, transliteration (0-25), the sets (26-33), 34-35.
const f100 = (sets: string): string => `  ${SF}a20240101d2024    u  y0grey${sets}ba`;

const records: Record<string, [string, string][]> = {
  // MARC 21, UTF-8 (leader 09 'a'): precomposed and combining text kept as written.
  'utf8-basic': [
    ['001', 'u1'],
    ['100', `1 ${SF}a${utf8('Dvořák, Antonín')}`],
    ['245', `10${SF}a${utf8('Café — Ελληνικά')}${SF}b${utf8('Война и мир 日本語 𝄞')}`],
    ['500', `  ${SF}a${utf8('Cafe\u0301 (a combining acute, as written)')}`],
  ],
  // MARC-8, ANSEL: combining marks before their letter, the special letters and symbols.
  'marc8-ansel': [
    ['001', 'm1'],
    ['100', `1 ${SF}aDvo\xe9r\xe2ak, Anton\xe2in`], // E9 caron, E2 acute
    ['245', `10${SF}aCaf\xe2e${SF}bth\xe3\xe2e, \xe1a\xe8u, \xf0c`], // E3 circumflex + acute; E1 grave, E8 umlaut, F0 cedilla
    ['246', `1 ${SF}a\xa1\xa2\xa3\xa4\xa5\xa6 \xb1\xb2\xb3\xb4\xb5\xb6\xb8\xba`], // Ł Ø Đ Þ Æ Œ ł ø đ þ æ œ ı ð
    ['500', `  ${SF}a\xc3 1999 \xc2 \xaa \xb9 \xc0 \xc5 \xc6 \xc7 \xc8 \xab \xa8`], // © ℗ ® £ ° ¿ ¡ ß € ± ·
    ['505', `0 ${SF}a\xebt\xecs`], // EB/EC ligature halves, t͡s
  ],
  // MARC-8 escapes (ISO 2022 style): G0 designations ESC ( F and G1 ESC ) F.
  'marc8-greek': [['245', `10${SF}a${ESC}(SABGD abgd${ESC}(B end`]],
  'marc8-cyrillic': [
    ['245', `10${SF}a${ESC}(NwOJNA I MIR${ESC}(B (1869)`],
    ['246', `1 ${SF}a${ESC})N\xf7\xef\xea\xee\xe1${ESC})E ok`],
    ['500', `  ${SF}a${ESC}(Q\x40\x41\x42${ESC}(B`], // extended Cyrillic
  ],
  'marc8-hebrew': [['245', `10${SF}a${ESC}(2\x60\x61\x62\x63${ESC}(B`]],
  'marc8-arabic': [
    ['245', `10${SF}a${ESC}(3\x47\x48\x49${ESC}(B`],
    ['246', `1 ${SF}a${ESC}(4\x61\x62${ESC}(B`], // extended Arabic
  ],
  // Subscript, superscript, Greek symbols: ESC b, ESC p, ESC g, back with ESC s.
  'marc8-subsup': [
    ['245', `10${SF}aH${ESC}b2${ESC}sO, E = mc${ESC}p2${ESC}s, ${ESC}gabc${ESC}s rays`],
  ],
  // EACC (ESC $ 1): three bytes a character.
  'marc8-eacc': [
    ['245', `10${SF}a${ESC}$1\x21\x30\x21\x21\x30\x22\x21\x30\x64${ESC}(B`],
    ['246', `1 ${SF}a${ESC}$1\x69\x25\x6f\x69\x25\x73${ESC}(B`], // kana
  ],
  // UNIMARC: field 100 names the sets (50 = ISO 10646; 01 ISO 646 + 03 ISO 5426 in G1).
  'unimarc-utf8': [
    ['100', f100('50      ')],
    ['200', `1 ${SF}a${utf8('Café Ελληνικά')}`],
  ],
  'unimarc-5426': [
    ['100', f100('0103    ')],
    ['200', `1 ${SF}aCaf\xc2e${SF}eDvor\xcfak`], // ISO 5426 C2 acute, CF caron, before the letter
  ],
};

const written: string[] = [];
for (const [name, fields] of Object.entries(records)) {
  const leader = name.startsWith('utf8')
    ? MARC21_UCS
    : name.startsWith('unimarc')
      ? UNIMARC
      : MARC21;
  const bytes = buildMarcRecord(leader, fields);
  writeFileSync(join(out, `${name}.mrc`), bytes);
  written.push(name);
}

// Malformed records, each from a well-formed one.
const good = buildMarcRecord(MARC21, [
  ['001', 'bad'],
  ['245', `10${SF}aTitle${SF}bsubtitle`],
]);
const ascii = (b: Uint8Array, at: number, s: string): Uint8Array => {
  const c = b.slice();
  for (let i = 0; i < s.length; i++) c[at + i] = s.charCodeAt(i);
  return c;
};
const malformed: Record<string, Uint8Array> = {
  // Leader 00-04 not a number.
  'bad-length-letters': ascii(good, 0, '00x12'),
  // Leader length longer than the bytes (a truncated record).
  'bad-length-long': good.subarray(0, good.length - 5),
  // The second directory entry's start points past the end of the record.
  'directory-past-end': ascii(good, 24 + 12 + 7, '00900'),
  // No field terminator at the end of the 245 field.
  'no-field-terminator': (() => {
    const c = good.slice();
    c[c.length - 2] = 0x20;
    return c;
  })(),
  // No record terminator.
  'no-record-terminator': (() => {
    const c = good.slice();
    c[c.length - 1] = 0x20;
    return c;
  })(),
};
for (const [name, bytes] of Object.entries(malformed)) {
  writeFileSync(join(out, `${name}.mrc`), bytes);
  written.push(name);
}

const build = mkdtempSync(join(tmpdir(), 'marc4j-'));
execFileSync('javac', ['-d', build, '-cp', JAR, join(here, 'marc4j/Marc4jDump.java')]);
const files = written.map((n) => join(out, `${n}.mrc`));
const dump = execFileSync('java', ['-cp', `${JAR}:${build}`, 'Marc4jDump', ...files], {
  encoding: 'utf8',
});
const javaVersion =
  spawnSync('java', ['-version'], { encoding: 'utf8' }).stderr.split('\n')[0] ?? '';
// The jar's manifest names its version (Implementation-Version).
const manifest = execFileSync('unzip', ['-p', JAR, 'META-INF/MANIFEST.MF'], { encoding: 'utf8' });
const marc4jVersion = /Implementation-Version: (\S+)/.exec(manifest)?.[1] ?? 'unknown';
writeFileSync(
  join(here, '../test/vectors/marc4j.json'),
  `${JSON.stringify(
    {
      comment:
        'Written by scripts/marc4j-fixtures.ts: the records of test/vectors/marc/ as marc4j reads them (scripts/marc4j/Marc4jDump.java); do not edit.',
      command:
        'pnpm --filter @x/mime-charset build && pnpm exec node scripts/marc4j-fixtures.ts (from packages/mime-charset; needs a JDK and marc4j)',
      marc4j: marc4jVersion,
      java: javaVersion,
      records: JSON.parse(dump),
    },
    null,
    1,
  )}\n`,
);
console.log(`${written.length} records`);
