// Each block names an attack class (after fast-uri's 2026 advisories and the URI RFCs' security
// considerations) and shows the input this package refuses or keeps harmless.
import { describe, expect, it } from 'vitest';
import { fileUriToPath } from '../src/file';
import { parseFtp } from '../src/ftp';
import { origin, requestTarget } from '../src/http';
import {
  domainToAscii,
  equivalent,
  iriToUri,
  isUri,
  isUriReference,
  normalize,
  parse,
  parseHost,
  redactUserinfo,
  removeDotSegments,
  serialize,
  tryParse,
  uriToIri,
  UriSyntaxError,
} from '../src/index';
import { formatMailto, parseMailto } from '../src/mailto';

describe('encoded dot segments (path traversal)', () => {
  it('normalize keeps %2E%2E a name, never a ".." that climbs', () => {
    expect(normalize('http://a/public/%2e%2e/secret')).toBe('http://a/public/%2E%2E/secret');
    expect(normalize('http://a/public/%2E./secret')).toBe('http://a/public/%2E./secret');
    expect(normalize('http://a/public/.%2E/secret')).toBe('http://a/public/.%2E/secret');
    expect(equivalent('http://a/public/%2E%2E/secret', 'http://a/secret')).toBe(false);
    expect(removeDotSegments('/public/%2E%2E/secret')).toBe('/public/%2E%2E/secret');
  });
  it('uriToIri does not decode ASCII escapes', () => {
    expect(uriToIri('http://a/b/%2E%2E/c')).toBe('http://a/b/%2E%2E/c');
  });
  it('fileUriToPath refuses an escaped dot segment or separator', () => {
    expect(() => fileUriToPath('file:///srv/%2E%2E/etc/passwd')).toThrow('escaped dot segment');
    expect(() => fileUriToPath('file:///srv/%2e/x')).toThrow('escaped dot segment');
    expect(() => fileUriToPath('file:///srv/..%2Fetc')).toThrow('escaped separator');
    expect(() => fileUriToPath('file:///C:/srv/..%5Cwin.ini', { windows: true })).toThrow(
      'escaped separator',
    );
  });
});

describe('host confusion through %40 and %3A', () => {
  it('an escaped @ or : stays inside the host or userinfo it was written in', () => {
    const c = parse('http://good.example%40evil.example/');
    expect(c.host).toBe('good.example%40evil.example');
    expect(c.userinfo).toBeUndefined();
    expect(normalize('http://good.example%40evil.example/')).toBe(
      'http://good.example%40evil.example/',
    );
    expect(parseHost('good.example%40evil.example').kind).toBe('reg-name');
    expect(normalize('http://evil%3A80@good.example/')).toBe('http://evil%3A80@good.example/');
    expect(parse('http://good.example%3A8080/').port).toBeUndefined();
  });
  it('a second @ is an error, not a different split', () => {
    expect(tryParse('http://user@evil.example@good.example/').ok).toBe(false);
    expect(redactUserinfo('http://u:pw@evil.example@good.example/')).toBe(
      'http://u:***@good.example/',
    );
  });
  it('escaped digits never turn a reg-name into an IPv4 address', () => {
    expect(normalize('http://%31%32%37.0.0.1/')).toBe('http://%31%32%37.0.0.1/');
    expect(parseHost('%31%32%37.0.0.1').kind).toBe('reg-name');
  });
  it('origin and request target never take the userinfo as host', () => {
    expect(origin('http://good.example:80@evil.example/')).toBe('http://evil.example');
    expect(requestTarget('http://a:b@c.example/x#y', { form: 'absolute' })).toBe(
      'http://c.example/x',
    );
  });
});

describe('backslashes', () => {
  it('are not URI characters anywhere', () => {
    for (const s of [
      'http://evil.example\\@good.example/',
      'http:\\\\evil.example',
      'http://a/b\\c',
      '\\\\server\\share',
      'http://a?\\',
      'http://a#\\',
    ]) {
      expect(isUriReference(s), s).toBe(false);
      expect(() => normalize(s)).toThrow(UriSyntaxError);
    }
  });
});

