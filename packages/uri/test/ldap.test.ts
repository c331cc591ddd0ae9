import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UriSyntaxError } from '../src/index';
import { formatLdapUrl, parseLdapUrl } from '../src/ldap';

const defaults = {
  scheme: 'ldap',
  host: undefined,
  port: 389,
  dn: '',
  attributes: [],
  scope: 'base',
  filter: '(objectClass=*)',
  extensions: [],
};

describe('parseLdapUrl (RFC 4516)', () => {
  it('reads the examples of RFC 4516 §4', () => {
    expect(parseLdapUrl('ldap:///o=University%20of%20Michigan,c=US')).toEqual({
      ...defaults,
      dn: 'o=University of Michigan,c=US',
    });
    expect(parseLdapUrl('ldap://ldap1.example.net/o=University%20of%20Michigan,c=US')).toEqual({
      ...defaults,
      host: 'ldap1.example.net',
      dn: 'o=University of Michigan,c=US',
    });
    expect(
      parseLdapUrl('ldap://ldap1.example.net/o=University%20of%20Michigan,c=US?postalAddress')
        .attributes,
    ).toEqual(['postalAddress']);
    expect(
      parseLdapUrl(
        'ldap://ldap1.example.net:6666/o=University%20of%20Michigan,c=US??sub?(cn=Babs%20Jensen)',
      ),
    ).toEqual({
      ...defaults,
      host: 'ldap1.example.net',
      port: 6666,
      dn: 'o=University of Michigan,c=US',
      scope: 'sub',
      filter: '(cn=Babs Jensen)',
    });
    expect(parseLdapUrl('LDAP://ldap1.example.com/c=GB?objectClass?ONE')).toMatchObject({
      dn: 'c=GB',
      attributes: ['objectClass'],
      scope: 'one',
    });
    expect(parseLdapUrl('ldap://ldap2.example.com/o=Question%3f,c=US?mail')).toMatchObject({
      dn: 'o=Question?,c=US',
      attributes: ['mail'],
    });
    expect(
      parseLdapUrl('ldap://ldap3.example.com/o=Babsco,c=US???(four-octet=%5c00%5c00%5c00%5c04)')
        .filter,
    ).toBe('(four-octet=\\00\\00\\00\\04)');
    expect(parseLdapUrl('ldap://ldap.example.com/o=An%20Example%5C2C%20Inc.,c=US').dn).toBe(
      'o=An Example\\2C Inc.,c=US',
    );
    for (const u of [
      'ldap://ldap.example.net',
      'ldap://ldap.example.net/',
      'ldap://ldap.example.net/?',
    ])
      expect(parseLdapUrl(u), u).toEqual({ ...defaults, host: 'ldap.example.net' });
    expect(parseLdapUrl('ldap:///??sub??e-bindname=cn=Manager%2cdc=example%2cdc=com')).toEqual({
      ...defaults,
      scope: 'sub',
      extensions: [{ critical: false, type: 'e-bindname', value: 'cn=Manager,dc=example,dc=com' }],
    });
    expect(
      parseLdapUrl('ldap:///??sub??!e-bindname=cn=Manager%2cdc=example%2cdc=com').extensions,
    ).toEqual([{ critical: true, type: 'e-bindname', value: 'cn=Manager,dc=example,dc=com' }]);
  });
  it('refuses what is no LDAP URL, with the offset', () => {
    const at = (s: string) => {
      try {
        parseLdapUrl(s);
      } catch (e) {
        expect(e).toBeInstanceOf(UriSyntaxError);
        return (e as UriSyntaxError).index;
      }
      return -1;
    };
    expect(at('http://a/')).toBe(0);
    expect(at('ldap:o=x')).toBe(5);
    expect(at('ldap://u@h/')).toBe(7);
    expect(at('ldap://h/#f')).toBe(9);
    expect(at('ldap://h?a')).toBe(8);
    expect(at('ldap://h/?a?b?c?d?e')).toBe(17);
    expect(at('ldap://h/??all')).toBe(11);
    expect(at('ldap://h/????,x')).toBe(13);
    expect(at('ldap://h/????!=1')).toBe(13);
    expect(at('ldap://h:70000/')).toBe(9);
    expect(at('ldap://h/%FF')).toBe(9);
    expect(at('ldap://h/a b')).toBe(10);
    // the same offsets after the longer scheme
    expect(at('ldaps:o=x')).toBe(6);
    expect(at('ldaps://u@h/')).toBe(8);
    expect(at('ldaps://h:70000/')).toBe(10);
    expect(at('ldaps://h/????,x')).toBe(14);
    expect(at('ldapx://h/')).toBe(0);
  });

  it('reads ldaps: URLs, LDAP over TLS, with port 636 by default', () => {
    expect(
      parseLdapUrl('ldaps://ad.example.com/dc=example,dc=com?sAMAccountName,mail?sub?(cn=J*)'),
    ).toEqual({
      ...defaults,
      scheme: 'ldaps',
      host: 'ad.example.com',
      port: 636,
      dn: 'dc=example,dc=com',
      attributes: ['sAMAccountName', 'mail'],
      scope: 'sub',
      filter: '(cn=J*)',
    });
    expect(parseLdapUrl('LDAPS://gc.example.com:3269/')).toMatchObject({
      scheme: 'ldaps',
      port: 3269,
    });
    expect(parseLdapUrl('ldaps:///')).toEqual({ ...defaults, scheme: 'ldaps', port: 636 });
  });
});

