// The scheme helpers decode escapes as UTF-8 text: every character kept (a leading U+FEFF is a
// character of the name, not a byte order mark to drop), and an error at the escape where the
// malformed UTF-8 starts, not at the start of the part.
import { describe, expect, it } from 'vitest';
import type { UriSyntaxError } from '../src/errors';
import { cgiVariables, pathUnderRoot, type UnsafePathError } from '../src/cgi';
import { fileUriToPath, pathToFileUri } from '../src/file';
import { parseFtp } from '../src/ftp';
import { parseLdapUrl } from '../src/ldap';
import { parseMailto } from '../src/mailto';
import { parseTel } from '../src/tel';

const BOM = '%EF%BB%BF';
const errorOf = (f: () => unknown): UriSyntaxError | UnsafePathError => {
  try {
    f();
  } catch (error) {
    return error as UriSyntaxError;
  }
  throw new Error('no error');
};

describe('U+FEFF at the start of a decoded part is kept', () => {
  it('file, mailto, ftp, ldap and cgi', () => {
    expect(fileUriToPath(`file:///${BOM}a/${BOM}b`)).toBe('/\ufeffa/\ufeffb');
    expect(fileUriToPath(pathToFileUri('/\ufeffa'))).toBe('/\ufeffa');
    expect(fileUriToPath(`file:///C:/${BOM}x`, { windows: true })).toBe('C:\\\ufeffx');
    expect(parseMailto(`mailto:${BOM}a@x?subject=${BOM}hi`)).toEqual({
      to: ['\ufeffa@x'],
      headers: [['subject', '\ufeffhi']],
      body: undefined,
    });
    const ftp = parseFtp(`ftp://${BOM}u:${BOM}p@h/${BOM}d/f`);
    expect([ftp.user, ftp.password]).toEqual(['\ufeffu', '\ufeffp']);
    expect(parseLdapUrl(`ldap://h/${BOM}cn=a?${BOM}cn`).dn).toBe('\ufeffcn=a');
    expect(cgiVariables(`/cgi/x/${BOM}y`, '/cgi/x').PATH_INFO).toBe('/\ufeffy');
    expect(pathUnderRoot('/srv', `/${BOM}a`)).toBe('/srv/\ufeffa');
    // still no way around the dot-segment check
    expect(() => fileUriToPath(`file:///a/${BOM}..`)).not.toThrow();
    expect(fileUriToPath(`file:///a/${BOM}..`)).toBe('/a/\ufeff..');
    expect(() => fileUriToPath('file:///a/%2E%2E')).toThrow('escaped dot segment');
  });
});

describe('malformed UTF-8: the error points at the escape where it starts', () => {
  it('the UriSyntaxError of each helper', () => {
    expect(errorOf(() => parseMailto('mailto:abcdefgh%FF@x.y')).index).toBe(15);
    expect(errorOf(() => parseMailto('mailto:a@x?subject=ok%C3%A9%C3')).index).toBe(
      'mailto:a@x?subject=ok%C3%A9'.length,
    );
    expect(errorOf(() => fileUriToPath('file:///dir/ab%E2%82')).index).toBe(14);
    expect(errorOf(() => parseFtp('ftp://h/dir/x%C0%AF')).index).toBe(13);
    expect(errorOf(() => parseLdapUrl('ldap://h/cn=%FE')).index).toBe(12);
    expect(errorOf(() => parseMailto('mailto:%FF')).index).toBe(7);
  });
  it('the UnsafePathError of the cgi helpers', () => {
    expect(errorOf(() => pathUnderRoot('/srv', '/a/bc%FF')).index).toBe(5);
    expect(errorOf(() => cgiVariables('/cgi/x/y%C0%80', '/cgi/x')).index).toBe(8);
  });
  it('an invalid tel parameter name: at its first wrong character', () => {
    expect(errorOf(() => parseTel('tel:+1;ex"t=1')).index).toBe(9);
    expect(errorOf(() => parseTel('tel:+1;=1')).index).toBe(7);
  });
});
