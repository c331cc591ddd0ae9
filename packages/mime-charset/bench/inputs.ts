// The inputs of the benchmarks, and the check that each anchor computes what ours does on them
// before anything is timed: an anchor that throws or answers something else on every input (a
// method called unbound, a wrong option) would otherwise be timed failing and make a ratio up.
// Shared by the vitest bench (`pnpm run bench`) and the interleaved script (`node bench/interleaved.ts`).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { labelToName as exodusLabelToName } from '@exodus/bytes/encoding-lite.js';
import * as contentType from 'content-type';
import htmlEncodingSniffer from 'html-encoding-sniffer';
import libmime from 'libmime';
import { labelToName as whatwgLabelToName } from 'whatwg-encoding';
import { MIMEType } from 'whatwg-mimetype';
import type * as MimeCharset from '../src/index';

const here = import.meta.dirname;
type Ours = typeof MimeCharset;

// Labels as they arrive in headers and meta tags: mostly canonical, some cased or padded, some unknown.
// biome-ignore format: one label a column
export const LABELS: readonly string[] = [
  'utf-8', 'UTF-8', 'utf8', 'iso-8859-1', 'ISO-8859-1', ' latin1 ', 'windows-1252', 'Windows-1251',
  'shift_jis', 'Shift_JIS', 'x-sjis', 'euc-jp', 'gb2312', 'GBK', 'big5', 'ks_c_5601-1987', 'koi8-r',
  'us-ascii', 'utf-16le', 'iso-2022-jp', 'bogus', 'x-unknown-charset',
];

/** The 20 content-type-charset vectors (some malformed on purpose). */
export const CONTENT_TYPES: readonly string[] = (
  JSON.parse(readFileSync(join(here, '../test/vectors/content-type-charset.json'), 'utf8')) as {
    cases: { input: string }[];
  }
).cases.map((c) => c.input);

/** RFC 2047 §8's examples and three common headers. */
export const HEADERS: readonly string[] = [
  ...(
    JSON.parse(readFileSync(join(here, '../test/vectors/rfc2047.json'), 'utf8')) as {
      cases: { input: string; strictOnly?: boolean }[];
    }
  ).cases
    .filter((c) => !c.strictOnly)
    .map((c) => c.input),
  '=?UTF-8?B?8J+YgCBTdWJqZWN0IHdpdGggZW1vamk=?=',
  '=?UTF-8?Q?Gr=C3=BC=C3=9Fe_aus_M=C3=BCnchen?= <user@example.com>',
  'Plain ASCII subject without any encoded word',
];

/**
 * Long headers (1 to 4 KiB), as mailers write them: a Subject in one charset folded over many lines
 * of adjacent encoded-words (each at most 75 characters, B or Q; UTF-8, ISO-8859-1/2/7, KOI8-R,
 * ISO-2022-JP, GBK), and To/Cc lists of many addresses whose display names are encoded-words in
 * those charsets. Written by our encoder (`encodeEncodedWords`), whose words each end on a
 * character boundary and in ASCII, as RFC 2047 §5 and RFC 1468 ask: the words real mailers send.
 */
