// The inputs the audit found (RFC 1468, RFC 1557, RFC 1922): [text, charset, index of the character
// only the superset has], shared by test/repertoire.test.ts and test/repertoire-encoder.test.ts.
export const NARROW_CASES: readonly [string, string, number][] = [
  ['€ー镕', 'GB2312', 0],
  ['aー镕', 'GB2312', 1],
  ['a镕', 'GB2312', 1],
  ['a똠', 'EUC-KR', 1],
  ['ab①', 'Shift_JIS', 2],
  ['①', 'EUC-JP', 0],
  ['x①', 'ISO-2022-JP', 1],
  // Half-width katakana: the WHATWG encoder writes them full-width, 'カタカナ' on reading.
  ['ｶﾀｶﾅ', 'ISO-2022-JP', 0],
  ['aｱ', 'ISO-2022-JP', 1],
  ['ア｡', 'ISO-2022-JP', 1],
  ['€', 'Big5', 0],
  ['a\uE000', 'GB2312', 1],
];
