import { describe, expect, it } from 'vitest';
import { UriSyntaxError } from '../src/errors';
import { URL_STANDARD_UTS46, uts46ToAscii, uts46ToUnicode } from '../src/uts46';

const reason = (f: () => unknown): string | undefined => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(UriSyntaxError);
    return (e as UriSyntaxError).reason;
  }
  return undefined;
};

describe('uts46ToAscii (UTS #46 §4.2)', () => {
  it('maps case, compatibility forms and the ideographic full stop, then writes Punycode', () => {
    expect(uts46ToAscii('Bücher.EXAMPLE')).toBe('xn--bcher-kva.example');
    expect(uts46ToAscii('ﬁ①.example')).toBe('fi1.example');
    expect(uts46ToAscii('例え。テスト')).toBe('xn--r8jz45g.xn--zckzah');
    expect(uts46ToAscii('ＢÜＣＨＥＲ．example')).toBe('xn--bcher-kva.example');
    // U+00AD SOFT HYPHEN is ignored
    expect(uts46ToAscii('ex\u00adample.com')).toBe('example.com');
    expect(uts46ToAscii('xn--bcher-kva.example')).toBe('xn--bcher-kva.example');
    expect(uts46ToAscii('XN--BCHER-KVA.example')).toBe('xn--bcher-kva.example');
  });
  it('keeps ß and ς (nontransitional), or maps them (transitional, deprecated)', () => {
    expect(uts46ToAscii('faß.de')).toBe('xn--fa-hia.de');
    expect(uts46ToAscii('faß.de', { transitional: true })).toBe('fass.de');
    expect(uts46ToAscii('βόλος.gr')).toBe('xn--nxasmm1c.gr');
    expect(uts46ToAscii('βόλος.gr', { transitional: true })).toBe('xn--nxasmq6b.gr');
  });
  it('CheckHyphens and STD3 rules, on by default and off for the URL Standard', () => {
    expect(reason(() => uts46ToAscii('-a.example'))).toBe('label starts or ends with "-"');
    expect(reason(() => uts46ToAscii('ab--c.example'))).toBe(
      'label with "--" in positions 3 and 4',
    );
    expect(uts46ToAscii('-a.example', URL_STANDARD_UTS46)).toBe('-a.example');
    expect(reason(() => uts46ToAscii('a_b.example'))).toBe('character not valid in a domain label');
    expect(uts46ToAscii('a_b.example', URL_STANDARD_UTS46)).toBe('a_b.example');
    // ⑴ maps to "(1)": not LDH
    expect(reason(() => uts46ToAscii('⑴.example'))).toBe('character not valid in a domain label');
  });
  it('refuses disallowed characters, bad Punycode and xn-- labels that are not IDNs', () => {
    expect(reason(() => uts46ToAscii('a\u0080.example'))).toBe(
      'character not valid in a domain label',
    );
    expect(reason(() => uts46ToAscii('xn--999999999.example'))).toBe('invalid Punycode');
    // "a" is valid Punycode, for U+0080, which IDNA disallows
    expect(reason(() => uts46ToAscii('xn--a.example'))).toBe(
      'character not valid in a domain label',
    );
    expect(reason(() => uts46ToAscii('xn--abc-.example'))).toBe(
      'xn-- label with no non-ASCII character (UTS #46 §4, step 4)',
    );
    // an empty one too (UTS #46 §4 Processing, step 4: "If the label is empty, or if the label
    // contains only ASCII code points, record that there was an error")
    expect(reason(() => uts46ToAscii('xn--'))).toBe(
      'xn-- label with no non-ASCII character (UTS #46 §4, step 4)',
    );
    expect(reason(() => uts46ToAscii('xn--ü.example'))).toBe(
      'non-ASCII character in an xn-- label',
    );
    expect(reason(() => uts46ToAscii('\u0301a.example'))).toBe(
      'label starts with a combining mark',
    );
  });
  it('CheckJoiners: ZWJ after a virama, ZWNJ between joining letters (RFC 5892 Appendix A)', () => {
    // the same as Node's url.domainToASCII (ICU)
    expect(uts46ToAscii('क्\u200dष.example')).toBe('xn--11b2ezcw70k.example');
    expect(reason(() => uts46ToAscii('a\u200db.example'))).toBe(
      'ZWJ or ZWNJ outside the contexts RFC 5892 allows',
    );
    // BEH ZWNJ BEH: dual-joining on both sides
    expect(uts46ToAscii('\u0628\u200c\u0628.example')).toMatch(/^xn--/);
    expect(reason(() => uts46ToAscii('a\u200cb.example'))).toBe(
      'ZWJ or ZWNJ outside the contexts RFC 5892 allows',
    );
    expect(uts46ToAscii('a\u200cb.example', { checkJoiners: false })).toBe('xn--ab-j1t.example');
  });
  it('CheckBidi: RFC 5893 §2 in a domain name with a right-to-left label', () => {
    expect(uts46ToAscii('שלום.example')).toBe('xn--9dbne9b.example');
    // rule 1: a label of a bidi domain name starts with L, R or AL
    expect(reason(() => uts46ToAscii('1a.שלום'))).toBe(
      'label breaks rule 1 of the bidi rule (RFC 5893 §2)',
    );
    // rule 4: EN and AN in one RTL label
    expect(reason(() => uts46ToAscii('\u05d01\u0660'))).toBe(
      'label breaks rule 4 of the bidi rule (RFC 5893 §2)',
    );
    // rule 6: an LTR label ends with L or EN
    expect(reason(() => uts46ToAscii('a!.שלום', URL_STANDARD_UTS46))).toBe(
      'label breaks rule 6 of the bidi rule (RFC 5893 §2)',
    );
    expect(uts46ToAscii('1a.example')).toBe('1a.example');
  });
  it('VerifyDnsLength: labels of 1-63 octets, 253 in all, the root label aside', () => {
    expect(uts46ToAscii('example.com.')).toBe('example.com.');
    expect(reason(() => uts46ToAscii('a..b'))).toBe('DNS label not 1-63 octets long');
    expect(reason(() => uts46ToAscii(''))).toBe('DNS label not 1-63 octets long');
    expect(reason(() => uts46ToAscii(`${'a'.repeat(64)}.example`))).toBe(
      'DNS label not 1-63 octets long',
    );
    const long = Array.from({ length: 4 }, () => 'a'.repeat(63)).join('.');
    expect(reason(() => uts46ToAscii(long))).toBe('domain name over 253 octets');
    expect(uts46ToAscii(long, { verifyDnsLength: false })).toBe(long);
    expect(uts46ToAscii('a..b', { verifyDnsLength: false })).toBe('a..b');
  });
  it('reports the input offset of the label at fault', () => {
    try {
      uts46ToAscii('ok.Bücher.a\u200db');
      expect.unreachable();
    } catch (e) {
      expect((e as UriSyntaxError).index).toBe(10);
      expect((e as UriSyntaxError).input).toBe('ok.Bücher.a\u200db');
    }
  });
  it('refuses an IDN label too long to encode', () => {
    expect(reason(() => uts46ToAscii('ü'.repeat(1100), { verifyDnsLength: false }))).toBe(
      'IDN label too long',
    );
  });
});

