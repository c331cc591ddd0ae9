// The byte-taking exports added for mail parts, detection and catalogue records take exactly what
// TextDecoder.decode takes (WebIDL AllowSharedBufferSource): each kind of input below must give what
// the same bytes give as a Uint8Array, and anything else is a TypeError naming the argument.
import { describe, expect, it } from 'vitest';
import { detectCharset } from '../src/detect';
import {
  decodeBase64,
  decodeMimePart,
  decodeQuotedPrintable,
  decodeTransferEncoding,
  encodeBase64,
  encodeQuotedPrintable,
} from '../src/index';
import { buildMarcRecord, decodeMarcRecord, sniffMarcRecord } from '../src/marc';

// 16 bytes: a whole number of elements of every typed array kind.
const QP = new TextEncoder().encode('caf=C3=A9 =3D 1 ');
const B64 = new TextEncoder().encode('Y2Fmw6kgPSAxIA==');
const GREEK = Uint8Array.of(
  0xea,
  0xe1,
  0xeb,
  0xe7,
  0x20,
  0xec,
  0xdd,
  0xf1,
  0xe1,
  0x20,
  0xea,
  0xe1,
  0xeb,
  0xe7,
  0x20,
  0x2e,
);

/** Every accepted kind of input holding `bytes` (and only them). */
function kinds(bytes: Uint8Array): [string, () => unknown][] {
  const shared = () => {
    const s = new Uint8Array(new SharedArrayBuffer(bytes.length));
    s.set(bytes);
    return s;
  };
  const offset = () => {
    const b = new ArrayBuffer(bytes.length + 8);
    new Uint8Array(b).fill(0x21).set(bytes, 8);
    return new DataView(b, 8, bytes.length);
  };
  return [
    ['ArrayBuffer', () => bytes.slice().buffer],
    ['SharedArrayBuffer', () => shared().buffer],
    ['view of a SharedArrayBuffer', shared],
    ['DataView at an offset', offset],
    ['Buffer', () => Buffer.from(bytes)],
    // Wider elements where the length allows (a catalogue record's length is its own).
    ...(bytes.length % 2 === 0
      ? [['Uint16Array', () => new Uint16Array(bytes.slice().buffer)] as [string, () => unknown]]
      : []),
    ...(bytes.length % 8 === 0
      ? [['Float64Array', () => new Float64Array(bytes.slice().buffer)] as [string, () => unknown]]
      : []),
  ];
}

const REFUSED: [string, unknown][] = [
  ['an array of numbers', [0x41, 0x42]],
  ['a number', 3],
  ['null', null],
  ['an object shaped like a view', { buffer: new ArrayBuffer(2), byteOffset: 0, byteLength: 2 }],
];

// A MARC 21 record whose leader 09 says MARC-8, with an ANSEL acute accent.
const record = buildMarcRecord('00000nam  2200000   4500', [
  ['001', 'x1'],
  ['245', '10\u001faCaf\u00e2e'],
]);

const CASES: [string, Uint8Array, (input: never) => unknown, string][] = [
  ['decodeQuotedPrintable', QP, (i) => [...decodeQuotedPrintable(i)], 'input'],
  ['encodeQuotedPrintable', QP, (i) => encodeQuotedPrintable(i), 'input'],
  ['decodeBase64', B64, (i) => [...decodeBase64(i)], 'input'],
  ['encodeBase64', B64, (i) => encodeBase64(i), 'input'],
  [
    'decodeTransferEncoding (base64)',
    B64,
    (i) => [...decodeTransferEncoding(i, 'base64')!],
    'input',
  ],
  ['decodeTransferEncoding (8bit)', GREEK, (i) => [...decodeTransferEncoding(i, '8bit')!], 'body'],
  [
    'decodeMimePart',
    GREEK,
    (i) => decodeMimePart({ contentType: 'text/plain; charset=windows-1253', body: i }).text,
    'body',
  ],
  ['detectCharset', GREEK, (i) => detectCharset(i)[0]?.encoding, 'bytes'],
  ['sniffMarcRecord', record, (i) => sniffMarcRecord(i).encoding, 'bytes'],
  ['decodeMarcRecord', record, (i) => JSON.stringify(decodeMarcRecord(i)), 'bytes'],
];

describe.each(CASES)('%s', (_, bytes, f, name) => {
  const want = f(bytes as never);

  it.each(kinds(bytes))('reads a %s as the same bytes', (_kind, make) => {
    expect(f(make() as never)).toEqual(want);
  });

  it.each(REFUSED)('refuses %s with a TypeError naming the argument', (_kind, input) => {
    expect(() => f(input as never)).toThrow(
      new TypeError(`"${name}" must be an ArrayBuffer, SharedArrayBuffer or ArrayBufferView`),
    );
  });
});
