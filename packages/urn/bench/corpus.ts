// What bench/interleaved.ts (Node) and bench/browser.ts (Chromium) measure. Plain data, so that the
// page can take it as an argument.

// biome-ignore format: one URN a line
/** Ten URNs: ISBN, IETF, UUID, OASIS, SCIM, all three components, a q-component, NBN, escapes, OID. */
export const URNS: string[] = [
  'urn:isbn:0-486-27557-4',
  'urn:ietf:rfc:2648',
  'urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6',
  'urn:oasis:names:specification:docbook:dtd:xml:4.1.2',
  'urn:ietf:params:scim:schemas:core:2.0:User',
  'URN:EXAMPLE:a123,z456?+abc?=xyz#789',
  'urn:example:weather?=op=map&lat=39.56&lon=-104.85&datetime=1969-07-21T02:56:15Z',
  'urn:nbn:de:gbv:089-3321752945',
  'urn:example:a123%2Cz456/foo',
  'urn:oid:1.3.6.1.4.1',
];

/**
 * Each URN against a differently written one: "URN:" and the NID in upper case (equivalent), and
 * for every other pair the first NSS character changed too (not equivalent).
 */
export const PAIRS: [string, string][] = URNS.map((a, i): [string, string] => {
  const colon = a.indexOf(':', 4);
  const b = `URN:${a.slice(4, colon).toUpperCase()}${a.slice(colon)}`;
  return [a, i % 2 ? `${b.slice(0, colon + 1)}Z${b.slice(colon + 2)}` : b];
});

/**
 * Not an anchor: the least any exact parser must do, read every character once, with no check and
 * no result. It bounds the ratio any validating parser can reach against a bare split.
 */
export function readEveryChar(s: string): number {
  let x = 0;
  for (let i = 0; i < s.length; i++) x |= s.charCodeAt(i);
  return x;
}
