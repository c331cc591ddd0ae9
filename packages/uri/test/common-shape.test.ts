// parse tries one anchored regular expression for the common shape of a URI (scheme, optional
// authority with userinfo, reg-name or IPv6 host and port, path, query, fragment; ASCII) before the
// character scan. The oracle is the same tryParse with that regex made to fail, so the scan alone
// answers: the two must agree on every input, with the same components or the same error at the
// same index.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAbsoluteUri, isUri, isUriReference, parseIri, tryParse } from '../src/index';
import { uri, uriReference } from './arbitraries';

/** Runs `f` with every non-sticky regex failing (the scanner's skips are sticky). */
function withoutCommon<T>(f: () => T): T {
  const exec = RegExp.prototype.exec;
  RegExp.prototype.exec = function (this: RegExp, input: string): RegExpExecArray | null {
    return this.sticky ? exec.call(this, input) : null;
  };
  try {
    return f();
  } finally {
    RegExp.prototype.exec = exec;
  }
}

/** parseIri's answer in a comparable form. */
function iri(s: string): unknown {
  try {
    return { ok: true, value: parseIri(s) };
  } catch (e) {
    const { index, reason } = e as { index: number; reason: string };
    return { ok: false, index, reason };
  }
}

/** The scan's answer in a comparable form. */
function scanned(s: string): unknown {
  return withoutCommon(() => regexPath(s));
}

function regexPath(s: string): unknown {
  const r = tryParse(s);
  return r.ok ? r : { ok: false, index: r.error.index, reason: r.error.reason };
}

// a valid URI with one character inserted, replaced or removed: the edits that move a delimiter,
// break an escape, add an "@" or a bracket, or put a character of another component in the wrong one
const edited = fc
  .tuple(
    uri,
    fc.nat(),
    fc.constantFrom(
      '%',
      '%4',
      '%zz',
      '@',
      ':',
      '[',
      ']',
      '/',
      '//',
      '?',
      '#',
      ' ',
      '\\',
      '1',
      'a',
      '::',
      '.',
      '',
      // characters whose case folds to ASCII under /iu (the regex has /i, not u)
      '\u017f',
      '\u212a',
      '\u0131',
      '\u0130',
      '\u00e9',
    ),
    fc.boolean(),
  )
  .map(([s, at, text, replace]) => {
    const i = at % (s.length + 1);
    return s.slice(0, i) + text + s.slice(replace ? i + 1 : i);
  });

describe('the common-shape regex agrees with the character scan', () => {
  it('on valid URIs and URI references (RFC 3986 §3, §4.1)', () => {
    fc.assert(
      fc.property(uriReference, (s) => {
        expect(regexPath(s), s).toEqual(scanned(s));
      }),
      { numRuns: 3000 },
    );
  });

  it('on URIs with one edit: components, or the error index and reason', () => {
    let bad = 0;
    fc.assert(
      fc.property(edited, (s) => {
        const want = scanned(s) as { ok: boolean };
        if (!want.ok) bad++;
        expect(regexPath(s), s).toEqual(want);
        expect(iri(s), s).toEqual(withoutCommon(() => iri(s)));
        const ok = want.ok;
        const v = ok
          ? (want as unknown as { value: { scheme?: string; fragment?: string } }).value
          : undefined;
        expect(isUriReference(s), s).toBe(ok);
        expect(isUri(s), s).toBe(ok && v!.scheme !== undefined);
        expect(isAbsoluteUri(s), s).toBe(
          ok && v!.scheme !== undefined && v!.fragment === undefined,
        );
      }),
      { numRuns: 5000 },
    );
    // the edits do break a good share of them
    expect(bad).toBeGreaterThan(500);
  });

  it('on every ASCII character in every place (the classes of Appendix A)', () => {
    const places = [
      (c: string) => `a${c}:x`,
      (c: string) => `a:${c}`,
      (c: string) => `a:/${c}`,
      (c: string) => `a://${c}@h/`,
      (c: string) => `a://u${c}:p@h/`,
      (c: string) => `a://${c}/`,
      (c: string) => `a://h${c}`,
      (c: string) => `a://[::${c}]/`,
      (c: string) => `a://h:8${c}/`,
      (c: string) => `a://h/${c}`,
      (c: string) => `a://h/p?${c}`,
      (c: string) => `a://h/p#${c}`,
      (c: string) => `a:x?q${c}#f`,
    ];
    let accepted = 0;
    // how often the common-shape regex matched (the scan's skips are sticky): the regex path is
    // taken, not only the scan behind it
    let matched = 0;
    const exec = RegExp.prototype.exec;
    RegExp.prototype.exec = function (this: RegExp, input: string): RegExpExecArray | null {
      const m = exec.call(this, input);
      if (m !== null && !this.sticky) matched++;
      return m;
    };
    try {
      for (let code = 0; code < 128; code++) {
        for (const place of places) {
          const s = place(String.fromCharCode(code));
          const want = scanned(s) as { ok: boolean };
          if (want.ok) accepted++;
          expect(regexPath(s), JSON.stringify(s)).toEqual(want);
        }
      }
    } finally {
      RegExp.prototype.exec = exec;
    }
    expect(accepted).toBeGreaterThan(700);
    expect(matched).toBeGreaterThan(accepted * 0.9);
  });

  it('on the shapes at its edges', () => {
    for (const s of [
      'http:',
      'http://',
      'http://@',
      'http://u:p@h:1/p?q#f',
      'http://u@[::1]:8/p',
      'http://[::1]',
      'http://[::1]:',
      'http://[1::2::3]/',
      'http://[v1.x]/',
      'http://[fe80::1%25eth0]/',
      'http://h:8x/',
      'http://h:/',
      'http://a@b@c/',
      'http://a:b:c/',
      'http:/p',
      'http://h//p',
      'http:p:q//r',
      'http:?#',
      'http://h/a%2',
      'http://h/%41?%4#%',
      'a+b-c.d:x',
      '1http://h/',
      'http://h/#a#b',
      'http://h/?a?b#c?d',
    ]) {
      expect(regexPath(s), s).toEqual(scanned(s));
    }
  });
});
