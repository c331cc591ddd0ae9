// ISO 2709 records (MARC 21 and UNIMARC) and where they declare their charset: MARC 21 in leader
// position 09, UNIMARC in field 100 $a positions 26-33, as HTML declares it in <meta> and mail in
// Content-Type.
// ISO 2709 layout: https://www.loc.gov/marc/specifications/specrecstruc.html (MARC 21 Specifications,
// Record Structure); MARC 21 leader 09: https://www.loc.gov/marc/bibliographic/bdleader.html
import { codec as marc8 } from '@x/legacy-charsets/marc-8';
import { codec as unimarc } from '@x/legacy-charsets/unimarc';
import { type UnimarcCharsets, unimarcCharsets, unimarcDesignation } from '@x/legacy-charsets';
import { type Bytes, toBytes, decode as utf8, encode as utf8Encode } from '@x/utf8';

const FIELD_END = 0x1e;
const RECORD_END = 0x1d;
const SUBFIELD = 0x1f;

/** What is wrong with a record. */
export type MarcRecordErrorReason =
  | 'too-short'
  | 'bad-leader'
  | 'truncated'
  | 'bad-directory'
  | 'field-out-of-range'
  | 'no-field-terminator'
  | 'no-record-terminator'
  | 'bad-data';

/**
 * A malformed ISO 2709 record, with the byte offset where the problem is.
 * @example
 * ```ts
 * try { decodeMarcRecord(new Uint8Array(10)); } catch (e) { (e as MarcRecordError).reason; } // 'too-short'
 * ```
 */
export class MarcRecordError extends Error {
  /** Always `MarcRecordError`. */
  override readonly name = 'MarcRecordError';
  /** What is wrong. */
  readonly reason: MarcRecordErrorReason;
  /** Byte offset in the record. */
  readonly offset: number;
  constructor(reason: MarcRecordErrorReason, offset: number, message: string) {
    super(`${message} (at byte ${offset})`);
    this.reason = reason;
    this.offset = offset;
  }
}

/** Why the record's charset was chosen (as `decodeDocument` reports its reason). */
export type MarcCharsetReason = 'leader' | 'field-100' | 'default';

/** The format and charset of a record, from {@link sniffMarcRecord}. */
export interface SniffedMarcRecord {
  /** `marc21`, or `unimarc` when field 100 $a has the UNIMARC layout (or the option says so). */
  readonly format: 'marc21' | 'unimarc';
  /** The codec: `utf-8`, `marc-8` or `unimarc`. */
  readonly encoding: 'utf-8' | 'marc-8' | 'unimarc';
  /** Where the charset came from: leader 09, field 100, or the format's default. */
  readonly reason: MarcCharsetReason;
  /** The leader, 24 characters. */
  readonly leader: string;
  /** UNIMARC: the sets field 100 positions 26-33 name. */
  readonly unimarc?: UnimarcCharsets;
}

/** One subfield: its code and its text. */
export interface MarcSubfield {
  /** The subfield code, e.g. `a`. */
  readonly code: string;
  /** The subfield's text. */
  readonly value: string;
}

/** One field of a record: a control field (tag 001-009) keeps its value, a data field has indicators and subfields. */
export interface MarcField {
  /** The three-character tag, e.g. `245`. */
  readonly tag: string;
  /** Offset of the field's data in the record. */
  readonly offset: number;
  /** A control field's value (ASCII by the standard, read byte for byte). */
  readonly value?: string;
  /** A data field's two indicators. */
  readonly indicators?: string;
  /** A data field's subfields, in the record's charset. */
  readonly subfields?: readonly MarcSubfield[];
}

/** A decoded record, from {@link decodeMarcRecord}. */
export interface DecodedMarcRecord extends SniffedMarcRecord {
  /** The fields, in directory order. */
  readonly fields: readonly MarcField[];
}

/** Options of {@link sniffMarcRecord} and {@link decodeMarcRecord}. */
export interface MarcRecordOptions {
  /** Read the record as this format instead of telling it from field 100. */
  readonly format?: 'marc21' | 'unimarc';
  /** Throw on bytes the charset does not map instead of writing U+FFFD. */
  readonly fatal?: boolean;
}

const latin1 = (b: Uint8Array): string => {
  let s = '';
  for (let i = 0; i < b.length; i++) s += String.fromCharCode(b[i]!);
  return s;
};

