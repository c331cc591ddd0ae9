// Public entry point of @x/mime-charset: named exports only, and every codec of the family built in.
// Plugging the codecs in is this module's one side effect (package.json `sideEffects` lists it);
// src/lean.ts is the same API without it.
import { builtinCodec } from './builtin';
import { useBuiltinCodecs } from './codecs';

useBuiltinCodecs(builtinCodec);

// The same API as the lean entry (test/entries.test.ts checks it).
export * from './lean';
