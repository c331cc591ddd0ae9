// The codec contract shared by every charset in this package, and the typed errors it raises.
// https://encoding.spec.whatwg.org/#encoders-and-decoders

/**
 * Bytes, as `TextDecoder.decode` takes them
 * ({@link https://webidl.spec.whatwg.org/#AllowSharedBufferSource | WebIDL `AllowSharedBufferSource`}),
 * from any realm: a `Uint8Array` or Node `Buffer` is read as it is, any other `ArrayBufferView`
 * (`DataView`, `Uint16Array` …) gives the bytes it views, an `ArrayBuffer` or `SharedArrayBuffer`
 * all its bytes; a detached buffer holds none. Anything else is a `TypeError`.
 */
export type Bytes = ArrayBufferLike | ArrayBufferView;

/** Options of a decode call. */
export interface DecodeOptions {
  /** Throw a {@link DecodeError} on the first malformed or unmapped input instead of writing U+FFFD. */
  fatal?: boolean;
  /** Keep a leading byte order mark (UTF-16, UTF-32) in the output instead of stripping it, as TextDecoder's `ignoreBOM`. */
  ignoreBOM?: boolean;
  /**
   * MARC-8, ANSEL, UNIMARC and ISO 5426/5427/5428 only: return the text in Unicode Normalization
   * Form C. A streaming decoder gives the same text however the input is cut: text that the next
   * chunk could still change (a letter whose marks may follow) waits for it.
   */
  nfc?: boolean;
}

/**
 * What an encoder does with a character the charset cannot hold: `fatal` throws an
 * {@link EncodeError}, `replacement` writes the charset's `?`, `html` writes `&#NNNN;` (a lone
 * surrogate as `&#65533;`). `html` needs `&`, `#`, the digits and `;` in the charset (at any byte
 * value, as in EBCDIC): in the six ISO 646 variants that have £ or § where ASCII has `#`
 * (`bs_4730`, `es`, `it`, `nf_z_62-010`, `nf_z_62-010_1973`, `ns_4551-2`) it cannot write a
 * reference, and fails as `fatal` does, with the same {@link EncodeError}, rather than write one
 * that reads back as `&£233;`.
 * @example
 * ```ts
 * encode('é', 'iso-646-irv', { mode: 'html' }); // bytes of '&#233;'
 * try { encode('é', 'bs_4730', { mode: 'html' }); }
 * catch (e) { (e as EncodeError).codePoint; } // 0xe9
 * ```
 */
export type EncodeMode = 'fatal' | 'replacement' | 'html';

/** Options of an encode call. */
export interface EncodeOptions {
  /** Error mode, `fatal` by default. */
  mode?: EncodeMode;
}

/** Options of one call on a streaming decoder or encoder. */
export interface StreamOptions {
  /** More input follows: keep incomplete sequences and state for the next call. */
  stream?: boolean;
}

/**
 * A stateful decoder for input split across chunks. A call without `{ stream: true }` ends the
 * stream, whatever happens in it, and so does a {@link DecodeError} from any call: after an error
 * is thrown, the decoder starts a new stream (initial modes, a BOM looked for again, `index` from
 * 0), and the rest of the chunk that held the error is not decoded. That is what `TextDecoder`
 * does after an error in a final call
 * ({@link https://encoding.spec.whatwg.org/#dom-textdecoder-decode | WHATWG Encoding, `decode()` step 1}),
 * and what `@x/utf8`'s `Utf8Decoder` does after any error.
 * @example
 * ```ts
 * const d = getCodec('iso-2022-jp')!.createDecoder({ fatal: true });
 * d.decode(new Uint8Array([0x1b, 0x24, 0x42, 0x46, 0x7c, 0xff])); // throws DecodeError, index 5
 * d.decode(new Uint8Array([0x41, 0x42])); // 'AB': a new stream, in ASCII (not JIS X 0208's 疎)
 * ```
 */
export interface StreamingDecoder {
  /**
   * Decode a chunk ({@link Bytes}; none: just end the input); without `{ stream: true }` the input
   * ends here and state is reset. Throws a `TypeError` if `chunk` is not bytes (the stream is left
   * as it was), and a {@link DecodeError} when fatal, which ends the stream.
   */
  decode(chunk?: Bytes, options?: StreamOptions): string;
}

/**
 * A stateful encoder for text split across chunks. A call without `{ stream: true }` ends the
 * stream, and so does an {@link EncodeError} from any call: after an error is thrown, the encoder
 * starts a new stream (initial state, `index` from 0). The failed stream is not completed: text
 * held back for the next chunk (a high surrogate, a JIS X 0213 character waiting for a combining
 * mark) is dropped, and no escape back to ASCII is written for the bytes already returned, so the
 * caller treats those as a stream that ended in error, with nothing to append.
 * @example
 * ```ts
 * const e = getCodec('iso-2022-jp')!.createEncoder();
 * e.encode('日', { stream: true }); // ESC $ B 46 7C
 * e.encode('😀', { stream: true }); // throws EncodeError: that stream is over
 * e.encode('a'); // 61, from a new stream
 * ```
 */
