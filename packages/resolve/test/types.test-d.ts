import type { UriComponents } from '@x/uri';
import { describe, expectTypeOf, it } from 'vitest';
import {
  mergePaths,
  type ResolveError,
  type ResolveOptions,
  relativize,
  removeDotSegments,
  resolve,
  resolveComponents,
} from '../src/index';

describe('public types', () => {
  it('strings in, string out', () => {
    expectTypeOf(resolve).parameters.toEqualTypeOf<
      [string, string, (ResolveOptions | undefined)?]
    >();
    expectTypeOf(resolve).returns.toEqualTypeOf<string>();
    expectTypeOf(relativize).returns.toEqualTypeOf<string>();
    expectTypeOf(removeDotSegments).toEqualTypeOf<(path: string) => string>();
  });
  it('components in, components out', () => {
    expectTypeOf(resolveComponents).returns.toEqualTypeOf<UriComponents>();
    expectTypeOf(mergePaths).parameter(0).toEqualTypeOf<Pick<UriComponents, 'host' | 'path'>>();
  });
  it('options are optional and exact', () => {
    expectTypeOf<ResolveOptions>().toEqualTypeOf<{
      strict?: boolean;
      iri?: boolean;
      toUri?: boolean;
    }>();
    // @ts-expect-error exactOptionalPropertyTypes: an absent option is left out, not undefined
    const bad: ResolveOptions = { strict: undefined };
    expectTypeOf(bad).toEqualTypeOf<ResolveOptions>();
  });
  it('the error carries a typed reason', () => {
    expectTypeOf<ResolveError['reason']>().toEqualTypeOf<'base-not-absolute'>();
    expectTypeOf<ResolveError>().toMatchTypeOf<Error>();
  });
});
