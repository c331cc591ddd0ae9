// The platform's TextDecoder and TextEncoder (WHATWG Encoding §7), over the family's codecs, and
// CharsetEncoder, their counterpart for encoding to any charset of the family.
// https://encoding.spec.whatwg.org/#api
import type { Codec, StreamingDecoder, StreamingEncoder } from '@x/legacy-charsets';
import {
  type Bytes,
  Utf8Decoder,
  decode as utf8Decode,
  encode as utf8Encode,
  encodeInto as utf8EncodeInto,
  toBytes,
} from '@x/utf8';
import { codecFor, decoderFor, type UnencodableMode } from './codecs';
import { brandCheck } from './errors';
import { resolveAnyLabel } from './iana-labels';
import type { LabelMode } from './labels';
import { type Writer, writerFor } from './repertoire';

/** What {@link TextEncoder.encodeInto} and {@link CharsetEncoder.encodeInto} did. */
export interface EncodeIntoResult {
  /** UTF-16 code units of the source consumed (a surrogate pair counts two). */
  read: number;
  /** Bytes written to the destination. */
  written: number;
}

/** Options of the {@link TextDecoder} constructor (and of `TextDecoderStream`). */
export interface TextDecoderOptions {
  /** Throw a {@link TextDecodeError} (a `TypeError`) on malformed input instead of writing U+FFFD. Default `false`. */
  fatal?: boolean;
  /** Keep a leading byte order mark (UTF-8, UTF-16LE, UTF-16BE) in the text. Default `false`. */
  ignoreBOM?: boolean;
  /**
   * Not in the standard: which registry gives the label its meaning, `whatwg` (default, the
   * platform's labels and its 40 encodings) or `iana` (every charset of the family: `cp437`,
   * `utf-7`, `ISO-8859-1` as itself…). See `labelToEncoding`.
   */
  mode?: LabelMode;
}

/** Options of {@link TextDecoder.decode}. */
export interface TextDecodeOptions {
  /** More input follows: keep a sequence split at the end of this chunk for the next call. Default `false`. */
  stream?: boolean;
}

/** Options of the {@link CharsetEncoder} constructor (and of `CharsetEncoderStream`). */
export interface CharsetEncoderOptions {
  /** Label registry: `whatwg` (default) or `iana` (every charset of the family). */
  mode?: LabelMode;
  /**
   * What to do with a character the charset cannot hold: `fatal` (default) throws the codec's
   * `EncodeError`, `replacement` writes the charset's `?`, `html` writes `&#NNNN;`.
   */
  unencodable?: UnencodableMode;
  /**
   * Start the output with a byte order mark. Only for UTF-8, UTF-16LE/BE and UTF-32LE/BE (a
   * `RangeError` for any other charset). Default `false`.
   */
  bom?: boolean;
}

// The ESM and CommonJS builds may both be loaded in one process: `instanceof` checks a brand shared
// through `Symbol.for` (as the classes of src/errors.ts do).
const TEXT_DECODE_ERROR = /* @__PURE__ */ Symbol.for('@x/mime-charset/TextDecodeError');

/**
 * The error a fatal {@link TextDecoder} throws on malformed input: a `TypeError`, as the platform's,
 * that also says where. Its `name` is `'TypeError'` and its `constructor` is `TypeError`, as they are
 * for the platform's error, so that code (and the Web Platform Tests) that expects exactly a
 * `TypeError` takes it; `instanceof TextDecodeError` tells it apart.
 * {@link https://encoding.spec.whatwg.org/#dom-textdecoder-decode | WHATWG Encoding §7.2 (decode)}.
 *
 * @example
 * ```ts
 * try {
 *   new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array([0x61, 0xff]));
 * } catch (error) {
 *   (error as TextDecodeError).index; // 1
 * }
 * ```
 */
