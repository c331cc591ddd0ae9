import { normalize, parse, parseIri, serialize, tryParse, type UriComponents } from '@x/uri';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { removeDotSegmentsLiteral } from '../../uri/test/oracles';
import { relativize, removeDotSegments, resolve, resolveComponents } from '../src/index';

// Oracles: the algorithms of RFC 3986 §5.2.2–§5.3 transcribed literally, string buffers and all
// (§5.2.4 is shared with the tests of @x/uri).

function resolveLiteral(
  base: UriComponents,
  r: UriComponents,
  strict: boolean,
): { target: string; ambiguous: boolean } {
  const t = { ...r };
  const rScheme =
    !strict && r.scheme?.toLowerCase() === base.scheme?.toLowerCase() ? undefined : r.scheme;
  if (rScheme !== undefined) {
    t.path = removeDotSegmentsLiteral(r.path);
  } else {
    if (r.host !== undefined) {
      t.path = removeDotSegmentsLiteral(r.path);
    } else {
      if (r.path === '') {
        t.path = base.path;
        t.query = r.query !== undefined ? r.query : base.query;
      } else {
        if (r.path.startsWith('/')) t.path = removeDotSegmentsLiteral(r.path);
        else {
          const merged =
            base.host !== undefined && base.path === ''
              ? `/${r.path}`
              : base.path.slice(0, base.path.lastIndexOf('/') + 1) + r.path;
          t.path = removeDotSegmentsLiteral(merged);
        }
      }
      t.userinfo = base.userinfo;
      t.host = base.host;
      t.port = base.port;
    }
    t.scheme = base.scheme;
  }
  // §5.3
  let s = `${t.scheme}:`;
  if (t.host !== undefined) {
    s += `//${t.userinfo === undefined ? '' : `${t.userinfo}@`}${t.host}`;
    if (t.port !== undefined) s += `:${t.port}`;
  }
  s += t.path;
  if (t.query !== undefined) s += `?${t.query}`;
  if (t.fragment !== undefined) s += `#${t.fragment}`;
  return { target: s, ambiguous: t.host === undefined && t.path.startsWith('//') };
}

// Generators: URIs and references built from the pieces that make resolution interesting.

const segment = fc.constantFrom('a', 'b', 'c', '', '.', '..', 'g:h', 'x;y=1', '%2E', '.a', '@');
const path = fc
  .tuple(fc.boolean(), fc.array(segment, { maxLength: 6 }))
  .map(([rooted, segs]) => (rooted ? '/' : '') + segs.join('/'));
const authority = fc
  .tuple(
    fc.option(fc.constantFrom('u', 'u:p', ''), { nil: undefined }),
    fc.constantFrom('a', 'b', '', 'x.y', '[::1]', '1.2.3.4'),
    fc.option(fc.constantFrom('', '80', '8080'), { nil: undefined }),
  )
  .map(([u, h, p]) => `//${u === undefined ? '' : `${u}@`}${h}${p === undefined ? '' : `:${p}`}`);
const tail = fc
  .tuple(
    fc.option(fc.constantFrom('', 'q', 'y=1/./x', 'a?b'), { nil: undefined }),
    fc.option(fc.constantFrom('', 's', 'f/../x'), { nil: undefined }),
  )
  .map(([q, f]) => (q === undefined ? '' : `?${q}`) + (f === undefined ? '' : `#${f}`));
const scheme = fc.constantFrom('http', 'foo', 'HTTP', 'urn');

const valid = (s: string): boolean => tryParse(s).ok;
const absolute = fc
  .tuple(scheme, fc.option(authority, { nil: undefined }), path, tail)
  .map(
    ([s, a, p, t]) =>
      `${s}:${a ?? ''}${a !== undefined && p !== '' && !p.startsWith('/') ? '/' : ''}${p}${t}`,
  )
  .filter(valid);
const reference = fc
  .tuple(
    fc.option(scheme, { nil: undefined, freq: 4 }),
    fc.option(authority, { nil: undefined, freq: 3 }),
    path,
    tail,
  )
  .map(
    ([s, a, p, t]) =>
      `${s === undefined ? '' : `${s}:`}${a ?? ''}${a !== undefined && p !== '' && !p.startsWith('/') ? '/' : ''}${p}${t}`,
  )
  .filter(valid);

const RUNS = { numRuns: 1500 };

