// Error offsets of the scheme helpers (./http, ./ftp, ./ldap, ./tel): each points into the input, at
// the character that breaks the rule (or at the end, where something is missing).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFtp } from '../src/ftp';
import { origin, requestTarget } from '../src/http';
import { UriSyntaxError } from '../src/index';
import { parseLdapUrl } from '../src/ldap';
import { parseTel, telEquivalent } from '../src/tel';

const failure = (f: () => unknown): [number, string] | undefined => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(UriSyntaxError);
    return [(e as UriSyntaxError).index, (e as UriSyntaxError).reason];
  }
  return undefined;
};

describe('error offsets of the scheme helpers', () => {
  it('http: a missing authority is reported where its "//" should start, an empty host where it is', () => {
    expect(failure(() => requestTarget('https:'))).toEqual([6, 'https URI without host']);
    expect(failure(() => requestTarget('http:foo'))).toEqual([5, 'http URI without host']);
    expect(failure(() => requestTarget('wss:x'))).toEqual([4, 'wss URI without host']);
    expect(failure(() => requestTarget('WS:/x'))).toEqual([3, 'ws URI without host']);
    expect(failure(() => origin('https:'))).toEqual([6, 'https URI without host']);
    expect(failure(() => origin('http:///foo'))).toEqual([7, 'http URI without host']);
    expect(failure(() => origin('http://u@/x'))).toEqual([9, 'http URI without host']);
    expect(failure(() => origin('https://:80/'))).toEqual([8, 'https URI without host']);
    expect(failure(() => requestTarget('http://u@:80/', { form: 'authority' }))).toEqual([
      9,
      'http URI without host',
    ]);
  });
  it('http: a port out of range is reported at its first digit, not at the same digits in the userinfo', () => {
    expect(failure(() => origin('http://u:99999@h:99999/'))).toEqual([17, 'port out of range']);
    expect(failure(() => requestTarget('http://h:65536'))).toEqual([9, 'port out of range']);
    expect(failure(() => origin('http:/h:99999/', { hosts: 'whatwg' }))).toEqual([
      8,
      'port out of range',
    ]);
  });
  it('ftp: host, port and ;type= offsets', () => {
    expect(failure(() => parseFtp('ftp:'))).toEqual([4, 'ftp URL without host']);
    expect(failure(() => parseFtp('ftp:///x'))).toEqual([6, 'ftp URL without host']);
    expect(failure(() => parseFtp('ftp://u:99999@h:99999/'))).toEqual([16, 'port out of range']);
    // the ;type= that is read (the last, in the last segment), not an earlier one
    expect(failure(() => parseFtp('ftp://h/a;type=i/b;type=x'))).toEqual([
      18,
      'invalid ;type= code',
    ]);
  });
  it('ldap: attribute, extension and field offsets', () => {
    // an escape that is not UTF-8, in the second attribute and in an extension value
    expect(failure(() => parseLdapUrl('ldap:///?a,b%FF'))).toEqual([12, expect.any(String)]);
    expect(failure(() => parseLdapUrl('ldap:///????!e=%FF'))).toEqual([15, expect.any(String)]);
    expect(failure(() => parseLdapUrl('ldap:///????e=%FF'))).toEqual([14, expect.any(String)]);
    expect(failure(() => parseLdapUrl('ldap:///????!%FF=v'))).toEqual([13, expect.any(String)]);
    // at the "?" of the fifth field
    expect(failure(() => parseLdapUrl('ldap:///?a?b?c?d?e?f'))).toEqual([
      16,
      'more than four ? fields',
    ]);
    expect(failure(() => parseLdapUrl('ldap:'))).toEqual([5, 'ldap URL without //']);
  });
  it('tel: a parameter name is checked as written, before lower-casing', () => {
    // U+212A KELVIN SIGN lower-cases to "k", and U+0130 to two code units
    expect(failure(() => parseTel('tel:+1;\u212A=1'))).toEqual([7, 'invalid parameter name']);
    expect(failure(() => parseTel('tel:+1;\u0130'))).toEqual([7, 'invalid parameter name']);
    expect(failure(() => parseTel('tel:+1;a\u0130b=1'))).toEqual([8, 'invalid parameter name']);
  });
  it('property: every error index is within [0, input.length]', () => {
    const piece = fc.constantFrom(
      '/',
      '//',
      ':',
      '?',
      '#',
      '@',
      '[',
      ']',
      '%',
      '%FF',
      '%0A',
      '%41',
      ',',
      ';',
      '=',
      '!',
      '.',
      'a',
      'B',
      '1',
      '9',
      '99999',
      ';type=',
      ';type=a',
      ';ext=',
      ';phone-context=',
      ';isub=',
      '+',
      '-',
      '(',
      ')',
      '[::1]',
      '\u212A',
      '\u0130',
      ' ',
      'é',
    );
    const scheme = fc.constantFrom(
      'http:',
      'HTTPS:',
      'ws:',
      'wss:',
      'ftp:',
      'ldap:',
      'ldaps:',
      'tel:',
      'x:',
      '',
    );
    const calls: ((s: string) => unknown)[] = [
      (s) => origin(s),
      (s) => origin(s, { hosts: 'whatwg' }),
      (s) => requestTarget(s),
      (s) => requestTarget(s, { form: 'absolute' }),
      (s) => requestTarget(s, { form: 'authority' }),
      (s) => parseFtp(s),
      (s) => parseLdapUrl(s),
      (s) => parseTel(s),
      (s) => telEquivalent(s, s),
    ];
    fc.assert(
      fc.property(scheme, fc.array(piece, { maxLength: 12 }), (head, rest) => {
        const input = head + rest.join('');
        for (const call of calls) {
          const f = failure(() => call(input));
          if (f !== undefined) {
            expect(f[0], `${input} ${f[1]}`).toBeGreaterThanOrEqual(0);
            expect(f[0], `${input} ${f[1]}`).toBeLessThanOrEqual(input.length);
          }
        }
      }),
      { numRuns: 3000 },
    );
  });
});