export class TextDecodeError extends TypeError {
  /** Byte offset of the first malformed byte, from the start of the stream. */
  readonly index: number;
  /** What is wrong there, in the codec's words. */
  readonly reason: string;
  /** The encoding's name. */
  readonly encoding: string;
  /**
   * @param encoding - The encoding's name.
   * @param index - Byte offset of the malformed input from the start of the stream.
   * @param reason - What is wrong there.
   */
  constructor(encoding: string, index: number, reason: string) {
    super(`The ${encoding} data is malformed at byte ${index} (${reason})`);
    this.encoding = encoding;
    this.index = index;
    this.reason = reason;
    // The platform throws a plain TypeError, and testharness.js's assert_throws_js(TypeError, ...)
    // wants e.constructor === TypeError and e.name === 'TypeError' (the name is TypeError's, not
    // set here). Set on the error, not the prototype: a module with no side effects is left out of
    // bundles that do not use it.
    Object.defineProperties(this, {
      [TEXT_DECODE_ERROR]: { value: true },
      constructor: { value: TypeError },
    });
  }

  /** Brand check: true for a `TextDecodeError` of either build (ESM or CommonJS) of this package. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class instanceof was called on (a subclass too).
    return brandCheck(this, TEXT_DECODE_ERROR, value);
  }
}

/**
 * Resolves a label for the classes: a `RangeError` for an unknown label, for `replacement` (WHATWG
 * Encoding §7.2 step 2) and for an IANA charset the family has no codec for.
 */
function codecOf(label: string, mode: LabelMode | undefined, decoding = false): Codec {
  const resolved = resolveAnyLabel(label, mode);
  if (resolved === undefined || resolved.codec === '' || resolved.codec === 'replacement') {
    throw new RangeError(`The encoding label provided ('${label}') is invalid.`);
  }
  return (decoding ? decoderFor(label, mode) : codecFor(label, mode)) as Codec;
}

const NONE = {};

/** WebIDL dictionary conversion: `undefined` and `null` are empty, anything but an object throws. */
function dictionary<T>(options: T | null | undefined, name: string): Partial<T> {
  if (options == null) return NONE;
  if (typeof options !== 'object' && typeof options !== 'function') {
    throw new TypeError(`"${name}" must be an object`);
  }
  return options;
}

/** The codec's streaming decoder, which a codec handed to `registerCodec` may lack. */
function streamingDecoder(
  codec: Codec,
  flags: { readonly fatal: boolean; readonly ignoreBOM: boolean },
): StreamingDecoder {
  if (typeof codec.createDecoder !== 'function') {
    throw new TypeError(`The ${codec.name} codec has no streaming decoder (createDecoder)`);
  }
  return codec.createDecoder(flags);
}

/**
 * A drop-in `TextDecoder`: the WHATWG Encoding Standard's interface (labels, `fatal`, `ignoreBOM`,
 * `encoding`, `decode(input, { stream })`, the UTF-8 and UTF-16 BOM) over the family's codecs, for
 * every WHATWG encoding, the same on every runtime; with `{ mode: 'iana' }`, for every charset of
 * the family too. A fatal decoder's error is a {@link TextDecodeError}, a `TypeError` that says
 * where. After a fatal error the decoder is ready for a new stream.
 * {@link https://encoding.spec.whatwg.org/#interface-textdecoder | WHATWG Encoding §7.2 (TextDecoder)},
 * {@link https://encoding.spec.whatwg.org/#concept-td-serialize | §7.1 (BOM handling)}.
 *
 * @example
 * ```ts
 * const decoder = new TextDecoder('shift_jis');
 * decoder.encoding; // 'shift_jis'
 * decoder.decode(new Uint8Array([0x82, 0xa0]), { stream: true }) + decoder.decode(); // 'あ'
 * new TextDecoder('utf-16le').decode(new Uint8Array([0xff, 0xfe, 0x41, 0x00])); // 'A'
 * new TextDecoder('cp437', { mode: 'iana' }).decode(new Uint8Array([0x9c])); // '£'
 * new TextDecoder('UTF-16', { mode: 'iana' }).decode(new Uint8Array([0xff, 0xfe, 0x41, 0x00])); // 'A'
 * ```
 */
export class TextDecoder {
  private readonly codec: Codec;
  private readonly utf8: boolean;
  /** `fatal` and `ignoreBOM`, as the codecs take them. */
  private readonly flags: { readonly fatal: boolean; readonly ignoreBOM: boolean };
  /** The streaming decoder of the stream in progress, if one is (the standard's "do not flush"). */
  private open: StreamingDecoder | Utf8Decoder | undefined;