describe('properties of resolve', () => {
  it('matches the literal §5.2 algorithm, with "/." where its output would gain an authority', () => {
    fc.assert(
      fc.property(absolute, reference, fc.boolean(), (base, ref, strict) => {
        const { target: literal, ambiguous } = resolveLiteral(parse(base), parse(ref), strict);
        const ours = resolve(base, ref, { strict });
        const colon = literal.indexOf(':') + 1;
        if (ambiguous) {
          expect(ours).toBe(`${literal.slice(0, colon)}/.${literal.slice(colon)}`);
        } else {
          expect(ours).toBe(literal);
        }
      }),
      RUNS,
    );
  });
  it('always gives an absolute URI that parses back into the components it computed', () => {
    fc.assert(
      fc.property(absolute, reference, fc.boolean(), (base, ref, strict) => {
        const target = resolve(base, ref, { strict });
        const reparsed = parse(target);
        expect(reparsed.scheme).toBeDefined();
        expect(reparsed).toEqual(resolveComponents(parse(base), parse(ref), { strict }));
        // the base's fragment never leaks into the target
        expect(reparsed.fragment).toBe(parse(ref).fragment);
      }),
      RUNS,
    );
  });
  it('recomposes exactly as serialize, which checks every character, would (URIs and IRIs)', () => {
    fc.assert(
      fc.property(absolute, reference, fc.boolean(), fc.boolean(), (base, ref, strict, iri) => {
        // with iri, a non-ASCII letter in every segment "b" of both
        const b = iri ? base.replace(/\bb\b/g, 'ü') : base;
        const r = iri ? ref.replace(/\bb\b/g, 'ü') : ref;
        const parser = iri ? parseIri : parse;
        const components = resolveComponents(parser(b), parser(r), { strict });
        expect(resolve(b, r, { strict, iri })).toBe(serialize(components));
      }),
      RUNS,
    );
  });
  it('is idempotent on its own output: resolving a target gives the target', () => {
    fc.assert(
      fc.property(absolute, reference, (base, ref) => {
        const target = resolve(base, ref);
        // (unless the target kept the base's path as written, dot segments and all)
        if (parse(target).path !== removeDotSegments(parse(target).path)) return;
        expect(resolve(base, target)).toBe(target);
        expect(resolve(target, '')).toBe(target.split('#')[0]);
      }),
      RUNS,
    );
  });
});

describe('differential: WHATWG URL, where it and RFC 3986 agree', () => {
  // For an http base with a host and a non-empty path, and references made of plain segments, dot
  // segments, queries and fragments (no scheme, no authority, no "%", no "\\"), the WHATWG URL
  // Standard resolves exactly as RFC 3986 does, so Node's URL is an independent oracle.
  const plain = fc.constantFrom('a', 'b', '', '.', '..', 'g;x=1', 'h:i', '.a', 'a..');
  const httpBase = fc
    .tuple(fc.array(plain, { minLength: 1, maxLength: 5 }), tail)
    // URL normalizes the base too; RFC 3986 keeps its dot segments for "" and "#f"
    .filter(([segs]) => !segs.includes('.') && !segs.includes('..'))
    .map(([segs, t]) => `http://h.example/${segs.join('/')}${t}`);
  const relRef = fc
    .tuple(fc.boolean(), fc.array(plain, { maxLength: 5 }), tail)
    .map(([rooted, segs, t]) => (rooted ? '/' : '') + segs.join('/') + t)
    .filter((r) => !r.startsWith('//') && valid(r) && parse(r).scheme === undefined);
  it('resolve(base, ref) === new URL(ref, base).href', () => {
    fc.assert(
      fc.property(httpBase, relRef, (base, ref) => {
        expect(resolve(base, ref)).toBe(new URL(ref, base).href);
      }),
      RUNS,
    );
  });
});

describe('properties of relativize', () => {
  it('resolve(base, relativize(base, t)) === t for every t resolve can produce', () => {
    fc.assert(
      fc.property(absolute, reference, (base, ref) => {
        const target = resolve(base, ref);
        const r = relativize(base, target);
        expect(resolve(base, r)).toBe(target);
        expect(r.length).toBeLessThanOrEqual(target.length);
      }),
      RUNS,
    );
  });
  it('the same with strict: false, for every t non-strict resolve can produce', () => {
    // Non-strict resolution reads a target whose scheme repeats the base's as relative, so such a
    // target does not resolve to itself, yet another reference may reach it (`http:` from `http:?q`
    // by `.`): relativize must find that one. Half the bases have no authority and an empty path,
    // where that happens; the runs meet such cases dozens of times.
    const bare = fc.tuple(scheme, tail).map(([s, t]) => `${s}:${t}`);
    const dots = fc
      .tuple(fc.array(fc.constantFrom('.', '..', 'a', ''), { maxLength: 3 }), tail)
      .map(([segs, t]) => segs.join('/') + t)
      .filter(valid);
    fc.assert(
      fc.property(fc.oneof(absolute, bare), fc.oneof(reference, dots), (base, ref) => {
        const options = { strict: false };
        const target = resolve(base, ref, options);
        expect(resolve(base, relativize(base, target, options), options)).toBe(target);
      }),
      { numRuns: 5000 },
    );
  });
  it('round-trips any absolute target, or its resolution, and is never longer than it', () => {
    fc.assert(
      fc.property(absolute, absolute, fc.boolean(), (base, target, strict) => {
        const r = relativize(base, target, { strict });
        const back = resolve(base, r, { strict });
        if (back !== target) expect(back).toBe(resolve(base, target, { strict }));
        // The target is a reference to itself unless non-strict resolution drops its scheme (RFC 3986
        // §5.2.2): then urn:%2E/a from urn:%2E/a/a/a/a needs ../../../a, one longer.
        if (resolve(base, target, { strict }) === target)
          expect(r.length).toBeLessThanOrEqual(target.length);
      }),
      RUNS,
    );
  });
  it('is the shortest: no proper relative reference from the same pieces is shorter', () => {
    fc.assert(
      fc.property(absolute, reference, reference, (base, ref, other) => {
        const target = resolve(base, ref);
        const r = relativize(base, target);
        // any reference that resolves to the target is at least as long
        if (resolve(base, other) === target) expect(r.length).toBeLessThanOrEqual(other.length);
        if (resolve(base, ref) === target)
          expect(r.length).toBeLessThanOrEqual(Math.max(ref.length, 0));
      }),
      RUNS,
    );
  });
});

