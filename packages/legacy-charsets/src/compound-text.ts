import { codec as big5 } from './big5';
import type { Codec } from './codec';
import { codec as gb18030 } from './gb18030';
import { codec as gbk } from './gbk';
import { compoundText } from './iso2022/machine';
import { codec as l1 } from './iso-8859-1';
import { codec as l2 } from './iso-8859-2';
import { codec as l3 } from './iso-8859-3';
import { codec as l4 } from './iso-8859-4';
import { codec as l5 } from './iso-8859-5';
import { codec as l6 } from './iso-8859-6';
import { codec as l7 } from './iso-8859-7';
import { codec as l8 } from './iso-8859-8';
import { codec as l9 } from './iso-8859-9';
import { codec as l10 } from './iso-8859-10';
import { codec as l11 } from './iso-8859-11';
import { codec as l13 } from './iso-8859-13';
import { codec as l14 } from './iso-8859-14';
import { codec as l15 } from './iso-8859-15';
import { codec as l16 } from './iso-8859-16';
import { codec as koi8r } from './koi8-r';
import { codec as koi8u } from './koi8-u-rfc2319';
import { codec as utf16be } from './utf-16be';
import { codec as w1250 } from './windows-1250';
import { codec as w1251 } from './windows-1251';
import { codec as w1252 } from './windows-1252';
import { codec as w1253 } from './windows-1253';
import { codec as w1254 } from './windows-1254';
import { codec as w1255 } from './windows-1255';
import { codec as w1256 } from './windows-1256';
import { codec as w1257 } from './windows-1257';
import { codec as w1258 } from './windows-1258';

/**
 * The charsets of Compound Text's extended segments (X Consortium, Compound Text Encoding §6,
 * "Non-Standard Character Set Encodings") this codec reads, by their X registry-encoding name
 * (lowercase), as Xlib's locale database writes them.
 */
const SEGMENTS = /* @__PURE__ */ new Map<string, Codec>([
  ['iso8859-1', l1],
  ['iso8859-2', l2],
  ['iso8859-3', l3],
  ['iso8859-4', l4],
  ['iso8859-5', l5],
  ['iso8859-6', l6],
  ['iso8859-7', l7],
  ['iso8859-8', l8],
  ['iso8859-9', l9],
  ['iso8859-10', l10],
  ['iso8859-11', l11],
  ['iso8859-13', l13],
  ['iso8859-14', l14],
  ['iso8859-15', l15],
  ['iso8859-16', l16],
  ['koi8-r', koi8r],
  // X's KOI8-U is RFC 2319's (the WHATWG koi8-u is KOI8-RU-like).
  ['koi8-u', koi8u],
  // The WHATWG Big5 holds HKSCS too.
  ['big5-0', big5],
  ['big5hkscs-0', big5],
  ['gbk-0', gbk],
  ['gb18030-0', gb18030],
  // ISO 10646 in two octets a character, UCS-2 big-endian.
  ['iso10646-1', utf16be],
  ['microsoft-cp1250', w1250],
  ['microsoft-cp1251', w1251],
  ['microsoft-cp1252', w1252],
  ['microsoft-cp1253', w1253],
  ['microsoft-cp1254', w1254],
  ['microsoft-cp1255', w1255],
  ['microsoft-cp1256', w1256],
  ['microsoft-cp1257', w1257],
  ['microsoft-cp1258', w1258],
]);

/**
 * The extended-segment charset names `compound-text` reads (lowercase X registry-encoding names;
 * a segment's name is matched without regard to case).
 * @example
 * ```ts
 * import { segmentCharsets } from '@x/legacy-charsets/compound-text';
 * segmentCharsets.includes('iso8859-15'); // true
 * ```
 */
export const segmentCharsets: readonly string[] = /* @__PURE__ */ Array.from(SEGMENTS.keys());

/**
 * The compound-text codec: X11 Compound Text, the ISO 2022 profile of X selections and window
 * titles (ASCII in G0, the upper half of ISO 8859-1 in G1 at the start; other sets by designation,
 * chosen for the shortest output). The decoder also reads extended segments,
 * `ESC % / F M L name STX bytes`, in the charsets of {@link segmentCharsets} (another name is an
 * error at the segment's offset, or one U+FFFD), and UTF-8 segments, `ESC % G` … `ESC % @`.
 * @example
 * ```ts
 * import { codec } from '@x/legacy-charsets/compound-text';
 * Array.from(codec.encode('é')); // [0xe9]
 * codec.decode(new Uint8Array([0x1b, 0x2d, 0x46, 0xe1, 0x1b, 0x2d, 0x41])); // 'α'
 * // An extended segment: ESC % / 1, length 0x80 0x8c (12 bytes), "iso8859-15", STX, 0xA4.
 * const name = Array.from('iso8859-15', (c) => c.charCodeAt(0));
 * codec.decode(new Uint8Array([0x1b, 0x25, 0x2f, 0x31, 0x80, 0x8c, ...name, 0x02, 0xa4])); // '€'
 * // A UTF-8 segment.
 * codec.decode(new Uint8Array([0x1b, 0x25, 0x47, 0xe2, 0x82, 0xac, 0x1b, 0x25, 0x40])); // '€'
 * ```
 */
export const codec: Codec = /* @__PURE__ */ compoundText('compound-text', false, (name) =>
  SEGMENTS.get(name),
);