  /**
   * @param label - An encoding label. Default `utf-8`.
   * @param options - `fatal`, `ignoreBOM`, and `mode` (label registry, not in the standard).
   * @throws `RangeError` for a label that names no encoding, or `replacement`.
   * @throws `TypeError` when `options` is neither an object, `undefined` nor `null`.
   */
  constructor(label = 'utf-8', options?: TextDecoderOptions | null) {
    shapeTextDecoder();
    // WebIDL converts the arguments in order: the label to a string, then the options.
    const name = `${label}`;
    const { fatal, ignoreBOM, mode } = dictionary(options, 'options');
    this.codec = codecOf(name, mode, true);
    this.utf8 = this.codec.name === 'utf-8';
    this.flags = { fatal: !!fatal, ignoreBOM: !!ignoreBOM };
  }

  /**
   * The encoding's name, lowercase (`utf-8`, `windows-1252`, `shift_jis`…; `utf-16` and `utf-32`
   * for the IANA charsets whose byte order mark gives the order).
   */
  get encoding(): string {
    return this.codec.name;
  }

  /** `'TextDecoder'`, as the platform's (`Object.prototype.toString` gives `[object TextDecoder]`). */
  declare readonly [Symbol.toStringTag]: string;

  /** Whether malformed input throws. */
  get fatal(): boolean {
    return this.flags.fatal;
  }

  /** Whether a leading byte order mark is kept. */
  get ignoreBOM(): boolean {
    return this.flags.ignoreBOM;
  }

