/**
 * Why a UTF-8 decode failed: `'invalid-byte'` when a byte can neither start a sequence nor continue
 * the current one, `'truncated'` when the input ends inside a sequence.
 */
export type Utf8DecodeErrorReason = 'invalid-byte' | 'truncated';

/**
 * The error a fatal decode throws: the input is not well-formed UTF-8.
 *
 * It extends `TypeError`, which is what a fatal
 * {@link https://encoding.spec.whatwg.org/#dom-textdecoder-decode | WHATWG `TextDecoder`} throws, so
 * code written for the platform codec keeps working.
 *
 * @example
 * ```ts
 * try {
 *   decode(new Uint8Array([0x61, 0xc0, 0xaf]), { fatal: true });
 * } catch (error) {
 *   if (error instanceof Utf8DecodeError) error.index; // 1
 * }
 * ```
 */
export class Utf8DecodeError extends TypeError {
  /** The byte offset of the first byte of the first ill-formed sequence; every byte before it is valid. */
  readonly index: number;
  /** Why the sequence at `index` is ill-formed. */
  readonly reason: Utf8DecodeErrorReason;

  /**
   * @param index - Byte offset of the ill-formed sequence (from the start of the stream when streaming).
   * @param reason - Why it is ill-formed.
   */
  constructor(index: number, reason: Utf8DecodeErrorReason) {
    super(`Invalid UTF-8 at byte ${index}`);
    this.name = 'Utf8DecodeError';
    this.index = index;
    this.reason = reason;
  }
}
