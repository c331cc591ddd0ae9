// Lookup by canonical name over every codec of the package.
import type { Bytes, Codec, CodecFamily, DecodeOptions, EncodeOptions } from './codec';
import { codecs, whatwgNames } from './generated/registry';
import { unknownName } from './label-hint';

/** One line of {@link encodings}. */
export interface EncodingInfo {
  /** Canonical lowercase name, also the subpath: `@x/legacy-charsets/<name>`. */
  readonly name: string;
  /** Family of charsets it belongs to. */
  readonly family: CodecFamily;
  /** Whether encode and decode are inverse on what the charset holds (see `Codec.roundTrips`). */
  readonly roundTrips: boolean;
  /** Whether the codec is exactly the WHATWG Encoding Standard's encoding of that name. */
  readonly whatwg: boolean;
}

let byName: Map<string, Codec> | undefined;

/**
 * Find a codec by its canonical name (ASCII case-insensitive). Labels and aliases are not
 * resolved here; `@x/mime-charset` maps labels to these names.
 * {@link https://encoding.spec.whatwg.org/#names-and-labels | WHATWG Encoding §4.2 (names)}
 * @param name - canonical name, e.g. `windows-1252`, `cp437`, `utf-7`
 * @returns the codec, or `undefined` when the name is unknown
 * @throws never
 * @example
 * ```ts
 * getCodec('Windows-1252')?.decode(new Uint8Array([0x80])); // '€'
 * ```
 */
export function getCodec(name: string): Codec | undefined {
  if (!byName) {
    byName = new Map();
    // The single-byte codecs are the subpaths' own: their fast paths live in src/single-byte.ts.
    for (const c of codecs) byName.set(c.name, c);
  }
  return byName.get(name.toLowerCase());
}

function codecOrThrow(name: string): Codec {
  const codec = getCodec(name);
  if (!codec) throw new RangeError(unknownName(name));
  return codec;
}

/**
 * Decode bytes in the named charset.
 * {@link https://encoding.spec.whatwg.org/#decode | WHATWG Encoding §6 (decode)}
 * @param bytes - the encoded bytes: what `TextDecoder.decode` takes (see {@link Bytes})
 * @param name - canonical codec name
 * @param options - `fatal: true` throws on the first bad byte instead of writing U+FFFD
 * @returns the decoded text
 * @throws {@link DecodeError} in fatal mode (with the byte `index`); `RangeError` for an unknown
 * name; `TypeError` when `bytes` is not an ArrayBuffer, SharedArrayBuffer or ArrayBufferView
 * @example
 * ```ts
 * decode(new Uint8Array([0xe1, 0xe2]), 'windows-1253'); // 'αβ'
 * ```
 */
export function decode(bytes: Bytes, name: string, options?: DecodeOptions): string {
  return codecOrThrow(name).decode(bytes, options);
}

/**
 * Encode text in the named charset.
 * {@link https://encoding.spec.whatwg.org/#encode | WHATWG Encoding §6 (encode)}
 * @param text - the text
 * @param name - canonical codec name
 * @param options - `mode`: `fatal` (default) throws, `replacement` writes `?`, `html` writes `&#NNNN;`
 * @returns the encoded bytes
 * @throws {@link EncodeError} in fatal mode (with the text `index`); `RangeError` for an unknown name
 * @example
 * ```ts
 * encode('Ä€', 'iso-8859-1', { mode: 'html' }); // bytes of 'Ä&#8364;': c4 26 23 38 33 36 34 3b
 * ```
 */
export function encode(text: string, name: string, options?: EncodeOptions): Uint8Array {
  return codecOrThrow(name).encode(text, options);
}

/**
 * List every codec: name, family, whether it round-trips and whether it is a WHATWG encoding.
 * {@link https://encoding.spec.whatwg.org/#names-and-labels | WHATWG Encoding §4.2}
 * @returns one record per codec, in a stable order
 * @throws never
 * @example
 * ```ts
 * encodings().find((e) => e.name === 'cp437'); // { name: 'cp437', family: 'dos', roundTrips: true, whatwg: false }
 * ```
 */
export function encodings(): EncodingInfo[] {
  const whatwg = new Set(whatwgNames);
  return codecs.map((c) => ({
    name: c.name,
    family: c.family,
    roundTrips: c.roundTrips,
    whatwg: whatwg.has(c.name),
  }));
}
