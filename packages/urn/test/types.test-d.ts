import { describe, expectTypeOf, it } from 'vitest';
import {
  type NamespaceKind,
  parseUrn,
  type Urn,
  type UrnNamespace,
  validateUrn,
} from '../src/index';
import { isbnNamespace } from '../src/isbn';
import { parseUuid, type UuidVariant } from '../src/uuid';

describe('types', () => {
  it('parseUrn returns a Urn with optional components', () => {
    expectTypeOf(parseUrn('urn:example:a')).toEqualTypeOf<Urn>();
    expectTypeOf<Urn['rComponent']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Urn['nid']>().toEqualTypeOf<string>();
  });
  it('options take a syntax literal and namespace rules', () => {
    expectTypeOf(parseUrn)
      .parameter(1)
      .toEqualTypeOf<
        { syntax?: 'rfc8141' | 'rfc2141'; namespaces?: readonly UrnNamespace[] } | undefined
      >();
    expectTypeOf(isbnNamespace).toEqualTypeOf<UrnNamespace>();
  });
  it('kinds and variants are closed unions', () => {
    expectTypeOf<NamespaceKind>().toEqualTypeOf<
      'formal' | 'informal' | 'example' | 'unregistered'
    >();
    expectTypeOf(parseUuid('').variant).toEqualTypeOf<UuidVariant>();
    expectTypeOf(validateUrn('').urn).toEqualTypeOf<Urn | undefined>();
  });
});