describe('relativize inverts resolve on normalized targets', () => {
  // Targets built from the base: the same URI with another fragment or query, another authority, a path
  // with dot segments, an empty path, another scheme; then normalized (RFC 3986 §6.2.2, §6.2.3).
  const variant = fc
    .tuple(
      absolute,
      fc.constantFrom('fragment', 'query', 'both', 'authority', 'dots', 'empty', 'scheme', 'same'),
      fc.array(segment, { maxLength: 4 }),
      fc.constantFrom('', 'y', 'q', 'a=1'),
      fc.constantFrom('', 's', 'f/../x'),
      authority,
    )
    .map(([base, kind, segs, query, fragment, auth]) => {
      const b = parse(base);
      const t: UriComponents = { ...b, fragment: undefined };
      const dir = b.path.slice(0, b.path.lastIndexOf('/') + 1);
      if (kind === 'fragment' || kind === 'both') t.fragment = fragment;
      if (kind === 'query' || kind === 'both') t.query = query;
      if (kind === 'authority') {
        const a = parse(`x:${auth}`);
        t.userinfo = a.userinfo;
        t.host = a.host;
        t.port = a.port;
        if (t.path !== '' && !t.path.startsWith('/')) t.path = `/${t.path}`;
      }
      if (kind === 'dots')
        t.path = `${dir === '' && t.host !== undefined ? '/' : dir}${segs.join('/')}`;
      if (kind === 'empty') t.path = '';
      if (kind === 'scheme') t.scheme = b.scheme === 'foo' ? 'bar' : 'foo';
      const r = tryParse(t.host === undefined && t.path.startsWith('//') ? '' : serialize(t));
      return { base, target: r.ok && r.value.scheme !== undefined ? serialize(r.value) : base };
    });
  it('resolve(base, relativize(base, t)) === t for t = normalize(target), never longer than t', () => {
    fc.assert(
      fc.property(variant, fc.boolean(), ({ base, target }, strict) => {
        const t = normalize(target);
        const r = relativize(base, t, { strict });
        const back = resolve(base, r, { strict });
        if (strict) {
          // A target that keeps a dot segment (normalize keeps "/./%2E": decoding would make "/./.")
          // is reached as written only by the empty reference; otherwise as it resolves (README).
          const p = parse(t).path;
          if (p === removeDotSegments(p)) expect(back).toBe(t);
          else if (back !== t) expect(back).toBe(resolve(base, t));
        } else {
          // The backwards-compatible reader takes "http:x" against an http base as the relative "x", so
          // some targets are reachable only as they resolve (README); a target of another scheme exactly.
          if (back !== t) expect(back).toBe(resolve(base, t, { strict }));
          if (parse(t).scheme!.toLowerCase() !== parse(base).scheme!.toLowerCase()) {
            expect(back).toBe(t);
          }
        }
        expect(r.length).toBeLessThanOrEqual(t.length);
      }),
      { numRuns: 3000 },
    );
  });
  it('with the base normalized too, a same-document target is reached by its fragment alone', () => {
    fc.assert(
      fc.property(absolute, fc.constantFrom('', 's', 'x/y'), (base, fragment) => {
        const b = normalize(base);
        const t = `${b.split('#')[0]}#${fragment}`;
        const r = relativize(b, t);
        expect(r).toBe(`#${fragment}`);
        expect(resolve(b, r)).toBe(t);
      }),
      RUNS,
    );
  });
});

describe('properties of removeDotSegments', () => {
  const dotty = fc.stringMatching(/^[a./]{0,14}$/);
  it('matches the literal §5.2.4 algorithm', () => {
    fc.assert(
      fc.property(dotty, (p) => {
        expect(removeDotSegments(p)).toBe(removeDotSegmentsLiteral(p));
      }),
      { numRuns: 3000 },
    );
  });
  it('is idempotent and leaves no dot segment', () => {
    fc.assert(
      fc.property(dotty, (p) => {
        const once = removeDotSegments(p);
        expect(removeDotSegments(once)).toBe(once);
        expect(once.split('/').some((s) => s === '.' || s === '..')).toBe(false);
      }),
      { numRuns: 3000 },
    );
  });
});