  /**
   * Decodes bytes, or the next chunk of a stream with `{ stream: true }`; the call without `stream`
   * ends the stream (an incomplete sequence becomes U+FFFD, or throws when fatal).
   * {@link https://encoding.spec.whatwg.org/#dom-textdecoder-decode | WHATWG Encoding §7.2}.
   *
   * @param input - An `ArrayBuffer`, a `SharedArrayBuffer` or any `ArrayBufferView` (its bytes).
   * @param options - `stream: true` when more chunks follow.
   * @returns The text.
   * @throws {@link TextDecodeError} (a `TypeError`) when fatal and the input is malformed.
   * @throws `TypeError` when `input` is not a buffer or a view.
   */
  // Both arguments optional, as WebIDL's (`decode.length` is 0).
  decode(input: Bytes | undefined = undefined, options: TextDecodeOptions | null = null): string {
    const bytes = input === undefined ? EMPTY : toBytes(input);
    const stream = !!dictionary(options, 'options').stream;
    let decoder = this.open;
    try {
      if (decoder === undefined) {
        if (!stream) {
          // One whole input, the common case: the codec's one-shot decode.
          return this.utf8 ? utf8Decode(bytes, this.flags) : this.codec.decode(bytes, this.flags);
        }
        decoder = this.utf8
          ? new Utf8Decoder(this.flags)
          : streamingDecoder(this.codec, this.flags);
      }
      // Cleared before decoding: after the last chunk, or an error, the next call starts afresh.
      this.open = undefined;
      const text = decoder.decode(bytes, { stream });
      if (stream) this.open = decoder;
      return text;
    } catch (error) {
      throw fail(error, this.flags.fatal, this.codec.name);
    }
  }
}

/** A fatal decoder's error as a {@link TextDecodeError}; any other error as it is. */
function fail(error: unknown, fatal: boolean, encoding: string): unknown {
  if (!fatal || error instanceof TextDecodeError) return error;
  const e = error as { index?: unknown; reason?: unknown; name?: unknown };
  // @x/utf8's Utf8DecodeError and @x/legacy-charsets' DecodeError both carry index and reason.
  if ((e.name === 'Utf8DecodeError' || e.name === 'DecodeError') && typeof e.index === 'number') {
    return new TextDecodeError(encoding, e.index, `${e.reason}`);
  }
  return error;
}

const EMPTY = new Uint8Array(0);

/**
 * The instances of the classes that hold no state a method would read (TextEncoder,
 * TextEncoderStream), by class name: WebIDL's "this" check (§3.7.6) has them throw a `TypeError`
 * for any other receiver, as the platform's do. Internal.
 */
export const BRANDS: WeakMap<object, string> = /* @__PURE__ */ new WeakMap();

/**
 * Gives a class's prototype the property attributes WebIDL gives an interface's, as the platform's
 * classes have them (web-platform-tests' idlharness checks them): its attributes and operations
 * enumerable (WebIDL §3.7.6, §3.7.7), and `@@toStringTag` a data property holding the name, neither
 * writable nor enumerable (§3.7.3). The main entry does it as it loads; each constructor does it
 * too, so that a class from the lean entry, which a bundler must be free to drop, has the shape once
 * it is used. Once per class. Internal.
 */
export function asInterface(type: { readonly prototype: object }, name: string): void {
  const prototype = type.prototype;
  // A prototype someone froze (SES's `harden`) keeps its shape: the class must still work.
  if (
    Object.getOwnPropertyDescriptor(prototype, Symbol.toStringTag) ||
    !Object.isExtensible(prototype)
  )
    return;
  for (const key of Object.getOwnPropertyNames(prototype))
    if (key !== 'constructor') Object.defineProperty(prototype, key, { enumerable: true });
  Object.defineProperty(prototype, Symbol.toStringTag, { value: name, configurable: true });
}

// For the constructors: a class named inside its own body is renamed by a bundler (`_TextDecoder`,
// to keep the inner binding), so the constructors name it through these.
const shapeTextDecoder = (): void => asInterface(TextDecoder, 'TextDecoder');
const shapeTextEncoder = (): void => asInterface(TextEncoder, 'TextEncoder');

/** Throws WebIDL's `TypeError` unless `self` is an instance of the class `name`. Internal. */
export function branded(self: unknown, name: string): void {
  if (BRANDS.get(self as object) !== name)
    throw new TypeError(`Value of "this" must be of type ${name}`);
}

/**
 * A drop-in `TextEncoder`: UTF-8 only, as the standard's (use {@link CharsetEncoder} for other
 * charsets); a lone surrogate is written as U+FFFD. The same on every runtime, ES2020 ones without
 * a `TextEncoder` included.
 * {@link https://encoding.spec.whatwg.org/#interface-textencoder | WHATWG Encoding §7.4 (TextEncoder)}.
 *
 * @example
 * ```ts
 * const encoder = new TextEncoder();
 * encoder.encode('€'); // Uint8Array [0xe2, 0x82, 0xac]
 * encoder.encodeInto('a😀', new Uint8Array(4)); // { read: 1, written: 1 }: the emoji does not fit
 * ```
 */
export class TextEncoder {
  constructor() {
    shapeTextEncoder();
    BRANDS.set(this, 'TextEncoder');
  }

  /** Always `utf-8`. */
  get encoding(): 'utf-8' {
    branded(this, 'TextEncoder');
    return 'utf-8';
  }

  /** `'TextEncoder'`, as the platform's. */
  declare readonly [Symbol.toStringTag]: string;

