// The ratios of the README's Performance section, measured the way a loaded machine allows: every
// contender of a comparison in one process, one sample of each per round (in a rotating order), many
// rounds, CPU time of the process (not wall time, which other work on the machine stretches), and
// the median over the rounds of the per-round ratio. Runs on the published builds (dist/, ESM and
// CJS), so under any Node that can load them:
//   pnpm --filter @x/mime-charset build
//   node bench/interleaved.ts [rounds]                      (Node 24; Node >= 22.18 strips the types)
// Before timing, each anchor's answers are checked against ours on the same inputs (bench/inputs.ts).
import { join } from 'node:path';
import { decodeHTML, encodeHTML, escapeUTF8 } from 'entities';
import * as he from 'he';
import * as libqp from 'libqp';
import {
  callLoop as each,
  interleave,
  loadBuilt,
  median,
  sinkTotal,
} from '../../../tooling/bench.ts';
import type * as HtmlEntry from '../src/html';
import type * as MimeCharset from '../src/index';
import {
  CONTENT_TYPES,
  checkAnchors,
  contentType,
  HEADERS,
  htmlEncodingSniffer,
  libmime,
  LABELS,
  longHeaders,
  MIMEType,
  SHORT_DOCUMENTS,
  WHOLE_DOCUMENTS,
  whatwgLabelToName,
  exodusLabelToName,
  contentTypeCharset,
  HTML_DENSE,
  HTML_PAGE,
  MOSTLY_ASCII,
  NON_LATIN,
} from './inputs.ts';

/** content-type's parse, or null where it throws. */
function contentTypeParse(h: string): unknown {
  try {
    return contentType.parse(h);
  } catch {
    return null;
  }
}

type Ours = typeof MimeCharset;
const ROUNDS = Number(process.argv[2] ?? 31);
// An optional filter: only the comparisons whose operation contains it (`mail`, `base64`, `RFC 2047`).
const ONLY = process.argv[3];
// BENCH_PACKAGE_DIR: a copy of the package (package.json and dist/) to measure instead, when other
// work rebuilds dist/ meanwhile.
const built = await loadBuilt<Ours>(
  process.env.BENCH_PACKAGE_DIR ?? join(import.meta.dirname, '..'),
);
await checkAnchors(built.esm, 'ESM build');
await checkAnchors(built.cjs, 'CJS build');

interface Row {
  operation: string;
  ours: string;
  anchor: string;
  ratio: number;
  min: number;
  max: number;
}
const rows: Row[] = [];

/**
 * Times every contender once per round, about 20 ms each, and records, for each of ours and each
 * anchor, the median over the rounds of (anchor's time / ours), so > 1 means ours is faster.
 */
function compare(
  operation: string,
  ours: [string, () => void][],
  anchors: [string, () => void][],
): void {
  if (ONLY !== undefined && !operation.includes(ONLY)) return;
  const all = [...ours, ...anchors];
  // Warm up, then size each contender's sample to about 20 ms of CPU.
  const perCall = interleave(
    all.map(([, f]) => f),
    ROUNDS,
    20_000,
    200,
  );
  for (let o = 0; o < ours.length; o++) {
    for (let a = 0; a < anchors.length; a++) {
      const ratios = perCall[o]!.map((t, r) => perCall[ours.length + a]![r]! / t);
      rows.push({
        operation,
        ours: ours[o]![0],
        anchor: anchors[a]![0],
        ratio: median(ratios),
        min: Math.min(...ratios),
        max: Math.max(...ratios),
      });
    }
  }
  const last = rows.slice(-ours.length * anchors.length);
  for (const r of last)
    console.log(
      `${operation}: ${r.ours} vs ${r.anchor}: ${r.ratio.toFixed(2)}x (rounds ${r.min.toFixed(2)}-${r.max.toFixed(2)})`,
    );
}

const { esm, cjs } = built;
/** The same call on ours, ESM build then CJS build, each compiled on its own. */
const both = <T>(
  name: string,
  inputs: readonly T[],
  call: string,
  pick: (ours: Ours) => Record<string, unknown>,
): [string, () => void][] => [
  [`${name} (ESM)`, each(inputs, call, pick(esm))],
  [`${name} (CJS)`, each(inputs, call, pick(cjs))],
];
// What html-encoding-sniffer does with no transport label: BOM, prescan, else windows-1252.
const PRESCAN = "bom(x)?.encoding ?? prescan(x) ?? 'windows-1252'";
const prescanOf = (o: Ours) => ({ bom: o.sniffBom, prescan: o.prescanHtml });

