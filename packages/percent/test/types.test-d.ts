import { describe, expectTypeOf, it } from 'vitest';
import {
  type EncodeSet,
  type FormPair,
  type FormRecord,
  formToObject,
  type PercentDecodeError,
  type PercentDecodeErrorReason,
  parseForm,
  parseKeywords,
  percentDecode,
  percentDecodeBytes,
  percentEncode,
  rfc3986,
  serializeForm,
  whatwg,
} from '../src/index';

describe('types', () => {
  it('sets are read-only data', () => {
    expectTypeOf(rfc3986.path).toEqualTypeOf<EncodeSet>();
    expectTypeOf(whatwg.form).toEqualTypeOf<EncodeSet>();
    // @ts-expect-error a set cannot be changed
    rfc3986.path[0] = 0;
  });
  it('functions take and return plain data', () => {
    expectTypeOf(percentEncode('a', rfc3986.component)).toEqualTypeOf<string>();
    expectTypeOf(percentDecode('a', { mode: 'lenient' })).toEqualTypeOf<string>();
    expectTypeOf(percentDecodeBytes('a')).toEqualTypeOf<Uint8Array>();
    expectTypeOf(parseForm('a=1')).toEqualTypeOf<FormPair[]>();
    expectTypeOf(formToObject('a=1')).toEqualTypeOf<FormRecord>();
    expectTypeOf(parseKeywords('a+b')).toEqualTypeOf<string[] | undefined>();
    expectTypeOf(serializeForm([['a', 'b']])).toEqualTypeOf<string>();
    // @ts-expect-error the mode is one of two words
    percentDecode('a', { mode: 'loose' });
    // @ts-expect-error a separator is &, ; or both
    parseForm('a', { separator: ',' });
  });
  it('the error carries an index and a reason', () => {
    expectTypeOf<PercentDecodeError['index']>().toEqualTypeOf<number>();
    expectTypeOf<PercentDecodeError['reason']>().toEqualTypeOf<PercentDecodeErrorReason>();
  });
});