  /**
   * Encodes text as UTF-8.
   *
   * @param input - The text (converted to a string). Default `''`.
   * @returns A new `Uint8Array`.
   * @throws `TypeError` when called on anything but a `TextEncoder`; never, for a string.
   */
  encode(input = ''): Uint8Array {
    branded(this, 'TextEncoder');
    return utf8Encode(`${input}`);
  }

  /**
   * Encodes as much of the text as fits into `destination`, whole characters only.
   * {@link https://encoding.spec.whatwg.org/#dom-textencoder-encodeinto | WHATWG Encoding §7.4}.
   *
   * @param source - The text (converted to a string).
   * @param destination - Where to write, from its index 0.
   * @returns `{ read, written }`: UTF-16 units consumed, bytes written.
   * @throws `TypeError` when `destination` is not a `Uint8Array`, or when called on anything but a
   * `TextEncoder`.
   */
  encodeInto(source: string, destination: Uint8Array): EncodeIntoResult {
    branded(this, 'TextEncoder');
    return utf8EncodeInto(`${source}`, destination);
  }
}

/** The byte order marks an encoder may write, by codec name. */
const BOMS: Record<string, readonly number[] | undefined> = {
  'utf-8': [0xef, 0xbb, 0xbf],
  'utf-16le': [0xff, 0xfe],
  'utf-16be': [0xfe, 0xff],
  'utf-32le': [0xff, 0xfe, 0, 0],
  'utf-32be': [0, 0, 0xfe, 0xff],
};

/** UTF-8 streaming: a high surrogate at the end of a chunk waits for the next one. */
function utf8Encoder(): StreamingEncoder {
  let pending = '';
  return {
    encode(text = '', options) {
      let input = pending + text;
      pending = '';
      const last = input.charCodeAt(input.length - 1);
      if (options?.stream && last >= 0xd800 && last <= 0xdbff) {
        pending = input.slice(-1);
        input = input.slice(0, -1);
      }
      return utf8Encode(input);
    },
  };
}

/** `bytes` after `bom`, in one new array. */
function withBOM(bom: readonly number[], bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(bom.length + bytes.length);
  out.set(bom);
  out.set(bytes, bom.length);
  return out;
}

/**
 * Encodes text to any charset of the family, one-shot or streamed, with the codecs' `fatal`,
 * `replacement` and `html` modes and an optional byte order mark for UTF-8/16/32: what no platform
 * offers (its `TextEncoder` writes only UTF-8). Stateful charsets (ISO-2022-JP, UTF-7, HZ) return
 * to their initial state at the end of each stream. In the `iana` and `loose` modes, the names
 * GB2312, EUC-KR, Shift_JIS, EUC-JP, ISO-2022-JP and Big5 write only the named charset, as
 * {@link encode} does (RFC 1922, RFC 1557, RFC 1468): a character only the WHATWG superset has is
 * unencodable there, one-shot, streamed and in `encodeInto` alike; in `whatwg` mode (the default)
 * they keep the Encoding Standard's encoders (`gb2312` writes GBK).
 * {@link https://encoding.spec.whatwg.org/#encode | WHATWG Encoding §6 (encode)},
 * {@link https://encoding.spec.whatwg.org/#error-mode | §4.1 (error mode)}.
 *
 * @example
 * ```ts
 * new CharsetEncoder('shift_jis').encode('あ'); // Uint8Array [0x82, 0xa0]
 * new CharsetEncoder('latin2', { unencodable: 'html' }).encode('€1'); // the bytes of '&#8364;1'
 * new CharsetEncoder('utf-16le', { bom: true }).encode('A'); // Uint8Array [0xff, 0xfe, 0x41, 0x00]
 * new CharsetEncoder('GB2312').encode('€'); // Uint8Array [0x80] (GBK's euro)
 * new CharsetEncoder('GB2312', { mode: 'iana', unencodable: 'replacement' }).encode('€'); // Uint8Array [0x3f]
 * ```
 */
export class CharsetEncoder {
  /** The codec, restricted to the named charset under a narrow IANA name (src/repertoire.ts). */
  private readonly codec: Writer;
  private readonly utf8: boolean;
  /** The `unencodable` mode, as the codecs take it. */
  private readonly modeOption: { readonly mode: UnencodableMode };
  private readonly bomBytes: readonly number[] | undefined;
  /** The streaming encoder of the stream in progress, if one is. */
  private open: StreamingEncoder | undefined;

