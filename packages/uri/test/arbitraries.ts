// fast-check generators for RFC 3986 URI references, built from the Appendix A grammar.
import fc from 'fast-check';

const unreserved = 'abcXYZ019-._~'.split('');
const subDelims = "!$&'()*+,;=".split('');
const pct = fc.constantFrom(
  '%20',
  '%2F',
  '%2f',
  '%40',
  '%3A',
  '%41',
  '%7e',
  '%2E',
  '%25',
  '%E2%82%AC',
);

const charFrom = (extra: string[]): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...unreserved, ...subDelims, ...extra) },
    { weight: 1, arbitrary: pct },
  );
const textOf = (extra: string[], max = 8): fc.Arbitrary<string> =>
  fc.array(charFrom(extra), { maxLength: max }).map((a) => a.join(''));

export const scheme: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom('h', 'H', 'x', 'urn', 'mailto', 'http', 'HTTPS', 'ftp', 'file'),
    fc.constantFrom('', '+a', '-1', '.b'),
  )
  .map(([a, b]) => a + b);
const segment = textOf([':', '@']);
const segmentNz = segment.filter((s) => s.length > 0);
const segmentNzNc = textOf(['@']).filter((s) => s.length > 0);
const dot = fc.constantFrom('.', '..');
const seg = fc.oneof({ weight: 4, arbitrary: segment }, { weight: 1, arbitrary: dot });
const abempty = fc.array(seg, { maxLength: 4 }).map((a) => a.map((s) => `/${s}`).join(''));
const absolute = fc.tuple(segmentNz, abempty).map(([a, b]) => `/${a}${b}`);
const rootless = fc.tuple(segmentNz, abempty).map(([a, b]) => a + b);
const noscheme = fc.tuple(segmentNzNc, abempty).map(([a, b]) => a + b);

const decOctet = fc.integer({ min: 0, max: 255 }).map(String);
const ipv4 = fc.tuple(decOctet, decOctet, decOctet, decOctet).map((a) => a.join('.'));
const h16 = fc.integer({ min: 0, max: 0xffff }).map((n) => n.toString(16));
const ipv6 = fc.oneof(
  fc.array(h16, { minLength: 8, maxLength: 8 }).map((a) => a.join(':')),
  fc
    .tuple(fc.array(h16, { maxLength: 3 }), fc.array(h16, { maxLength: 3 }))
    .map(([a, b]) => `${a.join(':')}::${b.join(':')}`),
  fc
    .tuple(fc.array(h16, { minLength: 6, maxLength: 6 }), ipv4)
    .map(([a, b]) => `${a.join(':')}:${b}`),
  ipv4.map((v) => `::ffff:${v}`),
);
export const host: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: textOf([], 10) },
  { weight: 1, arbitrary: ipv4 },
  { weight: 1, arbitrary: ipv6.map((v) => `[${v}]`) },
  { weight: 1, arbitrary: fc.constantFrom('[v1.x]', '[vF.a:b]', 'EXAMPLE.com', 'a%2Eb') },
);
const authority = fc
  .tuple(
    fc.option(textOf([':']), { nil: undefined }),
    host,
    fc.option(fc.constantFrom('', '80', '443', '8080', '0'), { nil: undefined }),
  )
  .map(([u, h, p]) => `${u === undefined ? '' : `${u}@`}${h}${p === undefined ? '' : `:${p}`}`);
const query = fc.option(textOf([':', '@', '/', '?']), { nil: undefined });

const tail = fc
  .tuple(query, query)
  .map(([q, f]) => `${q === undefined ? '' : `?${q}`}${f === undefined ? '' : `#${f}`}`);

/** URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ] */
export const uri: fc.Arbitrary<string> = fc
  .tuple(
    scheme,
    fc.oneof(
      fc.tuple(authority, abempty).map(([a, p]) => `//${a}${p}`),
      absolute,
      rootless,
      fc.constant(''),
    ),
    tail,
  )
  .map(([s, h, t]) => `${s}:${h}${t}`);

/** relative-ref = relative-part [ "?" query ] [ "#" fragment ] */
export const relativeRef: fc.Arbitrary<string> = fc
  .tuple(
    fc.oneof(
      fc.tuple(authority, abempty).map(([a, p]) => `//${a}${p}`),
      absolute,
      noscheme,
      fc.constant(''),
    ),
    tail,
  )
  .map(([h, t]) => h + t);

/** URI-reference */
export const uriReference: fc.Arbitrary<string> = fc.oneof(uri, relativeRef);