export function longHeaders(ours: Ours): string[] {
  const subject = (text: string, charset: string, encoding: 'B' | 'Q', times: number): string =>
    ours.encodeEncodedWords(text.repeat(times), { charset, encoding, offset: 9 });
  const NAMES: [string, string, 'B' | 'Q'][] = [
    ['André Pirard', 'ISO-8859-1', 'Q'],
    ['Jürgen Müller-Lüdenscheidt', 'UTF-8', 'Q'],
    ['Zofia Łukasiewicz-Żółtowska', 'ISO-8859-2', 'Q'],
    ['Γιώργος Παπαδόπουλος', 'ISO-8859-7', 'B'],
    ['Дмитрий Иванович Менделеев', 'KOI8-R', 'B'],
    ['山田 太郎 (営業部)', 'ISO-2022-JP', 'B'],
    ['王小明（市场部）', 'GBK', 'B'],
    ['François Dupré 😀', 'UTF-8', 'B'],
  ];
  const addresses = (count: number): string =>
    Array.from({ length: count }, (_, i) => {
      const [name, charset, encoding] = NAMES[i % NAMES.length]!;
      const word = ours.encodeEncodedWords(`${name} ${i}`, { charset, encoding, separator: ' ' });
      return `${word} <user${i}@example.com>`;
    }).join(',\r\n ');
  return [
    subject(
      'Grüße aus München, Zürich und Köln — Привет, мир! 日本語のテキスト 😀 ',
      'UTF-8',
      'B',
      8,
    ),
    subject(
      'Le café où nous étions — très agréable — ferme à 22 h ; merci de confirmer. ',
      'UTF-8',
      'Q',
      10,
    ),
    subject(
      'Réunion de département à Genève : ordre du jour et procès-verbal. ',
      'ISO-8859-1',
      'Q',
      12,
    ),
    subject('Zażółć gęślą jaźń, příliš žluťoučký kůň úpěl ďábelské ódy. ', 'ISO-8859-2', 'Q', 12),
    subject('Καλημέρα σας, η συνάντηση μεταφέρθηκε την Παρασκευή. ', 'ISO-8859-7', 'B', 14),
    subject('Встреча переносится на пятницу, просьба подтвердить участие. ', 'KOI8-R', 'B', 12),
    subject(
      '会議の日程が変更になりました。ご確認のほどよろしくお願いいたします。',
      'ISO-2022-JP',
      'B',
      12,
    ),
    subject('关于下周会议安排的通知，请各位同事准时参加并提前准备材料。', 'GBK', 'B', 16),
    addresses(24),
    addresses(48),
  ];
}

const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);

// Pieces of real-looking markup (deterministic: the same documents on every run).
const HEAD_TAGS = [
  '<meta name="viewport" content="width=device-width, initial-scale=1">',
  '<link rel="stylesheet" href="/assets/site.css?v=20240117" media="all">',
  '<link rel="icon" type="image/png" sizes="32x32" href="/favicon-32x32.png">',
  '<script async src="https://www.example.com/gtag/js?id=G-XXXXXXX"></script>',
  '<meta property="og:title" content="An article about text encodings">',
  '<!-- build 4.18.2, generated -->',
  '<meta name="description" content="What a page says about its own encoding, and where.">',
  '<link rel="preload" href="/fonts/inter.woff2" as="font" type="font/woff2" crossorigin>',
  '<title>Text encodings on the web</title>',
];
const DECLARATIONS = [
  '<meta charset="utf-8">',
  '<meta charset=UTF-8>',
  '<META CHARSET="Shift_JIS">',
  '<meta http-equiv="Content-Type" content="text/html; charset=windows-1251">',
  '<meta content="text/html; charset=iso-8859-2" http-equiv=content-type>',
  "<meta charset='gbk' />",
];
const BODY =
  '<p class="lead">Most pages say <code>&lt;meta charset="utf-8"&gt;</code> early in the head; ' +
  'older ones use <a href="/http-equiv">http-equiv</a> and a <em>content</em> attribute.</p>\n';

/** Short documents: the prescan vectors and heads of 100 to 600 bytes, each with a declaration. */
export const SHORT_DOCUMENTS: Uint8Array[] = [
  ...(
    JSON.parse(readFileSync(join(here, '../test/vectors/html-meta-prescan.json'), 'utf8')) as {
      cases: { html?: string; htmlBase64?: string }[];
    }
  ).cases.map((c) =>
    c.html !== undefined ? utf8(c.html) : new Uint8Array(Buffer.from(c.htmlBase64!, 'base64')),
  ),
  ...DECLARATIONS.map((d, i) =>
    utf8(
      `<!doctype html><html lang="en"><head>${HEAD_TAGS.slice(0, i % 4).join('\n')}${d}</head><body>${BODY}</body></html>`,
    ),
  ),
];