const digits = (b: Uint8Array, at: number, n: number, what: string): number => {
  let v = 0;
  for (let i = at; i < at + n; i++) {
    const d = b[i]! - 0x30;
    if (!(d >= 0 && d <= 9))
      throw new MarcRecordError(
        at < 24 ? 'bad-leader' : 'bad-directory',
        i,
        `${what} is not a number`,
      );
    v = v * 10 + d;
  }
  return v;
};

interface Entry {
  tag: string;
  start: number;
  end: number;
}

/** The record's layout: leader, directory entries (absolute start/end of each field, terminator excluded). */
function layout(input: Bytes): { bytes: Uint8Array; leader: string; entries: Entry[] } {
  const bytes = toBytes(input, 'bytes');
  if (bytes.length < 24)
    throw new MarcRecordError('too-short', bytes.length, 'a record has a 24-byte leader');
  // Leader 00-04: record length; 12-16: base address of data; 20-21: lengths in the directory.
  const length = digits(bytes, 0, 5, 'record length');
  const base = digits(bytes, 12, 5, 'base address of data');
  const lenLen = digits(bytes, 20, 1, 'length of the field length');
  const startLen = digits(bytes, 21, 1, 'length of the starting position');
  if (length < 26 || base < 25 || base >= length || lenLen === 0 || startLen === 0)
    throw new MarcRecordError('bad-leader', 0, 'record length or base address out of range');
  if (length > bytes.length)
    throw new MarcRecordError('truncated', bytes.length, `the leader says ${length} bytes`);
  if (bytes[length - 1] !== RECORD_END)
    throw new MarcRecordError(
      'no-record-terminator',
      length - 1,
      'the record does not end in 0x1D',
    );
  if (bytes[base - 1] !== FIELD_END)
    throw new MarcRecordError(
      'bad-directory',
      base - 1,
      'the directory does not end in 0x1E before the base address',
    );
  const size = 3 + lenLen + startLen;
  if ((base - 1 - 24) % size !== 0)
    throw new MarcRecordError(
      'bad-directory',
      24,
      `the directory is not a whole number of ${size}-byte entries`,
    );
  const entries: Entry[] = [];
  let used = 0;
  for (let at = 24; at < base - 1; at += size) {
    const tag = latin1(bytes.subarray(at, at + 3));
    const len = digits(bytes, at + 3, lenLen, `field ${tag} length`);
    const start = digits(bytes, at + 3 + lenLen, startLen, `field ${tag} start`);
    const from = base + start;
    const end = from + len - 1;
    if (len < 1 || end >= length - 1 || end < from)
      throw new MarcRecordError('field-out-of-range', at, `field ${tag} lies outside the record`);
    if (bytes[end] !== FIELD_END)
      throw new MarcRecordError('no-field-terminator', end, `field ${tag} does not end in 0x1E`);
    // Fields may not share bytes: the work stays linear in the record's length.
    used += len;
    if (used > length - base) throw new MarcRecordError('bad-directory', at, 'fields overlap');
    entries.push({ tag, start: from, end });
  }
  return { bytes, leader: latin1(bytes.subarray(0, 24)), entries };
}

/** The first subfield $a of a field, read as ASCII. */
function subfieldA(bytes: Uint8Array, e: Entry): string | undefined {
  const data = bytes.subarray(e.start, e.end);
  const k = data.indexOf(SUBFIELD);
  if (k < 0 || data[k + 1] !== 0x61) return undefined;
  let end = data.indexOf(SUBFIELD, k + 2);
  if (end < 0) end = data.length;
  return latin1(data.subarray(k + 2, end));
}

const UNIMARC_100 = /^\d{8}[a-z]/;

function sniff(
  bytes: Uint8Array,
  leader: string,
  entries: Entry[],
  options?: MarcRecordOptions,
): SniffedMarcRecord {
  const f100 = entries.find((e) => e.tag === '100');
  const a = f100 ? subfieldA(bytes, f100) : undefined;
  const unimarcLayout = a !== undefined && a.length >= 34 && UNIMARC_100.test(a);
  const format = options?.format ?? (unimarcLayout ? 'unimarc' : 'marc21');
  if (format === 'unimarc') {
    if (a === undefined || a.length < 34)
      return { format, encoding: 'unimarc', reason: 'default', leader };
    const sets = unimarcCharsets(a);
    return {
      format,
      encoding: sets.unicode ? 'utf-8' : 'unimarc',
      reason: 'field-100',
      leader,
      unimarc: sets,
    };
  }
  // MARC 21 leader 09: 'a' UCS/Unicode (UTF-8), blank MARC-8.
  const l9 = leader[9];
  if (l9 === 'a') return { format, encoding: 'utf-8', reason: 'leader', leader };
  return { format, encoding: 'marc-8', reason: l9 === ' ' ? 'leader' : 'default', leader };
}

