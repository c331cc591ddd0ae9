// Differential test against marc4j 2.9 (Java), through the fixture test/vectors/marc4j.json that
// scripts/marc4j-fixtures.ts writes from the records in test/vectors/marc/ (CI has no Java; the
// fixture's `command` regenerates it). pymarc, the other reader named as an anchor, cannot be
// installed offline here, so only marc4j is compared. Compared under a stated normalization:
// marc4j's text in NFC (it leaves MARC-8's combining marks decomposed, we give NFC). Every other
// difference is a row of the README's table ("Where it reads differently from marc4j"), listed
// below by record, so a new difference, or one that goes away, fails the test.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeMarcRecord, MarcRecordError } from '../src/marc';

interface Theirs {
  leader?: string;
  fields?: {
    tag: string;
    value?: string;
    indicators?: string;
    subfields?: { code: string; value: string }[];
  }[];
  error?: string;
}
const fixture = JSON.parse(
  readFileSync(new URL('./vectors/marc4j.json', import.meta.url), 'utf8'),
) as { marc4j: string; command: string; records: Record<string, Theirs> };
const bytesOf = (file: string): Uint8Array =>
  new Uint8Array(readFileSync(new URL(`./vectors/marc/${file}`, import.meta.url)));

/** Each difference between our reading and marc4j's, as `record field/subfield: kind`. */
function differences(file: string): string[] {
  const theirs = fixture.records[file]!;
  let ours: ReturnType<typeof decodeMarcRecord>;
  try {
    ours = decodeMarcRecord(bytesOf(file));
  } catch (e) {
    if (!(e instanceof MarcRecordError)) throw e;
    return [
      theirs.error ? `${file}: both reject` : `${file}: we reject (${e.reason}), marc4j reads`,
    ];
  }
  if (theirs.error) return [`${file}: marc4j rejects, we read`];
  const out: string[] = [];
  for (let i = 0; i < 24; i++)
    if (ours.leader[i] !== theirs.leader![i])
      out.push(
        `${file} leader/${String(i).padStart(2, '0')}: ${JSON.stringify(ours.leader[i])} vs ${JSON.stringify(theirs.leader![i])}`,
      );
  expect(ours.fields.map((f) => f.tag)).toEqual(theirs.fields!.map((f) => f.tag));
  ours.fields.forEach((f, k) => {
    const t = theirs.fields![k]!;
    if (f.value !== undefined) {
      if (f.value !== t.value) out.push(`${file} ${f.tag}: control field`);
      return;
    }
    expect(f.indicators).toBe(t.indicators);
    expect(f.subfields!.map((s) => s.code)).toEqual(t.subfields!.map((s) => s.code));
    f.subfields!.forEach((s, j) => {
      const v = t.subfields![j]!.value;
      if (s.value === v) return;
      out.push(
        `${file} ${f.tag}$${s.code}: ${s.value === v.normalize('NFC') ? 'NFC' : JSON.stringify([s.value, v])}`,
      );
    });
  });
  return out;
}

// The README's rows, record by record.
const MARC8 = ['ansel', 'arabic', 'cyrillic', 'eacc', 'greek', 'hebrew', 'subsup'].map(
  (n) => `marc8-${n}.mrc`,
);
const EXPECTED: Record<string, string[]> = {
  'utf8-basic.mrc': [],
  // marc4j writes leader 09 `a` on the records it converted to Unicode; combining marks NFC here.
  'marc8-ansel.mrc': [
    'marc8-ansel.mrc leader/09: " " vs "a"',
    'marc8-ansel.mrc 100$a: NFC',
    'marc8-ansel.mrc 245$a: NFC',
    'marc8-ansel.mrc 245$b: NFC',
  ],
  'marc8-arabic.mrc': ['marc8-arabic.mrc leader/09: " " vs "a"'],
  'marc8-cyrillic.mrc': ['marc8-cyrillic.mrc leader/09: " " vs "a"'],
  'marc8-eacc.mrc': ['marc8-eacc.mrc leader/09: " " vs "a"'],
  'marc8-greek.mrc': ['marc8-greek.mrc leader/09: " " vs "a"'],
  'marc8-hebrew.mrc': ['marc8-hebrew.mrc leader/09: " " vs "a"'],
  'marc8-subsup.mrc': ['marc8-subsup.mrc leader/09: " " vs "a"'],
  // Field 100 code 50 (ISO 10646): UTF-8 here; marc4j reads no charset from field 100.
  'unimarc-utf8.mrc': [
    `unimarc-utf8.mrc 200$a: ${JSON.stringify(['Café Ελληνικά', fixture.records['unimarc-utf8.mrc']!.fields![1]!.subfields![0]!.value])}`,
  ],
  'unimarc-5426.mrc': ['unimarc-5426.mrc 200$a: NFC', 'unimarc-5426.mrc 200$e: NFC'],
  'bad-length-letters.mrc': ['bad-length-letters.mrc: both reject'],
  'bad-length-long.mrc': ['bad-length-long.mrc: both reject'],
  // marc4j's permissive reader finds the fields by their terminators; we throw.
  'directory-past-end.mrc': [
    'directory-past-end.mrc: we reject (field-out-of-range), marc4j reads',
  ],
  'no-field-terminator.mrc': ['no-field-terminator.mrc: both reject'],
  'no-record-terminator.mrc': ['no-record-terminator.mrc: both reject'],
};

describe('ISO 2709 records against marc4j', () => {
  it('the fixture is the generated one, every record of test/vectors/marc in it', () => {
    expect(fixture.marc4j).toBe('2.9.2');
    expect(fixture.command).toContain('marc4j-fixtures.ts');
    expect(Object.keys(fixture.records).sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const f of MARC8) expect(Object.keys(fixture.records)).toContain(f);
  });

  for (const file of Object.keys(EXPECTED))
    it(`${file}: reads as marc4j does but for the listed differences`, () => {
      expect(differences(file)).toEqual(EXPECTED[file]);
    });

  it('combining marks: marc4j leaves MARC-8 and ISO 5426 text decomposed, we give NFC', () => {
    const theirs = fixture.records['marc8-ansel.mrc']!.fields![2]!.subfields![0]!.value;
    expect(theirs).toBe('Cafe\u0301');
    expect(decodeMarcRecord(bytesOf('marc8-ansel.mrc')).fields[2]!.subfields![0]!.value).toBe(
      'Caf\u00e9',
    );
  });

  it('the malformed records give our typed errors with the offset', () => {
    const reasons = Object.fromEntries(
      [
        'bad-length-letters',
        'bad-length-long',
        'directory-past-end',
        'no-field-terminator',
        'no-record-terminator',
      ].map((n) => {
        try {
          decodeMarcRecord(bytesOf(`${n}.mrc`));
          return [n, 'read'];
        } catch (e) {
          return [n, `${(e as MarcRecordError).reason} @${(e as MarcRecordError).offset}`];
        }
      }),
    );
    expect(reasons).toEqual({
      'bad-length-letters': 'bad-leader @2',
      'bad-length-long': 'truncated @69',
      'directory-past-end': 'field-out-of-range @36',
      'no-field-terminator': 'no-field-terminator @72',
      'no-record-terminator': 'no-record-terminator @73',
    });
  });
});
