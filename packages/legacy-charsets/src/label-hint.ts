// What to tell a caller who passed a label (`latin1`, `greek`, `win1253`) where a codec name goes.
// This package does not resolve labels: @x/mime-charset does. A few common labels are listed here
// with what @x/mime-charset makes of them (WHATWG mode, and its IANA mode where that differs), so
// the error can name the codec to use. The table is for the message only; `getCodec` never reads it.

/** label:whatwg codec[/iana codec]; an empty whatwg part: a label only the IANA mode knows. */
const HINTS =
  'latin1:windows-1252/iso-8859-1,l1:windows-1252/iso-8859-1,iso_8859-1:windows-1252/iso-8859-1,' +
  'cp819:windows-1252/iso-8859-1,csisolatin1:windows-1252/iso-8859-1,iso8859-1:windows-1252,' +
  'ascii:windows-1252,ansi_x3.4-1968:windows-1252/us-ascii,us:/us-ascii,latin2:iso-8859-2,' +
  'latin5:windows-1254/iso-8859-9,greek:iso-8859-7,greek8:iso-8859-7,cyrillic:iso-8859-5,' +
  'hebrew:iso-8859-8,arabic:iso-8859-6,tis-620:windows-874/iso-8859-11,koi8:koi8-r,' +
  'mac:macintosh,sjis:shift_jis,shift-jis:shift_jis,ms932:shift_jis,ms_kanji:shift_jis,' +
  'x-sjis:shift_jis,windows-31j:shift_jis/cp932,gb2312:gbk,chinese:gbk,x-gbk:gbk,' +
  'big5-hkscs:big5,korean:euc-kr,ks_c_5601-1987:euc-kr,ucs-2:utf-16le,utf-16:utf-16le/utf-16be,' +
  'unicode:utf-16le,utf8:utf-8,utf-8:utf-8,ibm437:/cp437,ibm850:/cp850,ibm037:/cp037,' +
  'csiso2022kr:replacement/iso-2022-kr';

/** The message of the RangeError for a name that is no codec here. */
export function unknownName(name: string): string {
  const lower = name.toLowerCase();
  let hint = '';
  for (const entry of HINTS.split(',')) {
    const [label, meaning] = entry.split(':') as [string, string];
    if (label !== lower) continue;
    const [whatwg, iana] = meaning.split('/');
    const utf8 = whatwg === 'utf-8' ? ' (a codec of @x/utf8)' : '';
    hint = !whatwg
      ? `, where "${name}" means ${iana} in its iana mode`
      : iana
        ? `, where "${name}" means ${whatwg} (WHATWG mode, the default) and ${iana} in its iana mode`
        : `, where "${name}" means ${whatwg}${utf8}`;
  }
  // Spellings of the Windows code pages no registry has: name the codec they surely mean.
  const windows = /^(?:win|ms|cp-)(125\d|874)$/.exec(lower);
  if (!hint && windows)
    hint = `; "${name}" is no label there either: the codec is windows-${windows[1]}`;
  // The JIS X 0213 codecs are subpaths only (their table and code would add some 7 KB min+gzip, about 5%, to the main entry).
  if (/^(?:euc-jis-2004|shift_jis-2004|iso-2022-jp-2004)$/.test(lower))
    return `"${name}" is not in the main entry of @x/legacy-charsets: import { codec } from '@x/legacy-charsets/${lower}'`;
  return `Unknown charset name "${name}": @x/legacy-charsets takes canonical codec names only (encodings() lists them); labels and aliases are @x/mime-charset's job${hint}`;
}