/**
 * Whole documents of about 24 KiB: a head of several tags (a declaration after 100 to 900 bytes
 * of them, or none, so that the whole 1024-byte window is scanned), then a body.
 */
export const WHOLE_DOCUMENTS: Uint8Array[] = [...DECLARATIONS, ''].flatMap((d, i) =>
  [1, 4, 8].map((tags) => {
    const head = Array.from({ length: tags }, (_, k) => HEAD_TAGS[(i + k) % HEAD_TAGS.length]);
    return utf8(
      `<!DOCTYPE html>\n<html lang="en">\n<head>\n${head.join('\n')}\n${d}\n</head>\n<body>\n${BODY.repeat(120)}</body>\n</html>\n`,
    );
  }),
);

// Text as it stands in pages: prose, mostly ASCII, a reference every 150 to 400 characters.
const WORDS =
  'the of and to in is that for it as was with be by on not he this are or his from at which but have an they you were her she there been one all we their has would when if so no will more can out said what up its about into than them only other some time could these two may first then do any like my now over such our man me even most made after also did many before must through back years where much your way well down should because each just those people how too little state good very make world still own see men work long get here between both life being under never day same another know while last might us great old year off come since against go came right used take three'.split(
    ' ',
  );
const REFS = ['&amp;', '&nbsp;', '&#8217;', '&eacute;', '&copy;', '&#x2014;', '&lt;', '&quot;'];
function prose(length: number): string {
  let s = '';
  let seed = 17;
  const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff);
  let sinceRef = 0;
  while (s.length < length) {
    const word = WORDS[next() % WORDS.length]!;
    s += `${word} `;
    sinceRef += word.length + 1;
    if (sinceRef > 150 + (next() % 250)) {
      s += `${REFS[next() % REFS.length]} `;
      sinceRef = 0;
    }
  }
  return s;
}
/** 20,000 characters of page text. */
export const HTML_PAGE: string = prose(20_000);
/** Text dense with references, the standard's odd cases among them (`&copy 2024`, `&notit;`). */
export const HTML_DENSE: string =
  '&lt;p class=&quot;x&quot;&gt;Caf&eacute; &amp; cr&egrave;me &#8364;5 &#x1F600; &copy 2024 &notit; &hellip;&lt;/p&gt;\n'.repeat(
    200,
  );

