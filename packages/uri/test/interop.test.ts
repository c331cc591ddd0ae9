// The interop vectors (test/vectors/interop.json): RFC examples and fast-uri's own test inputs, each
// with the RFC answer. See test/vectors/SOURCES.md.
import { describe, expect, it } from 'vitest';
import { equivalent, normalize, parse, parseHost, serialize, tryParse } from '../src/index';
import { componentsOf } from './oracles';
import interop from './vectors/interop.json' with { type: 'json' };

describe('interop.json', () => {
  it.each(interop.components.map((c) => [c.input, c] as const))('components of %j', (input, c) => {
    const got = parse(input, { zoneId: true });
    expect(got).toEqual(componentsOf(c));
    expect(serialize(got)).toBe(input);
  });
  it.each(interop.invalid.map((c) => [c.input, c] as const))('%j is invalid', (input, c) => {
    const r = tryParse(input, { zoneId: c.zoneId });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.index).toBe(c.index);
  });
  it.each(interop.hosts.map((c) => [c.host, c] as const))('host %j', (host, c) => {
    if (c.kind === 'invalid') {
      expect(() => parseHost(host, { zoneId: c.zoneId })).toThrow();
    } else {
      const h = parseHost(host, { zoneId: c.zoneId });
      expect(h.kind).toBe(c.kind);
      expect(h.canonical).toBe(c.canonical ?? host);
    }
  });
  it.each(interop.normalize.map((c) => [c.input, c] as const))('normalize(%j)', (input, c) => {
    expect(normalize(input, { zoneId: c.zoneId })).toBe(c.expected);
    expect(normalize(c.expected, { zoneId: c.zoneId })).toBe(c.expected);
  });
  it.each(interop.equivalent.map((c) => [c.a, c.b, c.equivalent] as const))(
    'equivalent(%j, %j) is %s',
    (a, b, same) => {
      expect(equivalent(a, b)).toBe(same);
      expect(equivalent(b, a)).toBe(same);
    },
  );
});