describe('malformed IPv6', () => {
  it('is refused, never read as a reg-name', () => {
    for (const s of [
      'http://[::1]]/',
      'http://[[::1]/',
      'http://[::1/',
      'http://::1/',
      'http://[1:2:3:4:5:6:7:8:9]/',
      'http://[::ffff:1.2.3.4.5]/',
      'http://[::ffff:256.1.1.1]/',
      'http://[fe80::1%25]/',
      'http://[fe80::1%eth0]/',
      'http://[::1]:a/',
      'http://[::1]a/',
      'http://[v.x]/',
      'http://[::1%2F]/',
      'http://[1::2::3]/',
      'http://[12345::]/',
    ]) {
      expect(tryParse(s, { zoneId: true }).ok, s).toBe(false);
    }
  });
  it('zone identifiers are opt-in and never swallow the authority', () => {
    expect(tryParse('http://[fe80::1%25eth0]/').ok).toBe(false);
    expect(parse('http://[fe80::1%25eth0]:8080/', { zoneId: true }).port).toBe('8080');
    expect(tryParse('http://[fe80::1%25eth0@evil]/', { zoneId: true }).ok).toBe(false);
  });
});

describe('escaped scheme characters', () => {
  it('an escape cannot form or hide a scheme', () => {
    expect(tryParse('%68ttp://evil.example').ok).toBe(false);
    expect(isUri('%68ttp://evil.example')).toBe(false);
    expect(tryParse('http%3A//evil.example').ok).toBe(true);
    expect(parse('http%3A//evil.example')).toMatchObject({
      scheme: undefined,
      host: undefined,
      path: 'http%3A//evil.example',
    });
    expect(normalize('http%3A//evil.example')).toBe('http%3A//evil.example');
    expect(tryParse('java%0Ascript:alert(1)').ok).toBe(false);
    expect(tryParse(' javascript:alert(1)').ok).toBe(false);
    expect(tryParse('javascript\t:alert(1)').ok).toBe(false);
  });
  it('serialize refuses components that would re-parse differently', () => {
    expect(() =>
      serialize({
        scheme: undefined,
        userinfo: undefined,
        host: undefined,
        port: undefined,
        path: 'javascript:x',
        query: undefined,
        fragment: undefined,
      }),
    ).toThrow(UriSyntaxError);
    expect(() =>
      serialize({
        scheme: 'x',
        userinfo: undefined,
        host: undefined,
        port: undefined,
        path: '//evil.example',
        query: undefined,
        fragment: undefined,
      }),
    ).toThrow(UriSyntaxError);
  });
});

describe('IDN conversion', () => {
  it('a label whose compatibility form holds a delimiter is refused, not mapped', () => {
    for (const h of [
      'evil\uff0fgood.example',
      'evil\uff20good.example',
      'evil\uff1a8080.example',
      'evil\u2100.example',
      'a\uff03b.example',
      'a\uff1fb.example',
    ]) {
      expect(() => domainToAscii(h), h).toThrow(UriSyntaxError);
      expect(() => iriToUri(`http://${h}/`, { idna: true }), h).toThrow(UriSyntaxError);
    }
  });
  it('invisible and bidi characters are refused in labels and kept encoded by uriToIri', () => {
    expect(() => domainToAscii('pay\u200dpal.example')).toThrow(UriSyntaxError);
    expect(() => domainToAscii('a\u202eb.example')).toThrow(UriSyntaxError);
    expect(uriToIri('http://a/%E2%80%AEtxt.exe')).toBe('http://a/%E2%80%AEtxt.exe');
    // default-ignorable characters display as nothing: a soft hyphen, a Hangul filler, a variation
    // selector, a combining grapheme joiner would make two names look the same
    for (const c of ['\u00ad', '\u3164', '\ufe0f', '\u034f', '\u180e', '\u{1d173}']) {
      expect(() => domainToAscii(`pay${c}pal.example`), c).toThrow(UriSyntaxError);
      const escaped = iriToUri(`http://a/x${c}y`);
      expect(uriToIri(escaped), c).toBe(escaped);
    }
    expect(uriToIri('http://a/x%C3%A9y')).toBe('http://a/x\u00e9y');
  });
  it('a converted host is a plain LDH reg-name', () => {
    const uri = iriToUri('http://b\u00fccher.example/', { idna: true });
    expect(uri).toBe('http://xn--bcher-kva.example/');
    expect(parseHost(parse(uri).host!).kind).toBe('reg-name');
  });
});

describe('mailto header injection', () => {
  it('encoded CR/LF never reaches a header', () => {
    expect(() => parseMailto('mailto:a@example.org?subject=x%0D%0ABcc:%20all@example.org')).toThrow(
      'header injection',
    );
    expect(() => parseMailto('mailto:a@example.org%0D%0ABcc:all@example.org')).toThrow(
      'header injection',
    );
    expect(() => parseMailto('mailto:a@example.org?sub%0Aject=x')).toThrow('header injection');
    expect(() =>
      formatMailto({
        to: ['a@example.org'],
        headers: [['subject', 'x\nBcc: all@example.org']],
        body: undefined,
      }),
    ).toThrow('header injection');
  });
  it('ftp paths cannot inject commands either', () => {
    expect(() => parseFtp('ftp://h/a%0D%0ADELE%20b')).toThrow('command injection');
  });
});

