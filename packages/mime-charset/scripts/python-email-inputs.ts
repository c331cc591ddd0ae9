// Writes (to stdout, as JSON) bodies encoded by this package's encodeQuotedPrintable and
// encodeBase64, for scripts/python-email-fixtures.py to decode with Python's `email` package (the
// round trip of test/python-email.test.ts). Reads the built package: run `pnpm --filter
// @x/mime-charset build` first. See test/vectors/python-email.json's `command` for the whole run.
export {};

// The built package, by a path the typecheck does not follow (it runs before any build).
const built = '../dist/index.js';
const { encode, encodeBase64, encodeQuotedPrintable }: typeof import('../src/index') = await import(
  built
);

// Text each charset holds; lines long enough for soft line breaks, spaces before line ends.
const TEXTS: [string, string][] = [
  ['utf-8', 'a é € 𝄞 ж 日本語 '.repeat(9)],
  ['utf-8', `${'x'.repeat(74)}é\r\ntrailing space \r\ntab\t\r\n= sign =3D\r\nlast line`],
  ['utf-8', '€'.repeat(40)],
  ['utf-8', `${'ab '.repeat(40)}\r\n`],
  ['iso-8859-1', 'André Pirard, Keld Jørn Simonsen. '.repeat(4)],
  ['iso-8859-2', 'Žluťoučký kůň úpěl ďábelské ódy. '.repeat(4)],
  ['iso-8859-7', 'Ελληνικά κείμενα με τόνους. '.repeat(4)],
  ['windows-1252', 'Parhelia™ “quoted” € 20 — dash. '.repeat(4)],
  ['koi8-r', 'Война и мир, том первый. '.repeat(4)],
  ['shift_jis', '日本語の件名とテスト、ｱｲｳ。'.repeat(6)],
  ['euc-jp', '日本語の件名とテスト。'.repeat(6)],
  ['gb2312', '中文邮件主题，你好。'.repeat(8)],
  ['big5', '中文郵件主題，你好。'.repeat(8)],
];

const cases = TEXTS.map(([charset, text]) => ({
  charset,
  text,
  quotedPrintable: encodeQuotedPrintable(text, { charset }),
  base64: encodeBase64(encode(text, charset)),
}));
process.stdout.write(`${JSON.stringify(cases, null, 1)}\n`);
