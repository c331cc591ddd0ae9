// Lookup by canonical name over every codec of the package.
import { toBytes } from './bytes';
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

/** Families of the table codecs (src/single-byte.ts): stateless, one byte a character. */
const SINGLE_BYTE = new Set<CodecFamily>([
  'iso-8859',
  'windows',
  'dos',
  'mac',
  'koi8',
  'ebcdic',
  'iso-646',
  'ascii',
  'user-defined',
]);

/** Encode with a reverse table, or `undefined` at the first character it does not hold. */
function encodeHeld(text: string, rev: Uint8Array): Uint8Array | undefined {
  const n = text.length;
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    const b = rev[c]!;
    if (!b && c) return undefined;
    out[i] = b;
  }
  return out;
}

/**
 * A single-byte codec tuned for speed rather than size, for the main entry (the subpath codecs
 * stay under 1 KiB). Encoding runs a loop with no error handling in it, which V8 runs about twice
 * as fast, and falls back to the codec on the first character the charset does not hold. For a
 * WHATWG encoding, one-shot decoding of long input goes through the runtime's TextDecoder of the
 * same name once that decoder has given exactly what the table gives for every byte value (a
 * single-byte decoder maps each byte on its own, so that settles every input); fatal decoding
 * stays the codec's, which reports the offset.
 */
function tuned(codec: Codec, whatwg: boolean): Codec {
  let native: TextDecoder | null | undefined = whatwg ? undefined : null;
  let rev: Uint8Array | undefined;
  const all = (): Uint8Array => new Uint8Array(256).map((_, b) => b);
  return {
    ...codec,
    decode(input: Bytes, options?: DecodeOptions): string {
      const bytes = toBytes(input, 'bytes');
      if (bytes.length > 256 && !options?.fatal) {
        if (native === undefined) {
          native = null;
          try {
            const td = new TextDecoder(codec.name);
            if (td.decode(all()) === codec.decode(all())) native = td;
          } catch {
            // The runtime does not know the name (small-icu builds): keep the table's loop.
          }
        }
        if (native) return native.decode(bytes);
      }
      return codec.decode(bytes, options);
    },
    encode(text: string, options?: EncodeOptions): Uint8Array {
      if (!rev) {
        rev = new Uint8Array(0x10000);
        const units = codec.decode(all());
        // The first byte wins, as in src/single-byte.ts.
        for (let b = 255; b >= 0; b--) {
          const u = units.charCodeAt(b);
          if (u !== 0xfffd) rev[u] = b;
        }
      }
      return encodeHeld(text, rev) ?? codec.encode(text, options);
    },
  };
}

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
    const whatwg = new Set(whatwgNames);
    for (const c of codecs) {
      byName.set(c.name, SINGLE_BYTE.has(c.family) ? tuned(c, whatwg.has(c.name)) : c);
    }
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
