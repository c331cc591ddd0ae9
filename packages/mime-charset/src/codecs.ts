// Decode and encode by label, through one codec registry. The main entry (src/index.ts) plugs in
// every codec of @x/legacy-charsets (src/builtin.ts); the lean entry (src/lean.ts) has UTF-8,
// US-ASCII (the charset of RFC 2231 parameters that name none) and what the caller registers.
// Codecs are registered by codec name, which no label mode changes.
import { codec as usAscii } from '@x/legacy-charsets/us-ascii';
import { type Bytes, toBytes } from '@x/utf8';
import { CharsetError } from './errors';
import { resolveAnyLabel } from './iana-labels';
import type { LabelMode, ResolvedLabel } from './labels';
import { writerFor } from './repertoire';
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
  /**
   * Decode bytes; `fatal` throws on malformed input instead of writing U+FFFD; `ignoreBOM` keeps a
   * leading byte order mark as U+FEFF (this package passes it to every codec).
   */
  decode(bytes: Uint8Array, options?: { fatal?: boolean; ignoreBOM?: boolean }): string;
  /** Encode text; `mode` says what to do with a character the charset cannot hold. */
  encode(text: string, options?: { mode?: UnencodableMode }): Uint8Array;
}

/** Options of {@link decode}. */
export interface DecodeOptions {
  /** Label mode: `whatwg` (default), `iana` (mail) or `loose`. */
  mode?: LabelMode;
  /** Throw the codec's error on malformed input instead of writing U+FFFD. Default `false`. */
  fatal?: boolean;
}

/** Options of {@link encode}. */
export interface EncodeOptions {
  /** Label mode: `whatwg` (default), `iana` (mail) or `loose`. */
  mode?: LabelMode;
  /** What to do with a character the charset cannot hold: `fatal` (default) throws. */
  unencodable?: UnencodableMode;
}

// Codecs registered by the caller live on a `Symbol.for` key of the global object, so that the ESM
// and the CommonJS builds of this package (both may be loaded in one process) share them. The
// built-in codecs stay per build: each build hands out the codecs (and error classes) of the same
// format of @x/legacy-charsets that its caller imports.
const KEY = /* @__PURE__ */ Symbol.for('@x/mime-charset/registered-codecs@1');

function shared(): Map<string, CharsetCodec> {
  const g = globalThis as unknown as Record<symbol, Map<string, CharsetCodec> | undefined>;
  let map = g[KEY];
  if (map === undefined) {
    map = new Map();
    Object.defineProperty(g, KEY, { value: map, configurable: true });
  }
  return map;
}

let builtin: ((codec: string) => CharsetCodec | undefined) | undefined;

/** Plugs the built-in codecs in (the main entry does, once). Internal. */
export function useBuiltinCodecs(lookup: (codec: string) => CharsetCodec | undefined): void {
  builtin = lookup;
}

/** The codec of that codec name: registered, else UTF-8, US-ASCII or a built-in one. Internal. */
export function codecByName(codec: string): CharsetCodec | undefined {
  const registered = shared().get(codec);
  if (registered !== undefined) return registered;
  if (codec === 'utf-8') return utf8Codec;
  return codec === 'us-ascii' ? usAscii : builtin?.(codec);
}

function reachable(label: string, resolved: ResolvedLabel | undefined): CharsetCodec {
  if (resolved === undefined) throw new CharsetError(label, 'unknown-label');
  // An IANA charset the family has no codec for: known, not implemented (see `lookup`).
  if (resolved.codec === '') throw new CharsetError(label, 'not-implemented');
  const codec = codecByName(resolved.codec);
  if (codec === undefined) throw new CharsetError(label, 'codec-not-loaded');
  return codec;
}

/** The codec for a label; throws a {@link CharsetError} when there is none. Internal. */
export function codecFor(label: string, mode: LabelMode | undefined): CharsetCodec {
  return reachable(label, resolveAnyLabel(label, mode));
}