describe('uts46ToUnicode (UTS #46 §4.3)', () => {
  it('decodes and maps, and returns errors beside the name instead of throwing', () => {
    expect(uts46ToUnicode('xn--bcher-kva.EXAMPLE')).toEqual({
      domain: 'bücher.example',
      error: undefined,
    });
    const bad = uts46ToUnicode('xn--999999999.Example');
    expect(bad.domain).toBe('xn--999999999.example');
    expect(bad.error?.reason).toBe('invalid Punycode');
    // IgnoreInvalidPunycode keeps the label, which then meets the validity criteria as it is
    const ignored = uts46ToUnicode('xn--999999999.example', { ignoreInvalidPunycode: true });
    expect(ignored.error?.reason).toBe('label with "--" in positions 3 and 4');
    expect(uts46ToUnicode('a..b').error).toBeUndefined();
  });
});

describe('UTS #46 on large input', () => {
  it('runs in linear time on 1 MB names (many labels, long labels, many errors)', () => {
    const many = 'ab.'.repeat(350_000);
    expect(uts46ToAscii(many, { verifyDnsLength: false })).toBe(many);
    const idn = 'bücher.'.repeat(150_000);
    expect(uts46ToUnicode(idn).domain).toBe(idn);
    expect(uts46ToUnicode('\u0301'.repeat(1_000_000)).error?.reason).toBe(
      'label starts with a combining mark',
    );
    expect(uts46ToUnicode(`xn--${'a'.repeat(1_000_000)}`).error?.reason).toBe('invalid Punycode');
    expect(uts46ToUnicode('\u05d0a'.repeat(300_000)).error?.reason).toBe(
      'label breaks rule 2 of the bidi rule (RFC 5893 §2)',
    );
  });
});
