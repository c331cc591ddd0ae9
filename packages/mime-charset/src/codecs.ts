// Decode and encode by label. UTF-8 is always there; every other codec lives in its own
// @x/legacy-charsets subpath and is loaded on demand (loadCodec) or handed over (registerCodec),
// so that resolving a label never pulls a table into a bundle.
import { CharsetError } from './errors';
import { LOADERS } from './generated/loaders';
import { type LabelMode, resolveLabel } from './labels';
import { utf8Codec } from './utf8';

/** What an encoder does with a character the charset cannot hold. */
export type UnencodableMode = 'fatal' | 'replacement' | 'html';

/**
 * The part of the `@x/legacy-charsets` codec contract this package uses. Every
 * `import { codec } from '@x/legacy-charsets/<name>'` satisfies it.
 */
export interface CharsetCodec {
  /** Canonical lowercase codec name (`windows-1252`, `iso-8859-1`, `shift_jis`…). */
  readonly name: string;
  /** Decode bytes; `fatal` throws on malformed input instead of writing U+FFFD. */
  decode(bytes: Uint8Array, options?: { fatal?: boolean }): string;
  /** Encode text; `mode` says what to do with a character the charset cannot hold. */
  encode(text: string, options?: { mode?: UnencodableMode }): Uint8Array;
}

/** Options of {@link decode}. */
export interface DecodeOptions {
  /** Label registry: `whatwg` (default) or `iana` (mail). */
  mode?: LabelMode;
  /** Throw the codec's error on malformed input instead of writing U+FFFD. Default `false`. */
  fatal?: boolean;
}

/** Options of {@link encode}. */
export interface EncodeOptions {
  /** Label registry: `whatwg` (default) or `iana` (mail). */
  mode?: LabelMode;
  /** What to do with a character the charset cannot hold: `fatal` (default) throws. */
  unencodable?: UnencodableMode;
}

const registered = new Map<string, CharsetCodec>([['utf-8', utf8Codec]]);

/** The codec for a label, if it is registered; throws a {@link CharsetError} otherwise. */
export function codecFor(label: string, mode: LabelMode | undefined): CharsetCodec {
  const resolved = resolveLabel(label, mode);
  if (resolved === undefined) throw new CharsetError(label, 'unknown-label');
  const codec = registered.get(resolved.codec);
  if (codec === undefined) throw new CharsetError(label, 'codec-not-loaded');
  return codec;
}

/** The registered codec of that codec name, if any. Internal. */
export function codecByName(codec: string): CharsetCodec | undefined {
  return registered.get(codec);
}

/**
 * Makes a codec available to the synchronous functions ({@link decode}, {@link encode},
 * `decodeEncodedWords`, `decodeDocument`…) under its `name`: the path for callers who import the
 * codecs they need statically, e.g. `registerCodec((await import('@x/legacy-charsets/shift_jis')).codec)`
 * or a plain static import.
 * {@link https://encoding.spec.whatwg.org/#names-and-labels | WHATWG Encoding §4.2}.
 *
 * @param codec - A codec following the `@x/legacy-charsets` contract.
 * @returns Nothing.
 * @throws Never.
 * @example
 * ```ts
 * registerCodec({
 *   name: 'us-ascii',
 *   decode: (bytes) => String.fromCharCode(...bytes),
 *   encode: (text) => Uint8Array.from(text, (c) => c.charCodeAt(0)),
 * });
 * decode(new Uint8Array([0x68, 0x69]), 'us-ascii', { mode: 'iana' }); // 'hi'
 * ```
 */
export function registerCodec(codec: CharsetCodec): void {
  registered.set(codec.name, codec);
}

/**
 * Loads the codec a label resolves to from its own `@x/legacy-charsets/<codec>` subpath (a dynamic
 * import that bundlers split into its own chunk), registers it, and returns it.
 * {@link https://encoding.spec.whatwg.org/#concept-encoding-get | WHATWG Encoding §4.2 (get an encoding)}.
 *
 * @param label - A charset label.
 * @param options - `mode`: `whatwg` (default) or `iana`.
 * @returns The registered codec.
 * @throws {@link CharsetError} (rejects) with reason `unknown-label` when the label resolves to no
 * encoding, or `codec-not-loaded` when the family has no codec for it.
 * @example
 * ```ts
 * const codec = await loadCodec('latin1');
 * codec.name; // 'windows-1252'
 * ```
 */
export async function loadCodec(
  label: string,
  options?: { mode?: LabelMode },
): Promise<CharsetCodec> {
  const resolved = resolveLabel(label, options?.mode);
  if (resolved === undefined) throw new CharsetError(label, 'unknown-label');
  const have = registered.get(resolved.codec);
  if (have !== undefined) return have;
  const load = LOADERS[resolved.codec];
  if (load === undefined) throw new CharsetError(label, 'codec-not-loaded');
  const { codec } = await load();
  registered.set(resolved.codec, codec);
  return codec;
}

/**
 * Decodes bytes in the charset a label names, routing to `@x/utf8` or a registered
 * `@x/legacy-charsets` codec. The BOM is not sniffed here (see `decodeDocument`).
 * {@link https://encoding.spec.whatwg.org/#decode | WHATWG Encoding §6 (decode)}.
 *
 * @param bytes - The encoded bytes.
 * @param label - A charset label (`utf-8`, `latin1`, `Shift_JIS`…).
 * @param options - `mode` (`whatwg` default, `iana`), `fatal` (default `false`).
 * @returns The decoded text.
 * @throws {@link CharsetError} for an unknown label or a codec not loaded yet; the codec's own error
 * on malformed input when `fatal`.
 * @example
 * ```ts
 * decode(new Uint8Array([0xe2, 0x82, 0xac]), 'UTF8'); // '€'
 * ```
 */
export function decode(bytes: Uint8Array, label: string, options?: DecodeOptions): string {
  return codecFor(label, options?.mode).decode(bytes, { fatal: options?.fatal === true });
}

/**
 * Encodes text in the charset a label names, routing to `@x/utf8` or a registered
 * `@x/legacy-charsets` codec.
 * {@link https://encoding.spec.whatwg.org/#encode | WHATWG Encoding §6 (encode)}.
 *
 * @param text - The text.
 * @param label - A charset label.
 * @param options - `mode` (`whatwg` default, `iana`), `unencodable` (`fatal` default,
 * `replacement`, `html`).
 * @returns The encoded bytes.
 * @throws {@link CharsetError} for an unknown label or a codec not loaded yet; the codec's own error
 * on an unencodable character in `fatal` mode.
 * @example
 * ```ts
 * encode('€', 'utf-8'); // Uint8Array [0xe2, 0x82, 0xac]
 * ```
 */
export function encode(text: string, label: string, options?: EncodeOptions): Uint8Array {
  return codecFor(label, options?.mode).encode(text, { mode: options?.unencodable ?? 'fatal' });
}
