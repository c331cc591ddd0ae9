// ISO 2709 records built here from the MARC 21 and UNIMARC layouts: the charset from leader 09 or
// field 100, fields decoded, malformed records as typed errors with offsets, never a hang.
import { codec as marc8 } from '@x/legacy-charsets/marc-8';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildMarcRecord,
  decodeMarcRecord,
  encodeMarcRecord,
  MarcRecordError,
  sniffMarcRecord,
} from '../src/marc';

const ESC = '\x1b';
const SF = '\x1f';
const utf8 = (s: string): string => String.fromCharCode(...new TextEncoder().encode(s));

describe('MARC 21', () => {
  it('leader 09 a: UTF-8, control fields kept, subfields decoded', () => {
    const rec = buildMarcRecord('00000nam a2200000   4500', [
      ['001', 'ocm12345'],
      ['008', '240101s2024    xx            000 0 eng d'],
      ['245', `10${SF}a${utf8('Ἰλιάς')} /${SF}c${utf8('Ὅμηρος')}.`],
    ]);
    const r = decodeMarcRecord(rec, { fatal: true });
    expect(r).toMatchObject({ format: 'marc21', encoding: 'utf-8', reason: 'leader' });
    expect(r.fields[0]).toEqual({ tag: '001', offset: expect.any(Number), value: 'ocm12345' });
    expect(r.fields[2]).toMatchObject({
      tag: '245',
      indicators: '10',
      subfields: [
        { code: 'a', value: 'Ἰλιάς /' },
        { code: 'c', value: 'Ὅμηρος.' },
      ],
    });
    expect(sniffMarcRecord(rec).encoding).toBe('utf-8');
  });

  it('leader 09 blank: MARC-8 with ANSEL, escapes to Greek, Cyrillic and EACC, reset per field', () => {
    const greek = `${ESC}(S${'abgd'}${ESC}(B`;
    const cyrillic = `${ESC}(N${'wOJNA'}${ESC}(B`;
    const eacc = `${ESC}$1!0!${ESC}(B`; // 一 (EACC 213021)
    const rec = buildMarcRecord('00000nam  2200000   4500', [
      ['001', 'x1'],
      ['245', `10${SF}aCaf\xe2e${SF}b${greek} ${cyrillic}`],
      ['246', `1 ${SF}a${eacc}`],
      // An escape left open at the end of a field does not reach the next one.
      ['500', `  ${SF}a${ESC}(Sa`],
      ['505', `  ${SF}aa`],
    ]);
    const r = decodeMarcRecord(rec, { fatal: true });
    expect(r).toMatchObject({ encoding: 'marc-8', reason: 'leader' });
    const [a, b] = r.fields[1]!.subfields!;
    expect(a).toEqual({ code: 'a', value: 'Café' });
    const expected = marc8.decode(Uint8Array.from(`${greek} ${cyrillic}`, (c) => c.charCodeAt(0)));
    expect(b!.value).toBe(expected.normalize('NFC'));
    expect(b!.value).toBe('αβϛγ Война');
    expect(r.fields[2]!.subfields![0]!.value).toBe('一');
    expect(r.fields[3]!.subfields![0]!.value).toBe('α');
    expect(r.fields[4]!.subfields![0]!.value).toBe('a');
  });
});

