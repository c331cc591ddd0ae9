// The charset of a part that names none, as Thunderbird reads it
// (comm/mailnews/mime/src/mimetext.cpp): iCalendar defaults to UTF-8 (mimetext.cpp:98-105,
// RFC 5545 §3.1.4; vCard 4 is UTF-8 only, RFC 6350 §3.1), and HTML declares its own in a
// `<meta>` (mimetext.cpp:255-270; the HTML prescan, HTML §13.2.3.2).
import { describe, expect, it } from 'vitest';
import { decodeMimePart, encode } from '../src/index';

const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);

describe('text/calendar and text/vcard without a charset parameter', () => {
  it('read as UTF-8 (RFC 5545 §3.1.4, RFC 6350 §3.1)', () => {
    const ics = utf8('BEGIN:VCALENDAR\r\nSUMMARY:Réunion à Zürich\r\nEND:VCALENDAR\r\n');
    const part = decodeMimePart({ contentType: 'text/calendar; method=REQUEST', body: ics });
    expect(part.text).toContain('Réunion à Zürich');
    expect([part.charset, part.reason]).toEqual(['UTF-8', 'default']);
    const vcf = decodeMimePart({ contentType: 'Text/VCard', body: utf8('FN:Zoë\r\n') });
    expect(vcf.text).toBe('FN:Zoë\r\n');
  });

  it('a charset parameter still wins, and other text still defaults to us-ascii', () => {
    const latin1 = new Uint8Array([0x53, 0xe9]);
    expect(
      decodeMimePart({ contentType: 'text/calendar; charset=iso-8859-1', body: latin1 }).text,
    ).toBe('Sé');
    expect(decodeMimePart({ contentType: 'text/plain', body: utf8('é') }).charset).toBe(
      'windows-1252',
    );
  });
});

describe('text/html without a charset parameter', () => {
  const html = (charset: string, text: string): Uint8Array => {
    const head = utf8(`<html><head><meta charset="${charset}"></head><body>`);
    const body = encode(text, charset, { mode: 'iana' });
    const out = new Uint8Array(head.length + body.length);
    out.set(head);
    out.set(body, head.length);
    return out;
  };

  it('reads the charset its <meta> declares (mimetext.cpp:255-270)', () => {
    const part = decodeMimePart({ contentType: 'text/html', body: html('koi8-r', 'Привет') });
    expect(part.text).toContain('Привет');
    expect([part.charset, part.reason]).toEqual(['KOI8-R', 'meta']);
    // through a transfer encoding too
    const qp = decodeMimePart({
      contentType: 'text/html',
      transferEncoding: 'quoted-printable',
      body: '<meta http-equiv=3D"Content-Type" content=3D"text/html; charset=3Dutf-8">caf=C3=A9',
    });
    expect([qp.text.endsWith('café'), qp.reason]).toEqual([true, 'meta']);
  });

  it('a charset parameter or a byte order mark outranks the <meta>', () => {
    const body = html('koi8-r', 'Привет');
    expect(decodeMimePart({ contentType: 'text/html; charset=utf-8', body }).reason).toBe(
      'content-type',
    );
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('<meta charset="koi8-r">é')]);
    expect(decodeMimePart({ contentType: 'text/html', body: bom }).text).toBe(
      '<meta charset="koi8-r">é',
    );
  });

  it('text/plain is not scanned, and HTML without a <meta> keeps the default', () => {
    expect(
      decodeMimePart({ contentType: 'text/plain', body: html('koi8-r', 'Привет') }).reason,
    ).toBe('default');
    expect(decodeMimePart({ contentType: 'text/html', body: utf8('<p>é') }).reason).toBe('default');
  });
});
