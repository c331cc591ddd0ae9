// Public entry point of @x/mime-charset: named exports only, and every codec of the family built in.
// Plugging the codecs in, and giving the platform's classes WebIDL's shape, are this module's side
// effects (package.json `sideEffects` lists it); src/lean.ts is the same API without them.
import { builtinCodec } from './builtin';
import { useBuiltinCodecs } from './codecs';
import { TextDecoderStream, TextEncoderStream } from './streams';
import { asInterface, TextDecoder, TextEncoder } from './text-coding';

useBuiltinCodecs(builtinCodec);
// The platform's classes have WebIDL's property attributes before any instance is made (the lean
// entry's get them from their first constructor call, so that a bundler may drop them).
asInterface(TextDecoder, 'TextDecoder');
asInterface(TextEncoder, 'TextEncoder');
asInterface(TextDecoderStream, 'TextDecoderStream');
asInterface(TextEncoderStream, 'TextEncoderStream');

// The same API as the lean entry (test/entries.test.ts checks it).
export * from './lean';
