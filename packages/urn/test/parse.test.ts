import { describe, expect, it } from 'vitest';
import { formatUrn, isUrn, parseUrn, UrnSyntaxError, urnEquals } from '../src/index';

function failure(input: string, syntax?: 'rfc2141'): { index: number; reason: string } {
  try {
    parseUrn(input, syntax ? { syntax } : undefined);
  } catch (error) {
    expect(error).toBeInstanceOf(UrnSyntaxError);
    const e = error as UrnSyntaxError;
    expect(e.name).toBe('UrnSyntaxError');
    expect(e.message).toContain(`at index ${e.index}`);
    return { index: e.index, reason: e.reason };
  }
  throw new Error(`expected ${input} to fail`);
}

describe('parseUrn: RFC 8141 §2 examples', () => {
  it('reads NID and NSS as written', () => {
    expect(parseUrn('urn:example:a123,z456')).toEqual({ nid: 'example', nss: 'a123,z456' });
    expect(parseUrn('URN:EXAMPLE:a123,z456')).toEqual({ nid: 'EXAMPLE', nss: 'a123,z456' });
    expect(parseUrn('urn:example:a123,0%7C00~&z456/789')).toEqual({
      nid: 'example',
      nss: 'a123,0%7C00~&z456/789',
    });
  });
  it('reads the r-component (§2.3.1)', () => {
    expect(parseUrn('urn:example:foo-bar-baz-qux?+CCResolve:cc=uk')).toEqual({
      nid: 'example',
      nss: 'foo-bar-baz-qux',
      rComponent: 'CCResolve:cc=uk',
    });
  });
  it('reads the q-component (§2.3.2)', () => {
    expect(
      parseUrn('urn:example:weather?=op=map&lat=39.56&lon=-104.85&datetime=1969-07-21T02:56:15Z'),
    ).toEqual({
      nid: 'example',
      nss: 'weather',
      qComponent: 'op=map&lat=39.56&lon=-104.85&datetime=1969-07-21T02:56:15Z',
    });
  });
  it('reads the f-component (§2.3.3), empty is not absent', () => {
    expect(parseUrn('urn:example:foo-bar-baz-qux#somepart').fComponent).toBe('somepart');
    expect(parseUrn('urn:example:a#').fComponent).toBe('');
    expect('fComponent' in parseUrn('urn:example:a')).toBe(false);
  });
  it('reads all three in order, each allowing "?"', () => {
    expect(parseUrn('urn:example:a123,z456/789?+abc?x?=xyz?+q#12/3?=f')).toEqual({
      nid: 'example',
      nss: 'a123,z456/789',
      rComponent: 'abc?x',
      qComponent: 'xyz?+q',
      fComponent: '12/3?=f',
    });
    // "?+" inside a q-component is text; "?=" inside a fragment is text
    expect(parseUrn('urn:example:a?=q?+r')).toEqual({
      nid: 'example',
      nss: 'a',
      qComponent: 'q?+r',
    });
    expect(parseUrn('urn:example:a#f?=q')).toEqual({
      nid: 'example',
      nss: 'a',
      fComponent: 'f?=q',
    });
  });
  it('accepts NIDs of 2 to 32 letters, digits and inner hyphens', () => {
    expect(isUrn('urn:ab:x')).toBe(true);
    expect(isUrn(`urn:${'a'.repeat(32)}:x`)).toBe(true);
    expect(isUrn('urn:a-b:x')).toBe(true);
    expect(isUrn('urn:3gpp:x')).toBe(true);
  });
});

describe('parseUrn: strict errors with index and reason', () => {
  it.each([
    ['', 0, 'expected "urn:"'],
    ['urn', 0, 'expected "urn:"'],
    ['urx:example:a', 0, 'expected "urn:"'],
    ['urn:example', 11, 'expected ":" after NID'],
    ['urn::a', 4, 'empty NID'],
    ['urn:a:x', 4, 'NID shorter than 2 characters'],
    [`urn:${'a'.repeat(33)}:x`, 36, 'NID longer than 32 characters'],
    // the length is the reason, at the 33rd character, whatever ends the NID
    [`urn:${'x'.repeat(33)}@`, 36, 'NID longer than 32 characters'],
    [`urn:${'x'.repeat(40)}_:x`, 36, 'NID longer than 32 characters'],
    [`urn:${'x'.repeat(33)}`, 36, 'NID longer than 32 characters'],
    [`urn:${'x'.repeat(32)}@`, 36, 'invalid character in NID'],
    [`urn:${'x'.repeat(32)}`, 36, 'expected ":" after NID'],
    ['urn:-ab:x', 4, 'NID starts with "-"'],
    ['urn:ab-:x', 6, 'NID ends with "-"'],
    ['urn:a_b:x', 5, 'invalid character in NID'],
    ['urn:example:', 12, 'empty NSS'],
    ['urn:example:/a', 12, 'NSS starts with "/"'],
    ['urn:example:?+a', 12, 'invalid character in NSS'],
    ['urn:example:a b', 13, 'invalid character'],
    ['urn:example:a%2', 13, 'malformed percent-escape'],
    ['urn:example:a%zz', 13, 'malformed percent-escape'],
    ['urn:example:a?b', 13, '"?" not followed by "+" or "="'],
    ['urn:example:a?', 13, '"?" not followed by "+" or "="'],
    ['urn:example:a?+', 15, 'empty or invalid r-component'],
    ['urn:example:a?=', 15, 'empty or invalid q-component'],
    ['urn:example:a?+?=q', 15, 'empty or invalid r-component'],
    ['urn:example:a?+/r', 15, 'empty or invalid r-component'],
    ['urn:example:a?=?q', 15, 'empty or invalid q-component'],
    ['urn:example:a?+r%g0', 16, 'malformed percent-escape'],
    ['urn:example:a?=q%', 16, 'malformed percent-escape'],
    ['urn:example:a#f%1', 15, 'malformed percent-escape'],
    ['urn:example:a#f#g', 15, 'invalid character'],
    ['urn:example:a[b]', 13, 'invalid character'],
    ['urn:example:café', 15, 'invalid character'],
  ])('%j fails at %i: %s', (input, index, reason) => {
    expect(failure(input)).toEqual({ index, reason });
    expect(isUrn(input)).toBe(false);
  });
  it('a long NID: the length error in both grammars, with its message', () => {
    const long = `urn:${'x'.repeat(33)}@`;
    for (const options of [undefined, { syntax: 'rfc2141' } as const]) {
      expect(() => parseUrn(long, options)).toThrow(
        `NID longer than 32 characters at index 36 in "${long}"`,
      );
      expect(() => parseUrn(`urn:${'x'.repeat(32)}@`, options)).toThrow(
        expect.objectContaining({ index: 36, reason: 'invalid character in NID' }),
      );
    }
    expect(urnEquals(long, long)).toBe(false);
  });
  it('shortens long inputs in the message', () => {
    try {
      parseUrn(`urn:example:${' '.repeat(200)}`);
    } catch (error) {
      expect((error as Error).message.length).toBeLessThan(150);
    }
    expect.assertions(1);
  });
});

