/**
 * The error a strict parser throws when its input breaks the grammar of
 * {@link https://www.rfc-editor.org/rfc/rfc3986#appendix-A | RFC 3986 Appendix A}.
 *
 * @example
 * ```ts
 * const result = tryParse('http://a b');
 * (result as { error: UriSyntaxError }).error.index; // 8
 * (result as { error: UriSyntaxError }).error.reason; // 'invalid character in host'
 * ```
 */
export class UriSyntaxError extends Error {
  /** The offset (in UTF-16 code units) of the first character that breaks the grammar. */
  readonly index: number;
  /** What is wrong there, in a few words (`'invalid character in host'`). */
  readonly reason: string;
  /** The input that failed. */
  readonly input: string;

  /**
   * @param input - the text that failed to parse
   * @param index - offset of the first offending character
   * @param reason - a short description of the failure
   */
  constructor(input: string, index: number, reason: string) {
    super(`${reason} at index ${index}`);
    this.name = 'UriSyntaxError';
    this.input = input;
    this.index = index;
    this.reason = reason;
  }
}