describe('UNIMARC', () => {
  // Field 100 $a: positions 0-25 (date entered, type of date, dates, audience, government
  // publication, modified record, language of cataloguing, transliteration), 26-33 the sets, 34-35.
  const head = '20240101d2024    u  y0grey';
  const f100 = (sets: string): string => `  ${SF}a${head}${sets}ba`;
  it('field 100 positions 26-33 name the sets: ISO 646, ISO 5426, ISO 5428 by escape', () => {
    expect(head.length).toBe(26);
    const a = f100('010305  ');
    const rec = buildMarcRecord('00000nam  2200000   450 ', [
      ['001', 'u1'],
      ['100', a],
      ['200', `1 ${SF}a${ESC}(S\xe1\xe2${ESC}(@ Ok`],
    ]);
    const s = sniffMarcRecord(rec);
    expect(s).toMatchObject({ format: 'unimarc', encoding: 'unimarc', reason: 'field-100' });
    expect(s.unimarc?.additional[0]?.name).toBe('ISO 5428 (Greek)');
    const r = decodeMarcRecord(rec);
    expect(r.fields[2]!.subfields![0]!.value).toMatch(/^[^\ufffd]+ Ok$/u);
  });
  it('code 50 in field 100 means ISO 10646: UTF-8', () => {
    const rec = buildMarcRecord('00000nam  2200000   450 ', [
      ['100', f100('50      ')],
      ['200', `1 ${SF}a${utf8('Русский')}`],
    ]);
    const r = decodeMarcRecord(rec, { fatal: true });
    expect(r).toMatchObject({ format: 'unimarc', encoding: 'utf-8', reason: 'field-100' });
    expect(r.fields[1]!.subfields![0]!.value).toBe('Русский');
  });
  it('a MARC 21 field 100 (a personal name) is not read as UNIMARC', () => {
    const rec = buildMarcRecord('00000nam  2200000   4500', [['100', `1 ${SF}aHomer.`]]);
    expect(sniffMarcRecord(rec)).toMatchObject({ format: 'marc21', encoding: 'marc-8' });
    expect(sniffMarcRecord(rec, { format: 'unimarc' })).toMatchObject({ reason: 'default' });
  });
});

