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

// Pieces at the edges of the grammar, for tests that hold two routes through the parser to one
// answer: IP literals (IPv6, zone ids, IPvFuture; closed, unclosed, followed by junk), "@" and ":"
// in odd places, empty authorities, "//" paths without a scheme, ports with letters, "%" at the end
// or before one hex digit, schemes in both cases, ":" in a first segment, non-ASCII (ucschar,
// iprivate, lone surrogates), CR/LF/TAB/space.
const edgePiece = fc.constantFrom(
  ...[
    'http:',
    'HTTP:',
    'hTtP:',
    'a+b.c-d:',
    '1a:',
    'mailto:',
    'urn:',
    '//',
    '///',
    '//[::1]',
    '//[fe80::1%25eth0]',
    '//[fe80::1%25]',
    '//[fe80::1%eth0]',
    '//[fe80::1%25e%41]',
    '//[v1.x]',
    '//[v1.]',
    '//[V7.a:b]',
    '//[vg.x]',
    '//[::1',
    '//[::1]x',
    '//[::1]:',
    '//[::1]:8a',
    '//u@[::1]:8',
    '//[',
    '//]',
    '[',
    ']',
    '//u@h',
    '//@',
    '//u@@h',
    '//u:p@h:80',
    '//u:p:q@h',
    '//h:8a',
    '//h:a8',
    '//h:',
    '//h:80x',
    '//h:80@x',
    '//h@:80',
    '//%41@h',
    '//h%',
    '//h%4',
    '//u%4@h',
    '',
    '/',
    '//x',
    'a:b',
    './a:b',
    'a/b:c',
    ':',
    '@',
    '/%',
    '/%4',
    '/%4g',
    '/%41',
    '%',
    '%4',
    '%F',
    '%41',
    '/\u00e9',
    '/\u{1f600}',
    '\ue000',
    '\ud800',
    '\udc00x',
    '\u00a0',
    ' ',
    '\t',
    '\r\n',
    '\n',
    '/a b',
    '?',
    '?a=b',
    '??',
    '?#',
    '?\ue000',
    '#',
    '#a#b',
    '#%',
    '#%2',
    '#\u00e9',
    'x',
    '.',
    '..',
  ],
);

/** Up to eight edge pieces joined in any order. */
export const edgeShapes: fc.Arbitrary<string> = fc
  .array(edgePiece, { maxLength: 8 })
  .map((a) => a.join(''));

/** An edge shape with one piece repeated up to 3000 times in the middle (long runs, both routes). */
export const longShapes: fc.Arbitrary<string> = fc
  .tuple(
    edgeShapes,
    fc.constantFrom('a', '/a', '%41', '?', '@', ':', '!', '\u00e9', ' ', '#'),
    fc.integer({ min: 16, max: 3000 }),
    edgeShapes,
  )
  .map(([a, r, k, b]) => a + r.repeat(k) + b);
