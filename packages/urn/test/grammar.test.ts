// The grammar, case by case and against an oracle written straight from the ABNF: RFC 8141 §2
// (with §2.3's reading that "?=" ends an r-component) and RFC 2141 §2. The oracle is a regular
// expression, fine here: test code, short generated inputs, no nested ambiguous repetition.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isUrn, normalizeUrn, parseUrn, type Urn, UrnSyntaxError, urnEquals } from '../src/index';

// RFC 3986 §3.3 pchar = unreserved / pct-encoded / sub-delims / ":" / "@"
const P = "(?:[A-Za-z0-9\\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})";
// RFC 8141 §2
const RFC8141 = new RegExp(
  [
    '^[uU][rR][nN]:',
    '([A-Za-z0-9][A-Za-z0-9-]{0,30}[A-Za-z0-9]):', // NID = alphanum 0*30ldh alphanum
    `(${P}(?:${P}|/)*)`, // NSS = pchar *(pchar / "/")
    `(?:\\?\\+(${P}(?:${P}|/|\\?(?!=))*))?`, // "?+" r-component, up to the first "?="
    `(?:\\?=(${P}(?:${P}|[/?])*))?`, // "?=" q-component = pchar *( pchar / "/" / "?" )
    `(?:#((?:${P}|[/?])*))?$`, // "#" f-component = RFC 3986 fragment
  ].join(''),
);
// RFC 2141 §2: NID = let-num [ 1,31let-num-hyp ], not "urn"; NSS = 1*<URN chars>, where
// <trans> = upper / lower / number / other / reserved and "%" only starts an escape (§2.3.2)
const RFC2141 =
  /^[uU][rR][nN]:([A-Za-z0-9][A-Za-z0-9-]{0,31}):((?:[A-Za-z0-9()+,\-.:=@;$_!*'/?#]|%[0-9A-Fa-f]{2})+)$/;

function oracle(s: string, legacy: boolean): Urn | undefined {
  const m = (legacy ? RFC2141 : RFC8141).exec(s);
  if (!m || (legacy && m[1]!.toLowerCase() === 'urn')) return undefined;
  // RFC 2141 §2.4 (prose, not ABNF): octet 0 must not be used, not even as "%00"
  if (legacy && m[2]!.includes('%00')) return undefined;
  const urn: Urn = { nid: m[1]!, nss: m[2]! };
  if (m[3] !== undefined) urn.rComponent = m[3];
  if (m[4] !== undefined) urn.qComponent = m[4];
  if (m[5] !== undefined) urn.fComponent = m[5];
  return urn;
}

function parsed(s: string, legacy: boolean): Urn | undefined {
  try {
    return parseUrn(s, legacy ? { syntax: 'rfc2141' } : undefined);
  } catch (error) {
    expect(error).toBeInstanceOf(UrnSyntaxError);
    const { index } = error as UrnSyntaxError;
    // the offset is inside the input (or its end), and the text before it is a valid prefix
    expect(index).toBeGreaterThanOrEqual(0);
    expect(index).toBeLessThanOrEqual(s.length);
    return undefined;
  }
}

// Pieces that make every rule fire: delimiters, their pairs, escapes good and bad, characters
// on each side of the pchar boundary, case, non-ASCII; mostly valid ones, so that long valid
// URNs are common
const piece = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.constantFrom('a', 'Z', '0', '-', '.', '~', '&', ':', '@', '/', '%2C', '2c', '+'),
  },
  { weight: 4, arbitrary: fc.constantFrom('?+', '?=', '#', '?', '=') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '%',
      '%g1',
      '%4',
      '%00',
      ' ',
      '[',
      '|',
      '^',
      'é',
      '\u{1F600}',
      'urn',
    ),
  },
);
const tail = fc.array(piece, { maxLength: 14 }).map((a) => a.join(''));
const head = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom('urn:', 'URN:', 'uRn:') },
  { weight: 1, arbitrary: fc.constantFrom('urn', 'urx:', 'urn::', '') },
);
const nid = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('ex', 'EXAMPLE', 'a-b', '3gpp', 'Urn-7') },
  { weight: 2, arbitrary: fc.constantFrom('a', 'a-', '-a', 'urn', 'a_b', '') },
);
const input = fc
  .tuple(
    head,
    nid,
    fc.oneof({ weight: 8, arbitrary: fc.constant(':') }, fc.constantFrom('', '::')),
    tail,
  )
  .map(([h, n, c, t]) => h + n + c + t);

