import { posix, win32 } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cgiVariables, pathUnderRoot, UnsafePathError } from '../src/cgi';
import { requestTarget } from '../src/http';
import { UriSyntaxError } from '../src/index';

const refusal = (run: () => unknown): string | undefined => {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(UnsafePathError);
    expect(e).toBeInstanceOf(UriSyntaxError);
    return (e as UnsafePathError).code;
  }
  return undefined;
};

describe('cgiVariables (RFC 3875 §4.1)', () => {
  it("splits the seed's request: script, extra path, query", () => {
    const target = '/cgi-bin/puzzle/ducks/and/drake?row=a2&cl=j4';
    const expected = {
      SCRIPT_NAME: '/cgi-bin/puzzle',
      PATH_INFO: '/ducks/and/drake',
      QUERY_STRING: 'row=a2&cl=j4',
    };
    expect(cgiVariables(target, '/cgi-bin/puzzle')).toEqual(expected);
    expect(cgiVariables(target, '/cgi-bin/puzzle/')).toEqual(expected);
    // the server knows which prefixes are scripts
    const asked: string[] = [];
    const isScript = (p: string) => {
      asked.push(p);
      return p === '/cgi-bin/puzzle';
    };
    expect(cgiVariables(target, isScript)).toEqual(expected);
    expect(asked).toEqual(['/cgi-bin', '/cgi-bin/puzzle']);
    // the same request as an absolute URI (a proxy request)
    expect(cgiVariables(`http://www.example.com${target}`, '/cgi-bin/puzzle')).toEqual(expected);
    // an absolute form with an empty path asks for "/" (RFC 9112 §3.2.2)
    expect(cgiVariables('http://www.example.com?q', '')).toEqual({
      SCRIPT_NAME: '',
      PATH_INFO: '/',
      QUERY_STRING: 'q',
    });
  });
  it('decodes SCRIPT_NAME and PATH_INFO (§4.1.5, §4.1.13), keeps QUERY_STRING encoded (§4.1.7)', () => {
    // an escaped "." and ";" are data in PATH_INFO (the shape of the Script-URI example of §3.3)
    expect(
      cgiVariables('/cgi-bin/somescript/this%2eis%2epath%3binfo', '/cgi-bin/somescript').PATH_INFO,
    ).toBe('/this.is.path;info');
    expect(cgiVariables('/cgi%2Dbin/x/caf%C3%A9?a%20b=c+d', '/cgi-bin/x')).toEqual({
      SCRIPT_NAME: '/cgi-bin/x',
      PATH_INFO: '/café',
      QUERY_STRING: 'a%20b=c+d',
    });
  });
  it('no query gives an empty QUERY_STRING; no extra path an empty PATH_INFO; a trailing / a PATH_INFO of /', () => {
    expect(cgiVariables('/cgi-bin/x', '/cgi-bin/x')).toEqual({
      SCRIPT_NAME: '/cgi-bin/x',
      PATH_INFO: '',
      QUERY_STRING: '',
    });
    expect(cgiVariables('/cgi-bin/x/?', '/cgi-bin/x').PATH_INFO).toBe('/');
    // a script at the root: SCRIPT_NAME is ""
    expect(cgiVariables('/a/b', '')).toEqual({
      SCRIPT_NAME: '',
      PATH_INFO: '/a/b',
      QUERY_STRING: '',
    });
  });
  it('path-segment parameters are not part of the variables (§4.1.5)', () => {
    expect(cgiVariables('/cgi-bin/x;v=2/a;b/c', '/cgi-bin/x')).toEqual({
      SCRIPT_NAME: '/cgi-bin/x',
      PATH_INFO: '/a/c',
      QUERY_STRING: '',
    });
  });
  it('dot segments are removed before the split (RFC 3986 §5.2.4)', () => {
    expect(cgiVariables('/cgi-bin/other/../x/./a', '/cgi-bin/x').PATH_INFO).toBe('/a');
    expect(cgiVariables('/../../cgi-bin/x/a', '/cgi-bin/x').PATH_INFO).toBe('/a');
  });
  it('reads an origin form that starts with an empty segment as a path, not an authority (RFC 9112 §3.2.1)', () => {
    expect(cgiVariables('//a/b?q', '')).toEqual({
      SCRIPT_NAME: '',
      PATH_INFO: '//a/b',
      QUERY_STRING: 'q',
    });
    // what requestTarget gives for an absolute URI reads as that URI does
    const target = requestTarget('http://example.com//a/b?q');
    expect(target).toBe('//a/b?q');
    expect(cgiVariables(target, '')).toEqual(cgiVariables('http://example.com//a/b?q', ''));
    expect(cgiVariables('///', '')).toEqual({
      SCRIPT_NAME: '',
      PATH_INFO: '///',
      QUERY_STRING: '',
    });
    expect(cgiVariables('//host/a', '').PATH_INFO).toBe('//host/a');
    // an empty segment is a segment (RFC 3875 §4.1.5: lsegment = *lchar): kept, and matched as one
    expect(cgiVariables('//cgi-bin/x/a', '//cgi-bin/x').PATH_INFO).toBe('/a');
    expect(refusal(() => cgiVariables('//cgi-bin/x/a', '/cgi-bin/x'))).toBe('no-script');
    expect(cgiVariables('/cgi-bin/x//a/', '/cgi-bin/x').PATH_INFO).toBe('//a/');
    // Python's test_httpservers: dot segments after empty ones are removed, never climb past the root
    expect(
      cgiVariables('///////////nocgi.py/../cgi-bin/nothere.sh', (p) => p.endsWith('.sh')),
    ).toEqual({
      SCRIPT_NAME: `${'/'.repeat(11)}cgi-bin/nothere.sh`,
      PATH_INFO: '',
      QUERY_STRING: '',
    });
    expect(cgiVariables('//../x', '').PATH_INFO).toBe('/x');
    expect(cgiVariables('//../../x', '').PATH_INFO).toBe('/x');
    expect(cgiVariables('/a//..//b', '').PATH_INFO).toBe('/a//b');
    // the refusals still hold after an empty segment, with offsets into the target
    const error = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return e as UnsafePathError;
      }
    };
    expect(error(() => cgiVariables('//%2E%2E/x', ''))?.code).toBe('dot-segment');
    expect(error(() => cgiVariables('//a/%2Fb', ''))?.index).toBe(4);
    expect(error(() => cgiVariables('//a%zz', ''))?.index).toBe(3);
    expect(error(() => cgiVariables('//a b', ''))?.index).toBe(3);
    expect(refusal(() => cgiVariables('//a#f', ''))).toBe('syntax');
  });
  it('matches whole segments, not a string prefix', () => {
    expect(refusal(() => cgiVariables('/cgi-bin/xy/a', '/cgi-bin/x'))).toBe('no-script');
    expect(refusal(() => cgiVariables('/cgi-bin/a', () => false))).toBe('no-script');
  });
  it('refuses what would lose information or mislead the script', () => {
    expect(refusal(() => cgiVariables('/cgi-bin/x/a%2Fb', '/cgi-bin/x'))).toBe('separator');
    expect(refusal(() => cgiVariables('/cgi-bin/x/%2E%2E/y', '/cgi-bin/x'))).toBe('dot-segment');
    expect(refusal(() => cgiVariables('/cgi-bin/x/a%00', '/cgi-bin/x'))).toBe('control');
    expect(refusal(() => cgiVariables('/cgi-bin/x/%C0%AE', '/cgi-bin/x'))).toBe('encoding');
    expect(refusal(() => cgiVariables('/cgi-bin/x#f', '/cgi-bin/x'))).toBe('syntax');
    expect(refusal(() => cgiVariables('/a b', ''))).toBe('syntax');
    expect(refusal(() => cgiVariables('*', ''))).toBe('syntax');
    expect(refusal(() => cgiVariables('mailto:a@b', ''))).toBe('syntax');
  });
  it('errors point at the refused segment', () => {
    try {
      cgiVariables('/cgi-bin/x/a/%2Fb?q', '/cgi-bin/x');
    } catch (e) {
      expect((e as UnsafePathError).index).toBe(13);
    }
    expect.assertions(1);
  });
});

