/**
 * Thrown when a string is not a URN (or not a valid name in a URN namespace): `index` is the
 * offset of the first character that breaks the grammar, `reason` says which rule it breaks.
 *
 * {@link https://www.rfc-editor.org/rfc/rfc8141#section-2 | RFC 8141 §2}
 *
 * @example
 * ```ts
 * try {
 *   parseUrn('urn:example:a?b');
 * } catch (error) {
 *   if (error instanceof UrnSyntaxError) console.log(error.index, error.reason); // 13 '"?" not followed by "+" or "="'
 * }
 * ```
 */
export class UrnSyntaxError extends Error {
  /** Offset (UTF-16 code units) in the input where the grammar first fails. */
  readonly index: number;
  /** Which rule the input breaks, in words. */
  readonly reason: string;

  /**
   * @param reason - which rule the input breaks
   * @param index - offset in the input where it fails
   * @param input - the input, quoted in the message (shortened when long)
   */
  constructor(reason: string, index: number, input: string) {
    const shown = input.length > 80 ? `${input.slice(0, 77)}...` : input;
    super(`${reason} at index ${index} in ${JSON.stringify(shown)}`);
    this.name = 'UrnSyntaxError';
    this.index = index;
    this.reason = reason;
  }
}