/**
 * The decoding codec for a label: its codec, but for the IANA charsets `UTF-16` and `UTF-32`
 * (`iana` and `loose` modes; WHATWG's `utf-16` is UTF-16LE) one that reads the byte order from a
 * mark, as RFC 2781 §4.3 (FE FF big-endian, FF FE little-endian, removed; big-endian without one)
 * and Unicode §3.10 D99/D101 (00 00 FE FF, FF FE 00 00) have the charsets named so. Throws a
 * {@link CharsetError} when there is none. Internal.
 */
export function decoderFor(label: string, mode: LabelMode | undefined): CharsetCodec {
  const resolved = resolveAnyLabel(label, mode);
  return markReading(resolved, reachable(label, resolved));
}

/**
 * The codec of a resolved label as a decoder: for `UTF-16` and `UTF-32` one that reads the byte
 * order mark (see {@link decoderFor}), one-shot and streaming; where the little-endian codec is not
 * loaded (lean entry), the big-endian one whatever the mark. Internal.
 */
export function markReading(
  resolved: ResolvedLabel | undefined,
  codec: CharsetCodec,
): CharsetCodec {
  const name = resolved?.name;
  const width = name === 'UTF-16' ? 2 : name === 'UTF-32' ? 4 : 0;
  const little = width === 0 ? undefined : codecByName(`utf-${width * 8}le`);
  if (little) return byteOrderCodec(name!.toLowerCase(), codec, little, width);
  // Any other label keeps a leading U+FEFF, as UTF-8 does: under UTF-16BE/LE it is ZERO WIDTH
  // NO-BREAK SPACE (RFC 2781 §3.3), UTF-32BE/LE alike (Unicode §3.10 D99/D100). These codecs and
  // CESU-8's drop it unless `ignoreBOM`; a caller that says `ignoreBOM` (TextDecoder) decides.
  if (width || !/[bl]e$|^ce/.test(codec.name)) return codec;
  const decode: CharsetCodec['decode'] = (bytes, options) =>
    codec.decode(bytes, { ignoreBOM: true, ...options });
  // A literal's `__proto__` sets its prototype: the codec's name, encode and createDecoder stay.
  return { __proto__: codec, decode } as never;
}

type StreamingCodec = CharsetCodec & {
  createDecoder?: (flags: { fatal: boolean; ignoreBOM: boolean }) => {
    decode(chunk?: Uint8Array, options?: { stream?: boolean }): string;
  };
};

/** Whether `bytes` start with the little-endian mark (FF FE, or FF FE 00 00 for UTF-32). */
function littleMark(bytes: Uint8Array, width: number): boolean {
  return (
    bytes[0] === 0xff && bytes[1] === 0xfe && (width === 2 || (bytes[2] === 0 && bytes[3] === 0))
  );
}

/** Whether more bytes could still make `bytes` the little-endian mark. */
function markPrefix(bytes: Uint8Array, width: number): boolean {
  if (bytes.length >= width) return false;
  for (let i = 0; i < bytes.length; i++) if (bytes[i] !== [0xff, 0xfe, 0, 0][i]) return false;
  return true;
}

function byteOrderCodec(
  name: string,
  big: StreamingCodec,
  little: StreamingCodec,
  width: number,
): StreamingCodec {
  // The chosen codec reads the whole input, mark included: it drops its own mark (or keeps it as
  // U+FEFF with `ignoreBOM`), and its error offsets count from the first byte.
  return {
    name,
    decode: (bytes, options) => (littleMark(bytes, width) ? little : big).decode(bytes, options),
    encode: (text, options) => big.encode(text, options),
    createDecoder(flags) {
      let head = new Uint8Array(0);
      let inner: ReturnType<NonNullable<StreamingCodec['createDecoder']>> | undefined;
      return {
        decode(chunk, options) {
          const stream = options?.stream === true;
          let bytes = chunk === undefined ? new Uint8Array(0) : toBytes(chunk, 'chunk');
          if (inner === undefined) {
            if (head.length > 0) {
              const joined = new Uint8Array(head.length + bytes.length);
              joined.set(head);
              joined.set(bytes, head.length);
              bytes = joined;
            }
            // A mark split across chunks: wait for the bytes that settle it.
            if (stream && markPrefix(bytes, width)) {
              head = bytes.slice();
              return '';
            }
            head = new Uint8Array(0);
            const codec = littleMark(bytes, width) ? little : big;
            if (codec.createDecoder === undefined)
              throw new TypeError(
                `The ${codec.name} codec has no streaming decoder (createDecoder)`,
              );
            inner = codec.createDecoder(flags);
          }
          const decoder = inner;
          // After the last chunk, or an error, the next call starts a new stream.
          inner = undefined;
          const text = decoder.decode(bytes, { stream });
          if (stream) inner = decoder;
          return text;
        },
      };
    },
  };
}

