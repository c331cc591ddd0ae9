import { describe, expect, it } from 'vitest';
import { relativize, removeDotSegments, resolve } from '../src/index';
import dots from './vectors/remove_dot_segments.json';
import interop from './vectors/interop.json';
import cases from './vectors/resolve.json';

describe('resolve.json (strict RFC 3986 §5.2)', () => {
  it('holds every case of the file', () => {
    expect(cases.cases.length).toBe(118);
  });
  it.each(cases.cases.map((c) => [c.base, c.ref, c.expected] as const))(
    'resolve(%j, %j) === %j',
    (base, ref, expected) => {
      expect(resolve(base, ref)).toBe(expected);
    },
  );
  it.each(cases.cases.map((c) => [c.base, c.expected] as const))(
    'relativize(%j, %j) resolves back',
    (base, expected) => {
      const r = relativize(base, expected);
      expect(resolve(base, r)).toBe(expected);
      expect(r.length).toBeLessThanOrEqual(expected.length);
    },
  );
});

describe('remove_dot_segments.json (RFC 3986 §5.2.4)', () => {
  it('holds every case of the file', () => {
    expect(dots.cases.length).toBe(38);
  });
  it.each(dots.cases.map((c) => [c.input, c.expected] as const))(
    'removeDotSegments(%j) === %j',
    (input, expected) => {
      expect(removeDotSegments(input)).toBe(expected);
    },
  );
});

describe('interop.json (Fielding, Klyne and Connolly suites; RFC 3986 corner cases)', () => {
  it('holds every case of the file', () => {
    expect(interop.cases.length).toBe(interop.count);
  });
  it.each(interop.cases.map((c) => [c.base, c.ref, c.expected] as const))(
    'resolve(%j, %j) === %j',
    (base, ref, expected) => {
      expect(resolve(base, ref)).toBe(expected);
      const r = relativize(base, expected);
      expect(resolve(base, r)).toBe(expected);
      expect(r.length).toBeLessThanOrEqual(expected.length);
    },
  );
});
