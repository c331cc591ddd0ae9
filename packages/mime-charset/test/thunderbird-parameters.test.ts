// RFC 2231 continuations and fallbacks as Thunderbird's tests read them
// (comm/mailnews/mime/jsmime/test/unit/test_header.js, the parameter header block).
import { describe, expect, it } from 'vitest';
import { decodeParameters } from '../src/index';

const lenient = { strict: false } as const;
const filename = (header: string, strict = true): string | undefined =>
  decodeParameters(header, { strict }).parameters.get('filename')?.value;

describe('continuations without a *0 (RFC 2231 §3)', () => {
  it('are ignored and the plain value kept, strict and lenient (test_header.js:174)', () => {
    const header = 'attachment; filename=basic; filename*1=foo; filename*2=bar';
    expect(filename(header)).toBe('basic');
    expect(filename(header, false)).toBe('basic');
    expect(decodeParameters(header).issues).toEqual([
      { name: 'filename', reason: 'missing-section' },
    ]);
    expect(decodeParameters(header, lenient).issues).toEqual([
      { name: 'filename', reason: 'missing-section' },
    ]);
  });

  it('without a plain value, no value at all', () => {
    expect(filename('attachment; filename*1=foo; filename*2=bar', false)).toBeUndefined();
    expect(filename('attachment; filename*1=foo; filename*2=bar')).toBeUndefined();
  });
});

describe('a gap in the sections', () => {
  it('lenient: the sections before the first gap (test_header.js:133)', () => {
    const r = decodeParameters('attachment; filename*0=foo; filename*2=bar', lenient);
    expect(r.parameters.get('filename')).toEqual({ value: 'foo' });
    expect(r.issues).toEqual([{ name: 'filename', reason: 'missing-section' }]);
    // test_header.js:146
    expect(
      filename(
        "attachment; filename=basic; filename*0*=UTF-8''multi; filename*1=line; filename*3*=%20extended",
        false,
      ),
    ).toBe('multiline');
  });

  it('strict: the sections are ignored, the plain value kept', () => {
    expect(filename('attachment; filename=basic; filename*0=foo; filename*2=bar')).toBe('basic');
    expect(filename('attachment; filename*0=foo; filename*2=bar')).toBeUndefined();
  });
});

describe('repeated sections (lenient)', () => {
  it('the first of each number wins, and the sections after a repeat are ignored (test_header.js:152)', () => {
    const header =
      "attachment; filename=basic; filename*0*=UTF-8''multi; filename*1=line; filename*0*=UTF-8''wrong; filename*1=bad; filename*2=evil";
    const r = decodeParameters(header, lenient);
    expect(r.parameters.get('filename')).toEqual({ value: 'multiline', charset: 'UTF-8' });
    expect(r.issues).toEqual(
      ["filename*0*=UTF-8''wrong", 'filename*1=bad', 'filename*2=evil'].map((p) => ({
        name: 'filename', // as `parameters` names it; `index` tells which section
        reason: 'malformed',
        index: header.indexOf(p),
      })),
    );
  });
});

describe('an extended value that cannot be decoded, beside a plain one', () => {
  it('lenient: invalid bytes for the charset, the plain value is used (test_header.js:257, 261)', () => {
    const r = decodeParameters("attachment; filename*=UTF-8''A%e4B; filename=fallback", lenient);
    expect(r.parameters.get('filename')).toEqual({ value: 'fallback' });
    expect(r.issues).toEqual([{ name: 'filename', reason: 'invalid-bytes' }]);
    expect(filename("attachment; filename*0*=UTF-8''A%e4B; filename=fallback", false)).toBe(
      'fallback',
    );
  });

  it('lenient: an unknown charset, the plain value is used', () => {
    const r = decodeParameters("attachment; filename*=x-klingon''abc; filename=fallback", lenient);
    expect(r.parameters.get('filename')).toEqual({ value: 'fallback' });
    expect(r.issues).toEqual([{ name: 'filename', reason: 'unknown-charset' }]);
  });

  it('without a plain value, or strict: the extended value with U+FFFD, reported', () => {
    const alone = decodeParameters("attachment; filename*=UTF-8''A%e4B", lenient);
    expect(alone.parameters.get('filename')).toEqual({ value: 'A\uFFFDB', charset: 'UTF-8' });
    expect(alone.issues).toEqual([{ name: 'filename', reason: 'invalid-bytes' }]);
    const strict = decodeParameters("attachment; filename*=UTF-8''A%e4B; filename=fallback");
    expect(strict.parameters.get('filename')).toEqual({ value: 'A\uFFFDB', charset: 'UTF-8' });
    expect(strict.issues).toEqual([{ name: 'filename', reason: 'invalid-bytes' }]);
  });

  it('a decodable extended value still wins (test_header.js:122-130, 244)', () => {
    expect(
      filename(
        "attachment; filename=basic; filename*0=first; filename*0=wrong; filename*=UTF-8''extended",
        false,
      ),
    ).toBe('extended');
    expect(filename("attachment; filename*=ISO-8859-1''%e2%82%ac")).toBe('â‚¬');
  });
});

describe('a space where a ; is missing (lenient)', () => {
  it('ends a token value before another parameter (test_header.js:300, RFC 2045 §5.1)', () => {
    const r = decodeParameters('attachment; extension=bla filename=foo', lenient);
    expect(r.parameters.get('extension')).toEqual({ value: 'bla' });
    expect(r.parameters.get('filename')).toEqual({ value: 'foo' });
    expect(r.issues).toEqual([{ name: 'extension', reason: 'malformed', index: 26 }]);
  });

  it('an unquoted value with spaces and no = after them still runs to the ;', () => {
    const r = decodeParameters('attachment; filename=My Document.doc; size=3', lenient);
    expect(r.parameters.get('filename')).toEqual({ value: 'My Document.doc' });
    expect(r.parameters.get('size')).toEqual({ value: '3' });
    // A token holds no space (RFC 2045 §5.1): reported where it ended.
    expect(r.issues).toEqual([{ name: 'filename', reason: 'malformed', index: 24 }]);
  });
});