/**
 * Read an ISO 2709 record's format and charset without decoding its fields: MARC 21 leader
 * position 09 (`a` = UCS/Unicode, blank = MARC-8), or for a UNIMARC record (field 100 $a in
 * UNIMARC's layout) field 100 positions 26-33 through `unimarcCharsets`.
 * {@link https://www.loc.gov/marc/bibliographic/bdleader.html | MARC 21 Leader/09}
 * @param bytes - one record, leader first
 * @param options - `format` to skip telling MARC 21 from UNIMARC
 * @returns the format, the codec name, the reason and the leader
 * @throws {@link MarcRecordError} for a malformed record, with the offset
 * @example
 * ```ts
 * const leader = '00000nam a2200000   4500'; // leader 09 'a': UCS/Unicode
 * sniffMarcRecord(buildMarcRecord(leader, [['245', '10\u001faTitle']])).encoding; // 'utf-8'
 * ```
 */
export function sniffMarcRecord(bytes: Bytes, options?: MarcRecordOptions): SniffedMarcRecord {
  const r = layout(bytes);
  return sniff(r.bytes, r.leader, r.entries, options);
}

/**
 * Decode an ISO 2709 record: leader, directory, control fields (kept as they are) and data fields
 * (indicators, and subfields decoded in the record's charset, one MARC-8 or UNIMARC decoder per
 * field so that escape sequences hold to the end of the field). A UNIMARC record whose field 100
 * names G0/G1 sets other than the defaults has them designated at the start of each field.
 * @param bytes - one record, leader first
 * @param options - `format`; `fatal` to throw on unmapped bytes
 * @returns the sniffed format and charset, and the fields in directory order
 * @throws {@link MarcRecordError} for a malformed record (bad lengths, directory past the end,
 * missing terminators), with the offset; the codec's DecodeError when `fatal`
 * @example
 * ```ts
 * const rec = buildMarcRecord('00000nam  2200000   4500', [['001', 'x1'], ['245', '10\u001faCaf\u00e2e']]);
 * decodeMarcRecord(rec).fields[1]?.subfields?.[0]?.value; // 'Café' (MARC-8: ANSEL E2 acute before e)
 * ```
 */
export function decodeMarcRecord(bytes: Bytes, options?: MarcRecordOptions): DecodedMarcRecord {
  const { bytes: b, leader, entries } = layout(bytes);
  const sniffed = sniff(b, leader, entries, options);
  const fatal = options?.fatal === true;
  let prefix: number[] = [];
  if (sniffed.encoding === 'unimarc' && sniffed.unimarc) {
    const { g0, g1 } = sniffed.unimarc;
    if (g0?.final && g0.final !== '@') prefix.push(...unimarcDesignation(g0, 'G0'));
    if (g1?.final && g1.final !== 'P') prefix.push(...unimarcDesignation(g1, 'G1'));
  }
  const fields: MarcField[] = entries.map((e) => {
    const data = b.subarray(e.start, e.end);
    if (e.tag.startsWith('00')) return { tag: e.tag, offset: e.start, value: latin1(data) };
    if (data.length < 2)
      throw new MarcRecordError('bad-data', e.start, `field ${e.tag} has no indicators`);
    const codec =
      sniffed.encoding === 'marc-8' ? marc8 : sniffed.encoding === 'unimarc' ? unimarc : undefined;
    const decoder = codec?.createDecoder({ fatal });
    if (decoder && prefix.length > 0) decoder.decode(new Uint8Array(prefix), { stream: true });
    const subfields: MarcSubfield[] = [];
    let at = 2;
    while (at < data.length) {
      if (data[at] !== SUBFIELD)
        throw new MarcRecordError(
          'bad-data',
          e.start + at,
          `field ${e.tag}: data before the first subfield delimiter`,
        );
      let end = data.indexOf(SUBFIELD, at + 1);
      if (end < 0) end = data.length;
      const code = at + 1 < end ? String.fromCharCode(data[at + 1]!) : '';
      const raw = data.subarray(Math.min(at + 2, end), end);
      const value = decoder
        ? decoder.decode(raw, { stream: end < data.length })
        : utf8(raw, { fatal });
      subfields.push({ code, value: decoder ? value.normalize('NFC') : value });
      at = end;
    }
    return { tag: e.tag, offset: e.start, indicators: latin1(data.subarray(0, 2)), subfields };
  });
  prefix = [];
  return { ...sniffed, fields };
}

