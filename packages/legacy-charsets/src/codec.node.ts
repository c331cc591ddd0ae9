// The codec contract, node build (tooling/platform.ts): the same classes, branded. Node loads the
// ESM and CommonJS builds of this package side by side when some code imports it and other code
// requires it, each with its own copy of the error classes: `instanceof` checks a brand shared
// through `Symbol.for`, so that an error thrown by one build is an instance of the other build's
// class too. (The portable build leaves it out: it costs about 120 B min+gzip in every codec.)
import { DecodeError as Decode, EncodeError as Encode } from './codec';

export * from './codec';

const BRAND = Symbol.for('@x/legacy-charsets/error');

/**
 * Brand `cls` (its prototype carries `name` under the shared symbol) and make `instanceof cls` check
 * the brand; a subclass keeps the usual prototype check.
 */
function brand<T extends abstract new (...args: never[]) => Error>(cls: T, name: string): T {
  Object.defineProperty(cls.prototype, BRAND, { value: name });
  Object.defineProperty(cls, Symbol.hasInstance, {
    value(this: object, value: unknown): boolean {
      return this === cls
        ? (value as Record<symbol, unknown> | null | undefined)?.[BRAND] === name
        : Function.prototype[Symbol.hasInstance].call(this, value);
    },
  });
  return cls;
}

/** {@inheritDoc Decode} */
export const DecodeError: typeof Decode = brand(Decode, 'DecodeError');
/** {@inheritDoc Encode} */
export const EncodeError: typeof Encode = brand(Encode, 'EncodeError');