describe('parseUrn: RFC 2141 grammar', () => {
  const syntax = 'rfc2141';
  it('allows one-character NIDs, trailing hyphens and "/", "?", "#" in the NSS', () => {
    expect(parseUrn('urn:a:x', { syntax })).toEqual({ nid: 'a', nss: 'x' });
    expect(parseUrn('urn:ab-:x', { syntax })).toEqual({ nid: 'ab-', nss: 'x' });
    expect(parseUrn('urn:path:/A/B/C/doc.html', { syntax })).toEqual({
      nid: 'path',
      nss: '/A/B/C/doc.html',
    });
    expect(parseUrn('urn:foo:a?b#c', { syntax })).toEqual({ nid: 'foo', nss: 'a?b#c' });
  });
  it('refuses characters outside <trans>, bad escapes and the NID "urn"', () => {
    expect(failure('urn:foo:a&b', syntax)).toEqual({
      index: 9,
      reason: 'invalid character in NSS',
    });
    expect(failure('urn:foo:a~b', syntax)).toEqual({
      index: 9,
      reason: 'invalid character in NSS',
    });
    expect(failure('urn:foo:%4', syntax)).toEqual({ index: 8, reason: 'malformed percent-escape' });
    expect(failure('urn:foo:', syntax)).toEqual({ index: 8, reason: 'empty NSS' });
    expect(failure('urn:URN:x', syntax)).toEqual({ index: 4, reason: 'NID "urn" is reserved' });
    expect(failure('urn:-a:x', syntax)).toEqual({ index: 4, reason: 'NID starts with "-"' });
    expect(isUrn('urn:foo:a%2Cb', { syntax })).toBe(true);
  });
});

describe('formatUrn', () => {
  it('writes the parts back', () => {
    expect(
      formatUrn({ nid: 'example', nss: 'a', rComponent: 'r', qComponent: 'q', fComponent: '' }),
    ).toBe('urn:example:a?+r?=q#');
    expect(formatUrn({ nid: 'path', nss: '/A/B' }, { syntax: 'rfc2141' })).toBe('urn:path:/A/B');
  });
  it('refuses parts that would read back differently', () => {
    expect(() => formatUrn({ nid: 'example', nss: 'a?+b' })).toThrow(UrnSyntaxError);
    expect(() => formatUrn({ nid: 'example', nss: 'a#b' })).toThrow(
      expect.objectContaining({ reason: 'nss does not read back as itself', index: 12 }),
    );
    expect(() =>
      formatUrn({ nid: 'example', nss: 'a', qComponent: 'q', fComponent: 'f#g' }),
    ).toThrow(expect.objectContaining({ index: 18 }));
    expect(() => formatUrn({ nid: 'example', nss: 'a', rComponent: 'r?=q' })).toThrow(
      expect.objectContaining({ reason: 'rComponent does not read back as itself', index: 15 }),
    );
    expect(() => formatUrn({ nid: 'example', nss: 'a', rComponent: 'b?=c' })).toThrow(/rComponent/);
    expect(() => formatUrn({ nid: 'example', nss: 'a', rComponent: '' })).toThrow(UrnSyntaxError);
    expect(() => formatUrn({ nid: 'x', nss: 'a' })).toThrow(UrnSyntaxError);
    expect(() => formatUrn({ nid: 'example', nss: 'a b' })).toThrow(UrnSyntaxError);
    expect(() =>
      formatUrn({ nid: 'foo', nss: 'a', fComponent: 'f' }, { syntax: 'rfc2141' }),
    ).toThrow(/nss does not read back/);
  });
});