describe('pathUnderRoot', () => {
  it('maps a URL path to a file under the root, POSIX and Windows', () => {
    expect(pathUnderRoot('/srv/www', '/docs/caf%C3%A9.html')).toBe('/srv/www/docs/café.html');
    expect(pathUnderRoot('/srv/www/', '/')).toBe('/srv/www/');
    expect(pathUnderRoot('/srv/www', '/a/')).toBe('/srv/www/a/');
    expect(pathUnderRoot('/', '/a')).toBe('/a');
    expect(pathUnderRoot('C:\\www\\', '/docs/a%20b.txt', { windows: true })).toBe(
      'C:\\www\\docs\\a b.txt',
    );
    expect(pathUnderRoot('C:\\', '/a', { windows: true })).toBe('C:\\a');
    // names that are fine on POSIX
    expect(pathUnderRoot('/r', '/a:b/...')).toBe('/r/a:b/...');
    expect(pathUnderRoot('/r', '/a;b=c')).toBe('/r/a;b=c');
    // best-fit characters are only refused for Windows
    expect(pathUnderRoot('/r', '/%EF%BC%8F')).toBe('/r/\uff0f');
  });
  it('refuses each way out of the root, with its code', () => {
    const cases: [string, string, boolean][] = [
      ['/..', 'dot-segment', false],
      ['/a/../../etc/passwd', 'dot-segment', false],
      ['/./a', 'dot-segment', false],
      ['/%2e%2e/etc/passwd', 'dot-segment', false],
      ['/%2E./x', 'dot-segment', false],
      ['/a%2F..%2F..%2Fetc', 'separator', false],
      ['/..%5C..%5Cwindows', 'separator', true],
      ['/..%5c', 'separator', false],
      ['/a\\..\\..\\b', 'separator', true],
      ['/a%00.txt', 'control', false],
      ['/a%0A', 'control', false],
      ['/%C0%AE%C0%AE/etc', 'encoding', false],
      ['/%E0%80%AE', 'encoding', false],
      ['/%FF', 'encoding', false],
      ['//etc/passwd', 'empty-segment', false],
      ['/a//b', 'empty-segment', false],
      ['/C:/Windows', 'drive', true],
      ['/C%3A%5Cx', 'drive', true],
      ['/a.txt::$DATA', 'drive', true],
      ['/...', 'windows-name', true],
      ['/..%20', 'windows-name', true],
      ['/a.', 'windows-name', true],
      ['/a%3F', 'windows-name', true],
      ['/CON', 'device', true],
      ['/nul.txt', 'device', true],
      ['/com1', 'device', true],
      ['/LPT%C2%B9', 'device', true],
      ['/..%EF%BC%8F..%EF%BC%8Fwin.ini', 'windows-name', true],
      ['/%EF%BC%BC', 'windows-name', true],
      ['/a%C2%A5b', 'windows-name', true],
      ['/%EF%BC%8E%EF%BC%8E', 'windows-name', true],
      ['a/b', 'syntax', false],
      ['/a?b', 'syntax', false],
      ['/a#b', 'syntax', false],
      ['/a b', 'syntax', false],
      ['/%zz', 'syntax', false],
      ['/é', 'syntax', false],
    ];
    for (const [path, code, windows] of cases)
      expect(
        refusal(() => pathUnderRoot('/srv/www', path, { windows })),
        path,
      ).toBe(code);
  });
  it('throws a TypeError for an empty root', () => {
    expect(() => pathUnderRoot('', '/a')).toThrow(TypeError);
  });
  it('fuzz: no accepted path leaves the root, as Node resolves it on POSIX and on Windows', () => {
    const pieces = fc.constantFrom(
      '/',
      '.',
      '..',
      '%2e',
      '%2E',
      '%2f',
      '%2F',
      '%5c',
      '%5C',
      '\\',
      '%00',
      '%C0%AE',
      '%c0%af',
      'C:',
      'c%3A',
      '%3a',
      'a',
      'b.',
      ' ',
      '%20',
      '~',
      ';',
      'con',
      '%E2%80%AE',
      '%C3%A9',
      '...',
    );
    const paths = fc.array(pieces, { maxLength: 10 }).map((a) => `/${a.join('')}`);
    let accepted = 0;
    fc.assert(
      fc.property(paths, fc.boolean(), (p, windows) => {
        let out: string;
        try {
          out = pathUnderRoot(windows ? 'C:\\srv\\www' : '/srv/www', p, { windows });
        } catch (e) {
          expect(e).toBeInstanceOf(UnsafePathError);
          return;
        }
        accepted++;
        if (windows) {
          const resolved = win32.resolve(out);
          expect(resolved === 'C:\\srv\\www' || resolved.startsWith('C:\\srv\\www\\'), p).toBe(
            true,
          );
          const rest = out.slice('C:\\srv\\www'.length);
          // Windows trims trailing dots and spaces, reads ":" as a stream or drive
          for (const name of rest.split('\\')) {
            expect(name.replace(/[. ]+$/, '') === name || name === '', p).toBe(true);
            expect(name.includes(':'), p).toBe(false);
          }
        } else {
          const relative = posix.relative('/srv/www', posix.resolve(out));
          expect(relative === '..' || relative.startsWith('../'), p).toBe(false);
          // one file name per URL segment: nothing was split or merged
          expect(out.slice('/srv/www'.length).split('/').length, p).toBe(p.split('/').length);
        }
        expect(out.includes('\0'), p).toBe(false);
      }),
      { numRuns: 5000 },
    );
    expect(accepted).toBeGreaterThan(300);
  });
});
