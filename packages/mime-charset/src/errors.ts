// The typed errors of this package. Each names the input position when there is one.

/**
 * Raised when a label names no encoding, or names one whose codec is not loaded.
 * {@link https://encoding.spec.whatwg.org/#concept-encoding-get | WHATWG Encoding §4.2 (get an encoding)}
 *
 * @example
 * ```ts
 * try {
 *   decode(new Uint8Array([0x41]), 'no-such-charset');
 * } catch (error) {
 *   (error as CharsetError).reason; // 'unknown-label'
 * }
 * ```
 */
export class CharsetError extends Error {
  /** Always `CharsetError`. */
  override readonly name = 'CharsetError';
  /** `unknown-label`: neither registry knows the label; `codec-not-loaded`: call `loadCodec` or `registerCodec` first. */
  readonly reason: 'unknown-label' | 'codec-not-loaded';
  /** The label as given. */
  readonly label: string;
  constructor(label: string, reason: 'unknown-label' | 'codec-not-loaded') {
    super(
      reason === 'unknown-label'
        ? `unknown charset label ${JSON.stringify(label)}`
        : `codec for ${JSON.stringify(label)} is not loaded: await loadCodec(label) or registerCodec(codec) first`,
    );
    this.label = label;
    this.reason = reason;
  }
}

/**
 * Raised by a strict parser on malformed header syntax, at the offending index.
 * {@link https://www.rfc-editor.org/rfc/rfc9110#section-8.3.1 | RFC 9110 §8.3.1},
 * {@link https://www.rfc-editor.org/rfc/rfc2231#section-3 | RFC 2231 §3},
 * {@link https://www.rfc-editor.org/rfc/rfc2047#section-2 | RFC 2047 §2}.
 *
 * @example
 * ```ts
 * try {
 *   parseContentType('text/html; charset', { strict: true });
 * } catch (error) {
 *   (error as HeaderSyntaxError).index; // 18
 * }
 * ```
 */
export class HeaderSyntaxError extends Error {
  /** Always `HeaderSyntaxError`. */
  override readonly name = 'HeaderSyntaxError';
  /** UTF-16 index in the input where parsing failed. */
  readonly index: number;
  /** What is wrong there. */
  readonly reason: string;
  constructor(index: number, reason: string) {
    super(`${reason} at index ${index}`);
    this.index = index;
    this.reason = reason;
  }
}
