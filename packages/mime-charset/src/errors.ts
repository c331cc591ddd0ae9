// The typed errors of this package. Each names the input position when there is one.
//
// The ESM and CommonJS builds of this package may both be loaded in one process, each with its own
// copy of these classes: `instanceof` checks a brand shared through `Symbol.for`, so that an error
// thrown by one build is an instance of the other build's class too.
const CHARSET_ERROR = /* @__PURE__ */ Symbol.for('@x/mime-charset/CharsetError');
const HEADER_SYNTAX_ERROR = /* @__PURE__ */ Symbol.for('@x/mime-charset/HeaderSyntaxError');

/** `instanceof` for a branded class: the brand for the class itself, the usual check for a subclass. */
export function brandCheck(self: object, brand: symbol, value: unknown): boolean {
  // A subclass inherits the brand check: it gets ordinary instanceof. Told by whether `self` owns
  // the method, not by naming the class inside its own body, which makes bundlers rename the built
  // class (`class _CharsetError`, as logs and stack traces then show it).
  // biome-ignore lint/suspicious/noPrototypeBuiltins: Object.hasOwn is ES2022; the portable build is ES2020.
  if (!Object.prototype.hasOwnProperty.call(self, Symbol.hasInstance))
    return Function.prototype[Symbol.hasInstance].call(self, value);
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Record<symbol, unknown>)[brand] === true
  );
}

/**
 * Raised when a label names no encoding, names a charset the family has no codec for, or (with
 * the lean entry) names one whose codec is not registered.
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
  /**
   * `unknown-label`: no registry knows the label; `not-implemented`: a known charset (see
   * `lookup`) with no codec in the family; `codec-not-loaded`: with `@x/mime-charset/lean`, the
   * codec is not registered (`registerCodec`); `labels-not-enabled`: `labelToEncoding` from
   * `@x/mime-charset/labels` was asked for the `iana` or `loose` mode before `enableIanaLabels()`.
   */
  readonly reason: 'unknown-label' | 'not-implemented' | 'codec-not-loaded' | 'labels-not-enabled';
  /** The label as given. */
  readonly label: string;
  constructor(
    label: string,
    reason: 'unknown-label' | 'not-implemented' | 'codec-not-loaded' | 'labels-not-enabled',
  ) {
    super(
      reason === 'unknown-label'
        ? `unknown charset label ${JSON.stringify(label)}`
        : reason === 'not-implemented'
          ? `charset ${JSON.stringify(label)} is known but has no codec`
          : reason === 'codec-not-loaded'
            ? `codec for ${JSON.stringify(label)} is not registered: registerCodec(codec) first`
            : `label ${JSON.stringify(label)}: the iana and loose label modes need the IANA registry: call enableIanaLabels() from @x/mime-charset/labels first`,
    );
    this.label = label;
    this.reason = reason;
    Object.defineProperty(this, CHARSET_ERROR, { value: true });
  }

  /** Brand check: true for a `CharsetError` of either build (ESM or CommonJS) of this package. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class instanceof was called on (a subclass too).
    return brandCheck(this, CHARSET_ERROR, value);
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
  /** UTF-16 index in the input where parsing failed (in the option's value when `option` is set). */
  readonly index: number;
  /** What is wrong there. */
  readonly reason: string;
  /**
   * The option of an encoder whose value was refused (`charset`, `language`, `separator`), so that
   * nothing it holds (CR, LF, a quote) reaches the header; absent when the input is at fault.
   */
  readonly option?: string;
  constructor(index: number, reason: string, option?: string) {
    super(`${option === undefined ? '' : `option ${option}: `}${reason} at index ${index}`);
    this.index = index;
    this.reason = reason;
    if (option !== undefined) this.option = option;
    Object.defineProperty(this, HEADER_SYNTAX_ERROR, { value: true });
  }

  /** Brand check: true for a `HeaderSyntaxError` of either build (ESM or CommonJS) of this package. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class instanceof was called on (a subclass too).
    return brandCheck(this, HEADER_SYNTAX_ERROR, value);
  }
}