describe('grammar: RFC 8141 §2 and RFC 2141 §2 against the ABNF', () => {
  it('the generated inputs are a fair mix of URNs and near-misses in both grammars', () => {
    const sample = fc.sample(input, { numRuns: 2000, seed: 8141 });
    for (const legacy of [false, true]) {
      const valid = sample.filter((s) => oracle(s, legacy) !== undefined).length;
      expect(valid).toBeGreaterThan(100);
      expect(valid).toBeLessThan(1900);
    }
    expect(sample.some((s) => oracle(s, false)?.rComponent !== undefined)).toBe(true);
    expect(sample.some((s) => oracle(s, false)?.qComponent !== undefined)).toBe(true);
  });
  it('parseUrn and isUrn accept exactly what the RFC 8141 ABNF accepts, with the same parts', () => {
    fc.assert(
      fc.property(input, (s) => {
        const expected = oracle(s, false);
        expect(parsed(s, false)).toStrictEqual(expected);
        expect(isUrn(s)).toBe(expected !== undefined);
      }),
      { numRuns: 3000 },
    );
  });
  it('the RFC 2141 mode accepts exactly what the RFC 2141 ABNF accepts', () => {
    fc.assert(
      fc.property(input, (s) => {
        const expected = oracle(s, true);
        expect(parsed(s, true)).toStrictEqual(expected);
        expect(isUrn(s, { syntax: 'rfc2141' })).toBe(expected !== undefined);
      }),
      { numRuns: 3000 },
    );
  });
  it('urnEquals agrees with the ABNF parts: NID folded, escapes folded, components ignored', () => {
    const fold = (u: Urn): string =>
      `${u.nid.toLowerCase()}:${u.nss.replace(/%[0-9a-f]{2}/gi, (e) => e.toUpperCase())}`;
    fc.assert(
      fc.property(input, input, fc.boolean(), (a, b, legacy) => {
        const x = oracle(a, legacy);
        const y = oracle(b, legacy);
        const o = legacy ? { syntax: 'rfc2141' as const } : {};
        expect(urnEquals(a, b, o)).toBe(!!x && !!y && fold(x) === fold(y));
        expect(urnEquals(a, a, o)).toBe(!!x);
        if (x) expect(normalizeUrn(a, o)).toBe(`urn:${fold(x)}`);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('grammar: details of RFC 8141 §2', () => {
  it('"urn" in any case; the NID as written', () => {
    expect(parseUrn('uRn:Ex:a')).toStrictEqual({ nid: 'Ex', nss: 'a' });
    expect(isUrn('urn:12:x')).toBe(true);
    expect(isUrn('urn:a--b:x')).toBe(true);
    expect(isUrn(`urn:a${'-'.repeat(30)}b:x`)).toBe(true);
    expect(isUrn(`urn:a${'-'.repeat(31)}b:x`)).toBe(false);
  });
  it('the r-component may hold "/", "?" and "?+"; it ends at "?=" or "#"', () => {
    expect(parseUrn('urn:ex:a?+r/s?t?+u#f')).toStrictEqual({
      nid: 'ex',
      nss: 'a',
      rComponent: 'r/s?t?+u',
      fComponent: 'f',
    });
    expect(parseUrn('urn:ex:a?+r??=q')).toStrictEqual({
      nid: 'ex',
      nss: 'a',
      rComponent: 'r?',
      qComponent: 'q',
    });
    expect(parseUrn('urn:ex:a?+r?#').rComponent).toBe('r?');
    // "?=" always opens the q-component, which must then be valid
    expect(isUrn('urn:ex:a?+r?=')).toBe(false);
    expect(isUrn('urn:ex:a?+r?=/q')).toBe(false);
  });
  it('the q-component may hold "/", "?", "?+" and "?="; "#" ends it', () => {
    expect(parseUrn('urn:ex:a?=q/1?=2?+3#')).toStrictEqual({
      nid: 'ex',
      nss: 'a',
      qComponent: 'q/1?=2?+3',
      fComponent: '',
    });
  });
  it('each component starts with a pchar (not "/" or "?"); the f-component may start with either', () => {
    for (const bad of ['urn:ex:a?+/r', 'urn:ex:a?+?r', 'urn:ex:a?=/q', 'urn:ex:a?=?q'])
      expect(isUrn(bad)).toBe(false);
    expect(parseUrn('urn:ex:a#/?f').fComponent).toBe('/?f');
    expect(parseUrn('urn:ex:a?+%2F').rComponent).toBe('%2F');
  });
  it('components come in order: r, q, f; a second "#" is not allowed', () => {
    expect(parseUrn('urn:ex:a?=q?+r').qComponent).toBe('q?+r');
    expect(parseUrn('urn:ex:a#f?+r?=q').fComponent).toBe('f?+r?=q');
    expect(isUrn('urn:ex:a#f#g')).toBe(false);
  });
  it('percent-escapes are "%" and two hex digits, anywhere; never decoded', () => {
    expect(parseUrn('urn:ex:%2f%2F?+%3f?=%3D#%23')).toStrictEqual({
      nid: 'ex',
      nss: '%2f%2F',
      rComponent: '%3f',
      qComponent: '%3D',
      fComponent: '%23',
    });
    for (const bad of [
      'urn:ex:%',
      'urn:ex:a%',
      'urn:ex:a%2',
      'urn:ex:%G0',
      'urn:ex:a?+%2',
      'urn:ex:a#%',
    ])
      expect(isUrn(bad)).toBe(false);
    expect(isUrn('urn:e%78:a')).toBe(false);
  });
});
