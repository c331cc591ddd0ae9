import { describe, expect, it } from 'vitest';
import { parse, parseIri, serialize, UriSyntaxError } from '../src/index';

describe('parseIri', () => {
  it('accepts ucschar in every component that allows unreserved', () => {
    const c = parseIri('http://ü:ß@例え.jp/引き出し?q=値#фрагмент');
    expect(c).toEqual({
      scheme: 'http',
      userinfo: 'ü:ß',
      host: '例え.jp',
      port: undefined,
      path: '/引き出し',
      query: 'q=値',
      fragment: 'фрагмент',
    });
    expect(serialize(c)).toBe('http://ü:ß@例え.jp/引き出し?q=値#фрагмент');
    expect(parseIri('http://例え.jp/引き出し?q=値').host).toBe('例え.jp');
    expect(() => parse('http://例え.jp/')).toThrow(UriSyntaxError);
  });
  it('accepts astral ucschar (surrogate pairs) and rejects lone surrogates', () => {
    expect(parseIri('x:/\u{10000}\u{2fffd}\u{e1000}').path).toBe('/\u{10000}\u{2fffd}\u{e1000}');
    expect(() => parseIri('x:/\ud800')).toThrow(UriSyntaxError);
    expect(() => parseIri('x:/\udc00a')).toThrow(UriSyntaxError);
    expect(() => parseIri('x:/\ud800?')).toThrow(UriSyntaxError);
  });
  it('allows iprivate only in the query', () => {
    expect(parseIri('x:?\ue000\u{f0000}\u{100000}').query).toBe('\ue000\u{f0000}\u{100000}');
    expect(() => parseIri('x:/\ue000')).toThrow('invalid character in path');
    expect(() => parseIri('x:/\u{f0000}')).toThrow('invalid character in path');
    expect(() => parseIri('x:#\ue000')).toThrow('invalid character in fragment');
  });
  it('rejects non-ucschar code points', () => {
    for (const ch of [
      '\u0080',
      '\u009f',
      '\ufdd0',
      '\ufff0',
      '\ufffe',
      '\u{1fffe}',
      '\u{e0001}',
      '\u{e0fff}',
    ]) {
      expect(() => parseIri(`x:/${ch}`), ch).toThrow(UriSyntaxError);
    }
    for (const ch of ['\u00a0', '\ud7ff', '\uf900', '\ufdcf', '\ufdf0', '\uffef']) {
      expect(parseIri(`x:/${ch}`).path).toBe(`/${ch}`);
    }
  });
  it('does not allow ucschar in scheme, port or IP literals', () => {
    expect(() => parseIri('hé:x')).toThrow(UriSyntaxError);
    expect(() => parseIri('x://a:8é')).toThrow('invalid character in port');
    expect(() => parseIri('x://[v1.é]')).toThrow(UriSyntaxError);
  });
  it('honours zoneId', () => {
    expect(() => parseIri('x://[fe80::1%25eth0]')).toThrow('IPv6 zone identifier not allowed');
    expect(parseIri('x://[fe80::1%25eth0]', { zoneId: true }).host).toBe('[fe80::1%25eth0]');
  });
});