compare('HTML prescan, short documents', both('prescanHtml', SHORT_DOCUMENTS, PRESCAN, prescanOf), [
  ['html-encoding-sniffer', each(SHORT_DOCUMENTS, 'f(x)', { f: htmlEncodingSniffer })],
]);
compare(
  'HTML prescan, whole documents (24 KiB)',
  both('prescanHtml', WHOLE_DOCUMENTS, PRESCAN, prescanOf),
  [['html-encoding-sniffer', each(WHOLE_DOCUMENTS, 'f(x)', { f: htmlEncodingSniffer })]],
);
compare(
  'Content-Type charset',
  both('charsetFromContentType', CONTENT_TYPES, 'f(x)', (o) => ({ f: o.charsetFromContentType })),
  [['content-type parse + .charset', each(CONTENT_TYPES, 'f(x)', { f: contentTypeCharset })]],
);
compare(
  'parseContentType',
  both('parseContentType', CONTENT_TYPES, 'f(x)', (o) => ({ f: o.parseContentType })),
  [
    // content-type throws where the WHATWG parser returns null: caught, as a caller must.
    ['content-type parse', each(CONTENT_TYPES, 'parse(x)', { parse: contentTypeParse })],
    ['whatwg-mimetype MIMEType.parse', each(CONTENT_TYPES, 'M.parse(x)', { M: MIMEType })],
  ],
);
// What a caller of parseContentType usually does next: read the charset parameter (a lookup in our
// parameters, a property load in content-type's null-prototype object).
compare(
  'parseContentType, then the charset',
  both('parseContentType', CONTENT_TYPES, "f(x)?.parameters.get('charset')", (o) => ({
    f: o.parseContentType,
  })),
  [['content-type parse + .charset', each(CONTENT_TYPES, 'f(x)', { f: contentTypeCharset })]],
);
compare(
  'label lookup',
  both('labelToEncoding', LABELS, 'f(x)', (o) => ({ f: o.labelToEncoding })),
  [
    ['whatwg-encoding labelToName', each(LABELS, 'f(x)', { f: whatwgLabelToName })],
    ['@exodus/bytes labelToName', each(LABELS, 'f(x)', { f: exodusLabelToName })],
  ],
);
// Mail bodies, 1 MiB each: base64 of random bytes, in 76-character lines (as mail carries it) and
// in one line; quoted-printable of text that is half Cyrillic and CJK, and of mostly-ASCII French.
const RANDOM = Uint8Array.from({ length: 1 << 20 }, (_, i) => (i * 2654435761) >>> 24);
const B64_FLAT = Buffer.from(RANDOM).toString('base64');
const B64_LINES = B64_FLAT.replace(/.{76}/g, '$&\r\n');
const QP_BODY = libqp.wrap(libqp.encode(Buffer.from(NON_LATIN)), 76);
/** `atob`, then the binary string copied into bytes: what a browser has. */
function atobBytes(s: string): Uint8Array {
  const binary = atob(s);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}
const sameBytes = (a: Uint8Array, b: Uint8Array, what: string): void => {
  if (Buffer.compare(Buffer.from(a), Buffer.from(b)) !== 0) throw new Error(`${what} differs`);
};
for (const o of [esm, cjs]) {
  for (const b64 of [B64_LINES, B64_FLAT]) {
    sameBytes(o.decodeBase64(b64), RANDOM, 'base64 decode');
    sameBytes(Buffer.from(b64, 'base64'), RANDOM, 'Buffer base64');
    sameBytes(atobBytes(b64.replace(/\r\n/g, '')), RANDOM, 'atob');
  }
  for (const text of [NON_LATIN, MOSTLY_ASCII]) {
    const qp = o.encodeQuotedPrintable(text, { binary: true });
    sameBytes(o.decodeQuotedPrintable(qp), text, 'quoted-printable round trip');
    sameBytes(libqp.decode(qp), text, 'libqp decodes ours');
  }
  sameBytes(o.decodeQuotedPrintable(QP_BODY), libqp.decode(QP_BODY), 'quoted-printable decode');
}
for (const [name, b64] of [
  ['76-character lines', B64_LINES],
  ['one line', B64_FLAT],
] as const)
  compare(
    `mail: base64 decode, 1 MiB in ${name}`,
    both('decodeBase64', [b64], 'f(x)', (o) => ({ f: o.decodeBase64 })),
    [
      ['Buffer.from(s, base64)', each([b64], "B.from(x, 'base64')", { B: Buffer })],
      ['atob + copy', each([b64], 'f(x)', { f: atobBytes })],
    ],
  );
for (const [name, text] of [
  ['half Cyrillic and CJK', NON_LATIN],
  ['mostly ASCII', MOSTLY_ASCII],
] as const)
  compare(
    `mail: quoted-printable encode, 1 MiB ${name}`,
    both('encodeQuotedPrintable', [text], 'f(x, { binary: true })', (o) => ({
      f: o.encodeQuotedPrintable,
    })),
    [['libqp encode + wrap', each([Buffer.from(text)], 'q.wrap(q.encode(x), 76)', { q: libqp })]],
  );
