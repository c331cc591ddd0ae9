import { describe, expectTypeOf, it } from 'vitest';
import {
  type CharsetCodec,
  type CharsetInfo,
  type ContentType,
  decodeDocument,
  decodeEncodedWords,
  decodeParameters,
  decodeMimePart,
  type EncodingReason,
  getEncoding,
  labelToEncoding,
  loadCodec,
  lookup,
  parseContentType,
  registerCodec,
} from '../src/index';

describe('public types', () => {
  it('absent is null, not a sentinel string', () => {
    expectTypeOf(labelToEncoding('x')).toEqualTypeOf<string | null>();
    expectTypeOf(getEncoding).parameters.toEqualTypeOf<[label: string]>();
    expectTypeOf(getEncoding('x')).toEqualTypeOf<string | null>();
    expectTypeOf(lookup('x')).toEqualTypeOf<CharsetInfo | null>();
    expectTypeOf(parseContentType('x')).toEqualTypeOf<ContentType | null>();
  });

  it('records hold what they say', () => {
    expectTypeOf<ContentType['parameters']>().toEqualTypeOf<ReadonlyMap<string, string>>();
    expectTypeOf<CharsetInfo['mibEnum']>().toEqualTypeOf<number | undefined>();
    expectTypeOf(
      decodeDocument(new Uint8Array(), { kind: 'html' }).reason,
    ).toEqualTypeOf<EncodingReason>();
    expectTypeOf(decodeEncodedWords('').issues[0]!.reason).toEqualTypeOf<
      | 'unknown-charset'
      | 'not-implemented'
      | 'codec-not-loaded'
      | 'malformed'
      | 'non-ascii'
      | 'whitespace'
      | 'split-word'
      | 'question-mark'
      | 'padding'
      | 'control'
      | 'invalid-character'
      | 'invalid-bytes'
    >();
    expectTypeOf(decodeParameters('').issues[0]!.reason).toEqualTypeOf<
      | 'unknown-charset'
      | 'not-implemented'
      | 'codec-not-loaded'
      | 'malformed'
      | 'missing-section'
      | 'non-ascii'
      | 'whitespace'
      | 'split-word'
      | 'question-mark'
      | 'padding'
      | 'invalid-bytes'
      | 'control'
      | 'invalid-character'
    >();
    expectTypeOf(decodeMimePart({ body: '' }).issues[0]!).toEqualTypeOf<
      | 'unknown-charset'
      | 'not-implemented'
      | 'codec-not-loaded'
      | 'unknown-transfer-encoding'
      | 'malformed-content-type'
      | 'malformed-transfer-encoding'
      | 'invalid-character'
      | 'padding'
      | 'malformed'
      | 'whitespace'
      | 'invalid-bytes'
    >();
    expectTypeOf(decodeMimePart({ body: '' }).bodyIssues[0]!.reason).toEqualTypeOf<
      'invalid-character' | 'padding' | 'malformed' | 'whitespace'
    >();
    expectTypeOf(decodeParameters('').parameters.get('a')).toEqualTypeOf<
      import('../src/index').ParameterValue | undefined
    >();
  });

  it('codecs: lazy loading is a promise, registration takes the contract', () => {
    expectTypeOf(loadCodec('x')).toEqualTypeOf<Promise<CharsetCodec>>();
    expectTypeOf(registerCodec).parameter(0).toEqualTypeOf<CharsetCodec>();
    // @ts-expect-error: kind is required
    decodeDocument(new Uint8Array(), {});
    // @ts-expect-error: only the two registries
    labelToEncoding('x', { mode: 'mail' });
  });
});
