import { describe, expectTypeOf, it } from 'vitest';
import {
  type Bytes,
  createDecoderStream,
  decode,
  encode,
  encodeInto,
  type EncodeIntoResult,
  type Utf8DecodeError,
  type Utf8DecodeErrorReason,
  Utf8Decoder,
  validate,
} from '../src/index';

describe('types', () => {
  it('accepts every kind of bytes', () => {
    expectTypeOf<Uint8Array>().toExtend<Bytes>();
    expectTypeOf<ArrayBuffer>().toExtend<Bytes>();
    expectTypeOf<DataView>().toExtend<Bytes>();
    expectTypeOf<Uint16Array>().toExtend<Bytes>();
    expectTypeOf<string>().not.toExtend<Bytes>();
    expectTypeOf(decode).returns.toEqualTypeOf<string>();
    expectTypeOf(encode).returns.toEqualTypeOf<Uint8Array>();
    expectTypeOf(encodeInto).returns.toEqualTypeOf<EncodeIntoResult>();
  });

  it('narrows a validation result', () => {
    const result = validate(new Uint8Array(1));
    if (result.valid) expectTypeOf(result).not.toHaveProperty('index');
    else expectTypeOf(result.index).toEqualTypeOf<number>();
  });

  it('types the error and the decoder', () => {
    expectTypeOf<Utf8DecodeError>().toExtend<TypeError>();
    expectTypeOf<Utf8DecodeError['reason']>().toEqualTypeOf<Utf8DecodeErrorReason>();
    expectTypeOf(new Utf8Decoder().decode)
      .parameter(1)
      .toEqualTypeOf<{ stream?: boolean } | undefined>();
    expectTypeOf(createDecoderStream()).toEqualTypeOf<TransformStream<Bytes, string>>();
  });
});
