// What bench/interleaved.ts (Node) and bench/browser.ts (Chromium) both measure: the inputs and the
// floor. Each piece is self-contained (no reference outside its own function), so that the page,
// which cannot import, rebuilds it from its source text (`pageFunction`).

/** The corpus of the vitest bench: http with query, IPv6, mailto, urn, ftp, dot segments, escapes. */
export const ABSOLUTE: string[] = [
  'http://www.example.com/search?q=uri+parser&lang=en&page=2',
  'https://user@api.example.org:8443/v1/items/42?fields=name,price#top',
  'http://[2001:db8::7]/c=GB?objectClass?one',
  'https://[fe80::1:2:3:4]:8080/index.html',
  'mailto:John.Doe@example.com?subject=Hello%20World',
  'urn:oasis:names:specification:docbook:dtd:xml:4.1.2',
  'ftp://ftp.is.co.za/rfc/rfc1808.txt',
  'http://a/b/c/./../../g;x?y#s',
  'https://example.com/%7Efoo/bar%2Fbaz/%E2%82%AC?x=%41',
  'ws://chat.example.net:80/room/7',
];

/**
 * One http URI of about `size` characters: path segments, a query. With `escapes`, every fourth
 * segment holds an escaped `é`; without, the URI has no `%` at all, which Node's `URL` (ada) reads
 * on a fast path of its own (nothing to percent-encode): the two are separate rows.
 *
 * The string is flat, as a URI read from a file, a socket or `JSON.parse` is: the parts are joined
 * once, not concatenated with `+`. A concatenation is a rope in V8 (a ConsString), flattened by its
 * first read into a string the rope then points to; where the rope was moved to the old generation
 * before that read (here: while the longer URIs were built), it stays the rope for the rest of the
 * run, and each `charCodeAt`, `slice`, search and regex of a parse goes through it (35 ns more a
 * parse of the 100 B URI under Node 24, while Node's `URL` reads it once).
 */
export function longUri(size: number, escapes: boolean): string {
  const parts = ['https://www.example.com/'];
  let n = parts[0]!.length;
  for (let i = 0; n < size * 0.75; i++) {
    const segment = escapes && i % 4 === 1 ? `caf%C3%A9-${i}/` : `segment${i}/`;
    parts.push(segment);
    n += segment.length;
  }
  parts.push('?');
  n += 1;
  for (let i = 0; n < size - 8; i++) {
    const pair = `k${i}=v${i}&`;
    parts.push(pair);
    n += pair.length;
  }
  parts.push('#section');
  return parts.join('');
}

/** The components `parse` returns, as the floor makes them. */
export type FloorComponents = Record<
  'scheme' | 'userinfo' | 'host' | 'port' | 'path' | 'query' | 'fragment',
  string | undefined
>;

/**
 * The floor: what a parse that checks every character and returns the seven components cannot
 * leave out, done the way `parse` does it: the check of the characters (below 320 characters a
 * skip of the characters of a query with "#", and where it stops at a "%" a skip with "%" from
 * there; from 320 on a skip of printable ASCII and a search for each of the 11 printable
 * characters a URI cannot hold; then, unless the first skip ended the input, a search for each
 * "%", which must start an escape), and one object of the result's shape whose five strings are cut at
 * the delimiters `indexOf` finds. It leaves out all that parse does beyond that: reading the
 * scheme and the authority, the forms and the error offsets. Only for inputs of the shape
 * `scheme://host/path?query#fragment` (a bench checks that its components equal parse's).
 */
export function makeFloor(): (x: string) => FloorComponents | null {
  const FLOOR_PLAIN = /[!#$&-;=?-Z_a-z~]*/y;
  const FLOOR_CLASS = /[!#-;=?-Z_a-z~]*/y;
  const FLOOR_PRINTABLE = /[!-~]*/y;
  const isHex = (c: number): boolean => (c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 102);
  return (x) => {
    const n = x.length;
    let from = 0;
    if (n < 320) {
      FLOOR_PLAIN.lastIndex = 0;
      FLOOR_PLAIN.test(x);
      from = FLOOR_PLAIN.lastIndex;
    }
    if (from < n) {
      const re = n < 320 ? FLOOR_CLASS : FLOOR_PRINTABLE;
      re.lastIndex = from;
      re.test(x);
      if (re.lastIndex !== n) return null;
      if (n >= 320) for (const c of '"<>[\\]^`{|}') if (x.indexOf(c) >= 0) return null;
      for (let i = x.indexOf('%', from); i >= 0; i = x.indexOf('%', i + 3))
        if (!isHex(x.charCodeAt(i + 1)) || !isHex(x.charCodeAt(i + 2))) return null;
    }
    const se = x.indexOf(':');
    const he = x.indexOf('/', se + 3);
    const q = x.indexOf('?', he);
    const f = x.indexOf('#', q);
    return {
      scheme: x.slice(0, se),
      userinfo: undefined,
      host: x.slice(se + 3, he),
      port: undefined,
      path: x.slice(he, q),
      query: x.slice(q + 1, f),
      fragment: x.slice(f + 1),
    };
  };
}

/** The skip alone: one test of a regex that steps over every character of a URI of the corpus. */
export const PRIMITIVE_SOURCE = '^[\\w!#$-/:;=?@[\\]~]*$';