describe('host case', () => {
  it('hosts compare case-insensitively, escapes keep upper-case hex', () => {
    expect(equivalent('HTTP://EXAMPLE.COM/', 'http://example.com/')).toBe(true);
    expect(equivalent('http://ex%41mple.com/', 'http://example.com/')).toBe(true);
    expect(normalize('http://EX%c3%84MPLE.com/')).toBe('http://ex%C3%84mple.com/');
    expect(equivalent('http://[2001:DB8::1]/', 'http://[2001:db8::1]/')).toBe(true);
    // paths and userinfo are case-sensitive
    expect(equivalent('http://a/X', 'http://a/x')).toBe(false);
    expect(equivalent('http://U@a/', 'http://u@a/')).toBe(false);
  });
});

describe('prototype keys in the scheme registry', () => {
  it('do not reach Object.prototype', () => {
    expect(tryParse('__proto__://a:80/').ok).toBe(false);
    expect(normalize('constructor://a:80/')).toBe('constructor://a:80/');
    expect(normalize('toString://a:80')).toBe('tostring://a:80');
  });
});

describe('linear time on 1 MB adversarial inputs', () => {
  const M = 1 << 20;
  it('parse, validate and normalize finish and answer correctly', () => {
    expect(parse(`x:${'/'.repeat(M)}`)).toMatchObject({ host: '', path: '/'.repeat(M - 2) });
    expect(parse(`http://${'a'.repeat(M)}`).host!.length).toBe(M);
    expect(tryParse(`http://${'a'.repeat(M)}@`).ok).toBe(true);
    expect(tryParse(`http://${'@'.repeat(M)}`).ok).toBe(false);
    expect(tryParse(`http://[${':'.repeat(M)}]`).ok).toBe(false);
    expect(tryParse(`http://[${'0'.repeat(M)}]`).ok).toBe(false);
    expect(tryParse(`http://${'['.repeat(M)}`).ok).toBe(false);
    expect(tryParse(`${'a'.repeat(M)}:`).ok).toBe(true);
    expect(tryParse(`${'a'.repeat(M)}`).ok).toBe(true);
    expect(tryParse(`${'a'.repeat(M)}!:`).ok).toBe(false);
    expect(tryParse(`?${'%'.repeat(M)}`).ok).toBe(false);
    expect(tryParse(`?${'%4'.repeat(M / 2)}`).ok).toBe(false);
    expect(isUriReference(`#${'%41'.repeat(M / 3)}`)).toBe(true);
    expect(normalize(`x:${'/..'.repeat(M / 3)}`)).toBe('x:/');
    expect(normalize(`x:/${'a/'.repeat(M / 2)}${'../'.repeat(M / 2)}`)).toBe('x:/');
    expect(normalize(`x:/${'%41'.repeat(M / 3)}`)).toBe(`x:/${'A'.repeat(M / 3)}`);
    expect(normalize(`x:/${'%2E%2E/'.repeat(M / 7)}`).length).toBe(3 + 7 * Math.floor(M / 7));
    expect(normalize(`http://${'A'.repeat(M)}`)).toBe(`http://${'a'.repeat(M)}/`);
    expect(redactUserinfo(`http://${':'.repeat(M)}@h`)).toBe('http://:***@h');
    expect(uriToIri(`x:/${'%C3%A9'.repeat(M / 6)}`).length).toBe(3 + Math.floor(M / 6));
    expect(uriToIri(`x:/${'%C3'.repeat(M / 3)}`).length).toBe(3 + 3 * Math.floor(M / 3));
    expect(iriToUri(`x:/${'é'.repeat(M)}`).length).toBe(3 + 6 * M);
  });
  it('IDN conversion refuses huge labels instead of running quadratic Punycode', () => {
    expect(() => domainToAscii('é'.repeat(M))).toThrow(UriSyntaxError);
    expect(() => domainToAscii(`a.${'é'.repeat(1025)}`)).toThrow(
      expect.objectContaining({ index: 2, reason: 'IDN label too long' }),
    );
    expect(domainToAscii('é'.repeat(1024))).toMatch(/^xn--/);
  });
});