describe('malformed records: a typed error with the offset', () => {
  const good = buildMarcRecord('00000nam a2200000   4500', [
    ['001', 'x'],
    ['245', `10${SF}aTitle`],
  ]);
  const at = (bytes: Uint8Array): [string, number] => {
    try {
      decodeMarcRecord(bytes);
    } catch (e) {
      expect(e).toBeInstanceOf(MarcRecordError);
      return [(e as MarcRecordError).reason, (e as MarcRecordError).offset];
    }
    throw new Error('no error');
  };
  const edit = (f: (b: Uint8Array) => void): Uint8Array => {
    const b = good.slice();
    f(b);
    return b;
  };
  it('each kind of damage', () => {
    expect(at(good.subarray(0, 10))).toEqual(['too-short', 10]);
    expect(at(good.subarray(0, good.length - 1))).toEqual(['truncated', good.length - 1]);
    expect(at(edit((b) => (b[2] = 0x41)))[0]).toBe('bad-leader');
    expect(at(edit((b) => (b[good.length - 1] = 0x20)))).toEqual([
      'no-record-terminator',
      good.length - 1,
    ]);
    // Field 245's length made one longer: it then ends on the record terminator.
    expect(at(edit((b) => (b[24 + 12 + 6] = b[24 + 12 + 6]! + 1)))[0]).toBe('field-out-of-range');
    // Field 001's terminator replaced.
    const base = Number(String.fromCharCode(...good.subarray(12, 17)));
    expect(at(edit((b) => (b[base + 1] = 0x41)))).toEqual(['no-field-terminator', base + 1]);
    expect(at(edit((b) => (b[base - 1] = 0x41)))).toEqual(['bad-directory', base - 1]);
    expect(at(edit((b) => (b[24 + 5] = 0x41)))).toEqual(['bad-directory', 24 + 5]);
  });
  it('any corruption: a MarcRecordError or a record, never another error or a hang (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(good.length - 1), fc.integer({ min: 0, max: 255 })), {
          maxLength: 6,
        }),
        fc.nat(good.length),
        (edits, cut) => {
          const b = good.slice(0, cut);
          for (const [i, v] of edits) if (i < b.length) b[i] = v;
          try {
            decodeMarcRecord(b);
          } catch (e) {
            expect(e).toBeInstanceOf(MarcRecordError);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
  it('fields that overlap (a directory that names the same bytes many times) are refused: linear work', () => {
    const entry = `245${'0008'}${'00000'}`;
    const dir = entry.repeat(2000);
    const base = 24 + dir.length + 1;
    const total = base + 8 + 1;
    const rec = Uint8Array.from(
      `${String(total).padStart(5, '0')}nam a22${String(base).padStart(5, '0')}   4500${dir}\x1e10\x1faTit\x1e\x1d`,
      (c) => c.charCodeAt(0),
    );
    expect(at(rec)[0]).toBe('bad-directory');
  });
});

describe('the TSDoc examples', () => {
  it('run as written', () => {
    const leader = '00000nam a2200000   4500';
    expect(sniffMarcRecord(buildMarcRecord(leader, [['245', '10\u001faTitle']])).encoding).toBe(
      'utf-8',
    );
    const rec = buildMarcRecord('00000nam  2200000   4500', [
      ['001', 'x1'],
      ['245', '10\u001faCaf\u00e2e'],
    ]);
    expect(decodeMarcRecord(rec).fields[1]?.subfields?.[0]?.value).toBe('Café');
    expect(buildMarcRecord('00000nam a2200000   4500', [['001', 'x']]).length).toBe(24 + 13 + 3);
    try {
      decodeMarcRecord(new Uint8Array(10));
    } catch (e) {
      expect((e as MarcRecordError).reason).toBe('too-short');
    }
  });
});

describe('decoded and encoded back, byte for byte', () => {
  const sub = (code: string, text: string, enc: (s: string) => Uint8Array): string =>
    `${SF}${code}${String.fromCharCode(...enc(text))}`;
  it('MARC-8 with ANSEL marks, Greek, Cyrillic, Hebrew and EACC, each subfield written on its own', () => {
    const m8 = (s: string): Uint8Array => marc8.encode(s);
    const rec = buildMarcRecord('00000nam  2200000   4500', [
      ['001', 'rt-1'],
      ['008', '240101s2024    xx            000 0 und d'],
      [
        '245',
        `10${sub('a', 'Café Łódź', m8)}${sub('b', 'Ελληνικά', m8)}${sub('c', 'Война и мир', m8)}`,
      ],
      ['246', `1 ${sub('a', 'שלום', m8)}${sub('b', '一二三 中国', m8)}`],
    ]);
    const decoded = decodeMarcRecord(rec, { fatal: true });
    expect(decoded.fields[2]!.subfields!.map((s) => s.value)).toEqual([
      'Café Łódź',
      'Ελληνικά',
      'Война и мир',
    ]);
    expect(decoded.fields[3]!.subfields!.map((s) => s.value)).toEqual(['שלום', '一二三 中国']);
    expect(Array.from(encodeMarcRecord(decoded))).toEqual(Array.from(rec));
  });
  it('UTF-8 (leader 09 a)', () => {
    const u8 = (s: string): Uint8Array => new TextEncoder().encode(s);
    const rec = buildMarcRecord('00000nam a2200000   4500', [
      ['001', 'rt-2'],
      ['245', `10${sub('a', 'Ἰλιάς', u8)}${sub('c', 'Ὅμηρος 😀', u8)}`],
    ]);
    expect(Array.from(encodeMarcRecord(decodeMarcRecord(rec, { fatal: true })))).toEqual(
      Array.from(rec),
    );
  });
  it('a string above U+00FF is refused, not cut to its low byte', () => {
    const leader = '00000nam a2200000   4500';
    expect(() => buildMarcRecord(leader, [['245', '€😀']])).toThrow(
      new RangeError('field 245: U+20AC at index 0 is not a byte'),
    );
    expect(() => buildMarcRecord(leader, [['245', 'ab\ud83d']])).toThrow(
      new RangeError('field 245: U+D83D at index 2 is not a byte'),
    );
    expect(() => buildMarcRecord(`${leader.slice(0, 23)}ā`, [])).toThrow(
      new RangeError('the leader: U+101 at index 23 is not a byte'),
    );
    expect(() => buildMarcRecord(leader, [['2ā5', 'x']])).toThrow(RangeError);
    const decoded = decodeMarcRecord(buildMarcRecord(leader, [['001', 'x']]));
    expect(() =>
      encodeMarcRecord({ ...decoded, fields: [{ tag: '001', value: 'x€', offset: 0 }] }),
    ).toThrow(new RangeError('field 001: U+20AC at index 1 is not a byte'));
    // Latin-1 strings are bytes as they are
    expect(Array.from(buildMarcRecord(leader, [['245', 'Ã©']])).slice(37, 39)).toEqual([
      0xc3, 0xa9,
    ]);
  });
  it('the TSDoc example', () => {
    const rec = buildMarcRecord('00000nam  2200000   4500', [['245', '10\u001faCaf\u00e2e']]);
    expect(encodeMarcRecord(decodeMarcRecord(rec)).join() === rec.join()).toBe(true);
  });
});
