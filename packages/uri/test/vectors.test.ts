import { describe, expect, it } from 'vitest';
import components from './vectors/components.json' with { type: 'json' };
import invalid from './vectors/invalid.json' with { type: 'json' };
import valid from './vectors/valid.json' with { type: 'json' };
import {
  isUri,
  isUriReference,
  isRelativeReference,
  parse,
  serialize,
  tryParse,
} from '../src/index';
import { componentsOf } from './oracles';

describe('components.json', () => {
  it.each(components.cases.map((c) => [c.input, c] as const))('%j', (input, c) => {
    const got = parse(input, { zoneId: true });
    expect(got).toEqual(componentsOf(c));
    expect(serialize(got)).toBe(input);
  });
});

describe('valid.json', () => {
  it.each(valid.cases.map((c) => [c.input, c] as const))('%j', (input, c) => {
    const zone = 'requires' in c;
    expect(tryParse(input, { zoneId: true }).ok).toBe(true);
    // zone identifiers are RFC 6874 only: plain RFC 3986 rejects them
    expect(isUriReference(input)).toBe(!zone);
    expect(isUri(input, { zoneId: true })).toBe(c.form === 'uri');
    expect(isRelativeReference(input, { zoneId: true })).toBe(c.form === 'relative-ref');
    expect(serialize(parse(input, { zoneId: true }))).toBe(input);
  });
});

describe('invalid.json', () => {
  it.each(invalid.cases.map((c) => [c.input, c] as const))('%j', (input, c) => {
    const r = tryParse(input);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.index).toBeGreaterThanOrEqual(0);
      expect(r.error.index).toBeLessThanOrEqual(input.length);
      const known = (c as { error_offset_uriparser?: number }).error_offset_uriparser;
      if (known !== undefined) expect(r.error.index).toBe(known);
    }
    expect(() => parse(input)).toThrow();
  });
});
