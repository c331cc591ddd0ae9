// The codec contract shared by every charset in this package, and the typed errors it raises.
// https://encoding.spec.whatwg.org/#encoders-and-decoders

/** Options of a decode call. */
export interface DecodeOptions {
  /** Throw a {@link DecodeError} on the first malformed or unmapped input instead of writing U+FFFD. */
  fatal?: boolean;
  /** Keep a leading byte order mark (UTF-16, UTF-32) in the output instead of stripping it, as TextDecoder's `ignoreBOM`. */
  ignoreBOM?: boolean;
  /** MARC-8 and ANSEL only: return the text in Unicode Normalization Form C. */
  nfc?: boolean;
}

/**
 * What an encoder does with a character the charset cannot hold: `fatal` throws an
 * {@link EncodeError}, `replacement` writes the charset's `?`, `html` writes `&#NNNN;`.
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

/** A stateful decoder for input split across chunks. */
export interface StreamingDecoder {
  /** Decode a chunk; without `{ stream: true }` the input ends here and state is reset. */
  decode(chunk?: Uint8Array, options?: StreamOptions): string;
}

/** A stateful encoder for text split across chunks. */
export interface StreamingEncoder {
  /** Encode a chunk; without `{ stream: true }` the text ends here and state is flushed. */
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
  /** Whether decode(encode(text)) gives text back for every text the charset can hold, and encode(decode(bytes)) gives bytes back for every well-formed input. */
  readonly roundTrips: boolean;
  /** Decode bytes to a string. */
  decode(bytes: Uint8Array, options?: DecodeOptions): string;
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
 * Raised by a fatal encoder on a character the charset cannot hold, or on a lone surrogate.
 * {@link https://encoding.spec.whatwg.org/#error-mode | WHATWG Encoding §4.1 (error mode)}
 * @param index - UTF-16 index of the character
 * @param codePoint - the code point
 * @param reason - what went wrong
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
  /** What went wrong. */
  readonly reason: string;
  constructor(index: number, codePoint: number, reason: string) {
    super(reason);
    this.index = index;
    this.codePoint = codePoint;
    this.reason = reason;
  }
}