describe('formatLdapUrl', () => {
  it('escapes ? in the dn and , in extension values, and drops trailing defaults', () => {
    expect(
      formatLdapUrl({ host: 'ldap.example.com', dn: 'o=Question?,c=US', attributes: ['mail'] }),
    ).toBe('ldap://ldap.example.com/o=Question%3F,c=US?mail');
    expect(
      formatLdapUrl({
        dn: '',
        scope: 'sub',
        extensions: [{ critical: true, type: 'e-bindname', value: 'cn=Manager,dc=example,dc=com' }],
      }),
    ).toBe('ldap:///??sub??!e-bindname=cn=Manager%2Cdc=example%2Cdc=com');
    expect(formatLdapUrl({ host: 'h', port: 389, dn: 'c=GB', filter: '(objectClass=*)' })).toBe(
      'ldap://h/c=GB',
    );
    // each scheme leaves off its own default port only
    expect(formatLdapUrl({ scheme: 'ldaps', host: 'h', port: 636, dn: 'c=GB' })).toBe(
      'ldaps://h/c=GB',
    );
    expect(formatLdapUrl({ scheme: 'ldaps', host: 'h', port: 389, dn: '' })).toBe('ldaps://h:389/');
    expect(formatLdapUrl({ host: 'h', port: 636, dn: '' })).toBe('ldap://h:636/');
  });
  it('property: parseLdapUrl(formatLdapUrl(x)) gives x back', () => {
    const text = fc.string({ unit: 'grapheme', maxLength: 10 });
    const tricky = fc.oneof(text, fc.constantFrom('?', ',', '!', '=', '%', '#', '/', 'a b', 'é'));
    const nonEmpty = tricky.filter((s) => s !== '');
    const url = fc.record({
      scheme: fc.constantFrom('ldap', 'ldaps'),
      host: fc.option(fc.constantFrom('h', 'ldap.example.com', '[::1]'), { nil: undefined }),
      port: fc.constantFrom(389, 636, 1),
      // a DN of "." or ".." is refused (a dot segment); one with "/" in it has them escaped
      dn: fc
        .oneof(tricky, fc.constantFrom('a/../b', '/./', '../'))
        .filter((s) => s !== '.' && s !== '..'),
      attributes: fc.array(nonEmpty, { maxLength: 3 }),
      scope: fc.constantFrom('base', 'one', 'sub'),
      filter: nonEmpty,
      extensions: fc.array(
        fc.record({
          critical: fc.boolean(),
          type: nonEmpty,
          value: fc.option(tricky, { nil: undefined }),
        }),
        { maxLength: 3 },
      ),
    });
    fc.assert(
      fc.property(url, (u) => {
        expect(parseLdapUrl(formatLdapUrl(u))).toEqual(u);
      }),
      { numRuns: 1500 },
    );
  });
});