  /**
   * @param label - A charset label (`shift_jis`, `latin1`; with `mode: 'iana'` also `cp437`, `utf-7`…).
   * @param options - `mode` (label registry), `unencodable` (error mode), `bom`.
   * @throws `RangeError` for a label that names no charset, `replacement`, or `bom` on a charset
   * that has none.
   * @throws `TypeError` for an `unencodable` other than `fatal`, `replacement` or `html`.
   */
  constructor(label: string, options?: CharsetEncoderOptions | null) {
    const name = `${label}`;
    const { mode, unencodable = 'fatal', bom } = dictionary(options, 'options');
    if (unencodable !== 'fatal' && unencodable !== 'replacement' && unencodable !== 'html') {
      throw new TypeError(`"unencodable" must be 'fatal', 'replacement' or 'html'`);
    }
    this.codec = writerFor(codecOf(name, mode), name, mode);
    this.utf8 = this.codec.name === 'utf-8';
    this.modeOption = { mode: unencodable };
    if (bom) {
      this.bomBytes = BOMS[this.codec.name];
      if (this.bomBytes === undefined) {
        throw new RangeError(`${this.codec.name} has no byte order mark`);
      }
    }
  }

  /** The charset's codec name, lowercase (`shift_jis`, `windows-1252`, `cp437`…). */
  get encoding(): string {
    return this.codec.name;
  }

  /** What happens to a character the charset cannot hold. */
  get unencodable(): UnencodableMode {
    return this.modeOption.mode;
  }

  /** Whether the output starts with a byte order mark. */
  get bom(): boolean {
    return this.bomBytes !== undefined;
  }

  /**
   * Encodes text, or the next chunk of a stream with `{ stream: true }`; the call without `stream`
   * ends the stream (a stateful charset returns to its initial state, a high surrogate left at the
   * end of the last chunk is a lone surrogate).
   *
   * @param input - The text (converted to a string). Default `''`.
   * @param options - `stream: true` when more chunks follow.
   * @returns The bytes; the first call of a stream starts with the BOM when `bom` is set.
   * @throws The codec's `EncodeError` (with `index` from the start of the stream and `codePoint`)
   * on a character the charset cannot hold (under a narrow IANA name, one outside the named
   * charset), or a lone surrogate, in `fatal` mode. The encoder is then ready for a new stream.
   */
  encode(input = '', options?: TextDecodeOptions | null): Uint8Array {
    const text = `${input}`;
    const stream = !!dictionary(options, 'options').stream;
    let encoder = this.open;
    const first = encoder === undefined;
    let bytes: Uint8Array;
    if (encoder === undefined && !stream) {
      bytes = this.utf8 ? utf8Encode(text) : this.codec.encode(text, this.modeOption);
    } else {
      encoder ??= this.utf8 ? utf8Encoder() : this.streamingEncoder();
      this.open = undefined;
      bytes = encoder.encode(text, { stream });
      if (stream) this.open = encoder;
    }
    return first && this.bomBytes ? withBOM(this.bomBytes, bytes) : bytes;
  }