export interface StreamingEncoder {
  /**
   * Encode a chunk; without `{ stream: true }` the text ends here and state is flushed. Throws an
   * {@link EncodeError} in fatal mode, which ends the stream.
   */
  encode(text?: string, options?: StreamOptions): Uint8Array;
}

/** The family a codec belongs to, as listed by `encodings()`. */
export type CodecFamily =
  | 'ascii'
  | 'user-defined'
  | 'iso-8859'
  | 'windows'
  | 'dos'
  | 'mac'
  | 'koi8'
  | 'ebcdic'
  | 'iso-646'
  | 'unicode'
  | 'cjk'
  | 'iso-2022'
  | 'replacement'
  | 'marc';

/** A charset codec: one-shot and streaming decode and encode. */
export interface Codec {
  /** Canonical lowercase name (the WHATWG name for WHATWG encodings). */
  readonly name: string;
  /** Family, for listings. */
  readonly family: CodecFamily;
  /**
   * Whether encoding and decoding are inverse both ways: decode(encode(text)) gives text back for
   * every text the charset can hold, and encode(decode(bytes)) gives bytes back for every
   * well-formed input (UTF-16 and UTF-32 decoded with `ignoreBOM: true`, which keeps a byte order
   * mark). False where a text has several encodings (UTF-7: `+AGE-` and `a` are both `a`) or
   * two bytes decode to one character.
   */
  readonly roundTrips: boolean;
  /** Decode bytes ({@link Bytes}) to a string; a `TypeError` if `bytes` is not bytes. */
  decode(bytes: Bytes, options?: DecodeOptions): string;
  /** Encode a string to bytes. */
  encode(text: string, options?: EncodeOptions): Uint8Array;
  /** A stateful decoder for input split across chunks. */
  createDecoder(options?: DecodeOptions): StreamingDecoder;
  /** A stateful encoder for text split across chunks. */
  createEncoder(options?: EncodeOptions): StreamingEncoder;
}

/**
 * Raised by a fatal decoder on malformed or unmapped input.
 * {@link https://encoding.spec.whatwg.org/#error-mode | WHATWG Encoding §4.1 (error mode)}
 * @param index - byte offset of the first bad byte
 * @param reason - what went wrong
 * @example
 * ```ts
 * try { decode(new Uint8Array([0x41, 0x81]), 'cp1252', { fatal: true }); }
 * catch (e) { (e as DecodeError).index; } // 1
 * ```
 */
export class DecodeError extends Error {
  /** Always `DecodeError`. */
  override readonly name = 'DecodeError';
  /** Byte offset of the first bad byte, counted from the start of the stream. */
  readonly index: number;
  /** What went wrong. */
  readonly reason: string;
  constructor(index: number, reason: string) {
    super(reason);
    this.index = index;
    this.reason = reason;
  }
}

/**
 * Raised by a fatal encoder on a character the charset cannot hold, or on a lone surrogate. The
 * message names the code point, its index and the charset:
 * `U+20AC at index 2 cannot be encoded in iso-8859-1 (unencodable)`.
 * {@link https://encoding.spec.whatwg.org/#error-mode | WHATWG Encoding §4.1 (error mode)}
 * @param index - UTF-16 index of the character
 * @param codePoint - the code point
 * @param reason - what went wrong
 * @param charset - the codec's name
 * @example
 * ```ts
 * try { encode('ab€', 'iso-8859-1'); }
 * catch (e) { [(e as EncodeError).index, (e as EncodeError).codePoint]; } // [2, 0x20ac]
 * ```
 */
export class EncodeError extends Error {
  /** Always `EncodeError`. */
  override readonly name = 'EncodeError';
  /** UTF-16 index of the character in the text, counted from the start of the stream. */
  readonly index: number;
  /** The code point that cannot be encoded, or the lone surrogate's code unit. */
  readonly codePoint: number;
  /** What went wrong: `unencodable` or `lone surrogate`. */
  readonly reason: string;
  /** The name of the codec that could not encode it. */
  readonly charset: string;
  constructor(index: number, codePoint: number, reason: string, charset = '') {
    super(
      `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')} at index ${index} cannot be encoded in ${charset || 'this charset'} (${reason})`,
    );
    this.index = index;
    this.codePoint = codePoint;
    this.reason = reason;
    this.charset = charset;
  }
}