/** What each anchor must agree with ours on; throws at the first disagreement. */
export async function checkAnchors(ours: Ours, label: string): Promise<void> {
  await loadHeaderCodecs(ours);
  const fail = (what: string, input: unknown, mine: unknown, theirs: unknown): never => {
    throw new Error(
      `${label}: ${what} disagrees on ${JSON.stringify(input)}: ours ${JSON.stringify(mine)}, theirs ${JSON.stringify(theirs)}`,
    );
  };
  for (const l of LABELS) {
    const mine = ours.labelToEncoding(l);
    // Documented difference: whatwg-encoding answers null for the encodings its decoder
    // (iconv-lite) lacks, ISO-2022-JP among them.
    const w = whatwgLabelToName(l);
    if (w !== mine && !(w === null && mine === 'ISO-2022-JP')) fail('whatwg-encoding', l, mine, w);
    if (exodusLabelToName(l) !== mine) fail('@exodus/bytes', l, mine, exodusLabelToName(l));
  }
  let whatwgParsed = 0;
  let contentTypeParsed = 0;
  for (const h of CONTENT_TYPES) {
    const mine = ours.parseContentType(h);
    const plain = mine && { essence: mine.essence, parameters: [...mine.parameters] };
    // whatwg-mimetype implements the same WHATWG algorithm: the same answer on every input.
    const w = MIMEType.parse(h);
    const theirs = w && { essence: w.essence, parameters: [...w.parameters] };
    if (JSON.stringify(plain) !== JSON.stringify(theirs))
      fail('whatwg-mimetype MIMEType.parse', h, plain, theirs);
    if (w !== null) whatwgParsed++;
    // content-type 3.x follows RFC 7231 and throws on what it does not take (documented
    // difference: the WHATWG parser recovers from more); where it parses, it must agree.
    let c: { type: string; parameters: Record<string, string> } | undefined;
    try {
      c = contentType.parse(h);
    } catch {}
    if (c !== undefined) {
      contentTypeParsed++;
      const ctPlain = { essence: c.type, parameters: Object.entries(c.parameters) };
      if (JSON.stringify(plain) !== JSON.stringify(ctPlain))
        fail('content-type parse', h, plain, ctPlain);
    }
  }
  // An anchor that parses nothing is timed failing: refuse it.
  if (whatwgParsed < CONTENT_TYPES.length / 2 || contentTypeParsed < CONTENT_TYPES.length / 2)
    throw new Error(`${label}: an anchor parses too few Content-Type vectors`);
  for (const h of HEADERS) {
    const mine = ours.decodeEncodedWords(h).text;
    const theirs = libmime.decodeWords(h);
    // Documented difference: an encoded word in a charset nobody knows stays as it is for us
    // (RFC 2047 §6.2), libmime decodes its bytes as if Latin-1.
    if (mine !== theirs && !h.startsWith('=?unknown-charset?'))
      fail('libmime decodeWords', h, mine, theirs);
  }
  for (const h of longHeaders(ours)) {
    const { text, issues } = ours.decodeEncodedWords(h);
    if (issues.length > 0 || text.includes('=?')) fail('our decodeEncodedWords', h, issues, []);
    if (text !== libmime.decodeWords(h))
      fail('libmime decodeWords', h, text, libmime.decodeWords(h));
  }
  for (const doc of [...SHORT_DOCUMENTS, ...WHOLE_DOCUMENTS]) {
    const mine = prescanWithDefault(ours, doc);
    const theirs = htmlEncodingSniffer(doc);
    if (mine !== theirs)
      fail('html-encoding-sniffer', new TextDecoder().decode(doc.subarray(0, 80)), mine, theirs);
  }
}

/** The codecs the RFC 2047 headers name, which the main entry loads on demand. */
export async function loadHeaderCodecs(ours: Ours): Promise<void> {
  for (const charset of ['ISO-8859-1', 'ISO-8859-2', 'ISO-8859-8', 'US-ASCII'])
    await ours.loadCodec(charset, { mode: 'iana' });
}

/** What html-encoding-sniffer does with no transport label: BOM, prescan, else windows-1252. */
export function prescanWithDefault(ours: Ours, doc: Uint8Array): string {
  return ours.sniffBom(doc)?.encoding ?? ours.prescanHtml(doc) ?? 'windows-1252';
}

/** Our charset of a Content-Type header, and content-type's (which returns the label unresolved). */
export function contentTypeCharset(h: string): string | undefined {
  try {
    return contentType.parse(h).parameters.charset;
  } catch {
    return undefined;
  }
}

export {
  contentType,
  exodusLabelToName,
  htmlEncodingSniffer,
  libmime,
  MIMEType,
  whatwgLabelToName,
};

const utf8Bytes = (text: string, n: number): Uint8Array =>
  new TextEncoder().encode(text.repeat(Math.ceil(n / text.length))).subarray(0, n);
/** 1 MiB of UTF-8 text that is half Cyrillic and CJK, for the quoted-printable encoder. */
export const NON_LATIN: Uint8Array = utf8Bytes(
  'Le café où nous étions — très agréable — ferme à 22 h. Grüße aus München! Привет, мир. 日本語のテキスト。 ',
  1 << 20,
);
/** 1 MiB of UTF-8 French, mostly ASCII, for the quoted-printable encoder. */
export const MOSTLY_ASCII: Uint8Array = utf8Bytes(
  'Bonjour à tous, la réunion de jeudi est déplacée à vendredi matin ; merci de confirmer votre présence. ',
  1 << 20,
);
