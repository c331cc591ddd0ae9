// Linear time on adversarial input: every function gets 256 KB (or more) of text built to hit a slow
// path (stray `%`, runs of separators, escapes back to back, broken UTF-8, non-ASCII, surrogates).
// A quadratic algorithm needs on the order of 10^10 steps for 256 KB and cannot finish inside the
// test timeout; a linear one takes milliseconds. No timing is asserted: finishing is the test, and
// each result is checked against what it must be (or against the built-ins as an oracle).
// test/work.test.ts measures it: time ratios for every export (a legacy encoder included) and the
// characters an encoder callback is given.
import { describe, expect, it } from 'vitest';
import {
  formToObject,
  normalizeEscapes,
  parseForm,
  parseKeywords,
  percentDecode,
  percentDecodeBytes,
  percentEncode,
  rfc3986,
  serializeForm,
  whatwg,
} from '../src/index';

const SIZE = 1 << 18;
/** `unit` repeated to at least 256 KB, or `times` times. */
const big = (unit: string, times = Math.ceil(SIZE / unit.length)): string => unit.repeat(times);
/** Compares long strings without printing megabytes: the length and the first difference. */
const same = (actual: string | undefined, expected: string): void => {
  let i = 0;
  while (i < expected.length && actual?.charCodeAt(i) === expected.charCodeAt(i)) i++;
  expect({ length: actual?.length, differsAt: i, there: actual?.slice(i, i + 12) }).toEqual({
    length: expected.length,
    differsAt: expected.length,
    there: '',
  });
};
const errorOf = (f: () => unknown): { index: number; reason: string } | undefined => {
  try {
    f();
  } catch (error) {
    const { index, reason } = error as { index: number; reason: string };
    return { index, reason };
  }
  return undefined;
};

/** Inputs with no escape that decodes: decoding (lenient) gives them back unchanged. */
const undecodable = ['%', '&', '%%%%', '%4', '=', ';', '%zz', '%%4', '\ud800', 'é中😀'];

describe('linear time on 256 KB of adversarial input', () => {
  it.each(undecodable)('decoding, normalizing and encoding 256 KB of %j', (unit) => {
    const s = big(unit);
    // lenient is WHATWG: the text's UTF-8, where a lone surrogate is U+FFFD; strict keeps it
    same(percentDecode(s, { mode: 'lenient' }), s.replace(/[\ud800-\udfff]/gu, '\ufffd'));
    same(normalizeEscapes(s), s);
    const strict = errorOf(() => percentDecode(s));
    expect(strict).toEqual(s.includes('%') ? { index: 0, reason: 'malformed-escape' } : undefined);
    expect(errorOf(() => percentDecodeBytes(s))).toEqual(strict);
    expect(percentDecodeBytes(s, { mode: 'lenient' })).toEqual(new TextEncoder().encode(s));
    // encodeURIComponent throws on a lone surrogate; the WHATWG encoder writes U+FFFD.
    const wellFormed = s.replace(/[\ud800-\udfff]/gu, '\ufffd');
    same(
      percentEncode(s, rfc3986.component),
      encodeURIComponent(wellFormed).replace(
        /[!'()*]/g,
        (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
      ),
    );
    same(percentEncode(s, whatwg.path), encodeURI(wellFormed).replace(/%25/g, '%'));
  });

  it.each(undecodable)('forms and keywords of 256 KB of %j agree with URLSearchParams', (unit) => {
    const s = big(unit);
    // URLSearchParams replaces a literal lone surrogate first, and so does parseForm
    const oracle = [...new URLSearchParams(s)];
    expect(parseForm(s)).toEqual(oracle);
    expect(Object.keys(formToObject(s))).toEqual([...new Set(oracle.map(([name]) => name))]);
    const pairs: [string, string][] = [[s, s]];
    same(serializeForm(pairs), new URLSearchParams(pairs).toString());
    expect(parseKeywords(s)).toEqual(
      s.includes('=') ? undefined : [percentDecode(s, { mode: 'lenient' })],
    );
  });

  it('256 KB of + is 256 KB of spaces in a form, no words as keywords, + when decoded as a URI', () => {
    const s = big('+');
    expect(parseForm(s)).toEqual([[' '.repeat(s.length), '']]);
    expect(parseKeywords(s)).toEqual([]);
    same(percentDecode(s), s);
    same(serializeForm([[s, s]]), `${big('%2B', SIZE)}=${big('%2B', SIZE)}`);
    same(percentEncode(big(' '), whatwg.form, { spaceAsPlus: true }), s);
  });

  it('256 KB of pairs: a=%41+b&... matches URLSearchParams, and the limit stops it early', () => {
    const s = big('a=%41+b&');
    const all = { limit: Number.POSITIVE_INFINITY };
    expect(parseForm(s, all)).toEqual([...new URLSearchParams(s)]);
    expect(parseForm(s, { ...all, mode: 'strict', separator: 'both' })).toEqual([
      ...new URLSearchParams(s),
    ]);
    expect(formToObject(s, all).a).toHaveLength(SIZE / 8);
    expect(errorOf(() => parseForm(s))).toEqual({ index: 8000, reason: 'too-many-pairs' });
    expect(errorOf(() => parseForm(s, { limit: 10 }))).toEqual({
      index: 80,
      reason: 'too-many-pairs',
    });
  });

  it.each([
    ['%41', 'A', 'A'],
    ['%7e', '~', '~'],
    ['%2f', '/', '%2F'],
    ['%c3%a9', 'é', '%C3%A9'],
    ['%F0%9F%98%80', '😀', '%F0%9F%98%80'],
  ])('256 KB of escapes %j decodes to %j and normalizes to %j', (unit, decoded, normalized) => {
    const s = big(unit);
    const n = s.length / unit.length;
    same(percentDecode(s), decoded.repeat(n));
    same(percentDecode(s, { mode: 'lenient' }), decoded.repeat(n));
    expect(percentDecodeBytes(s)).toEqual(new TextEncoder().encode(decoded.repeat(n)));
    same(normalizeEscapes(s), normalized.repeat(n));
    expect(parseForm(`${s}=${s}`)).toEqual([[decoded.repeat(n), decoded.repeat(n)]]);
    expect(parseKeywords(s)).toEqual([decoded.repeat(n)]);
    same(percentEncode(s, rfc3986.component), big(unit.replace(/%/g, '%25'), n));
  });

  it('256 KB of broken UTF-8 and of escapes after a stray %', () => {
    const broken = big('%E2%82');
    same(percentDecode(broken, { mode: 'lenient' }), '\ufffd'.repeat(broken.length / 6));
    expect(errorOf(() => percentDecode(broken))).toEqual({ index: 0, reason: 'invalid-utf8' });
    expect(parseForm(`a=${broken}`)).toEqual([...new URLSearchParams(`a=${broken}`)]);
    const stray = big('%%41');
    same(percentDecode(stray, { mode: 'lenient' }), '%A'.repeat(stray.length / 4));
    same(normalizeEscapes(stray), stray);
    same(normalizeEscapes(big('%%4%31')), big('%%4%31'));
    same(normalizeEscapes(big('%61%4x', SIZE / 4)), big('a%4x', SIZE / 4));
  });
});
