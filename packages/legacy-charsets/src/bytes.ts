// The one reading of byte inputs, for every codec entry: exactly what `TextDecoder.decode` takes.
// https://webidl.spec.whatwg.org/#AllowSharedBufferSource
import type { Bytes } from './codec';

/** No bytes, shared. */
export const EMPTY: Uint8Array = /* @__PURE__ */ new Uint8Array(0);

/** `ArrayBuffer.prototype.byteLength`'s getter: it throws on anything but an ArrayBuffer. */
const bufferLength = /* @__PURE__ */ (() =>
  Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, 'byteLength')!.get as () => number)();

/**
 * View `input` as a `Uint8Array` without copying: a `Uint8Array` (a Node `Buffer` too) as it is,
 * the bytes any other view views, all the bytes of an `ArrayBuffer` or `SharedArrayBuffer` (of any
 * realm, resizable too), none of a detached buffer; anything else is a `TypeError` naming the
 * argument, where `new Uint8Array(x)` would quietly make something else of a number or an array.
 * ({@link https://webidl.spec.whatwg.org/#dfn-get-buffer-source-copy | WebIDL "get a copy of the buffer source"})
 */
export function toBytes(input: Bytes, name: string): Uint8Array {
  try {
    // `isView` reads internal slots (a Proxy or an object made from a view's prototype fails it),
    // and only a real ArrayBuffer or SharedArrayBuffer of some realm makes a DataView.
    return ArrayBuffer.isView(input)
      ? input instanceof Uint8Array
        ? input
        : new Uint8Array(input.buffer, input.byteOffset, input.byteLength)
      : new Uint8Array(new DataView(input).buffer);
  } catch {
    try {
      // A detached buffer, or a view of one, cannot be viewed again and holds no bytes.
      if (ArrayBuffer.isView(input) || !bufferLength.call(input)) return EMPTY;
    } catch {
      // Not a buffer at all.
    }
  }
  throw new TypeError(`"${name}" must be an ArrayBuffer, SharedArrayBuffer or ArrayBufferView`);
}
