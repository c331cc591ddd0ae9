import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UriSyntaxError } from '../src/index';
import { formatTel, parseTel, telEquivalent } from '../src/tel';

describe('parseTel (RFC 3966)', () => {
  it('reads the examples of RFC 3966 §6', () => {
    expect(parseTel('tel:+1-201-555-0123')).toEqual({
      global: true,
      number: '+1-201-555-0123',
      digits: '+12015550123',
      extension: undefined,
      isdnSubaddress: undefined,
      phoneContext: undefined,
      params: [],
    });
    expect(parseTel('tel:7042;phone-context=example.com')).toMatchObject({
      global: false,
      digits: '7042',
      phoneContext: 'example.com',
    });
    expect(parseTel('tel:863-1234;phone-context=+1-914-555')).toMatchObject({
      global: false,
      number: '863-1234',
      digits: '8631234',
      phoneContext: '+1-914-555',
    });
  });
  it('reads the extension, the ISDN subaddress and other parameters', () => {
    expect(parseTel('tel:+1-201-555-0123;ext=1234;Foo=Bar;baz')).toMatchObject({
      extension: '1234',
      params: [
        ['foo', 'Bar'],
        ['baz', undefined],
      ],
    });
    expect(parseTel('tel:+358-555-1234567;isub=1411').isdnSubaddress).toBe('1411');
    // local numbers may hold *, # (written %23) and hex digits
    expect(parseTel('tel:*70%23;phone-context=example.com').digits).toBe('*70%23');
  });
  it('refuses what RFC 3966 does not allow, with the offset', () => {
    const at = (s: string) => {
      try {
        parseTel(s);
      } catch (e) {
        expect(e).toBeInstanceOf(UriSyntaxError);
        return (e as UriSyntaxError).index;
      }
      return -1;
    };
    expect(at('tel:7042')).toBe(4); // a local number needs its context
    expect(at('tel:+')).toBe(5); // no digit
    expect(at('tel:+1-201-555-0123;phone-context=example.com')).toBe(20);
    expect(at('tel:+1 201')).toBe(6);
    expect(at('tel:+1#2')).toBe(6);
    expect(at('tel:+1;ext=12;ext=13')).toBe(14);
    expect(at('tel:+1;ext=1a')).toBe(7);
    expect(at('tel:+1;x=')).toBe(9);
    expect(at('tel:+1;=1')).toBe(7);
    expect(at('tel:+1;x=a b')).toBe(10);
    expect(at('tel:+1;x=%zz')).toBe(9);
    expect(at('tel:1;phone-context=-a.com')).toBe(6);
    expect(at('tel:1;phone-context=example.1')).toBe(6);
    expect(at('tel:1;phone-context')).toBe(6);
    expect(at('sip:+1')).toBe(0);
    expect(at('TEL:+1')).toBe(-1);
  });
});

describe('formatTel', () => {
  it('writes isub or ext first, then phone-context, then the rest in order (§3)', () => {
    expect(formatTel(parseTel('tel:7042;foo=1;phone-context=example.com;ext=22;Bar'))).toBe(
      'tel:7042;ext=22;phone-context=example.com;bar;foo=1',
    );
  });
  it('refuses parts that do not make a tel URI', () => {
    expect(() => formatTel({ ...parseTel('tel:+1'), number: '12' })).toThrow(UriSyntaxError);
  });
});

describe('telEquivalent (RFC 3966 §4)', () => {
  it('compares digits without visual separators, parameters in any order, case-insensitively', () => {
    expect(telEquivalent('tel:+1-201-555-0123', 'tel:+1.201.555.0123')).toBe(true);
    expect(telEquivalent('tel:+1-201-555-0123', 'TEL:+1(201)5550123')).toBe(true);
    expect(
      telEquivalent('tel:863-1234;phone-context=+1-914-555', 'tel:8631234;phone-context=+1914555'),
    ).toBe(true);
    expect(
      telEquivalent('tel:7042;phone-context=Example.COM', 'tel:7042;phone-context=example.com'),
    ).toBe(true);
    expect(telEquivalent('tel:+1;a=x;b=Y', 'tel:+1;B=y;A=%58')).toBe(true);
    expect(telEquivalent('tel:+1;ext=1-2', 'tel:+1;ext=12')).toBe(true);
  });
  it('a global and a local number, a different context or a missing parameter differ', () => {
    expect(telEquivalent('tel:+1234', 'tel:1234;phone-context=+1')).toBe(false);
    expect(
      telEquivalent('tel:7042;phone-context=example.com', 'tel:7042;phone-context=example.net'),
    ).toBe(false);
    expect(telEquivalent('tel:+1;a=1', 'tel:+1')).toBe(false);
    expect(telEquivalent('tel:+1;a=1', 'tel:+1;b=1')).toBe(false);
    expect(telEquivalent('tel:+1;a=1', 'tel:+1;a=2')).toBe(false);
    expect(telEquivalent('tel:+1;isub=1', 'tel:+1;isub=2')).toBe(false);
    expect(telEquivalent('tel:+12', 'tel:+13')).toBe(false);
  });
  it('property: formatTel(parseTel(x)) is equivalent to x, and formatTel is stable', () => {
    const sep = fc.constantFrom('', '-', '.', '(', ')');
    const digit = fc.constantFrom(...'0123456789');
    const num = fc
      .array(fc.tuple(digit, sep), { minLength: 1, maxLength: 8 })
      .map((a) => a.map(([d, s]) => d + s).join(''));
    const param = fc.tuple(
      fc.constantFrom('a', 'B', 'x-y', 'ext', 'isub', 'phone-context', 'z9'),
      fc.option(fc.constantFrom('1', 'v', '%41', '[x]'), { nil: undefined }),
    );
    const tel = fc.tuple(fc.boolean(), num, fc.array(param, { maxLength: 4 })).map(([g, n, ps]) => {
      const names = new Set<string>();
      let s = g ? `tel:+${n}` : `tel:${n};phone-context=example.com`;
      for (const [name, v] of ps) {
        if (names.has(name.toLowerCase()) || name === 'phone-context') continue;
        names.add(name.toLowerCase());
        s += v === undefined ? `;${name}` : `;${name}=${v}`;
      }
      return s;
    });
    let valid = 0;
    fc.assert(
      fc.property(tel, (s) => {
        let t: ReturnType<typeof parseTel>;
        try {
          t = parseTel(s);
        } catch {
          return;
        }
        valid++;
        const out = formatTel(t);
        expect(telEquivalent(out, s)).toBe(true);
        expect(formatTel(parseTel(out))).toBe(out);
      }),
      { numRuns: 1000 },
    );
    expect(valid).toBeGreaterThan(300);
  });
});
