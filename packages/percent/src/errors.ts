/**
 * Why a strict decode failed: `'malformed-escape'` for a `%` not followed by two hex digits,
 * `'invalid-utf8'` when the escaped octets are not well-formed UTF-8, `'too-many-pairs'` when a
 * form holds more pairs than the `limit` allows.
 */
export type PercentDecodeErrorReason = 'malformed-escape' | 'invalid-utf8' | 'too-many-pairs';

/**
 * Thrown by a strict decode ({@link https://www.rfc-editor.org/rfc/rfc3986#section-2.1 | RFC 3986 §2.1})
 * and by a form parse over its pair limit.
 *
 * @example
 * ```ts
 * try {
 *   percentDecode('a%zz', { mode: 'strict' });
 * } catch (error) {
 *   if (error instanceof PercentDecodeError) error.index; // 1
 * }
 * ```
 */
export class PercentDecodeError extends Error {
  /** Always `'PercentDecodeError'`. */
  override readonly name = 'PercentDecodeError';
  /** UTF-16 index in the input: the `%` of the bad escape, or the start of the first pair over the limit. */
  readonly index: number;
  /** What went wrong. */
  readonly reason: PercentDecodeErrorReason;
  /**
   * @param index - Where in the input the problem starts.
   * @param reason - What went wrong.
   */
  constructor(index: number, reason: PercentDecodeErrorReason) {
    super(`${reason} at ${index}`);
    this.index = index;
    this.reason = reason;
  }
}