/**
 * The bytes of a string of bytes (each character U+0000-U+00FF, one byte); a `RangeError` naming
 * `what` and the index of the first character that is not one.
 */
function byteString(s: string, what: string): Uint8Array {
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c > 0xff)
      throw new RangeError(
        `${what}: U+${c.toString(16).toUpperCase()} at index ${i} is not a byte`,
      );
    out[i] = c;
  }
  return out;
}

/**
 * Lay out an ISO 2709 record: the leader (its lengths and base address filled in), the directory,
 * and the fields, each given as its data without the terminator (bytes, or a string of bytes
 * U+0000-U+00FF). The inverse of the layout {@link decodeMarcRecord} reads.
 * @param leader - 24 characters; positions 00-04 and 12-16 are overwritten
 * @param fields - tag and data of each field, in order
 * @returns the record's bytes
 * @throws RangeError when the leader is not 24 characters, a tag not 3, a string holds a character
 *   above U+00FF (naming its index), or the record is over 99999 bytes
 * @example
 * ```ts
 * buildMarcRecord('00000nam a2200000   4500', [['001', 'x']]).length; // 24 + 13 + 3
 * ```
 */
export function buildMarcRecord(
  leader: string,
  fields: readonly (readonly [string, Uint8Array | string])[],
): Uint8Array {
  if (leader.length !== 24) throw new RangeError('a leader is 24 characters');
  byteString(leader, 'the leader');
  const data = fields.map(([tag, d]) => {
    if (tag.length !== 3) throw new RangeError(`tag ${JSON.stringify(tag)} is not 3 characters`);
    byteString(tag, 'a tag');
    return typeof d === 'string' ? byteString(d, `field ${tag}`) : d;
  });
  const base = 24 + 12 * fields.length + 1;
  let total = base;
  for (const d of data) total += d.length + 1;
  total += 1;
  if (total > 99999) throw new RangeError('an ISO 2709 record holds at most 99999 bytes');
  const out = new Uint8Array(total);
  const pad = (n: number, w: number): string => String(n).padStart(w, '0');
  const head = `${pad(total, 5)}${leader.slice(5, 12)}${pad(base, 5)}${leader.slice(17, 20)}4500`;
  for (let i = 0; i < 24; i++) out[i] = head.charCodeAt(i);
  let at = 24;
  let start = 0;
  let pos = base;
  data.forEach((d, k) => {
    const entry = fields[k]![0] + pad(d.length + 1, 4) + pad(start, 5);
    for (let i = 0; i < 12; i++) out[at + i] = entry.charCodeAt(i);
    at += 12;
    out.set(d, pos);
    pos += d.length;
    out[pos++] = FIELD_END;
    start += d.length + 1;
  });
  out[at] = FIELD_END;
  out[total - 1] = RECORD_END;
  return out;
}

/**
 * Write a decoded record back as ISO 2709: the leader (lengths and base address recomputed), the
 * fields in order, control fields as they are, each subfield encoded in the record's charset on its
 * own (MARC-8 and UNIMARC return to their default sets at the end of each subfield). A record whose
 * subfields were written that way comes back byte for byte.
 * @param record - what {@link decodeMarcRecord} gave (or the same shape built by hand)
 * @returns the record's bytes
 * @throws the codec's EncodeError for a character the charset cannot hold; RangeError as
 * {@link buildMarcRecord}
 * @example
 * ```ts
 * const rec = buildMarcRecord('00000nam  2200000   4500', [['245', '10\u001faCaf\u00e2e']]);
 * encodeMarcRecord(decodeMarcRecord(rec)).join() === rec.join(); // true
 * ```
 */
export function encodeMarcRecord(record: DecodedMarcRecord): Uint8Array {
  const codec =
    record.encoding === 'marc-8' ? marc8 : record.encoding === 'unimarc' ? unimarc : undefined;
  const fields = record.fields.map((f): [string, Uint8Array] => {
    if (f.subfields === undefined) return [f.tag, byteString(f.value ?? '', `field ${f.tag}`)];
    const parts: number[] = [...byteString(f.indicators ?? '  ', `the indicators of ${f.tag}`)];
    for (const sf of f.subfields) {
      parts.push(SUBFIELD, ...byteString(sf.code, `a subfield code of ${f.tag}`));
      const bytes = codec ? codec.encode(sf.value) : utf8Encode(sf.value);
      for (let i = 0; i < bytes.length; i++) parts.push(bytes[i]!);
    }
    return [f.tag, Uint8Array.from(parts)];
  });
  return buildMarcRecord(record.leader, fields);
}