const MODES: readonly LabelMode[] = ['whatwg', 'iana', 'loose'];

/**
 * The codec names a label resolves to in any label mode, so that loading for a label covers every
 * function whatever its default mode (`latin1` is windows-1252 on the web, iso-8859-1 in mail).
 * Throws `unknown-label` when no mode knows the label. Internal.
 */
export function codecsOfLabel(label: string): string[] {
  const names: string[] = [];
  for (const mode of MODES) {
    const codec = resolveAnyLabel(label, mode)?.codec;
    if (codec !== undefined && codec !== '' && !names.includes(codec)) names.push(codec);
  }
  // UTF-16 and UTF-32 read a little-endian mark with the little-endian codec (see `decoderFor`).
  const iana = resolveAnyLabel(label, 'iana');
  if (iana?.name === 'UTF-16' || iana?.name === 'UTF-32') {
    const little = `utf-${iana.name.slice(4)}le`;
    if (!names.includes(little)) names.push(little);
  }
  if (names.length === 0 && iana === undefined) throw new CharsetError(label, 'unknown-label');
  return names;
}

/**
 * Makes a codec available to the synchronous functions ({@link decode}, {@link encode},
 * `decodeEncodedWords`, `decodeDocument`…) under its `name`, in every label mode, in preference to
 * a built-in codec of that name. The main entry has every codec built in; with
 * `@x/mime-charset/lean` this is how a bundle gets exactly the codecs it imports, e.g.
 * `import { codec } from '@x/legacy-charsets/windows-1253'; registerCodec(codec);`.
 * Registrations are shared by the ESM and CommonJS builds of this package.
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
  shared().set(codec.name, codec);
}

/**
 * The codec a label resolves to, once every codec the label may need is there: the codecs it
 * names in every label mode (`ISO-8859-1` is windows-1252 on the web and iso-8859-1 in mail), so
 * that the caller need not know which mode a function uses. With the main entry every codec is
 * built in and this resolves at once; with `@x/mime-charset/lean` it rejects with
 * `codec-not-loaded` unless the codecs were registered (`@x/mime-charset/load` has a `loadCodec`
 * that imports them).
 * {@link https://encoding.spec.whatwg.org/#concept-encoding-get | WHATWG Encoding §4.2 (get an encoding)}.
 *
 * @param label - A charset label.
 * @param options - `mode` of the codec returned: `whatwg` (default), `iana` or `loose`.
 * @returns The codec for the label in that mode.
 * @throws {@link CharsetError} (rejects) with reason `unknown-label` when no mode knows the label,
 * `not-implemented` when the charset has no codec in the family, `codec-not-loaded` when a codec is
 * missing (lean entry).
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
  for (const name of codecsOfLabel(label))
    if (codecByName(name) === undefined) throw new CharsetError(label, 'codec-not-loaded');
  return decoderFor(label, options?.mode);
}

/**
 * Decodes bytes in the charset a label names, with `@x/utf8` or the `@x/legacy-charsets` codec
 * (every one is built into the main entry). The BOM is not sniffed here (see `decodeDocument`): a
 * leading one is kept as U+FEFF under UTF-16BE/LE (ZERO WIDTH NO-BREAK SPACE, RFC 2781 §3.3) and
 * UTF-32BE/LE as under UTF-8, but for the IANA charsets `UTF-16` and `UTF-32` (`iana` and `loose`
 * modes), whose BOM gives the byte order: `FF FE` little-endian, `FE FF` big-endian, removed;
 * big-endian without one (RFC 2781 §4.3).
 * {@link https://encoding.spec.whatwg.org/#decode | WHATWG Encoding §6 (decode)}.
 *
 * @param bytes - The encoded bytes: what `TextDecoder.decode` takes (`Uint8Array`, `Buffer`, any
 * other `ArrayBufferView`, `ArrayBuffer`, `SharedArrayBuffer`).
 * @param label - A charset label (`utf-8`, `latin1`, `Shift_JIS`…).
 * @param options - `mode` (`whatwg` default, `iana`, `loose`), `fatal` (default `false`).
 * @returns The decoded text.
 * @throws {@link CharsetError} for an unknown label, a charset with no codec (`not-implemented`)
 * or, with the lean entry, a codec not registered; `TypeError` when `bytes` is not bytes; the
 * codec's own error on malformed input when `fatal`.
 * @example
 * ```ts
 * decode(new Uint8Array([0xe2, 0x82, 0xac]), 'UTF8'); // '€'
 * decode(new Uint8Array([0xe1, 0xe2]), 'windows-1253'); // 'αβ'
 * decode(new Uint8Array([0xe9]), 'latin1'); // 'é'
 * decode(new Uint8Array([0xff, 0xfe, 0x41, 0x00]), 'utf-16le'); // '\uFEFFA'
 * ```
 */
