// WebIDL's "this" check (§3.7.6 operations, §3.7.7 attributes): an operation or attribute getter
// called on anything but an instance of its interface throws a TypeError. Node's own classes are
// the oracle (test/parallel/test-whatwg-encoding-custom-interop.js checks the same receivers).
import { describe, expect, it } from 'vitest';
import { TextDecoder, TextDecoderStream, TextEncoder, TextEncoderStream } from '../src/index';

const getter = (proto: object, name: string) => Object.getOwnPropertyDescriptor(proto, name)!.get!;

// The receivers Node's interop test tries, and an object that only inherits the prototype.
const others = (proto: object): unknown[] => [
  {},
  [],
  true,
  1,
  '',
  new TextDecoder(),
  Object.create(proto),
];

describe('TextEncoder and TextEncoderStream check "this", as the platform (WebIDL §3.7.6, §3.7.7)', () => {
  it('encode, encodeInto and the encoding getter throw a TypeError on any other receiver', () => {
    for (const Encoder of [TextEncoder, globalThis.TextEncoder]) {
      const proto = Encoder.prototype;
      const calls = [
        (self: unknown) => proto.encode.call(self, 'a'),
        (self: unknown) => proto.encodeInto.call(self, 'a', new Uint8Array(4)),
        (self: unknown) => getter(proto, 'encoding').call(self),
      ];
      for (const self of others(proto))
        for (const call of calls)
          expect(() => call(self), `${Encoder === TextEncoder}`).toThrow(TypeError);
      const encoder = new Encoder();
      expect([...(calls[0]!(encoder) as Uint8Array)]).toEqual([0x61]);
      expect(calls[1]!(encoder)).toEqual({ read: 1, written: 1 });
      expect(calls[2]!(encoder)).toBe('utf-8');
    }
    // A TextEncoderStream is not a TextEncoder.
    expect(() => TextEncoder.prototype.encode.call(new TextEncoderStream(), 'a')).toThrow(
      TypeError,
    );
  });

  it('a subclass instance passes', () => {
    class Mine extends TextEncoder {}
    expect([...new Mine().encode('a')]).toEqual([0x61]);
  });

  it("TextEncoderStream's encoding, readable and writable getters throw a TypeError on any other receiver", () => {
    for (const Stream of [TextEncoderStream, globalThis.TextEncoderStream]) {
      const proto = Stream.prototype;
      for (const name of ['encoding', 'readable', 'writable'])
        for (const self of [...others(proto), new TextDecoderStream(), new TextEncoder()])
          expect(() => getter(proto, name).call(self), name).toThrow(TypeError);
      expect(getter(proto, 'encoding').call(new Stream())).toBe('utf-8');
    }
  });

  it('TextDecoder and TextDecoderStream already throw a TypeError there', () => {
    for (const self of [{}, 1, new TextEncoder()]) {
      expect(() => TextDecoder.prototype.decode.call(self, new Uint8Array(1))).toThrow(TypeError);
      expect(() => getter(TextDecoder.prototype, 'encoding').call(self)).toThrow(TypeError);
      expect(() => getter(TextDecoderStream.prototype, 'encoding').call(self)).toThrow(TypeError);
    }
  });
});

describe('no JavaScript-visible private helpers on the prototypes', () => {
  it("TextDecoder.prototype has the platform's own string-named properties, no 'fail'", () => {
    const names = (proto: object) => Object.getOwnPropertyNames(proto).sort();
    expect(names(TextDecoder.prototype)).toEqual(names(globalThis.TextDecoder.prototype));
    expect('fail' in new TextDecoder()).toBe(false);
  });
});
