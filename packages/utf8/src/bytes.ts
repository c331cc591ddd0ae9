/**
 * Bytes: what `TextDecoder.decode` takes
 * ({@link https://webidl.spec.whatwg.org/#AllowSharedBufferSource | WebIDL `AllowSharedBufferSource`}),
 * from any realm. A `Uint8Array` or a Node `Buffer` is read as it is; any other `ArrayBufferView`
 * (`DataView`, `Uint16Array`, `Float64Array` …) gives the bytes it views; an `ArrayBuffer` or a
 * `SharedArrayBuffer` gives all its bytes. A detached buffer holds no bytes.
 */
export type Bytes = ArrayBufferLike | ArrayBufferView;

/** No bytes, shared. */
export const EMPTY: Uint8Array = /* @__PURE__ */ new Uint8Array(0);

/** `ArrayBuffer.prototype.byteLength`'s getter: it throws on anything but an ArrayBuffer of some realm. */
const bufferLength = /* @__PURE__ */ (() =>
  Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, 'byteLength')?.get as () => number)();

/**
 * Views bytes as a `Uint8Array`, without copying, taking exactly what `TextDecoder.decode` takes
 * ({@link https://webidl.spec.whatwg.org/#AllowSharedBufferSource | WebIDL `AllowSharedBufferSource`},
 * {@link https://webidl.spec.whatwg.org/#dfn-get-buffer-source-copy | WebIDL "get a copy of the buffer source"}):
 * a `Uint8Array` itself, the bytes a view views, all the bytes of a buffer, and none of a detached
 * buffer. Every byte-taking function of this package reads its input through it.
 *
 * @param input - An `ArrayBuffer` or `SharedArrayBuffer` (resizable, detached or from another realm
 * included), or any `ArrayBufferView`.
 * @param name - The argument's name, for the error message. Default `'input'`.
 * @returns `input` when it is a `Uint8Array` (a `Buffer` too), else a new `Uint8Array` over the
 * same memory.
 * @throws `TypeError` for anything else (an array of numbers, a number, a string, a Proxy, an object
 * shaped like a view): `"<name>" must be an ArrayBuffer, SharedArrayBuffer or ArrayBufferView`,
 * where `new Uint8Array(x)` would silently make something else of it.
 * @example
 * ```ts
 * const buffer = new Uint8Array([0x61, 0x62, 0x63]).buffer;
 * toBytes(new DataView(buffer, 1)); // Uint8Array [0x62, 0x63], the same memory
 * toBytes([0x41], 'bytes'); // throws TypeError: "bytes" must be an ArrayBuffer, …
 * ```
 */
export function toBytes(input: Bytes, name = 'input'): Uint8Array {
  try {
    // `isView` reads the internal slots, where `instanceof` alone would take a Proxy or an object
    // made from Uint8Array.prototype. Only an ArrayBuffer or a SharedArrayBuffer, of any realm,
    // makes a DataView.
    return ArrayBuffer.isView(input)
      ? input instanceof Uint8Array
        ? input
        : new Uint8Array(input.buffer, input.byteOffset, input.byteLength)
      : new Uint8Array(new DataView(input).buffer);
  } catch {
    try {
      // A detached ArrayBuffer, or a view of one, cannot be viewed again and holds no bytes. (The
      // getter throws on anything but an ArrayBuffer.)
      if (ArrayBuffer.isView(input) || !bufferLength.call(input)) return EMPTY;
    } catch {
      // Not a buffer at all.
    }
  }
  throw new TypeError(`"${name}" must be an ArrayBuffer, SharedArrayBuffer or ArrayBufferView`);
}