compare(
  'mail: quoted-printable decode, 1 MiB',
  both('decodeQuotedPrintable', [QP_BODY], 'f(x)', (o) => ({ f: o.decodeQuotedPrintable })),
  [['libqp decode', each([QP_BODY], 'q.decode(x)', { q: libqp })]],
);
compare(
  'mail: RFC 2047 decode',
  both('decodeEncodedWords', HEADERS, 'f(x).text', (o) => ({ f: o.decodeEncodedWords })),
  [['libmime decodeWords', each(HEADERS, 'l.decodeWords(x)', { l: libmime })]],
);
// Ten headers of 1 to 4 KiB: Subjects folded over many adjacent words, To lists of encoded names.
const LONG_HEADERS = longHeaders(esm);
compare(
  'mail: RFC 2047 decode, long headers',
  both('decodeEncodedWords', LONG_HEADERS, 'f(x).text', (o) => ({ f: o.decodeEncodedWords })),
  [['libmime decodeWords', each(LONG_HEADERS, 'l.decodeWords(x)', { l: libmime })]],
);

// HTML character references (@x/mime-charset/html), on the inputs of ./inputs.ts (shared with
// bench/html-references.bench.ts): page text (prose, a reference every 150 to 400 characters), text
// dense with references, and the page text decoded (for the encoders).
const html = await loadBuilt<typeof HtmlEntry>(
  process.env.BENCH_PACKAGE_DIR ?? join(import.meta.dirname, '..'),
  './html',
);
const PAGE = HTML_PAGE;
const DENSE = HTML_DENSE;
const PLAIN = html.esm.decodeHtmlReferences(PAGE);
for (const o of [html.esm, html.cjs]) {
  for (const t of [PAGE, DENSE])
    if (o.decodeHtmlReferences(t) !== decodeHTML(t) || o.decodeHtmlReferences(t) !== he.decode(t))
      throw new Error('HTML references: the anchors decode otherwise');
  for (const mode of ['non-ascii', 'attribute'] as const)
    if (o.decodeHtmlReferences(o.encodeHtmlReferences(PLAIN, { mode })) !== PLAIN)
      throw new Error('HTML references: encode does not round-trip');
}
/**
 * The least any decoder that cuts and joins slices does on page text: each `&` found, its `;`
 * found, the text before it and a constant appended, no name read. Not an anchor: the floor.
 */
function sliceFloor(t: string): string {
  let out = '';
  let last = 0;
  let amp = t.indexOf('&');
  while (amp !== -1) {
    const end = t.indexOf(';', amp);
    if (last !== amp) out += t.slice(last, amp);
    out += 'x';
    last = end + 1;
    amp = t.charCodeAt(last) === 0x26 ? last : t.indexOf('&', last);
  }
  return out + t.slice(last);
}
const htmlBoth = (
  name: string,
  input: string,
  call: string,
  pick: (o: typeof HtmlEntry) => Record<string, unknown>,
): [string, () => void][] => [
  [`${name} (ESM)`, each([input], call, pick(html.esm))],
  [`${name} (CJS)`, each([input], call, pick(html.cjs))],
];
for (const [name, input] of [
  ['page text', PAGE],
  ['dense text', DENSE],
] as const)
  compare(
    `html: decode references, ${name}`,
    htmlBoth('decodeHtmlReferences', input, 'f(x)', (o) => ({ f: o.decodeHtmlReferences })),
    [
      ['entities decodeHTML', each([input], 'f(x)', { f: decodeHTML })],
      ['he decode', each([input], 'h.decode(x)', { h: he })],
      ...(input === PAGE
        ? [
            ['floor: indexOf + slice + concat', each([input], 'f(x)', { f: sliceFloor })] as [
              string,
              () => void,
            ],
          ]
        : []),
    ],
  );
compare(
  'html: encode references, non-ascii',
  htmlBoth('encodeHtmlReferences', PLAIN, "f(x, { mode: 'non-ascii' })", (o) => ({
    f: o.encodeHtmlReferences,
  })),
  [
    ['he encode', each([PLAIN], 'h.encode(x)', { h: he })],
    ['entities encodeHTML', each([PLAIN], 'f(x)', { f: encodeHTML })],
  ],
);
compare(
  'html: encode references, attribute',
  htmlBoth('encodeHtmlReferences', PLAIN, "f(x, { mode: 'attribute' })", (o) => ({
    f: o.encodeHtmlReferences,
  })),
  [
    ['he escape', each([PLAIN], 'h.escape(x)', { h: he })],
    ['entities escapeUTF8', each([PLAIN], 'f(x)', { f: escapeUTF8 })],
  ],
);

console.log(
  `\nNode ${process.version}, ${ROUNDS} interleaved rounds, CPU time; ratio = anchor's time / ours (> 1: ours is faster). (${sinkTotal() > 0 ? 'ok' : ''})`,
);