export function decode(bytes: Bytes, label: string, options?: DecodeOptions): string {
  const input = toBytes(bytes, 'bytes');
  return decoderFor(label, options?.mode).decode(input, { fatal: options?.fatal === true });
}

/**
 * Encodes text in the charset a label names, with `@x/utf8` or the `@x/legacy-charsets` codec
 * (every one is built into the main entry). In the `iana` and `loose` modes, under the names
 * GB2312, EUC-KR, Shift_JIS, EUC-JP, ISO-2022-JP and Big5 (decoded with their supersets' codecs)
 * only the named charset's repertoire is written: GB 2312, KS X 1001 (RFC 1557), JIS X 0208 without
 * NEC's and IBM's rows (RFC 1468), and Big5's core (A140-A3BF, A440-C67E, C940-F9D5); any other
 * character is unencodable there, as Python's codecs and glibc read those names. The supersets'
 * own names (`GBK`, `KS_C_5601-1987`, `Windows-31J`, `CP50220`, `cp950`, `Big5-HKSCS`) write all.
 * {@link https://encoding.spec.whatwg.org/#encode | WHATWG Encoding §6 (encode)}.
 *
 * @param text - The text.
 * @param label - A charset label.
 * @param options - `mode` (`whatwg` default, `iana`, `loose`), `unencodable` (`fatal` default,
 * `replacement`, `html`).
 * @returns The encoded bytes.
 * @throws {@link CharsetError} for an unknown label, a charset with no codec (`not-implemented`)
 * or, with the lean entry, a codec not registered; the codecs' `EncodeError` (with the character's
 * `index`) on an unencodable character in `fatal` mode.
 * @example
 * ```ts
 * encode('€', 'utf-8'); // Uint8Array [0xe2, 0x82, 0xac]
 * encode('①', 'shift_jis'); // Uint8Array [0x87, 0x40] (the web's Shift_JIS is Windows-31J)
 * encode('①', 'Shift_JIS', { mode: 'iana', unencodable: 'replacement' }); // Uint8Array [0x3f]
 * encode('①', 'Windows-31J', { mode: 'iana' }); // Uint8Array [0x87, 0x40]
 * ```
 */
export function encode(text: string, label: string, options?: EncodeOptions): Uint8Array {
  const mode = options?.mode;
  return writerFor(codecFor(label, mode), label, mode).encode(text, {
    mode: options?.unencodable ?? 'fatal',
  });
}