  /**
   * Encodes as much of the text as fits into `destination`, whole characters only (and, in a
   * stateful charset, with room left to return to the initial state), as
   * {@link https://encoding.spec.whatwg.org/#dom-textencoder-encodeinto | TextEncoder.encodeInto}
   * does for UTF-8. One whole input: it neither reads nor changes the state of a stream that
   * {@link CharsetEncoder.encode} is in. Work is proportional to what is written (times its
   * logarithm for charsets other than UTF-8), not to the length of the source.
   *
   * @param source - The text (converted to a string).
   * @param destination - Where to write, from its index 0.
   * @returns `{ read, written }`: UTF-16 units consumed, bytes written (BOM included).
   * @throws `TypeError` when `destination` is not a `Uint8Array`; the codec's `EncodeError` in
   * `fatal` mode when writing stops, with room left, at a character the charset cannot hold (under
   * a narrow IANA name, one outside the named charset; the other modes write its `?` or reference
   * if that fits).
   */
  encodeInto(source: string, destination: Uint8Array): EncodeIntoResult {
    if (
      !(destination instanceof Uint8Array) &&
      Object.prototype.toString.call(destination) !== '[object Uint8Array]'
    ) {
      throw new TypeError('"destination" must be a Uint8Array');
    }
    const text = `${source}`;
    const bom = this.bomBytes ?? [];
    const room = destination.length - bom.length;
    if (room < 0) return { read: 0, written: 0 };
    destination.set(bom);
    if (this.utf8) {
      const { read, written } = utf8EncodeInto(text, destination.subarray(bom.length));
      return { read, written: written + bom.length };
    }
    // The longest prefix of whole characters whose (flushed) encoding fits: galloping, then a
    // binary search, so that the work follows the room, not the length of the source. A prefix's
    // encoding never gets shorter as it grows.
    const n = text.length;
    let error: unknown;
    let errorAt = n + 1;
    const fits = (k: number): Uint8Array | undefined => {
      if (k >= errorAt) return undefined;
      try {
        const bytes = this.codec.encode(text.slice(0, k), this.modeOption);
        return bytes.length <= room ? bytes : undefined;
      } catch (e) {
        const index = (e as { index?: unknown }).index;
        if (typeof index !== 'number' || index >= k) throw e;
        // The character at `index` cannot be encoded: no prefix reaching past it fits.
        error = e;
        errorAt = index + 1;
        return undefined;
      }
    };
    let lo = 0;
    let best: Uint8Array = EMPTY;
    let hi = Math.min(n, 16);
    for (;;) {
      hi = boundary(text, hi);
      const bytes = fits(hi);
      if (bytes === undefined) break;
      lo = hi;
      best = bytes;
      if (hi === n) {
        destination.set(best, bom.length);
        return { read: n, written: best.length + bom.length };
      }
      hi = Math.min(n, hi * 2);
    }
    // fits(lo) holds and fits(hi) does not.
    while (hi - lo > 1) {
      let mid = lo + ((hi - lo) >> 1);
      // Never between the halves of a surrogate pair: the nearer whole-character end instead.
      if (boundary(text, mid) !== mid) mid = mid - 1 === lo ? mid + 1 : mid - 1;
      if (mid >= hi) break;
      const bytes = fits(mid);
      if (bytes === undefined) hi = mid;
      else {
        lo = mid;
        best = bytes;
      }
    }
    // Writing stopped, with room left, at a character the charset cannot hold: fatal mode reports it.
    if (error !== undefined && errorAt === lo + 1 && best.length < room) throw error;
    destination.set(best, bom.length);
    return { read: lo, written: best.length + bom.length };
  }

  private streamingEncoder(): StreamingEncoder {
    if (typeof this.codec.createEncoder !== 'function') {
      throw new TypeError(`The ${this.codec.name} codec has no streaming encoder (createEncoder)`);
    }
    return this.codec.createEncoder(this.modeOption);
  }
}

/** `k`, moved back one unit when it would split a surrogate pair. */
function boundary(text: string, k: number): number {
  const c = text.charCodeAt(k - 1);
  const d = text.charCodeAt(k);
  return c >= 0xd800 && c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff ? k - 1 : k;
}
